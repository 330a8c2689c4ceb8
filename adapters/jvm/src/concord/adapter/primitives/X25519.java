package concord.adapter.primitives;

import concord.adapter.wire.Refusal;
import java.math.BigInteger;
import java.security.GeneralSecurityException;
import java.security.InvalidKeyException;
import java.security.KeyFactory;
import java.security.PrivateKey;
import java.security.PublicKey;
import java.security.spec.NamedParameterSpec;
import java.security.spec.XECPrivateKeySpec;
import java.security.spec.XECPublicKeySpec;
import javax.crypto.KeyAgreement;

/**
 * X25519 (RFC 7748 §5) on BouncyCastle ({@code org.bouncycastle.math.ec.rfc7748.X25519}) or the JDK's
 * {@code XDH} (SunEC). Keys are RFC 7748's 32-byte strings. An all-zero shared secret (a public key of
 * small order) is a {@code key} refusal in both, as RFC 7748 §6.1 allows.
 */
public final class X25519 {
    static final int KEY_BYTES = 32;

    private X25519() {}

    public static Answered sharedSecret(byte[] privateKey, byte[] publicKey, JvmLibrary lib) throws Refusal {
        check(privateKey, "private");
        check(publicKey, "public");
        byte[] shared;
        String label;
        if (lib == JvmLibrary.JDK) {
            shared = jdk(privateKey, publicKey);
            label = lib.label("SunEC");
        } else {
            shared = new byte[KEY_BYTES];
            if (!org.bouncycastle.math.ec.rfc7748.X25519.calculateAgreement(privateKey, 0, publicKey, 0, shared, 0)) {
                throw zeroShared();
            }
            label = lib.label(null);
        }
        boolean zero = true;
        for (byte b : shared) {
            zero &= b == 0;
        }
        if (zero) {
            throw zeroShared();
        }
        return new Answered(shared, label);
    }

    /** The public key of a private key ({@code private · 9}). */
    public static Answered publicKey(byte[] privateKey, JvmLibrary lib) throws Refusal {
        check(privateKey, "private");
        if (lib == JvmLibrary.JDK) {
            byte[] nine = new byte[KEY_BYTES];
            nine[0] = 9;
            return new Answered(jdk(privateKey, nine), lib.label("SunEC"));
        }
        byte[] out = new byte[KEY_BYTES];
        org.bouncycastle.math.ec.rfc7748.X25519.generatePublicKey(privateKey, 0, out, 0);
        return new Answered(out, lib.label(null));
    }

    private static void check(byte[] key, String what) throws Refusal {
        if (key.length != KEY_BYTES) {
            throw Refusal.parameters("an X25519 " + what + " key is " + KEY_BYTES + " bytes (got " + key.length + ")");
        }
    }

    private static Refusal zeroShared() {
        return new Refusal("key", "the X25519 shared secret is all zero: the public key has small order (RFC 7748 §6.1)");
    }

    /** The JDK takes u as a number: the little-endian bytes with the top bit masked (RFC 7748 §5). */
    private static byte[] jdk(byte[] privateKey, byte[] publicKey) throws Refusal {
        byte[] be = new byte[KEY_BYTES];
        for (int i = 0; i < KEY_BYTES; i++) {
            be[i] = publicKey[KEY_BYTES - 1 - i];
        }
        be[0] &= 0x7f;
        try {
            KeyFactory kf = KeyFactory.getInstance("XDH");
            PrivateKey priv = kf.generatePrivate(new XECPrivateKeySpec(NamedParameterSpec.X25519, privateKey.clone()));
            PublicKey pub = kf.generatePublic(new XECPublicKeySpec(NamedParameterSpec.X25519, new BigInteger(1, be)));
            KeyAgreement ka = KeyAgreement.getInstance("XDH");
            ka.init(priv);
            ka.doPhase(pub, true);
            return ka.generateSecret();
        } catch (InvalidKeyException e) {
            // SunEC refuses an all-zero result here ("Point has small order").
            throw new Refusal("key", "the JDK's XDH refuses the key: " + e.getMessage());
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("the JDK's XDH failed: " + e, e);
        }
    }
}
