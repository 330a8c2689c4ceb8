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

    /// Appends the value as `serialized` writes it, as if nested `indent` levels deep (pretty
    /// output indents by two spaces a level): a large document can then be written a part at a time.
    public func write(into out: inout [UInt8], pretty: Bool, indent: Int) {
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

    /// Non-ASCII characters are written as themselves, but for those `Printable` escapes (U+2028
    /// and U+2029, which end a line in JavaScript; the bidirectional controls; invisible and
    /// unassigned characters; DEL and the C1 controls): `\uXXXX` (a surrogate pair above U+FFFF),
    /// which every JSON reader reads back as the same text and no viewer shows as something else.
    static func writeString(_ s: String, into out: inout [UInt8]) {
        out.append(UInt8(ascii: "\""))
        let h = hexDigits
        func unit(_ v: UInt32) { out += [92, UInt8(ascii: "u"), h[Int(v >> 12 & 15)], h[Int(v >> 8 & 15)], h[Int(v >> 4 & 15)], h[Int(v & 15)]] }
        if s.utf8.contains(where: { $0 >= 0x7F }) {
            for u in s.unicodeScalars {
                if u.value < 0x7F { writeASCII(UInt8(u.value), into: &out); continue }
                guard Printable.isUnsafe(u) else { UTF8.encode(u) { out.append($0) }; continue }
                if u.value > 0xFFFF {
                    let v = u.value - 0x10000
                    unit(0xD800 + (v >> 10))
                    unit(0xDC00 + (v & 0x3FF))
                } else {
                    unit(u.value)
                }
            }
            out.append(UInt8(ascii: "\""))
            return
        }
        for b in s.utf8 { writeASCII(b, into: &out) }
        out.append(UInt8(ascii: "\""))
    }

    @inline(__always)
    private static func writeASCII(_ b: UInt8, into out: inout [UInt8]) {
        switch b {
        case UInt8(ascii: "\""): out += [92, 34]
        case 92: out += [92, 92]
        case 10: out += [92, UInt8(ascii: "n")]
        case 13: out += [92, UInt8(ascii: "r")]
        case 9: out += [92, UInt8(ascii: "t")]
        case 0..<32: out += [92, UInt8(ascii: "u"), 48, 48, hexDigits[Int(b >> 4)], hexDigits[Int(b & 15)]]
        default: out.append(b)
        }
    }

    private static let hexDigits = Array("0123456789abcdef".utf8)

    // MARK: reading

    /// A refusal of `JSONReader`: what is wrong and where.
    public struct ParseError: Error, Sendable, CustomStringConvertible {
        public enum Kind: Sendable { case syntax, empty, tooDeep, duplicateKey }
        public var kind: Kind
        public var message: String
        /// The byte offset, and the 1-based line and column (in characters) it stands at.
        public var offset: Int
        public var line: Int
        public var column: Int
        public var description: String { "JSON at line \(line), column \(column): \(message)" }
    }

    /// Strict RFC 8259, at most 128 levels deep; a key given twice is kept twice, in order.
    public static func parse(_ text: String) throws(ParseError) -> JSON {
        try JSONReader.parse(Array(text.utf8), into: Builder(), maxDepth: 128)
    }

    struct Builder: JSONBuilder {
        var rejectsDuplicateKeys: Bool { false }
        func string(_ s: String, at: JSONPosition) -> JSON { .string(s) }
        func number(_ text: String, integer: Bool, at: JSONPosition) -> JSON {
            if integer, let v = Int64(text) { return .int(v) }
            return .double(Double(text) ?? .infinity)
        }
        func bool(_ b: Bool, at: JSONPosition) -> JSON { .bool(b) }
        func null(at: JSONPosition) -> JSON { .null }
        func array(_ items: [JSON], at: JSONPosition) -> JSON { .array(items) }
        func object(_ members: [JSONMember<JSON>], at: JSONPosition) -> JSON { .object(members.map { ($0.key, $0.value) }) }
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
