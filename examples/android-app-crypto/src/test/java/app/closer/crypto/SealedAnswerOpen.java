package app.closer.crypto;

import concord.kit.ConcordKit;
import java.util.List;

/**
 * {@code closer.sealed-answer open} through the app's own code, which returns an answer: {@link Opener}
 * stands for the app's class (this example module has no sealed-answer code), returning the answer it
 * decrypted and checked against the commitment, or throwing the app's exception ({@code refuse} maps it).
 */
final class SealedAnswerOpen {
    private SealedAnswerOpen() {}

    /** The app's answer, as its own code holds it. */
    static final class Opened {
        final Long scale;
        final List<String> options;
        final String text;

        Opened(Long scale, List<String> options, String text) {
            this.scale = scale;
            this.options = options;
            this.text = text;
        }
    }

    interface Opener {
        Opened open(String payload, byte[] oneTimeKey, String coupleId, String questionId, String userId, String commitmentHash)
                throws Exception;
    }

    static void register(ConcordKit kit, Opener app) {
        kit.on("closer.sealed-answer", "open", (v, out) -> {
            Opened a = app.open(v.text("encryptedPayload"), v.bytes("oneTimeKey"), v.text("coupleId"),
                    v.text("questionId"), v.text("userId"), v.text("commitmentHash"));
            out.answer("answer", a.scale, a.options, a.text);
        }).inputs("coupleId", "questionId", "userId", "oneTimeKey", "encryptedPayload", "commitmentHash").outputs("answer");
    }
}
