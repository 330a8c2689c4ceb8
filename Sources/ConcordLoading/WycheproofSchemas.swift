import ConcordFormats
import ConcordYAML

/// The Wycheproof schema families Concord reads, each mapped onto a suite (docs/vector-format.md,
/// "Wycheproof files"). A family is named by its schema without `_v1.json` / `.json`, so the
/// `testvectors_v1/` names and the older `testvectors/` names read the same way.
enum WycheproofSchemas {
    struct Target: Sendable { var suite: String; var op: String? }
    struct Skip: Error, Sendable { var reason: String }
    enum GroupPlan: Sendable { case use([String: Value]); case skip(String) }
    struct Mapped: Sendable { var input: [String: Value]; var outputs: [(String, Value)] }

    struct Family: Sendable {
        var schema: String
        var groupType: String
        /// Group keys besides `type`, `tests` and `source`.
        var groupKeys: Set<String>
        /// Test keys besides `tcId`, `comment`, `flags` and `result`.
        var testKeys: Set<String>
        var inputOrder: [String]
        /// The suite and op for the file's `algorithm`, or why none covers it.
        var target: Targets
        var group: @Sendable (WycheproofGroup) throws(LoadError) -> GroupPlan
        var test: @Sendable (WycheproofTest) throws(LoadError) -> Mapped
    }

    static func family(_ schema: String) -> Family? {
        var base = schema
        if base.hasSuffix(".json") { base.removeLast(5) }
        if base.hasSuffix("_v1") { base.removeLast(3) }
        return all.first { $0.schema == base }
    }

    static var names: [String] { all.map { $0.schema + "_v1.json" } }

    /// The suites Wycheproof files map onto (each family's targets).
    static let suites = Set(all.flatMap { $0.target.expected.values.map(\.suite) })

    /// The suite and op of each `algorithm` a family maps (`what` names the family in messages).
    struct Targets: Sendable {
        var expected: [String: Target]
        var what: String
        /// The suite and op for the file's `algorithm`, or why none covers it.
        func callAsFunction(_ algorithm: String?) -> Result<Target, Skip> {
            guard let algorithm else { return .failure(Skip(reason: "the file names no algorithm")) }
            if let t = expected[algorithm] { return .success(t) }
            return .failure(Skip(reason: "algorithm \(algorithm): no suite covers it (\(what) maps \(expected.keys.sorted().joined(separator: ", ")))"))
        }
    }

    static func only(_ expected: [String: Target], _ what: String) -> Targets { Targets(expected: expected, what: what) }

    static let all: [Family] = [aead, mac, hkdf, ecdhEcpoint, ecdhDer, ecdhPem, ecdhWebcrypto, xdh, xdhDer, xdhPem, xdhJwk, eddsa, ecdsa, ecdsaP1363]

    // MARK: symmetric

    static let aead = Family(
        schema: "aead_test_schema", groupType: "AeadTest", groupKeys: ["ivSize", "keySize", "tagSize"],
        testKeys: ["key", "iv", "aad", "msg", "ct", "tag"], inputOrder: ["key", "nonce", "aad", "ciphertext", "tag"],
        target: only(["AES-GCM": Target(suite: "aes-gcm", op: "open"),
                      "CHACHA20-POLY1305": Target(suite: "chacha20-poly1305", op: "open"),
                      "XCHACHA20-POLY1305": Target(suite: "xchacha20-poly1305", op: "open")], "aead_test_schema"),
        group: { _ in .use([:]) },
        test: { t throws(LoadError) in
            Mapped(input: ["key": .bytes(try t.hex("key")), "nonce": .bytes(try t.hex("iv")), "aad": .bytes(try t.hex("aad")),
                           "ciphertext": .bytes(try t.hex("ct")), "tag": .bytes(try t.hex("tag"))],
                   outputs: [("plaintext", .bytes(try t.hex("msg")))])
        })

    static let mac = Family(
        schema: "mac_test_schema", groupType: "MacTest", groupKeys: ["keySize", "tagSize"],
        testKeys: ["key", "msg", "tag"], inputOrder: ["key", "message", "tag"],
        target: only(["HMACSHA256": Target(suite: "hmac-sha256", op: "verify")], "mac_test_schema"),
        group: { _ in .use([:]) },
        test: { t throws(LoadError) in
            Mapped(input: ["key": .bytes(try t.hex("key")), "message": .bytes(try t.hex("msg")), "tag": .bytes(try t.hex("tag"))], outputs: [])
        })

    static let hkdf = Family(
        schema: "hkdf_test_schema", groupType: "HkdfTest", groupKeys: ["keySize"],
        testKeys: ["ikm", "salt", "info", "size", "okm"], inputOrder: ["ikm", "salt", "info", "size"],
        target: only(["HKDF-SHA-256": Target(suite: "hkdf-sha256", op: nil)], "hkdf_test_schema"),
        group: { _ in .use([:]) },
        test: { t throws(LoadError) in
            Mapped(input: ["ikm": .bytes(try t.hex("ikm")), "salt": .bytes(try t.hex("salt")), "info": .bytes(try t.hex("info")),
                           "size": .integer(try t.integer("size"))],
                   outputs: [("okm", .bytes(try t.hex("okm")))])
        })

    // MARK: key agreement

    static let agreementKeys: Set<String> = ["public", "private", "shared"]
    static let keyOrder = ["private", "privateDer", "privatePem", "privateJwk", "public", "publicDer", "publicPem", "publicJwk"]

    /// A group whose `curve` must be one of `curves` (else skipped: another curve).
    static func curve(_ curves: Set<String>, suite: String) -> @Sendable (WycheproofGroup) throws(LoadError) -> GroupPlan {
        { g throws(LoadError) in
            let c = try g.requiredString("curve")
            return curves.contains(c) ? .use([:]) : .skip("curve \(c): \(suite) covers \(curves.sorted().joined(separator: "/")) only")
        }
    }

    enum KeyForm { case raw, der, pem, jwk }

    static func agreement(_ t: WycheproofTest, privateForm: KeyForm, publicForm: KeyForm) throws(LoadError) -> Mapped {
        func read(_ k: String, _ form: KeyForm) throws(LoadError) -> (String, Value) {
            switch form {
            case .raw: return (k, .bytes(try t.hex(k)))
            case .der: return (k + "Der", .bytes(try t.hex(k)))
            case .pem: return (k + "Pem", .text(try t.text(k)))
            case .jwk: return (k + "Jwk", .text(try t.object(k)))
            }
        }
        let p = try read("private", privateForm), q = try read("public", publicForm)
        return Mapped(input: [p.0: p.1, q.0: q.1], outputs: [("shared", .bytes(try t.hex("shared")))])
    }

    static let ecdhTarget = only(["ECDH": Target(suite: "ecdh-p256", op: nil)], "the ECDH schemas")
    static let p256 = curve(["secp256r1", "P-256"], suite: "ecdh-p256")
    static let xdhTarget = only(["XDH": Target(suite: "x25519", op: nil)], "the XDH schemas")
    static let c25519 = curve(["curve25519"], suite: "x25519")

    /// A key-agreement schema: its keys in the given forms, the shared secret expected.
    static func agreementFamily(_ schema: String, _ groupType: String, groupKeys: Set<String>,
                                target: Targets,
                                group: @escaping @Sendable (WycheproofGroup) throws(LoadError) -> GroupPlan,
                                _ privateForm: KeyForm, _ publicForm: KeyForm) -> Family {
        Family(schema: schema, groupType: groupType, groupKeys: groupKeys, testKeys: agreementKeys, inputOrder: keyOrder,
               target: target, group: group,
               test: { t throws(LoadError) in try agreement(t, privateForm: privateForm, publicForm: publicForm) })
    }
    static func ecdhFamily(_ schema: String, _ groupType: String, _ privateForm: KeyForm, _ publicForm: KeyForm) -> Family {
        agreementFamily(schema, groupType, groupKeys: ["curve", "encoding"], target: ecdhTarget, group: p256, privateForm, publicForm)
    }
    static func xdhFamily(_ schema: String, _ groupType: String, _ form: KeyForm) -> Family {
        agreementFamily(schema, groupType, groupKeys: ["curve"], target: xdhTarget, group: c25519, form, form)
    }

    static let ecdhEcpoint = ecdhFamily("ecdh_ecpoint_test_schema", "EcdhEcpointTest", .raw, .raw)
    static let ecdhDer = ecdhFamily("ecdh_test_schema", "EcdhTest", .raw, .der)
    static let ecdhPem = ecdhFamily("ecdh_pem_test_schema", "EcdhPemTest", .pem, .pem)
    static let ecdhWebcrypto = ecdhFamily("ecdh_webcrypto_test_schema", "EcdhWebcryptoTest", .jwk, .jwk)

    static let xdh = xdhFamily("xdh_comp_schema", "XdhComp", .raw)
    static let xdhDer = xdhFamily("xdh_asn_comp_schema", "XdhAsnComp", .der)
    static let xdhPem = xdhFamily("xdh_pem_comp_schema", "XdhPemComp", .pem)
    static let xdhJwk = xdhFamily("xdh_jwk_comp_schema", "XdhJwkComp", .jwk)

    // MARK: signatures

    /// testvectors_v1 names a signature group's key `publicKey` (+ Der, Pem, Jwk); the older layout `key`
    /// (+ `keyDer`, `keyPem`, `jwk`).
    static let signatureGroupKeys: Set<String> = ["publicKey", "publicKeyDer", "publicKeyPem", "publicKeyJwk", "key", "keyDer", "keyPem", "jwk", "sha"]
    static let signatureTestKeys: Set<String> = ["msg", "sig"]

    /// The group's key object (`publicKey`, or the older `key`) and one of its hex members.
    static func keyObject(_ g: WycheproofGroup) throws(LoadError) -> [String: Node] {
        guard let n = g.fields["publicKey"] ?? g.fields["key"] else {
            throw g.base.fail(g.node, "missing required field \"publicKey\" (or, in the older layout, \"key\") in this test group")
        }
        guard let m = n.mapping else { throw g.base.fail(n, "expected a mapping for the group's public key, found \(n.typeDescription)") }
        var out: [String: Node] = [:]
        for p in m { out[p.key.scalarText ?? ""] = p.value }
        return out
    }

    static func member(_ key: [String: Node], _ name: String, _ g: WycheproofGroup) throws(LoadError) -> Node {
        guard let n = key[name] else { throw g.base.fail(g.node, "missing required field \"\(name)\" in this group's public key") }
        return n
    }

    static func signatureTest(_ t: WycheproofTest) throws(LoadError) -> Mapped {
        Mapped(input: ["message": .bytes(try t.hex("msg")), "signature": .bytes(try t.hex("sig"))], outputs: [])
    }

    static let eddsa = Family(
        schema: "eddsa_verify_schema", groupType: "EddsaVerify", groupKeys: signatureGroupKeys, testKeys: signatureTestKeys,
        inputOrder: ["public", "message", "signature"],
        target: only(["EDDSA": Target(suite: "ed25519", op: "verify")], "eddsa_verify_schema"),
        group: { g throws(LoadError) in
            let key = try keyObject(g)
            let curve = try g.base.string(try member(key, "curve", g), "curve")
            guard curve == "edwards25519" else { return .skip("curve \(curve): ed25519 covers edwards25519 only") }
            return .use(["public": .bytes(try WycheproofHex.decode(try member(key, "pk", g), "pk", g.base))])
        },
        test: signatureTest)

    static func ecdsaGroup(_ g: WycheproofGroup) throws(LoadError) -> GroupPlan {
        let key = try keyObject(g)
        let curve = try g.base.string(try member(key, "curve", g), "curve")
        let sha = try g.requiredString("sha")
        guard curve == "secp256r1" else { return .skip("curve \(curve): ecdsa-p256 covers secp256r1 only") }
        guard sha == "SHA-256" else { return .skip("hash \(sha): ecdsa-p256 covers SHA-256 only") }
        return .use(["public": .bytes(try WycheproofHex.decode(try member(key, "uncompressed", g), "uncompressed", g.base))])
    }

    static let ecdsa = Family(
        schema: "ecdsa_verify_schema", groupType: "EcdsaVerify", groupKeys: signatureGroupKeys, testKeys: signatureTestKeys,
        inputOrder: ["public", "message", "signature"],
        target: only(["ECDSA": Target(suite: "ecdsa-p256", op: "verify")], "ecdsa_verify_schema"),
        group: ecdsaGroup, test: signatureTest)
    static let ecdsaP1363 = Family(
        schema: "ecdsa_p1363_verify_schema", groupType: "EcdsaP1363Verify", groupKeys: signatureGroupKeys, testKeys: signatureTestKeys,
        inputOrder: ["public", "message", "signature"],
        target: only(["ECDSA": Target(suite: "ecdsa-p256", op: "verify-p1363")], "ecdsa_p1363_verify_schema"),
        group: ecdsaGroup, test: signatureTest)
}
