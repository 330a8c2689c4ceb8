package concord.adapter.closer;

import concord.adapter.wire.Op;
import concord.adapter.wire.Refusal;
import concord.adapter.wire.Suite;
import concord.adapter.wire.Unsupported;
import concord.adapter.wire.Values;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Suite {@code closer.tink-public-key} (CONTRACT.md §9–§10): describes the ECIES-AEAD-HKDF public key of a
 * {@code pub:v1:} string ({@code publicKey}) or of a cleartext JSON keyset, public or private
 * ({@code keysetJson}; a private keyset is described by its public key). Exactly one of the two inputs.
 *
 * <p>Outputs: keyId (unsigned 32-bit), curve ({@code NIST_P256}, {@code NIST_P384}, {@code NIST_P521}),
 * hashFunction ({@code SHA256}, …), hkdfSalt, demKeySize (bytes), pointFormat, outputPrefix, and x, y at the
 * curve's fixed size (32 bytes for P-256), whatever length the keyset wrote. Refusals as {@link EciesKeyset}
 * classes them, with the input field named.
 */
public final class TinkPublicKeySuite implements Suite {
    private final List<Op> ops = List.of(Op.single()
            .optional("publicKey", "keysetJson")
            .out("keyId", "curve", "hashFunction", "hkdfSalt", "demKeySize", "pointFormat", "outputPrefix", "x", "y")
            .run(this::describe));

    @Override
    public String name() {
        return "closer.tink-public-key";
    }

    @Override
    public List<Op> ops() {
        return ops;
    }

    private Map<String, Object> describe(Map<String, Object> input) throws Refusal, Unsupported {
        boolean hasPub = input.containsKey("publicKey");
        if (hasPub == input.containsKey("keysetJson")) {
            throw new Values.BadRequest(name() + " needs exactly one of publicKey and keysetJson, got "
                    + (hasPub ? "both" : "neither"));
        }
        String field = hasPub ? "publicKey" : "keysetJson";
        String text = Values.text(input, field);
        EciesKeyset.Key key;
        try {
            key = hasPub ? EciesKeyset.parsePub(text) : EciesKeyset.parseJson(text);
        } catch (Refusal r) {
            throw new Refusal(r.errorClass(), field + ": " + r.getMessage());
        } catch (Unsupported u) {
            throw new Unsupported(field + ": " + u.getMessage());
        }
        EciesKeyset.Params p = key.params();
        Map<String, Object> out = new LinkedHashMap<>();
        out.put("keyId", key.keyId());
        out.put("curve", p.curve().name());
        out.put("hashFunction", p.hash().name());
        out.put("hkdfSalt", Values.bytes(p.hkdfSalt()));
        out.put("demKeySize", (long) p.demKeySize());
        out.put("pointFormat", p.pointFormat().name());
        out.put("outputPrefix", key.outputPrefix());
        out.put("x", Values.bytes(p.curve().x(key.publicPoint())));
        out.put("y", Values.bytes(p.curve().y(key.publicPoint())));
        return out;
    }
}
