package concord.adapter.primitives;

import concord.adapter.wire.Op;
import concord.adapter.wire.Refusal;
import concord.adapter.wire.Suite;
import concord.adapter.wire.Unsupported;
import concord.adapter.wire.Values;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Suite {@code hmac-sha256}: {@code compute} (key, message → tag, 32 bytes) and {@code verify} (key,
 * message, tag of 16 to 32 bytes → nothing; a mismatch is {@code authentication}, another length
 * {@code parameters}) on the JDK's {@code HmacSHA256} ({@link PrimitiveLibrary}); the JDK refuses an empty
 * key, which BouncyCastle's {@code HMac} then computes.
 */
public final class HmacSha256Suite implements Suite {
    private final List<Op> ops = List.of(
            Op.named("compute").in("key", "message").out("tag").run(this::compute),
            Op.named("verify").in("key", "message", "tag").run(this::verify));

    @Override
    public String name() {
        return "hmac-sha256";
    }

    @Override
    public List<Op> ops() {
        return ops;
    }

    private static JvmLibrary library(byte[] key) {
        return key.length == 0 ? JvmLibrary.BOUNCY_CASTLE : PrimitiveLibrary.preferred();
    }

    private Map<String, Object> compute(Map<String, Object> input) throws Refusal, Unsupported {
        byte[] key = Values.bytes(input, "key");
        Map<String, Object> out = new LinkedHashMap<>();
        out.put("tag", Values.bytes(HmacSha256.compute(key, Values.bytes(input, "message"), library(key)).value));
        return out;
    }

    private Map<String, Object> verify(Map<String, Object> input) throws Refusal, Unsupported {
        byte[] key = Values.bytes(input, "key");
        HmacSha256.verify(key, Values.bytes(input, "message"), Values.bytes(input, "tag"), library(key));
        return new LinkedHashMap<>();
    }
}
