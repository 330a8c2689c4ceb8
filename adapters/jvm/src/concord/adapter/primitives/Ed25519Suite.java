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
 * Suite {@code ed25519} (RFC 8032 §5.1): {@code sign} (private, message → signature) and {@code verify}
 * (public, message, signature → nothing; a signature that does not verify is {@code authentication}, a key
 * or signature of another length {@code parameters}) on the JDK's {@code Ed25519} (SunEC) by default,
 * BouncyCastle's rfc8032 with {@code CONCORD_JVM_PRIMITIVES=bouncycastle}.
 */
public final class Ed25519Suite implements Suite {
    private final List<Op> ops = List.of(
            Op.named("sign").in("private", "message").out("signature").run(this::sign),
            Op.named("verify").in("public", "message", "signature").run(this::verify));

    @Override
    public String name() {
        return "ed25519";
    }

    @Override
    public List<Op> ops() {
        return ops;
    }

    private Map<String, Object> sign(Map<String, Object> input) throws Refusal, Unsupported {
        Map<String, Object> out = new LinkedHashMap<>();
        out.put("signature", Values.bytes(Ed25519.sign(Values.bytes(input, "private"), Values.bytes(input, "message"),
                PrimitiveLibrary.preferred()).value));
        return out;
    }

    private Map<String, Object> verify(Map<String, Object> input) throws Refusal, Unsupported {
        Ed25519.verify(Values.bytes(input, "public"), Values.bytes(input, "message"), Values.bytes(input, "signature"),
                PrimitiveLibrary.preferred());
        return new LinkedHashMap<>();
    }
}
