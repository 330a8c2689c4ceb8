/// The one JSON reader (RFC 8259, strictly: no trailing commas, no comments, no NaN), with
/// positions. What it builds is up to a `JSONBuilder`: `JSON` values (`JSON.parse`: the adapter
/// protocol, captured files, keysets, reports) or the located nodes of vector files
/// (ConcordYAML's `JSONNodeParser`). Every refusal carries its byte offset, line and column.
public struct JSONReader<Builder: JSONBuilder> {
    let b: [UInt8]
    let builder: Builder
    let maxDepth: Int
    /// Whether only arrays and objects count as levels (the adapter protocol's rule), not the
    /// scalars inside the deepest of them.
    var containersOnly = false
    var i = 0
    var line = 1
    var lineStart = 0

    /// Reads one JSON value filling the whole of `bytes` (white space around it aside), nested at
    /// most `maxDepth` arrays and objects deep.
    public static func parse(_ bytes: [UInt8], into builder: Builder, maxDepth: Int, containersOnly: Bool = false) throws(JSON.ParseError) -> Builder.Value {
        var r = JSONReader(b: bytes, builder: builder, maxDepth: maxDepth, containersOnly: containersOnly)
        r.space()
        if r.i == bytes.count { throw r.fail("the text is empty: expected a JSON value", .empty) }
        let v = try r.value(depth: 1)
        r.space()
        if r.i != bytes.count { throw r.fail("unexpected content after the JSON value") }
        return v
    }

    var position: JSONPosition { JSONPosition(offset: i, line: line, lineStart: lineStart) }

    func fail(_ m: String, _ kind: JSON.ParseError.Kind = .syntax) -> JSON.ParseError { fail(m, kind, at: position) }

    func fail(_ m: String, _ kind: JSON.ParseError.Kind, at p: JSONPosition) -> JSON.ParseError {
        JSON.ParseError(kind: kind, message: m, offset: p.offset, line: p.line, column: p.column(in: b))
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

    mutating func value(depth: Int) throws(JSON.ParseError) -> Builder.Value {
        guard i < b.count else { throw fail("unexpected end of the text") }
        if depth > maxDepth, !containersOnly || b[i] == UInt8(ascii: "{") || b[i] == UInt8(ascii: "[") { throw fail("nesting deeper than \(maxDepth) levels", .tooDeep) }
        let at = position
        switch b[i] {
        case UInt8(ascii: "{"):
            i += 1
            var members: [JSONMember<Builder.Value>] = []
            var seen: [String: JSONPosition] = [:]
            space()
            if i < b.count, b[i] == UInt8(ascii: "}") { i += 1; return builder.object(members, at: at) }
            while true {
                space()
                let keyAt = position
                guard i < b.count, b[i] == 34 else { throw fail("expected a string key") }
                let k = try string()
                if builder.rejectsDuplicateKeys {
                    if let first = seen[k] {
                        throw fail("duplicate key \"\(k)\" (first at \(first.line):\(first.column(in: b)))", .duplicateKey, at: keyAt)
                    }
                    seen[k] = keyAt
                }
                space()
                guard i < b.count, b[i] == UInt8(ascii: ":") else { throw fail("expected ':' after a key") }
                i += 1
                space()
                members.append(JSONMember(key: k, keyAt: keyAt, value: try value(depth: depth + 1)))
                space()
                guard i < b.count else { throw fail("unexpected end of the text in an object") }
                if b[i] == UInt8(ascii: ",") { i += 1; continue }
                if b[i] == UInt8(ascii: "}") { i += 1; return builder.object(members, at: at) }
                throw fail("expected ',' or '}'")
            }
        case UInt8(ascii: "["):
            i += 1
            var items: [Builder.Value] = []
            space()
            if i < b.count, b[i] == UInt8(ascii: "]") { i += 1; return builder.array(items, at: at) }
            while true {
                space()
                items.append(try value(depth: depth + 1))
                space()
                guard i < b.count else { throw fail("unexpected end of the text in an array") }
                if b[i] == UInt8(ascii: ",") { i += 1; continue }
                if b[i] == UInt8(ascii: "]") { i += 1; return builder.array(items, at: at) }
                throw fail("expected ',' or ']'")
            }
        case 34:
            return builder.string(try string(), at: at)
        case UInt8(ascii: "t"): try word("true"); return builder.bool(true, at: at)
        case UInt8(ascii: "f"): try word("false"); return builder.bool(false, at: at)
        case UInt8(ascii: "n"): try word("null"); return builder.null(at: at)
        default:
            return try number(at)
        }
    }

    mutating func word(_ w: String) throws(JSON.ParseError) {
        let u = Array(w.utf8)
        guard i + u.count <= b.count, b[i..<i + u.count].elementsEqual(u) else { throw fail("invalid literal") }
        i += u.count
    }

    mutating func number(_ at: JSONPosition) throws(JSON.ParseError) -> Builder.Value {
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
        return builder.number(String(decoding: b[start..<i], as: UTF8.self), integer: integer, at: at)
    }

    mutating func string() throws(JSON.ParseError) -> String {
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

    mutating func hex4() throws(JSON.ParseError) -> UInt32 {
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

/// A position in JSON text. Its column (1-based, in characters: UTF-8 continuation bytes are not
/// columns, as in libyaml) is worked out on demand: it costs a scan of the line so far.
public struct JSONPosition: Sendable, Equatable {
    public var offset: Int
    public var line: Int
    /// The byte offset where the line starts.
    public var lineStart: Int

    public func column(in bytes: [UInt8]) -> Int {
        var col = 1
        var k = lineStart
        while k < offset && k < bytes.count { if bytes[k] & 0xC0 != 0x80 { col += 1 }; k += 1 }
        return col
    }
}

/// An object member as read: its key, where the key stands, its value.
public struct JSONMember<Value> {
    public var key: String
    public var keyAt: JSONPosition
    public var value: Value
}

/// What `JSONReader` makes of each value it reads.
public protocol JSONBuilder {
    associatedtype Value
    /// Whether a key given twice in one object is refused (naming where it first stood).
    var rejectsDuplicateKeys: Bool { get }
    func string(_ s: String, at: JSONPosition) -> Value
    /// `text` as written, in RFC 8259's syntax; `integer` when it has no fraction and no exponent.
    func number(_ text: String, integer: Bool, at: JSONPosition) -> Value
    func bool(_ b: Bool, at: JSONPosition) -> Value
    func null(at: JSONPosition) -> Value
    func array(_ items: [Value], at: JSONPosition) -> Value
    func object(_ members: [JSONMember<Value>], at: JSONPosition) -> Value
}
