package concord.adapter.closer;

import concord.adapter.primitives.AesGcm;
import concord.adapter.primitives.Hkdf;
import concord.adapter.primitives.NistCurve;
import concord.adapter.wire.Refusal;
import concord.kit.Hex;
import java.math.BigInteger;
import java.security.SecureRandom;
import java.util.Arrays;
import org.bouncycastle.math.ec.ECPoint;

/**
 * Tink's ECIES-AEAD-HKDF hybrid encryption with the AES-GCM DEM (CONTRACT.md §10), on BouncyCastle's
 * low-level EC API, {@link Hkdf} and JCE AES-GCM ({@link AesGcm}):
 *
 * <pre>
 * E  = e·G, written in the key's point format (UNCOMPRESSED 04||X||Y, COMPRESSED 02|03||X,
 *      DO_NOT_USE_CRUNCHY_UNCOMPRESSED X||Y)
 * Z  = x-coordinate of e·Q = d·E                               (fieldBytes)
 * K  = HKDF-hash(ikm = E || Z, salt = kem hkdf_salt, info = contextInfo, L = DEM key size)
 * ct = outputPrefix || E || iv(12) || AES-GCM(K, iv, aad = empty, plaintext) [ciphertext || tag16]
 * </pre>
 * where the output prefix is {@code 0x01 || keyId} (TINK), {@code 0x00 || keyId} (LEGACY, CRUNCHY) or
 * empty (RAW).
 */
public final class Ecies {
    static final int IV_BYTES = 12;
    private static final SecureRandom RANDOM = new SecureRandom();

    private Ecies() {}

    /** Encrypts to {@code recipient}'s public point with the ephemeral scalar {@code e} and this IV. */
    static byte[] seal(EciesKeyset.Key recipient, BigInteger e, byte[] iv, byte[] contextInfo, byte[] plaintext)
            throws Refusal {
        if (iv.length != IV_BYTES) {
            throw Refusal.parameters("iv is " + iv.length + " bytes; Tink's ECIES AES-GCM DEM uses " + IV_BYTES);
        }
        EciesKeyset.Params params = recipient.params();
        NistCurve curve = params.curve();
        byte[] kem = encodePoint(curve, curve.publicPoint(e), params.pointFormat());
        byte[] z = curve.sharedX(e, recipient.publicPoint());
        byte[] demKey = demKey(params, kem, z, contextInfo);
        byte[] sealed = AesGcm.seal(demKey, iv, new byte[0], plaintext);
        return concat(recipient.outputPrefixBytes(), kem, iv, sealed);
    }

    /** Encrypts with a fresh random ephemeral scalar (1..n-1) and IV. */
    static byte[] sealRandom(EciesKeyset.Key recipient, byte[] contextInfo, byte[] plaintext) throws Refusal {
        NistCurve curve = recipient.params().curve();
        BigInteger e;
        while (true) {
            byte[] candidate = new byte[curve.fieldBytes];
            RANDOM.nextBytes(candidate);
            try {
                e = curve.scalar(candidate, "the ephemeral scalar");
                break;
            } catch (Refusal outOfRange) {
                // 0 or ≥ n: draw again (rejection sampling keeps the scalar uniform)
            }
        }
        byte[] iv = new byte[IV_BYTES];
        RANDOM.nextBytes(iv);
        return seal(recipient, e, iv, contextInfo, plaintext);
    }

    /**
     * Decrypts with {@code recipient}'s private scalar. A ciphertext too short for prefix, point, IV and tag
     * is {@code format}; an output prefix other than the key's (Tink finds no key for it: "decryption
     * failed"), an ephemeral point that is not on the curve (or badly encoded) and a tag that does not
     * verify (wrong contextInfo, key or bytes) are {@code authentication}: all three are defects of the
     * ciphertext, which Tink reports alike as "decryption failed".
     */
    static byte[] open(EciesKeyset.Key recipient, byte[] ct, byte[] contextInfo) throws Refusal {
        if (!recipient.isPrivate()) {
            throw new Refusal("key", "decryption needs a private key");
        }
        EciesKeyset.Params params = recipient.params();
        NistCurve curve = params.curve();
        byte[] prefix = recipient.outputPrefixBytes();
        int kemBytes = encodedPointBytes(curve, params.pointFormat());
        int min = prefix.length + kemBytes + IV_BYTES + AesGcm.TAG_BYTES;
        if (ct.length < min) {
            throw new Refusal("format", "the ciphertext is " + ct.length + " bytes, shorter than output prefix ("
                    + prefix.length + ") + ephemeral point (" + kemBytes + ") + iv (" + IV_BYTES + ") + tag ("
                    + AesGcm.TAG_BYTES + ") = " + min);
        }
        if (!Arrays.equals(ct, 0, prefix.length, prefix, 0, prefix.length)) {
            throw new Refusal("authentication", "the ciphertext's output prefix " + Hex.encode(Arrays.copyOf(ct,
                    prefix.length)) + " is not the key's (" + recipient.outputPrefix() + " " + Hex.encode(prefix)
                    + "): no key of the keyset matches (Tink: decryption failed)");
        }
        int pos = prefix.length;
        byte[] kem = Arrays.copyOfRange(ct, pos, pos + kemBytes);
        pos += kemBytes;
        byte[] iv = Arrays.copyOfRange(ct, pos, pos + IV_BYTES);
        pos += IV_BYTES;
        byte[] sealed = Arrays.copyOfRange(ct, pos, ct.length);

        ECPoint ephemeral;
        try {
            ephemeral = decodePoint(curve, kem, params.pointFormat());
        } catch (Refusal notAPoint) {
            // A defect of the ciphertext, not of a key the caller chose: Tink says "decryption failed".
            throw new Refusal("authentication", notAPoint.getMessage());
        }
        byte[] z = curve.sharedX(recipient.privateScalar(), ephemeral);
        byte[] demKey = demKey(params, kem, z, contextInfo);
        try {
            return AesGcm.open(demKey, iv, new byte[0], sealed);
        } catch (Refusal r) {
            throw new Refusal(r.errorClass(), "the DEM (AES-" + (8 * params.demKeySize()) + "-GCM): " + r.getMessage()
                    + "; wrong contextInfo, recipient key or ciphertext bytes");
        }
    }

    /** K = HKDF(ikm = E || Z, salt, info = contextInfo, L = DEM key size). */
    static byte[] demKey(EciesKeyset.Params params, byte[] kem, byte[] z, byte[] contextInfo) throws Refusal {
        return Hkdf.derive(params.hash(), concat(kem, z), params.hkdfSalt(), contextInfo, params.demKeySize());
    }

    static byte[] encodePoint(NistCurve curve, ECPoint q, EciesKeyset.PointFormat format) {
        switch (format) {
            case COMPRESSED:
                return q.getEncoded(true);
            case UNCOMPRESSED:
                return q.getEncoded(false);
            default:
                return concat(curve.x(q), curve.y(q));
        }
    }

    static int encodedPointBytes(NistCurve curve, EciesKeyset.PointFormat format) {
        switch (format) {
            case COMPRESSED:
                return 1 + curve.fieldBytes;
            case UNCOMPRESSED:
                return 1 + 2 * curve.fieldBytes;
            default:
                return 2 * curve.fieldBytes;
        }
    }

    private static ECPoint decodePoint(NistCurve curve, byte[] kem, EciesKeyset.PointFormat format) throws Refusal {
        String what = "the ciphertext's ephemeral point (" + format + ")";
        if (format == EciesKeyset.PointFormat.DO_NOT_USE_CRUNCHY_UNCOMPRESSED) {
            return curve.point(Arrays.copyOfRange(kem, 0, curve.fieldBytes),
                    Arrays.copyOfRange(kem, curve.fieldBytes, kem.length), what);
        }
        return curve.decodeSec1(kem, what);
    }

    private static byte[] concat(byte[]... parts) {
        int n = 0;
        for (byte[] p : parts) {
            n += p.length;
        }
        byte[] out = new byte[n];
        int pos = 0;
        for (byte[] p : parts) {
            System.arraycopy(p, 0, out, pos, p.length);
            pos += p.length;
        }
        return out;
    }
}
