import ConcordFormats
import ConcordSuites

/// What several Closer suites share: the Argon2id cost at the production parameters, the id fields
/// and the warning about `|` inside ids (the Closer contract §8).
extension Suites {
    static let closerKdfCost = 47104.0 * 3 * 4e-7
    static let closerImplementations = ["swift", "jvm"]

    static let closerIds = [FieldSpec("coupleId", .text, "The couple id.").kind(.id),
                            FieldSpec("questionId", .text, "The question (or thread) id.").kind(.id),
                            FieldSpec("userId", .text, "The user id.").kind(.id)]

    static let pipeWarning: @Sendable (Fields) -> [String] = { input in
        guard let c = input["coupleId"]?.text, let q = input["questionId"]?.text, let u = input["userId"]?.text,
              let w = CloserWire.pipeWarning(coupleId: c, questionId: q, userId: u) else { return [] }
        return [w]
    }

    /// A Closer check's cost: the KEKs it derives (`work`), each at the parameters it names, plus a
    /// cheap check's. An input refused before Argon2 runs (a salt that is not 16 bytes, a blob too
    /// short to hold one, a parameter tag that does not parse) derives nothing and costs a cheap
    /// check: counted as a derivation, as it was until 2026-12-06, such vectors made the shard plan
    /// expect about twice the Argon2id work the implementations did on the Closer suites.
    static func closerCost(_ work: @escaping @Sendable (Fields) -> [SharedWork]) -> @Sendable (Fields) -> Double {
        { input in work(input).reduce(1e-5) { $0 + $1.cost } }
    }

    /// The KEK derivation (§2) of `secret` and `salt` with `params`: equal keys, equal Argon2id work.
    /// Only a 16-byte salt derives (anything else is refused before Argon2 runs).
    static func closerKek(_ secret: String, _ salt: [UInt8], _ params: KdfParams = .closer) -> [SharedWork] {
        guard salt.count == 16 else { return [] }
        let key = "closer-kek v=\(params.version) m=\(params.memoryKiB) t=\(params.iterations) p=\(params.parallelism) salt=\(Hex.encode(salt)) secret=\(Hex.encode(Array(secret.utf8)))"
        return [SharedWork(key: key, cost: Double(params.memoryKiB) * Double(params.iterations) * 4e-7)]
    }

    /// A stored `b64` value's bytes, or nil when it does not decode (the check refuses it before deriving).
    static func closerStored(_ text: String?) -> [UInt8]? {
        guard let text else { return nil }
        return try? Base64.decode(text, .standard)
    }

    /// couple-key-wrap's shared KEK: wrap's (phrase, salt) at the production parameters; unwrap's
    /// (phrase, decoded kdfSalt) at the parameters its `kdfParams` tag names.
    static let coupleKeyWrapSharedWork: @Sendable (Fields) -> [SharedWork] = { input in
        guard let phrase = input["phrase"]?.text else { return [] }
        if case .bytes(let salt)? = input["kdfSalt"] { return closerKek(phrase, salt) }
        guard let salt = closerStored(input["kdfSalt"]?.text) else { return [] }
        var params = KdfParams.closer
        if let tag = input["kdfParams"]?.text {
            guard let p = try? KdfParams.parse(tag) else { return [] }
            params = p
        }
        return closerKek(phrase, salt, params)
    }

    /// invite-phrase's (and the chain's first step's) shared KEK: the invite code with the salt
    /// given (seal) or the blob's first 16 bytes (open).
    static let invitePhraseSharedWork: @Sendable (Fields) -> [SharedWork] = { input in
        guard let code = input["inviteCode"]?.text else { return [] }
        if case .bytes(let salt)? = input["salt"] { return closerKek(code, salt) }
        guard let blob = closerStored(input["encryptedRecoveryPhrase"]?.text), blob.count >= 16 + 12 + 16 else { return [] }
        return closerKek(code, Array(blob.prefix(16)))
    }

    /// The chain's invite-to-field KEKs: the invite code's (as invite-phrase's open), then the
    /// recovery phrase's that step opens, with the stored `kdfSalt` at the production parameters.
    /// That phrase is not in the input, but equal code and blob open the same phrase, so the second
    /// key is named by them and the salt. keybox-to-answer derives nothing.
    static let chainSharedWork: @Sendable (Fields) -> [SharedWork] = { input in
        let first = invitePhraseSharedWork(input)
        guard !first.isEmpty, let code = input["inviteCode"]?.text, let blob = input["encryptedRecoveryPhrase"]?.text,
              let salt = closerStored(input["kdfSalt"]?.text), salt.count == 16 else { return first }
        let key = "closer-chain-phrase-kek code=\(Hex.encode(Array(code.utf8))) blob=\(Hex.encode(Array(blob.utf8))) salt=\(Hex.encode(salt))"
        return first + [SharedWork(key: key, cost: closerKdfCost)]
    }

    /// A stored `kdfParams` above the run's Argon2 limits is refused before any implementation derives
    /// with it (as the argon2id suite's `params`).
    static let closerKdfLimits: @Sendable (Fields, Limits) -> String? = { input, limits in
        guard let tag = input["kdfParams"]?.text, let p = try? KdfParams.parse(tag) else { return nil }
        return limits.kdfExcess(p, joiner: ", above").map { "kdfParams names " + $0 }
    }

    /// The keybox's contextInfo joins four ids with `|` (§10): the same ambiguity, seen in the joined text.
    static let contextInfoPipeWarning: @Sendable (Fields) -> [String] = { input in
        guard let info = input["contextInfo"]?.text, let w = CloserWire.contextInfoPipeWarning(info) else { return [] }
        return [w]
    }
}
