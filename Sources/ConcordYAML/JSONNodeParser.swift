/// Parses a JSON file (RFC 8259, strictly: no trailing commas, no comments) straight into the same
/// located `Node` tree the YAML parser builds, several times faster than going through libyaml.
/// Used for `.json` files; every refusal carries line and column like the YAML parser's.
public struct JSONNodeParser {
    public var limits: YAMLParser.Limits
    public init(limits: YAMLParser.Limits = .init()) { self.limits = limits }

    public func parse(_ bytes: [UInt8]) throws(YAMLError) -> Node {
        try YAMLParser.checkEncoding(bytes, limits: limits)
        var r = Reader(b: bytes, limits: limits)
        r.space()
        if r.i == bytes.count { throw YAMLError("the file is empty: expected a JSON object", at: r.mark) }
        let node = try r.value(depth: 1)
        r.space()
        if r.i != bytes.count { throw YAMLError("unexpected content after the JSON value", at: r.mark) }
        return node
    }

    private struct Reader {
        let b: [UInt8]
        let limits: YAMLParser.Limits
        let maxDepth: Int
        var i = 0
        var line = 1
        var lineStart = 0

        init(b: [UInt8], limits: YAMLParser.Limits) { self.b = b; self.limits = limits; self.maxDepth = limits.depthLimit }

        /// Columns count characters, as libyaml's do: UTF-8 continuation bytes are not columns.
        var mark: Mark {
            var col = 1
            var k = lineStart
            while k < i { if b[k] & 0xC0 != 0x80 { col += 1 }; k += 1 }
            return Mark(line: line, column: col)
        }

        mutating func space() {
            while i < b.count {
                switch b[i] {
                case 32, 9, 13: i += 1
                case 10: i += 1; line += 1; lineStart = i
                default: return
                }
            }
        }

        func fail(_ m: String) -> YAMLError { YAMLError("JSON syntax error: \(m)", at: mark) }

        mutating func value(depth: Int) throws(YAMLError) -> Node {
            guard i < b.count else { throw fail("unexpected end of the file") }
            if depth > maxDepth { throw limits.tooDeep(at: mark) }
            let at = mark
            switch b[i] {
            case UInt8(ascii: "{"):
                i += 1
                var pairs: [(key: Node, value: Node)] = []
                var seen: [String: Mark] = [:]
                space()
                if i < b.count, b[i] == UInt8(ascii: "}") { i += 1; return Node(.mapping(pairs), at: at) }
                while true {
                    space()
                    let keyMark = mark
                    guard i < b.count, b[i] == 34 else { throw fail("expected a string key") }
                    let k = try string()
                    if let prev = seen[k] { throw YAMLError("duplicate key \"\(k)\" (first at \(prev))", at: keyMark) }
                    seen[k] = keyMark
                    space()
                    guard i < b.count, b[i] == UInt8(ascii: ":") else { throw fail("expected ':' after a key") }
                    i += 1
                    space()
                    let v = try value(depth: depth + 1)
                    pairs.append((Node(.scalar(k, .string), at: keyMark), v))
                    space()
                    guard i < b.count else { throw fail("unexpected end of the file in an object") }
                    if b[i] == UInt8(ascii: ",") { i += 1; continue }
                    if b[i] == UInt8(ascii: "}") { i += 1; return Node(.mapping(pairs), at: at) }
                    throw fail("expected ',' or '}'")
                }
            case UInt8(ascii: "["):
                i += 1
                var items: [Node] = []
                space()
                if i < b.count, b[i] == UInt8(ascii: "]") { i += 1; return Node(.sequence(items), at: at) }
                while true {
                    space()
                    items.append(try value(depth: depth + 1))
                    space()
                    guard i < b.count else { throw fail("unexpected end of the file in an array") }
                    if b[i] == UInt8(ascii: ",") { i += 1; continue }
                    if b[i] == UInt8(ascii: "]") { i += 1; return Node(.sequence(items), at: at) }
                    throw fail("expected ',' or ']'")
                }
            case 34:
                return Node(.scalar(try string(), .string), at: at)
            case UInt8(ascii: "t"): try word("true"); return Node(.scalar("true", .bool), at: at)
            case UInt8(ascii: "f"): try word("false"); return Node(.scalar("false", .bool), at: at)
            case UInt8(ascii: "n"): try word("null"); return Node(.scalar("null", .null), at: at)
            default:
                return try number(at)
            }
        }

        mutating func word(_ w: String) throws(YAMLError) {
            let u = Array(w.utf8)
            guard i + u.count <= b.count, b[i..<i + u.count].elementsEqual(u) else { throw fail("invalid literal") }
            i += u.count
        }

        mutating func number(_ at: Mark) throws(YAMLError) -> Node {
            let start = i
            func digit(_ c: UInt8) -> Bool { c >= 48 && c <= 57 }
            if i < b.count, b[i] == UInt8(ascii: "-") { i += 1 }
            guard i < b.count, digit(b[i]) else { throw fail("expected a value") }
            if b[i] == 48 { i += 1 } else { while i < b.count, digit(b[i]) { i += 1 } }
            var integer = true
            if i < b.count, b[i] == UInt8(ascii: ".") {
                integer = false
                i += 1
                guard i < b.count, digit(b[i]) else { throw fail("a digit must follow '.'") }
                while i < b.count, digit(b[i]) { i += 1 }
            }
            if i < b.count, b[i] | 0x20 == UInt8(ascii: "e") {
                integer = false
                i += 1
                if i < b.count, b[i] == UInt8(ascii: "+") || b[i] == UInt8(ascii: "-") { i += 1 }
                guard i < b.count, digit(b[i]) else { throw fail("a digit must follow the exponent") }
                while i < b.count, digit(b[i]) { i += 1 }
            }
            return Node(.scalar(String(decoding: b[start..<i], as: UTF8.self), integer ? .integer : .float), at: at)
        }

        mutating func string() throws(YAMLError) -> String {
            i += 1
            let start = i
            // Fast path: no escapes.
            while i < b.count, b[i] != 34, b[i] != 92, b[i] >= 32 { i += 1 }
            if i < b.count, b[i] == 34 {
                defer { i += 1 }
                return String(decoding: b[start..<i], as: UTF8.self)
            }
            var out = Array(b[start..<i])
            while true {
                guard i < b.count else { throw fail("unterminated string") }
                let c = b[i]
                if c == 34 { i += 1; break }
                if c < 32 { throw fail("a control character must be escaped in a JSON string") }
                if c != 92 { out.append(c); i += 1; continue }
                i += 1
                guard i < b.count else { throw fail("unterminated escape") }
                let e = b[i]
                i += 1
                switch e {
                case 34: out.append(34)
                case 92: out.append(92)
                case 47: out.append(47)
                case UInt8(ascii: "b"): out.append(8)
                case UInt8(ascii: "f"): out.append(12)
                case UInt8(ascii: "n"): out.append(10)
                case UInt8(ascii: "r"): out.append(13)
                case UInt8(ascii: "t"): out.append(9)
                case UInt8(ascii: "u"):
                    var cp = try hex4()
                    if cp >= 0xD800 && cp < 0xDC00 {
                        guard i + 1 < b.count, b[i] == 92, b[i + 1] == UInt8(ascii: "u") else { throw fail("a lone surrogate escape") }
                        i += 2
                        let lo = try hex4()
                        guard lo >= 0xDC00 && lo < 0xE000 else { throw fail("an invalid surrogate pair") }
                        cp = 0x10000 + ((cp - 0xD800) << 10) + (lo - 0xDC00)
                    } else if cp >= 0xDC00 && cp < 0xE000 {
                        throw fail("a lone surrogate escape")
                    }
                    out += Array(String(Character(Unicode.Scalar(cp)!)).utf8)
                default: throw fail("an invalid escape")
                }
            }
            return String(decoding: out, as: UTF8.self)
        }

        mutating func hex4() throws(YAMLError) -> UInt32 {
            guard i + 4 <= b.count else { throw fail("a short \\u escape") }
            var v: UInt32 = 0
            for _ in 0..<4 {
                let c = b[i] | 0x20
                let d: UInt32
                if c >= 48 && c <= 57 { d = UInt32(c - 48) } else if c >= 97 && c <= 102 { d = UInt32(c - 87) } else { throw fail("an invalid \\u escape") }
                v = v << 4 | d
                i += 1
            }
            return v
        }
    }
}
