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
 * Suite {@code x25519} (RFC 7748): one key per side in any of its forms ({@link KeyFormInput}: raw, DER,
 * PEM, JWK, decoded on BouncyCastle ASN.1) → shared. The agreement runs on the JDK's {@code XDH} (SunEC) by
 * default, BouncyCastle's rfc7748 with {@code CONCORD_JVM_PRIMITIVES=bouncycastle}; an all-zero shared secret
 * is {@code key}.
 */
public final class X25519Suite implements Suite {
    private final List<Op> ops = List.of(Op.single().optional(KeyFormInput.all()).out("shared").run(this::agree));

    @Override
    public String name() {
        return "x25519";
    }

    @Override
    public List<Op> ops() {
        return ops;
    }

    private Map<String, Object> agree(Map<String, Object> input) throws Refusal, Unsupported {
        byte[] priv = KeyFormInput.x25519Private(input);
        byte[] pub = KeyFormInput.x25519Public(input);
        Map<String, Object> out = new LinkedHashMap<>();
        out.put("shared", Values.bytes(X25519.sharedSecret(priv, pub, PrimitiveLibrary.preferred()).value));
        return out;
    }
}
