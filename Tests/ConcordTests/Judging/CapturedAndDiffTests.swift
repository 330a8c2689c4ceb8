import ConcordFormats
import ConcordImplementations
import ConcordReport
import ConcordJudging
import ConcordLoading
import ConcordReportFormat
import ConcordScheduling
import Foundation
import Testing
import ConcordTestSupport
import ConcordSuites

/// A captured-outputs file joining a run, its strict parsing, and `concord diff`.
@Suite(.serialized) struct CapturedAndDiffTests {
    @Test func capturedFileJoinsARun() throws {
        let (vectors, _, device) = try CapturedFixtures.files()
        let captured = try CapturedOutputs.parse(device, file: "/tmp/device.json", known: Set(vectors.map(\.name)))
        #expect(captured.name == "captured:android" && captured.version == "app 3.2.0 (Android 15)")
        #expect(captured.suites == ["closer.field", "closer.canonical-json", "closer.kdf-params"])
        captured.bind(vectors.map { ($0.name, Request(suite: $0.suite, op: $0.op, input: $0.input)) })
        #expect(captured.unplaced.map(\.vector) == ["closer.field/no-such-vector"] && captured.unplaced.first?.line != nil, "\(captured.unplaced)")

        let run = Runner(implementations: [captured], configuration: RunConfiguration(workers: 2)).run(vectors)
        func result(_ n: String) -> ImplementationResult { run.results.first { $0.vector.name == n }!.implementations[0] }
        let kdf = vectors.first { $0.suite == "closer.kdf-params" && $0.result == .valid }!
        #expect(result(kdf.name).status == .pass)
        let explanations = ["closer.field/encrypt-text": "same bytes in another encoding after \"enc:v1:\": expected is standard base64 with padding, actual is URL-safe base64 without padding",
                            "closer.field/encrypt-empty": "actual carries a Tink output prefix (TINK: 0x01 ‖ key id 0xdeadbeef)",
                            "closer.canonical-json/canonical-escapes": "actual writes \"/\" as \"\\/\""]
        for (name, want) in explanations {
            let r = result(name)
            #expect(r.status == .fail, "\(name)")
            #expect(r.mismatches.first?.explanation?.contains(want) == true, "\(name): \(r.mismatches.first?.explanation ?? "nil")")
        }
        let uncovered = result("closer.field/decrypt-text")
        #expect(uncovered.status == .unsupported && uncovered.outcome == .unsupported("not in the captured file"))
    }

    @Test func strictParsingNamesTheFileAndThePlace() {
        func error(_ text: String) -> String {
            do { _ = try CapturedOutputs.parse(text, file: "x.json"); return "accepted" } catch { return error.description }
        }
        #expect(error("{\"format\": \"concord-outputs/1\",\n  \"results\": [,]}") == "x.json:2:15: invalid JSON: expected a value")
        #expect(error(#"{"format": "concord-outputs/2", "results": []}"#).contains("\"format\" must be \"concord-outputs/1\""))
        #expect(error(#"{"format": "concord-outputs/1", "results": [], "extra": 1}"#).contains("unknown key \"extra\""))
        #expect(error(#"{"format": "concord-outputs/1", "results": [{"vector": "a/b", "error": "oops"}]}"#).contains("results[0] (a/b).error must be one of"))
        #expect(error(#"{"format": "concord-outputs/1", "results": [{"vector": "a/b", "outputs": {"k": {"hex": "0g"}}}]}"#).contains("results[0] (a/b).outputs.k: invalid hex"))
        #expect(error(#"{"format": "concord-outputs/1", "results": [{"vector": "ab", "error": "key"}]}"#).contains("is not a vector name suite/id"))
        #expect(error(#"{"format": "concord-outputs/1", "results": [{"vector": "a/b", "error": "key"}, {"vector": "a/b", "error": "key"}]}"#).contains("results[1] (a/b) repeats results[0]"))
        #expect(error(#"{"format": "concord-outputs/1", "results": [{"vector": "a/b", "error": "key", "outputs": {"k": 1}}]}"#).contains("both"))
        // No implementation block: the file's base name.
        #expect((try? CapturedOutputs.parse(#"{"format": "concord-outputs/1", "results": []}"#, file: "/d/pixel8.json"))?.name == "captured:pixel8")
    }

    /// A checkout of Wycheproof holding a file in two folders (WycheproofReaderTests): a result may
    /// name a vector by its name in the run, with more of its file's folders, or without them where that
    /// is one vector; it answers under the run's name. A name that is two vectors is refused, located, and
    /// so are two results naming one vector.
    @Test func aResultNamesACheckoutsVectorWithMoreOrFewerFolders() throws {
        let vectors = try VectorLoader().load(.paths([fixture("wycheproof-checkout")])).vectorsOrFirstError()
        let rules = CapturedRules.make(vectors)
        func parse(_ results: [String]) throws(CapturedOutputsError) -> CapturedOutputs {
            try CapturedOutputs.parse(#"{"format": "concord-outputs/1", "results": ["# + results.map { #"{"vector": "\#($0)", "error": "authentication"}"# }
                .joined(separator: ",\n ") + "]}", file: "c.json", rules: rules, known: Set(vectors.map(\.name)))
        }
        let c = try parse(["aes-gcm/aes_gcm_test-4", "aes-gcm/wycheproof-checkout/testvectors/aes_gcm_test-1", "aes-gcm/testvectors_v1/aes_gcm_test-1"])
        #expect(c.results.map(\.vector) == ["aes-gcm/testvectors_v1/aes_gcm_test-4", "aes-gcm/testvectors/aes_gcm_test-1", "aes-gcm/testvectors_v1/aes_gcm_test-1"])
        #expect(c.unplaced.isEmpty)
        guard case .refused(let e) = c.outcome(forVector: "aes-gcm/testvectors_v1/aes_gcm_test-4"), e.errorClass == .authentication else {
            Issue.record("no answer for aes-gcm/testvectors_v1/aes_gcm_test-4"); return
        }
        func refusal(_ results: [String]) -> String {
            do { _ = try parse(results); return "accepted" } catch { return error.description }
        }
        #expect(refusal(["ed25519/eddsa_test-1", "aes-gcm/aes_gcm_test-1"]) == "c.json:2:13: results[1].vector \"aes-gcm/aes_gcm_test-1\" names 2 vectors of this run: aes-gcm/testvectors/aes_gcm_test-1 and aes-gcm/testvectors_v1/aes_gcm_test-1; write the one it answers for")
        #expect(refusal(["aes-gcm/testvectors_v1/aes_gcm_test-5", "aes-gcm/aes_gcm_test-5"])
                == "c.json:2:13: results[1] (aes-gcm/aes_gcm_test-5) repeats results[0] (both name aes-gcm/testvectors_v1/aes_gcm_test-5): one answer per vector")
        // Without the run's vectors (diff, a report read back): a name with folders is a Wycheproof vector's.
        let none = CapturedRules.make([])
        if case .badName(let why) = none("aes-gcm/testvectors_v1/aes_gcm_test-1") { Issue.record("refused: \(why)") }
        guard case .badName = none("argon2id/basic/x-1") else { Issue.record("argon2id/basic/x-1 accepted"); return }
    }

    @Test func diffOfTwoCapturedFiles() throws {
        let (_, truth, device) = try CapturedFixtures.files()
        let a = try Diff.read(text: truth, file: "truth.json"), b = try Diff.read(text: device, file: "device.json")
        let r = Diff.compare(a, b)
        #expect(!r.identical)
        #expect(r.count(.same) == 1 && r.count(.different) == 3 && r.count(.onlyInB) == 1 && r.count(.onlyInA) == 0)
        let text = Diff.renderText(r)
        #expect(text.contains("DIFF    closer.field/encrypt-text") && text.contains("ONLY B  closer.field/no-such-vector"), "\(text)")
        #expect(text.contains("Tink output prefix") && text.contains("URL-safe base64") && text.contains("\"\\/\""), "\(text)")
        #expect(text.contains("000000  A 65 6e 63 3a 76 31 3a"), "\(text)")
        #expect(Diff.compare(a, a).identical)
        let json = Diff.json(r)
        #expect(json["format"]?.stringValue == "concord-diff/1" && json["summary"]?["different"]?.intValue == 3)
    }

    @Test func diffOfTwoReportsTakesTheNamedImplementation() throws {
        func report(_ key: String) -> String {
            """
            {"format": "concord-report/1", "implementations": [{"name": "libsodium"}, {"name": "jvm"}],
             "summary": {"vectors": 1, "passed": 1, "failed": 0, "pending": 0, "unsupported": 1, "errors": 0},
             "results": [{"vector": "argon2id/x", "file": "x.yaml", "line": 3, "status": "pass", "implementations": {
                "libsodium": {"status": "unsupported", "reason": "p > 1"},
                "jvm": {"status": "pass", "outputs": {"key": {"hex": "\(key)"}}}}}]}
            """
        }
        let a = try Diff.read(text: report("00112233"), file: "a.json")
        let b = try Diff.read(text: report("00112234"), file: "b.json", implementation: "jvm")
        let r = Diff.compare(a, b)
        #expect(r.vectors.count == 1 && r.vectors[0].fields[0].offset == 3)
        #expect(throws: Diff.ReadError.self) { try Diff.read(text: report("00"), file: "c.json", implementation: "tink") }
    }

    @Test func hexViewMarksTheDifferingBytes() {
        let a = [UInt8](0..<40), b = a.enumerated().map { $0.offset == 20 ? 0xff : $0.element }
        let lines = Diff.hexView(a, b)
        #expect(lines == [
            "000000  A 00 01 02 03 04 05 06 07 08 09 0a 0b 0c 0d 0e 0f",
            "        B 00 01 02 03 04 05 06 07 08 09 0a 0b 0c 0d 0e 0f",
            "000010  A 10 11 12 13 14 15 16 17 18 19 1a 1b 1c 1d 1e 1f",
            "        B 10 11 12 13 ff 15 16 17 18 19 1a 1b 1c 1d 1e 1f",
            "                      ^^",
            "000020  A 20 21 22 23 24 25 26 27",
            "        B 20 21 22 23 24 25 26 27",
        ], "\(lines.joined(separator: "\n"))")
    }

    /// Through the binary, once `concord diff` is dispatched by main.swift.
    @Test func diffCommandExitStatuses() throws {
        let (_, truth, device) = try CapturedFixtures.files()
        let dir = temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        write(truth, to: dir + "/truth.json")
        write(device, to: dir + "/device.json")
        write("{", to: dir + "/broken.json")
        let same = try runProcess(concordBinary, ["diff", dir + "/truth.json", dir + "/truth.json"])
        if same.stderr.contains("unknown command") { return }  // not wired yet
        #expect(same.status == 0, "\(same.stdout)\(same.stderr)")
        let differ = try runProcess(concordBinary, ["diff", dir + "/truth.json", dir + "/device.json"])
        #expect(differ.status == 1 && differ.stdout.contains("Tink output prefix"), "\(differ.stdout)\(differ.stderr)")
        let json = try runProcess(concordBinary, ["diff", dir + "/truth.json", dir + "/device.json", "--json"])
        #expect(json.status == 1 && (try? JSON.parse(json.stdout))?["identical"] != nil, "\(json.stdout)")
        let broken = try runProcess(concordBinary, ["diff", dir + "/truth.json", dir + "/broken.json"])
        #expect(broken.status == 2 && broken.stderr.contains("broken.json:1:2"), "\(broken.stderr)")
    }
}
