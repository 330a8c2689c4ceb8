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
                .version("app " + AppRelease.VERSION + " (BouncyCastle " + org.bouncycastle.jce.provider.BouncyCastleProvider.class.getPackage().getImplementationVersion() + ")");
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
        // The couple key wrapped under the recovery phrase: the raw key (option A), this release's parameters.
        kit.on("closer.couple-key-wrap", "wrap", (v, out) -> {
            if (v.has("keysetJson")) {
                throw new Unsupported("this module wraps the raw couple key (option A), not a keyset");
            }
            CoupleKeyWrap.Wrapped w = CoupleKeyWrap.wrap(v.text("phrase"), v.bytes("coupleKey"), v.bytes("kdfSalt"), v.bytes("nonce"));
            out.text("wrappedCoupleKey", w.wrappedCoupleKey).text("kdfSalt", w.kdfSalt).text("kdfParams", w.kdfParams);
        }).inputs("phrase", "kdfSalt", "nonce", "coupleKey", "keysetJson").outputs("wrappedCoupleKey", "kdfSalt", "kdfParams");
        // The stored tag names the parameters; without one, the contract's production tag.
        kit.on("closer.couple-key-wrap", "unwrap", (v, out) -> {
            String tag = v.has("kdfParams") ? v.text("kdfParams") : "argon2id;v=19;m=47104;t=3;p=1";
            try {
                out.bytes("coupleKey", CoupleKeyWrap.unwrap(v.text("phrase"), v.text("kdfSalt"), v.text("wrappedCoupleKey"), tag))
                   .text("form", "raw");
            } catch (UnsupportedOperationException e) {
                throw new Unsupported(e.getMessage());
            }
        }).inputs("phrase", "kdfSalt", "wrappedCoupleKey", "kdfParams").outputs("coupleKey", "form");
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
