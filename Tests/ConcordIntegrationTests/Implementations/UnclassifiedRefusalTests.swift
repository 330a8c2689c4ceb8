import ConcordFormats
import ConcordImplementations
import ConcordJudging
import ConcordLoading
import Foundation
import Testing
import ConcordTestSupport

/// Refusals an implementation cannot classify (issue 12 item 10): `unclassified` matches any
/// expected class, fails a valid vector, and every report shows it as such. The tink adapter
/// answers it where Tink gives one error for every failure (it guessed `authentication`, so a
/// truncated keybox expecting `format` failed on tink).
@Suite struct UnclassifiedRefusalTests {
    static let vectors = """
    format: concord-vectors/1
    suite: argon2id
    title: unclassified
    source: libargon2 20171227
    vectors:
      - id: basic
        input: {password: {utf8: password}, salt: {hex: 000102030405060708090a0b0c0d0e0f}, params: "argon2id;v=19;m=64;t=1;p=1"}
        expect: {key: {hex: 9c493022877348e034719bce110c99301e5d4d16acacc6a829000ff2044b1b0c}}
      - id: too-short-salt
        result: invalid
        input: {password: {utf8: password}, salt: {hex: "0001"}, params: "argon2id;v=19;m=64;t=1;p=1"}
        expect: {error: parameters}

    """

    static let captured = """
    {"format": "concord-outputs/1", "implementation": {"name": "device"},
     "results": [{"vector": "argon2id/basic", "error": "unclassified", "message": "one error for everything"},
                 {"vector": "argon2id/too-short-salt", "error": "unclassified", "message": "one error for everything"}]}
    """

    @Test func anUnclassifiedRefusalMatchesAnyClassAndEveryReportShowsIt() throws {
        let dir = temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        write(Self.vectors, to: dir + "/v.yaml")
        write(Self.captured, to: dir + "/c.json")
        let m = try runProcess(concordBinary, ["run", dir + "/v.yaml", "--implementations", "libsodium", "--captured", dir + "/c.json",
                                               "--report", dir + "/r.json", "--markdown", dir + "/r.md", "--html", dir + "/r.html",
                                               "--junit", dir + "/r.xml", "--verbose"])
        // The valid vector fails on the refusal; the invalid one passes though its class was not checked.
        #expect(m.status == 1, "\(m.stdout.prefix(600)) \(m.stderr.prefix(600))")
        let data = try #require(FileManager.default.contents(atPath: dir + "/r.json"))
        let report = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        let results = try #require(report["results"] as? [[String: Any]])
        let byName = Dictionary(uniqueKeysWithValues: results.map { ($0["vector"] as? String ?? "", $0) })
        let invalid = try #require((byName["argon2id/too-short-salt"]?["implementations"] as? [String: [String: Any]])?["captured:device"])
        #expect(invalid["status"] as? String == "pass" && invalid["error"] as? String == "unclassified", "\(invalid)")
        let valid = try #require((byName["argon2id/basic"]?["implementations"] as? [String: [String: Any]])?["captured:device"])
        #expect(valid["status"] as? String == "fail", "\(valid)")
        #expect(m.stdout.contains("captured:device refused (unclassified): one error for everything"), "\(m.stdout)")
        #expect(m.stdout.contains("2 unclassified refusals (captured:device could not tell their class"), "\(m.stdout)")
        let md = try String(contentsOfFile: dir + "/r.md", encoding: .utf8)
        #expect(md.contains("**Unclassified refusals:**") && md.contains("2 unclassified refusals"), "\(md)")
        let html = try String(contentsOfFile: dir + "/r.html", encoding: .utf8)
        #expect(html.contains("<div class=\"unclassified\">2 unclassified refusals"))
        let junit = try String(contentsOfFile: dir + "/r.xml", encoding: .utf8)
        #expect(junit.contains("<system-out>refused (unclassified: the class matches any expected one): one error for everything</system-out>"), "\(junit)")
    }

    @Test func judgeMatchesAnyClassButNotAValidVector() throws {
        let v = try VectorLoader().load(.bytes(Array(Self.vectors.utf8), file: "v.yaml")).vectorsOrFirstError()
        let refusal = Outcome.refused(ContractError(.unclassified, "x"))
        #expect(Judge.implementation("i", refusal, for: v[1], seconds: 0).status == .pass)
        #expect(Judge.implementation("i", .refused(ContractError(.format, "x")), for: v[1], seconds: 0).status == .fail)
        #expect(Judge.implementation("i", refusal, for: v[0], seconds: 0).status == .fail)
        #expect(ErrorClass.unclassified.matches(.key) && !ErrorClass.format.matches(.key))
        // A vector states the class it expects; unclassified is an implementation's answer.
        let stated = Self.vectors.replacingOccurrences(of: "{error: parameters}", with: "{error: unclassified}")
        #expect(throws: LoadError.self) { try VectorLoader().load(.bytes(Array(stated.utf8), file: "v.yaml")).vectorsOrFirstError() }
    }

    /// The vectors that stated no class because of Tink now state the contract's (`format`); the
    /// tink adapter answers them `unclassified` and they pass on every implementation.
    @Test func tinksUnclassifiableRefusalsPassVectorsThatStateTheirClass() throws {
        let dir = temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let files = ["vectors/closer/keybox/invalid.yaml", "vectors/closer/tink-public-key/invalid.yaml"].map { repositoryRoot + "/" + $0 }
        let m = try runProcess(concordBinary, ["run"] + files + ["--implementations", "swift,jvm,tink,node", "--report", dir + "/r.json"])
        #expect(m.status == 0, "\(m.stdout.suffix(1500)) \(m.stderr.prefix(600))")
        let data = try #require(FileManager.default.contents(atPath: dir + "/r.json"))
        let report = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        let results = try #require(report["results"] as? [[String: Any]])
        for name in ["closer.keybox/invalid-truncated-layout", "closer.tink-public-key/invalid-missing-key-data",
                     "closer.tink-public-key/invalid-missing-key-data-pub-v1"] {
            let r = try #require(results.first { $0["vector"] as? String == name }, "\(name) missing")
            let impls = try #require(r["implementations"] as? [String: [String: Any]])
            #expect(impls["tink"]?["error"] as? String == "unclassified", "\(name): \(impls["tink"] ?? [:])")
            for impl in ["swift", "jvm", "node"] { #expect(impls[impl]?["error"] as? String == "format", "\(name) on \(impl)") }
        }
        // Where the adapter does know (a wrong tag on AES-GCM, a keyset without an enabled primary), it keeps the class.
        let wrongContext = try #require(results.first { $0["vector"] as? String == "closer.keybox/invalid-wrong-context" })
        #expect((wrongContext["implementations"] as? [String: [String: Any]])?["swift"]?["error"] as? String == "authentication")
    }
}
