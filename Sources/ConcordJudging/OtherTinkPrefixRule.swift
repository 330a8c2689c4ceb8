import ConcordFormats

extension ExplanationRules {
    /// CONTRACT.md §10's trap "a wrong key id prefix", §9's "a RAW, LEGACY or CRUNCHY prefix" where
    /// TINK is meant, and Sinew's header `0x01 ‖ keyId` (big-endian): both sides carry a Tink output
    /// prefix, every byte after it equal, and the prefix itself different (its marker, TINK 0x01
    /// against LEGACY/CRUNCHY 0x00, or its 4-byte key id). Tink's prefix is outside the ciphertext
    /// (not authenticated), so this is the prefix written wrong, not another key. Names both, and says
    /// when one id is the other's bytes reversed (written little-endian). (A prefix on one side only
    /// is `tink-prefix`'s.)
    public static let otherTinkPrefix = ExplanationRule(name: "other-tink-prefix") { expected, actual, _ in
        guard let e = blob(expected), let a = blob(actual), e.count == a.count, e.count > TinkOutputPrefix.length,
              let pe = TinkOutputPrefix.find(in: e), let pa = TinkOutputPrefix.find(in: a), pe != pa,
              e[TinkOutputPrefix.length...] == a[TinkOutputPrefix.length...] else { return nil }
        func named(_ p: TinkOutputPrefix.Found) -> String { "\(p.kind) 0x0\(p.marker) ‖ key id 0x\(p.keyIdHex) (\(p.keyId))" }
        var why: [String] = []
        if pe.marker != pa.marker { why.append("another prefix type (the contract's keys are \(pe.kind))") }
        if pe.keyId != pa.keyId {
            why.append(pa.keyId.byteSwapped == pe.keyId ? "the key id written little-endian; Tink writes it big-endian" : "another key id")
        }
        return "the same bytes behind another Tink output prefix: actual \(named(pa)), expected \(named(pe)): "
            + why.joined(separator: " and ") + "; the prefix is not authenticated, so it was written wrong"
    }
}
