import ConcordFormats
import ConcordSuites

extension ExplanationRules {
    /// The two Argon2id-keyed paths of CONTRACT.md §4 and §5: the input that gives the KEK (secret,
    /// salt), how the salt is found, and the AAD the contract uses there.
    static func kekPath(_ context: Fields) -> (name: String, secret: String, salt: [UInt8], saltInBlob: Bool, aad: CloserAAD)? {
        if case .text(let phrase)? = context["phrase"], case .bytes(let salt)? = context["kdfSalt"], salt.count == 16 {
            return ("the couple key wrap (§4)", phrase, salt, false, .coupleKey)
        }
        if case .text(let code)? = context["inviteCode"], case .bytes(let salt)? = context["salt"], salt.count == 16 {
            return ("the invite-phrase seal (§5)", code, salt, true, .invitePhrase)
        }
        return nil
    }

    /// CONTRACT.md §4's and §5's trap: "the AAD of the invite path used here", "the two AADs swapped
    /// between §4 and §5". Their keys are Argon2id-derived, so `different-aad` (which needs the AES key
    /// in the input) cannot try them: this rule derives the key from the vector's secret and salt at
    /// the contract's parameters (one Argon2id: a costly rule, run only within `ExplanationBudget`)
    /// and names the AAD actual opens with when expected opens with the path's own.
    public static let kekAAD = ExplanationRule(name: "kek-aad", cost: kekAADCost) { expected, actual, context in
        guard let path = kekPath(context), case .text(let e) = expected, case .text(let a) = actual else { return nil }
        func gcm(_ s: String) -> [[UInt8]] {
            decodings(s).compactMap { b in
                guard !path.saltInBlob else { return b.count >= 16 + 28 && b[..<16].elementsEqual(path.salt) ? Array(b[16...]) : nil }
                return b.count >= 28 ? b : nil
            }
        }
        let be = gcm(e), ba = gcm(a)
        // Values of another shape (a kdfSalt, a tag) are no sealed blob: no Argon2id for them.
        guard !be.isEmpty, !ba.isEmpty,
              let key = crypto.argon2id(password: Array(path.secret.utf8), salt: path.salt, params: .closer, length: 32,
                                        secret: nil, associatedData: nil) else { return nil }
        guard be.contains(where: { crypto.aesGcmOpens(key: key, aad: path.aad.bytes, blob: $0) }) else { return nil }
        guard !ba.contains(where: { crypto.aesGcmOpens(key: key, aad: path.aad.bytes, blob: $0) }) else { return nil }
        for other in CloserAAD.tried(context) where other.bytes != path.aad.bytes {
            guard ba.contains(where: { crypto.aesGcmOpens(key: key, aad: other.bytes, blob: $0) }) else { continue }
            return "sealed with another AAD: actual opens with \(other.name), expected with \(path.aad.name), the AAD of \(path.name) "
                + "(the key derived with Argon2id from the vector's secret and salt)"
        }
        return nil
    }
}

extension ExplanationRules {
    /// What `kek-aad` spends: one Argon2id at the contract's parameters (CONTRACT.md §2), when the
    /// input has a path's secret and salt.
    static func kekAADCost(_ context: Fields) -> ExplanationCost? {
        guard kekPath(context) != nil else { return nil }
        let p = KdfParams.closer, work = UInt64(p.memoryKiB) * UInt64(p.iterations)
        return ExplanationCost(hashes: 1, work: work, largestWork: work, memoryKiB: UInt64(p.memoryKiB))
    }
}
