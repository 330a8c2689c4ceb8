package android.os;

import java.util.HashMap;
import java.util.Map;

/**
 * The stand-in's android.os.Bundle (scripts/lib/standin/adb): only what an instrumented test reads from its
 * arguments. Not Android's class; it lets the real test code compile and run on the JVM unchanged.
 */
public final class Bundle {
    private final Map<String, String> strings = new HashMap<String, String>();

    public void putString(String key, String value) {
        strings.put(key, value);
    }

    public String getString(String key) {
        return strings.get(key);
    }
}
