import ConcordFormats
import ConcordSuites

extension ExplanationRules {
    /// One ECDSA signature read from DER (`SEQUENCE { INTEGER r, INTEGER s }`), leniently: the two
    /// integers as written, with the length forms used; nil when the bytes are no such sequence.
    struct DERSignature: Equatable {
        var r: [UInt8], s: [UInt8]
        var longForm: Bool
        /// The integers without their leading zero bytes (the numbers themselves).
        var numbers: [[UInt8]] { [r, s].map { Array($0.drop(while: { $0 == 0 })) } }

        init?(_ b: [UInt8]) {
            var i = 0, long = false
            func length() -> Int? {
                guard i < b.count else { return nil }
                let first = b[i]; i += 1
                if first < 0x80 { return Int(first) }
                guard first == 0x81, i < b.count else { return nil }
                long = true
                defer { i += 1 }
                return Int(b[i])
            }
            func integer() -> [UInt8]? {
                guard i < b.count, b[i] == 0x02 else { return nil }
                i += 1
                guard let n = length(), n >= 1, i + n <= b.count else { return nil }
                defer { i += n }
                return Array(b[i..<(i + n)])
            }
            guard b.count >= 8, b[0] == 0x30 else { return nil }
            i = 1
            guard let total = length(), i + total == b.count, let r = integer(), let s = integer(), i == b.count else { return nil }
            (self.r, self.s, self.longForm) = (r, s, long)
        }
    }

    /// askkey.md's trap, DER against raw `r ‖ s` (IEEE P1363), and its converters' slips: one side
    /// DER and the other P1363 of the same `r` and `s`; a P1363 form whose integers were not padded
    /// to 32 bytes (or kept DER's sign byte); or two DER forms of the same numbers, one of them not
    /// minimal (a missing `0x00` before an integer whose top bit is set, an extra leading zero, a
    /// long-form length). Pure byte parsing.
    public static let ecdsaEncoding = ExplanationRule(name: "ecdsa-encoding") { expected, actual, _ in
        guard case .bytes(let e) = expected, case .bytes(let a) = actual else { return nil }
        let half = 32
        func p1363(_ b: [UInt8]) -> [[UInt8]]? {
            guard b.count == 2 * half else { return nil }
            return [Array(b[..<half]), Array(b[half...])].map { Array($0.drop(while: { $0 == 0 })) }
        }
        func minimal(_ x: [UInt8]) -> [UInt8] { Array(x.drop(while: { $0 == 0 })) }
        func signed(_ x: [UInt8]) -> [UInt8] { let m = minimal(x); return (m.first ?? 0) >= 0x80 ? [0] + m : m }
        /// What makes a DER form other than the minimal one.
        func oddities(_ d: DERSignature) -> [String] {
            var out: [String] = []
            for (name, x) in [("r", d.r), ("s", d.s)] {
                if x[0] >= 0x80 { out.append("\(name) without the 0x00 its top bit needs (read as negative)") }
                if x.count > 1 && x[0] == 0 && x[1] < 0x80 { out.append("\(name) with an extra leading zero byte") }
            }
            if d.longForm { out.append("a long-form length") }
            return out
        }
        // DER on one side, P1363 on the other.
        for (derSide, der, rawSide, raw) in [("actual", a, "expected", e), ("expected", e, "actual", a)] {
            if let d = DERSignature(der), let n = p1363(raw), d.numbers == n {
                return "\(derSide) is the DER encoding (SEQUENCE { INTEGER r, INTEGER s }, \(der.count) bytes) of the signature \(rawSide) "
                    + "writes as IEEE P1363 r ‖ s (\(raw.count) bytes): the same r and s in the other encoding (askkey.md)"
            }
        }
        // P1363 whose integers were not padded to 32 bytes each (or kept DER's sign byte).
        for (side, short, other, full) in [("actual", a, "expected", e), ("expected", e, "actual", a)] {
            guard let n = p1363(full), short.count != full.count else { continue }
            let r = Array(full[..<half]), s = Array(full[half...])
            if minimal(r) + minimal(s) == short {
                return "\(side) is r ‖ s without padding each to \(half) bytes (r \(minimal(r).count), s \(minimal(s).count) bytes); "
                    + "IEEE P1363, as \(other) has it, writes both at full length (askkey.md)"
            }
            if signed(r) + signed(s) == short, n.count == 2 {
                return "\(side) is r ‖ s written as DER's integers (minimal, with a 0x00 sign byte: r \(signed(r).count), s \(signed(s).count) bytes); "
                    + "IEEE P1363, as \(other) has it, writes each as \(half) bytes (askkey.md)"
            }
            // Some of the leading zero bytes kept, not all (one put back, never two).
            let zr = r.prefix(while: { $0 == 0 }).count, zs = s.prefix(while: { $0 == 0 }).count, cut = full.count - short.count
            if cut > 0, cut <= zr + zs {
                for i in max(0, cut - zs)...min(cut, zr) where Array(r.dropFirst(i)) + Array(s.dropFirst(cut - i)) == short {
                    return "\(side) is r ‖ s with \(i) of r's \(zr) and \(cut - i) of s's \(zs) leading zero bytes left out (\(short.count) bytes); "
                        + "IEEE P1363, as \(other) has it, keeps every one: each integer is \(half) bytes (askkey.md)"
                }
            }
        }
        // Two DER forms of the same numbers.
        if let de = DERSignature(e), let da = DERSignature(a), de.numbers == da.numbers {
            let odd = oddities(da), oddE = oddities(de)
            if !odd.isEmpty { return "the same r and s; actual's DER is not the minimal form: " + odd.joined(separator: ", ") + " (askkey.md: DER is read strictly)" }
            if !oddE.isEmpty { return "the same r and s; expected's DER is not the minimal form: " + oddE.joined(separator: ", ") + " (askkey.md: DER is read strictly)" }
        }
        return nil
    }
}
