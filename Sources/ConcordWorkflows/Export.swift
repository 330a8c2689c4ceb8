import ConcordLoading
import ConcordSuites
import ConcordFormats
import ConcordPacks

/// `concord export`: vectors as one flat JSON document (`concord-export/1`,
/// schemas/export.schema.json) that a platform test reads without a YAML parser. Every byte value
/// is given as both hex and base64; defaults are merged; placeholders are marked.
public enum Export {
    public static let format = "concord-export/1"

    public static func document(_ vectors: [Vector]) -> JSON {
        .object([("format", .string(format)), ("vectors", .array(vectors.map(vector)))])
    }

    public static func vector(_ v: Vector) -> JSON {
        var o: [(key: String, value: JSON)] = [
            ("name", .string(v.name)), ("suite", .string(v.suite)), ("id", .string(v.id)),
        ]
        if let op = v.op { o.append(("op", .string(op))) }
        o.append(("result", .string(v.result.rawValue)))
        o.append(("flags", .array(v.flags.map { .string($0) })))
        if let c = v.comment { o.append(("comment", .string(c))) }
        o.append(("file", .string(v.file)))
        o.append(("line", .int(Int64(v.line))))
        o.append(("input", .object(v.inputOrder.compactMap { k in v.input[k].map { (k, value($0)) } })))
        switch v.expect {
        case .outputs(let fields):
            o.append(("expect", .object(fields.map { f in
                switch f.expected {
                case .value(let x): return (f.field, value(x))
                case .placeholder: return (f.field, .object([("placeholder", .bool(true))]))
                }
            })))
        case .error(let c):
            o.append(("expect", .object([("error", c.map { .string($0.rawValue) } ?? .null)])))
        case .none:
            break
        }
        return .object(o)
    }

    /// Bytes as `{"hex", "base64"}`; text, integers and null as themselves; a record (an answer) as
    /// an object with its keys in member order (`RecordType.keyOrder`).
    public static func value(_ v: Value) -> JSON {
        switch v {
        case .bytes(let b): return .object([("hex", .string(Hex.encode(b))), ("base64", .string(Base64.encode(b, .standard)))])
        case .text(let s): return .string(s)
        case .integer(let i): return .int(i)
        case .bool(let b): return .bool(b)
        case .null: return .null
        case .list(let l): return .array(l.map(value))
        case .map(let m):
            return .object(RecordType.keyOrder(m, records: Packs.records).map { ($0, value(m[$0]!)) })
        }
    }
}
