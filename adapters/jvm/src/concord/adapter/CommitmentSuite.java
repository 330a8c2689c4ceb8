package concord.adapter;

import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Suite {@code commitment} (CONTRACT.md §8):
 * {@code commitmentHash = "sha256:" + b64url(SHA-256(UTF-8("v1|" + coupleId + "|" + questionId + "|" + userId + "|") || canonical))}.
 * Input coupleId, questionId, userId, answer; output canonicalJson, commitmentHash. Ids containing
 * {@code |} are computed as given (the contract does not escape them; flagging that is the vectors' job).
 */
final class CommitmentSuite implements Suite {
    static final String PREFIX = "sha256:";

    @Override
    public String name() {
        return "commitment";
    }

    @Override
    public Map<String, Object> run(String op, Map<String, Object> input) throws Refusal, Unsupported {
        Ops.none(name(), op);
        Values.checkFields(name(), input, List.of("coupleId", "questionId", "userId", "answer"), List.of());
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
        return PREFIX + B64.encodeUrl(sha.digest());
    }
}
