import CYAML

/// Parses one YAML 1.2 (or JSON) document into a located `Node` tree with libyaml's event API.
///
/// Refused, each with a position: a byte order mark, bytes that are not UTF-8, syntax errors,
/// anchors and aliases (no "billion laughs"), explicit tags, duplicate mapping keys, more than one
/// document, nesting deeper than `limits.maxDepth`, and input larger than `limits.maxBytes`.
public struct YAMLParser {
    public struct Limits: Sendable {
        public var maxDepth: Int
        public var maxBytes: Int
        public init(maxDepth: Int = 64, maxBytes: Int = 64 << 20) { self.maxDepth = maxDepth; self.maxBytes = maxBytes }

        /// The deepest nesting read whatever `maxDepth` says: the parsers (and whatever walks or
        /// frees the tree) recurse once per level, and a debug build spends about 4.4 KiB of stack
        /// per level, so 1,000 levels stay well inside the 8 MiB main-thread stack.
        public static let deepestReadable = 1000

        /// `maxDepth`, capped at `deepestReadable`.
        public var depthLimit: Int { min(maxDepth, Self.deepestReadable) }

        /// The refusal of a node nested one level deeper than `depthLimit`.
        public func tooDeep(at mark: Mark) -> YAMLError {
            if maxDepth > Self.deepestReadable {
                return YAMLError("nesting deeper than \(Self.deepestReadable) levels, the most Concord reads whatever --max-depth says "
                                 + "(--max-depth \(maxDepth) is capped at \(Self.deepestReadable): deeper nesting would overflow the stack)", at: mark)
            }
            return YAMLError("nesting deeper than \(maxDepth) levels (raise the limit with --max-depth, up to \(Self.deepestReadable))", at: mark)
        }
    }

    public var limits: Limits
    /// What the file should hold, for the message about an empty one (a vector file by default).
    public var expected: String
    public init(limits: Limits = Limits(), expected: String = "a mapping with format, suite, title, source and vectors") {
        self.limits = limits
        self.expected = expected
    }

    public func parse(_ bytes: [UInt8]) throws(YAMLError) -> Node {
        try Self.checkEncoding(bytes, limits: limits)
        var session = Session(bytes: bytes, limits: limits, expected: expected)
        return try session.run()
    }

    /// Size, byte order mark, UTF-8 and NUL: the checks before any parser sees the bytes.
    static func checkEncoding(_ bytes: [UInt8], limits: Limits) throws(YAMLError) {
        if bytes.count > limits.maxBytes {
            throw YAMLError("the file is \(bytes.count) bytes, above the limit of \(limits.maxBytes) (raise it with --max-file-bytes)", at: Mark(line: 1, column: 1))
        }
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) || bytes.starts(with: [0xFE, 0xFF]) || bytes.starts(with: [0xFF, 0xFE]) {
            throw YAMLError("the file starts with a byte order mark; save it as UTF-8 without BOM", at: Mark(line: 1, column: 1))
        }
        if let bad = Self.firstInvalidUTF8(bytes) {
            throw YAMLError("the file is not valid UTF-8 (byte 0x\(String(bytes[bad], radix: 16)) at offset \(bad))", at: Self.mark(ofOffset: bad, in: bytes))
        }
        if let nul = bytes.firstIndex(of: 0) {
            throw YAMLError("the file contains a NUL byte", at: Self.mark(ofOffset: nul, in: bytes))
        }
    }

    static func firstInvalidUTF8(_ b: [UInt8]) -> Int? {
        var i = 0
        let n = b.count
        while i < n {
            let c = b[i]
            if c < 0x80 { i += 1; continue }
            var need = 0
            var min: UInt32 = 0
            var cp: UInt32 = 0
            if c & 0xE0 == 0xC0 { need = 1; min = 0x80; cp = UInt32(c & 0x1F) }
            else if c & 0xF0 == 0xE0 { need = 2; min = 0x800; cp = UInt32(c & 0x0F) }
            else if c & 0xF8 == 0xF0 { need = 3; min = 0x10000; cp = UInt32(c & 0x07) }
            else { return i }
            for k in 1...need {
                guard i + k < n, b[i + k] & 0xC0 == 0x80 else { return i }
                cp = cp << 6 | UInt32(b[i + k] & 0x3F)
            }
            if cp < min || cp > 0x10FFFF || (cp >= 0xD800 && cp <= 0xDFFF) { return i }
            i += need + 1
        }
        return nil
    }

    static func mark(ofOffset offset: Int, in b: [UInt8]) -> Mark {
        var line = 1
        var col = 1
        for i in 0..<min(offset, b.count) {
            if b[i] == 10 { line += 1; col = 1 } else if b[i] & 0xC0 != 0x80 { col += 1 }
        }
        return Mark(line: line, column: col)
    }
}

/// One parse: owns the libyaml parser and the input buffer for its whole life (trap 5).
private struct Session {
    let bytes: [UInt8]
    let limits: YAMLParser.Limits
    let expected: String

    init(bytes: [UInt8], limits: YAMLParser.Limits, expected: String) { self.bytes = bytes; self.limits = limits; self.expected = expected }

    mutating func run() throws(YAMLError) -> Node {
        let parser = UnsafeMutablePointer<yaml_parser_t>.allocate(capacity: 1)
        let input = UnsafeMutablePointer<UInt8>.allocate(capacity: max(bytes.count, 1))
        input.initialize(from: bytes, count: bytes.count)
        defer {
            yaml_parser_delete(parser)
            parser.deallocate()
            input.deallocate()
        }
        guard yaml_parser_initialize(parser) == 1 else { throw YAMLError("libyaml could not start", at: Mark(line: 1, column: 1)) }
        yaml_parser_set_input_string(parser, input, bytes.count)
        yaml_parser_set_encoding(parser, YAML_UTF8_ENCODING)
        var reader = EventReader(parser: parser, bytes: bytes)

        _ = try reader.expect(YAML_STREAM_START_EVENT)
        let first = try reader.next()
        if first.type == YAML_STREAM_END_EVENT {
            throw YAMLError("the file is empty: expected \(expected)", at: first.mark)
        }
        guard first.type == YAML_DOCUMENT_START_EVENT else { throw YAMLError("expected a document", at: first.mark) }
        let root = try node(&reader, depth: 1)
        _ = try reader.expect(YAML_DOCUMENT_END_EVENT)
        let after = try reader.next()
        if after.type == YAML_DOCUMENT_START_EVENT {
            throw YAMLError("a file must hold one document; a second one starts here", at: after.mark)
        }
        return root
    }

    private func node(_ r: inout EventReader, depth: Int) throws(YAMLError) -> Node {
        let e = try r.next()
        if depth > limits.depthLimit { throw limits.tooDeep(at: e.mark) }
        if e.anchor {
            throw YAMLError("anchors and aliases are not allowed in vector files (each value is written out)", at: e.mark)
        }
        if e.tagged {
            throw YAMLError("explicit tags are not allowed; write plain YAML values", at: e.mark)
        }
        switch e.type {
        case YAML_ALIAS_EVENT:
            throw YAMLError("anchors and aliases are not allowed in vector files (each value is written out)", at: e.mark)
        case YAML_SCALAR_EVENT:
            let type: ScalarType = e.plain ? ScalarType.resolvePlain(e.value) : .string
            return Node(.scalar(e.value, type), at: e.mark)
        case YAML_SEQUENCE_START_EVENT:
            var items: [Node] = []
            while try r.peekIs(YAML_SEQUENCE_END_EVENT) == false {
                items.append(try node(&r, depth: depth + 1))
            }
            _ = try r.next()
            return Node(.sequence(items), at: e.mark)
        case YAML_MAPPING_START_EVENT:
            var pairs: [(key: Node, value: Node)] = []
            var seen: [String: Mark] = [:]
            while try r.peekIs(YAML_MAPPING_END_EVENT) == false {
                let k = try node(&r, depth: depth + 1)
                guard case .scalar(let ks, _) = k.kind else {
                    throw YAMLError("a mapping key must be a scalar", at: k.mark)
                }
                if let prev = seen[ks] {
                    throw YAMLError("duplicate key \"\(ks)\" (first at \(prev))", at: k.mark)
                }
                seen[ks] = k.mark
                let v = try node(&r, depth: depth + 1)
                pairs.append((k, v))
            }
            _ = try r.next()
            return Node(.mapping(pairs), at: e.mark)
        default:
            throw YAMLError("unexpected YAML event", at: e.mark)
        }
    }
}

/// A copied-out libyaml event: Swift values only, so nothing outlives `yaml_event_delete`.
private struct Event {
    var type: yaml_event_type_t
    var mark: Mark
    var value: String = ""
    var plain = false
    var anchor = false
    var tagged = false
}

private struct EventReader {
    let parser: UnsafeMutablePointer<yaml_parser_t>
    let bytes: [UInt8]
    var peeked: Event?

    init(parser: UnsafeMutablePointer<yaml_parser_t>, bytes: [UInt8]) { self.parser = parser; self.bytes = bytes }

    mutating func peekIs(_ t: yaml_event_type_t) throws(YAMLError) -> Bool {
        if peeked == nil { peeked = try read() }
        return peeked!.type == t
    }

    mutating func next() throws(YAMLError) -> Event {
        if let p = peeked { peeked = nil; return p }
        return try read()
    }

    mutating func expect(_ t: yaml_event_type_t) throws(YAMLError) -> Event {
        let e = try next()
        guard e.type == t else { throw YAMLError("unexpected content", at: e.mark) }
        return e
    }

    private func read() throws(YAMLError) -> Event {
        var ev = yaml_event_t()
        guard yaml_parser_parse(parser, &ev) == 1 else { throw syntaxError() }
        defer { yaml_event_delete(&ev) }
        var e = Event(type: ev.type, mark: Mark(line: Int(ev.start_mark.line) + 1, column: Int(ev.start_mark.column) + 1))
        switch ev.type {
        case YAML_SCALAR_EVENT:
            let s = ev.data.scalar
            e.value = s.value.map { String(decoding: UnsafeBufferPointer(start: $0, count: s.length), as: UTF8.self) } ?? ""
            e.plain = s.style == YAML_PLAIN_SCALAR_STYLE
            e.anchor = s.anchor != nil
            // libyaml reports the "!" non-specific tag for quoted scalars only when written; any tag text counts.
            e.tagged = s.tag != nil
        case YAML_SEQUENCE_START_EVENT:
            e.anchor = ev.data.sequence_start.anchor != nil
            e.tagged = ev.data.sequence_start.tag != nil
        case YAML_MAPPING_START_EVENT:
            e.anchor = ev.data.mapping_start.anchor != nil
            e.tagged = ev.data.mapping_start.tag != nil
        default: break
        }
        return e
    }

    private func syntaxError() -> YAMLError {
        let p = parser.pointee
        let problem = p.problem.map { String(cString: $0) } ?? "unknown problem"
        let context = p.context.map { " " + String(cString: $0) } ?? ""
        var m = Mark(line: Int(p.problem_mark.line) + 1, column: Int(p.problem_mark.column) + 1)
        var message = "YAML syntax error: \(problem)\(context)"
        if p.error == YAML_READER_ERROR {
            // The reader reports a byte offset, not a mark (a control character, a bad encoding).
            m = Mark(byteOffset: Int(p.problem_offset), in: bytes)
            if p.problem_value >= 0 && p.problem_value < 0x20 {
                let hex = String(p.problem_value, radix: 16, uppercase: true)
                message += " (character U+\(String(repeating: "0", count: max(0, 4 - hex.count)) + hex))"
            }
        } else if p.context != nil, p.context_mark.line != p.problem_mark.line || p.context_mark.column != p.problem_mark.column {
            // Where the construct that went wrong began: an unterminated quote is found at the end.
            message += " (which started at \(p.context_mark.line + 1):\(p.context_mark.column + 1))"
        }
        if lineHasTab(m.line) { message += " (a tab cannot indent YAML: use spaces)" }
        return YAMLError(message, at: m)
    }

    private func lineHasTab(_ line: Int) -> Bool {
        var current = 1
        for b in bytes {
            if b == 10 { current += 1; if current > line { break }; continue }
            if current == line && b == 9 { return true }
        }
        return false
    }
}
