import ConcordFiles
import ConcordFormats
import ConcordSuites
import ConcordYAML
import Foundation
import ConcordPacks

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
        public var placeholders: [Placeholder]
        /// `suite/id field` → the encoding of a bytes placeholder.
        public var encodings: [String: Encoding]
        /// Every map that names this fixture (several are planned together, `merge`), with its parsed
        /// root: the filled fixture is read back through each of them before it is written.
        public var maps: [(file: String, root: Node)] = []
    }

    /// The kind of a path that exists and is not a regular file (`a FIFO`), nil otherwise. `stat`
    /// only: a FIFO is never opened (opening one to read blocks until someone writes).
    public static func specialKind(_ path: String) -> String? {
        var st = stat()
        guard stat(path, &st) == 0 else { return nil }
        switch st.st_mode & S_IFMT {
        case S_IFREG, S_IFDIR: return nil
        case S_IFIFO: return "a FIFO (named pipe)"
        case S_IFSOCK: return "a socket"
        case S_IFCHR: return "a character device"
        case S_IFBLK: return "a block device"
        default: return "not a regular file"
        }
    }

    /// Several maps of one fixture (found by its real path) as one: their vectors and placeholders
    /// together, so that the fixture is planned, checked and written once (two plans of one file
    /// would half-write it, then refuse the second as "changed since it was read").
    public static func merge(_ loaded: [Loaded]) -> [Loaded] {
        var out: [Loaded] = []
        var index: [String: Int] = [:]
        for m in loaded {
            let key = realPath(m.fixture)
            if let i = index[key] {
                out[i].vectors += m.vectors
                out[i].placeholders += m.placeholders
                out[i].encodings.merge(m.encodings) { a, _ in a }
                out[i].maps += m.maps
                out[i].map += ", " + m.map
            } else {
                index[key] = out.count
                out.append(m)
            }
        }
        return out
    }

    /// The path with its symbolic links and `..` resolved (the path itself when it cannot be).
    public static func realPath(_ path: String) -> String {
        guard let r = realpath(path, nil) else { return path }
        defer { free(r) }
        return String(cString: r)
    }

    public static func isMap(_ root: Node) -> Bool {
        root.mapping?.first(where: { $0.key.scalarText == "format" })?.value.string == format
    }

    /// Whether the file at `path` is a fixture map (read only when it is YAML).
    public static func isMap(file path: String, maxBytes: Int) -> Bool {
        let lower = path.lowercased()
        guard lower.hasSuffix(".yaml") || lower.hasSuffix(".yml"), specialKind(path) == nil, let b = try? InputFile.read(path, maxBytes: maxBytes),
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
    /// `fixtureBytes`: the fixture's text to read instead of the file (fill reads its new text back).
    public static func load(root: Node, mapFile: String, loader: VectorLoader, fixtureBytes: [UInt8]? = nil) throws(LoadError) -> Loaded {
        guard let top = root.mapping else { throw fail(mapFile, root, "a fixture map is a mapping") }
        func value(_ k: String) -> Node? { top.first(where: { $0.key.scalarText == k })?.value }
        for (k, _) in top where !["format", "fixture", "source", "entries"].contains(k.scalarText ?? "") {
            throw fail(mapFile, k, "unknown key \(Printable.escape(k.scalarText ?? "")) (expected format, fixture, source, entries)")
        }
        guard let rel = value("fixture")?.string else { throw fail(mapFile, root, "missing fixture (the JSON file, relative to the map)") }
        guard let entries = value("entries")?.sequence else { throw fail(mapFile, root, "missing entries") }
        let fixture = rel.hasPrefix("/") ? rel : ((mapFile as NSString).deletingLastPathComponent as NSString).appendingPathComponent(rel)
        if fixtureBytes == nil, let kind = specialKind(fixture) {
            throw fail(mapFile, value("fixture"), "the fixture \(Printable.escape(rel)) is \(kind), not a regular file: a fixture is a JSON file (never opened)")
        }
        let bytes: [UInt8]
        if let fixtureBytes { bytes = fixtureBytes } else {
            do { bytes = try InputFile.read(fixture, maxBytes: loader.yamlLimits.maxBytes) } catch {
                throw fail(mapFile, value("fixture"), "the fixture \(Printable.escape(rel)): \(error.message)")
            }
        }
        let doc: Node
        do { doc = try JSONNodeParser(limits: loader.yamlLimits).parse(bytes) } catch {
            throw LoadError(file: fixture, line: error.mark.line, column: error.mark.column, message: error.message)
        }
        var bySuite: [(suite: Suite, items: [(text: String, entry: Node, id: String)])] = []
        var places: [String: Mark] = [:]
        var outputPlaces: [String: [FieldPlace]] = [:]   // where each entry's outputs are in the fixture
        var placeholders: [Placeholder] = []
        var encodings: [String: Encoding] = [:]
        var ids: [String: Node] = [:]   // `suite/id` → the id of the entry that has it first
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
            // Checked here, where both entries' lines are known (the loader sees one made-up line).
            if let first = ids["\(suite.name)/\(id)"] {
                throw fail(mapFile, ev("id"), "entry \(Printable.escape(id)) (\(suite.name)): duplicate id \"\(Printable.escape(id))\" (first at line \(first.mark.line))")
            }
            ids["\(suite.name)/\(id)"] = ev("id")
            let opName = ev("op")?.string
            guard let op = suite.op(opName) else { throw fail(mapFile, ev("op") ?? entry, "entry \(Printable.escape(id)): \(suite.name) has no op \(Printable.escape(opName ?? "(none)"))") }
            var input: [String] = [], expect: [String] = []
            var place: Mark? = nil, expectPlace: Mark? = nil   // the entry's first input and first output in the fixture
            var fieldPlaces: [FieldPlace] = []   // each output's value in the fixture
            for f in try fields(ev("input"), map: mapFile) {
                guard let spec = op.inputs.first(where: { $0.name == f.name }) else {
                    throw LoadError(file: mapFile, line: f.mark.line, column: f.mark.column, message: "\(suite.name) \(opName ?? "") has no input \(Printable.escape(f.name))")
                }
                guard let n = resolve(f.pointer, in: doc) else {
                    throw LoadError(file: mapFile, line: f.mark.line, column: f.mark.column, message: "the pointer \(Printable.escape(f.pointer)) is not in \(Printable.escape(rel))")
                }
                input.append(JSON.string(f.name).serialized() + ":" + (try vectorJSON(n, type: spec.type, encoding: f.encoding, map: mapFile, at: entry)))
                if place == nil { place = n.mark }
            }
            for f in try fields(ev("expect"), map: mapFile) {
                guard let spec = op.expects.first(where: { $0.name == f.name }) else {
                    throw LoadError(file: mapFile, line: f.mark.line, column: f.mark.column, message: "\(suite.name) \(opName ?? "") has no output \(Printable.escape(f.name))")
                }
                guard let n = resolve(f.pointer, in: doc) else {
                    throw LoadError(file: mapFile, line: f.mark.line, column: f.mark.column, message: "the pointer \(Printable.escape(f.pointer)) is not in \(Printable.escape(rel))")
                }
                if n.string == Expected.placeholderText {
                    placeholders.append(Placeholder(vector: "\(suite.name)/\(id)", field: f.name, type: spec.type,
                                                         line: n.mark.line, column: n.mark.column))
                    encodings["\(suite.name)/\(id) \(f.name)"] = f.encoding
                }
                expect.append(JSON.string(f.name).serialized() + ":" + (try vectorJSON(n, type: spec.type, encoding: f.encoding, map: mapFile, at: entry)))
                fieldPlaces.append(FieldPlace(field: f.name, line: n.mark.line, column: n.mark.column))
                if expectPlace == nil { expectPlace = n.mark }
            }
            var item = "{\"id\":\(JSON.string(id).serialized())"
            if let opName { item += ",\"op\":\(JSON.string(opName).serialized())" }
            item += ",\"input\":{\(input.joined(separator: ","))}"
            if !expect.isEmpty { item += ",\"expect\":{\(expect.joined(separator: ","))}" }
            item += "}"
            // A vector read from the map is located where its values are in the fixture (its first
            // output, else its first input): line 1 of the made-up text is no place in any file.
            if let at = expectPlace ?? place { places["\(suite.name)/\(id)"] = at }
            outputPlaces["\(suite.name)/\(id)"] = fieldPlaces
            if let i = bySuite.firstIndex(where: { $0.suite.name == suite.name }) { bySuite[i].items.append((item, entry, id)) } else { bySuite.append((suite, [(item, entry, id)])) }
        }
        var vectors: [Vector] = []
        for (suite, items) in bySuite {
            // One vector file of one line per suite, made here: an error the loader finds in it is
            // located at the entry it came from, in the map (its line and column in this made-up
            // text are no place in any file).
            var text = "{\"format\":\"concord-vectors/1\",\"suite\":\(JSON.string(suite.name).serialized()),\"title\":\"fixture map\",\"source\":\"the fixture\",\"vectors\":["
            var starts: [Int] = []   // the column (1-based, in characters) where each item starts
            var column = text.unicodeScalars.count + 1
            for (i, item) in items.enumerated() {
                if i > 0 { text += ","; column += 1 }
                starts.append(column)
                text += item.text
                column += item.text.unicodeScalars.count
            }
            text += "]}"
            do {
                for var v in try loader.load(.bytes(Array(text.utf8), file: fixture)).vectorsOrFirstError() {
                    if let at = places[v.name] { v.line = at.line; v.column = at.column }
                    // Each output at its value in the fixture (the made-up text's are no place).
                    v.expectPlaces = outputPlaces[v.name] ?? []
                    vectors.append(v)
                }
            } catch {
                guard error.file == fixture, error.line == 1 else { throw error }
                guard let i = starts.lastIndex(where: { $0 <= error.column }), error.column < (i + 1 < starts.count ? starts[i + 1] : column) else {
                    throw fail(mapFile, root, "the entries of \(suite.name): \(error.message)")
                }
                throw fail(mapFile, items[i].entry, "entry \(Printable.escape(items[i].id)) (\(suite.name)): \(error.message)")
            }
        }
        return Loaded(map: mapFile, fixture: fixture, bytes: bytes, vectors: vectors, placeholders: placeholders, encodings: encodings,
                      maps: [(mapFile, root)])
    }
}
