extension JSON {
    /// The deepest nesting of arrays and objects a protocol line may have (docs/adapters.md, "JSON subset").
    public static let protocolDepth = 64

    /// One line of the adapter protocol, read as docs/adapters.md's "JSON subset" says: strict RFC
    /// 8259, each member name at most once in an object, numbers only as integers within signed 64
    /// bits, arrays and objects at most 64 levels deep (`[[1]]` is two). `parse`, for files, keeps a
    /// key given twice and reads any number. A refusal names the first problem and where it stands.
    public static func parseProtocolLine(_ bytes: [UInt8]) throws(ParseError) -> JSON {
        let read = try JSONReader.parse(bytes, into: ProtocolBuilder(), maxDepth: protocolDepth, containersOnly: true)
        if let p = read.problem {
            throw ParseError(kind: .syntax, message: p.message, offset: p.at.offset, line: p.at.line, column: p.at.column(in: bytes))
        }
        return read.json
    }

    /// A value read, and the first number in it the subset refuses.
    struct ProtocolValue {
        var json: JSON
        var problem: (message: String, at: JSONPosition)? = nil
    }

    struct ProtocolBuilder: JSONBuilder {
        var rejectsDuplicateKeys: Bool { true }
        func string(_ s: String, at: JSONPosition) -> ProtocolValue { ProtocolValue(json: .string(s)) }
        func number(_ text: String, integer: Bool, at: JSONPosition) -> ProtocolValue {
            guard integer else { return ProtocolValue(json: .null, problem: ("only integers are allowed, found \(text)", at)) }
            guard let v = Int64(text) else { return ProtocolValue(json: .null, problem: ("the integer \(text) is outside signed 64 bits", at)) }
            return ProtocolValue(json: .int(v))
        }
        func bool(_ b: Bool, at: JSONPosition) -> ProtocolValue { ProtocolValue(json: .bool(b)) }
        func null(at: JSONPosition) -> ProtocolValue { ProtocolValue(json: .null) }
        func array(_ items: [ProtocolValue], at: JSONPosition) -> ProtocolValue {
            ProtocolValue(json: .array(items.map(\.json)), problem: items.lazy.compactMap(\.problem).first)
        }
        func object(_ members: [JSONMember<ProtocolValue>], at: JSONPosition) -> ProtocolValue {
            ProtocolValue(json: .object(members.map { ($0.key, $0.value.json) }), problem: members.lazy.compactMap(\.value.problem).first)
        }
    }
}
