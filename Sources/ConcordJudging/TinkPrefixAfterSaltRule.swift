import ConcordFormats
import ConcordSuites

extension ExplanationRules {
    /// The length of the Argon2id salt in front of an invite-phrase blob (CONTRACT.md §5).
    static let invitePhraseSaltLength = 16

    /// CONTRACT.md §5's trap "a Tink prefix after the salt": an invite-phrase value is
    /// `salt16 ‖ nonce ‖ ct ‖ tag`; an implementation that seals with Tink's `AES256_GCM` template
    /// (TINK prefix) instead of `AES256_GCM_RAW` writes `salt16 ‖ 0x01 ‖ key id ‖ nonce ‖ ct ‖ tag`.
    /// One side is the other with those five bytes inserted right after the 16-byte salt, and the
    /// rest equal (the AES-GCM part is the same: the prefix is outside it). When the vector's input
    /// gives the salt, the first 16 bytes must be it. (A prefix at the very front is `tink-prefix`'s.)
    public static let tinkPrefixAfterSalt = ExplanationRule(name: "tink-prefix-after-salt") { expected, actual, context in
        guard let e = blob(expected), let a = blob(actual) else { return nil }
        let salt = invitePhraseSaltLength, n = TinkOutputPrefix.length
        if case .bytes(let given)? = context["salt"], given.count != salt { return nil }
        let givenSalt = context["salt"]?.bytes
        func inserted(_ long: [UInt8], _ short: [UInt8]) -> TinkOutputPrefix.Found? {
            // After the salt the AES-GCM part holds at least a nonce and a tag (28 bytes).
            guard long.count == short.count + n, short.count >= salt + 28, long[..<salt] == short[..<salt],
                  givenSalt.map({ long[..<salt].elementsEqual($0) }) ?? true,
                  long[(salt + n)...].elementsEqual(short[salt...]),
                  let p = TinkOutputPrefix.find(in: Array(long[salt..<(salt + n)])) else { return nil }
            return p
        }
        func sentence(_ side: String, _ p: TinkOutputPrefix.Found) -> String {
            "\(side) carries a Tink output prefix (\(p.kind): 0x0\(p.marker) ‖ key id 0x\(p.keyIdHex)) after the \(salt)-byte salt, "
                + "the rest equal: AES-GCM sealed with a prefixed Tink template (AES256_GCM) where the contract's blob is "
                + "salt ‖ nonce ‖ ciphertext ‖ tag, RAW (CONTRACT.md §5)"
        }
        if let p = inserted(a, e) { return sentence("actual", p) }
        if let p = inserted(e, a) { return sentence("expected", p) }
        return nil
    }
}
