package concord.adapter.closer;

import concord.adapter.wire.Dispatch;
import concord.adapter.wire.Op;
import concord.adapter.wire.Refusal;
import concord.adapter.wire.Suite;
import concord.adapter.wire.Unsupported;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Suite {@code closer.chain}: each step is the single-step suite's own op, run through {@link Dispatch#run} with
 * the previous step's output as its input.
 *
 * <ul>
 *   <li>{@code invite-to-field}: closer.invite-phrase open (inviteCode, encryptedRecoveryPhrase) → phrase;
 *       closer.couple-key-wrap unwrap (phrase, kdfSalt, wrappedCoupleKey) → coupleKey; closer.field decrypt
 *       (coupleKey, coupleId, wire) → plaintext.
 *   <li>{@code keybox-to-answer}: closer.keybox open (recipientPrivateKeyset, the four ids, encryptedAnswerKey)
 *       → key; closer.sealed-answer open (coupleId, questionId, userId = senderUserId, oneTimeKey = key,
 *       encryptedPayload, commitmentHash) → answer.
 * </ul>
 */
public final class ChainSuite implements Suite {
    private final List<Op> ops = List.of(
            Op.named("invite-to-field")
                    .in("inviteCode", "encryptedRecoveryPhrase", "kdfSalt", "wrappedCoupleKey", "coupleId", "wire")
                    .out("phrase", "coupleKey", "plaintext").run(this::inviteToField),
            Op.named("keybox-to-answer")
                    .in("recipientPrivateKeyset", "coupleId", "questionId", "senderUserId", "recipientUserId",
                            "encryptedAnswerKey", "encryptedPayload", "commitmentHash")
                    .out("oneTimeKey", "answer").run(this::keyboxToAnswer));

    @Override
    public String name() {
        return "closer.chain";
    }

    @Override
    public List<Op> ops() {
        return ops;
    }

    private Map<String, Object> inviteToField(Map<String, Object> input) throws Refusal, Unsupported {
        Map<String, Object> step1 = new LinkedHashMap<>();
        step1.put("inviteCode", input.get("inviteCode"));
        step1.put("encryptedRecoveryPhrase", input.get("encryptedRecoveryPhrase"));
        Object phrase = Dispatch.run(new InvitePhraseSuite(), "open", step1).get("phrase");

        Map<String, Object> step2 = new LinkedHashMap<>();
        step2.put("phrase", phrase);
        step2.put("kdfSalt", input.get("kdfSalt"));
        step2.put("wrappedCoupleKey", input.get("wrappedCoupleKey"));
        Object coupleKey = Dispatch.run(new CoupleKeyWrapSuite(), "unwrap", step2).get("coupleKey");

        Map<String, Object> step3 = new LinkedHashMap<>();
        step3.put("coupleKey", coupleKey);
        step3.put("coupleId", input.get("coupleId"));
        step3.put("wire", input.get("wire"));
        Object plaintext = Dispatch.run(new FieldSuite(), "decrypt", step3).get("plaintext");

        Map<String, Object> out = new LinkedHashMap<>();
        out.put("phrase", phrase);
        out.put("coupleKey", coupleKey);
        out.put("plaintext", plaintext);
        return out;
    }

    private Map<String, Object> keyboxToAnswer(Map<String, Object> input) throws Refusal, Unsupported {
        Map<String, Object> step1 = new LinkedHashMap<>();
        step1.put("recipientPrivateKeyset", input.get("recipientPrivateKeyset"));
        for (String id : new String[] {"coupleId", "questionId", "senderUserId", "recipientUserId"}) {
            step1.put(id, input.get(id));
        }
        step1.put("keybox", input.get("encryptedAnswerKey"));
        Map<String, Object> opened = Dispatch.run(new KeyboxSuite(), "open", step1);
        Object key = opened.get("key");
        if (key == null) {
            throw new Refusal("format", "the keybox holds neither a 32-byte key nor an AES-GCM keyset (form "
                    + opened.get("form") + ")");
        }

        Map<String, Object> step2 = new LinkedHashMap<>();
        step2.put("coupleId", input.get("coupleId"));
        step2.put("questionId", input.get("questionId"));
        step2.put("userId", input.get("senderUserId"));
        step2.put("oneTimeKey", key);
        step2.put("encryptedPayload", input.get("encryptedPayload"));
        step2.put("commitmentHash", input.get("commitmentHash"));
        Object answer = Dispatch.run(new SealedAnswerSuite(), "open", step2).get("answer");

        Map<String, Object> out = new LinkedHashMap<>();
        out.put("oneTimeKey", key);
        out.put("answer", answer);
        return out;
    }
}
