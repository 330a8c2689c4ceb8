package concord.adapter.primitives;

/**
 * The two libraries the JVM adapter can compute the issue-14 primitives with: BouncyCastle's
 * lightweight API (bcprov) and the JDK's own providers (SunJCE, SunEC: XDH, EdDSA, ChaCha20-Poly1305,
 * HmacSHA256). Each primitive helper takes one and reports, with its result, which library answered
 * ({@link Answered}); a library that cannot express a request throws {@link Unsupported}.
 */
public enum JvmLibrary {
    BOUNCY_CASTLE,
    JDK;

    /** The name a report shows, with the version, e.g. {@code BouncyCastle 1.72} or {@code JDK 17.0.15 (SunEC)}. */
    String label(String provider) {
        return this == BOUNCY_CASTLE
                ? "BouncyCastle " + BouncyCastleVersion.get()
                : "JDK " + System.getProperty("java.version") + (provider == null ? "" : " (" + provider + ")");
    }
}
