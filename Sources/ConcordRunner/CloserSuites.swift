import ConcordFormats

/// The Closer symmetric suites of CONTRACT.md §4–§8. Argon2id at the production parameters makes
/// `couple-key-wrap` and `invite-phrase` heavy; the others are cheap.
extension Suites {
    static let closerKdfCost = 47104.0 * 3 * 4e-7

    public static let coupleKeyWrap = Suite(
        name: "couple-key-wrap",
        ops: [OpSpec("wrap", inputs: [FieldSpec("phrase", .text), FieldSpec("kdfSalt", .bytes), FieldSpec("nonce", .bytes),
                                      FieldSpec("coupleKey", .bytes, required: false), FieldSpec("keysetJson", .text, required: false)],
                     expects: [FieldSpec("wrappedCoupleKey", .text), FieldSpec("kdfSalt", .text), FieldSpec("kdfParams", .text)],
                     exactlyOne: [["coupleKey", "keysetJson"]]),
              OpSpec("unwrap", inputs: [FieldSpec("phrase", .text), FieldSpec("kdfSalt", .text), FieldSpec("wrappedCoupleKey", .text)],
                     expects: [FieldSpec("coupleKey", .bytes), FieldSpec("form", .text)])],
        cost: { _ in closerKdfCost })

    public static let invitePhrase = Suite(
        name: "invite-phrase",
        ops: [OpSpec("seal", inputs: [FieldSpec("inviteCode", .text), FieldSpec("phrase", .text), FieldSpec("salt", .bytes), FieldSpec("nonce", .bytes)],
                     expects: [FieldSpec("encryptedRecoveryPhrase", .text)]),
              OpSpec("open", inputs: [FieldSpec("inviteCode", .text), FieldSpec("encryptedRecoveryPhrase", .text)],
                     expects: [FieldSpec("phrase", .text)])],
        cost: { _ in closerKdfCost })

    public static let field = Suite(
        name: "field",
        ops: [OpSpec("encrypt", inputs: [FieldSpec("coupleKey", .bytes), FieldSpec("coupleId", .text), FieldSpec("plaintext", .bytes), FieldSpec("nonce", .bytes)],
                     expects: [FieldSpec("wire", .text)]),
              OpSpec("decrypt", inputs: [FieldSpec("coupleKey", .bytes), FieldSpec("coupleId", .text), FieldSpec("wire", .text),
                                         FieldSpec("userId", .text, required: false), FieldSpec("questionId", .text, required: false)],
                     expects: [FieldSpec("plaintext", .bytes)])])

    public static let canonicalJSON = Suite(
        name: "canonical-json",
        ops: [OpSpec(nil, inputs: [FieldSpec("answer", .answer)], expects: [FieldSpec("json", .text)])])

    static let ids = [FieldSpec("coupleId", .text), FieldSpec("questionId", .text), FieldSpec("userId", .text)]

    static let pipeWarning: @Sendable ([String: Value]) -> [String] = { input in
        guard let c = input["coupleId"]?.text, let q = input["questionId"]?.text, let u = input["userId"]?.text,
              let w = Wire.pipeWarning(coupleId: c, questionId: q, userId: u) else { return [] }
        return [w]
    }

    public static let commitment = Suite(
        name: "commitment",
        ops: [OpSpec(nil, inputs: ids + [FieldSpec("answer", .answer)],
                     expects: [FieldSpec("canonicalJson", .text), FieldSpec("commitmentHash", .text)])],
        warnings: pipeWarning)

    public static let sealedAnswer = Suite(
        name: "sealed-answer",
        ops: [OpSpec("seal", inputs: ids + [FieldSpec("answer", .answer), FieldSpec("oneTimeKey", .bytes), FieldSpec("nonce", .bytes)],
                     expects: [FieldSpec("encryptedPayload", .text), FieldSpec("commitmentHash", .text)]),
              OpSpec("open", inputs: ids + [FieldSpec("oneTimeKey", .bytes), FieldSpec("encryptedPayload", .text), FieldSpec("commitmentHash", .text)],
                     expects: [FieldSpec("answer", .answer)])],
        warnings: pipeWarning)
}
