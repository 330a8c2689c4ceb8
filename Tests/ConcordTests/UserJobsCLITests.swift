import ConcordFormats
import Foundation
import Testing

/// The three jobs of issue 5 through the binary, as a user runs them.
@Suite(.serialized) struct UserJobsCLITests {
    func concord(_ args: [String]) throws -> ProcessOutput {
        var env = ProcessInfo.processInfo.environment
        env["CONCORD_HOME"] = repositoryRoot
        return try runProcess(concordBinary, args, environment: env)
    }

    static let fixture = """
    # a comment that must survive
    format: concord-vectors/1
    suite: kdf-params
    title: pending
    source: RFC-free by inspection, filled by two implementations that agree
    vectors:
      - id: closer
        input: {tag: "argon2id;v=19;m=47104;t=3;p=1"}
        expect:
          memoryKiB: TODO_ANDROID_RUN   # keep me
          iterations: 3
          parallelism: 1
          version: TODO_ANDROID_RUN

    """

    @Test func fillEditsOnlyThePlaceholdersAndTheResultPasses() throws {
        let dir = temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let file = dir + "/pending.yaml"
        write(Self.fixture, to: file)
        let dry = try concord(["fill", file, "--dry-run"])
        #expect(dry.status == 0)
        #expect(dry.stdout.contains("-      memoryKiB: TODO_ANDROID_RUN   # keep me"), "\(dry.stdout)")
        #expect(dry.stdout.contains("+      memoryKiB: 47104   # keep me"))
        #expect(try String(contentsOfFile: file, encoding: .utf8) == Self.fixture)
        let r = try concord(["fill", file, "--implementations-are-not-an-option"])
        #expect(r.status == 2)
        let filled = try concord(["fill", file])
        #expect(filled.status == 0, "\(filled.stdout)\(filled.stderr)")
        let after = try String(contentsOfFile: file, encoding: .utf8)
        let before = Self.fixture.split(separator: "\n", omittingEmptySubsequences: false)
        let now = after.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(before.count == now.count)
        let changed = zip(before, now).filter { $0 != $1 }
        #expect(changed.map(\.1) == ["      memoryKiB: 47104   # keep me", "      version: 19"])
        let run = try concord(["run", file, "--report", dir + "/r.json"])
        #expect(run.status == 0 && run.stdout.contains("1 vectors: 1 passed"))
    }

    @Test func exportThenCapturedThenDiff() throws {
        let dir = temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let ex = try concord(["export", repositoryRoot + "/vectors/closer/kdf-params", "--out", dir + "/export.json"])
        #expect(ex.status == 0, "\(ex.stderr)")
        let export = try JSON.parse(String(contentsOfFile: dir + "/export.json", encoding: .utf8))
        #expect(export["format"]?.stringValue == "concord-export/1")
        let vectors = try #require(export["vectors"]?.arrayValue)
        #expect(vectors.count >= 40)
        // A "device" answers every valid vector from the export, one of them wrongly.
        var results: [JSON] = []
        for v in vectors where v["result"]?.stringValue == "valid" {
            guard let name = v["name"]?.stringValue, let expect = v["expect"]?.objectValue else { continue }
            let outputs: [(key: String, value: JSON)] = expect.map { ($0.key, name == "closer.kdf-params/closer-production" && $0.key == "memoryKiB" ? .int(47105) : $0.value) }
            results.append(.object([("vector", .string(name)), ("outputs", .object(outputs))]))
        }
        let captured = JSON.object([("format", .string("concord-outputs/1")),
                                    ("implementation", .object([("name", .string("device")), ("version", .string("test"))])),
                                    ("results", .array(results))])
        write(captured.serialized(), to: dir + "/device.json")
        let run = try concord(["run", repositoryRoot + "/vectors/closer/kdf-params", "--implementations", "swift",
                               "--captured", dir + "/device.json", "--report", dir + "/r.json"])
        #expect(run.status == 1)
        #expect(run.stdout.contains("captured:device: memoryKiB differs"), "\(run.stdout)")
        var truth = captured.serialized()
        truth = truth.replacingOccurrences(of: "47105", with: "47104")
        write(truth, to: dir + "/truth.json")
        let diff = try concord(["diff", dir + "/truth.json", dir + "/device.json"])
        #expect(diff.status == 1)
        #expect(diff.stdout.contains("DIFF    closer.kdf-params/closer-production"), "\(diff.stdout)")
        let same = try concord(["diff", dir + "/truth.json", dir + "/truth.json"])
        #expect(same.status == 0)
    }
}
