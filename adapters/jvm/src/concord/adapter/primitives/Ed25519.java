package concord.adapter.primitives;

import concord.adapter.wire.Refusal;
import java.math.BigInteger;
import java.security.GeneralSecurityException;
import java.security.InvalidKeyException;
import java.security.KeyFactory;
import java.security.PrivateKey;
import java.security.PublicKey;
import java.security.Signature;
import java.security.SignatureException;
import java.security.interfaces.EdECPublicKey;
import java.security.spec.EdECPoint;
import java.security.spec.EdECPrivateKeySpec;
import java.security.spec.EdECPublicKeySpec;
import java.security.spec.InvalidKeySpecException;
import java.security.spec.NamedParameterSpec;

/**
 * Ed25519 (RFC 8032 §5.1, pure) on BouncyCastle ({@code org.bouncycastle.math.ec.rfc8032.Ed25519}) or
 * the JDK's {@code Ed25519} signature (SunEC). The private key is the RFC's 32-byte secret, the public
 * key the 32-byte encoded point, a signature 64 bytes; other lengths are a {@code parameters} refusal,
 * a signature that does not verify (or a public key that does not decode) an {@code authentication} refusal.
 */
public final class Ed25519 {
    static final int KEY_BYTES = 32;
    static final int SIGNATURE_BYTES = 64;

    private Ed25519() {}

    static Answered sign(byte[] privateKey, byte[] message, JvmLibrary lib) throws Refusal {
        checkLength(privateKey, KEY_BYTES, "private key");
        if (lib == JvmLibrary.JDK) {
            try {
                Signature s = Signature.getInstance("Ed25519");
                s.initSign(jdkPrivate(privateKey));
                s.update(message);
                return new Answered(s.sign(), lib.label("SunEC"));
            } catch (GeneralSecurityException e) {
                throw new IllegalStateException("the JDK's Ed25519 failed: " + e, e);
            }
        }
        byte[] sig = new byte[SIGNATURE_BYTES];
        org.bouncycastle.math.ec.rfc8032.Ed25519.sign(privateKey, 0, message, 0, message.length, sig, 0);
        return new Answered(sig, lib.label(null));
    }

    static Answered verify(byte[] publicKey, byte[] message, byte[] signature, JvmLibrary lib) throws Refusal {
        checkLength(publicKey, KEY_BYTES, "public key");
        checkLength(signature, SIGNATURE_BYTES, "signature");
        boolean ok;
        String label;
        if (lib == JvmLibrary.JDK) {
            label = lib.label("SunEC");
            try {
                Signature s = Signature.getInstance("Ed25519");
                s.initVerify(jdkPublic(publicKey));
                s.update(message);
                ok = s.verify(signature);
            } catch (InvalidKeyException | InvalidKeySpecException | SignatureException e) {
                ok = false;
            } catch (GeneralSecurityException e) {
                throw new IllegalStateException("the JDK's Ed25519 failed: " + e, e);
            }
        } else {
            label = lib.label(null);
            ok = org.bouncycastle.math.ec.rfc8032.Ed25519.verify(signature, 0, publicKey, 0, message, 0, message.length);
        }
        if (!ok) {
            throw new Refusal("authentication", "the Ed25519 signature does not verify under this public key");
        }
        return new Answered(null, label);
    }

    static Answered publicKey(byte[] privateKey, JvmLibrary lib) throws Refusal {
        checkLength(privateKey, KEY_BYTES, "private key");
        if (lib == JvmLibrary.JDK) {
            try {
                // The JDK derives the public key only through a key pair generator; sign-and-read is not
                // possible, so the public point is taken from a generator seeded with this secret.
                java.security.KeyPairGenerator g = java.security.KeyPairGenerator.getInstance("Ed25519");
                g.initialize(NamedParameterSpec.ED25519, new FixedSecureRandom(privateKey));
                EdECPublicKey pub = (EdECPublicKey) g.generateKeyPair().getPublic();
                return new Answered(encode(pub.getPoint()), lib.label("SunEC"));
            } catch (GeneralSecurityException e) {
                throw new IllegalStateException("the JDK's Ed25519 failed: " + e, e);
            }
        }
        byte[] pk = new byte[KEY_BYTES];
        org.bouncycastle.math.ec.rfc8032.Ed25519.generatePublicKey(privateKey, 0, pk, 0);
        return new Answered(pk, lib.label(null));
    }

    private static void checkLength(byte[] b, int n, String what) throws Refusal {
        if (b.length != n) {
            throw Refusal.parameters("an Ed25519 " + what + " is " + n + " bytes (got " + b.length + ")");
        }
    }

    private static PrivateKey jdkPrivate(byte[] secret) throws GeneralSecurityException {
        return KeyFactory.getInstance("EdDSA").generatePrivate(new EdECPrivateKeySpec(NamedParameterSpec.ED25519, secret.clone()));
    }

    /** RFC 8032 §5.1.2: y little-endian in the low 255 bits, the sign of x in the top bit. */
    private static PublicKey jdkPublic(byte[] encoded) throws GeneralSecurityException {
        byte[] be = new byte[KEY_BYTES];
        for (int i = 0; i < KEY_BYTES; i++) {
            be[i] = encoded[KEY_BYTES - 1 - i];
        }
        boolean xOdd = (be[0] & 0x80) != 0;
        be[0] &= 0x7f;
        return KeyFactory.getInstance("EdDSA").generatePublic(
                new EdECPublicKeySpec(NamedParameterSpec.ED25519, new EdECPoint(xOdd, new BigInteger(1, be))));
    }

    private static byte[] encode(EdECPoint p) {
        byte[] be = p.getY().toByteArray();
        byte[] le = new byte[KEY_BYTES];
        for (int i = 0; i < be.length && i < KEY_BYTES; i++) {
            le[i] = be[be.length - 1 - i];
        }
        if (p.isXOdd()) {
            le[KEY_BYTES - 1] |= (byte) 0x80;
        }
        return le;
    }

    /** Hands the key pair generator exactly the given secret as its 32 random bytes. */
    private static final class FixedSecureRandom extends java.security.SecureRandom {
        private static final long serialVersionUID = 1L;
        private final byte[] bytes;

        FixedSecureRandom(byte[] bytes) {
            this.bytes = bytes.clone();
        }

        @Override
        public void nextBytes(byte[] out) {
            if (out.length != bytes.length) {
                throw new IllegalStateException("expected a request for " + bytes.length + " bytes, got " + out.length);
            }
            System.arraycopy(bytes, 0, out, 0, out.length);
        }
    }
}
