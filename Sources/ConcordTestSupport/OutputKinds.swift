import ConcordFormats
import ConcordImplementations
import ConcordLoading
import ConcordSuites
import ConcordPacks

/// Every kind of output the suites declare, for the platform kits' round trip (issue 28, item 7):
/// each kit must be able to write each kind, in the form Concord's captured-outputs reader takes.
///
/// `export()` makes a `concord-export/1` file with, for each declared kind and each sample value of
/// it, one vector of a suite and op that declares that kind: its input holds `kind` (the
/// `FieldType`'s name), `field` (the output field to write) and `value` (the sample, in the export's
/// encoding). A kit's handler reads `value` with the kit's typed accessor of that kind and writes it
/// back with the kit's output of that kind; `problems(captured:)` reads the kit's file with Concord's
/// own reader and the suite definitions' rules and compares every answer with the sample.
public enum OutputKinds {
    public struct Declared: Sendable {
        public var type: FieldType
        /// The first suite, op and output field (in `Suites.list` order) that declares it.
        public var suite: String
        public var op: String?
        public var field: String
    }

    /// Each output `FieldType` some op of some suite declares (round-trip seal ops included), once,
    /// in the order of first use.
    public static var declared: [Declared] {
        var out: [Declared] = []
        for suite in Suites.list {
            for op in suite.protocolOps {
                for f in op.expects where !out.contains(where: { $0.type == f.type }) {
                    out.append(Declared(type: f.type, suite: suite.name, op: op.name, field: f.name))
                }
            }
        }
        return out
    }

    /// Values of a kind as Concord's vector loader makes them, edge cases first: empty, extremes,
    /// every character JSON must escape, invisible ones, a non-BMP character (a surrogate pair in
    /// Java), NFC and NFD spellings (different bytes). A record type's (an answer's) are made from its
    /// members' (`recordSamples`), so a pack's new record type needs nothing here.
    public static func samples(_ type: FieldType) -> [Value] {
        switch type {
        case .bytes:
            return [.bytes([]), .bytes([0]), .bytes((0...255).map { UInt8($0) })]
        case .text:
            return [.text(""), .text(Self.hostile), .text("\u{E9}"), .text("e\u{301}")]
        case .integer:
            return [.integer(0), .integer(-1), .integer(Int64.max), .integer(Int64.min)]
        case .record(let r):
            return recordSamples(r)
        }
    }

    static let hostile = "quote \" backslash \\ slash / \u{0}\u{1}\u{8}\u{C}\n\r\t\u{1F} del \u{7F} \u{85}\u{200B}\u{2028}\u{2029}\u{FEFF} é e\u{301} 𝄞 末"

    /// A record's samples, five: sample k gives each member its k-th value of its type (null,
    /// empty, the extremes, every character JSON must escape, NFC beside NFD).
    static func recordSamples(_ r: RecordType) -> [Value] {
        func values(_ t: RecordType.MemberType) -> [Value] {
            switch t {
            case .integer(let nullable):
                return [nullable ? .null : .integer(0), .integer(7), .integer(Int64.min), .integer(Int64.max), nullable ? .null : .integer(-1)]
            case .string(let nullable):
                return [nullable ? .null : .text(""), .text("I'd say \"yes\""), .text(""), .text(hostile), .text("\u{E9}")]
            case .strings:
                return [[], ["opt-a", "opt-b"], ["", hostile], ["opt-1"], ["e\u{301}", "\u{E9}"]].map { .list($0.map { .text($0) }) }
            }
        }
        return (0..<5).map { k in .map(Dictionary(uniqueKeysWithValues: r.members.map { ($0.name, values($0.type)[k]) })) }
    }

    /// The vectors of `export()`: name, the output field, and the value the kit must write.
    public static var vectors: [(name: String, suite: String, op: String?, field: String, type: FieldType, value: Value)] {
        declared.flatMap { d in
            samples(d.type).enumerated().map { i, v in ("\(d.suite)/kind-\(d.type.rawValue)-\(i + 1)", d.suite, d.op, d.field, d.type, v) }
        }
    }

    /// The `concord-export/1` text of `vectors`.
    public static func export() -> String {
        let list: [JSON] = vectors.map { v in
            var members: [(String, JSON)] = [("name", .string(v.name)), ("suite", .string(v.suite))]
            if let op = v.op { members.append(("op", .string(op))) }
            members += [("result", .string("valid")),
                        ("input", .object([("kind", .string(v.type.rawValue)), ("field", .string(v.field)), ("value", v.value.json)])),
                        ("expect", .object([(v.field, v.value.json)]))]
            return .object(members)
        }
        return JSON.object([("format", .string("concord-export/1")), ("vectors", .array(list))]).serialized(pretty: true) + "\n"
    }

    /// The adapter-protocol request lines of `vectors` (docs/adapters.md), the i-th with id i.
    public static func requests() -> [String] {
        vectors.enumerated().map { i, v in
            JSON.object([("id", .int(Int64(i))), ("suite", .string(v.suite)), ("op", v.op.map { .string($0) } ?? .null),
                         ("input", .object([("kind", .string(v.type.rawValue)), ("field", .string(v.field)), ("value", v.value.json)]))]).serialized()
        }
    }

    /// What is wrong with a kit's answers to `requests()` as a live adapter (its handshake line
    /// skipped): each response read as Concord's adapter reads one (`Value(json:)` for each output,
    /// as ExternalAdapter does), and compared with the sample.
    public static func problems(responses: [String], kit: String) -> [String] {
        var byId: [Int64: JSON] = [:]
        var out: [String] = []
        for line in responses where !line.isEmpty && !line.hasPrefix("{\"concord-adapter\"") {
            guard let json = try? JSON.parse(line), let id = json["id"]?.intValue else { out.append("\(kit) answered an unreadable line: \(line)"); continue }
            byId[id] = json
        }
        for (i, v) in vectors.enumerated() {
            guard let json = byId[Int64(i)] else { out.append("\(v.name): \(kit) did not answer request \(i)"); continue }
            guard let outputs = json["outputs"]?.objectValue else {
                out.append("\(v.name): \(kit) has no output of kind \(v.type.rawValue) as an adapter: \(json.serialized())")
                continue
            }
            var m: [String: Value] = [:]
            for (k, x) in outputs {
                do { m[k] = try Value(json: x) } catch { out.append("\(v.name): \(kit) answered an unreadable \(k): \(error)") }
            }
            if m != [v.field: v.value] {
                out.append("\(v.name): \(kit) answered \(m.mapValues(\.display)), not \(v.field): \(v.value.display) (kind \(v.type.rawValue))")
            }
        }
        return out
    }

    /// What is wrong with a kit's captured-outputs file for `export()`: it does not read (Concord's
    /// reader, held to the suite definitions), or a vector is missing or answers another value.
    public static func problems(captured text: String, kit: String) -> [String] {
        let file: CapturedOutputs
        do { file = try CapturedOutputs.parse(text, file: "\(kit)'s outputs", rules: CapturedRules.make([])) } catch {
            return ["Concord cannot read \(kit)'s captured outputs: \(error)\n\(text)"]
        }
        var out: [String] = []
        for v in vectors {
            switch file.outcome(forVector: v.name) {
            case .outputs(let o) where o == [v.field: v.value]: break
            case .outputs(let o):
                out.append("\(v.name): \(kit) wrote \(o.mapValues(\.display)), not \(v.field): \(v.value.display) (kind \(v.type.rawValue))")
            case .unsupported(let why):
                out.append("\(v.name): \(kit) has no output of kind \(v.type.rawValue) (\(why))")
            case let other:
                out.append("\(v.name): \(kit) answered \(other)")
            }
        }
        return out
    }
}
