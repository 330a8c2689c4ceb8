import ConcordFormats
import ConcordLoading
import ConcordPrimitives

/// What a run read, written as its report's `inputs` (docs/report.md), so that `concord merge`
/// can tell the shards of one run from shards of runs over other files (docs/ci.md):
///
/// ```json
/// "inputs": {"sha256": "…", "vectors": 812,
///            "files": [{"file": "vectors/primitives/argon2id/rfc9106.yaml", "vectors": 3, "sha256": "…"}, …],
///            "captured": [{"implementation": "captured:pixel8", "file": "out/pixel8.json", "sha256": "…"}]}
/// ```
///
/// - `files`: every file the run's vectors came from, in load order, with the number of vectors it
///   gave and the SHA-256 of those vectors as they were loaded (each one's name, op, result, line,
///   comment, flags, inputs and expectations: `vectorBytes`). Every vector loaded counts, not only a
///   shard's: the shards of one run carry the same `inputs`. A fixture map's vectors name their
///   fixture, and the map's pointers are in the values they read.
/// - `captured` (only with `--captured`): each captured-outputs file with its implementation and
///   the SHA-256 of its bytes.
/// - `sha256`: the SHA-256 of the lines `vectors\tFILE\tCOUNT\tSHA256\n` and
///   `captured\tIMPLEMENTATION\tFILE\tSHA256\n`, in that order: equal exactly when the lists are.
///
/// What else makes a run (its implementations and their versions, its `options`) has a field of
/// its own, which merge compares with its own message.
public enum RunInputs {
    /// The `inputs` field of a run that loaded `vectors` (all of them, before a shard's split) and
    /// read the captured-outputs files `captured` (bytes as read).
    public static func make(_ vectors: [Vector], captured: [(implementation: String, file: String, bytes: [UInt8])] = []) -> JSON {
        var files: [JSON] = []
        var lines: [UInt8] = []
        var i = 0
        while i < vectors.count {
            // The vectors of one file follow each other in load order.
            let file = vectors[i].file
            var bytes: [UInt8] = []
            var count = 0
            while i < vectors.count && vectors[i].file == file {
                vectorBytes(vectors[i], into: &bytes)
                count += 1
                i += 1
            }
            let digest = Hex.encode(SHA256.hash(bytes))
            files.append(.object([("file", .string(file)), ("vectors", .int(Int64(count))), ("sha256", .string(digest))]))
            lines += Array("vectors\t\(file)\t\(count)\t\(digest)\n".utf8)
        }
        var top: [(key: String, value: JSON)] = []
        var capturedList: [JSON] = []
        for c in captured {
            let digest = Hex.encode(SHA256.hash(c.bytes))
            capturedList.append(.object([("implementation", .string(c.implementation)), ("file", .string(c.file)), ("sha256", .string(digest))]))
            lines += Array("captured\t\(c.implementation)\t\(c.file)\t\(digest)\n".utf8)
        }
        top.append(("sha256", .string(Hex.encode(SHA256.hash(lines)))))
        top.append(("vectors", .int(Int64(vectors.count))))
        top.append(("files", .array(files)))
        if !capturedList.isEmpty { top.append(("captured", .array(capturedList))) }
        return .object(top)
    }

    /// A vector as it was loaded, in bytes that tell any two apart: each part length-prefixed (so
    /// no two sequences of parts give the same bytes), values tagged by kind.
    static func vectorBytes(_ v: Vector, into out: inout [UInt8]) {
        func part(_ s: String) { let u = Array(s.utf8); number(u.count); out += u }
        func number(_ n: Int) { out += Array("\(n):".utf8) }
        func value(_ x: Value) {
            switch x {
            case .bytes(let b): out.append(UInt8(ascii: "b")); number(b.count); out += b
            case .text(let s): out.append(UInt8(ascii: "t")); part(s)
            case .integer(let n): out.append(UInt8(ascii: "i")); part(String(n))
            case .bool(let b): out.append(UInt8(ascii: b ? "T" : "F"))
            case .null: out.append(UInt8(ascii: "n"))
            case .list(let l): out.append(UInt8(ascii: "l")); number(l.count); l.forEach(value)
            case .map(let m):
                out.append(UInt8(ascii: "m")); number(m.count)
                for k in m.keys.sorted(by: { $0.utf8.lexicographicallyPrecedes($1.utf8) }) { part(k); value(m[k]!) }
            }
        }
        part(v.name)
        part(v.op ?? "")
        part(v.result.rawValue)
        part(String(v.line))
        if let c = v.comment { out.append(UInt8(ascii: "c")); part(c) } else { out.append(UInt8(ascii: "-")) }
        number(v.flags.count); v.flags.forEach(part)
        let keys = v.inputOrder
        number(keys.count)
        for k in keys { part(k); if let x = v.input[k] { value(x) } else { out.append(UInt8(ascii: "?")) } }
        switch v.expect {
        case .outputs(let fields):
            out.append(UInt8(ascii: "O")); number(fields.count)
            for f in fields {
                part(f.field)
                switch f.expected {
                case .value(let x): value(x)
                case .placeholder: out.append(UInt8(ascii: "P"))
                }
            }
        case .error(let c): out.append(UInt8(ascii: "E")); part(c?.rawValue ?? "")
        case .none: out.append(UInt8(ascii: "N"))
        }
    }

    /// What differs between two reports' `inputs` (`a` of `aName`, `b` of `bName`), said in a few
    /// items (at most `limit`, then how many more), or nil when they are the same.
    public static func difference(_ a: JSON, _ b: JSON, _ aName: String, _ bName: String, limit: Int = 5) -> String? {
        if ReportMerge.sameValue(a, b) { return nil }
        var items: [String] = []
        func short(_ j: JSON?) -> String { String((j?.stringValue ?? "?").prefix(12)) }
        for list in ["files", "captured"] {
            let x = a[list]?.arrayValue ?? [], y = b[list]?.arrayValue ?? []
            let key = list == "files" ? "file" : "implementation"
            func named(_ l: [JSON]) -> [String: JSON] {
                Dictionary(l.compactMap { e in e[key]?.stringValue.map { ($0, e) } }, uniquingKeysWith: { first, _ in first })
            }
            let nx = named(x), ny = named(y)
            let what = list == "files" ? "" : "captured file of "
            for e in x {
                guard let k = e[key]?.stringValue else { continue }
                guard let f = ny[k] else { items.append("\(what)\(k) only in \(aName)"); continue }
                if !ReportMerge.sameValue(e, f) {
                    let detail = list == "files"
                        ? "\(e["vectors"]?.serialized() ?? "?") vectors, sha256 \(short(e["sha256"]))… in \(aName); \(f["vectors"]?.serialized() ?? "?") vectors, sha256 \(short(f["sha256"]))… in \(bName)"
                        : "\(e["file"]?.stringValue ?? "?"), sha256 \(short(e["sha256"]))… in \(aName); \(f["file"]?.stringValue ?? "?"), sha256 \(short(f["sha256"]))… in \(bName)"
                    items.append("\(what)\(k)\(list == "files" ? "'s vectors" : "") differ (\(detail))")
                }
            }
            for e in y { if let k = e[key]?.stringValue, nx[k] == nil { items.append("\(what)\(k) only in \(bName)") } }
            if items.isEmpty, x.count == y.count, !ReportMerge.sameValue(.array(x), .array(y)) {
                items.append(list == "files" ? "the same vector files, loaded in another order" : "the same captured files, given in another order")
            }
        }
        if items.isEmpty {
            items.append("sha256 \(short(a["sha256"]))… in \(aName), \(short(b["sha256"]))… in \(bName)")
        }
        let shown = items.prefix(limit).joined(separator: "; ")
        return items.count > limit ? shown + "; and \(items.count - limit) more" : shown
    }
}
