package concord.adapter.primitives;

import concord.adapter.wire.Refusal;
import concord.adapter.wire.Unsupported;
import java.security.GeneralSecurityException;
import java.security.MessageDigest;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;
import org.bouncycastle.crypto.digests.SHA256Digest;
import org.bouncycastle.crypto.macs.HMac;
import org.bouncycastle.crypto.params.KeyParameter;

/**
 * HMAC-SHA256 (RFC 2104) with a key of any length on BouncyCastle's {@code HMac} or the JDK's
 * {@code HmacSHA256} (SunJCE; it cannot take an empty key, which is then {@link Unsupported}).
 * {@code verify} compares a 16- to 32-byte tag with the HMAC's leading bytes in constant time.
 */
public final class HmacSha256 {
    static final int TAG_BYTES = 32;
    static final int MIN_TAG_BYTES = 16;

    private HmacSha256() {}

    static Answered compute(byte[] key, byte[] message, JvmLibrary lib) throws Unsupported {
        if (lib == JvmLibrary.JDK) {
            if (key.length == 0) {
                throw new Unsupported("the JDK's SecretKeySpec refuses an empty HMAC key");
            }
            try {
                Mac mac = Mac.getInstance("HmacSHA256");
                mac.init(new SecretKeySpec(key, "HmacSHA256"));
                return new Answered(mac.doFinal(message), lib.label("SunJCE"));
            } catch (GeneralSecurityException e) {
                throw new IllegalStateException("the JDK's HmacSHA256 failed: " + e, e);
            }
        }
        HMac mac = new HMac(new SHA256Digest());
        mac.init(new KeyParameter(key));
        mac.update(message, 0, message.length);
        byte[] out = new byte[TAG_BYTES];
        mac.doFinal(out, 0);
        return new Answered(out, lib.label(null));
    }

    static Answered verify(byte[] key, byte[] message, byte[] tag, JvmLibrary lib) throws Refusal, Unsupported {
        if (tag.length < MIN_TAG_BYTES || tag.length > TAG_BYTES) {
            throw Refusal.parameters("an HMAC-SHA256 tag is " + MIN_TAG_BYTES + " to " + TAG_BYTES + " bytes (got " + tag.length + ")");
        }
        Answered full = compute(key, message, lib);
        byte[] prefix = java.util.Arrays.copyOf(full.value, tag.length);
        if (!MessageDigest.isEqual(prefix, tag)) {
            throw new Refusal("authentication", "the HMAC-SHA256 tag does not match (wrong key, message or tag)");
        }
        return new Answered(null, full.library);
    }
}
