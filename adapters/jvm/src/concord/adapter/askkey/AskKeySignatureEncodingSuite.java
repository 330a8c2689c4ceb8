package concord.adapter.askkey;

import concord.adapter.primitives.EcdsaP256;
import concord.adapter.wire.Op;
import concord.adapter.wire.Refusal;
import concord.adapter.wire.Suite;
import concord.adapter.wire.Values;
import java.math.BigInteger;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.bouncycastle.util.BigIntegers;

/**
 * Suite {@code askkey.signature-encoding}: ECDSA P-256 signatures in DER and IEEE P1363, converted both ways and
 * verified in the declared encoding only (BouncyCastle's ASN.1 and ECDSASigner, through {@link EcdsaP256}).
 */
public final class AskKeySignatureEncodingSuite implements Suite {
    private final List<Op> ops = List.of(
            Op.named("to-p1363").in("der").out("p1363").run(this::toP1363),
            Op.named("to-der").in("p1363").out("der").run(this::toDer),
            Op.named("verify").in("publicKey", "message", "signature", "encoding").out("r", "s").run(this::verify));

    @Override
    public String name() {
        return "askkey.signature-encoding";
    }

    @Override
    public List<Op> ops() {
        return ops;
    }

    private static BigInteger[] der(byte[] sig) throws Refusal {
        BigInteger[] rs;
        try {
            rs = EcdsaP256.parseDer(sig);
        } catch (Refusal r) {
            throw new Refusal(r.errorClass(), "der: " + r.getMessage());
        }
        if (rs[0].bitLength() > 256 || rs[1].bitLength() > 256) {
            throw new Refusal("format", "der: r or s is longer than 32 bytes: not a P-256 signature");
        }
        return rs;
    }

    private Map<String, Object> toP1363(Map<String, Object> in) throws Refusal {
        BigInteger[] rs = der(Values.bytes(in, "der"));
        return Map.of("p1363", Values.bytes(EcdsaP256.p1363(rs[0], rs[1])));
    }

    private Map<String, Object> toDer(Map<String, Object> in) throws Refusal {
        byte[] p = Values.bytes(in, "p1363");
        if (p.length != 2 * EcdsaP256.SCALAR_BYTES) {
            throw new Refusal("format", "p1363: an IEEE P1363 P-256 signature is 64 bytes, r||s (got " + p.length + ")");
        }
        return Map.of("der", Values.bytes(EcdsaP256.der(p)));
    }

    private Map<String, Object> verify(Map<String, Object> in) throws Refusal {
        byte[] key = Values.bytes(in, "publicKey");
        byte[] message = Values.bytes(in, "message");
        byte[] sig = Values.bytes(in, "signature");
        String encoding = Values.text(in, "encoding");
        BigInteger r;
        BigInteger s;
        if (encoding.equals("der")) {
            BigInteger[] rs = der(sig);
            r = rs[0];
            s = rs[1];
            EcdsaP256.verifyDer(key, message, sig);
        } else if (encoding.equals("p1363")) {
            EcdsaP256.verifyP1363(key, message, sig);
            r = new BigInteger(1, java.util.Arrays.copyOfRange(sig, 0, 32));
            s = new BigInteger(1, java.util.Arrays.copyOfRange(sig, 32, 64));
        } else {
            throw Refusal.parameters("encoding must be der or p1363");
        }
        Map<String, Object> out = new LinkedHashMap<>();
        out.put("r", Values.bytes(BigIntegers.asUnsignedByteArray(32, r)));
        out.put("s", Values.bytes(BigIntegers.asUnsignedByteArray(32, s)));
        return out;
    }
}
