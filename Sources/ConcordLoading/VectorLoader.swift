import ConcordFiles
import ConcordFormats
import ConcordSuites
import ConcordYAML
import ConcordSync
import Foundation
import ConcordPacks

/// Reads vector files (YAML or JSON) into `Vector`s, refusing anything outside the format of
/// docs/vector-format.md with `file:line:column` and what was expected.
public struct VectorLoader: Sendable {
    public var yamlLimits: YAMLParser.Limits
    public static let extensions: Set<String> = ["yaml", "yml", "json"]

    public init(yamlLimits: YAMLParser.Limits = .init()) { self.yamlLimits = yamlLimits }

    /// What a folder scan found: the vector files (sorted per path given), notes on what it
    /// passed over on purpose (a FIFO or device named like a vector file: never opened), and
    /// errors for what it could not look at (a dangling link, a path too long, an unreadable folder).
    public struct Scan: Sendable {
        public var files: [String] = []
        public var notes: [String] = []
        public var errors: [LoadError] = []
    }

    /// Expands paths (files, or folders searched recursively for .yaml/.yml/.json, sorted) into files.
    /// A path that does not exist throws; problems inside a folder are in `errors` and `notes`.
    public static func scan(_ paths: [String]) throws(LoadError) -> Scan {
        var out = Scan()
        for path in paths {
            var st = stat()
            guard stat(path, &st) == 0 else {
                let why = errno == ENOENT ? "no such file or folder" : String(cString: strerror(errno))
                throw LoadError(file: path, line: 0, column: 0, message: why)
            }
            // A path given by name is read as given (a FIFO from `<(…)` included).
            if st.st_mode & S_IFMT != S_IFDIR { out.files.append(path); continue }
            var found: [String] = []
            walk(path.hasSuffix("/") ? String(path.dropLast()) : path, into: &found, &out)
            out.files += found.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }
        }
        // A file named twice, through a link, or named and found in a named folder is read once
        // (it reported a duplicate id pointing at itself), with a note.
        var seen: [String: String] = [:]   // "device:inode" → the path first read
        out.files = out.files.filter { f in
            var st = stat()
            guard stat(f, &st) == 0, st.st_mode & S_IFMT == S_IFREG else { return true }
            let id = "\(st.st_dev):\(st.st_ino)"
            guard let first = seen[id] else { seen[id] = f; return true }
            out.notes.append(f == first ? "\(f): named twice; read once" : "\(f): the same file as \(first); read once")
            return false
        }
        return out
    }

    /// One folder, depth first; hidden entries (".name") are passed over, as are symbolic links
    /// to folders (never followed: no loops).
    private static func walk(_ folder: String, into found: inout [String], _ out: inout Scan) {
        let names: [String]
        do { names = try FileManager.default.contentsOfDirectory(atPath: folder) } catch {
            out.errors.append(LoadError(file: folder, line: 0, column: 0, message: "cannot read the folder: \(reason(folder))"))
            return
        }
        for name in names.sorted() where !name.hasPrefix(".") {
            let full = folder + "/" + name
            let isVector = extensions.contains((name as NSString).pathExtension.lowercased())
            var st = stat()
            guard lstat(full, &st) == 0 else {
                out.errors.append(LoadError(file: full, line: 0, column: 0, message: "cannot be looked at: \(String(cString: strerror(errno)))"
                                            + (errno == ENAMETOOLONG ? " (\(full.utf8.count) bytes)" : "")))
                continue
            }
            var type = st.st_mode & S_IFMT
            if type == S_IFLNK {
                var target = stat()
                guard stat(full, &target) == 0 else {
                    let problem = String(cString: strerror(errno))
                    if isVector {
                        let dest = (try? FileManager.default.destinationOfSymbolicLink(atPath: full)) ?? "?"
                        out.errors.append(LoadError(file: full, line: 0, column: 0,
                                                    message: "a symbolic link to \(dest), which cannot be opened (\(problem))"))
                    }
                    continue
                }
                type = target.st_mode & S_IFMT
                if type == S_IFDIR {
                    out.notes.append("\(full): a symbolic link to a folder, not followed")
                    continue
                }
            }
            if type == S_IFDIR { walk(full, into: &found, &out); continue }
            guard isVector else { continue }
            if type != S_IFREG {
                let kind = type == S_IFIFO ? "a FIFO" : type == S_IFSOCK ? "a socket" : type == S_IFCHR ? "a character device"
                    : type == S_IFBLK ? "a block device" : "not a regular file"
                out.notes.append("\(full): skipped, \(kind) is not a vector file (never opened; name it on the command line to read it)")
                continue
            }
            found.append(full)
        }
    }

    private static func reason(_ path: String) -> String {
        if access(path, R_OK | X_OK) != 0 { return String(cString: strerror(errno)) }
        return "unreadable"
    }

    /// The files of `scan`; throws the first error of the scan.
    public static func files(_ paths: [String]) throws(LoadError) -> [String] {
        let s = try scan(paths)
        if let e = s.errors.first { throw e }
        return s.files
    }

    /// What is loaded: named paths (files, folders, suite files) or one file's bytes already read.
    public enum Source: Sendable {
        /// `named`: the files to treat as named on the command line (default: the paths that are
        /// files); a folder scan passes over Concord's own outputs and uncovered Wycheproof files.
        case paths([String], named: Set<String>? = nil)
        /// One file's bytes (`file` names it in messages and decides YAML or JSON).
        case bytes([UInt8], file: String)
    }

    /// What loading gives: every vector read, every error found, each located (a file goes on past
    /// a bad vector; an error of the file itself stops that file; duplicate ids are checked across
    /// files, per suite), and the notes worth a line, each ready to print: what a folder scan passed
    /// over on purpose, an old suite name that still loads (located), a Wycheproof file a folder scan
    /// found that no suite covers (skipped, with the reason; named explicitly it is an error), and a
    /// Wycheproof test group of another curve or hash.
    public struct Loaded: Sendable {
        public var vectors: [Vector]
        /// How many vectors were read (with distinct ids): `vectors.count`, or, in a load that keeps no
        /// vector, the count alone.
        public var count: Int
        public var errors: [LoadError]
        public var notes: [String]
        public init(vectors: [Vector] = [], count: Int? = nil, errors: [LoadError] = [], notes: [String] = []) {
            self.vectors = vectors
            self.count = count ?? vectors.count
            self.errors = errors
            self.notes = notes
        }
        /// The vectors, or the first error when anything was unreadable (for a caller that needs all).
        public func vectorsOrFirstError() throws(LoadError) -> [Vector] {
            if let first = errors.first { throw first }
            return vectors
        }
    }

    /// The one way in: loads `source` (docs/vector-format.md). `keepingVectors: false` checks everything
    /// the same way and keeps no vector, only their count (`validate`: it holds a name and a place per
    /// vector, not the vector).
    public func load(_ source: Source, keepingVectors: Bool = true) -> Loaded {
        switch source {
        case .paths(let paths, let named): return load(paths: paths, named: named, keeping: keepingVectors)
        case .bytes(let bytes, let file):
            var notes: [LoadError] = [], errors: [LoadError] = []
            var wycheproof = false
            do throws(LoadError) {
                let vectors = try load(bytes: bytes, file: file, notes: &notes, errors: &errors, wycheproof: &wycheproof)
                return Loaded(vectors: vectors, errors: errors, notes: notes.map(\.description))
            } catch {
                return Loaded(vectors: [], errors: errors + [error], notes: notes.map(\.description))
            }
        }
    }

    private func load(paths: [String], named given: Set<String>?, keeping: Bool) -> Loaded {
        var located: [LoadError] = []
        let scan: Scan
        do { scan = try Self.scan(paths) } catch { return Loaded(vectors: [], errors: [error], notes: []) }
        var vectors: [Vector] = []
        var count = 0
        var errors: [LoadError] = scan.errors
        // suite and id → the file (its index) and place of the vector that has them first.
        var ids: [Placed.Key: (file: Int, line: Int32, column: Int32)] = [:]
        // Files named on the command line are read whatever they are; files a folder scan found
        // may be Concord's own outputs or Wycheproof files no suite covers: passed over, with a note.
        let named = given ?? Set(paths.filter { p in var st = stat(); return stat(p, &st) == 0 && st.st_mode & S_IFMT != S_IFDIR })
        // Files are read and parsed on every core, then taken in order (ids, notes and errors come
        // out as they would one file at a time).
        let files = scan.files
        let loader = self
        var parsed = Parallel.map(files.count) { i -> ParsedFile in
            var notes: [LoadError] = [], errors: [LoadError] = []
            var wycheproof = false
            let result: Result<[Vector], LoadError>
            do throws(LoadError) {
                let vectors = try loader.load(file: files[i], notes: &notes, errors: &errors, scanned: !named.contains(files[i]), wycheproof: &wycheproof)
                // Not kept: each vector's suite, id and place only, for the checks across files.
                if !keeping { return ParsedFile(result: .success([]), placed: vectors.map(Placed.init), notes: notes, errors: errors, wycheproof: wycheproof) }
                result = .success(vectors)
            } catch {
                result = .failure(error)
            }
            return ParsedFile(result: result, notes: notes, errors: errors, wycheproof: wycheproof)
        }
        let qualifiers = Self.qualifiers(files, parsed)
        for (i, file) in files.enumerated() {
            // Taken out, so each file's vectors are held once (by `vectors` below), not twice.
            let entry = parsed[i]
            parsed[i] = ParsedFile(result: .success([]), notes: [], errors: [])
            let (result, fileNotes, fileErrors) = (entry.result, entry.notes, entry.errors)
            located += fileNotes
            errors += fileErrors
            // Whether a vector's suite and id are new (else an error naming the first one's place).
            func admit(_ p: Placed) -> Bool {
                if let first = ids[p.key] {
                    errors.append(LoadError(file: file, line: Int(p.line), column: Int(p.column),
                                            message: "duplicate id \"\(p.key.id)\" in suite \(p.key.suite) (first at \(files[first.file]):\(first.line):\(first.column))"))
                    return false
                }
                ids[p.key] = (i, p.line, p.column)
                count += 1
                return true
            }
            do {
                let read = try result.get()
                for var p in entry.placed ?? [] {
                    if let q = qualifiers[i] { p.key.id = q + p.key.id }
                    _ = admit(p)
                }
                for var v in read {
                    if let q = qualifiers[i] { v.id = q + v.id }
                    if admit(Placed(v)) { vectors.append(v) }
                }
            } catch where error.notCovered && !named.contains(file) {
                // A Wycheproof file of another algorithm, curve or schema, found by a folder scan: listed, not an error.
                var note = error
                note.message = "skipped: " + error.message
                located.append(note)
            } catch {
                errors.append(error)
            }
        }
        return Loaded(vectors: vectors, count: count, errors: errors, notes: scan.notes + located.map(\.description))
    }

    /// The Wycheproof files whose vectors would have the same ids as another's (the same file name,
    /// the same suite: a checkout's `testvectors/` and `testvectors_v1/`), by index, with the folders
    /// that name their vectors instead (`VectorNames`).
    private static func qualifiers(_ files: [String], _ parsed: [ParsedFile]) -> [Int: String] {
        var groups: [String: [Int]] = [:]
        for (i, p) in parsed.enumerated() where p.wycheproof {
            guard case .success(let vectors) = p.result, let suite = vectors.first?.suite ?? p.placed?.first?.key.suite else { continue }
            groups[suite + "/" + WycheproofReader.stem(files[i]), default: []].append(i)
        }
        var out: [Int: String] = [:]
        for (_, members) in groups where members.count > 1 {
            guard let q = VectorNames.qualifiers(members.map { files[$0] }) else { continue }
            for (i, prefix) in zip(members, q) { out[i] = prefix }
        }
        return out
    }

    /// `load(file:notes:)`, going on past a bad vector: its error is added to `errors` and the
    /// file's other vectors are still read (a file-level error is thrown).
    func load(file: String, notes: inout [LoadError], errors: inout [LoadError], scanned: Bool = false, wycheproof: inout Bool) throws(LoadError) -> [Vector] {
        let bytes: [UInt8]
        do { bytes = try InputFile.read(file, maxBytes: yamlLimits.maxBytes) } catch {
            // Over the size limit is located at the top of the file, as the parser would; a file that
            // cannot be opened has no position.
            let at = error.overLimit ? 1 : 0
            throw LoadError(file: file, line: at, column: at, message: error.message)
        }
        return try load(bytes: bytes, file: file, notes: &notes, errors: &errors, scanned: scanned, wycheproof: &wycheproof)
    }

    /// The formats Concord writes, which a folder scan passes over (named, they are refused).
    public static let ownFormats = ["concord-report/1": "a report", "concord-outputs/1": "a captured-outputs file",
                                    "concord-export/1": "an export", "concord-diff/1": "a diff",
                                    "concord-ledger/1": "a divergence ledger", "concord-compare/1": "a comparison",
                                    "concord-archive/1": "an archive's manifest (concord archive add writes it)",
                                    scenarioFormat: "a scenario (concord scenario runs it)"]
    public static let scenarioFormat = "concord-scenario/1"
    /// The keys by which a file found by a folder scan is taken for a vector file (`format`, `suite`,
    /// `vectors`) or a Wycheproof file (`schema`, `testGroups`): a file with none of them is passed over.
    public static let vectorFileKeys = ["format", "suite", "vectors", "schema", "testGroups"]

    /// `scanned`: the file was found by a folder scan (not named), so Concord's own outputs, files that
    /// are no vector file at all and Wycheproof files no suite covers are skipped with a note instead of
    /// refused. `wycheproof`: set when the file is read as a Wycheproof file.
    func load(bytes: [UInt8], file: String, notes: inout [LoadError], errors: inout [LoadError], scanned: Bool = false,
              wycheproof: inout Bool) throws(LoadError) -> [Vector] {
        let root: Node
        do {
            root = file.lowercased().hasSuffix(".json") ? try JSONNodeParser(limits: yamlLimits).parse(bytes)
                                                        : try YAMLParser(limits: yamlLimits).parse(bytes)
        } catch {
            throw LoadError(file: file, line: error.mark.line, column: error.mark.column, message: error.message)
        }
        if FixtureMap.isMap(root) {
            return try FixtureMap.load(root: root, mapFile: file, loader: self).vectors
        }
        if scanned, let pairs = root.mapping {
            // A pack's scenarios live in its folder (vectors/<pack>/scenarios/): part of the pack's
            // layout, run by `concord scenario`, so a scan passes over them without a note.
            if pairs.first(where: { $0.key.scalarText == "format" })?.value.string == Self.scenarioFormat { return [] }
            if let format = pairs.first(where: { $0.key.scalarText == "format" })?.value.string, let what = Self.ownFormats[format] {
                notes.append(LoadError(file: file, line: 0, column: 0, message: "skipped, \(what) (\(format)) is not a vector file"))
                return []
            }
            // A file that shares no key with a vector file or a Wycheproof file (a JSON Schema, a
            // checkout's composer.json, an app's own fixture read through its fixture map).
            if !pairs.contains(where: { Self.vectorFileKeys.contains($0.key.scalarText ?? "") }) {
                notes.append(LoadError(file: file, line: 0, column: 0, message: "skipped, not a vector file (its top level has none of the keys \(Self.vectorFileKeys.joined(separator: ", ")))"))
                return []
            }
        }
        if let pairs = root.mapping, pairs.contains(where: { $0.key.scalarText == "schema" }),
           !pairs.contains(where: { $0.key.scalarText == "format" }) {
            wycheproof = true
            return try WycheproofReader(file: file).read(root, notes: &notes)
        }
        var reader = FileReader(file: file)
        let vectors = try reader.read(root)
        notes += reader.notes
        errors += reader.vectorErrors
        return vectors
    }
}

/// The validation of one file's node tree.
struct FileReader {
    let file: String
    /// What is worth a line but refuses nothing (an old suite name), located.
    var notes: [LoadError] = []
    /// The errors of single vectors: the others are still read, so one pass reports them all.
    var vectorErrors: [LoadError] = []

    init(file: String) { self.file = file }

    func fail(_ node: Node, _ message: String) -> LoadError {
        LoadError(file: file, line: node.mark.line, column: node.mark.column, message: message)
    }

    static func idPattern(_ s: String) -> Bool {
        let u = Array(s.utf8)
        guard let f = u.first, isAlnum(f) else { return false }
        return u.allSatisfy { isAlnum($0) || $0 == UInt8(ascii: ".") || $0 == UInt8(ascii: "_") || $0 == UInt8(ascii: "-") }
    }
    static func isAlnum(_ c: UInt8) -> Bool { (c >= 48 && c <= 57) || (c >= 65 && c <= 90) || (c >= 97 && c <= 122) }

    func mapping(_ node: Node, _ what: String) throws(LoadError) -> [(key: Node, value: Node)] {
        guard let m = node.mapping else { throw fail(node, "expected a mapping for \(what), found \(node.typeDescription)") }
        return m
    }

    func string(_ node: Node, _ what: String) throws(LoadError) -> String {
        guard let s = node.string else {
            var hint = ""
            if case .scalar(let text, let t) = node.kind, t != .string { hint = " (YAML reads \(text) as \(t.description): quote it)" }
            throw fail(node, "expected a string for \(what), found \(node.typeDescription)\(hint)")
        }
        return s
    }

    /// Checks a mapping's keys against the allowed ones; returns the values by key.
    func fields(_ pairs: [(key: Node, value: Node)], allowed: [String], in what: String) throws(LoadError) -> [String: (key: Node, value: Node)] {
        var out: [String: (key: Node, value: Node)] = [:]
        for pair in pairs {
            let k = pair.key.scalarText ?? ""
            guard allowed.contains(k) else {
                throw fail(pair.key, "unknown field \"\(k)\" in \(what) (expected one of: \(allowed.joined(separator: ", ")))")
            }
            out[k] = pair
        }
        return out
    }

    mutating func read(_ root: Node) throws(LoadError) -> [Vector] {
        let top = try mapping(root, "the file (format, suite, title, source, vectors)")
        // Another of Concord's formats, named here (not "unknown field" for its own keys).
        if let node = top.first(where: { $0.key.scalarText == "format" })?.value, let format = node.string, let what = VectorLoader.ownFormats[format] {
            throw fail(node, "format must be \"concord-vectors/1\", found \"\(format)\" (\(what), not a vector file)")
        }
        let f = try fields(top, allowed: ["format", "suite", "title", "source", "release", "notes", "defaults", "vectors"], in: "the file")
        for required in ["format", "suite", "title", "source", "vectors"] where f[required] == nil {
            throw fail(root, "missing required field \"\(required)\" at the top of the file")
        }
        let format = try string(f["format"]!.value, "format")
        guard format == "concord-vectors/1" else {
            let what = VectorLoader.ownFormats[format].map { " (\($0), not a vector file)" } ?? ""
            throw fail(f["format"]!.value, "format must be \"concord-vectors/1\", found \"\(format)\"\(what)")
        }
        let suiteNode = f["suite"]!.value
        let suiteName = try string(suiteNode, "suite")
        guard let suite = Suites.resolve(suiteName) else {
            throw fail(suiteNode, "unknown suite \"\(suiteName)\" (expected one of: \(Suites.names.joined(separator: ", ")))")
        }
        if let note = Suites.aliasNote(suiteName) {
            notes.append(LoadError(file: file, line: suiteNode.mark.line, column: suiteNode.mark.column, message: note))
        }
        _ = try string(f["title"]!.value, "title")
        _ = try string(f["source"]!.value, "source")
        let release = try f["release"].map { (p) throws(LoadError) in try self.release(p.value) }
        var declaredFlags = Set<String>()
        if let notes = f["notes"] {
            for pair in try mapping(notes.value, "notes (flag: what it means)") {
                let flag = try string(pair.key, "a flag name")
                _ = try string(pair.value, "the note of flag \(flag)")
                declaredFlags.insert(flag)
            }
        }
        // Defaults are typed per vector, by its op (a field may differ in type between ops).
        var defaults: [(key: Node, value: Node)] = []
        if let d = f["defaults"] {
            defaults = try mapping(d.value, "defaults (input fields for every vector)")
            let names = suite.allInputs.map(\.name)
            for pair in defaults where !names.contains(pair.key.scalarText ?? "") {
                throw fail(pair.key, "unknown field \"\(pair.key.scalarText ?? "")\" in defaults of suite \(suite.name) (expected one of: \(names.joined(separator: ", ")))")
            }
        }
        let vectorsNode = f["vectors"]!.value
        guard let items = vectorsNode.sequence else {
            throw fail(vectorsNode, "expected a sequence of vectors, found \(vectorsNode.typeDescription)")
        }
        if items.isEmpty { throw fail(vectorsNode, "expected a sequence of at least one vector, found an empty one") }
        var out: [Vector] = []
        var seen: [String: Node] = [:]
        // The vectors of a file mostly list their inputs in the same order: one shared array per
        // order, not one per vector (issue 12 item 9: memory per small vector).
        var orders: [[String]: Fields.Order] = [:]
        let origin = Vector.Origin(file: file, release: release)
        for item in items {
            var v: (vector: Vector, idNode: Node)
            do { v = try vector(item, suite: suite, defaults: defaults, flags: declaredFlags, orders: &orders, origin: origin) } catch {
                vectorErrors.append(error)
                continue
            }
            if let first = seen[v.vector.id] {
                vectorErrors.append(fail(v.idNode, "duplicate id \"\(v.vector.id)\" (first at line \(first.mark.line))"))
                continue
            }
            seen[v.vector.id] = v.idNode
            out.append(v.vector)
        }
        return out
    }

    /// A file's `release:` (docs/archive.md): who wrote its archived artifacts.
    func release(_ node: Node) throws(LoadError) -> Release {
        let pairs = try mapping(node, "release (name, platform, version, device, captured, archived, confirmed)")
        let f = try fields(pairs, allowed: ["name", "platform", "version", "device", "captured", "archived", "confirmed"], in: "release")
        for required in ["name", "platform"] where f[required] == nil {
            throw fail(node, "missing required field \"\(required)\" in release")
        }
        let name = try string(f["name"]!.value, "release.name")
        guard Release.validName(name) else {
            throw fail(f["name"]!.value, "invalid release name \"\(name)\": use letters, digits, '.', '_' and '-', starting with a letter or digit")
        }
        let platform = try string(f["platform"]!.value, "release.platform")
        guard Release.validName(platform) else {
            throw fail(f["platform"]!.value, "invalid release platform \"\(platform)\": use letters, digits, '.', '_' and '-', starting with a letter or digit")
        }
        func optional(_ k: String) throws(LoadError) -> String? { try f[k].map { (p) throws(LoadError) in try string(p.value, "release.\(k)") } }
        var confirmed: [String] = []
        if let c = f["confirmed"] {
            guard let seq = c.value.sequence else { throw fail(c.value, "expected a sequence of implementation names, found \(c.value.typeDescription)") }
            for item in seq { confirmed.append(try string(item, "an implementation name")) }
        }
        return Release(name: name, platform: platform, version: try optional("version"), device: try optional("device"),
                       captured: try optional("captured"), archived: try optional("archived"), confirmed: confirmed)
    }

    func vector(_ node: Node, suite: Suite, defaults: [(key: Node, value: Node)], flags: Set<String>,
                orders: inout [[String]: Fields.Order], origin: Vector.Origin) throws(LoadError) -> (vector: Vector, idNode: Node) {
        let pairs = try mapping(node, "a vector (id, input, expect, …)")
        let f = try fields(pairs, allowed: ["id", "comment", "flags", "op", "result", "input", "expect"], in: "a vector")
        guard let idPair = f["id"] else { throw fail(node, "missing required field \"id\" in this vector") }
        let id = try string(idPair.value, "id")
        guard Self.idPattern(id) else {
            throw fail(idPair.value, "invalid id \"\(id)\": use letters, digits, '.', '_' and '-', starting with a letter or digit")
        }
        let comment = try f["comment"].map { (p) throws(LoadError) in try string(p.value, "comment") }
        var flagList: [String] = []
        if let fl = f["flags"] {
            guard let seq = fl.value.sequence else { throw fail(fl.value, "expected a sequence of flags, found \(fl.value.typeDescription)") }
            for item in seq {
                let flag = try string(item, "a flag")
                guard flags.contains(flag) else {
                    throw fail(item, "undeclared flag \"\(flag)\": explain it under notes at the top of the file")
                }
                flagList.append(flag)
            }
        }
        var opName: String? = nil
        if let o = f["op"] {
            let name = try string(o.value, "op")
            if suite.opNames.isEmpty {
                throw fail(o.key, "unknown field \"op\": the suite \(suite.name) has a single direction")
            }
            guard suite.opNames.contains(name) else {
                throw fail(o.value, "op must be one of: \(suite.opNames.joined(separator: ", ")) (expected one of them, found \"\(name)\")")
            }
            opName = name
        } else if !suite.opNames.isEmpty {
            throw fail(node, "missing required field \"op\" (one of: \(suite.opNames.joined(separator: ", ")))")
        }
        let op = suite.op(opName)!
        var result = ResultKind.valid
        if let r = f["result"] {
            let s = try string(r.value, "result")
            guard let k = ResultKind(rawValue: s) else {
                throw fail(r.value, "result must be valid, invalid, acceptable or pending (expected one of them, found \"\(s)\")")
            }
            if k == .pending, suite.roundtrip?.op == opName, opName != nil {
                throw fail(r.value, "result pending is not for a round trip: its expected value is its input's own (write result: valid and the value)")
            }
            result = k
        }
        // Input: the vector's own fields, then the defaults its op takes and it does not override.
        var merged: [String: (Value, Node)] = [:]
        if let i = f["input"] {
            merged = try inputs(try mapping(i.value, "input"), suite: suite, specs: op.inputs, in: "input")
        }
        for pair in defaults {
            let k = pair.key.scalarText ?? ""
            guard merged[k] == nil, let spec = op.inputs.first(where: { $0.name == k }) else { continue }
            merged[k] = (try value(pair.value, spec), pair.value)
        }
        for spec in op.inputs where spec.required && merged[spec.name] == nil {
            throw fail(node, "missing required field \"\(spec.name)\" in input (after merging defaults)")
        }
        for group in op.exactlyOne where group.filter({ merged[$0] != nil }).count != 1 {
            throw fail(node, "input must have exactly one of \(group.joined(separator: " or "))")
        }
        let (expectation, places) = try expect(f["expect"], vectorNode: node, op: op, result: result)
        // The file's order, then the defaults' names sorted; one shared list of names per order.
        var order = (f["input"]?.value.mapping ?? []).compactMap { $0.key.scalarText }
        if order.count < merged.count { order += merged.keys.sorted().filter { !order.contains($0) } }
        let names: Fields.Order
        if let shared = orders[order] { names = shared } else { names = Fields.Names.interned(order); orders[order] = names }
        let v = Vector(suite: suite.name, origin: origin, id: id, line: node.mark.line, column: node.mark.column,
                       comment: comment, flags: flagList, op: opName, result: result,
                       input: Fields(names: names, values: order.map { merged[$0]!.0 }), expect: expectation, expectPlaces: places)
        return (v, idPair.value)
    }

    func inputs(_ pairs: [(key: Node, value: Node)], suite: Suite, specs: [FieldSpec], in what: String) throws(LoadError) -> [String: (Value, Node)] {
        var out: [String: (Value, Node)] = [:]
        for pair in pairs {
            let k = pair.key.scalarText ?? ""
            guard let spec = specs.first(where: { $0.name == k }) else {
                throw fail(pair.key, "unknown field \"\(k)\" in \(what) of suite \(suite.name) (expected one of: \(specs.map(\.name).joined(separator: ", ")))")
            }
            out[k] = (try value(pair.value, spec), pair.value)
        }
        return out
    }

    /// The expectation, and where each of its entries is (its key's line and column): a report
    /// points a mismatch at the entry that differs (docs/reports.md "Locations").
    func expect(_ pair: (key: Node, value: Node)?, vectorNode: Node, op: OpSpec, result: ResultKind) throws(LoadError) -> (Expectation, [FieldPlace]) {
        if result == .pending, let pair {
            throw fail(pair.key, "a pending vector has no expect: its answer is not settled (when it is, write result: valid or invalid with the expected value)")
        }
        guard let pair else {
            if result == .valid && op.expects.isEmpty {
                throw fail(vectorNode, "missing required field \"expect\": this op has no output fields, so a valid vector writes expect: {}")
            }
            if result == .valid { throw fail(vectorNode, "missing required field \"expect\": a valid vector must state its expected \(op.expects.map(\.name).joined(separator: ", "))") }
            return (result == .invalid ? .error(nil) : .none, [])
        }
        let pairs = try mapping(pair.value, "expect")
        if let errorPair = pairs.first(where: { $0.key.scalarText == "error" }) {
            if result == .valid {
                throw fail(errorPair.key, "expect must not name an error in a valid vector (set result: invalid)")
            }
            if pairs.count > 1 {
                let other = pairs.first { $0.key.scalarText != "error" }!
                throw fail(other.key, "expect must hold only \"error\" when it names an error (found \"\(other.key.scalarText ?? "")\")")
            }
            let s = try string(errorPair.value, "error")
            guard let c = ErrorClass(rawValue: s), ErrorClass.stated.contains(c) else {
                let why = s == ErrorClass.unclassified.rawValue ? "; unclassified is an implementation's answer, a vector states the class it expects" : ""
                throw fail(errorPair.value, "error must be one of: \(ErrorClass.stated.map(\.rawValue).joined(separator: ", ")) (expected one of them, found \"\(s)\"\(why))")
            }
            return (.error(c), [FieldPlace(field: "error", line: errorPair.key.mark.line, column: errorPair.key.mark.column)])
        }
        if result == .invalid, let first = pairs.first {
            throw fail(first.key, "expect must hold only \"error\" in an invalid vector (found \"\(first.key.scalarText ?? "")\")")
        }
        var out: [(field: String, expected: Expected)] = []
        var places: [FieldPlace] = []
        places.reserveCapacity(pairs.count)
        for p in pairs {
            let k = p.key.scalarText ?? ""
            places.append(FieldPlace(field: k, line: p.key.mark.line, column: p.key.mark.column))
            guard let spec = op.expects.first(where: { $0.name == k }) else {
                throw fail(p.key, "unknown field \"\(k)\" in expect (expected one of: \(op.expects.map(\.name).joined(separator: ", ")), error)")
            }
            if p.value.string == Expected.placeholderText {
                out.append((k, .placeholder))
            } else {
                out.append((k, .value(try value(p.value, spec))))
            }
        }
        if result == .valid {
            for spec in op.expects where spec.required && !out.contains(where: { $0.field == spec.name }) {
                throw fail(pair.value, "missing required field \"\(spec.name)\" in expect (write \(Expected.placeholderText) if it is not known yet)")
            }
        }
        return (.outputs(out), places)
    }

    func value(_ node: Node, _ spec: FieldSpec) throws(LoadError) -> Value {
        switch spec.type {
        case .text:
            return .text(try string(node, spec.name))
        case .integer:
            guard case .scalar(let text, .integer) = node.kind else {
                throw fail(node, "expected an integer for \(spec.name), found \(node.typeDescription)")
            }
            guard let i = Self.integer(text) else { throw fail(node, "expected an integer for \(spec.name) within 64 bits, found \(text)") }
            if let m = spec.minimum, i < m { throw fail(node, "\(spec.name) must be at least \(m), found \(i)") }
            return .integer(i)
        case .bytes:
            return .bytes(try bytes(node, spec.name))
        case .record(let r):
            return try record(node, r, spec.name)
        }
    }

    /// A record type's value (`RecordType`: Closer's answer): a mapping of exactly its members, in
    /// any order, each of its member type (null written for an absent value).
    func record(_ node: Node, _ r: RecordType, _ field: String) throws(LoadError) -> Value {
        guard let pairs = node.mapping else {
            throw fail(node, "expected \(r.called) for \(field) (a mapping of \(r.members.map(\.name).joined(separator: ", "))), found \(node.typeDescription)")
        }
        var m: [String: Value] = [:]
        for (k, v) in pairs {
            let name = k.scalarText ?? ""
            guard let member = r.members.first(where: { $0.name == name }) else {
                throw fail(k, "\(r.name) must have exactly \(r.memberList) (unknown field \"\(name)\")")
            }
            let null: Bool
            if case .scalar(_, .null) = v.kind { null = true } else { null = false }
            switch member.type {
            case .integer(let nullable):
                if nullable && null { m[name] = .null; break }
                guard case .scalar(let text, .integer) = v.kind, let i = Self.integer(text) else {
                    throw fail(v, "expected \(member.type.spelled) for \(name), found \(v.typeDescription)")
                }
                m[name] = .integer(i)
            case .strings(let item):
                guard let items = v.sequence else { throw fail(v, "expected \(member.type.spelled) for \(name), found \(v.typeDescription)") }
                var list: [Value] = []
                for x in items { list.append(.text(try string(x, item))) }
                m[name] = .list(list)
            case .string(let nullable):
                if nullable && null { m[name] = .null; break }
                guard let s = v.string else { throw fail(v, "expected \(member.type.spelled) for \(name), found \(v.typeDescription)") }
                m[name] = .text(s)
            }
        }
        for member in r.members where m[member.name] == nil {
            throw fail(node, "\(r.name) must have exactly \(r.memberList) (missing \(member.name); write null for an absent value)")
        }
        return .map(m)
    }

    static func integer(_ text: String) -> Int64? {
        if text.hasPrefix("0o") { return Int64(text.dropFirst(2), radix: 8) }
        if text.hasPrefix("0x") { return Int64(text.dropFirst(2), radix: 16) }
        return Int64(text.hasPrefix("+") ? String(text.dropFirst()) : text)
    }

    func bytes(_ node: Node, _ field: String) throws(LoadError) -> [UInt8] {
        guard let pairs = node.mapping else {
            var hint = ""
            if node.string != nil { hint = " (write {hex: …} or {utf8: …})" }
            throw fail(node, "expected a mapping with exactly one encoding (hex, base64, base64url, utf8) for bytes \(field), found \(node.typeDescription)\(hint)")
        }
        guard pairs.count == 1 else {
            throw fail(node, "bytes \(field) must have exactly one encoding (hex, base64, base64url or utf8), found \(pairs.count)")
        }
        let (k, v) = pairs[0]
        guard let encoding = ByteEncoding(rawValue: k.scalarText ?? "") else {
            throw fail(k, "unknown field \"\(k.scalarText ?? "")\": bytes take exactly one encoding (expected one of: \(ByteEncoding.names))")
        }
        guard let s = v.string else {
            var hint = ""
            if case .scalar(let text, let t) = v.kind, t != .string { hint = ": YAML reads \(text) as \(t.description), quote it as \"\(text)\"" }
            throw fail(v, "expected a \(encoding.rawValue) string for \(field), found \(v.typeDescription)\(hint)")
        }
        do {
            return try encoding.decode(s)
        } catch {
            throw fail(v, "\(error.message) (in \(field))")
        }
    }
}

/// One file's vectors, notes and errors, made by the thread that parsed it and taken in order.
private struct ParsedFile: Sendable {
    var result: Result<[Vector], LoadError>
    /// In a load that keeps no vector (`keepingVectors: false`): the file's vectors' names and places.
    var placed: [Placed]? = nil
    var notes: [LoadError], errors: [LoadError]
    var wycheproof = false
}

/// A vector's suite, id and place: what the checks across files need of it.
private struct Placed: Sendable {
    struct Key: Hashable, Sendable { var suite: String; var id: String }
    var key: Key
    var line: Int32, column: Int32
    init(_ v: Vector) {
        key = Key(suite: v.suite, id: v.id)
        (line, column) = (Int32(clamping: v.line), Int32(clamping: v.column))
    }
}

/// A field's value written as a vector file writes it (`{hex: …}`, a string, an integer, an
/// answer), read by the same rules: what a scenario's literal inputs use.
/// A vector id's pattern (`[A-Za-z0-9][A-Za-z0-9._-]*`), the loader's own rule, for the other readers
/// that name things with ids (scenario names, scenario trials in a report).
public enum VectorID {
    public static func isValid(_ s: String) -> Bool { FileReader.idPattern(s) }
}

public enum LiteralValue {
    public static func read(_ node: Node, _ spec: FieldSpec, file: String) throws(LoadError) -> Value {
        try FileReader(file: file).value(node, spec)
    }
}
