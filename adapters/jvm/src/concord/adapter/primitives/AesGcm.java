package concord.adapter.primitives;

import concord.adapter.wire.Refusal;
import java.security.GeneralSecurityException;
import java.security.InvalidAlgorithmParameterException;
import java.security.InvalidKeyException;
import java.util.Arrays;
import javax.crypto.AEADBadTagException;
import javax.crypto.Cipher;
import javax.crypto.spec.GCMParameterSpec;
import javax.crypto.spec.SecretKeySpec;

/**
 * AES-GCM through JCE ({@code AES/GCM/NoPadding}, as Tink's AesGcmJce and Android use it), and the
 * combined form of CONTRACT.md §3: {@code nonce(12) || ciphertext || tag(16)}.
 *
 * <p>Opening a combined blob also recognises a Tink output prefix ({@code 0x01 || keyId(4)} for TINK,
 * {@code 0x00 || keyId(4)} for LEGACY/CRUNCHY): when the blob does not authenticate as RAW but its
 * last {@code n - 5} bytes do, it is refused as {@code format} (a contract violation: the contract is
 * RAW), not as a bad tag. The prefix is not authenticated, so nothing weaker than a successful open of
 * the remainder can tell a prefix from a nonce that happens to start with 0x00 or 0x01.
 */
public final class AesGcm {
    public static final int NONCE_BYTES = 12;
    public static final int TAG_BYTES = 16;
    public static final int KEY_BYTES = 32;
    static final int TINK_PREFIX_BYTES = 5;
    /** The shortest combined form: a nonce and a tag around an empty ciphertext. */
    public static final int MIN_COMBINED = NONCE_BYTES + TAG_BYTES;

    private AesGcm() {}

    /**
     * AES-GCM encryption with a 16-byte tag; returns {@code ciphertext || tag}. Key of 16, 24 or 32
     * bytes and a nonce of at least one byte (anything else is a {@code parameters} refusal).
     */
    public static byte[] seal(byte[] key, byte[] nonce, byte[] aad, byte[] plaintext) throws Refusal {
        Cipher cipher = cipher(Cipher.ENCRYPT_MODE, key, nonce);
        try {
            cipher.updateAAD(aad);
            return cipher.doFinal(plaintext);
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("AES-GCM encryption failed", e);
        }
    }

    /**
     * AES-GCM decryption of {@code ciphertext || tag} (16-byte tag); a tag that does not verify is an
     * {@code authentication} refusal.
     */
    public static byte[] open(byte[] key, byte[] nonce, byte[] aad, byte[] ciphertextAndTag) throws Refusal {
        if (ciphertextAndTag.length < TAG_BYTES) {
            throw new Refusal("format", "ciphertext and tag are " + ciphertextAndTag.length
                    + " bytes, shorter than the " + TAG_BYTES + "-byte tag");
        }
        Cipher cipher = cipher(Cipher.DECRYPT_MODE, key, nonce);
        try {
            cipher.updateAAD(aad);
            return cipher.doFinal(ciphertextAndTag);
        } catch (AEADBadTagException e) {
            throw new Refusal("authentication", "AES-GCM tag mismatch (wrong key, nonce, AAD, ciphertext or tag)");
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("AES-GCM decryption failed", e);
        }
    }

    /** Checks the contract's AES-256-GCM sizes (§3) for an encryption: key 32 bytes, nonce 12 bytes. */
    static void checkContractSizes(String keyName, byte[] key, byte[] nonce) throws Refusal {
        checkContractKey(keyName, key);
        checkContractNonce(nonce);
    }

    /** Checks the contract's nonce size (§3): 12 bytes. */
    public static void checkContractNonce(byte[] nonce) throws Refusal {
        if (nonce.length != NONCE_BYTES) {
            throw Refusal.parameters("nonce is " + nonce.length + " bytes; the contract's AES-GCM nonce is "
                    + NONCE_BYTES);
        }
    }

    /** Checks the contract's AES-256 key size (§3): 32 bytes. */
    public static void checkContractKey(String keyName, byte[] key) throws Refusal {
        if (key.length != KEY_BYTES) {
            throw Refusal.parameters(keyName + " is " + key.length + " bytes; the contract's AES-256-GCM key is "
                    + KEY_BYTES);
        }
    }

    /** The combined form {@code nonce || ciphertext || tag} (contract sizes are checked). */
    public static byte[] sealCombined(String keyName, byte[] key, byte[] nonce, byte[] aad, byte[] plaintext)
            throws Refusal {
        checkContractSizes(keyName, key, nonce);
        byte[] sealed = seal(key, nonce, aad, plaintext);
        byte[] out = new byte[nonce.length + sealed.length];
        System.arraycopy(nonce, 0, out, 0, nonce.length);
        System.arraycopy(sealed, 0, out, nonce.length, sealed.length);
        return out;
    }

    /**
     * Opens the combined form. A blob shorter than nonce + tag is a {@code format} refusal, a failed
     * tag an {@code authentication} refusal, a Tink-prefixed blob (see the class comment) a
     * {@code format} refusal.
     *
     * @param what names the blob in messages, e.g. {@code "wrappedCoupleKey"}
     */
    public static byte[] openCombined(String keyName, byte[] key, byte[] blob, byte[] aad, String what) throws Refusal {
        checkContractKey(keyName, key);
        if (blob.length < MIN_COMBINED) {
            throw new Refusal("format", what + " is " + blob.length + " bytes, shorter than nonce (" + NONCE_BYTES
                    + ") + tag (" + TAG_BYTES + ")");
        }
        try {
            return openRaw(key, blob, 0, aad);
        } catch (Refusal raw) {
            if (blob.length >= TINK_PREFIX_BYTES + MIN_COMBINED && (blob[0] == 0x01 || blob[0] == 0x00)) {
                boolean prefixed;
                try {
                    openRaw(key, blob, TINK_PREFIX_BYTES, aad);
                    prefixed = true;
                } catch (Refusal notPrefixed) {
                    prefixed = false;
                }
                if (prefixed) {
                    long keyId = ((blob[1] & 0xffL) << 24) | ((blob[2] & 0xff) << 16) | ((blob[3] & 0xff) << 8)
                            | (blob[4] & 0xff);
                    throw new Refusal("format", what + " carries a 5-byte Tink output prefix ("
                            + String.format("0x%02x = %s, key id 0x%08x", blob[0],
                                    blob[0] == 0x01 ? "TINK" : "LEGACY/CRUNCHY", keyId)
                            + "): it opens only without the prefix; the contract's combined form is RAW"
                            + " (nonce || ciphertext || tag)");
                }
            }
            throw new Refusal("authentication", what + ": " + raw.getMessage());
        }
    }

    private static byte[] openRaw(byte[] key, byte[] blob, int offset, byte[] aad) throws Refusal {
        byte[] nonce = Arrays.copyOfRange(blob, offset, offset + NONCE_BYTES);
        byte[] rest = Arrays.copyOfRange(blob, offset + NONCE_BYTES, blob.length);
        return open(key, nonce, aad, rest);
    }

    private static Cipher cipher(int mode, byte[] key, byte[] nonce) throws Refusal {
        if (key.length != 16 && key.length != 24 && key.length != 32) {
            throw Refusal.parameters("AES key is " + key.length + " bytes; AES takes 16, 24 or 32");
        }
        if (nonce.length == 0) {
            throw Refusal.parameters("the nonce is empty; GCM needs at least one byte");
        }
        try {
            Cipher cipher = Cipher.getInstance("AES/GCM/NoPadding");
            cipher.init(mode, new SecretKeySpec(key, "AES"), new GCMParameterSpec(TAG_BYTES * 8, nonce));
            return cipher;
        } catch (InvalidKeyException | InvalidAlgorithmParameterException e) {
            throw Refusal.parameters("JCE refuses the key or nonce: " + e.getMessage());
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("JCE has no AES/GCM/NoPadding", e);
        }
    }
}
