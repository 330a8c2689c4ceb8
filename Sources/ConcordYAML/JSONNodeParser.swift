import ConcordFormats

/// Parses a JSON file straight into the same located `Node` tree the YAML parser builds, several
/// times faster than going through libyaml. The reading is ConcordFormats' `JSONReader` (the one
/// JSON reader), with duplicate keys refused; every refusal carries line and column like the
/// YAML parser's.
public struct JSONNodeParser {
    public var limits: YAMLParser.Limits
    public init(limits: YAMLParser.Limits = .init()) { self.limits = limits }

    public func parse(_ bytes: [UInt8]) throws(YAMLError) -> Node {
        try YAMLParser.checkEncoding(bytes, limits: limits)
        do { return try JSONReader.parse(bytes, into: Builder(bytes: bytes, columns: Columns(bytes)), maxDepth: limits.depthLimit) } catch {
            let mark = Mark(line: error.line, column: error.column)
            switch error.kind {
            case .syntax: throw YAMLError("JSON syntax error: \(error.message)", at: mark)
            case .empty: throw YAMLError("the file is empty: expected a JSON object", at: mark)
            case .tooDeep: throw limits.tooDeep(at: mark)
            case .duplicateKey: throw YAMLError(error.message, at: mark)
            }
        }
    }

    /// Columns (characters from the line's start) in constant time: counting from the line's start
    /// for every node made a minified file (one long line) quadratic. Every 256 bytes, the number of
    /// UTF-8 continuation bytes before; a column is then bytes less continuation bytes since the
    /// line's start, as `JSONPosition.column(in:)` counts it.
    struct Columns {
        let bytes: [UInt8]
        let before: [Int]
        init(_ bytes: [UInt8]) {
            self.bytes = bytes
            var before = [Int]()
            before.reserveCapacity(bytes.count / 256 + 1)
            var n = 0
            for (i, b) in bytes.enumerated() {
                if i & 255 == 0 { before.append(n) }
                if b & 0xC0 == 0x80 { n += 1 }
            }
            self.before = before
        }
        /// Continuation bytes in bytes[0..<end].
        func continuations(_ end: Int) -> Int {
            let end = min(end, bytes.count)
            if before.isEmpty { return 0 }
            let block = min(end >> 8, before.count - 1)
            var n = before[block]
            var k = block << 8
            while k < end { if bytes[k] & 0xC0 == 0x80 { n += 1 }; k += 1 }
            return n
        }
        func column(_ p: JSONPosition) -> Int {
            let end = min(p.offset, bytes.count)
            guard p.lineStart < end else { return 1 }
            return 1 + (end - p.lineStart) - (continuations(end) - continuations(p.lineStart))
        }
    }

    struct Builder: JSONBuilder {
        let bytes: [UInt8]
        let columns: Columns
        var rejectsDuplicateKeys: Bool { true }
        func mark(_ p: JSONPosition) -> Mark { Mark(line: p.line, column: columns.column(p)) }
        func string(_ s: String, at: JSONPosition) -> Node { Node(.scalar(s, .string), at: mark(at)) }
        func number(_ text: String, integer: Bool, at: JSONPosition) -> Node { Node(.scalar(text, integer ? .integer : .float), at: mark(at)) }
        func bool(_ b: Bool, at: JSONPosition) -> Node { Node(.scalar(b ? "true" : "false", .bool), at: mark(at)) }
        func null(at: JSONPosition) -> Node { Node(.scalar("null", .null), at: mark(at)) }
        func array(_ items: [Node], at: JSONPosition) -> Node { Node(.sequence(items), at: mark(at)) }
        func object(_ members: [JSONMember<Node>], at: JSONPosition) -> Node {
            Node(.mapping(members.map { (Node(.scalar($0.key, .string), at: mark($0.keyAt)), $0.value) }), at: mark(at))
        }
    }
}
