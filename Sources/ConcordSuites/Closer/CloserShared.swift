import ConcordFormats

/// What several Closer suites share: the Argon2id cost at the production parameters, the id fields
/// and the warning about `|` inside ids (the Closer contract §8).
extension Suites {
    static let closerKdfCost = 47104.0 * 3 * 4e-7
    static let closerImplementations = ["swift", "jvm"]

    static let closerIds = [FieldSpec("coupleId", .text, "The couple id."),
                            FieldSpec("questionId", .text, "The question (or thread) id."),
                            FieldSpec("userId", .text, "The user id.")]

    static let pipeWarning: @Sendable ([String: Value]) -> [String] = { input in
        guard let c = input["coupleId"]?.text, let q = input["questionId"]?.text, let u = input["userId"]?.text,
              let w = Wire.pipeWarning(coupleId: c, questionId: q, userId: u) else { return [] }
        return [w]
    }

    /// The keybox's contextInfo joins four ids with `|` (§10): the same ambiguity, seen in the joined text.
    static let contextInfoPipeWarning: @Sendable ([String: Value]) -> [String] = { input in
        guard let info = input["contextInfo"]?.text, let w = Wire.contextInfoPipeWarning(info) else { return [] }
        return [w]
    }
}
