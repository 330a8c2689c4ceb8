/// A small strict JSON value (RFC 8259) with ordered objects, for the adapter protocol and reports.
/// Output is compact and deterministic: keys in insertion order, non-ASCII written as itself.
public indirect enum JSON: Sendable {
    case null
    case bool(Bool)
    case int(Int64)
    case double(Double)
    case string(String)
    case array([JSON])
    case object([(key: String, value: JSON)])

    public subscript(key: String) -> JSON? {
        if case .object(let pairs) = self { return pairs.first(where: { $0.key == key })?.value }
        return nil
    }
    public var stringValue: String? { if case .string(let s) = self { return s }; return nil }
    public var intValue: Int64? { if case .int(let i) = self { return i }; return nil }
    public var arrayValue: [JSON]? { if case .array(let a) = self { return a }; return nil }
    public var objectValue: [(key: String, value: JSON)]? { if case .object(let o) = self { return o }; return nil }
    public var isNull: Bool { if case .null = self { return true }; return false }

    // MARK: writing

    public func serialized(pretty: Bool = false) -> String {
        var out = [UInt8]()
        write(into: &out, pretty: pretty, indent: 0)
        return String(decoding: out, as: UTF8.self)
    }

    private func write(into out: inout [UInt8], pretty: Bool, indent: Int) {
        switch self {
        case .null: out += Array("null".utf8)
        case .bool(let b): out += Array((b ? "true" : "false").utf8)
        case .int(let i): out += Array(String(i).utf8)
        case .double(let d): out += Array((d.isFinite ? String(d) : "null").utf8)
        case .string(let s): JSON.writeString(s, into: &out)
        case .array(let items):
            if items.isEmpty { out += Array("[]".utf8); return }
            out.append(UInt8(ascii: "["))
            for (i, item) in items.enumerated() {
                if i > 0 { out.append(UInt8(ascii: ",")) }
                if pretty { newline(&out, indent + 1) }
                item.write(into: &out, pretty: pretty, indent: indent + 1)
            }
            if pretty { newline(&out, indent) }
            out.append(UInt8(ascii: "]"))
        case .object(let pairs):
            if pairs.isEmpty { out += Array("{}".utf8); return }
            out.append(UInt8(ascii: "{"))
            for (i, pair) in pairs.enumerated() {
                if i > 0 { out.append(UInt8(ascii: ",")) }
                if pretty { newline(&out, indent + 1) }
                JSON.writeString(pair.key, into: &out)
                out.append(UInt8(ascii: ":"))
                if pretty { out.append(UInt8(ascii: " ")) }
                pair.value.write(into: &out, pretty: pretty, indent: indent + 1)
            }
            if pretty { newline(&out, indent) }
            out.append(UInt8(ascii: "}"))
        }
    }

    private func newline(_ out: inout [UInt8], _ indent: Int) {
        out.append(10)
        out += [UInt8](repeating: 32, count: indent * 2)
    }

    static func writeString(_ s: String, into out: inout [UInt8]) {
        out.append(UInt8(ascii: "\""))
        for b in s.utf8 {
            switch b {
            case UInt8(ascii: "\""): out += [92, 34]
            case 92: out += [92, 92]
            case 10: out += [92, UInt8(ascii: "n")]
            case 13: out += [92, UInt8(ascii: "r")]
            case 9: out += [92, UInt8(ascii: "t")]
            case 0..<32:
                let h = Array("0123456789abcdef".utf8)
                out += [92, UInt8(ascii: "u"), 48, 48, h[Int(b >> 4)], h[Int(b & 15)]]
            default: out.append(b)
            }
        }
        out.append(UInt8(ascii: "\""))
    }

    // MARK: reading

    public struct ParseError: Error, Sendable, CustomStringConvertible {
        public var offset: Int
        public var message: String
        public var description: String { "JSON at offset \(offset): \(message)" }
    }

    public static func parse(_ text: String) throws(ParseError) -> JSON {
        var p = JSONReader(bytes: Array(text.utf8))
        p.skipSpace()
        let v = try p.value(depth: 0)
        p.skipSpace()
        if p.i != p.bytes.count { throw ParseError(offset: p.i, message: "trailing characters") }
        return v
    }
}

private struct JSONReader {
    let bytes: [UInt8]
    var i = 0
    init(bytes: [UInt8]) { self.bytes = bytes }

    mutating func skipSpace() {
        while i < bytes.count, [32, 9, 10, 13].contains(bytes[i]) { i += 1 }
    }

    func fail(_ m: String) -> JSON.ParseError { JSON.ParseError(offset: i, message: m) }

    mutating func value(depth: Int) throws(JSON.ParseError) -> JSON {
        if depth > 128 { throw fail("nested too deeply") }
        guard i < bytes.count else { throw fail("unexpected end") }
        switch bytes[i] {
        case UInt8(ascii: "{"):
            i += 1
            var pairs: [(key: String, value: JSON)] = []
            skipSpace()
            if i < bytes.count, bytes[i] == UInt8(ascii: "}") { i += 1; return .object(pairs) }
            while true {
                skipSpace()
                guard i < bytes.count, bytes[i] == UInt8(ascii: "\"") else { throw fail("expected a string key") }
                let k = try string()
                skipSpace()
                guard i < bytes.count, bytes[i] == UInt8(ascii: ":") else { throw fail("expected ':'") }
                i += 1
                skipSpace()
                pairs.append((k, try value(depth: depth + 1)))
                skipSpace()
                guard i < bytes.count else { throw fail("unexpected end") }
                if bytes[i] == UInt8(ascii: ",") { i += 1; continue }
                if bytes[i] == UInt8(ascii: "}") { i += 1; return .object(pairs) }
                throw fail("expected ',' or '}'")
            }
        case UInt8(ascii: "["):
            i += 1
            var items: [JSON] = []
            skipSpace()
            if i < bytes.count, bytes[i] == UInt8(ascii: "]") { i += 1; return .array(items) }
            while true {
                skipSpace()
                items.append(try value(depth: depth + 1))
                skipSpace()
                guard i < bytes.count else { throw fail("unexpected end") }
                if bytes[i] == UInt8(ascii: ",") { i += 1; continue }
                if bytes[i] == UInt8(ascii: "]") { i += 1; return .array(items) }
                throw fail("expected ',' or ']'")
            }
        case UInt8(ascii: "\""):
            return .string(try string())
        case UInt8(ascii: "t"): try literal("true"); return .bool(true)
        case UInt8(ascii: "f"): try literal("false"); return .bool(false)
        case UInt8(ascii: "n"): try literal("null"); return .null
        default:
            return try number()
        }
    }

    mutating func literal(_ word: String) throws(JSON.ParseError) {
        let w = Array(word.utf8)
        guard i + w.count <= bytes.count, Array(bytes[i..<i + w.count]) == w else { throw fail("invalid literal") }
        i += w.count
    }

    mutating func number() throws(JSON.ParseError) -> JSON {
        let start = i
        if i < bytes.count, bytes[i] == UInt8(ascii: "-") { i += 1 }
        guard i < bytes.count, bytes[i] >= 48, bytes[i] <= 57 else { throw fail("invalid value") }
        if bytes[i] == 48 { i += 1 } else { while i < bytes.count, bytes[i] >= 48, bytes[i] <= 57 { i += 1 } }
        var isInt = true
        if i < bytes.count, bytes[i] == UInt8(ascii: ".") {
            isInt = false; i += 1
            guard i < bytes.count, bytes[i] >= 48, bytes[i] <= 57 else { throw fail("invalid number") }
            while i < bytes.count, bytes[i] >= 48, bytes[i] <= 57 { i += 1 }
        }
        if i < bytes.count, bytes[i] == UInt8(ascii: "e") || bytes[i] == UInt8(ascii: "E") {
            isInt = false; i += 1
            if i < bytes.count, bytes[i] == UInt8(ascii: "+") || bytes[i] == UInt8(ascii: "-") { i += 1 }
            guard i < bytes.count, bytes[i] >= 48, bytes[i] <= 57 else { throw fail("invalid number") }
            while i < bytes.count, bytes[i] >= 48, bytes[i] <= 57 { i += 1 }
        }
        let text = String(decoding: bytes[start..<i], as: UTF8.self)
        if isInt, let v = Int64(text) { return .int(v) }
        guard let d = Double(text) else { throw fail("invalid number") }
        return .double(d)
    }

    mutating func string() throws(JSON.ParseError) -> String {
        i += 1
        var out = [UInt8]()
        while true {
            guard i < bytes.count else { throw fail("unterminated string") }
            let c = bytes[i]
            if c == UInt8(ascii: "\"") { i += 1; break }
            if c < 32 { throw fail("control character in string") }
            if c != 92 { out.append(c); i += 1; continue }
            i += 1
            guard i < bytes.count else { throw fail("unterminated escape") }
            let e = bytes[i]
            i += 1
            switch e {
            case UInt8(ascii: "\""): out.append(34)
            case 92: out.append(92)
            case UInt8(ascii: "/"): out.append(47)
            case UInt8(ascii: "b"): out.append(8)
            case UInt8(ascii: "f"): out.append(12)
            case UInt8(ascii: "n"): out.append(10)
            case UInt8(ascii: "r"): out.append(13)
            case UInt8(ascii: "t"): out.append(9)
            case UInt8(ascii: "u"):
                var cp = try hex4()
                if cp >= 0xD800 && cp < 0xDC00 {
                    guard i + 1 < bytes.count, bytes[i] == 92, bytes[i + 1] == UInt8(ascii: "u") else { throw fail("lone surrogate") }
                    i += 2
                    let lo = try hex4()
                    guard lo >= 0xDC00 && lo < 0xE000 else { throw fail("invalid surrogate pair") }
                    cp = 0x10000 + ((cp - 0xD800) << 10) + (lo - 0xDC00)
                } else if cp >= 0xDC00 && cp < 0xE000 {
                    throw fail("lone surrogate")
                }
                out += Array(String(Character(Unicode.Scalar(cp)!)).utf8)
            default: throw fail("invalid escape")
            }
        }
        guard let s = String(validating: out, as: UTF8.self) else { throw fail("string is not UTF-8") }
        return s
    }

    mutating func hex4() throws(JSON.ParseError) -> UInt32 {
        guard i + 4 <= bytes.count else { throw fail("short \\u escape") }
        var v: UInt32 = 0
        for _ in 0..<4 {
            let c = bytes[i]
            let d: UInt32
            switch c {
            case 48...57: d = UInt32(c - 48)
            case 97...102: d = UInt32(c - 87)
            case 65...70: d = UInt32(c - 55)
            default: throw fail("invalid \\u escape")
            }
            v = v << 4 | d
            i += 1
        }
        return v
    }
}

extension Value {
    /// The vector-file encoding of a value in JSON: bytes as `{"hex": …}`, text as a string.
    public var json: JSON {
        switch self {
        case .bytes(let b): return .object([("hex", .string(Hex.encode(b)))])
        case .text(let s): return .string(s)
        case .integer(let i): return .int(i)
        case .bool(let b): return .bool(b)
        case .null: return .null
        case .list(let l): return .array(l.map(\.json))
        case .map(let m): return .object(m.keys.sorted().map { ($0, m[$0]!.json) })
        }
    }

    /// The inverse of `json` for what adapters send: a one-key object of an encoding is bytes.
    public init(json: JSON) throws(ContractError) {
        switch json {
        case .null: self = .null
        case .bool(let b): self = .bool(b)
        case .int(let i): self = .integer(i)
        case .double: throw ContractError(.format, "non-integer number")
        case .string(let s): self = .text(s)
        case .array(let a):
            var out: [Value] = []
            for x in a { out.append(try Value(json: x)) }
            self = .list(out)
        case .object(let pairs):
            if pairs.count == 1, let s = pairs[0].value.stringValue, let encoding = ByteEncoding(rawValue: pairs[0].key) {
                self = .bytes(try encoding.decode(s))
                return
            }
            var m: [String: Value] = [:]
            for (k, v) in pairs { m[k] = try Value(json: v) }
            self = .map(m)
        }
    }
}
