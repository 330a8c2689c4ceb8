import ConcordFormats

/// What several Closer suites share: the Argon2id cost at the production parameters, the id fields
/// and the warning about `|` inside ids (the Closer contract §8).
extension Suites {
    static let closerKdfCost = 47104.0 * 3 * 4e-7
    static let closerImplementations = ["swift", "jvm"]

    static let closerIds = [FieldSpec("coupleId", .text, "The couple id."),
                            FieldSpec("questionId", .text, "The question (or thread) id."),
                            FieldSpec("userId", .text, "The user id.")]

    static let pipeWarning: @Sendable (Fields) -> [String] = { input in
        guard let c = input["coupleId"]?.text, let q = input["questionId"]?.text, let u = input["userId"]?.text,
              let w = Wire.pipeWarning(coupleId: c, questionId: q, userId: u) else { return [] }
        return [w]
    }

    /// The Argon2 cost of a vector that may name its parameters in a `kdfParams` tag (couple-key-wrap's
    /// unwrap): the production cost when it does not.
    static let closerKdfCostOf: @Sendable (Fields) -> Double = { input in
        guard let tag = input["kdfParams"]?.text, let p = try? KdfParams.parse(tag) else { return closerKdfCost }
        return Double(p.memoryKiB) * Double(p.iterations) * 4e-7
    }

    /// A stored `kdfParams` above the run's Argon2 limits is refused before any implementation derives
    /// with it (as the argon2id suite's `params`).
    static let closerKdfLimits: @Sendable (Fields, Limits) -> String? = { input, limits in
        guard let tag = input["kdfParams"]?.text, let p = try? KdfParams.parse(tag) else { return nil }
        if UInt64(p.memoryKiB) > limits.maxKdfMemoryKiB {
            return "kdfParams names Argon2 memory \(p.memoryKiB) KiB, above the limit of \(limits.maxKdfMemoryKiB) KiB (raise it with --max-kdf-memory KIB)"
        }
        let work = UInt64(p.memoryKiB) * UInt64(p.iterations)
        if work > limits.maxKdfWork {
            return "kdfParams names Argon2 work m×t = \(work) KiB·passes, above the limit of \(limits.maxKdfWork) (raise it with --max-kdf-work N)"
        }
        return nil
    }

    /// The keybox's contextInfo joins four ids with `|` (§10): the same ambiguity, seen in the joined text.
    static let contextInfoPipeWarning: @Sendable (Fields) -> [String] = { input in
        guard let info = input["contextInfo"]?.text, let w = Wire.contextInfoPipeWarning(info) else { return [] }
        return [w]
    }
}
