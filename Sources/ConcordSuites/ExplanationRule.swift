import ConcordFormats

/// One known cause of a difference: a name and a test that says, in a sentence, how `actual`
/// relates to `expected` (nil when the cause does not fit). `context` is the vector's input when known.
/// A rule that computes something costly (Argon2id) says what it would spend on an input (`cost`),
/// and runs only when that fits the vector's explanation budget (ConcordJudging's ExplanationBudget).
public struct ExplanationRule: Sendable {
    public var name: String
    public var explain: @Sendable (_ expected: Value, _ actual: Value, _ context: Fields) -> String?
    /// What the rule would spend on this input; nil for a cheap rule (or one that will not run).
    public var cost: (@Sendable (_ context: Fields) -> ExplanationCost?)?
    public init(name: String, cost: (@Sendable (_ context: Fields) -> ExplanationCost?)? = nil,
                explain: @escaping @Sendable (_ expected: Value, _ actual: Value, _ context: Fields) -> String?) {
        self.name = name
        self.cost = cost
        self.explain = explain
    }
}

/// What a costly rule would spend on one input: the number of Argon2id hashes, their summed work
/// (KiB·passes), the largest one's, and the largest memory (KiB).
public struct ExplanationCost: Sendable, Equatable {
    public var hashes: Int
    /// Summed over the hashes, and of the largest one (KiB·passes).
    public var work: UInt64, largestWork: UInt64
    public var memoryKiB: UInt64
    public init(hashes: Int, work: UInt64, largestWork: UInt64, memoryKiB: UInt64) {
        (self.hashes, self.work, self.largestWork, self.memoryKiB) = (hashes, work, largestWork, memoryKiB)
    }
}

/// Where a pack's rule is tried among the generic rules (ConcordJudging's `Explanations.rules`):
/// just before or just after the named generic rule. Rules with the same place are tried in the
/// order of `Packs.all`, then in the order the pack lists them.
public enum RulePlace: Sendable, Equatable {
    case before(String)
    case after(String)
}

/// A pack's explanation rule and its place among the generic ones.
public struct PlacedRule: Sendable {
    public var rule: ExplanationRule
    public var place: RulePlace
    public init(_ rule: ExplanationRule, _ place: RulePlace) {
        self.rule = rule
        self.place = place
    }
}

extension Sequence {
    /// How many elements from the start satisfy `p`.
    package func prefixCount(while p: (Element) -> Bool) -> Int {
        var n = 0
        for x in self { guard p(x) else { break }; n += 1 }
        return n
    }
}

/// The rules, each small and tested on its own (ExplanationRuleTests): the generic ones are
/// ConcordJudging's extensions of this enum, a contract's traps its pack's. Here, what they share:
/// the readings of a text as bytes, and `crypto` (a wire string's blob is read in ConcordJudging,
/// which has the packs' wire forms: `ExplanationRules.wire`). The rules are pure; those that need real
/// cryptography (`different-aad`, `argon2-parameters`, the packs' composition rules) ask `crypto`.
public enum ExplanationRules {
    /// Where the crypto-backed rules get their answers: the primitives, in process.
    public static let crypto: any CryptoDiagnoses = InProcessDiagnoses()

    // MARK: helpers

    /// Every reading of a text as bytes: hex (either case), base64 of either alphabet with or
    /// without padding and line breaks.
    package static func decodings(_ s: String) -> [[UInt8]] {
        var out: [[UInt8]] = []
        if !s.isEmpty, s.utf8.allSatisfy({ $0.isHexDigit }), let b = try? Hex.decode(s) { out.append(b) }
        var u = Array(s.utf8).filter { ![10, 13, 32, 9].contains($0) }
        while u.last == UInt8(ascii: "=") { u.removeLast() }
        u = u.map { $0 == UInt8(ascii: "-") ? UInt8(ascii: "+") : $0 == UInt8(ascii: "_") ? UInt8(ascii: "/") : $0 }
        if !u.isEmpty {
            while u.count % 4 != 0 { u.append(UInt8(ascii: "=")) }
            if let b = try? Base64.decode(String(decoding: u, as: UTF8.self), .standard) { out.append(b) }
        }
        return out
    }

    /// How a text encodes its bytes, in words ("URL-safe base64 without padding").
    package static func form(_ s: String) -> String {
        if !s.isEmpty, s.utf8.allSatisfy({ $0.isHexDigit }) && s.count % 2 == 0 {
            let upper = s.utf8.contains { $0 >= 65 && $0 <= 70 }, lower = s.utf8.contains { $0 >= 97 && $0 <= 102 }
            return upper && lower ? "mixed-case hex" : upper ? "upper-case hex" : "lower-case hex"
        }
        var parts: [String] = []
        let url = s.contains("-") || s.contains("_"), std = s.contains("+") || s.contains("/")
        parts.append(url ? "URL-safe base64" : std ? "standard base64" : "base64")
        let core = s.filter { !"\r\n \t".contains($0) }
        parts.append(core.hasSuffix("=") ? "with padding" : core.count % 4 != 0 ? "without padding" : "")
        if s.contains("\n") || s.contains("\r") { parts.append("with line breaks") }
        return parts.filter { !$0.isEmpty }.joined(separator: " ")
    }

    package static func text(_ v: Value) -> String? {
        switch v {
        case .text(let s): return s
        case .bytes(let b): return String(validating: b, as: UTF8.self)
        default: return nil
        }
    }

    /// The ways a 32-byte X25519 value loses zero bytes through a big integer: its leading ones
    /// dropped (a minimal big-endian encoding), or its last ones (the little-endian value read as a
    /// number, Java's `XECPublicKey.getU()`, and written back minimal). Only those that change it.
    package static func x25519Strippings(_ z: [UInt8]) -> [(bytes: [UInt8], words: String)] {
        let leading = z.prefixCount(while: { $0 == 0 }), trailing = z.reversed().prefixCount(while: { $0 == 0 })
        var out: [(bytes: [UInt8], words: String)] = []
        func n(_ k: Int) -> String { k == 1 ? "byte" : "bytes (\(k))" }
        if leading > 0 { out.append((Array(z.dropFirst(leading)), "its leading zero \(n(leading)) dropped (a value passed through a big integer)")) }
        if trailing > 0 {
            out.append((Array(z.dropLast(trailing)), "its last zero \(n(trailing)) dropped (the little-endian value read as a big integer, as Java's `XECPublicKey.getU()`)"))
        }
        return out
    }

    /// Byte equality of texts (String's == equates NFC and NFD forms).
    package static func same(_ a: String, _ b: String) -> Bool { a.utf8.elementsEqual(b.utf8) }

}

fileprivate extension UInt8 {
    var isHexDigit: Bool { (48...57).contains(self) || (65...70).contains(self) || (97...102).contains(self) }
}
