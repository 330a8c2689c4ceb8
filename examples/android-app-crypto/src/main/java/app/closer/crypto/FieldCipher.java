package app.closer.crypto;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.Base64;

/**
 * The app's field encryption (CONTRACT.md §6): {@code enc:v1:} + base64(nonce ‖ ciphertext ‖ tag),
 * AES-256-GCM under the couple key with AAD = UTF-8(coupleId) ({@link AesGcm}: BouncyCastle's lightweight
 * API, as an Android module would call it).
 */
public final class FieldCipher {
    static final String PREFIX = "enc:v1:";

    private FieldCipher() {}

    public static String encrypt(byte[] coupleKey, String coupleId, byte[] plaintext, byte[] nonce) throws CloserCryptoException {
        checkKey(coupleKey);
        byte[] sealed = gcm(true, coupleKey, nonce, coupleId, plaintext);
        byte[] blob = new byte[nonce.length + sealed.length];
        System.arraycopy(nonce, 0, blob, 0, nonce.length);
        System.arraycopy(sealed, 0, blob, nonce.length, sealed.length);
        return PREFIX + Base64.getEncoder().encodeToString(blob);
    }

    public static byte[] decrypt(byte[] coupleKey, String coupleId, String wire) throws CloserCryptoException {
        checkKey(coupleKey);
        if (!wire.startsWith(PREFIX)) {
            throw new CloserCryptoException.Format("not an enc:v1: value");
        }
        String b64 = wire.substring(PREFIX.length());
        byte[] blob;
        try {
            blob = Base64.getDecoder().decode(b64);
        } catch (IllegalArgumentException e) {
            throw new CloserCryptoException.Format("not base64: " + e.getMessage());
        }
        // Strict: one spelling per blob (padding present, spare bits zero).
        if (!Base64.getEncoder().encodeToString(blob).equals(b64)) {
            throw new CloserCryptoException.Format("base64 is not canonical (padding or spare bits)");
        }
        if (blob.length < 12 + 16) {
            throw new CloserCryptoException.Format("the blob is " + blob.length + " bytes, shorter than nonce + tag");
        }
        try {
            return open(coupleKey, coupleId, blob);
        } catch (CloserCryptoException.BadTag e) {
            // A Tink output prefix (0x01 or 0x00 and a 4-byte key id) in front of a blob that opens: a format error.
            if ((blob[0] == 0 || blob[0] == 1) && blob.length >= 5 + 28) {
                try {
                    open(coupleKey, coupleId, Arrays.copyOfRange(blob, 5, blob.length));
                    throw new CloserCryptoException.Format("a Tink output prefix in front of the blob");
                } catch (CloserCryptoException.BadTag ignored) {
                    // not that either
                }
            }
            throw e;
        }
    }

    private static byte[] open(byte[] key, String coupleId, byte[] blob) throws CloserCryptoException {
        return gcm(false, key, Arrays.copyOf(blob, 12), coupleId, Arrays.copyOfRange(blob, 12, blob.length));
    }

    private static void checkKey(byte[] key) throws CloserCryptoException {
        if (key.length != 32) {
            throw new CloserCryptoException.Parameters("the couple key is " + key.length + " bytes, not 32");
        }
    }

    private static byte[] gcm(boolean encrypt, byte[] key, byte[] nonce, String coupleId, byte[] in) throws CloserCryptoException {
        return AesGcm.run(encrypt, key, nonce, coupleId.getBytes(StandardCharsets.UTF_8), in);
    }
}
