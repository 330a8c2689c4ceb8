package concord.adapter.closer;

import concord.adapter.primitives.AesGcm;
import concord.adapter.wire.B64;
import concord.adapter.wire.Op;
import concord.adapter.wire.Refusal;
import concord.adapter.wire.Suite;
import concord.adapter.wire.Unsupported;
import concord.adapter.wire.Utf8;
import concord.adapter.wire.Values;
import concord.adapter.wire.Wire;
import java.security.SecureRandom;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Suite {@code closer.field} (CONTRACT.md §6): {@code "enc:v1:" + b64(nonce || AES-256-GCM(coupleKey, nonce,
 * aad = UTF-8(coupleId), plaintext) || tag)}.
 *
 * <ul>
 *   <li>{@code encrypt}: coupleKey (32 bytes), coupleId, plaintext, nonce (12 bytes) → wire;
 *   <li>{@code decrypt}: coupleKey, coupleId, wire → plaintext. No {@code enc:v1:} prefix, bad b64, a blob
 *       shorter than nonce + tag, or a Tink-prefixed blob is {@code format}; a failed tag
 *       {@code authentication}. The optional userId and questionId (the historical AAD
 *       {@code userId:questionId}) are accepted and not used;
 *   <li>{@code roundtrip-seal}: coupleKey, coupleId, plaintext → wire with a fresh nonce; {@code roundtrip}: the
 *       same, decrypted again → plaintext. The optional {@code keysetJson} (the Tink side's keyset) is type-checked
 *       and not used: this side encrypts with the raw couple key, no Tink prefix (CONTRACT.md §3).
 * </ul>
 */
public final class FieldSuite implements Suite {
    static final String PREFIX = "enc:v1:";
    private static final SecureRandom RANDOM = new SecureRandom();
    private final List<Op> ops = List.of(
            Op.named("encrypt").in("coupleKey", "coupleId", "plaintext", "nonce").out("wire").run(this::encrypt),
            Op.named("decrypt").in("coupleKey", "coupleId", "wire").optional("userId", "questionId", "keysetJson")
                    .out("plaintext").run(this::decrypt),
            Op.named("roundtrip-seal").in("coupleKey", "coupleId", "plaintext").optional("keysetJson").out("wire")
                    .run(this::roundtripSeal),
            Op.named("roundtrip").in("coupleKey", "coupleId", "plaintext").optional("keysetJson").out("plaintext")
                    .run(this::roundtrip));

    @Override
    public String name() {
        return "closer.field";
    }

    @Override
    public List<Op> ops() {
        return ops;
    }

    private Map<String, Object> encrypt(Map<String, Object> input) throws Refusal, Unsupported {
        Map<String, Object> out = new LinkedHashMap<>();
        byte[] key = Values.bytes(input, "coupleKey");
        String coupleId = Values.text(input, "coupleId");
        byte[] plaintext = Values.bytes(input, "plaintext");
        byte[] nonce = Values.bytes(input, "nonce");
        byte[] blob = AesGcm.sealCombined("coupleKey", key, nonce, Utf8.encode(coupleId), plaintext);
        out.put("wire", Wire.encode(PREFIX, blob, Wire.Encoding.B64));
        return out;
    }

    private static byte[] freshSeal(Map<String, Object> input) throws Refusal, Unsupported {
        byte[] key = Values.bytes(input, "coupleKey");
        String coupleId = Values.text(input, "coupleId");
        byte[] plaintext = Values.bytes(input, "plaintext");
        if (input.containsKey("keysetJson")) {
            Values.text(input, "keysetJson"); // type check only: the Tink side's keyset
        }
        byte[] nonce = new byte[12];
        RANDOM.nextBytes(nonce);
        return AesGcm.sealCombined("coupleKey", key, nonce, Utf8.encode(coupleId), plaintext);
    }

    private Map<String, Object> roundtripSeal(Map<String, Object> input) throws Refusal, Unsupported {
        Map<String, Object> out = new LinkedHashMap<>();
        out.put("wire", Wire.encode(PREFIX, freshSeal(input), Wire.Encoding.B64));
        return out;
    }

    /** The vector-format op run inside one implementation: sealed as by roundtrip-seal, decrypted again. */
    private Map<String, Object> roundtrip(Map<String, Object> input) throws Refusal, Unsupported {
        byte[] blob = freshSeal(input);
        byte[] opened = AesGcm.openCombined("coupleKey", Values.bytes(input, "coupleKey"), blob,
                Utf8.encode(Values.text(input, "coupleId")), "the " + PREFIX + " blob");
        if (!Arrays.equals(opened, Values.bytes(input, "plaintext"))) {
            throw new IllegalStateException("decrypted its own wire to different bytes");
        }
        Map<String, Object> out = new LinkedHashMap<>();
        out.put("plaintext", Values.bytes(opened));
        return out;
    }

    private Map<String, Object> decrypt(Map<String, Object> input) throws Refusal, Unsupported {
        Map<String, Object> out = new LinkedHashMap<>();
        byte[] key = Values.bytes(input, "coupleKey");
        String coupleId = Values.text(input, "coupleId");
        String wire = Values.text(input, "wire");
        if (input.containsKey("userId")) {
            Values.text(input, "userId"); // type check only
        }
        if (input.containsKey("questionId")) {
            Values.text(input, "questionId");
        }
        if (input.containsKey("keysetJson")) {
            Values.text(input, "keysetJson"); // type check only: the Tink side's keyset
        }
        AesGcm.checkContractKey("coupleKey", key);
        byte[] blob = Wire.decode("wire", wire, PREFIX, Wire.Encoding.B64);
        out.put("plaintext", Values.bytes(AesGcm.openCombined("coupleKey", key, blob, Utf8.encode(coupleId),
                "the " + PREFIX + " blob")));
        return out;
    }
}
