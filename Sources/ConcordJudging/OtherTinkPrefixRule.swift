import ConcordFormats
import ConcordSuites

extension ExplanationRules {
    /// CONTRACT.md §10's trap "a wrong key id prefix", §9's "a RAW, LEGACY or CRUNCHY prefix" where
    /// TINK is meant, and Sinew's header `0x01 ‖ keyId` (big-endian): both sides carry a Tink output
    /// prefix, every byte after it equal, and the prefix itself different (its marker, TINK 0x01
    /// against LEGACY/CRUNCHY 0x00, or its 4-byte key id). Tink's prefix is outside the ciphertext
    /// (not authenticated), so this is the prefix written wrong, not another key. Names both, and says
    /// when one id is the other's bytes reversed (written little-endian). (A prefix on one side only
    /// is `tink-prefix`'s.)
    ///
    /// A difference of the marker alone (the same key id) is one bit of the first byte: any value
    /// starting 0x00 or 0x01 with that bit flipped (an HMAC tag) looks so. It is named only when the
    /// inputs hold that key id (an integer field, or a text — a keyset's JSON, inside `pub:v1:` too —
    /// that writes it), so a flipped bit of a MAC is not called a prefix written wrong.
    public static let otherTinkPrefix = ExplanationRule(name: "other-tink-prefix") { expected, actual, context in
        guard let e = blob(expected), let a = blob(actual), e.count == a.count, e.count > TinkOutputPrefix.length,
              let pe = TinkOutputPrefix.find(in: e), let pa = TinkOutputPrefix.find(in: a), pe != pa,
              e[TinkOutputPrefix.length...] == a[TinkOutputPrefix.length...] else { return nil }
        if pe.keyId == pa.keyId, !inputsHold(keyId: pe.keyId, context) { return nil }
        func named(_ p: TinkOutputPrefix.Found) -> String { "\(p.kind) 0x0\(p.marker) ‖ key id 0x\(p.keyIdHex) (\(p.keyId))" }
        var why: [String] = []
        if pe.marker != pa.marker { why.append("another prefix type (the contract's keys are \(pe.kind))") }
        if pe.keyId != pa.keyId {
            why.append(pa.keyId.byteSwapped == pe.keyId ? "the key id written little-endian; Tink writes it big-endian" : "another key id")
        }
        return "the same bytes behind another Tink output prefix: actual \(named(pa)), expected \(named(pe)): "
            + why.joined(separator: " and ") + "; the prefix is not authenticated, so it was written wrong"
    }

    /// Whether an input names key id `id`: an integer field equal to it, or a text writing it as a
    /// JSON member (`"keyId":N`, `"primaryKeyId":N`), directly or inside a `pub:v1:` text.
    static func inputsHold(keyId id: UInt32, _ context: Fields) -> Bool {
        let written = "\(id)"
        func writes(_ text: String) -> Bool {
            guard text.contains(written) else { return false }
            return text.range(of: #"[Kk]eyId"\s*:\s*"# + written + #"(?![0-9])"#, options: .regularExpression) != nil
        }
        return context.values.contains { value in
            switch value {
            case .integer(let n): return n == Int64(id)
            case .text(let t):
                if writes(t) { return true }
                guard t.hasPrefix(TinkEciesKeyset.publicPrefix), let b = try? Base64.decode(String(t.dropFirst(TinkEciesKeyset.publicPrefix.count)), .url) else { return false }
                return writes(String(decoding: b, as: UTF8.self))
            default: return false
            }
        }
    }
}
