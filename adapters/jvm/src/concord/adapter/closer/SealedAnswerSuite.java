package concord.adapter.closer;

import concord.adapter.primitives.AesGcm;
import concord.adapter.wire.Op;
import concord.adapter.wire.Refusal;
import concord.adapter.wire.Suite;
import concord.adapter.wire.Unsupported;
import concord.adapter.wire.Utf8;
import concord.adapter.wire.Values;
import concord.adapter.wire.Wire;
import java.security.MessageDigest;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Suite {@code closer.sealed-answer} (CONTRACT.md §8):
 *
 * <pre>
 * canonical        = §7 bytes of the answer
 * aad              = UTF-8(coupleId + "|" + questionId + "|" + userId)
 * encryptedPayload = "sealed:v1:" + b64url(nonce || AES-256-GCM(oneTimeKey, nonce, aad, canonical) || tag)
 * commitmentHash   = as in the commitment suite
 * </pre>
 *
 * <ul>
 *   <li>{@code seal}: coupleId, questionId, userId, answer, oneTimeKey (32 bytes), nonce (12 bytes) →
 *       encryptedPayload, commitmentHash;
 *   <li>{@code open}: coupleId, questionId, userId, oneTimeKey, encryptedPayload, commitmentHash → answer.
 *       In this order: the payload's prefix, b64url and length, then the commitmentHash's shape
 *       ({@code sha256:} + b64url of 32 bytes) are {@code format}; a failed tag is
 *       {@code authentication}; a decrypted plaintext that is not canonical answer JSON (byte for byte)
 *       is {@code format}; a commitmentHash other than the one recomputed over the decrypted bytes is
 *       {@code authentication}.
 * </ul>
 */
public final class SealedAnswerSuite implements Suite {
    static final String PREFIX = "sealed:v1:";
    private final List<Op> ops = List.of(
            Op.named("seal").in("coupleId", "questionId", "userId", "answer", "oneTimeKey", "nonce")
                    .out("encryptedPayload", "commitmentHash").run(this::seal),
            Op.named("open").in("coupleId", "questionId", "userId", "oneTimeKey", "encryptedPayload", "commitmentHash")
                    .out("answer").run(this::open));

    @Override
    public String name() {
        return "closer.sealed-answer";
    }

    @Override
    public List<Op> ops() {
        return ops;
    }

    private Map<String, Object> seal(Map<String, Object> input) throws Refusal, Unsupported {
        String coupleId = Values.text(input, "coupleId");
        String questionId = Values.text(input, "questionId");
        String userId = Values.text(input, "userId");
        Answer answer = Answer.read(input, "answer");
        byte[] key = Values.bytes(input, "oneTimeKey");
        byte[] nonce = Values.bytes(input, "nonce");

        byte[] canonical = CanonicalAnswer.bytes(answer);
        byte[] blob = AesGcm.sealCombined("oneTimeKey", key, nonce, aad(coupleId, questionId, userId), canonical);
        Map<String, Object> out = new LinkedHashMap<>();
        out.put("encryptedPayload", Wire.encode(PREFIX, blob, Wire.Encoding.B64URL));
        out.put("commitmentHash", CommitmentSuite.hash(coupleId, questionId, userId, canonical));
        return out;
    }

    private Map<String, Object> open(Map<String, Object> input) throws Refusal, Unsupported {
        String coupleId = Values.text(input, "coupleId");
        String questionId = Values.text(input, "questionId");
        String userId = Values.text(input, "userId");
        byte[] key = Values.bytes(input, "oneTimeKey");
        String payload = Values.text(input, "encryptedPayload");
        String commitment = Values.text(input, "commitmentHash");

        AesGcm.checkContractKey("oneTimeKey", key);
        LegacyForms.checkSealed(payload);
        byte[] blob = Wire.decode("encryptedPayload", payload, PREFIX, Wire.Encoding.B64URL);
        byte[] digest = Wire.decode("commitmentHash", commitment, CommitmentSuite.PREFIX, Wire.Encoding.B64URL);
        if (digest.length != 32) {
            throw new Refusal("format", "commitmentHash holds " + digest.length + " bytes, not a SHA-256 digest (32)");
        }

        byte[] canonical = AesGcm.openCombined("oneTimeKey", key, blob, aad(coupleId, questionId, userId),
                "the " + PREFIX + " blob");
        Answer answer = CanonicalAnswer.parse(canonical);
        String expected = CommitmentSuite.hash(coupleId, questionId, userId, canonical);
        if (!MessageDigest.isEqual(Utf8.encode(expected), Utf8.encode(commitment))) {
            throw new Refusal("authentication", "commitmentHash does not match the decrypted answer (recomputed "
                    + expected + ")");
        }
        Map<String, Object> out = new LinkedHashMap<>();
        out.put("answer", answer.toOutput());
        return out;
    }

    private static byte[] aad(String coupleId, String questionId, String userId) {
        return Utf8.encode(coupleId + "|" + questionId + "|" + userId);
    }
}
