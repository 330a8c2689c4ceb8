package androidx.test.platform.app;

import android.os.Bundle;

/**
 * The stand-in's InstrumentationRegistry (scripts/lib/standin/adb): {@link #getArguments()} holds the
 * {@code am instrument -e KEY VALUE} arguments, which the stand-in adb passes as the system properties
 * {@code standin.arg.KEY}. Not androidx.test's class; it lets the real test code run on the JVM unchanged.
 */
public final class InstrumentationRegistry {
    private static final String PREFIX = "standin.arg.";

    private InstrumentationRegistry() {}

    public static Bundle getArguments() {
        Bundle b = new Bundle();
        for (String name : System.getProperties().stringPropertyNames()) {
            if (name.startsWith(PREFIX)) {
                b.putString(name.substring(PREFIX.length()), System.getProperty(name));
            }
        }
        return b;
    }
}
