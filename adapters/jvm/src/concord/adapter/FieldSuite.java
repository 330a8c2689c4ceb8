package concord.adapter;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Suite {@code field} (CONTRACT.md §6): {@code "enc:v1:" + b64(nonce || AES-256-GCM(coupleKey, nonce,
 * aad = UTF-8(coupleId), plaintext) || tag)}.
 *
 * <ul>
 *   <li>{@code encrypt}: coupleKey (32 bytes), coupleId, plaintext, nonce (12 bytes) → wire;
 *   <li>{@code decrypt}: coupleKey, coupleId, wire → plaintext. No {@code enc:v1:} prefix, bad b64, a blob
 *       shorter than nonce + tag, or a Tink-prefixed blob is {@code format}; a failed tag
 *       {@code authentication}. The optional userId and questionId (the historical AAD
 *       {@code userId:questionId}) are accepted and not used.
 * </ul>
 */
final class FieldSuite implements Suite {
    static final String PREFIX = "enc:v1:";
    private static final List<String> OPS = List.of("encrypt", "decrypt");

    @Override
    public String name() {
        return "field";
    }

    @Override
    public Map<String, Object> run(String op, Map<String, Object> input) throws Refusal, Unsupported {
        Ops.require(name(), op, OPS);
        Map<String, Object> out = new LinkedHashMap<>();
        if (op.equals("encrypt")) {
            Values.checkFields(name(), input, List.of("coupleKey", "coupleId", "plaintext", "nonce"), List.of());
            byte[] key = Values.bytes(input, "coupleKey");
            String coupleId = Values.text(input, "coupleId");
            byte[] plaintext = Values.bytes(input, "plaintext");
            byte[] nonce = Values.bytes(input, "nonce");
            byte[] blob = AesGcm.sealCombined("coupleKey", key, nonce, Utf8.encode(coupleId), plaintext);
            out.put("wire", PREFIX + B64.encode(blob));
        } else {
            Values.checkFields(name(), input, List.of("coupleKey", "coupleId", "wire"), List.of("userId", "questionId"));
            byte[] key = Values.bytes(input, "coupleKey");
            String coupleId = Values.text(input, "coupleId");
            String wire = Values.text(input, "wire");
            if (input.containsKey("userId")) {
                Values.text(input, "userId"); // type check only
            }
            if (input.containsKey("questionId")) {
                Values.text(input, "questionId");
            }
            AesGcm.checkContractKey("coupleKey", key);
            if (!wire.startsWith(PREFIX)) {
                throw new Refusal("format", "wire does not start with " + Json.quote(PREFIX));
            }
            byte[] blob;
            try {
                blob = B64.decode(wire.substring(PREFIX.length()));
            } catch (B64.Malformed e) {
                throw new Refusal("format", "wire after " + PREFIX + ": " + e.getMessage());
            }
            out.put("plaintext", Values.bytes(AesGcm.openCombined("coupleKey", key, blob, Utf8.encode(coupleId),
                    "the " + PREFIX + " blob")));
        }
        return out;
    }
}
