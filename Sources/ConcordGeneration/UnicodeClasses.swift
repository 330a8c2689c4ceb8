/// The catalogue of Unicode classes text and id fields are drawn with (docs/exploration.md,
/// "Text and ids"): each the characters (or sequences) one kind of reader, writer or escaper gets wrong.
public enum UnicodeClass: String, Sendable, CaseIterable {
    /// U+0000–U+001F.
    case c0Controls = "C0 controls"
    /// U+0080–U+009F.
    case c1Controls = "C1 controls"
    /// U+007F.
    case del = "DEL"
    /// What JSON and HTML encoders escape: `"` `\` `/` `<` `>` `&` `'` `` ` `` `=` `+`.
    case escaped = "JSON and HTML escapes"
    /// U+2028 and U+2029 (raw in JSON, line ends in JavaScript source).
    case lineSeparators = "U+2028/U+2029"
    /// U+FEFF, at the start half of the time.
    case bom = "BOM"
    /// U+FDD0–U+FDEF and the last two code points of every plane.
    case noncharacters = "noncharacters"
    /// U+E000–U+F8FF and the supplementary private use planes.
    case privateUse = "private use"
    /// A character of U+E000–U+FFFF next to an astral one: UTF-16 order and code point order differ.
    case bmpTopBesideAstral = "U+E000–U+FFFF beside astral"
    /// A letter and combining marks (two marks out of canonical order too), or a mark with no base.
    case combining = "combining sequences"
    /// One text in its NFC and its NFD form, side by side.
    case nfcNFDPairs = "NFC/NFD pairs"
    /// Four-byte UTF-8 forms (U+10000 up to U+10FFFF).
    case longestUTF8 = "longest UTF-8 forms"

    /// The sequences a text of this class inserts, each kept whole.
    public var items: [[Unicode.Scalar]] {
        func s(_ values: [UInt32]) -> [[Unicode.Scalar]] { values.map { [Unicode.Scalar($0)!] } }
        switch self {
        case .c0Controls: return s(Array(0x00...0x1F))
        case .c1Controls: return s(Array(0x80...0x9F))
        case .del: return s([0x7F])
        case .escaped: return s([0x22, 0x5C, 0x2F, 0x3C, 0x3E, 0x26, 0x27, 0x60, 0x3D, 0x2B])
        case .lineSeparators: return s([0x2028, 0x2029])
        case .bom: return s([0xFEFF])
        case .noncharacters: return s([0xFDD0, 0xFDE7, 0xFDEF, 0xFFFE, 0xFFFF, 0x1FFFE, 0x1FFFF, 0x10FFFE, 0x10FFFF])
        case .privateUse: return s([0xE000, 0xE123, 0xF8FF, 0xF0000, 0xFFFFD, 0x100000, 0x10FFFD])
        case .bmpTopBesideAstral:
            let top: [UInt32] = [0xE000, 0xFB01, 0xFF21, 0xFFFD], astral: [UInt32] = [0x10000, 0x1F600, 0x20000]
            return top.flatMap { t in astral.flatMap { a in [[Unicode.Scalar(t)!, Unicode.Scalar(a)!], [Unicode.Scalar(a)!, Unicode.Scalar(t)!]] } }
        case .combining:
            return [[0x65, 0x301], [0x61, 0x308, 0x301], [0x6F, 0x302, 0x323], [0x301], [0x1100, 0x1161, 0x11A8], [0x41, 0x20DD]]
                .map { $0.map { Unicode.Scalar($0)! } }
        case .nfcNFDPairs:
            return UnicodeClasses.normalizationPairs.map { $0.nfc + $0.nfd }
        case .longestUTF8: return s([0x10000, 0x1D11E, 0x1F600, 0x20000, 0xE0001, 0x10FFFD])
        }
    }

    /// Whether a scalar is one this class is about (for naming a finding's classes).
    func holds(_ c: Unicode.Scalar) -> Bool {
        let v = c.value
        switch self {
        case .c0Controls: return v <= 0x1F
        case .c1Controls: return (0x80...0x9F).contains(v)
        case .del: return v == 0x7F
        case .escaped: return "\"\\/<>&'`=+".unicodeScalars.contains(c)
        case .lineSeparators: return v == 0x2028 || v == 0x2029
        case .bom: return v == 0xFEFF
        case .noncharacters: return (0xFDD0...0xFDEF).contains(v) || v & 0xFFFE == 0xFFFE
        case .privateUse: return (0xE000...0xF8FF).contains(v) || v >= 0xF0000 && v & 0xFFFE != 0xFFFE
        case .bmpTopBesideAstral, .nfcNFDPairs: return false   // sequences: UnicodeClasses.classes(of:)
        case .combining: return c.properties.generalCategory == .nonspacingMark || c.properties.generalCategory == .enclosingMark
        case .longestUTF8: return v >= 0x10000
        }
    }
}

/// The catalogue's schedule and the text and id generators that draw from it.
public enum UnicodeClasses {
    /// Texts in NFC and NFD (Unicode's normalization forms; Å has two NFD-equivalent precomposed
    /// forms, ṩ two marks in either order, 각 its conjoining jamo).
    public static let normalizationPairs: [(nfc: [Unicode.Scalar], nfd: [Unicode.Scalar])] = [
        ([0xE9], [0x65, 0x301]), ([0xC5], [0x41, 0x30A]), ([0x212B], [0x41, 0x30A]), ([0xF1], [0x6E, 0x303]),
        ([0x1E69], [0x73, 0x323, 0x307]), ([0xAC01], [0x1100, 0x1161, 0x11A8]), ([0xFC], [0x75, 0x308]),
    ].map { (nfc: $0.0.map { Unicode.Scalar($0)! }, nfd: $0.1.map { Unicode.Scalar($0)! }) }

    /// The plain part of a text: ASCII letters, digits and a space.
    public static let plain: [Unicode.Scalar] = Array("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789 ".unicodeScalars)
    public static let idScalars: [Unicode.Scalar] = Array("abcdefghijklmnopqrstuvwxyz0123456789-_".unicodeScalars)

    /// The schedule, out of 64 draws of a text: plain ASCII 12, every class at once 4, and each of
    /// the twelve classes 4 (a text holds its class's sequences among letters, one position in four).
    public static let plainRate: UInt64 = 12
    public static let everyClassRate: UInt64 = 4
    public static let classRate: UInt64 = 4
    public static let denominator: UInt64 = 64
    /// Ids: a class one time in two (else only the id alphabet and, one time in four, a `|`).
    public static let idClassRate: UInt64 = 1, idClassDenominator: UInt64 = 2

    /// What a text is drawn as: nil (plain ASCII), one class, or every class (`all`).
    public enum Draw: Sendable, Equatable {
        case plain, one(UnicodeClass), all
        public var name: String {
            switch self {
            case .plain: return "plain ASCII"
            case .one(let c): return c.rawValue
            case .all: return "every class"
            }
        }
    }

    public static func drawClass(rng: inout SeededRandom) -> Draw {
        let r = rng.below(denominator)
        if r < plainRate { return .plain }
        if r < plainRate + everyClassRate { return .all }
        return .one(UnicodeClass.allCases[Int((r - plainRate - everyClassRate) / classRate)])
    }

    /// A text of exactly `length` in `measure`, of ASCII letters with the drawn class's sequences
    /// (one at a drawn place, more one position in four; `all`: one of every class first).
    public static func text(length: Int, measure: TextMeasure, draw: Draw, alphabet: [Unicode.Scalar] = plain,
                            density: UInt64 = 4, rng: inout SeededRandom) -> [Unicode.Scalar] {
        var out: [Unicode.Scalar] = []
        out.reserveCapacity(length)
        var used = 0
        var pending: [[Unicode.Scalar]] = []
        switch draw {
        case .plain: break
        case .one(let c): pending = [rng.pick(c.items)]
        case .all: pending = UnicodeClass.allCases.map { rng.pick($0.items) }
        }
        let cls: UnicodeClass? = if case .one(let c) = draw { c } else { nil }
        // The first sequence goes at a drawn place where it fits (a BOM at the start half of the time).
        let first = pending.first.map { $0.reduce(0) { $0 + measure.width($1) } } ?? 0
        var at = length > first ? rng.int(0...(length - first)) : 0
        if cls == .bom && rng.chance(1, in: 2) { at = 0 }
        while used < length {
            if !pending.isEmpty && used >= at {
                let item = pending[0]
                let w = item.reduce(0) { $0 + measure.width($1) }
                if used + w <= length { out += item; used += w; pending.removeFirst(); continue }
                if w > length { pending.removeAll() }  // it never fits: the text stays plain
            } else if let c = cls, pending.isEmpty, rng.below(density) == 0 {
                let item = rng.pick(c.items)
                let w = item.reduce(0) { $0 + measure.width($1) }
                if used + w <= length { out += item; used += w; continue }
            }
            out.append(rng.pick(alphabet))
            used += 1
        }
        return out
    }

    /// The classes a text holds (for naming a finding's input), in the catalogue's order.
    public static func classes(of text: String) -> [UnicodeClass] {
        let u = Array(text.unicodeScalars)
        var found = Set<UnicodeClass>()
        let escapes = Set("\"\\/<>&'`=+".unicodeScalars)
        for c in u where !(0x20..<0x7F).contains(c.value) || escapes.contains(c) {
            for k in UnicodeClass.allCases where !found.contains(k) && k.holds(c) { found.insert(k) }
        }
        for (a, b) in zip(u, u.dropFirst()) {
            let top = { (x: Unicode.Scalar) in (0xE000...0xFFFF).contains(x.value) }
            if top(a) && b.value >= 0x10000 || a.value >= 0x10000 && top(b) { found.insert(.bmpTopBesideAstral) }
        }
        if normalizationPairs.contains(where: { contains(u, $0.nfc) || contains(u, $0.nfd) }) { found.insert(.nfcNFDPairs) }
        return UnicodeClass.allCases.filter(found.contains)
    }

    static func contains(_ u: [Unicode.Scalar], _ part: [Unicode.Scalar]) -> Bool {
        guard !part.isEmpty, u.count >= part.count else { return false }
        for k in 0...(u.count - part.count) where u[k] == part[0] && Array(u[k..<(k + part.count)]) == part { return true }
        return false
    }
}
