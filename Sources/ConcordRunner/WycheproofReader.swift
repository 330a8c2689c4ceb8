import ConcordSuites
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

    static let supported = ["aead_test_schema_v1.json", "ecdh_ecpoint_test_schema_v1.json", "hkdf_test_schema_v1.json"]

    /// Why no suite covers this Wycheproof file (another schema, algorithm or curve), or nil when
    /// one does (or when it is not a readable Wycheproof file at all: `read` then says what is wrong).
    static func uncovered(_ root: Node) -> String? {
        guard let top = root.mapping, let schema = top.first(where: { $0.key.scalarText == "schema" })?.value.string else { return nil }
        let algorithm = top.first(where: { $0.key.scalarText == "algorithm" })?.value.string
        guard let expected = ["aead_test_schema_v1.json": "AES-GCM", "ecdh_ecpoint_test_schema_v1.json": "ECDH",
                              "hkdf_test_schema_v1.json": "HKDF-SHA-256"][schema] else {
            return "a Wycheproof file of schema \(schema), which no suite covers"
        }
        if let algorithm, algorithm != expected { return "a Wycheproof file of \(algorithm), which no suite covers" }
        if schema == "ecdh_ecpoint_test_schema_v1.json",
           let groups = top.first(where: { $0.key.scalarText == "testGroups" })?.value.sequence,
           let curve = groups.compactMap({ $0.mapping?.first(where: { $0.key.scalarText == "curve" })?.value.string }).first(where: { $0 != "secp256r1" }) {
            return "a Wycheproof ECDH file of curve \(curve), which no suite covers"
        }
        return nil
    }

    func read(_ root: Node) throws(LoadError) -> [Vector] {
        let top = try base.mapping(root, "a Wycheproof file")
        let f = Dictionary(top.map { ($0.key.scalarText ?? "", $0) }, uniquingKeysWith: { a, _ in a })
        guard let schemaPair = f["schema"] else { throw base.fail(root, "missing required field \"schema\"") }
        let schema = try base.string(schemaPair.value, "schema")
        guard Self.supported.contains(schema) else {
            throw base.fail(schemaPair.value, "Wycheproof schema \"\(schema)\" is not supported yet (expected one of: \(Self.supported.joined(separator: ", ")))")
        }
        let algorithm = try f["algorithm"].map { (p) throws(LoadError) in try base.string(p.value, "algorithm") }
        let expectedAlgorithm = ["aead_test_schema_v1.json": "AES-GCM", "ecdh_ecpoint_test_schema_v1.json": "ECDH",
                                 "hkdf_test_schema_v1.json": "HKDF-SHA-256"][schema]!
        if let algorithm, algorithm != expectedAlgorithm, let alg = f["algorithm"] {
            throw base.fail(alg.value, "only \(expectedAlgorithm) files of \(schema) map onto a suite (found \(algorithm))")
        }
        var declared = Set<String>()
        if let notes = f["notes"], let m = notes.value.mapping { declared = Set(m.compactMap { $0.key.scalarText }) }
        guard let groupsPair = f["testGroups"], let groups = groupsPair.value.sequence else {
            throw base.fail(root, "missing required field \"testGroups\" (a sequence)")
        }
        var out: [Vector] = []
        for g in groups {
            let group = try base.mapping(g, "a test group")
            try checkGroupType(group, g, schema: schema)
            guard let tests = group.first(where: { $0.key.scalarText == "tests" })?.value.sequence else {
                throw base.fail(g, "missing required field \"tests\" in a test group")
            }
            if schema == "ecdh_ecpoint_test_schema_v1.json",
               let curve = group.first(where: { $0.key.scalarText == "curve" })?.value, curve.string != "secp256r1" {
                throw base.fail(curve, "only secp256r1 test groups map onto ecdh-p256")
            }
            for t in tests {
                switch schema {
                case "aead_test_schema_v1.json": out.append(try aeadTest(t, declared: declared))
                case "ecdh_ecpoint_test_schema_v1.json":
                    out.append(try test(t, declared: declared, suite: "ecdh-p256",
                                        inputs: [("private", "private"), ("public", "public")], output: ("shared", "shared")))
                default:
                    out.append(try test(t, declared: declared, suite: "hkdf-sha256",
                                        inputs: [("ikm", "ikm"), ("salt", "salt"), ("info", "info")], size: true, output: ("okm", "okm")))
                }
            }
        }
        return out
    }

    /// A test whose fields are hex strings named `inputs` (Wycheproof name, Concord name), plus an
    /// integer `size` for HKDF, and one hex output.
    func test(_ node: Node, declared: Set<String>, suite: String, inputs: [(String, String)], size: Bool = false,
              output: (String, String)) throws(LoadError) -> Vector {
        let c = try common(node, declared: declared, fields: inputs.map(\.0) + [output.0] + (size ? ["size"] : []))
        var input: [String: Value] = [:]
        for (w, name) in inputs { input[name] = .bytes(try c.hex(w)) }
        if size {
            let n = try c.required("size")
            guard case .scalar(let text, .integer) = n.kind, let v = Int64(text) else { throw base.fail(n, "expected an integer for size, found \(n.typeDescription)") }
            input["size"] = .integer(v)
        }
        let out = try c.hex(output.0)
        let expect: Expectation = c.result == .invalid ? .error(nil) : .outputs([(output.1, .value(.bytes(out)))])
        return Vector(suite: suite, id: c.id, file: file, line: node.mark.line, column: node.mark.column, comment: c.comment,
                      flags: c.flags, op: nil, result: c.result, input: input, expect: expect,
                      inputOrder: inputs.map(\.1) + (size ? ["size"] : []))
    }

    struct Common {
        var id: String
        var result: ResultKind
        var flags: [String]
        var comment: String?
        var hex: (String) throws(LoadError) -> [UInt8]
        var required: (String) throws(LoadError) -> Node
    }

    /// The group `type` each schema defines: any other is refused (it would be read as if it were).
    static let groupTypes = ["aead_test_schema_v1.json": "AeadTest", "ecdh_ecpoint_test_schema_v1.json": "EcdhEcpointTest",
                             "hkdf_test_schema_v1.json": "HkdfTest"]

    func checkGroupType(_ group: [(key: Node, value: Node)], _ node: Node, schema: String) throws(LoadError) {
        guard let expected = Self.groupTypes[schema] else { return }
        guard let t = group.first(where: { $0.key.scalarText == "type" })?.value else {
            throw base.fail(node, "missing required field \"type\" in a test group (\(expected) for \(schema))")
        }
        let type = try base.string(t, "type")
        guard type == expected else { throw base.fail(t, "unknown test group type \"\(type)\" (\(schema) groups are \(expected))") }
    }

    /// tcId, result, flags (declared in notes) and comment, and typed access to the test's fields;
    /// a key that is neither these nor one of `fields` is refused.
    func common(_ node: Node, declared: Set<String>, fields: [String]) throws(LoadError) -> Common {
        let pairs = try base.mapping(node, "a test")
        var m: [String: Node] = [:]
        let allowed = Set(["tcId", "comment", "flags", "result"] + fields)
        for p in pairs {
            let k = p.key.scalarText ?? ""
            guard allowed.contains(k) else {
                throw base.fail(p.key, "unknown field \"\(k)\" in this test (expected: \((["tcId", "comment", "flags", "result"] + fields).joined(separator: ", ")))")
            }
            m[k] = p.value
        }
        let base = self.base
        let required: (String) throws(LoadError) -> Node = { k throws(LoadError) in
            guard let n = m[k] else { throw base.fail(node, "missing required field \"\(k)\" in this test") }
            return n
        }
        let hex: (String) throws(LoadError) -> [UInt8] = { k throws(LoadError) in
            let n = try required(k)
            let s = try base.string(n, k)
            do { return try Hex.decode(s) } catch let e as ContractError { throw base.fail(n, "\(e.message) (in \(k))") } catch { throw base.fail(n, "\(error) (in \(k))") }
        }
        let idNode = try required("tcId")
        guard case .scalar(let id, .integer) = idNode.kind else { throw base.fail(idNode, "expected an integer for tcId, found \(idNode.typeDescription)") }
        // Wycheproof numbers tests from 1; a negative, zero or huge tcId is not one (nor "01").
        guard let n = Int32(id), n >= 1, String(n) == id else {
            throw base.fail(idNode, "tcId must be an integer from 1 to \(Int32.max), found \(id)")
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
        return Common(id: id, result: result, flags: flags, comment: comment.flatMap { $0.isEmpty ? nil : $0 }, hex: hex, required: required)
    }

    func aeadTest(_ node: Node, declared: Set<String>) throws(LoadError) -> Vector {
        let c = try common(node, declared: declared, fields: ["key", "iv", "aad", "msg", "ct", "tag"])
        let input: [String: Value] = [
            "key": .bytes(try c.hex("key")), "nonce": .bytes(try c.hex("iv")), "aad": .bytes(try c.hex("aad")),
            "ciphertext": .bytes(try c.hex("ct")), "tag": .bytes(try c.hex("tag")),
        ]
        let plaintext = try c.hex("msg")
        let expect: Expectation = c.result == .invalid ? .error(nil) : .outputs([("plaintext", .value(.bytes(plaintext)))])
        return Vector(suite: "aes-gcm", id: c.id, file: file, line: node.mark.line, column: node.mark.column,
                      comment: c.comment, flags: c.flags, op: "open", result: c.result,
                      input: input, expect: expect, inputOrder: ["key", "nonce", "aad", "ciphertext", "tag"])
    }
}
