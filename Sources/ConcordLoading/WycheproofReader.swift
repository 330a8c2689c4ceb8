import ConcordSuites
import ConcordFormats
import ConcordYAML

/// Reads a Wycheproof test-vector file as it is published, mapping it onto a Concord suite: the id is
/// `<file name without .json>-<tcId>` (several files map onto one suite), `result`, `flags` and `comment`
/// are kept. The schemas it reads and how each maps are in `WycheproofSchemas.swift` (one family each) and
/// docs/vector-format.md. Both layouts are read: C2SP/wycheproof's `testvectors_v1/` (`…_schema_v1.json`)
/// and the older `google/wycheproof` layout (`testvectors/`, and early `testvectors_v1/` files, whose
/// schema names lack `_v1` and whose signature groups name the key `key` instead of `publicKey`).
///
/// Strict: an unknown schema, group type, top-level, group or test key, a tcId that is not an integer
/// from 1 to 2^31 − 1, an undeclared flag (in the older layout, which did not always declare them, a
/// note) or a `numberOfTests` that does not count the tests is refused, located. A file (or a test group) whose algorithm, curve or hash no suite covers is `notCovered`:
/// skipped with its reason when a folder scan found it, an error when it was named.
struct WycheproofReader {
    let file: String
    let base: FileReader

    init(file: String) {
        self.file = file
        base = FileReader(file: file)
    }

    static let topKeys: Set<String> = ["algorithm", "generatorVersion", "header", "notes", "numberOfTests", "schema", "testGroups"]
    static let testKeys: Set<String> = ["tcId", "comment", "flags", "result"]
    static let maxTcId: Int64 = 2_147_483_647

    /// The file's vectors; `notes` gets a line for each group skipped (another curve or hash).
    func read(_ root: Node, notes: inout [LoadError]) throws(LoadError) -> [Vector] {
        let top = try base.mapping(root, "a Wycheproof file")
        var f: [String: (key: Node, value: Node)] = [:]
        for pair in top { f[pair.key.scalarText ?? ""] = pair }
        // The schema first: a file of a schema no suite covers is skipped whatever else it holds (a
        // checkout's vectorgen/testdata/ has templates with keys of their own).
        guard let schemaPair = f["schema"] else { throw base.fail(root, "missing required field \"schema\"") }
        let schema = try base.string(schemaPair.value, "schema")
        guard let family = WycheproofSchemas.family(schema) else {
            throw notCovered(schemaPair.value, "Wycheproof schema \"\(schema)\" maps onto no suite (read: \(WycheproofSchemas.names.joined(separator: ", ")), with or without _v1)")
        }
        for pair in top where !Self.topKeys.contains(pair.key.scalarText ?? "") {
            throw base.fail(pair.key, "unknown field \"\(pair.key.scalarText ?? "")\" in a Wycheproof file (expected one of: \(Self.topKeys.sorted().joined(separator: ", ")))")
        }
        let algorithm = try f["algorithm"].map { (p) throws(LoadError) in try base.string(p.value, "algorithm") }
        let target: WycheproofSchemas.Target
        switch family.target(algorithm) {
        case .success(let t): target = t
        case .failure(let skip): throw notCovered(f["algorithm"]?.value ?? schemaPair.value, skip.reason)
        }
        var declared = Set<String>()
        if let n = f["notes"] {
            guard let m = n.value.mapping else { throw base.fail(n.value, "expected a mapping for notes, found \(n.value.typeDescription)") }
            declared = Set(m.compactMap { $0.key.scalarText })
        }
        guard let groupsPair = f["testGroups"] else { throw base.fail(root, "missing required field \"testGroups\"") }
        guard let groups = groupsPair.value.sequence else {
            throw base.fail(groupsPair.value, "expected a sequence for testGroups, found \(groupsPair.value.typeDescription)")
        }
        let stem = Self.stem(file)
        let olderLayout = !schema.hasSuffix("_v1.json")
        var undeclared = Set<String>()
        var out: [Vector] = []
        var total = 0
        var skipped: [String: Int] = [:]
        var orders: [[String]: Fields.Order] = [:]
        let origin = Vector.Origin(file: file)
        for g in groups {
            let group = try base.mapping(g, "a test group")
            var gf: [String: Node] = [:]
            for pair in group {
                let k = pair.key.scalarText ?? ""
                guard k == "type" || k == "tests" || k == "source" || family.groupKeys.contains(k) else {
                    throw base.fail(pair.key, "unknown field \"\(k)\" in a \(family.groupType) test group (expected one of: \((["type", "tests", "source"] + family.groupKeys.sorted()).joined(separator: ", ")))")
                }
                gf[k] = pair.value
            }
            guard let typeNode = gf["type"] else { throw base.fail(g, "missing required field \"type\" in a test group") }
            let type = try base.string(typeNode, "type")
            guard type == family.groupType else {
                throw base.fail(typeNode, "unknown test group type \"\(type)\" in a \(schema) file (expected \(family.groupType))")
            }
            guard let testsNode = gf["tests"] else { throw base.fail(g, "missing required field \"tests\" in a test group") }
            guard let tests = testsNode.sequence else { throw base.fail(testsNode, "expected a sequence for tests, found \(testsNode.typeDescription)") }
            total += tests.count
            let plan = try family.group(WycheproofGroup(fields: gf, node: g, base: base))
            guard case .use(let groupInput) = plan else {
                if case .skip(let why) = plan { skipped[why, default: 0] += tests.count }
                continue
            }
            for t in tests {
                let c = try common(t, declared: declared, family: family, olderLayout: olderLayout, undeclared: &undeclared)
                let mapped = try family.test(c)
                let input = groupInput.merging(mapped.input) { _, new in new }
                var order = family.inputOrder.filter { input[$0] != nil }
                if order.count < input.count { order += input.keys.filter { !order.contains($0) }.sorted() }
                let names: Fields.Order
                if let shared = orders[order] { names = shared } else { names = Fields.Names.interned(order); orders[order] = names }
                let expect: Expectation = c.result == .invalid ? .error(nil) : .outputs(mapped.outputs.map { ($0.0, .value($0.1)) })
                out.append(Vector(suite: target.suite, origin: origin, id: "\(stem)-\(c.tcId)", line: t.mark.line, column: t.mark.column,
                                  comment: c.comment, flags: c.flags, op: target.op, result: c.result,
                                  input: Fields(names: names, values: order.map { input[$0]! }), expect: expect))
            }
        }
        if let n = f["numberOfTests"] {
            guard case .scalar(let text, .integer) = n.value.kind, let declaredCount = Int(text) else {
                throw base.fail(n.value, "expected an integer for numberOfTests, found \(n.value.typeDescription)")
            }
            guard declaredCount == total else {
                throw base.fail(n.value, "numberOfTests is \(declaredCount) but the test groups hold \(total) tests")
            }
        }
        if out.isEmpty {
            let why = skipped.keys.sorted().joined(separator: "; ")
            throw notCovered(groupsPair.value, why.isEmpty ? "no test maps onto a suite" : "no test group maps onto a suite (\(why))")
        }
        if !undeclared.isEmpty {
            notes.append(LoadError(file: file, line: schemaPair.value.mark.line, column: schemaPair.value.mark.column,
                                   message: "flags used but not declared under notes (the older layout): \(undeclared.sorted().joined(separator: ", "))"))
        }
        for (why, count) in skipped.sorted(by: { $0.key < $1.key }) {
            notes.append(LoadError(file: file, line: groupsPair.value.mark.line, column: groupsPair.value.mark.column,
                                   message: "skipped \(count) tests whose group maps onto no suite: \(why)"))
        }
        return out
    }

    func notCovered(_ node: Node, _ message: String) -> LoadError {
        var e = base.fail(node, message)
        e.notCovered = true
        return e
    }

    /// The file name without its folder and `.json`, with anything outside `[A-Za-z0-9._-]` made `_`.
    static func stem(_ file: String) -> String {
        var name = Substring(file.split(separator: "/").last ?? Substring(file))
        if name.lowercased().hasSuffix(".json") { name = name.dropLast(5) }
        return VectorNames.segment(name)
    }

    /// tcId (1 … 2^31 − 1), result, flags (declared in notes), comment, and typed access to the test's
    /// fields; a key the schema family does not name is refused.
    func common(_ node: Node, declared: Set<String>, family: WycheproofSchemas.Family, olderLayout: Bool,
                undeclared: inout Set<String>) throws(LoadError) -> WycheproofTest {
        let pairs = try base.mapping(node, "a test")
        var m: [String: Node] = [:]
        for p in pairs {
            let k = p.key.scalarText ?? ""
            guard Self.testKeys.contains(k) || family.testKeys.contains(k) else {
                throw base.fail(p.key, "unknown field \"\(k)\" in a \(family.groupType) test (expected one of: \((Self.testKeys.sorted() + family.testKeys.sorted()).joined(separator: ", ")))")
            }
            m[k] = p.value
        }
        guard let idNode = m["tcId"] else { throw base.fail(node, "missing required field \"tcId\" in this test") }
        guard case .scalar(let idText, .integer) = idNode.kind else {
            throw base.fail(idNode, "expected an integer for tcId, found \(idNode.typeDescription)")
        }
        guard let id = Int64(idText), id >= 1, id <= Self.maxTcId else {
            throw base.fail(idNode, "tcId must be an integer from 1 to \(Self.maxTcId) (found \(idText.count > 30 ? String(idText.prefix(30)) + "…" : idText))")
        }
        guard let resultNode = m["result"] else { throw base.fail(node, "missing required field \"result\" in this test") }
        let resultText = try base.string(resultNode, "result")
        guard let result = ResultKind(rawValue: resultText), result != .pending else {
            throw base.fail(resultNode, "result must be valid, invalid or acceptable (expected one of them, found \"\(resultText)\")")
        }
        var flags: [String] = []
        if let fl = m["flags"] {
            guard let seq = fl.sequence else { throw base.fail(fl, "expected a sequence of flags, found \(fl.typeDescription)") }
            for item in seq {
                let flag = try base.string(item, "a flag")
                if !declared.contains(flag) {
                    // The older layout (schema names without _v1) did not always declare its flags
                    // (testvectors/ecdsa_secp256r1_sha256_test.json uses InvalidEncoding): kept, with a note.
                    guard olderLayout else { throw base.fail(item, "undeclared flag \"\(flag)\": not under the file's notes") }
                    undeclared.insert(flag)
                }
                flags.append(flag)
            }
        }
        let comment = try m["comment"].map { (n) throws(LoadError) in try base.string(n, "comment") }
        return WycheproofTest(tcId: String(id), result: result, flags: flags, comment: comment.flatMap { $0.isEmpty ? nil : $0 },
                              fields: m, node: node, base: base)
    }
}

/// One test's fields, read strictly.
struct WycheproofTest: Sendable {
    var tcId: String
    var result: ResultKind
    var flags: [String]
    var comment: String?
    var fields: [String: Node]
    var node: Node
    var base: FileReader

    func required(_ k: String) throws(LoadError) -> Node {
        guard let n = fields[k] else { throw base.fail(node, "missing required field \"\(k)\" in this test") }
        return n
    }
    func hex(_ k: String) throws(LoadError) -> [UInt8] { try WycheproofHex.decode(try required(k), k, base) }
    func text(_ k: String) throws(LoadError) -> String { try base.string(try required(k), k) }
    func integer(_ k: String) throws(LoadError) -> Int64 {
        let n = try required(k)
        guard case .scalar(let text, .integer) = n.kind, let v = Int64(text) else {
            throw base.fail(n, "expected an integer for \(k), found \(n.typeDescription)")
        }
        return v
    }
    /// A JSON object field (a JWK), re-serialized compactly in file order.
    func object(_ k: String) throws(LoadError) -> String {
        let n = try required(k)
        guard n.mapping != nil else { throw base.fail(n, "expected a JSON object for \(k), found \(n.typeDescription)") }
        return WycheproofJSON.compact(n)
    }
}

/// One test group's fields.
struct WycheproofGroup: Sendable {
    var fields: [String: Node]
    var node: Node
    var base: FileReader

    func string(_ k: String) throws(LoadError) -> String? {
        guard let n = fields[k] else { return nil }
        return try base.string(n, k)
    }
    func requiredString(_ k: String) throws(LoadError) -> String {
        guard let s = try string(k) else { throw base.fail(node, "missing required field \"\(k)\" in this test group") }
        return s
    }
}

enum WycheproofHex {
    static func decode(_ n: Node, _ k: String, _ base: FileReader) throws(LoadError) -> [UInt8] {
        let s = try base.string(n, k)
        do { return try Hex.decode(s) } catch { throw base.fail(n, "\(error.message) (in \(k))") }
    }
}

/// A node of a JSON file written back as compact JSON, members in file order.
enum WycheproofJSON {
    static func compact(_ n: Node) -> String {
        switch n.kind {
        case .mapping(let pairs):
            return "{" + pairs.map { quote($0.key.scalarText ?? "") + ":" + compact($0.value) }.joined(separator: ",") + "}"
        case .sequence(let items):
            return "[" + items.map(compact).joined(separator: ",") + "]"
        case .scalar(let s, .string):
            return quote(s)
        case .scalar(let s, _):
            return s
        }
    }

    /// `s` as a JSON string (the escapes the reports write).
    static func quote(_ s: String) -> String { JSON.string(s).serialized() }
}
