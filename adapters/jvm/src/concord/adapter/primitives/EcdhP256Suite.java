package concord.adapter.primitives;

import concord.adapter.wire.Op;
import concord.adapter.wire.Refusal;
import concord.adapter.wire.Suite;
import concord.adapter.wire.Unsupported;
import concord.adapter.wire.Values;
import java.math.BigInteger;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.bouncycastle.math.ec.ECPoint;

/**
 * Suite {@code ecdh-p256} (the KEM step of CONTRACT.md §10, and Wycheproof's
 * {@code ecdh_secp256r1_ecpoint_test.json}): private (a big-endian scalar of any length, leading zeros
 * allowed), public (a SEC1 point, compressed 33 or uncompressed 65 bytes) → shared, the x-coordinate of
 * private·public (32 bytes). A scalar of 0 or ≥ n, a point of another length or leading byte, not on the
 * curve, or at infinity is {@code key}. Either key may also come as DER, PEM or JWK ({@link KeyFormInput}).
 */
public final class EcdhP256Suite implements Suite {
    private final List<Op> ops = List.of(Op.single().optional(KeyFormInput.all()).out("shared").run(this::agree));

    @Override
    public String name() {
        return "ecdh-p256";
    }

    @Override
    public List<Op> ops() {
        return ops;
    }

    private Map<String, Object> agree(Map<String, Object> input) throws Refusal, Unsupported {
        byte[] priv = KeyFormInput.p256Private(input);
        byte[] pub = KeyFormInput.p256Public(input);
        NistCurve curve = NistCurve.NIST_P256;
        ECPoint q = curve.decodeSec1(pub, "public");
        BigInteger d = curve.scalar(priv, "private");
        Map<String, Object> out = new LinkedHashMap<>();
        out.put("shared", Values.bytes(curve.sharedX(d, q)));
        return out;
    }
}
