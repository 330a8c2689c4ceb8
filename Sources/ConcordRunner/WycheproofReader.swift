import ConcordFormats
import ConcordYAML

/// Reads a Wycheproof test-vector file as it is published (C2SP/wycheproof `testvectors_v1`),
/// mapping it onto a Concord suite: `tcId` is the id, `result`, `flags` and `comment` are kept.
/// Supported: `aead_test_schema_v1.json` for AES-GCM (→ `aes-gcm`, op `open`).
struct WycheproofReader {
    let file: String
    let base: FileReader

    init(file: String) {
        self.file = file
        base = FileReader(file: file)
    }

    static let supported = ["aead_test_schema_v1.json"]

    func read(_ root: Node) throws(LoadError) -> [Vector] {
        let top = try base.mapping(root, "a Wycheproof file")
        let f = Dictionary(top.map { ($0.key.scalarText ?? "", $0) }, uniquingKeysWith: { a, _ in a })
        guard let schemaPair = f["schema"] else { throw base.fail(root, "missing required field \"schema\"") }
        let schema = try base.string(schemaPair.value, "schema")
        guard schema == "aead_test_schema_v1.json" else {
            throw base.fail(schemaPair.value, "Wycheproof schema \"\(schema)\" is not supported yet (expected one of: \(Self.supported.joined(separator: ", ")))")
        }
        if let alg = f["algorithm"], try base.string(alg.value, "algorithm") != "AES-GCM" {
            throw base.fail(alg.value, "only the AES-GCM algorithm of aead_test_schema_v1.json maps onto a suite (aes-gcm)")
        }
        var declared = Set<String>()
        if let notes = f["notes"], let m = notes.value.mapping { declared = Set(m.compactMap { $0.key.scalarText }) }
        guard let groupsPair = f["testGroups"], let groups = groupsPair.value.sequence else {
            throw base.fail(root, "missing required field \"testGroups\" (a sequence)")
        }
        var out: [Vector] = []
        for g in groups {
            let group = try base.mapping(g, "a test group")
            guard let tests = group.first(where: { $0.key.scalarText == "tests" })?.value.sequence else {
                throw base.fail(g, "missing required field \"tests\" in a test group")
            }
            for t in tests { out.append(try aeadTest(t, declared: declared)) }
        }
        return out
    }

    func aeadTest(_ node: Node, declared: Set<String>) throws(LoadError) -> Vector {
        let pairs = try base.mapping(node, "a test")
        var m: [String: Node] = [:]
        for p in pairs { m[p.key.scalarText ?? ""] = p.value }
        func required(_ k: String) throws(LoadError) -> Node {
            guard let n = m[k] else { throw base.fail(node, "missing required field \"\(k)\" in this test") }
            return n
        }
        let idNode = try required("tcId")
        guard case .scalar(let id, .integer) = idNode.kind else { throw base.fail(idNode, "expected an integer for tcId, found \(idNode.typeDescription)") }
        func hex(_ k: String) throws(LoadError) -> [UInt8] {
            let n = try required(k)
            let s = try base.string(n, k)
            do { return try Hex.decode(s) } catch { throw base.fail(n, "\(error.message) (in \(k))") }
        }
        let resultNode = try required("result")
        let resultText = try base.string(resultNode, "result")
        guard let result = ResultKind(rawValue: resultText) else {
            throw base.fail(resultNode, "result must be valid, invalid or acceptable (expected one of them, found \"\(resultText)\")")
        }
        var flags: [String] = []
        if let fl = m["flags"] {
            guard let seq = fl.sequence else { throw base.fail(fl, "expected a sequence of flags, found \(fl.typeDescription)") }
            for item in seq {
                let flag = try base.string(item, "a flag")
                guard declared.contains(flag) else { throw base.fail(item, "undeclared flag \"\(flag)\": not under the file's notes") }
                flags.append(flag)
            }
        }
        let comment = try m["comment"].map { (n) throws(LoadError) in try base.string(n, "comment") }
        let input: [String: Value] = [
            "key": .bytes(try hex("key")), "nonce": .bytes(try hex("iv")), "aad": .bytes(try hex("aad")),
            "ciphertext": .bytes(try hex("ct")), "tag": .bytes(try hex("tag")),
        ]
        let plaintext = try hex("msg")
        let expect: Expectation = result == .invalid ? .error(nil) : .outputs([("plaintext", .value(.bytes(plaintext)))])
        return Vector(suite: "aes-gcm", id: id, file: file, line: node.mark.line, column: node.mark.column,
                      comment: comment.flatMap { $0.isEmpty ? nil : $0 }, flags: flags, op: "open", result: result,
                      input: input, expect: expect, inputOrder: ["key", "nonce", "aad", "ciphertext", "tag"])
    }
}
