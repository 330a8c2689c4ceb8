package app.closer.crypto;

import concord.kit.Answer;
import concord.kit.ConcordKit;
import concord.kit.Refusal;
import concord.kit.Unsupported;

/**
 * Concord's suites, each calling the app's real classes: shared (src/sharedTest) by the JUnit tests, the
 * instrumented capture test and the live adapter.
 */
final class ConcordHandlers {
    private ConcordHandlers() {}

    static ConcordKit kit() {
        ConcordKit kit = new ConcordKit("android").platform("JVM " + System.getProperty("java.version"))
                .version("android-app-crypto example (BouncyCastle " + org.bouncycastle.jce.provider.BouncyCastleProvider.class.getPackage().getImplementationVersion() + ")");
        kit.refuse(CloserCryptoException.Format.class, Refusal.FORMAT)
           .refuse(CloserCryptoException.BadTag.class, Refusal.AUTHENTICATION)
           .refuse(CloserCryptoException.Parameters.class, Refusal.PARAMETERS);
        kit.on("closer.field", "encrypt", (v, out) ->
                out.text("wire", FieldCipher.encrypt(v.bytes("coupleKey"), v.text("coupleId"), v.bytes("plaintext"), v.bytes("nonce"))))
           .inputs("coupleKey", "coupleId", "plaintext", "nonce").outputs("wire");
        kit.on("closer.field", "decrypt", (v, out) ->
                out.bytes("plaintext", FieldCipher.decrypt(v.bytes("coupleKey"), v.text("coupleId"), v.text("wire"))))
           .inputs("coupleKey", "coupleId", "wire", "userId", "questionId", "keysetJson").outputs("plaintext");
        // The round trip's seal (closer.field roundtrip): a fresh nonce, as the app encrypts.
        kit.on("closer.field", "roundtrip-seal", (v, out) -> {
            byte[] nonce = new byte[12];
            new java.security.SecureRandom().nextBytes(nonce);
            out.text("wire", FieldCipher.encrypt(v.bytes("coupleKey"), v.text("coupleId"), v.bytes("plaintext"), nonce));
        }).inputs("coupleKey", "coupleId", "plaintext", "keysetJson").outputs("wire");
        kit.on("closer.canonical-json", (v, out) -> {
            Answer a = v.answer("answer");
            out.text("json", CanonicalAnswer.json(a.scaleValue, a.selectedOptionIds, a.writtenText));
        }).inputs("answer").outputs("json");
        kit.on("closer.commitment", (v, out) -> {
            Answer a = v.answer("answer");
            String json = CanonicalAnswer.json(a.scaleValue, a.selectedOptionIds, a.writtenText);
            out.text("canonicalJson", json);
            out.text("commitmentHash", AnswerCommitment.hash(v.text("coupleId"), v.text("questionId"), v.text("userId"), json));
        }).inputs("coupleId", "questionId", "userId", "answer").outputs("canonicalJson", "commitmentHash");
        kit.on("argon2id", (v, out) -> {
            if (v.has("secret") || v.has("associatedData")) {
                throw new Unsupported("the app's KDF takes no secret or associated data");
            }
            long length = v.has("length") ? v.integer("length") : 32;
            if (length < 0 || length > Integer.MAX_VALUE) {
                throw new Refusal(Refusal.PARAMETERS, "key length " + length);
            }
            try {
                out.bytes("key", PasswordKdf.derive(v.bytes("password"), v.bytes("salt"), v.text("params"), (int) length));
            } catch (UnsupportedOperationException e) {
                throw new Unsupported(e.getMessage());
            }
        }).inputs("password", "salt", "params", "length").outputs("key");
        return kit;
    }
}
