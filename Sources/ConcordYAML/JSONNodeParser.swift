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
        do { return try JSONReader.parse(bytes, into: Builder(bytes: bytes), maxDepth: limits.depthLimit) } catch {
            let mark = Mark(line: error.line, column: error.column)
            switch error.kind {
            case .syntax: throw YAMLError("JSON syntax error: \(error.message)", at: mark)
            case .empty: throw YAMLError("the file is empty: expected a JSON object", at: mark)
            case .tooDeep: throw limits.tooDeep(at: mark)
            case .duplicateKey: throw YAMLError(error.message, at: mark)
            }
        }
    }

    struct Builder: JSONBuilder {
        let bytes: [UInt8]
        var rejectsDuplicateKeys: Bool { true }
        func mark(_ p: JSONPosition) -> Mark { Mark(line: p.line, column: p.column(in: bytes)) }
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
