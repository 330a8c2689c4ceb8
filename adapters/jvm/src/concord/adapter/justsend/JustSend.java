package concord.adapter.justsend;

import concord.adapter.primitives.AesGcm;
import concord.adapter.primitives.Hkdf;
import concord.adapter.primitives.JvmLibrary;
import concord.adapter.primitives.X25519;
import concord.adapter.wire.B64;
import concord.adapter.wire.Refusal;
import concord.adapter.wire.Utf8;
import concord.adapter.wire.Wire;
import java.security.SecureRandom;
import java.util.Arrays;

/**
 * JustSend's compositions (docs/contracts/justsend.md) as the Android side computes them, on JCE AES-GCM,
 * BouncyCastle HKDF and X25519: the two AES-GCM storage layouts, the chain, the device envelope, the recovery
 * code (Crockford Base32 and its normalization), share keys and chunks. No AAD except in chunks.
 */
public final class JustSend {
    static final int KEY = 32;
    static final int NONCE = 12;
    static final int TAG = 16;
    static final byte[] RECOVERY_SALT = Utf8.encode("justsend/recovery-kek/v1");
    static final byte[] ATTACHMENT_INFO = Utf8.encode("justsend-share-attachment-v1");
    static final String CROCKFORD = "0123456789ABCDEFGHJKMNPQRSTVWXYZ";
    private static final SecureRandom RANDOM = new SecureRandom();

    private JustSend() {}

    static void checkKey(byte[] key, String name) throws Refusal {
        if (key.length != KEY) {
            throw Refusal.parameters(name + " is " + key.length + " bytes; AES-256 keys are 32");
        }
    }

    static byte[] b64(String text, String field) throws Refusal {
        return Wire.decode(field, text, "", Wire.Encoding.B64);
    }

    /** seal: {@code [b64(ct || tag), b64(nonce)]}. */
    static String[] seal(byte[] key, byte[] nonce, byte[] plaintext) throws Refusal {
        checkKey(key, "key");
        AesGcm.checkContractNonce(nonce);
        return new String[] {B64.encode(AesGcm.seal(key, nonce, new byte[0], plaintext)), B64.encode(nonce)};
    }

    static byte[] open(byte[] key, String ciphertext, String storedNonce) throws Refusal {
        checkKey(key, "key");
        byte[] sealed = b64(ciphertext, "ciphertext");
        byte[] nonce = b64(storedNonce, "storedNonce");
        if (nonce.length != NONCE) {
            throw new Refusal("format", "the stored nonce is " + nonce.length + " bytes; the contract's nonce is 12");
        }
        if (sealed.length < TAG) {
            throw new Refusal("format", "ciphertext is " + sealed.length + " bytes, shorter than the 16-byte tag");
        }
        return AesGcm.open(key, nonce, new byte[0], sealed);
    }

    /** wrap: {@code b64(nonce || ct || tag)} of a 32-byte key. */
    static String wrap(byte[] key, byte[] wrappingKey, byte[] nonce) throws Refusal {
        checkKey(wrappingKey, "the wrapping key");
        if (key.length != KEY) {
            throw Refusal.parameters("the wrapped key is " + key.length + " bytes; the contract wraps 32-byte keys");
        }
        AesGcm.checkContractNonce(nonce);
        byte[] sealed = AesGcm.seal(wrappingKey, nonce, new byte[0], key);
        byte[] out = Arrays.copyOf(nonce, NONCE + sealed.length);
        System.arraycopy(sealed, 0, out, NONCE, sealed.length);
        return B64.encode(out);
    }

    static byte[] freshNonce() {
        byte[] n = new byte[NONCE];
        RANDOM.nextBytes(n);
        return n;
    }

    static byte[] unwrap(String wrapped, byte[] wrappingKey, String what) throws Refusal {
        checkKey(wrappingKey, "the wrapping key");
        byte[] blob = b64(wrapped, what);
        if (blob.length < NONCE + TAG) {
            throw new Refusal("format", what + " is " + blob.length + " bytes, shorter than nonce (12) + tag (16)");
        }
        byte[] key = AesGcm.open(wrappingKey, Arrays.copyOf(blob, NONCE), new byte[0],
                Arrays.copyOfRange(blob, NONCE, blob.length));
        if (key.length != KEY) {
            throw new Refusal("format", what + " holds " + key.length + " bytes, not a 32-byte key");
        }
        return key;
    }

    static byte[] deviceKek(byte[] ourPrivate, byte[] theirPublic, byte[] salt, byte[] info) throws Refusal {
        if (ourPrivate.length != 32 || theirPublic.length != 32) {
            throw new Refusal("key", "X25519 keys are 32 bytes (ourPrivate " + ourPrivate.length + ", theirPublic "
                    + theirPublic.length + ")");
        }
        byte[] shared = X25519.sharedSecret(ourPrivate, theirPublic, JvmLibrary.BOUNCY_CASTLE).value;
        return Hkdf.derive(Hkdf.Hash.SHA256, shared, salt, info, KEY);
    }

    static String recoveryCode(byte[] entropy) throws Refusal {
        if (entropy.length != 16) {
            throw Refusal.parameters("the recovery code's entropy is " + entropy.length + " bytes; it is 16");
        }
        StringBuilder out = new StringBuilder();
        int acc = 0;
        int bits = 0;
        for (byte b : entropy) {
            acc = (acc << 8) | (b & 0xff);
            bits += 8;
            while (bits >= 5) {
                bits -= 5;
                out.append(CROCKFORD.charAt((acc >>> bits) & 31));
            }
        }
        out.append(CROCKFORD.charAt((acc << (5 - bits)) & 31));
        return out.toString();
    }

    static String displayed(String code) {
        StringBuilder out = new StringBuilder();
        for (int i = 0; i < code.length(); i++) {
            if (i > 0 && i % 4 == 0) {
                out.append('-');
            }
            out.append(code.charAt(i));
        }
        return out.toString();
    }

    /** Typed → the 26-symbol code: ASCII uppercase, drop '-' and ' ', I/L → 1, O → 0; else format. */
    static String normalize(String typed) throws Refusal {
        StringBuilder code = new StringBuilder();
        int position = 0;
        for (int cp : typed.codePoints().toArray()) {
            position++;
            if (cp > 0x7f) {
                throw new Refusal("format", String.format("character %d is U+%04X, not ASCII: a recovery code is Crockford Base32", position, cp));
            }
            char c = (char) cp;
            if (c == '-' || c == ' ') {
                continue;
            }
            if (c >= 'a' && c <= 'z') {
                c = (char) (c - 32);
            }
            if (c == 'I' || c == 'L') {
                c = '1';
            } else if (c == 'O') {
                c = '0';
            }
            if (CROCKFORD.indexOf(c) < 0) {
                throw new Refusal("format", "character " + position + " ("
                        + (c >= 0x21 && c < 0x7f ? "'" + c + "'" : String.format("byte 0x%02x", (int) c))
                        + ") is not in the Crockford Base32 alphabet");
            }
            code.append(c);
        }
        if (code.length() != 26) {
            throw new Refusal("format", "the code has " + code.length() + " symbols after normalization; it has 26");
        }
        if ((CROCKFORD.indexOf(code.charAt(25)) & 3) != 0) {
            throw new Refusal("format", "the last symbol's 2 spare bits are not zero (not the encoding of 16 bytes)");
        }
        return code.toString();
    }

    static byte[] entropy(String code) {
        byte[] out = new byte[16];
        long acc = 0;
        int bits = 0;
        int n = 0;
        for (int i = 0; i < 26; i++) {
            int v = CROCKFORD.indexOf(code.charAt(i));
            if (i == 25) {
                acc = (acc << 3) | (v >>> 2);
                bits += 3;
            } else {
                acc = (acc << 5) | v;
                bits += 5;
            }
            while (bits >= 8) {
                bits -= 8;
                out[n++] = (byte) (acc >>> bits);
            }
        }
        return out;
    }

    static byte[] recoveryKek(String typed, byte[] info) throws Refusal {
        return Hkdf.derive(Hkdf.Hash.SHA256, Utf8.encode(normalize(typed)), RECOVERY_SALT, info, KEY);
    }

    static byte[] attachmentKey(byte[] shareKey, String assetId) throws Refusal {
        checkKey(shareKey, "the share key");
        return Hkdf.derive(Hkdf.Hash.SHA256, shareKey, Utf8.encode(assetId), ATTACHMENT_INFO, KEY);
    }

    private static void uint64(byte[] out, int at, long v) {
        for (int i = 0; i < 8; i++) {
            out[at + i] = (byte) (v >>> (56 - 8 * i));
        }
    }

    /** {nonce, aad} of chunk index of count. */
    static byte[][] chunkParameters(byte[] prefix, long index, long count, String assetId) throws Refusal {
        if (prefix.length != 4) {
            throw Refusal.parameters("noncePrefix is " + prefix.length + " bytes; it is 4");
        }
        if (count < 1) {
            throw Refusal.parameters("count is " + count + "; an attachment has at least one chunk");
        }
        if (index < 0 || index >= count) {
            throw Refusal.parameters("index " + index + " is outside 0..<" + count);
        }
        byte[] nonce = Arrays.copyOf(prefix, NONCE);
        uint64(nonce, 4, index);
        byte[] id = Utf8.encode(assetId);
        byte[] aad = Arrays.copyOf(id, id.length + 17);
        uint64(aad, id.length + 1, index);
        uint64(aad, id.length + 9, count);
        return new byte[][] {nonce, aad};
    }
}
