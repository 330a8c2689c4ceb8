import ConcordFormats

/// The mutations `concord explore` applies to a valid input to reach the refusal paths
/// (docs/exploration.md, "Mutations"), each named in the case's description.
public enum Mutations {
    /// One mutation of `v`, drawn from `rng`, and its name (`bit-flip@3`). Nil when `v` has no
    /// mutation (null). A text behind the prefix of one of `forms` is respelt after it.
    public static func mutate(_ v: Value, forms: [WireForm], rng: inout SeededRandom) -> (value: Value, name: String)? {
        switch v {
        case .bytes(let b): return bytes(b, rng: &rng)
        case .text(let s): return text(s, forms: forms, rng: &rng)
        case .integer(let i):
            let edges: [Int64] = [0, -1, 1, i &+ 1, i &- 1, Int64.max, Int64.min, Int64(Int32.max), 1 << 32]
            let x = rng.pick(edges)
            return (.integer(x), "integer→\(x)")
        case .map(var m):
            // A member that is null stays so (its type is not known here: an answer's scale value
            // is an integer or null, its text a string or null).
            let keys = m.keys.sorted().filter { m[$0] != .null }
            guard !keys.isEmpty else { return nil }
            let key = rng.pick(keys)
            let inner = m[key]!
            guard let (x, name) = mutate(inner, forms: forms, rng: &rng) else { return nil }
            m[key] = x
            return (.map(m), "\(key): \(name)")
        case .list(var l):
            if l.isEmpty || rng.chance(1, in: 2) {
                l.append(.text(FieldGenerators.id(rng: &rng)))
                return (.list(l), "list-append")
            }
            let k = Int(rng.below(UInt64(l.count)))
            if rng.chance(1, in: 2) { l.remove(at: k); return (.list(l), "list-drop@\(k)") }
            l.append(l[k])
            return (.list(l), "list-duplicate@\(k)")
        case .bool(let b): return (.bool(!b), "negate")
        case .null: return nil
        }
    }

    static func bytes(_ b: [UInt8], rng: inout SeededRandom) -> (value: Value, name: String) {
        var b = b
        switch b.isEmpty ? 2 : rng.below(7) {
        case 0:
            let bit = Int(rng.below(UInt64(b.count * 8)))
            b[bit / 8] ^= UInt8(1) << UInt8(bit % 8)
            return (.bytes(b), "bit-flip@\(bit)")
        case 1:
            let n = Int(rng.below(UInt64(b.count)))
            return (.bytes(Array(b.prefix(n))), "truncate→\(n)")
        case 2:
            let extra = rng.int(1...17)
            return (.bytes(b + rng.bytes(extra)), "extend+\(extra)")
        case 3:
            return (.bytes([]), "empty")
        case 4:
            let k = Int(rng.below(UInt64(b.count)))
            b[k] = rng.pick([0x00, 0xFF, 0x80, 0x7F, b[k] &+ 1])
            return (.bytes(b), "byte@\(k)")
        case 5:
            let n = 1 + Int(rng.below(UInt64(b.count)))
            return (.bytes(Array(b.dropFirst(n))), "drop-first-\(n)")
        default:
            return (.bytes([UInt8](repeating: 0, count: b.count)), "zeros")
        }
    }

    /// Characters a text mutation inserts: the tricky ones, whitespace, base64's padding and the
    /// other alphabet's characters.
    static let inserted: [Unicode.Scalar] = TrickyCharacters.scalars + [" ", "\n", "\r", "\t", "=", "+", "-", "_", ":", "."]

    static func text(_ s: String, forms: [WireForm], rng: inout SeededRandom) -> (value: Value, name: String) {
        var scalars = Array(s.unicodeScalars)
        func made(_ x: [Unicode.Scalar]) -> Value {
            var v = String.UnicodeScalarView()
            v.append(contentsOf: x)
            return .text(String(v))
        }
        // An encoded value (whole, after a wire prefix, in a PEM block or a JSON string) is spelled
        // another way half of the time (Spellings).
        if rng.chance(1, in: 2), let (t, spelling) = Spellings.respell(s, forms: forms, rng: &rng) { return (.text(t), "respell:\(spelling.rawValue)") }
        switch scalars.isEmpty ? 1 : rng.below(7) {
        case 0:
            let n = Int(rng.below(UInt64(scalars.count)))
            return (made(Array(scalars.prefix(n))), "truncate→\(n)")
        case 1:
            let k = Int(rng.below(UInt64(scalars.count + 1)))
            let c = rng.pick(inserted)
            scalars.insert(c, at: k)
            return (made(scalars), "insert U+\(String(c.value, radix: 16, uppercase: true))@\(k)")
        case 2:
            let k = Int(rng.below(UInt64(scalars.count)))
            scalars.remove(at: k)
            return (made(scalars), "delete@\(k)")
        case 3:
            let k = Int(rng.below(UInt64(scalars.count)))
            let c = scalars[k]
            // Another character of the same alphabet where there is one (a base64 digit for a base64 digit).
            let swapped: Unicode.Scalar = c.properties.isUppercase ? Unicode.Scalar(UInt8(65 + rng.below(26)))
                : c.properties.isLowercase ? Unicode.Scalar(UInt8(97 + rng.below(26))) : rng.pick(inserted)
            scalars[k] = swapped
            return (made(scalars), "replace@\(k)")
        case 4:
            return (made(scalars + scalars.suffix(4)), "extend")
        case 5:
            return (made(scalars.map { $0.value >= 97 && $0.value <= 122 ? Unicode.Scalar(UInt8($0.value - 32)) : $0 }), "uppercase")
        default:
            return (.text(""), "empty")
        }
    }
}

/// The smaller values a finding's input is shrunk through (docs/exploration.md, "Shrinking"), the
/// boldest first: a shrink step keeps the first candidate under which the finding still holds.
public enum Shrink {
    public static func candidates(_ v: Value) -> [Value] {
        switch v {
        case .bytes(let b):
            guard !b.isEmpty else { return [] }
            var out: [Value] = [.bytes([])]
            if b.count > 1 {
                out += [.bytes(Array(b.prefix(b.count / 2))), .bytes(Array(b.suffix(b.count - b.count / 2))),
                        .bytes(Array(b.dropLast())), .bytes(Array(b.dropFirst()))]
            }
            if b.contains(where: { $0 != 0 }) { out.append(.bytes([UInt8](repeating: 0, count: b.count))) }
            return out
        case .text(let s):
            let u = Array(s.unicodeScalars)
            guard !u.isEmpty else { return [] }
            func made(_ x: ArraySlice<Unicode.Scalar>) -> Value {
                var v = String.UnicodeScalarView()
                v.append(contentsOf: x)
                return .text(String(v))
            }
            var out: [Value] = [.text("")]
            if u.count > 1 {
                out += [made(u.prefix(u.count / 2)), made(u.suffix(u.count - u.count / 2)), made(u.dropLast()), made(u.dropFirst())]
            }
            // A simpler character: the first one outside plain ASCII letters becomes `a`.
            if let k = u.firstIndex(where: { !($0.properties.isAlphabetic && $0.isASCII) }) {
                var x = u
                x[k] = "a"
                out.append(made(x[...]))
            }
            return out
        case .integer(let i):
            guard i != 0 else { return [] }
            return [.integer(0), .integer(i / 2), .integer(i > 0 ? i - 1 : i + 1)].filter { $0 != v }
        case .list(let l):
            guard !l.isEmpty else { return [] }
            var out: [Value] = [.list([])]
            for k in l.indices { var x = l; x.remove(at: k); out.append(.list(x)) }
            for k in l.indices { for c in candidates(l[k]) { var x = l; x[k] = c; out.append(.list(x)) } }
            return out
        case .map(let m):
            var out: [Value] = []
            for key in m.keys.sorted() {
                // A member may become null only when it is not a list (an answer's option ids are
                // always a list; its scale value and text may be null).
                if m[key] != .null, !(m[key]!.isList) { var x = m; x[key] = .null; out.append(.map(x)) }
                for c in candidates(m[key]!) { var x = m; x[key] = c; out.append(.map(x)) }
            }
            return out
        case .bool, .null: return []
        }
    }
}

extension Value {
    var isList: Bool { if case .list = self { return true }; return false }
}
