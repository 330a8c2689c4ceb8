import ConcordFormats
import Foundation
import Testing
import ConcordTestSupport

/// The whole `concord` command on small folders: exit statuses, terminal lines, report content.
/// Expected values are published ones: RFC 9106 §5.3, and tags read by hand (CONTRACT.md §2).
@Suite(.serialized) struct CLITests {
    static let rfcInput = """
          password: {hex: "0101010101010101010101010101010101010101010101010101010101010101"}
          salt: {hex: "02020202020202020202020202020202"}
          secret: {hex: "0303030303030303"}
          associatedData: {hex: "040404040404040404040404"}
          params: "argon2id;v=19;m=32;t=3;p=4"
    """

    static func argon2File(key: String) -> String {
        """
        format: concord-vectors/1
        suite: argon2id
        title: RFC 9106
        source: RFC 9106 §5.3
        vectors:
          - id: rfc9106
            input:
        \(rfcInput)
            expect:
              key: \(key)

        """
    }

    static let kdfFile = """
    format: concord-vectors/1
    suite: kdf-params
    title: tags
    source: CONTRACT.md §2, read by hand
    vectors:
      - id: closer
        input: {tag: "argon2id;v=19;m=47104;t=3;p=1"}
        expect: {memoryKiB: 47104, iterations: 3, parallelism: 1, version: 19}
      - id: v16
        result: invalid
        input: {tag: "argon2id;v=16;m=47104;t=3;p=1"}
        expect: {error: parameters}

    """

    let good = "{hex: 0d640df58d78766c08c037a34a8b53c9d01ef0452d75b65eb52520e96b01e659}"
    let offByOne = "{hex: 0d640df58d78766c08c037a34a8b53c9d01ef0452d75b65eb52520e96b01e658}"

    func concord(_ args: [String]) throws -> ProcessOutput {
        var env = ProcessInfo.processInfo.environment
        env["CONCORD_HOME"] = repositoryRoot
        return try runProcess(concordBinary, args, environment: env)
    }

    func folder(_ files: [String: String]) -> String {
        let dir = temporaryFolder()
        for (name, text) in files { write(text, to: dir + "/vectors/" + name) }
        return dir
    }

    @Test func allAgreeExitZeroAndTheReportSaysSo() throws {
        let dir = folder(["argon2id/rfc.yaml": Self.argon2File(key: good), "kdf-params/tags.yaml": Self.kdfFile])
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let r = try concord(["run", dir + "/vectors", "--report", dir + "/report.json"])
        #expect(r.status == 0, "\(r.stdout)\(r.stderr)")
        #expect(r.stdout.contains("3 vectors: 3 passed, 0 failed, 0 pending, 0 errors; 1 unsupported"), "\(r.stdout)")
        let report = try JSON.parse(String(contentsOfFile: dir + "/report.json", encoding: .utf8))
        #expect(report["format"]?.stringValue == "concord-report/1")
        #expect(report["implementations"]?.arrayValue?.compactMap { $0["name"]?.stringValue } == ["libsodium", "libargon2", "openssl", "swift", "jvm", "tink", "node", "webcrypto"])
        #expect(report["implementations"]?.arrayValue?[4]["version"]?.stringValue?.contains("BouncyCastle") == true)
        let summary = try #require(report["summary"])
        #expect(summary["vectors"]?.intValue == 3 && summary["passed"]?.intValue == 3 && summary["failed"]?.intValue == 0)
        #expect(summary["unsupported"]?.intValue == 1)
        let results = try #require(report["results"]?.arrayValue)
        let rfc = try #require(results.first { $0["vector"]?.stringValue == "argon2id/rfc9106" })
        #expect(rfc["file"]?.stringValue == dir + "/vectors/argon2id/rfc.yaml")
        #expect(rfc["line"]?.intValue == 6)
        #expect(rfc["status"]?.stringValue == "pass")
        let impls = try #require(rfc["implementations"])
        #expect(impls["libsodium"]?["status"]?.stringValue == "unsupported")
        #expect(impls["libsodium"]?["reason"]?.stringValue?.contains("parallelism") == true)
        #expect(impls["libargon2"]?["outputs"]?["key"]?["hex"]?.stringValue == "0d640df58d78766c08c037a34a8b53c9d01ef0452d75b65eb52520e96b01e659")
        #expect(impls["jvm"]?["status"]?.stringValue == "pass")
        let v16 = try #require(results.first { $0["vector"]?.stringValue == "closer.kdf-params/v16" })
        #expect(v16["implementations"]?["swift"]?["error"]?.stringValue == "parameters")
        #expect(v16["implementations"]?["jvm"]?["status"]?.stringValue == "pass")
    }

    @Test func oneWrongByteExitsOneAndNamesEverything() throws {
        let dir = folder(["argon2id/rfc.yaml": Self.argon2File(key: offByOne)])
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let r = try concord(["run", dir + "/vectors", "--report", dir + "/report.json"])
        #expect(r.status == 1)
        // At the line of the entry that differs (`key:`, line 14), not the vector's `- id:` (line 6).
        #expect(r.stdout.contains("FAIL    argon2id/rfc9106  (\(dir)/vectors/argon2id/rfc.yaml:14)"), "\(r.stdout)")
        #expect(r.stdout.contains("libargon2: key differs at byte 31"))
        #expect(r.stdout.contains("jvm: key differs at byte 31"))
        #expect(r.stdout.contains("expected 0d640df58d78766c08c037a34a8b53c9d01ef0452d75b65eb52520e96b01e658"))
        #expect(r.stdout.contains("actual   0d640df58d78766c08c037a34a8b53c9d01ef0452d75b65eb52520e96b01e659"))
        #expect(r.stdout.contains("note: all 2 implementations computed the same outputs and disagree only with expect"))
        let report = try JSON.parse(String(contentsOfFile: dir + "/report.json", encoding: .utf8))
        let m = report["results"]?.arrayValue?[0]["implementations"]?["libargon2"]?["mismatch"]?.arrayValue?[0]
        #expect(m?["field"]?.stringValue == "key")
        #expect(m?["offset"]?.intValue == 31)
        #expect(m?["expected"]?["hex"]?.stringValue?.hasSuffix("58") == true)
        #expect(m?["actual"]?["hex"]?.stringValue?.hasSuffix("59") == true)
    }

    @Test func malformedFileExitsTwoWithItsLocation() throws {
        let bad = Self.kdfFile.replacingOccurrences(of: "expect: {error: parameters}", with: "expect: {error: crypto}")
        let dir = folder(["kdf-params/bad.yaml": bad])
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let r = try concord(["run", dir + "/vectors", "--report", dir + "/report.json"])
        #expect(r.status == 2)
        #expect(r.stderr.contains("\(dir)/vectors/kdf-params/bad.yaml:12:21: error must be one of"), "\(r.stderr)")
        #expect(!FileManager.default.fileExists(atPath: dir + "/report.json"))
    }

    @Test(arguments: [
        (["run", "--implementations", "openssh"], "unknown implementation \"openssh\""),
        (["run", "--jobs", "zero"], "--jobs needs an integer"),
        (["run", "--frobnicate"], "unknown option --frobnicate"),
        (["run", "/nonexistent/vectors"], "concord: /nonexistent/vectors: no such file or folder"),
        (["explode"], "unknown command \"explode\""),
    ])
    func badInvocationsExitTwo(args: [String], message: String) throws {
        let r = try concord(args)
        #expect(r.status == 2)
        #expect(r.stderr.contains(message), "\(r.stderr)")
    }

    @Test func placeholdersArePendingAndShown() throws {
        let dir = folder(["argon2id/rfc.yaml": Self.argon2File(key: "TODO_ANDROID_RUN")])
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let r = try concord(["run", dir + "/vectors", "--report", dir + "/report.json", "--implementations", "libargon2,jvm"])
        #expect(r.status == 0)
        #expect(r.stdout.contains("PENDING argon2id/rfc9106"))
        #expect(r.stdout.contains("libargon2: key=0d640df58d78766c08c037a34a8b53c9d01ef0452d75b65eb52520e96b01e659"))
        #expect(r.stdout.contains("the implementations agree"))
        #expect(r.stdout.contains("1 vectors: 0 passed, 0 failed, 1 pending"))
    }

    @Test func aVectorNothingCanRunIsAnErrorNotAPass() throws {
        let dir = folder(["argon2id/rfc.yaml": Self.argon2File(key: good)])
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let r = try concord(["run", dir + "/vectors", "--report", "-", "--implementations", "libsodium"])
        #expect(r.status == 1)
        #expect(r.stdout.contains("\"unsupported\": 1"))
        #expect(r.stderr.contains("nothing checked it"))
    }

    @Test func kdfLimitsRefuseBeforeRunning() throws {
        let huge = Self.argon2File(key: good).replacingOccurrences(of: "m=32;t=3;p=4", with: "m=4294967295;t=3;p=4")
        let dir = folder(["argon2id/huge.yaml": huge])
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let r = try concord(["run", dir + "/vectors", "--report", dir + "/r.json"])
        #expect(r.status == 1)
        #expect(r.stdout.contains("above the limit of 4194304 KiB (raise it with --max-kdf-memory KIB)"), "\(r.stdout)")
    }

    @Test func validateReportsEveryFileAndTheLimitFlags() throws {
        let dir = folder(["a/one.yaml": Self.kdfFile, "b/two.yaml": Self.kdfFile, "c/bad.yaml": "- just a list\n"])
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let r = try concord(["validate", dir + "/vectors"])
        #expect(r.status == 2)
        #expect(r.stdout.contains("b/two.yaml:6:5: duplicate id \"closer\" in suite closer.kdf-params (first at \(dir)/vectors/a/one.yaml:6:5)"), "\(r.stdout)")
        #expect(r.stdout.contains("c/bad.yaml:1:1: expected a mapping for the file"))
        #expect(r.stdout.contains("3 files, 2 vectors, 3 errors"))
        let small = try concord(["validate", "--max-file-bytes", "10", dir + "/vectors/a/one.yaml"])
        #expect(small.status == 2)
        #expect(small.stdout.contains("above the limit of 10 (raise it with --max-file-bytes)"), "\(small.stdout)")
        let good = try concord(["validate", dir + "/vectors/a"])
        #expect(good.status == 0 && good.stdout.contains("1 files, 2 vectors, 0 errors"))
    }

    @Test func listAndVersion() throws {
        let l = try concord(["list"])
        #expect(l.status == 0)
        #expect(l.stdout.contains("argon2id") && l.stdout.contains("kdf-params"))
        #expect(l.stdout.contains("libsodium 1.0.18"))
        #expect(l.stdout.contains("BouncyCastle 1.72"))
        let v = try concord(["--version"])
        #expect(v.status == 0 && v.stdout.hasPrefix("concord "))
    }
}
