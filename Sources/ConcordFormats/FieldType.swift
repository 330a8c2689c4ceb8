/// The type a field's value must have in a vector file: one of the three every contract shares, or
/// a record type a pack defines by data (`RecordType`: Closer's `answer`, `FieldType.answer` in
/// ConcordCloser), which every reader, writer and generator handles from that data.
public enum FieldType: Sendable, Hashable, CustomStringConvertible {
    case bytes, text, integer
    case record(RecordType)

    /// Its name: `bytes`, `text`, `integer` or the record type's (`answer`).
    public var rawValue: String {
        switch self {
        case .bytes: return "bytes"
        case .text: return "text"
        case .integer: return "integer"
        case .record(let r): return r.name
        }
    }

    /// One of the three shared types by its name (a record type is found by its pack: `Pack.records`).
    public init?(rawValue: String) {
        switch rawValue {
        case "bytes": self = .bytes
        case "text": self = .text
        case "integer": self = .integer
        default: return nil
        }
    }

    public var description: String {
        switch self {
        case .bytes: return "bytes ({hex|base64|base64url|utf8: …})"
        case .text: return "a string"
        case .integer: return "an integer"
        case .record(let r): return r.description
        }
    }

    /// The record type, when it is one.
    public var record: RecordType? {
        if case .record(let r) = self { return r }
        return nil
    }
}
