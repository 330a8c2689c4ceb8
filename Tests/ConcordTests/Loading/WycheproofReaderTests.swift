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

    /// `validate` skips what `run` skips: a folder's Wycheproof file no suite covers is a note, not an
    /// error (validate of a checkout's testvectors_v1/ gave 327 errors while run exited 0); named, an error.
    @Test func validateOfAFolderSkipsWhatRunSkips() throws {
        let dir = temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        write(file(algorithm: "HMACSHA512"), to: dir + "/hmac_sha512_test.json")
        write(file(), to: dir + "/hmac_sha256_test.json")
        let folder = try runProcess(concordBinary, ["validate", dir])
        #expect(folder.status == 0 && folder.stdout.contains("2 files, 1 vectors, 0 errors")
                && folder.stderr.contains(": skipped: algorithm HMACSHA512: no suite covers it"), "\(folder.stdout)\(folder.stderr)")
        let named = try runProcess(concordBinary, ["validate", dir + "/hmac_sha512_test.json"])
        #expect(named.status == 2 && named.stdout.contains("algorithm HMACSHA512: no suite covers it"), "\(named.stdout)")
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

    // MARK: a checkout: both layouts side by side

    static let checkout = fixture("wycheproof-checkout")

    /// The names of the trimmed checkout's 19 tests (Tests/Fixtures/wycheproof-checkout/PROVENANCE.md):
    /// the files in both folders named by their folder, the EdDSA files (another name in each folder) not.
    static let checkoutNames: Set<String> = Set(
        (1...3).map { "aes-gcm/testvectors/aes_gcm_test-\($0)" } + (1...5).map { "aes-gcm/testvectors_v1/aes_gcm_test-\($0)" }
        + (1...2).map { "hkdf-sha256/testvectors/hkdf_sha256_test-\($0)" } + (1...3).map { "hkdf-sha256/testvectors_v1/hkdf_sha256_test-\($0)" }
        + (1...3).map { "ed25519/eddsa_test-\($0)" } + (1...3).map { "ed25519/ed25519_test-\($0)" })

    /// A checkout of google/wycheproof as published (testvectors/ and testvectors_v1/ side by side) loads
    /// whole: a file name in both folders names its vectors with the folder (it gave a "duplicate id" for
    /// each), every other id stays, and the checkout's JSON Schemas are passed over with a note.
    @Test func aCheckoutLoadsBothLayoutsEachVectorNamedUnambiguously() throws {
        let r = VectorLoader().load(.paths([Self.checkout]))
        #expect(r.errors.isEmpty, "\(r.errors)")
        #expect(Set(r.vectors.map(\.name)) == Self.checkoutNames && r.vectors.count == 19)
        #expect(r.notes == ["\(Self.checkout)/schemas/hkdf_test_schema.json: skipped, not a vector file (its top level has none of the keys format, suite, vectors, schema, testGroups)"])
        // One layout alone: the ids as they always were (ids are public: reports, ledgers name them).
        let v1 = VectorLoader().load(.paths([Self.checkout + "/testvectors_v1"]))
        #expect(v1.errors.isEmpty && Set(v1.vectors.map(\.name)) == Set(Self.checkoutNames.filter { $0.contains("testvectors_v1/") || $0.hasPrefix("ed25519/ed25519") }
            .map { $0.replacingOccurrences(of: "testvectors_v1/", with: "") }))
        // The two files named on the command line: the same names.
        let named = VectorLoader().load(.paths([Self.checkout + "/testvectors/aes_gcm_test.json", Self.checkout + "/testvectors_v1/aes_gcm_test.json"]))
        #expect(named.errors.isEmpty && Set(named.vectors.map(\.name)) == Self.checkoutNames.filter { $0.hasPrefix("aes-gcm/") })
    }

    /// Two checkouts side by side: as many folders as tell the four files apart.
    @Test func twoCheckoutsAreNamedWithAsManyFoldersAsTellThemApart() throws {
        let dir = temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        for side in ["a", "b"] {
            try FileManager.default.createDirectory(atPath: dir + "/" + side, withIntermediateDirectories: true)
            try FileManager.default.copyItem(atPath: Self.checkout, toPath: dir + "/\(side)/wycheproof")
        }
        let r = VectorLoader().load(.paths([dir]))
        #expect(r.errors.isEmpty, "\(r.errors)")
        let aes = Set(r.vectors.map(\.name).filter { $0.hasPrefix("aes-gcm/") && $0.hasSuffix("_test-1") })
        #expect(aes == ["aes-gcm/a/wycheproof/testvectors/aes_gcm_test-1", "aes-gcm/a/wycheproof/testvectors_v1/aes_gcm_test-1",
                        "aes-gcm/b/wycheproof/testvectors/aes_gcm_test-1", "aes-gcm/b/wycheproof/testvectors_v1/aes_gcm_test-1"])
        // Each EdDSA file is now in two checkouts: the last folders that differ are the checkouts' own.
        #expect(r.vectors.contains { $0.name == "ed25519/a/wycheproof/testvectors/eddsa_test-1" }
                && r.vectors.contains { $0.name == "ed25519/b/wycheproof/testvectors_v1/ed25519_test-3" })
    }

    /// A written name may give more of the file's folders, or fewer, or none: it names the vector
    /// whose file's folders end with those it gives, when exactly one does.
    @Test func aNameMayGiveMoreOrFewerFoldersWhereItMeansOneVector() throws {
        let all = try VectorLoader().load(.paths([Self.checkout])).vectorsOrFirstError()
        func resolve(_ name: String, _ vectors: [Vector] = all) -> VectorNames.Resolution {
            VectorNames.resolve([name], among: vectors)[0]
        }
        #expect(resolve("aes-gcm/aes_gcm_test-4") == .one("aes-gcm/testvectors_v1/aes_gcm_test-4"))   // testvectors_v1 only
        #expect(resolve("aes-gcm/aes_gcm_test-1") == .several(["aes-gcm/testvectors/aes_gcm_test-1", "aes-gcm/testvectors_v1/aes_gcm_test-1"]))
        #expect(resolve("aes-gcm/testvectors/aes_gcm_test-2") == .one("aes-gcm/testvectors/aes_gcm_test-2"))
        #expect(resolve("aes-gcm/wycheproof-checkout/testvectors/aes_gcm_test-2") == .one("aes-gcm/testvectors/aes_gcm_test-2"))
        #expect(resolve("aes-gcm/elsewhere/aes_gcm_test-2") == .none)
        #expect(resolve("aes-gcm/testvectors/aes_gcm_test-4") == .none)
        #expect(resolve("hkdf-sha256/hkdf_sha256_test-3") == .one("hkdf-sha256/testvectors_v1/hkdf_sha256_test-3"))
        #expect(resolve("ed25519/testvectors/eddsa_test-1") == .one("ed25519/eddsa_test-1"))
        // A run of one layout: the checkout's names name its vectors.
        let v1 = try VectorLoader().load(.paths([Self.checkout + "/testvectors_v1"])).vectorsOrFirstError()
        #expect(resolve("aes-gcm/testvectors_v1/aes_gcm_test-1", v1) == .one("aes-gcm/aes_gcm_test-1"))
        #expect(resolve("aes-gcm/testvectors/aes_gcm_test-1", v1) == .none)
        #expect(resolve("aes-gcm/aes_gcm_test-1", v1) == .one("aes-gcm/aes_gcm_test-1"))
        // A name with folders is a Wycheproof vector's: a file name, a hyphen and a tcId, in a suite
        // Wycheproof files map onto.
        #expect(VectorNames.isValidID("testvectors_v1/aes_gcm_test-1", suite: "aes-gcm") && VectorNames.isValidID("aes_gcm_test-1", suite: "aes-gcm"))
        for bad in ["../aes_gcm_test-1", "a//aes_gcm_test-1", "/aes_gcm_test-1", "a/aes_gcm_test", "a/aes_gcm_test-", "a/-1", "a b/aes_gcm_test-1"] {
            #expect(!VectorNames.isValidID(bad, suite: "aes-gcm"), "\(bad)")
        }
        #expect(!VectorNames.isValidID("basic/x-1", suite: "argon2id"))
        // Not a Wycheproof vector: only its own name.
        let yaml = try VectorLoader().load(.paths([repositoryRoot + "/vectors/primitives/aes-gcm/gcm-spec.yaml"])).vectorsOrFirstError()
        let some = try #require(yaml.first)
        #expect(resolve("aes-gcm/gcm-spec/" + some.id, yaml) == .none && VectorNames.spellings(some) == [some.name])
    }

    /// A file a folder scan finds that shares no key with a vector file or a Wycheproof file (a
    /// checkout's JSON Schemas, its composer.json, an app's fixture beside its map) is passed over with a
    /// note; one that has any of those keys is still held to the format, and a named one is refused.
    @Test func aFolderScanPassesOverFilesThatAreNoVectorFile() throws {
        let dir = temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        write(#"{"name": "c2sp/wycheproof", "type": "library", "license": "Apache-2.0"}"#, to: dir + "/composer.json")
        write("key: value\n", to: dir + "/other.yaml")
        write(#"{"suite": "aes-gcm", "vectors": []}"#, to: dir + "/almost.json")
        // C2SP/wycheproof's vectorgen/testdata/add_pr255/envelope.json: a template of a schema no suite
        // covers, with keys of its own (it was refused for "groupTemplate").
        write(#"{"algorithm": "ML-DSA-87", "schema": "mldsa_verify_schema.json", "groupTemplate": {}, "tests": []}"#, to: dir + "/envelope.json")
        let r = VectorLoader().load(.paths([dir]))
        #expect(r.notes.count == 3 && r.notes.filter { $0.contains(": skipped, not a vector file") }.count == 2
                && r.notes.contains { $0.contains("envelope.json:1:38: skipped: Wycheproof schema \"mldsa_verify_schema.json\" maps onto no suite") }, "\(r.notes)")
        #expect(r.errors.count == 1 && r.errors[0].file == dir + "/almost.json", "\(r.errors)")
        let named = VectorLoader().load(.paths([dir + "/composer.json"]))
        #expect(named.errors.count == 1 && named.errors[0].message.contains("unknown field \"name\""), "\(named.errors)")
    }

    /// `concord run` on the checkout, as a user who cloned it runs it: every test of both layouts checked,
    /// a captured file and a ledger naming a vector by its name in the run, with more folders, or by its
    /// old name where that is one vector; an old name that is two vectors is refused (exit 2), naming both.
    /// The same captured file and ledger hold for a run of one layout alone.
    @Test func aCheckoutRunsAsClonedWithCapturedAnswersAndLedgerEntriesNamingEitherLayout() throws {
        let dir = temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        func run(_ args: [String]) throws -> ProcessOutput {
            try runProcess(concordBinary, ["run"] + args + ["--implementations", "openssl", "--quiet"], timeout: 300)
        }
        func results(_ report: String) throws -> [String: JSON] {
            let json = try JSON.parse(String(contentsOfFile: dir + "/" + report, encoding: .utf8))
            return Dictionary(uniqueKeysWithValues: (json["results"]?.arrayValue ?? []).map { ($0["vector"]?.stringValue ?? "", $0) })
        }
        let whole = try run([Self.checkout, "-o", dir + "/r.json"])
        #expect(whole.status == 0, "\(whole.stderr)")
        let r = try results("r.json")
        #expect(Set(r.keys) == Self.checkoutNames && r.values.allSatisfy { $0["status"]?.stringValue == "pass" })

        // The plaintexts are the files' own msg: 001d0c23… for tcId 1 (both layouts), "35" for tcId 5
        // of testvectors_v1; tcId 4 of testvectors_v1 decrypts to nothing, so "00" is a wrong answer.
        write("""
        {"format": "concord-outputs/1", "implementation": {"name": "device"}, "results": [
          {"vector": "aes-gcm/testvectors/aes_gcm_test-1", "outputs": {"plaintext": {"hex": "001d0c231287c1182784554ca3a21908"}}},
          {"vector": "aes-gcm/aes_gcm_test-4", "outputs": {"plaintext": {"hex": "00"}}},
          {"vector": "aes-gcm/wycheproof-checkout/testvectors_v1/aes_gcm_test-5", "outputs": {"plaintext": {"hex": "35"}}}]}
        """, to: dir + "/device.json")
        write("""
        format: concord-ledger/1
        divergences:
          - vector: aes-gcm/testvectors_v1/aes_gcm_test-4
            implementation: captured:device
            status: fail
            reason: the device answers a byte for an empty plaintext
        """, to: dir + "/ledger.yaml")
        let joined = try run([Self.checkout, "--captured", dir + "/device.json", "--ledger", dir + "/ledger.yaml", "-o", dir + "/c.json"])
        #expect(joined.status == 0, "\(joined.stdout)\(joined.stderr)")
        let c = try results("c.json")
        func device(_ name: String, in r: [String: JSON]) -> String? { r[name]?["implementations"]?["captured:device"]?["status"]?.stringValue }
        #expect(device("aes-gcm/testvectors/aes_gcm_test-1", in: c) == "pass" && device("aes-gcm/testvectors_v1/aes_gcm_test-5", in: c) == "pass")
        #expect(device("aes-gcm/testvectors_v1/aes_gcm_test-4", in: c) == "fail" && device("aes-gcm/testvectors_v1/aes_gcm_test-1", in: c) == "unsupported")
        let known = try JSON.parse(String(contentsOfFile: dir + "/c.json", encoding: .utf8))["ledger"]?["known"]?.arrayValue ?? []
        #expect(known.map { $0["vector"]?.stringValue } == ["aes-gcm/testvectors_v1/aes_gcm_test-4"])

        // An old name that is a vector of each layout: refused, both named, nothing run.
        write(#"{"format": "concord-outputs/1", "results": [{"vector": "aes-gcm/aes_gcm_test-1", "outputs": {"plaintext": {"hex": "00"}}}]}"#, to: dir + "/two.json")
        let twice = try run([Self.checkout, "--captured", dir + "/two.json", "-o", dir + "/t.json"])
        #expect(twice.status == 2 && twice.stderr.contains("\(dir)/two.json:1:56: results[0].vector \"aes-gcm/aes_gcm_test-1\" names 2 vectors of this run: aes-gcm/testvectors/aes_gcm_test-1 and aes-gcm/testvectors_v1/aes_gcm_test-1"), "\(twice.stderr)")
        write("""
        format: concord-ledger/1
        divergences:
          - vector: hkdf-sha256/hkdf_sha256_test-2
            implementation: openssl
            status: fail
            reason: x
        """, to: dir + "/two.yaml")
        let ledgered = try run([Self.checkout, "--ledger", dir + "/two.yaml", "-o", dir + "/t.json"])
        #expect(ledgered.status == 2 && ledgered.stderr.contains("\(dir)/two.yaml:3:5: divergences[0].vector \"hkdf-sha256/hkdf_sha256_test-2\" names 2 vectors of this run: hkdf-sha256/testvectors/hkdf_sha256_test-2 and hkdf-sha256/testvectors_v1/hkdf_sha256_test-2"), "\(ledgered.stderr)")
        #expect(!FileManager.default.fileExists(atPath: dir + "/t.json"))
        // A saved report of the checkout is read back with its names, and held to either ledger.
        let reread = try runProcess(concordBinary, ["report", dir + "/c.json", "--ledger", dir + "/ledger.yaml", "--quiet"])
        #expect(reread.status == 0, "\(reread.stdout)\(reread.stderr)")
        let rerefused = try runProcess(concordBinary, ["report", dir + "/c.json", "--ledger", dir + "/two.yaml", "--quiet"])
        #expect(rerefused.status == 2 && rerefused.stderr.contains("names 2 vectors of this run: hkdf-sha256/testvectors/hkdf_sha256_test-2 and"), "\(rerefused.stderr)")

        // testvectors_v1 alone (its vectors have their old names): the checkout's names still name them.
        let one = try run([Self.checkout + "/testvectors_v1", "--captured", dir + "/device.json", "--ledger", dir + "/ledger.yaml", "-o", dir + "/o.json"])
        #expect(one.status == 0 && one.stderr.contains("a result for aes-gcm/testvectors/aes_gcm_test-1, which is not among the vectors run"), "\(one.stdout)\(one.stderr)")
        let o = try results("o.json")
        #expect(device("aes-gcm/aes_gcm_test-5", in: o) == "pass" && device("aes-gcm/aes_gcm_test-4", in: o) == "fail")
    }
}
