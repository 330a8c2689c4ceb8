import ConcordFormats

/// A size class (docs/exploration.md, "Sizes"): where a bytes or text field's length is drawn from
/// when its kind states none.
public enum SizeClass: String, Sendable, CaseIterable {
    /// 0.
    case empty
    /// 1 to 3.
    case tiny
    /// 4 to 64, uniform: the band every field drew from before.
    case small
    /// A block or batch width, exact or ±1, ±16: 16 × 1…8, the powers of two up to 512.
    case block
    /// 1 KiB, 2 KiB or 4 KiB, exact or ±1, ±16.
    case kibibyte
    /// Above 64 bytes up to 64 KiB: half of the time 8, 16, 32 or 64 KiB exact or ±1, ±16, else
    /// log-uniform (a power of two 2^6…2^15 drawn, then a length above it up to the next).
    case medium
    /// 1 MiB or more (1 MiB exact or ±1, ±16, else up to 1.25 MiB), within the case's byte budget.
    case large
}

/// The unit a text's length is drawn in: each one puts a class boundary where a reader that counts
/// in it (Python's `len`, JavaScript's `length`, Go's `len`) has its own.
public enum TextMeasure: String, Sendable, CaseIterable {
    case scalars = "characters", utf8 = "UTF-8 bytes", utf16 = "UTF-16 units"

    public func count(_ s: [Unicode.Scalar]) -> Int {
        switch self {
        case .scalars: return s.count
        case .utf8: return s.reduce(0) { $0 + UTF8.width($1) }
        case .utf16: return s.reduce(0) { $0 + UTF16.width($1) }
        }
    }

    public func width(_ c: Unicode.Scalar) -> Int {
        switch self {
        case .scalars: return 1
        case .utf8: return UTF8.width(c)
        case .utf16: return UTF16.width(c)
        }
    }
}

/// The schedule of size classes (docs/exploration.md, "Sizes"): the one place their widths and
/// rates are. Every draw comes from the case's stream, with integer arithmetic only, so a seed
/// gives the same sizes on any machine.
public enum SizeSchedule {
    /// The rates, out of `denominator` draws of a field without a stated length.
    public static let denominator: UInt64 = 1 << 16
    public static let rates: [(SizeClass, UInt64)] = [
        (.empty, 4096),       // 1/16
        (.tiny, 4096),        // 1/16
        (.small, 30268),      // the rest, about 46%
        (.block, 24576),      // 3/8
        (.kibibyte, 2048),    // 1/32
        (.medium, 448),       // about 1/146
        (.large, 4),          // 1/16384
    ]
    /// An associated-data field (`FieldBounds.associatedData`) is empty this often, out of
    /// `denominator`, before any class is drawn.
    public static let associatedDataEmpty: UInt64 = 1 << 15  // 1/2

    /// The widths of `block` and `kibibyte`, and the offsets each is drawn at.
    public static let blockWidths = [1, 2, 4, 8, 16, 32, 48, 64, 80, 96, 112, 128, 256, 512]
    public static let kibibyteWidths = [1024, 2048, 4096]
    public static let mediumWidths = [8192, 16384, 32768, 65536]
    public static let offsets = [0, -1, 1, -16, 16]
    public static let smallRange = 4...64
    public static let mediumMax = 65536
    public static let largeMin = 1 << 20
    public static let largeMax = largeMin + (1 << 18)

    /// The bytes one case may draw in all its fields (text: UTF-8 bytes): a large draw past it is
    /// drawn medium instead, and a draw is cut to what is left. 2 MiB keeps a case's request line
    /// within the line protocol's 16 MiB (bytes go as hex, a control character as `\u0000`).
    public static let caseBudget = 2 << 20

    /// A size and its class: `bound` clamps it (a contract's largest size), `budget` is what the
    /// case has left (a large draw beyond it becomes a medium one; any draw is cut to it).
    public static func draw(_ bounds: FieldBounds = FieldBounds(), budget: Int = caseBudget, rng: inout SeededRandom) -> (size: Int, sizeClass: SizeClass) {
        if bounds.associatedData && rng.below(denominator) < associatedDataEmpty { return (0, .empty) }
        var r = rng.below(denominator)
        var drawn = SizeClass.small
        for (c, weight) in rates {
            if r < weight { drawn = c; break }
            r -= weight
        }
        if drawn == .large && budget < largeMin { drawn = .medium }
        var n: Int
        switch drawn {
        case .empty: n = 0
        case .tiny: n = rng.int(1...3)
        case .small: n = rng.int(smallRange)
        case .block: n = around(rng.pick(blockWidths), rng: &rng)
        case .kibibyte: n = around(rng.pick(kibibyteWidths), rng: &rng)
        case .medium:
            if rng.chance(1, in: 2) {
                n = around(rng.pick(mediumWidths), rng: &rng)
            } else {
                let k = rng.int(6...15)
                n = (1 << k) + rng.int(1...(1 << k))
            }
        case .large:
            n = rng.chance(1, in: 2) ? around(largeMin, rng: &rng) : rng.int(largeMin...largeMax)
        }
        if let m = bounds.maxSize { n = min(n, m) }
        return (max(0, min(n, budget)), drawn)
    }

    /// `width` exact or ±1, ±16 (never below 0).
    static func around(_ width: Int, rng: inout SeededRandom) -> Int {
        max(0, width + rng.pick(offsets))
    }

    /// The class a length belongs to and where it stands in it, for a finding's input: `empty`,
    /// `1–3`, `4096+1 (kibibyte)`, `37 (small)`, `20000 (medium)`, `1048576 (large)`: a length at a
    /// width of the schedule or ±1, ±16 of one is named by it.
    public static func describe(_ n: Int) -> String {
        if n == 0 { return "empty" }
        if n <= 3 { return "1–3" }
        let named: [(Int, SizeClass)] = blockWidths.filter { $0 >= 16 }.map { ($0, .block) } + kibibyteWidths.map { ($0, .kibibyte) }
            + mediumWidths.map { ($0, .medium) } + [(largeMin, .large)]
        for (w, c) in named where offsets.contains(n - w) {
            let d = n - w
            return "\(w)\(d == 0 ? "" : d > 0 ? "+\(d)" : "−\(-d)") (\(c.rawValue))"
        }
        let c: SizeClass = n <= smallRange.upperBound ? .small : n <= mediumMax ? .medium : .large
        return "\(n) (\(c.rawValue))"
    }
}

/// The classes a value belongs to, for naming a finding's input (docs/exploration.md, "What a
/// finding names"): a bytes field's size class; a text's length in characters, UTF-8 bytes and
/// UTF-16 units with the size class of each, the Unicode classes it holds and the spellings its
/// encoded value shows (after the prefix of one of `forms`); an integer at a wrap or a cap.
public enum InputClasses {
    public static func describe(_ name: String, _ v: Value, caps: [Int64] = [], forms: [WireForm]) -> String? {
        switch v {
        case .bytes(let b):
            return "\(name): \(b.count) bytes, \(SizeSchedule.describe(b.count))"
        case .text(let s):
            let counts = [(s.unicodeScalars.count, TextMeasure.scalars), (s.utf8.count, .utf8), (s.utf16.count, .utf16)]
            var out = "\(name): "
            if counts[0].0 == counts[1].0 && counts[0].0 == counts[2].0 {
                out += "\(counts[0].0) characters, \(SizeSchedule.describe(counts[0].0))"
            } else {
                out += counts.map { "\($0.0) \($0.1.rawValue) (\(SizeSchedule.describe($0.0)))" }.joined(separator: ", ")
            }
            let classes = UnicodeClasses.classes(of: s).map(\.rawValue)
            if !classes.isEmpty { out += "; " + classes.joined(separator: ", ") }
            let spellings = Spellings.shown(s, forms: forms).map(\.rawValue)
            if !spellings.isEmpty { out += "; spelt with " + spellings.joined(separator: ", ") }
            return out
        case .integer(let i):
            if let w = wrapNames[i] { return "\(name): \(i) (\(w))" }
            for c in caps where abs(i &- c) <= 1 { return "\(name): \(i) (the cap \(c)\(i == c ? "" : i > c ? "+1" : "−1"))" }
            return nil
        default:
            return nil
        }
    }

    static let wrapNames: [Int64: String] = [255: "2^8−1", 256: "2^8", 65535: "2^16−1", 65536: "2^16", (1 << 31) - 1: "2^31−1",
                                             1 << 31: "2^31", (1 << 32) - 1: "2^32−1", 1 << 32: "2^32"]

    /// Every field's classes, in the input's order (`caps`: the caps of integer fields by name).
    public static func describe(_ input: [(String, Value)], caps: [String: [Int64]] = [:], forms: [WireForm]) -> [String] {
        input.compactMap { describe($0.0, $0.1, caps: caps[$0.0] ?? [], forms: forms) }
    }
}
