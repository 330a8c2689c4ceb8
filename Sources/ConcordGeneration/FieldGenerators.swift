import ConcordFormats

/// A generator per field kind (docs/exploration.md, "Field kinds"): sizes from the size classes,
/// text with the Unicode catalogue, the rare events on purpose, structured values valid and
/// near-valid. Every draw comes from `rng`: the same stream gives the same values on any machine.
public enum FieldGenerators {
    /// A value of `kind` for a field the contract bounds so (`FieldBounds`): sizes from the size
    /// classes within the case's byte budget (`pairs.bytesLeft`), text and ids with the Unicode
    /// catalogue's classes, integers at their edges, wraps and caps, keys with the rare events,
    /// structured values valid and near-valid; a wire string in its form among `forms` (its
    /// alphabet, a real point where its layout holds a public key).
    public static func generate(_ kind: FieldKind, bounds: FieldBounds = FieldBounds(), forms: [WireForm], rng: inout SeededRandom, pairs: inout KeyPairs) -> Value {
        switch kind {
        case .bytes(let lengths):
            let n = lengths.isEmpty ? size(bounds, pairs: &pairs, rng: &rng) : length(lengths, rng: &rng)
            return .bytes(bytes(length: n, rng: &rng))
        case .text:
            return .text(text(bounds, pairs: &pairs, rng: &rng))
        case .id:
            return .text(id(bounds, pairs: &pairs, rng: &rng))
        case .integer(let lo, let hi):
            return .integer(integer(lo, hi, caps: bounds.caps, rng: &rng))
        case .record(let r):
            return record(r, rng: &rng)
        case .privateKey(let c):
            // A tenth of the time a key of no pair (all zeros, all ones or another length): the
            // refusal paths of key checks.
            if rng.chance(1, in: 10) { return .bytes(oddKey(32, rng: &rng)) }
            return .bytes(pairs.pair(c, rng: &rng).private)
        case .publicKey(let c):
            if rng.chance(1, in: 10) { return .bytes(oddKey(c == .p256 ? 65 : 32, rng: &rng)) }
            return .bytes(pairs.pair(c, rng: &rng).public)
        case .peerPublicKey(let c):
            if rng.chance(1, in: 10) { return .bytes(oddKey(c == .p256 ? 65 : 32, rng: &rng)) }
            return .bytes(pairs.peerPublic(c, rng: &rng))
        case .peerPrivateKey(let c):
            if rng.chance(1, in: 10) { return .bytes(oddKey(32, rng: &rng)) }
            return .bytes(pairs.peerPair(c, rng: &rng).private)
        case .keyForm(let c, let side, let format):
            return StructuredValues.keyForm(c, side, format, pairs: &pairs, rng: &rng)
        case .kdfParams:
            return StructuredValues.kdfTag(pairs: &pairs, rng: &rng)
        case .ecdsaSignature(let encoding):
            return StructuredValues.ecdsaSignature(encoding, pairs: &pairs, rng: &rng)
        case .wire(let prefix, let minimum):
            return StructuredValues.wire(prefix: prefix, minimum: minimum, forms: forms, pairs: &pairs, rng: &rng)
        case .tinkAesGcm(let part):
            return pairs.keysetPart("aes-gcm", part: part, rng: &rng) ?? fallback(part, rng: &rng)
        case .tinkEcies(let part):
            return pairs.keysetPart("ecies", part: part, rng: &rng) ?? fallback(part, rng: &rng)
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

    /// A size from the size classes, within the case's byte budget (which it spends).
    static func size(_ bounds: FieldBounds, pairs: inout KeyPairs, rng: inout SeededRandom) -> Int {
        let n = SizeSchedule.draw(bounds, budget: pairs.bytesLeft, rng: &rng).size
        pairs.bytesLeft -= n
        return n
    }

    /// A length of a field with stated lengths: one of them seven times in eight, else a neighbour
    /// of one (±1) or 0.
    static func length(_ lengths: [Int], rng: inout SeededRandom) -> Int {
        let n = rng.pick(lengths)
        if rng.chance(7, in: 8) { return n }
        return rng.pick([0, max(0, n - 1), n + 1])
    }

    /// Uniform bytes, or (one time in sixteen each) all zeros or all 0xFF.
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

    /// A text: its length from the size classes in characters, UTF-8 bytes or UTF-16 units (one
    /// drawn), its characters from a class of the Unicode catalogue drawn by schedule
    /// (UnicodeClasses), within the case's byte budget.
    public static func text(_ bounds: FieldBounds = FieldBounds(), pairs: inout KeyPairs, rng: inout SeededRandom) -> String {
        let measure = rng.pick(TextMeasure.allCases)
        let draw = UnicodeClasses.drawClass(rng: &rng)
        // The budget is in UTF-8 bytes, at most four a unit.
        let n = SizeSchedule.draw(bounds, budget: pairs.bytesLeft / (measure == .utf8 ? 1 : 4), rng: &rng).size
        let u = UnicodeClasses.text(length: n, measure: measure, draw: draw, rng: &rng)
        let s = Spellings.string(u)
        pairs.bytesLeft -= s.utf8.count
        return s
    }

    public static func text(rng: inout SeededRandom) -> String {
        var pairs = KeyPairs()
        return text(pairs: &pairs, rng: &rng)
    }

    /// An id: its length from the size classes (in characters), of `a-z0-9-_`, holding a `|` one
    /// time in four and a class of the Unicode catalogue one time in two.
    public static func id(_ bounds: FieldBounds = FieldBounds(), pairs: inout KeyPairs, rng: inout SeededRandom) -> String {
        let n = SizeSchedule.draw(bounds, budget: pairs.bytesLeft / 4, rng: &rng).size
        var draw = UnicodeClasses.Draw.plain
        if rng.below(UnicodeClasses.idClassDenominator) < UnicodeClasses.idClassRate {
            draw = .one(rng.pick(UnicodeClass.allCases))
        }
        var u = UnicodeClasses.text(length: n, measure: .scalars, draw: draw, alphabet: UnicodeClasses.idScalars, density: 16, rng: &rng)
        if !u.isEmpty && rng.chance(1, in: 4) { u[Int(rng.below(UInt64(u.count)))] = "|" }
        let s = Spellings.string(u)
        pairs.bytesLeft -= s.utf8.count
        return s
    }

    public static func id(rng: inout SeededRandom) -> String {
        var pairs = KeyPairs()
        return id(pairs: &pairs, rng: &rng)
    }

    /// An integer of the range: an edge (RareEvents.edges: its ends, one inside them, 0 and ±1,
    /// the wraps at 2^8, 2^16, 2^31 and 2^32, each cap ±1) half of the time, else uniform.
    public static func integer(_ lo: Int64, _ hi: Int64, caps: [Int64] = [], rng: inout SeededRandom) -> Int64 {
        guard lo < hi else { return lo }
        if rng.chance(1, in: 2) { return rng.pick(RareEvents.edges(lo, hi, caps: caps)) }
        let span = UInt64(bitPattern: hi &- lo) &+ 1
        return span == 0 ? Int64(bitPattern: rng.next()) : lo &+ Int64(bitPattern: rng.below(span))
    }

    /// A value of a record type: each member in order, drawn as its `RecordType.Draw` says.
    public static func record(_ r: RecordType, rng: inout SeededRandom) -> Value {
        var m: [String: Value] = [:]
        for member in r.members {
            let d = member.draw
            if member.type.nullable && d.nullOneIn > 0 && rng.chance(1, in: d.nullOneIn) { m[member.name] = .null; continue }
            switch member.type {
            case .strings:
                m[member.name] = .list((0..<Int(rng.below(UInt64(max(0, d.maxCount)) + 1))).map { _ in drawn(d, integer: false, rng: &rng) })
            case .integer:
                m[member.name] = drawn(d, integer: true, rng: &rng)
            case .string:
                m[member.name] = drawn(d, integer: false, rng: &rng)
            }
        }
        return .map(m)
    }

    /// One of a member's `from` values, or (one time in `ownOneIn`, or when it has none) a value of
    /// its own generator.
    static func drawn(_ d: RecordType.Draw, integer isInteger: Bool, rng: inout SeededRandom) -> Value {
        if !d.from.isEmpty && (d.ownOneIn == 0 || !rng.chance(1, in: d.ownOneIn)) { return rng.pick(d.from) }
        if isInteger { return .integer(integer(Int64.min, Int64.max, rng: &rng)) }
        return .text(d.own == .id ? id(rng: &rng) : text(rng: &rng))
    }
}
