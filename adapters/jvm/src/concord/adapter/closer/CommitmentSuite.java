package concord.adapter.closer;

import concord.adapter.wire.Op;
import concord.adapter.wire.Refusal;
import concord.adapter.wire.Suite;
import concord.adapter.wire.Unsupported;
import concord.adapter.wire.Utf8;
import concord.adapter.wire.Values;
import concord.adapter.wire.Wire;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Suite {@code closer.commitment} (CONTRACT.md §8):
 * {@code commitmentHash = "sha256:" + b64url(SHA-256(UTF-8("v1|" + coupleId + "|" + questionId + "|" + userId + "|") || canonical))}.
 * Input coupleId, questionId, userId, answer; output canonicalJson, commitmentHash. Ids containing
 * {@code |} are computed as given (the contract does not escape them; flagging that is the vectors' job).
 */
public final class CommitmentSuite implements Suite {
    static final String PREFIX = "sha256:";

    private final List<Op> ops = List.of(Op.single()
            .in("coupleId", "questionId", "userId", "answer").out("canonicalJson", "commitmentHash")
            .run(this::commit));

    @Override
    public String name() {
        return "closer.commitment";
    }

    @Override
    public List<Op> ops() {
        return ops;
    }

    private Map<String, Object> commit(Map<String, Object> input) throws Refusal, Unsupported {
        String coupleId = Values.text(input, "coupleId");
        String questionId = Values.text(input, "questionId");
        String userId = Values.text(input, "userId");
        Answer answer = Answer.read(input, "answer");
        String json = CanonicalAnswer.serialize(answer);
        Map<String, Object> out = new LinkedHashMap<>();
        out.put("canonicalJson", json);
        out.put("commitmentHash", hash(coupleId, questionId, userId, Utf8.encode(json)));
        return out;
    }

    /** The commitment over canonical answer bytes. */
    static String hash(String coupleId, String questionId, String userId, byte[] canonical) {
        MessageDigest sha;
        try {
            sha = MessageDigest.getInstance("SHA-256");
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("no SHA-256", e);
        }
        sha.update(Utf8.encode("v1|" + coupleId + "|" + questionId + "|" + userId + "|"));
        sha.update(canonical);
        return Wire.encode(PREFIX, sha.digest(), Wire.Encoding.B64URL);
    }
}
