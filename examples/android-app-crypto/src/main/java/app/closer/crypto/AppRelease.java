package app.closer.crypto;

/** The app release this source is (an Android app reads {@code BuildConfig.VERSION_NAME}): captures name it. */
public final class AppRelease {
    public static final String VERSION = "2.0.0";

    private AppRelease() {}
}
