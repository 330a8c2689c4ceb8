import ConcordFormats
import ConcordSuites

/// `closer.document` and `closer.chain` as the `swift` implementation computes them: each chain step
/// is the same code the single-step suites run, its output handed to the next step.
enum CloserChainHandlers {
    static let document = SuiteHandler(Suites.closerDocument) { r in
        ["fields": .text(try CloserDocuments.validate(kind: try r.text("kind"), document: try r.text("document")))]
    }

    static func chain(_ derive: @escaping Closer.KeyDerivation) -> SuiteHandler { SuiteHandler(Suites.closerChain) { r in
        switch r.op {
        case "invite-to-field":
            let phrase = try Closer.openInvitePhrase(inviteCode: try r.text("inviteCode"),
                                                     encryptedRecoveryPhrase: try r.text("encryptedRecoveryPhrase"), derive: derive)
            let key = try Closer.unwrapCoupleKey(phrase: phrase, kdfSalt: try r.text("kdfSalt"),
                                                 wrappedCoupleKey: try r.text("wrappedCoupleKey"), derive: derive).coupleKey
            let plaintext = try Closer.decryptField(coupleKey: key, coupleId: try r.text("coupleId"), wire: try r.text("wire"))
            return ["phrase": .text(phrase), "coupleKey": .bytes(key), "plaintext": .bytes(plaintext)]
        case "keybox-to-answer":
            let c = try r.text("coupleId"), q = try r.text("questionId"), sender = try r.text("senderUserId")
            let context = Wire.keyboxContext([c, q, sender, try r.text("recipientUserId")])
            let (keys, primary) = try TinkEciesKeyset.parsePrivateKeys(try r.text("recipientPrivateKeyset"))
            let box = try r.text("encryptedAnswerKey")
            if let refusal = LegacyForms.keyboxRefusal(box) { throw refusal }
            let opened = try Ecies.open(with: keys, primary: primary, contextInfo: Array(context.utf8),
                                        ciphertext: try Wire.decode(box, prefix: Wire.keybox, .url))
            guard let key = Ecies.describe(opened).key else {
                throw ContractError(.format, "the keybox holds \(opened.count) bytes that are neither a 32-byte key nor an AES-GCM keyset")
            }
            let answer = try Closer.openAnswer(coupleId: c, questionId: q, userId: sender, oneTimeKey: key,
                                               encryptedPayload: try r.text("encryptedPayload"),
                                               commitmentHash: try r.text("commitmentHash"))
            return ["oneTimeKey": .bytes(key), "answer": answer.value]
        default:
            throw Unsupported("closer.chain has no op \(r.op ?? "(none)")")
        }
    } }
}
