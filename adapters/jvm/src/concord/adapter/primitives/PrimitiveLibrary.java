package concord.adapter.primitives;

/**
 * Which library answers the issue-14 primitive suites. By default the JDK's own providers where the JDK
 * has the primitive (SunJCE ChaCha20-Poly1305 and HmacSHA256, SunEC XDH and Ed25519), BouncyCastle
 * everywhere else (XChaCha20-Poly1305, ECDSA P-256 — JDK 17's SunEC disagrees with Wycheproof on 5 ECDSA
 * tests and cannot sign deterministically —, P-256 ECDH and every key-form parser).
 * {@code CONCORD_JVM_PRIMITIVES=bouncycastle} makes BouncyCastle answer every suite. The handshake's
 * version string says which ({@link #describe}).
 */
public final class PrimitiveLibrary {
    private PrimitiveLibrary() {}

    private static final JvmLibrary PREFERRED = "bouncycastle".equals(System.getenv("CONCORD_JVM_PRIMITIVES"))
            ? JvmLibrary.BOUNCY_CASTLE
            : JvmLibrary.JDK;

    /** The library for a primitive the JDK has (ChaCha20-Poly1305, X25519, Ed25519, HMAC-SHA256). */
    public static JvmLibrary preferred() {
        return PREFERRED;
    }

    /** For the handshake's version string. */
    public static String describe() {
        return PREFERRED == JvmLibrary.JDK
                ? "JDK for ChaCha20-Poly1305, HMAC-SHA256 (SunJCE), X25519, Ed25519 (SunEC); BouncyCastle for XChaCha20-Poly1305, ECDSA, ECDH and key forms"
                : "BouncyCastle for every primitive suite (CONCORD_JVM_PRIMITIVES=bouncycastle)";
    }
}
