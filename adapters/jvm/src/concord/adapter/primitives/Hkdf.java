package concord.adapter.primitives;

import concord.adapter.wire.Refusal;
import org.bouncycastle.crypto.Digest;
import org.bouncycastle.crypto.digests.SHA1Digest;
import org.bouncycastle.crypto.digests.SHA224Digest;
import org.bouncycastle.crypto.digests.SHA256Digest;
import org.bouncycastle.crypto.digests.SHA384Digest;
import org.bouncycastle.crypto.digests.SHA512Digest;
import org.bouncycastle.crypto.generators.HKDFBytesGenerator;
import org.bouncycastle.crypto.params.HKDFParameters;

/**
 * HKDF (RFC 5869, extract then expand) on BouncyCastle's {@code HKDFBytesGenerator}, with the hashes
 * of Tink's {@code HashType} enum. An empty salt is HMAC's all-zero key of the hash's length, as the
 * RFC says, which gives the same pseudorandom key as an empty HMAC key.
 */
public final class Hkdf {
    /** Tink's {@code HashType} enum (common.proto): the hashes an ECIES KEM may name. */
    public enum Hash {
        SHA1(1, 20),
        SHA384(2, 48),
        SHA256(3, 32),
        SHA512(4, 64),
        SHA224(5, 28);

        final int protoValue;
        final int bytes;

        Hash(int protoValue, int bytes) {
            this.protoValue = protoValue;
            this.bytes = bytes;
        }

        public static Hash fromProto(long value) {
            for (Hash h : values()) {
                if (h.protoValue == value) {
                    return h;
                }
            }
            return null;
        }

        Digest digest() {
            switch (this) {
                case SHA1:
                    return new SHA1Digest();
                case SHA224:
                    return new SHA224Digest();
                case SHA256:
                    return new SHA256Digest();
                case SHA384:
                    return new SHA384Digest();
                default:
                    return new SHA512Digest();
            }
        }
    }

    private Hkdf() {}

    /** HKDF with {@code size} bytes of output; a size outside 1..255·HashLen is a {@code parameters} refusal. */
    public static byte[] derive(Hash hash, byte[] ikm, byte[] salt, byte[] info, long size) throws Refusal {
        long max = 255L * hash.bytes;
        if (size <= 0 || size > max) {
            throw Refusal.parameters("HKDF-" + hash + " output size " + size + " is outside 1.." + max
                    + " (255 * " + hash.bytes + ")");
        }
        HKDFBytesGenerator generator = new HKDFBytesGenerator(hash.digest());
        generator.init(new HKDFParameters(ikm, salt, info));
        byte[] out = new byte[(int) size];
        generator.generateBytes(out, 0, out.length);
        return out;
    }
}
