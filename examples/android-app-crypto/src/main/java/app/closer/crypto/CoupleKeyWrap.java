package app.closer.crypto;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.Base64;

/**
 * The couple key wrapped under the recovery phrase (CONTRACT.md §4): KEK = Argon2id(phrase, kdfSalt) under the
 * parameters of a tag, wrappedCoupleKey = b64(nonce ‖ AES-256-GCM(KEK, aad = "closer_couple_key", couple key)).
 * The app stores three values: {@code wrappedCoupleKey}, {@code kdfSalt} (b64) and {@code kdfParams} (the tag).
 * This module wraps the raw 32-byte key (the contract's option A).
 *
 * <p>The parameters are this release's: a wrap stores the tag it was made with, and an unwrap derives the KEK with
 * the tag stored beside the wrapped key, so that a key wrapped by an older release (weaker parameters) still opens.
 * Release 1.0.0 wrapped with {@code argon2id;v=19;m=19456;t=2;p=1}; 2.0.0 wraps with the contract's production
 * parameters (examples/archive/README.md).
 */
public final class CoupleKeyWrap {
    /** The parameters this release wraps with. */
    public static final String WRITE_PARAMS = "argon2id;v=19;m=47104;t=3;p=1";
    static final byte[] AAD = "closer_couple_key".getBytes(StandardCharsets.UTF_8);

    private CoupleKeyWrap() {}

    /** The three values the app stores. */
    public static final class Wrapped {
        public final String wrappedCoupleKey;
        public final String kdfSalt;
        public final String kdfParams;

        Wrapped(String wrappedCoupleKey, String kdfSalt, String kdfParams) {
            this.wrappedCoupleKey = wrappedCoupleKey;
            this.kdfSalt = kdfSalt;
            this.kdfParams = kdfParams;
        }
    }

    public static Wrapped wrap(String phrase, byte[] coupleKey, byte[] kdfSalt, byte[] nonce) throws CloserCryptoException {
        if (coupleKey.length != 32) {
            throw new CloserCryptoException.Parameters("the couple key is " + coupleKey.length + " bytes, not 32");
        }
        if (kdfSalt.length != 16 || nonce.length != 12) {
            throw new CloserCryptoException.Parameters("a salt of " + kdfSalt.length + " bytes and a nonce of " + nonce.length + " (16 and 12)");
        }
        byte[] kek = PasswordKdf.derive(phrase.getBytes(StandardCharsets.UTF_8), kdfSalt, WRITE_PARAMS, 32);
        byte[] sealed = AesGcm.run(true, kek, nonce, AAD, coupleKey);
        byte[] blob = new byte[nonce.length + sealed.length];
        System.arraycopy(nonce, 0, blob, 0, nonce.length);
        System.arraycopy(sealed, 0, blob, nonce.length, sealed.length);
        Base64.Encoder b64 = Base64.getEncoder();
        return new Wrapped(b64.encodeToString(blob), b64.encodeToString(kdfSalt), WRITE_PARAMS);
    }

    /** The couple key, from the three stored values: the KEK is derived with the parameters {@code kdfParams} names. */
    public static byte[] unwrap(String phrase, String kdfSalt, String wrappedCoupleKey, String kdfParams) throws CloserCryptoException {
        byte[] salt = strictBase64(kdfSalt, "kdfSalt");
        if (salt.length != 16) {
            throw new CloserCryptoException.Format("kdfSalt decodes to " + salt.length + " bytes, not 16");
        }
        byte[] blob = strictBase64(wrappedCoupleKey, "wrappedCoupleKey");
        if (blob.length < 12 + 16) {
            throw new CloserCryptoException.Format("wrappedCoupleKey is " + blob.length + " bytes, shorter than nonce + tag");
        }
        byte[] kek = PasswordKdf.derive(phrase.getBytes(StandardCharsets.UTF_8), salt, kdfParams, 32);
        byte[] key = AesGcm.run(false, kek, Arrays.copyOf(blob, 12), AAD, Arrays.copyOfRange(blob, 12, blob.length));
        if (key.length != 32) {
            throw new CloserCryptoException.Format("the unwrapped key is " + key.length + " bytes: this module wraps the raw 32-byte key");
        }
        return key;
    }

    private static byte[] strictBase64(String b64, String what) throws CloserCryptoException {
        byte[] bytes;
        try {
            bytes = Base64.getDecoder().decode(b64);
        } catch (IllegalArgumentException e) {
            throw new CloserCryptoException.Format(what + " is not base64: " + e.getMessage());
        }
        if (!Base64.getEncoder().encodeToString(bytes).equals(b64)) {
            throw new CloserCryptoException.Format(what + ": base64 is not canonical (padding or spare bits)");
        }
        return bytes;
    }
}
