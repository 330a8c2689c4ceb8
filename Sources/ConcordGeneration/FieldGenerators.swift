import ConcordFormats

/// The key pairs one generated case has drawn, one per curve: every field of a case naming a
/// curve's private or public key takes the same pair (a signature made with `private` then
/// verifies under `public`).
public struct KeyPairs: Sendable {
    private var made: [FieldKind.Curve: (private: [UInt8], public: [UInt8])] = [:]
    private var keysets: [FreshKind: [String: Value]] = [:]
    public init() {}

    /// A part of the case's Tink keyset of `kind` (`tinkAesGcmKeyset`, `tinkEciesKeyset`), drawn
    /// the first time: any output prefix, key-id edges (the high bit set, small ids) on half the draws.
    public mutating func keyset(_ kind: FreshKind, part: String, rng: inout SeededRandom) -> Value? {
        if keysets[kind] == nil {
            var options = FreshOptions()
            options.outputPrefix = rng.pick(TinkOutputPrefix.allCases)
            let drawn = try? FreshValues.draw([FreshDeclaration(name: "k", kind: kind, options: options)],
                                              path: ["explore-keyset", String(rng.next())], trial: Int(rng.below(4)))
            keysets[kind] = drawn ?? [:]
        }
        return keysets[kind]!["k." + part]
    }

    /// The case's pair of `curve`, drawn (from `rng`) the first time it is asked for.
    public mutating func pair(_ curve: FieldKind.Curve, rng: inout SeededRandom) -> (private: [UInt8], public: [UInt8]) {
        if let p = made[curve] { return p }
        let kind: FreshKind = switch curve {
        case .x25519: .x25519KeyPair
        case .ed25519: .ed25519KeyPair
        case .p256: .p256KeyPair
        }
        // The fresh values' own generator (edges included: a coordinate with a leading zero byte),
        // on a stream of its own drawn from this one; edge trials (odd) half the time.
        let path = ["explore-key", String(rng.next())]
        let trial = Int(rng.below(2))
        var pair: (private: [UInt8], public: [UInt8]) = (rng.bytes(32), rng.bytes(curve == .p256 ? 65 : 32))
        if let drawn = try? FreshValues.draw([FreshDeclaration(name: "k", kind: kind, options: FreshOptions())], path: path, trial: trial),
           case .bytes(let d)? = drawn["k.private"], case .bytes(let q)? = drawn["k.public"] {
            pair = (d, q)
        }
        made[curve] = pair
        return pair
    }
}

/// A generator per field kind (docs/exploration.md, "Field kinds"): each draw takes the kind's
/// edges often (the shortest and longest lengths, the ends of a range, a text of nothing but
/// tricky characters) and a uniform value otherwise. Every draw comes from `rng`: the same stream
/// gives the same values on any machine.
public enum FieldGenerators {
    /// The byte lengths drawn for a field whose kind names none, the edges first.
    public static let edgeLengths = [0, 1, 15, 16, 17, 31, 32, 33, 64]

    public static func generate(_ kind: FieldKind, rng: inout SeededRandom, pairs: inout KeyPairs) -> Value {
        switch kind {
        case .bytes(let lengths):
            return .bytes(bytes(length: length(lengths, rng: &rng), rng: &rng))
        case .text:
            return .text(text(rng: &rng))
        case .id:
            return .text(id(rng: &rng))
        case .integer(let lo, let hi):
            return .integer(integer(lo, hi, rng: &rng))
        case .answer:
            return answer(rng: &rng)
        case .privateKey(let c):
            // A tenth of the time a key of no pair (all zeros, all ones or another length): the
            // refusal paths of key checks.
            if rng.chance(1, in: 10) { return .bytes(oddKey(32, rng: &rng)) }
            return .bytes(pairs.pair(c, rng: &rng).private)
        case .publicKey(let c):
            if rng.chance(1, in: 10) { return .bytes(oddKey(c == .p256 ? 65 : 32, rng: &rng)) }
            return .bytes(pairs.pair(c, rng: &rng).public)
        case .tinkAesGcm(let part):
            return pairs.keyset(.tinkAesGcmKeyset, part: part, rng: &rng) ?? fallback(part, rng: &rng)
        case .tinkEcies(let part):
            return pairs.keyset(.tinkEciesKeyset, part: part, rng: &rng) ?? fallback(part, rng: &rng)
        }
    }

    /// A value of a keyset part's type when the keyset could not be drawn.
    static func fallback(_ part: String, rng: inout SeededRandom) -> Value {
        switch FieldKind.tinkParts[part] {
        case "integer": return .integer(Int64(rng.below(1 << 32)))
        case "bytes": return .bytes(rng.bytes(32))
        default: return .text(text(rng: &rng))
        }
    }

    /// A length of a field: one of its stated lengths seven times in eight, else a neighbour of one
    /// (±1) or 0; any length up to 64 with the edges half of the time when none is stated.
    static func length(_ lengths: [Int], rng: inout SeededRandom) -> Int {
        if lengths.isEmpty {
            return rng.chance(1, in: 2) ? rng.pick(edgeLengths) : rng.int(0...64)
        }
        let n = rng.pick(lengths)
        if rng.chance(7, in: 8) { return n }
        return rng.pick([0, max(0, n - 1), n + 1])
    }

    /// Uniform bytes, or (one time in sixteen) all zeros or all 0xFF.
    public static func bytes(length n: Int, rng: inout SeededRandom) -> [UInt8] {
        switch rng.below(16) {
        case 0: return [UInt8](repeating: 0, count: n)
        case 1: return [UInt8](repeating: 0xFF, count: n)
        default: return rng.bytes(n)
        }
    }

    static func oddKey(_ n: Int, rng: inout SeededRandom) -> [UInt8] {
        switch rng.below(4) {
        case 0: return [UInt8](repeating: 0, count: n)
        case 1: return [UInt8](repeating: 0xFF, count: n)
        case 2: return rng.bytes(n - 1)
        default: return rng.bytes(n)
        }
    }

    /// ASCII letters and digits (with a space): the plain part of a text.
    static let plain: [Unicode.Scalar] = Array("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789 ".unicodeScalars)
    static let idScalars: [Unicode.Scalar] = Array("abcdefghijklmnopqrstuvwxyz0123456789-_".unicodeScalars)

    /// A text: empty, every tricky character once, a plain ASCII text, or (most often) letters with
    /// a tricky character a third of the time, up to 24 characters.
    public static func text(rng: inout SeededRandom) -> String {
        var s = String.UnicodeScalarView()
        switch rng.below(10) {
        case 0: return ""
        case 1:
            s.append("e")
            for c in TrickyCharacters.scalars { s.append(c) }
        case 2:
            for _ in 0..<rng.int(1...24) { s.append(rng.pick(plain)) }
        default:
            for _ in 0..<rng.int(1...24) { s.append(rng.chance(1, in: 3) ? rng.pick(TrickyCharacters.scalars) : rng.pick(plain)) }
        }
        return String(s)
    }

    /// An id of 1 to 16 characters, holding a `|` one time in four (and, rarely, empty).
    public static func id(rng: inout SeededRandom) -> String {
        if rng.chance(1, in: 32) { return "" }
        var s = Array(String.UnicodeScalarView((0..<rng.int(1...16)).map { _ in rng.pick(idScalars) }))
        if rng.chance(1, in: 4) { s[Int(rng.below(UInt64(s.count)))] = "|" }
        if rng.chance(1, in: 16) { s.append(rng.pick(TrickyCharacters.scalars)) }
        var v = String.UnicodeScalarView()
        v.append(contentsOf: s)
        return String(v)
    }

    /// An integer of the range: an edge (its ends, one inside them, 0 and ±1 when inside) half of
    /// the time, else uniform.
    public static func integer(_ lo: Int64, _ hi: Int64, rng: inout SeededRandom) -> Int64 {
        guard lo < hi else { return lo }
        if rng.chance(1, in: 2) {
            let edges = [lo, hi, lo &+ 1, hi &- 1, 0, 1, -1].filter { $0 >= lo && $0 <= hi }
            return rng.pick(edges)
        }
        let span = UInt64(bitPattern: hi &- lo) &+ 1
        return span == 0 ? Int64(bitPattern: rng.next()) : lo &+ Int64(bitPattern: rng.below(span))
    }

    /// A Closer answer: a scale value in (and just outside) 1...5 or null, a few option ids, a text or null.
    public static func answer(rng: inout SeededRandom) -> Value {
        let scale: Value = rng.chance(1, in: 4) ? .null : .integer(rng.pick([0, 1, 2, 3, 4, 5, 6, -1, Int64.max]))
        let ids: [Value] = (0..<Int(rng.below(4))).map { _ in .text(rng.chance(1, in: 4) ? id(rng: &rng) : rng.pick(["a", "b", "c"])) }
        let written: Value = rng.chance(1, in: 3) ? .null : .text(text(rng: &rng))
        return .map(["scaleValue": scale, "selectedOptionIds": .list(ids), "writtenText": written])
    }
}
