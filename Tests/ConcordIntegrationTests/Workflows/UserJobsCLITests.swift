import ConcordFormats
import Foundation
import Testing
import ConcordTestSupport

/// The three jobs of issue 5 through the binary, as a user runs them.
@Suite(.serialized) struct UserJobsCLITests {
    func concord(_ args: [String]) throws -> ProcessOutput {
        var env = ProcessInfo.processInfo.environment
        env["CONCORD_HOME"] = repositoryRoot
        return try runProcess(concordBinary, args, environment: env)
    }

    // An AES-GCM seal: libraries' own code computes it (libsodium, OpenSSL, the JCE, Node's crypto),
    // so a live fill has witnesses that Concord did not write (docs/fill.md).
    static let fixture = """
    # a comment that must survive
    format: concord-vectors/1
    suite: aes-gcm
    title: pending
    source: filled by implementations that agree, libraries' own code among them
    vectors:
      - id: closer
        op: seal
        input: {key: {hex: 000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f}, nonce: {hex: 000102030405060708090a0b}, aad: {hex: ""}, plaintext: {utf8: "glow river"}}
        expect:
          ciphertext: TODO_ANDROID_RUN   # keep me
          tag: TODO_ANDROID_RUN

    """

    /// Only Concord's own ports compute a kdf-params tag (swift, jvm): a live fill leaves it, and says so.
    static let portsOnly = """
    format: concord-vectors/1
    suite: kdf-params
    title: pending
    source: test
    vectors:
      - id: closer
        input: {tag: "argon2id;v=19;m=47104;t=3;p=1"}
        expect: {memoryKiB: TODO_ANDROID_RUN, iterations: 3, parallelism: 1, version: 19}

    """

    @Test func fillEditsOnlyThePlaceholdersAndTheResultPasses() throws {
        let dir = temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let file = dir + "/pending.yaml"
        write(Self.fixture, to: file)
        // Node's crypto (OpenSSL) gave these, run apart from Concord.
        let ct = "206eb96ce597ab6de833", tag = "639aa5556b78a52316eae341861f71e7"
        let dry = try concord(["fill", file, "--dry-run"])
        #expect(dry.status == 0, "\(dry.stdout)\(dry.stderr)")
        #expect(dry.stdout.contains("-      ciphertext: TODO_ANDROID_RUN   # keep me"), "\(dry.stdout)")
        #expect(dry.stdout.contains("+      ciphertext: {hex: \"\(ct)\"}   # keep me"))
        #expect(try String(contentsOfFile: file, encoding: .utf8) == Self.fixture)
        let r = try concord(["fill", file, "--implementations-are-not-an-option"])
        #expect(r.status == 2)
        let filled = try concord(["fill", file])
        #expect(filled.status == 0, "\(filled.stdout)\(filled.stderr)")
        #expect(filled.stdout.contains("witnesses not written by Concord: libsodium (library: libsodium crypto_aead_aes256gcm)"), "\(filled.stdout)")
        let after = try String(contentsOfFile: file, encoding: .utf8)
        let before = Self.fixture.split(separator: "\n", omittingEmptySubsequences: false)
        let now = after.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(before.count == now.count)
        let changed = zip(before, now).filter { $0 != $1 }
        #expect(changed.map(\.1) == ["      ciphertext: {hex: \"\(ct)\"}   # keep me", "      tag: {hex: \"\(tag)\"}"])
        let run = try concord(["run", file, "--report", dir + "/r.json"])
        #expect(run.status == 0 && run.stdout.contains("1 vectors: 1 passed"), "\(run.stdout)")

        let ports = dir + "/ports.yaml"
        write(Self.portsOnly, to: ports)
        let refused = try concord(["fill", ports])
        #expect(refused.status == 1, "\(refused.stdout)\(refused.stderr)")
        #expect(refused.stdout.contains("only Concord's own ports computed it (swift, jvm)"), "\(refused.stdout)")
        #expect(refused.stdout.contains("--from CAPTURED"))
        #expect(try String(contentsOfFile: ports, encoding: .utf8) == Self.portsOnly)
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
