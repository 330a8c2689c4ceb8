import ConcordFiles
import ConcordFormats
import ConcordSuites
import ConcordYAML
import Foundation

/// A fixture map (docs/fixture-maps.md): a small YAML file beside a foreign JSON fixture (an app's own test
/// fixture) saying, per entry, which suite and op it is, where each input lives (a JSON pointer) and which
/// pointer holds each expected output, possibly a `TODO_ANDROID_RUN` placeholder. `run` checks the fixture's
/// entries as vectors; `fill` replaces only the placeholders' characters in the fixture.
public enum FixtureMap {
    public static let format = "concord-fixture-map/1"

    /// How a bytes value is written in the fixture.
    public enum Encoding: String, Sendable { case hex, base64, base64url, utf8 }

    /// One input or expect field: the pointer and, for bytes, the encoding.
    struct Field { var name: String; var pointer: String; var encoding: Encoding; var mark: Mark }

    /// What `fill` needs: the fixture, its bytes, the vectors, the placeholders and each one's encoding.
    public struct Loaded: Sendable {
        public var map: String
        public var fixture: String
        public var bytes: [UInt8]
        public var vectors: [Vector]
        public var placeholders: [Fill.Placeholder]
        /// `suite/id field` → the encoding of a bytes placeholder.
        public var encodings: [String: Encoding]
    }

    public static func isMap(_ root: Node) -> Bool {
        root.mapping?.first(where: { $0.key.scalarText == "format" })?.value.string == format
    }

    /// Whether the file at `path` is a fixture map (read only when it is YAML).
    public static func isMap(file path: String, maxBytes: Int) -> Bool {
        let lower = path.lowercased()
        guard lower.hasSuffix(".yaml") || lower.hasSuffix(".yml"), let b = try? InputFile.read(path, maxBytes: maxBytes),
              let root = try? YAMLParser().parse(b) else { return false }
        return isMap(root)
    }

    static func fail(_ file: String, _ node: Node?, _ message: String) -> LoadError {
        LoadError(file: file, line: node?.mark.line ?? 0, column: node?.mark.column ?? 0, message: message)
    }

    /// Resolves an RFC 6901 JSON pointer in a parsed JSON document.
    static func resolve(_ pointer: String, in root: Node) -> Node? {
        guard pointer.isEmpty || pointer.hasPrefix("/") else { return nil }
        var node = root
        for raw in pointer.split(separator: "/", omittingEmptySubsequences: false).dropFirst() {
            let token = raw.replacingOccurrences(of: "~1", with: "/").replacingOccurrences(of: "~0", with: "~")
            if let m = node.mapping {
                guard let v = m.first(where: { $0.key.scalarText == token })?.value else { return nil }
                node = v
            } else if let s = node.sequence {
                guard let i = Int(token), i >= 0, i < s.count, String(i) == token else { return nil }
                node = s[i]
            } else {
                return nil
            }
        }
        return node
    }

    /// A JSON node written back as JSON text.
    static func json(_ n: Node) -> String {
        switch n.kind {
        case .scalar(let s, let t):
            return t == .string ? JSON.string(s).serialized() : s
        case .sequence(let items):
            return "[" + items.map(json).joined(separator: ",") + "]"
        case .mapping(let pairs):
            return "{" + pairs.map { JSON.string($0.key.scalarText ?? "").serialized() + ":" + json($0.value) }.joined(separator: ",") + "}"
        }
    }

    /// A fixture value as the vector format writes it: bytes decoded from the fixture's encoding to `{"hex":…}`.
    static func vectorJSON(_ n: Node, type: FieldType, encoding: Encoding, map: String, at: Node) throws(LoadError) -> String {
        guard type == .bytes, let s = n.string, s != Expected.placeholderText else { return json(n) }
        let b: [UInt8]
        do {
            switch encoding {
            case .hex: b = try Hex.decode(s)
            case .base64: b = try Base64.decode(s, .standard)
            case .base64url: b = try Base64.decode(s, .url)
            case .utf8: b = Array(s.utf8)
            }
        } catch { throw fail(map, at, "the fixture's value is not \(encoding.rawValue): \(error.message)") }
        return "{\"hex\":\"\(Hex.encode(b))\"}"
    }

    static func fields(_ node: Node?, map: String) throws(LoadError) -> [Field] {
        guard let node else { return [] }
        guard let pairs = node.mapping else { throw fail(map, node, "expected a mapping of field name to JSON pointer") }
        var out: [Field] = []
        for (k, v) in pairs {
            guard let name = k.scalarText else { throw fail(map, k, "a field name must be a string") }
            if let p = v.string {
                out.append(Field(name: name, pointer: p, encoding: .hex, mark: v.mark))
            } else if let m = v.mapping, let p = m.first(where: { $0.key.scalarText == "pointer" })?.value.string {
                var enc = Encoding.hex
                if let e = m.first(where: { $0.key.scalarText == "encoding" })?.value {
                    guard let x = e.string.flatMap(Encoding.init(rawValue:)) else {
                        throw fail(map, e, "encoding must be hex, base64, base64url or utf8")
                    }
                    enc = x
                }
                for (mk, _) in m where !["pointer", "encoding"].contains(mk.scalarText ?? "") {
                    throw fail(map, mk, "unknown key \(Printable.escape(mk.scalarText ?? "")) (expected pointer, encoding)")
                }
                out.append(Field(name: name, pointer: p, encoding: enc, mark: v.mark))
            } else {
                throw fail(map, v, "\(name): expected a JSON pointer or {pointer, encoding}")
            }
        }
        return out
    }

    /// Reads a map (its parsed root) and its fixture: the vectors, placeholders and encodings.
    public static func load(root: Node, mapFile: String, loader: VectorLoader) throws(LoadError) -> Loaded {
        guard let top = root.mapping else { throw fail(mapFile, root, "a fixture map is a mapping") }
        func value(_ k: String) -> Node? { top.first(where: { $0.key.scalarText == k })?.value }
        for (k, _) in top where !["format", "fixture", "source", "entries"].contains(k.scalarText ?? "") {
            throw fail(mapFile, k, "unknown key \(Printable.escape(k.scalarText ?? "")) (expected format, fixture, source, entries)")
        }
        guard let rel = value("fixture")?.string else { throw fail(mapFile, root, "missing fixture (the JSON file, relative to the map)") }
        guard let entries = value("entries")?.sequence else { throw fail(mapFile, root, "missing entries") }
        let fixture = rel.hasPrefix("/") ? rel : ((mapFile as NSString).deletingLastPathComponent as NSString).appendingPathComponent(rel)
        let bytes: [UInt8]
        do { bytes = try InputFile.read(fixture, maxBytes: loader.yamlLimits.maxBytes) } catch {
            throw fail(mapFile, value("fixture"), "the fixture \(Printable.escape(rel)): \(error.message)")
        }
        let doc: Node
        do { doc = try JSONNodeParser(limits: loader.yamlLimits).parse(bytes) } catch {
            throw LoadError(file: fixture, line: error.mark.line, column: error.mark.column, message: error.message)
        }
        var bySuite: [(suite: Suite, items: [String])] = []
        var placeholders: [Fill.Placeholder] = []
        var encodings: [String: Encoding] = [:]
        for entry in entries {
            guard let e = entry.mapping else { throw fail(mapFile, entry, "an entry is a mapping") }
            func ev(_ k: String) -> Node? { e.first(where: { $0.key.scalarText == k })?.value }
            for (k, _) in e where !["id", "suite", "op", "input", "expect", "comment"].contains(k.scalarText ?? "") {
                throw fail(mapFile, k, "unknown key \(Printable.escape(k.scalarText ?? "")) (expected id, suite, op, input, expect, comment)")
            }
            guard let id = ev("id")?.string else { throw fail(mapFile, entry, "an entry needs an id") }
            guard let sname = ev("suite")?.string, let suite = Suites.resolve(sname) else {
                throw fail(mapFile, ev("suite") ?? entry, "entry \(Printable.escape(id)): unknown or missing suite")
            }
            let opName = ev("op")?.string
            guard let op = suite.op(opName) else { throw fail(mapFile, ev("op") ?? entry, "entry \(Printable.escape(id)): \(suite.name) has no op \(Printable.escape(opName ?? "(none)"))") }
            var input: [String] = [], expect: [String] = []
            for f in try fields(ev("input"), map: mapFile) {
                guard let spec = op.inputs.first(where: { $0.name == f.name }) else {
                    throw LoadError(file: mapFile, line: f.mark.line, column: f.mark.column, message: "\(suite.name) \(opName ?? "") has no input \(Printable.escape(f.name))")
                }
                guard let n = resolve(f.pointer, in: doc) else {
                    throw LoadError(file: mapFile, line: f.mark.line, column: f.mark.column, message: "the pointer \(Printable.escape(f.pointer)) is not in \(Printable.escape(rel))")
                }
                input.append(JSON.string(f.name).serialized() + ":" + (try vectorJSON(n, type: spec.type, encoding: f.encoding, map: mapFile, at: entry)))
            }
            for f in try fields(ev("expect"), map: mapFile) {
                guard let spec = op.expects.first(where: { $0.name == f.name }) else {
                    throw LoadError(file: mapFile, line: f.mark.line, column: f.mark.column, message: "\(suite.name) \(opName ?? "") has no output \(Printable.escape(f.name))")
                }
                guard let n = resolve(f.pointer, in: doc) else {
                    throw LoadError(file: mapFile, line: f.mark.line, column: f.mark.column, message: "the pointer \(Printable.escape(f.pointer)) is not in \(Printable.escape(rel))")
                }
                if n.string == Expected.placeholderText {
                    placeholders.append(Fill.Placeholder(vector: "\(suite.name)/\(id)", field: f.name, type: spec.type,
                                                         line: n.mark.line, column: n.mark.column))
                    encodings["\(suite.name)/\(id) \(f.name)"] = f.encoding
                }
                expect.append(JSON.string(f.name).serialized() + ":" + (try vectorJSON(n, type: spec.type, encoding: f.encoding, map: mapFile, at: entry)))
            }
            var item = "{\"id\":\(JSON.string(id).serialized())"
            if let opName { item += ",\"op\":\(JSON.string(opName).serialized())" }
            item += ",\"input\":{\(input.joined(separator: ","))}"
            if !expect.isEmpty { item += ",\"expect\":{\(expect.joined(separator: ","))}" }
            item += "}"
            if let i = bySuite.firstIndex(where: { $0.suite.name == suite.name }) { bySuite[i].items.append(item) } else { bySuite.append((suite, [item])) }
        }
        var vectors: [Vector] = []
        for (suite, items) in bySuite {
            let text = "{\"format\":\"concord-vectors/1\",\"suite\":\(JSON.string(suite.name).serialized()),\"title\":\"fixture map\",\"source\":\"the fixture\",\"vectors\":[\(items.joined(separator: ","))]}"
            vectors += try loader.load(bytes: Array(text.utf8), file: fixture)
        }
        return Loaded(map: mapFile, fixture: fixture, bytes: bytes, vectors: vectors, placeholders: placeholders, encodings: encodings)
    }

    /// Reads a map file for `fill` (nil when the file is not a map).
    public static func read(_ file: String, loader: VectorLoader) throws(Fill.Failure) -> Loaded? {
        guard isMap(file: file, maxBytes: loader.yamlLimits.maxBytes) else { return nil }
        do {
            let root = try YAMLParser(limits: loader.yamlLimits).parse(try InputFile.read(file, maxBytes: loader.yamlLimits.maxBytes))
            return try load(root: root, mapFile: file, loader: loader)
        } catch let e as LoadError { throw Fill.Failure(e.description) } catch { throw Fill.Failure("\(file): \(error)") }
    }

    /// A value as the fixture writes it: bytes as a quoted string in the field's encoding, the rest as JSON.
    static func render(_ v: Value, _ encoding: Encoding) -> String {
        guard case .bytes(let b) = v else { return Fill.render(v, json: true) }
        switch encoding {
        case .hex: return "\"\(Hex.encode(b))\""
        case .base64: return "\"\(Base64.encode(b, .standard))\""
        case .base64url: return "\"\(Base64.encode(b, .url))\""
        case .utf8: return String(validating: b, as: UTF8.self).map { JSON.string($0).serialized() } ?? "\"\(Hex.encode(b))\""
        }
    }

    /// Fill's plan for a fixture: only each placeholder's characters (with its quotes) change.
    public static func plan(_ m: Loaded, decide: (Fill.Placeholder) -> Fill.Decision) -> Fill.FilePlan {
        var plan = Fill.FilePlan(file: m.fixture, original: m.bytes, updated: m.bytes)
        var edits: [(Range<Int>, [UInt8])] = []
        for p in m.placeholders {
            switch decide(p) {
            case .refuse(let why): plan.refused.append((p, why))
            case .fill(let value, let source):
                guard Fill.fits(value, p.type) else {
                    plan.refused.append((p, "\(source) gave \(value.display) where \(p.field) needs \(p.type)")); continue
                }
                guard let r = Fill.range(of: p, in: m.bytes, json: true) else {
                    plan.refused.append((p, "the fixture does not hold \"\(Expected.placeholderText)\" at \(p.line):\(p.column)")); continue
                }
                edits.append((r, Array(render(value, m.encodings["\(p.vector) \(p.field)"] ?? .hex).utf8)))
                plan.filled.append((p, value, source))
            }
        }
        if !edits.isEmpty {
            var out = [UInt8](), at = 0
            for (r, text) in edits.sorted(by: { $0.0.lowerBound < $1.0.lowerBound }) {
                out += m.bytes[at..<r.lowerBound]
                out += text
                at = r.upperBound
            }
            out += m.bytes[at...]
            plan.updated = out
        }
        return plan
    }

    /// The new fixture text must still be JSON, with each filled placeholder's place holding what was put there.
    public static func verify(_ plan: Fill.FilePlan, loader: VectorLoader) throws(Fill.Failure) {
        guard plan.changed else { return }
        do { _ = try JSONNodeParser(limits: loader.yamlLimits).parse(plan.updated) } catch {
            throw Fill.Failure("\(plan.file): the filled fixture would not read back as JSON (\(error.message)); nothing was written")
        }
    }
}
