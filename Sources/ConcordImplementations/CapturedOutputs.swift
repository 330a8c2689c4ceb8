import ConcordFiles
import ConcordFormats
import ConcordSuites
import ConcordYAML
import ConcordSync
import Foundation
import ConcordPacks

/// Why a captured-outputs file was refused: the file, where (line:column for JSON syntax, the
/// entry otherwise) and what is wrong.
public struct CapturedOutputsError: Error, Sendable, CustomStringConvertible {
    public var file: String
    public var line: Int?
    public var column: Int?
    public var message: String
    /// Where in the JSON the problem is (keys and indexes), to find its line and column.
    var path: [CapturedOutputs.Step]? = nil
    public var description: String {
        if let line, let column { return "\(file):\(line):\(column): \(message)" }
        return "\(file): \(message)"
    }
}

/// A `concord-outputs/1` file (VECTORS.md, schemas/outputs.schema.json) as an implementation named
/// `captured:NAME`: it answers each vector by its name `suite/id` with what the file recorded,
/// and `unsupported` for the vectors the file does not cover.
///
/// A `Request` carries no vector name, so the run binds the vectors first (`bind`): each
/// (suite, op, input) is mapped to its vector names.
public final class CapturedOutputs: Implementation, Sendable {
    public static let format = "concord-outputs/1"
    public static let notCovered = "not in the captured file"

    public let file: String
    /// `captured:NAME`.
    public let name: String
    public let version: String
    /// The file's own `implementation.platform` and `implementation.version`, as written (an
    /// archived release names them apart: docs/archive.md).
    public let platform: String?
    public let declaredVersion: String?
    /// The answers in the file's order.
    public let results: [(vector: String, outcome: Outcome)]
    public let suites: Set<String>
    /// The results for vectors that are not among those being run or filled (read with `known`),
    /// each with where the file names it: nothing is checked with them, and the commands say so.
    public let unplaced: [Unplaced]
    private let byName: [String: Outcome]
    private let names = Locked<[RequestKey: [String]]>([:])

    /// A result for a vector that is not among those being run or filled.
    public struct Unplaced: Sendable, Equatable {
        public var vector: String
        public var line: Int?
        public var column: Int?
        /// `FILE:LINE:COLUMN`, or `FILE` when the place could not be found.
        public func place(in file: String) -> String {
            if let line, let column { return "\(file):\(line):\(column)" }
            return file
        }
    }

    init(file: String, name: String, version: String, results: [(vector: String, outcome: Outcome)], unplaced: [Unplaced] = [],
         platform: String? = nil, declaredVersion: String? = nil) {
        self.file = file
        self.name = "captured:" + name
        self.version = version
        self.platform = platform
        self.declaredVersion = declaredVersion
        self.results = results
        self.unplaced = unplaced
        // Names written with an old suite name (`field/x`) answer for the canonical one (`closer.field/x`).
        self.byName = Dictionary(results.map { (Suites.canonicalVectorName($0.vector), $0.outcome) }, uniquingKeysWith: { a, _ in a })
        self.suites = Set(byName.keys.map { String($0.prefix { $0 != "/" }) })
    }

    // MARK: the implementation

    /// A file without results checks nothing: it counts as an implementation that could not
    /// start (`--require` and `--fail-on missing` see it), never as one that agreed.
    public var startFailure: String? {
        results.isEmpty ? "\(file) has no results (\"results\": []): it checks nothing" : nil
    }
    public func prepare() {}
    public func shutdown() {}
    /// A device's run of the app: the app's own code, not Concord's.
    public func provenance(suite: String) -> Provenance? { suites.contains(suite) ? .app : nil }

    /// The recorded answer for a vector name, or `unsupported` when the file does not cover it.
    public func outcome(forVector vector: String) -> Outcome {
        byName[vector] ?? .unsupported(Self.notCovered)
    }

    struct RequestKey: Hashable {
        var suite: String
        var op: String?
        var input: Fields
    }

    /// Tells it which vector each request stands for (call once before the run).
    public func bind(_ vectors: [(name: String, request: Request)]) {
        var m: [RequestKey: [String]] = [:]
        for (n, r) in vectors { m[RequestKey(suite: r.suite, op: r.op, input: r.input), default: []].append(n) }
        names.withLock { $0 = m }
    }

    public func run(_ request: Request) -> Outcome {
        if let name = request.vector { return byName[name] ?? .unsupported(Self.notCovered) }
        let candidates = names.withLock { $0[RequestKey(suite: request.suite, op: request.op, input: request.input)] } ?? []
        guard !candidates.isEmpty else { return .unsupported(Self.notCovered) }
        // Vectors with the very same input: one answer serves them all, unless the file answers them differently.
        let answers = candidates.compactMap { byName[$0] }
        guard let first = answers.first else { return .unsupported(Self.notCovered) }
        if answers.contains(where: { $0 != first }) {
            return .error("the captured file answers \(candidates.joined(separator: ", ")) differently, but they have the same input")
        }
        return first
    }

    // MARK: reading

    /// What the suite definitions allow in one result, by its vector name (ConcordLoading's
    /// `CapturedRules` answers): a refusal of the name, or the output fields it may hold.
    public enum ResultRule: Sendable {
        case badName(String)
        case outputs(Set<String>)
        /// Another spelling of a vector of the run (a Wycheproof vector's name with more or fewer of its
        /// file's folders): the result answers for that vector, under its name in the run.
        case renamed(String, Set<String>)
    }
    public typealias Rules = @Sendable (_ vector: String) -> ResultRule

    /// Reads and parses a captured-outputs file; with `rules`, each result's name and output
    /// fields are held to the suite definitions; with `known` (the names of the vectors being run or
    /// filled), each result for another vector is in `unplaced`, with its line and column.
    public static func load(path: String, maxBytes: Int = InputFile.defaultMaxBytes, rules: Rules? = nil,
                            known: Set<String>? = nil) throws(CapturedOutputsError) -> CapturedOutputs {
        let bytes: [UInt8]
        do { bytes = try InputFile.read(path, maxBytes: maxBytes, regularFileOnly: true) } catch {
            throw CapturedOutputsError(file: path, message: error.message)
        }
        guard let text = String(validating: bytes, as: UTF8.self) else {
            let p = InputFile.utf8Problem(bytes)
            throw CapturedOutputsError(file: path, line: p?.line, column: p?.column, message: p?.message ?? "the file is not UTF-8")
        }
        return try parse(text, file: path, rules: rules, known: known)
    }

    /// Parses the text of a captured-outputs file (`file` names it in errors and gives the default name).
    public static func parse(_ text: String, file: String, rules: Rules? = nil, known: Set<String>? = nil) throws(CapturedOutputsError) -> CapturedOutputs {
        let read: CapturedOutputs
        do { read = try parseUnlocated(text, file: file, rules: rules) } catch {
            var e = error
            if e.line == nil, let path = e.path, let mark = locate(path, in: text, duplicate: e.message.hasSuffix("twice")) {
                (e.line, e.column) = (mark.line, mark.column)
            }
            throw e
        }
        guard let known else { return read }
        let unknown = read.results.indices.filter { !known.contains(Suites.canonicalVectorName(read.results[$0].vector)) }
        guard !unknown.isEmpty else { return read }
        // One positioned read of the text for all of them.
        let root = try? JSONNodeParser(limits: .init(maxDepth: 200, maxBytes: Int.max)).parse(Array(text.utf8))
        let unplaced = unknown.map { i in
            let mark = root.map { node(at: [.key("results"), .index(i), .key("vector")], from: $0).mark }
            return Unplaced(vector: read.results[i].vector, line: mark?.line, column: mark?.column)
        }
        return CapturedOutputs(file: read.file, name: String(read.name.dropFirst("captured:".count)), version: read.version,
                               results: read.results, unplaced: unplaced, platform: read.platform, declaredVersion: read.declaredVersion)
    }

    enum Step: Sendable { case key(String), index(Int) }

    /// Where each result's `vector` is in the file's text (line, column), in the results' order (nil
    /// where it cannot be found): read again with the positioned reader, for messages about results.
    public static func resultPlaces(_ text: String, count: Int) -> [(line: Int, column: Int)?] {
        guard let root = try? JSONNodeParser(limits: .init(maxDepth: 200, maxBytes: Int.max)).parse(Array(text.utf8)) else {
            return Array(repeating: nil, count: count)
        }
        return (0..<count).map { i in
            let n = node(at: [.key("results"), .index(i), .key("vector")], from: root)
            return (n.mark.line, n.mark.column)
        }
    }

    /// The line and column of the value at `path`, read again with the positioned JSON reader of
    /// vector files (only when there is an error to locate). For a key given twice, where the
    /// positioned reader refuses the duplicate.
    static func locate(_ path: [Step], in text: String, duplicate: Bool) -> Mark? {
        let root: Node
        do { root = try JSONNodeParser(limits: .init(maxDepth: 200, maxBytes: Int.max)).parse(Array(text.utf8)) } catch {
            return duplicate ? error.mark : nil
        }
        return node(at: path, from: root).mark
    }

    /// The node at `path` under `root`, or the deepest one on the way that exists.
    static func node(at path: [Step], from root: Node) -> Node {
        var node = root
        for step in path {
            switch step {
            case .key(let k):
                guard let v = node.mapping?.first(where: { $0.key.scalarText == k })?.value else { return node }
                node = v
            case .index(let i):
                guard let items = node.sequence, items.indices.contains(i) else { return node }
                node = items[i]
            }
        }
        return node
    }

    static func parseUnlocated(_ text: String, file: String, rules: Rules? = nil) throws(CapturedOutputsError) -> CapturedOutputs {
        func fail(_ m: String, _ path: [Step] = []) -> CapturedOutputsError { CapturedOutputsError(file: file, message: m, path: path) }
        if text.hasPrefix("\u{FEFF}") {
            throw CapturedOutputsError(file: file, line: 1, column: 1, message: "the file starts with a byte order mark; save it as UTF-8 without BOM")
        }
        let json: JSON
        do { json = try JSON.parse(text) } catch {
            throw CapturedOutputsError(file: file, line: error.line, column: error.column, message: "invalid JSON: \(error.message)")
        }
        guard let top = json.objectValue else { throw fail("the file must be a JSON object") }
        try checkKeys(top, allowed: ["format", "implementation", "results"], required: ["format", "results"], at: "the top level", path: [], fail)
        guard json["format"]?.stringValue == format else {
            throw fail("\"format\" must be \"\(format)\" (found \(json["format"]!.serialized()))", [.key("format")])
        }
        var name = ((file as NSString).lastPathComponent as NSString).deletingPathExtension
        var version = "captured in \((file as NSString).lastPathComponent)"
        var declared: (platform: String?, version: String?) = (nil, nil)
        if let impl = json["implementation"] {
            guard let o = impl.objectValue else { throw fail("\"implementation\" must be an object", [.key("implementation")]) }
            try checkKeys(o, allowed: ["name", "platform", "version"], required: [], at: "\"implementation\"", path: [.key("implementation")], fail)
            for (k, v) in o where v.stringValue == nil { throw fail("implementation.\(k) must be a string", [.key("implementation"), .key(k)]) }
            if let n = impl["name"]?.stringValue {
                guard !n.isEmpty, !n.contains(where: { $0.isWhitespace || $0 == "," }) else {
                    throw fail("implementation.name \"\(n)\" must be non-empty, without spaces or commas", [.key("implementation"), .key("name")])
                }
                name = n
            }
            let v = impl["version"]?.stringValue, p = impl["platform"]?.stringValue
            declared = (p, v)
            switch (v, p) {
            case let (v?, p?): version = "\(v) (\(p))"
            case let (v?, nil): version = v
            case let (nil, p?): version = p
            default: break
            }
        }
        guard let list = json["results"]?.arrayValue else { throw fail("\"results\" must be an array", [.key("results")]) }
        var results: [(vector: String, outcome: Outcome)] = []
        var seen: [String: Int] = [:]
        for (i, entry) in list.enumerated() {
            let at = "results[\(i)]"
            let here: [Step] = [.key("results"), .index(i)]
            guard let o = entry.objectValue else { throw fail("\(at) must be an object", here) }
            try checkKeys(o, allowed: ["vector", "outputs", "error", "message"], required: ["vector"], at: at, path: here, fail)
            guard var vector = entry["vector"]?.stringValue else { throw fail("\(at).vector must be a string", here + [.key("vector")]) }
            let parts = vector.split(separator: "/", maxSplits: 1, omittingEmptySubsequences: false)
            guard parts.count == 2, !parts[0].isEmpty, !parts[1].isEmpty else {
                throw fail("\(at).vector \"\(vector)\" is not a vector name suite/id", here + [.key("vector")])
            }
            let named = "\(at) (\(vector))"
            var allowed: Set<String>? = nil
            switch rules?(vector) {
            case .badName(let why)?: throw fail("\(at).vector \"\(vector)\" \(why)", here + [.key("vector")])
            case .outputs(let fields)?: allowed = fields
            case .renamed(let name, let fields)?: (vector, allowed) = (name, fields)
            case nil: break
            }
            if let j = seen[vector] {
                let both = named.hasSuffix("(\(vector))") ? "" : " (both name \(vector))"
                throw fail("\(named) repeats results[\(j)]\(both): one answer per vector", here + [.key("vector")])
            }
            seen[vector] = i
            switch (entry["outputs"], entry["error"]) {
            case (let outputs?, nil):
                if entry["message"] != nil { throw fail("\(named): \"message\" goes with \"error\", not with \"outputs\"", here + [.key("message")]) }
                guard let fields = outputs.objectValue, !fields.isEmpty else { throw fail("\(named).outputs must be a non-empty object", here + [.key("outputs")]) }
                var out: [String: Value] = [:]
                for (k, v) in fields {
                    if let allowed, !allowed.contains(k) {
                        throw fail("\(named).outputs has an unknown field \"\(k)\" (its suite's outputs here: \(allowed.sorted().joined(separator: ", ")))",
                                   here + [.key("outputs"), .key(k)])
                    }
                    if out[k] != nil { throw fail("\(named).outputs has the field \(k) twice", here + [.key("outputs")]) }
                    do { out[k] = try Value(json: v) } catch { throw fail("\(named).outputs.\(k): \(error.message)", here + [.key("outputs"), .key(k)]) }
                }
                results.append((vector, .outputs(out)))
            case (nil, let cls?):
                guard let c = cls.stringValue, let ec = ErrorClass(rawValue: c) else {
                    throw fail("\(named).error must be one of \(ErrorClass.allCases.map(\.rawValue).joined(separator: ", ")) (found \(cls.serialized()))", here + [.key("error")])
                }
                let message = entry["message"]?.stringValue ?? "refused, without a message"
                if let m = entry["message"], m.stringValue == nil { throw fail("\(named).message must be a string", here + [.key("message")]) }
                results.append((vector, .refused(ContractError(ec, message))))
            case (nil, nil): throw fail("\(named) needs \"outputs\" or \"error\"", here)
            case (_?, _?): throw fail("\(named) has both \"outputs\" and \"error\": one answer per vector", here)
            }
        }
        return CapturedOutputs(file: file, name: name, version: Printable.bounded(version), results: results,
                               platform: declared.platform, declaredVersion: declared.version)
    }

    static func checkKeys(_ o: [(key: String, value: JSON)], allowed: Set<String>, required: [String], at: String, path: [Step],
                          _ fail: (String, [Step]) -> CapturedOutputsError) throws(CapturedOutputsError) {
        var seen = Set<String>()
        for (k, _) in o {
            if !seen.insert(k).inserted { throw fail("\(at) has the key \"\(k)\" twice", path) }
            if !allowed.contains(k) { throw fail("\(at) has an unknown key \"\(k)\" (allowed: \(allowed.sorted().joined(separator: ", ")))", path + [.key(k)]) }
        }
        for k in required where !seen.contains(k) { throw fail("\(at) lacks \"\(k)\"", path) }
    }
}
