import Foundation

/// A JSON value as the kit reads and writes it: integers only (64-bit), object members in order.
/// Concord's files and the adapter protocol use no fractions (docs/adapters.md, "JSON subset").
public indirect enum KitJSON: Equatable, Sendable {
    case null
    case bool(Bool)
    case integer(Int64)
    case string(String)
    case array([KitJSON])
    case object([(String, KitJSON)])

    public static func == (a: KitJSON, b: KitJSON) -> Bool {
        switch (a, b) {
        case (.null, .null): return true
        case (.bool(let x), .bool(let y)): return x == y
        case (.integer(let x), .integer(let y)): return x == y
        case (.string(let x), .string(let y)): return Array(x.utf8) == Array(y.utf8)
        case (.array(let x), .array(let y)): return x == y
        case (.object(let x), .object(let y)): return x.count == y.count && zip(x, y).allSatisfy { $0.0 == $1.0 && $0.1 == $1.1 }
        default: return false
        }
    }

    public subscript(key: String) -> KitJSON? {
        if case .object(let members) = self { return members.first { $0.0 == key }?.1 }
        return nil
    }

    /// The deepest nesting of arrays and objects an adapter protocol line may have (docs/adapters.md).
    public static let protocolDepth = 64

    /// Reads strict JSON (RFC 8259; numbers must be integers within 64 bits; a member name twice is
    /// refused; at most `maxDepth` levels of arrays and objects).
    public static func parse(_ bytes: [UInt8], maxDepth: Int = 128) throws -> KitJSON {
        var r = Reader(bytes: bytes, maxDepth: maxDepth)
        r.space()
        let v = try r.value(depth: 0)
        r.space()
        guard r.pos == bytes.count else { throw r.error("unexpected characters after the JSON value") }
        return v
    }

    /// Writes compactly: `"` and `\` escaped, control characters as `\n`, `\t`… or `\u00XX`, the rest as itself.
    public var serialized: String {
        var out = ""
        write(&out)
        return out
    }

    func write(_ out: inout String) {
        switch self {
        case .null: out += "null"
        case .bool(let b): out += b ? "true" : "false"
        case .integer(let i): out += String(i)
        case .string(let s): Self.quote(s, &out)
        case .array(let a):
            out += "["
            for (i, v) in a.enumerated() { if i > 0 { out += "," }; v.write(&out) }
            out += "]"
        case .object(let m):
            out += "{"
            for (i, (k, v)) in m.enumerated() { if i > 0 { out += "," }; Self.quote(k, &out); out += ":"; v.write(&out) }
            out += "}"
        }
    }

    static func quote(_ s: String, _ out: inout String) {
        out += "\""
        for u in s.unicodeScalars {
            switch u {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case "\u{08}": out += "\\b"
            case "\u{0C}": out += "\\f"
            default:
                if u.value < 0x20 {
                    let hex = String(u.value, radix: 16)
                    out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                } else {
                    out.unicodeScalars.append(u)
                }
            }
        }
        out += "\""
    }

    public struct SyntaxError: Error, CustomStringConvertible {
        public var description: String
    }

    struct Reader {
        let bytes: [UInt8]
        /// Arrays and objects nested deeper than this are refused.
        let maxDepth: Int
        var pos = 0

        func error(_ what: String) -> SyntaxError { SyntaxError(description: "invalid JSON at byte \(pos + 1): \(what)") }

        mutating func space() {
            while pos < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[pos]) { pos += 1 }
        }

        mutating func literal(_ word: String, _ v: KitJSON) throws -> KitJSON {
            let w = Array(word.utf8)
            guard pos + w.count <= bytes.count, Array(bytes[pos..<pos + w.count]) == w else { throw error("unexpected character") }
            pos += w.count
            return v
        }

        /// `depth`: the arrays and objects around the value.
        mutating func value(depth: Int) throws -> KitJSON {
            guard pos < bytes.count else { throw error("unexpected end") }
            if bytes[pos] == UInt8(ascii: "[") || bytes[pos] == UInt8(ascii: "{"), depth >= maxDepth {
                throw error("nesting deeper than \(maxDepth) levels")
            }
            switch bytes[pos] {
            case UInt8(ascii: "n"): return try literal("null", .null)
            case UInt8(ascii: "t"): return try literal("true", .bool(true))
            case UInt8(ascii: "f"): return try literal("false", .bool(false))
            case UInt8(ascii: "\""): return .string(try string())
            case UInt8(ascii: "["):
                pos += 1
                var items: [KitJSON] = []
                space()
                if pos < bytes.count, bytes[pos] == UInt8(ascii: "]") { pos += 1; return .array(items) }
                while true {
                    space()
                    items.append(try value(depth: depth + 1))
                    space()
                    guard pos < bytes.count else { throw error("unexpected end in an array") }
                    if bytes[pos] == UInt8(ascii: ",") { pos += 1; continue }
                    if bytes[pos] == UInt8(ascii: "]") { pos += 1; return .array(items) }
                    throw error("expected , or ] in an array")
                }
            case UInt8(ascii: "{"):
                pos += 1
                var members: [(String, KitJSON)] = []
                space()
                if pos < bytes.count, bytes[pos] == UInt8(ascii: "}") { pos += 1; return .object(members) }
                while true {
                    space()
                    guard pos < bytes.count, bytes[pos] == UInt8(ascii: "\"") else { throw error("expected a member name") }
                    let key = try string()
                    if members.contains(where: { $0.0 == key }) { throw error("the member \"\(key)\" is given twice") }
                    space()
                    guard pos < bytes.count, bytes[pos] == UInt8(ascii: ":") else { throw error("expected :") }
                    pos += 1
                    space()
                    members.append((key, try value(depth: depth + 1)))
                    space()
                    guard pos < bytes.count else { throw error("unexpected end in an object") }
                    if bytes[pos] == UInt8(ascii: ",") { pos += 1; continue }
                    if bytes[pos] == UInt8(ascii: "}") { pos += 1; return .object(members) }
                    throw error("expected , or } in an object")
                }
            default:
                let start = pos
                if bytes[pos] == UInt8(ascii: "-") { pos += 1 }
                while pos < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[pos]) { pos += 1 }
                let text = String(decoding: bytes[start..<pos], as: UTF8.self)
                if pos < bytes.count, [UInt8(ascii: "."), UInt8(ascii: "e"), UInt8(ascii: "E")].contains(bytes[pos]) {
                    throw error("a number with a fraction or an exponent")
                }
                let digits = text.hasPrefix("-") ? text.dropFirst() : Substring(text)
                guard !digits.isEmpty, digits == "0" || !digits.hasPrefix("0"), let i = Int64(text) else {
                    throw error(digits.isEmpty ? "unexpected character" : "the number \(text) is not a 64-bit integer")
                }
                return .integer(i)
            }
        }

        mutating func hex4() throws -> UInt32 {
            guard pos + 4 <= bytes.count, let v = UInt32(String(decoding: bytes[pos..<pos + 4], as: UTF8.self), radix: 16) else {
                throw error("a \\u escape needs four hex digits")
            }
            pos += 4
            return v
        }

        mutating func string() throws -> String {
            pos += 1
            var scalars = String.UnicodeScalarView()
            var raw: [UInt8] = []
            func flush() throws {
                if raw.isEmpty { return }
                guard let s = String(bytes: raw, encoding: .utf8) else { throw error("a string is not valid UTF-8") }
                scalars.append(contentsOf: s.unicodeScalars)
                raw.removeAll()
            }
            while true {
                guard pos < bytes.count else { throw error("a string is not closed") }
                let b = bytes[pos]
                pos += 1
                if b == UInt8(ascii: "\"") { try flush(); return String(scalars) }
                if b < 0x20 { throw error("a raw control character in a string") }
                if b != UInt8(ascii: "\\") { raw.append(b); continue }
                try flush()
                guard pos < bytes.count else { throw error("a string is not closed") }
                let e = bytes[pos]
                pos += 1
                switch e {
                case UInt8(ascii: "\""): scalars.append("\"")
                case UInt8(ascii: "\\"): scalars.append("\\")
                case UInt8(ascii: "/"): scalars.append("/")
                case UInt8(ascii: "b"): scalars.append("\u{08}")
                case UInt8(ascii: "f"): scalars.append("\u{0C}")
                case UInt8(ascii: "n"): scalars.append("\n")
                case UInt8(ascii: "r"): scalars.append("\r")
                case UInt8(ascii: "t"): scalars.append("\t")
                case UInt8(ascii: "u"):
                    var v = try hex4()
                    if (0xD800...0xDBFF).contains(v) {
                        guard pos + 2 <= bytes.count, bytes[pos] == UInt8(ascii: "\\"), bytes[pos + 1] == UInt8(ascii: "u") else {
                            throw error("a lone surrogate escape")
                        }
                        pos += 2
                        let low = try hex4()
                        guard (0xDC00...0xDFFF).contains(low) else { throw error("a lone surrogate escape") }
                        v = 0x10000 + ((v - 0xD800) << 10) + (low - 0xDC00)
                    } else if (0xDC00...0xDFFF).contains(v) {
                        throw error("a lone surrogate escape")
                    }
                    scalars.append(Unicode.Scalar(v)!)
                default: throw error("an unknown escape")
                }
            }
        }
    }
}
