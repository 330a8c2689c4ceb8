import ConcordFormats
import ConcordLoading
import Foundation
import Testing
import ConcordTestSupport

/// The Wycheproof reader: every schema of vectors/wycheproof/ read as published, the older layout's
/// names, the strictness (issue 12 item 8) and the folder-scan skip.
@Suite struct WycheproofReaderTests {
    /// The 16 files: each test once, on the suite and op its schema maps onto.
    @Test func theSixteenFilesHold6149Tests() throws {
        let r = VectorLoader().load(.paths([repositoryRoot + "/vectors/wycheproof"]))
        #expect(r.errors.isEmpty, "\(r.errors)")
        #expect(r.notes.isEmpty, "\(r.notes)")
        #expect(r.vectors.count == 6149)
        var bySuite: [String: Int] = [:]
        for v in r.vectors { bySuite["\(v.suite) \(v.op ?? "-")", default: 0] += 1 }
        #expect(bySuite == ["aes-gcm open": 316, "chacha20-poly1305 open": 325, "xchacha20-poly1305 open": 315,
                            "x25519 -": 518 + 537 + 518 + 531, "ed25519 verify": 151, "ecdsa-p256 verify": 484,
                            "ecdsa-p256 verify-p1363": 262, "ecdh-p256 -": 355 + 612 + 612 + 353,
                            "hkdf-sha256 -": 86, "hmac-sha256 verify": 174])
        let jwk = try #require(r.vectors.first { $0.name == "x25519/x25519_jwk_test-1" })
        #expect(jwk.input["publicJwk"]?.text?.hasPrefix("{\"kty\":\"OKP\",\"crv\":\"X25519\"") == true)
        let pem = try #require(r.vectors.first { $0.name == "ecdh-p256/ecdh_secp256r1_pem_test-1" })
        #expect(pem.input["privatePem"]?.text?.hasPrefix("-----BEGIN PRIVATE KEY-----") == true)
        #expect(pem.input["publicPem"]?.text?.hasPrefix("-----BEGIN PUBLIC KEY-----") == true)
        let sig = try #require(r.vectors.first { $0.name == "ed25519/ed25519_test-1" })
        #expect(sig.input["public"]?.bytes?.count == 32)
        guard case .outputs(let none) = sig.expect else { Issue.record("a valid verify test expects outputs"); return }
        #expect(none.isEmpty)
    }

    static let group = #"{"type": "MacTest", "keySize": 128, "tagSize": 128, "tests": [TESTS]}"#
    static let test = #"{"tcId": 1, "comment": "", "flags": [], "key": "00", "msg": "", "tag": "00", "result": "valid"}"#

    func file(schema: String = "mac_test_schema_v1.json", algorithm: String = "HMACSHA256", count: Int = 1,
              group: String = group, test: String = test, extra: String = "") -> String {
        #"{"algorithm": "\#(algorithm)", "schema": "\#(schema)", "numberOfTests": \#(count), "header": [], "notes": {}, \#(extra)"testGroups": ["# + group.replacingOccurrences(of: "TESTS", with: test) + "]}"
    }

    func refusal(_ text: String) -> LoadError? {
        do { _ = try VectorLoader().load(.bytes(Array(text.utf8), file: "w.json")).vectorsOrFirstError(); return nil } catch { return error }
    }

    @Test func aMinimalFileLoads() throws {
        let v = try VectorLoader().load(.bytes(Array(file().utf8), file: "dir/hmac_x.json")).vectorsOrFirstError()
        #expect(v.map(\.name) == ["hmac-sha256/hmac_x-1"])
    }

    @Test(arguments: [
        (#"{"type": "MacTestX", "tests": []}"#, test, "unknown test group type \"MacTestX\""),
        (group, #"{"tcId": 1, "key": "00", "msg": "", "tag": "00", "result": "valid", "extra": 1}"#, "unknown field \"extra\" in a MacTest test"),
        (group, #"{"tcId": -3, "key": "00", "msg": "", "tag": "00", "result": "valid"}"#, "tcId must be an integer from 1 to 2147483647 (found -3)"),
        (group, #"{"tcId": 99999999999999999999999, "key": "00", "msg": "", "tag": "00", "result": "valid"}"#, "tcId must be an integer from 1 to 2147483647"),
        (group, #"{"tcId": 0, "key": "00", "msg": "", "tag": "00", "result": "valid"}"#, "tcId must be an integer from 1"),
        (group, #"{"tcId": "1", "key": "00", "msg": "", "tag": "00", "result": "valid"}"#, "expected an integer for tcId"),
        (group, #"{"tcId": 1, "key": "00", "msg": "", "tag": "00", "result": "valid", "flags": ["Nope"]}"#, "undeclared flag \"Nope\""),
        (#"{"type": "MacTest", "curve": "x", "tests": [TESTS]}"#, test, "unknown field \"curve\" in a MacTest test group"),
    ])
    func strictRefusals(group: String, test: String, message: String) throws {
        let e = try #require(refusal(file(group: group, test: test)))
        #expect(e.message.contains(message), "\(e.message)")
        #expect(e.line > 0 && !e.notCovered)
    }

    @Test func numberOfTestsMustCountTheTests() throws {
        let e = try #require(refusal(file(count: 2)))
        #expect(e.message == "numberOfTests is 2 but the test groups hold 1 tests")
    }

    @Test func anUnknownTopLevelKeyIsRefused() throws {
        let e = try #require(refusal(file(extra: #""more": 1, "#)))
        #expect(e.message.hasPrefix("unknown field \"more\" in a Wycheproof file"))
    }

    /// Another algorithm or schema: an error when named, skipped with the reason in a folder scan.
    @Test func notCoveredIsSkippedOnlyInAFolderScan() throws {
        let named = try #require(refusal(file(algorithm: "HMACSHA512")))
        #expect(named.notCovered && named.message.hasPrefix("algorithm HMACSHA512: no suite covers it"))
        let other = try #require(refusal(file(schema: "rsa_pss_verify_schema_v1.json")))
        #expect(other.notCovered && other.message.contains("maps onto no suite"))

        let dir = temporaryFolder()
        write(file(algorithm: "HMACSHA512"), to: dir + "/hmac_sha512_test.json")
        write(file(), to: dir + "/hmac_sha256_test.json")
        let scan = VectorLoader().load(.paths([dir]))
        #expect(scan.errors.isEmpty && scan.vectors.count == 1)
        #expect(scan.notes.count == 1 && scan.notes[0].hasPrefix(dir + "/hmac_sha512_test.json:")
                && scan.notes[0].hasSuffix(": skipped: algorithm HMACSHA512: no suite covers it (mac_test_schema maps HMACSHA256)"), "\(scan.notes)")
        let explicit = VectorLoader().load(.paths([dir + "/hmac_sha512_test.json"]))
        #expect(explicit.errors.count == 1 && explicit.vectors.isEmpty)
    }

    /// The older layout: a schema name without _v1, the signature group's key under `key`, flags it
    /// did not declare (a note).
    @Test func theOlderLayoutReads() throws {
        let old = #"""
        {"algorithm": "EDDSA", "schema": "eddsa_verify_schema.json", "generatorVersion": "0.8", "numberOfTests": 2,
         "header": [], "notes": {},
         "testGroups": [
          {"type": "EddsaVerify", "jwk": {}, "keyDer": "", "keyPem": "",
           "key": {"curve": "edwards25519", "keySize": 255, "pk": "d75a980182b10ab7d54bfed3c964073a0ee172f3daa62325af021a68f707511a", "type": "EDDSAKeyPair"},
           "tests": [{"tcId": 1, "comment": "", "msg": "", "sig": "00", "result": "invalid", "flags": ["Old"]}]},
          {"type": "EddsaVerify", "key": {"curve": "edwards448", "pk": "00"},
           "tests": [{"tcId": 2, "comment": "", "msg": "", "sig": "00", "result": "invalid", "flags": []}]}]}
        """#
        let loaded = VectorLoader().load(.bytes(Array(old.utf8), file: "t/ed25519_test.json"))
        let v = try loaded.vectorsOrFirstError()
        #expect(v.map(\.name) == ["ed25519/ed25519_test-1"] && v[0].op == "verify" && v[0].flags == ["Old"])
        #expect(v[0].input["public"]?.bytes?.count == 32)
        #expect(loaded.notes.sorted() == ["t/ed25519_test.json:1:34: flags used but not declared under notes (the older layout): Old",
                                         "t/ed25519_test.json:3:16: skipped 1 tests whose group maps onto no suite: curve edwards448: ed25519 covers edwards25519 only"])
    }
}
