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
 * Suite {@code ecdsa-p256} (SHA-256) on BouncyCastle only: {@code sign} with RFC 6979 nonces
 * ({@code HMacDSAKCalculator}; s not normalized) → signature (DER) and signatureP1363 (r‖s); {@code verify}
 * (strict DER) and {@code verify-p1363} (64 bytes) → nothing. The JDK's SunEC is not used here: it draws
 * random nonces, and JDK 17 disagrees with Wycheproof on 5 verification tests ({@link EcdsaP256}).
 */
public final class EcdsaP256Suite implements Suite {
    private final List<Op> ops = List.of(
            Op.named("sign").in("private", "message").out("signature", "signatureP1363").run(this::sign),
            Op.named("verify").in("public", "message", "signature").run(this::verify),
            Op.named("verify-p1363").in("public", "message", "signature").run(this::verifyP1363));

    @Override
    public String name() {
        return "ecdsa-p256";
    }

    @Override
    public List<Op> ops() {
        return ops;
    }

    private Map<String, Object> sign(Map<String, Object> input) throws Refusal, Unsupported {
        byte[] rs = EcdsaP256.sign(Values.bytes(input, "private"), Values.bytes(input, "message")).value;
        Map<String, Object> out = new LinkedHashMap<>();
        out.put("signature", Values.bytes(EcdsaP256.der(rs)));
        out.put("signatureP1363", Values.bytes(rs));
        return out;
    }

    private Map<String, Object> verify(Map<String, Object> input) throws Refusal, Unsupported {
        EcdsaP256.verifyDer(Values.bytes(input, "public"), Values.bytes(input, "message"), Values.bytes(input, "signature"));
        return new LinkedHashMap<>();
    }

    private Map<String, Object> verifyP1363(Map<String, Object> input) throws Refusal, Unsupported {
        EcdsaP256.verifyP1363(Values.bytes(input, "public"), Values.bytes(input, "message"), Values.bytes(input, "signature"));
        return new LinkedHashMap<>();
    }
}
