package concord.adapter.primitives;

import concord.adapter.wire.Refusal;
import concord.adapter.wire.Unsupported;
import java.security.GeneralSecurityException;
import javax.crypto.AEADBadTagException;
import javax.crypto.Cipher;
import javax.crypto.spec.IvParameterSpec;
import javax.crypto.spec.SecretKeySpec;
import org.bouncycastle.crypto.InvalidCipherTextException;
import org.bouncycastle.crypto.modes.ChaCha20Poly1305;
import org.bouncycastle.crypto.params.AEADParameters;
import org.bouncycastle.crypto.params.KeyParameter;

/**
 * ChaCha20-Poly1305 (RFC 8439: 32-byte key, 12-byte nonce, 16-byte tag) on BouncyCastle's
 * {@code ChaCha20Poly1305} or the JDK's {@code ChaCha20-Poly1305} cipher (SunJCE), and
 * XChaCha20-Poly1305 (draft-irtf-cfrg-xchacha-03): HChaCha20 (written here, {@link HChaCha20}) then
 * BouncyCastle's ChaCha20-Poly1305 — the JDK has no XChaCha20.
 *
 * <p>{@code seal} returns {@code ciphertext || tag}; {@code open} takes them apart. Other sizes are a
 * {@code parameters} refusal, a tag that does not verify an {@code authentication} refusal.
 */
public final class ChaChaPoly {
    static final int KEY_BYTES = 32;
    static final int NONCE_BYTES = 12;
    static final int XNONCE_BYTES = 24;
    static final int TAG_BYTES = 16;

    private ChaChaPoly() {}

    public static Answered seal(byte[] key, byte[] nonce, byte[] aad, byte[] plaintext, JvmLibrary lib) throws Refusal {
        check("ChaCha20-Poly1305", key, nonce, NONCE_BYTES, null);
        if (lib == JvmLibrary.JDK) {
            return new Answered(jdk(Cipher.ENCRYPT_MODE, key, nonce, aad, plaintext), lib.label("SunJCE"));
        }
        return new Answered(bc(true, key, nonce, aad, plaintext), lib.label(null));
    }

    public static Answered open(byte[] key, byte[] nonce, byte[] aad, byte[] ciphertext, byte[] tag, JvmLibrary lib) throws Refusal {
        check("ChaCha20-Poly1305", key, nonce, NONCE_BYTES, tag);
        byte[] both = concat(ciphertext, tag);
        if (lib == JvmLibrary.JDK) {
            return new Answered(jdk(Cipher.DECRYPT_MODE, key, nonce, aad, both), lib.label("SunJCE"));
        }
        return new Answered(bc(false, key, nonce, aad, both), lib.label(null));
    }

    static Answered xseal(byte[] key, byte[] nonce, byte[] aad, byte[] plaintext, JvmLibrary lib) throws Refusal, Unsupported {
        check("XChaCha20-Poly1305", key, nonce, XNONCE_BYTES, null);
        requireBc(lib);
        return new Answered(bc(true, HChaCha20.subkey(key, nonce), HChaCha20.innerNonce(nonce), aad, plaintext), xlabel());
    }

    static Answered xopen(byte[] key, byte[] nonce, byte[] aad, byte[] ciphertext, byte[] tag, JvmLibrary lib) throws Refusal, Unsupported {
        check("XChaCha20-Poly1305", key, nonce, XNONCE_BYTES, tag);
        requireBc(lib);
        return new Answered(bc(false, HChaCha20.subkey(key, nonce), HChaCha20.innerNonce(nonce), aad, concat(ciphertext, tag)), xlabel());
    }

    private static void requireBc(JvmLibrary lib) throws Unsupported {
        if (lib != JvmLibrary.BOUNCY_CASTLE) {
            throw new Unsupported("the JDK has no XChaCha20-Poly1305");
        }
    }

    private static String xlabel() {
        return JvmLibrary.BOUNCY_CASTLE.label(null) + " ChaCha20-Poly1305 after HChaCha20 (this adapter)";
    }

    private static void check(String name, byte[] key, byte[] nonce, int nonceBytes, byte[] tag) throws Refusal {
        if (key.length != KEY_BYTES) {
            throw Refusal.parameters(name + " takes a " + KEY_BYTES + "-byte key (got " + key.length + " bytes)");
        }
        if (nonce.length != nonceBytes) {
            throw Refusal.parameters(name + " takes a " + nonceBytes + "-byte nonce (got " + nonce.length + " bytes)");
        }
        if (tag != null && tag.length != TAG_BYTES) {
            throw Refusal.parameters(name + " takes a " + TAG_BYTES + "-byte tag (got " + tag.length + " bytes)");
        }
    }

    private static byte[] bc(boolean encrypt, byte[] key, byte[] nonce, byte[] aad, byte[] input) throws Refusal {
        ChaCha20Poly1305 aead = new ChaCha20Poly1305();
        aead.init(encrypt, new AEADParameters(new KeyParameter(key), TAG_BYTES * 8, nonce, aad));
        byte[] out = new byte[aead.getOutputSize(input.length)];
        int n = aead.processBytes(input, 0, input.length, out, 0);
        try {
            n += aead.doFinal(out, n);
        } catch (InvalidCipherTextException e) {
            throw new Refusal("authentication", "ChaCha20-Poly1305 tag mismatch (wrong key, nonce, AAD, ciphertext or tag)");
        }
        return n == out.length ? out : java.util.Arrays.copyOf(out, n);
    }

    private static byte[] jdk(int mode, byte[] key, byte[] nonce, byte[] aad, byte[] input) throws Refusal {
        try {
            Cipher c = Cipher.getInstance("ChaCha20-Poly1305");
            c.init(mode, new SecretKeySpec(key, "ChaCha20"), new IvParameterSpec(nonce));
            c.updateAAD(aad);
            return c.doFinal(input);
        } catch (AEADBadTagException e) {
            throw new Refusal("authentication", "ChaCha20-Poly1305 tag mismatch (wrong key, nonce, AAD, ciphertext or tag)");
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("the JDK's ChaCha20-Poly1305 failed: " + e, e);
        }
    }

    static byte[] concat(byte[] a, byte[] b) {
        byte[] out = new byte[a.length + b.length];
        System.arraycopy(a, 0, out, 0, a.length);
        System.arraycopy(b, 0, out, a.length, b.length);
        return out;
    }
}
