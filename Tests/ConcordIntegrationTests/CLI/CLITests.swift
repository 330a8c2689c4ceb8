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

    // MARK: Inputs that are not files, outputs on the files a command reads

    /// concord run in `dir` (its current directory), with `CONCORD_HOME` as given; no GitHub
    /// variables but the ones given; 60 s at most (a command that waits for ever fails, never hangs).
    func concord(_ args: [String], in dir: String, home: String = repositoryRoot, env extra: [String: String] = [:]) throws -> ProcessOutput {
        var env = ProcessInfo.processInfo.environment
        env["CONCORD_HOME"] = home
        env["GITHUB_ACTIONS"] = nil
        env["GITHUB_STEP_SUMMARY"] = nil
        env.merge(extra) { $1 }
        return try runProcess("/bin/sh", ["-c", "cd \"$0\" && exec \"$@\"", dir, concordBinary] + args, environment: env, timeout: 60)
    }

    /// A FIFO given as an input is refused from its metadata, never opened, exit 2 naming it: a
    /// report (compare, merge, report, diff), a captured file (fill --from, run --captured), and
    /// Concord's own vectors folder or the default `vectors/` when either is a FIFO. Each waited for a
    /// writer for ever. A vector file named on the command line may still be a pipe (`run <(…)`),
    /// and one that nothing writes to is refused at once instead of waited on.
    @Test func aFIFOAsAnInputIsRefusedNeverWaitedOn() throws {
        let dir = folder(["kdf.yaml": Self.kdfFile])
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let made = try concord(["run", "vectors", "--implementations", "swift", "-o", "r.json", "-q"], in: dir)
        #expect(made.status == 0, "\(made.stderr)")
        let fifo = dir + "/f.json"
        #expect(mkfifo(fifo, 0o600) == 0)
        let refusal = "concord: \(fifo): is a FIFO, not a regular file (it was not opened)"
        for args in [["compare", fifo, "r.json"], ["compare", "r.json", fifo], ["merge", fifo], ["merge", "r.json", fifo], ["report", fifo],
                     ["diff", fifo, "r.json"], ["diff", "r.json", fifo], ["fill", "vectors", "--from", fifo],
                     ["run", "vectors", "--implementations", "swift", "--captured", fifo, "-o", "r2.json"]] {
            let r = try concord(args, in: dir)
            #expect(r.status == 2 && r.stderr.contains(refusal), "\(args): \(r.status) \(r.stderr)")
        }
        // Concord's own vectors folder (a suite name is looked up there), and `vectors/` here for a run with no path.
        try FileManager.default.createDirectory(atPath: dir + "/home/here", withIntermediateDirectories: true)
        #expect(mkfifo(dir + "/home/vectors", 0o600) == 0 && mkfifo(dir + "/home/here/vectors", 0o600) == 0)
        let own = try concord(["run", "argon2id", "--implementations", "swift", "-o", "r3.json"], in: dir, home: dir + "/home")
        #expect(own.status == 2 && own.stderr.contains("Concord's own vectors folder \(dir)/home/vectors is a FIFO, not a folder of vector files (it was not opened)"),
                "\(own.stderr)")
        let here = try concord(["run", "--implementations", "swift", "-o", "r3.json"], in: dir + "/home/here", home: dir + "/home")
        #expect(here.status == 2 && here.stderr.contains("the default folder vectors is a FIFO, not a folder of vector files"), "\(here.stderr)")
        // Named: read as a pipe, never waited for.
        let named = try concord(["run", fifo, "--implementations", "swift", "-o", "r3.json"], in: dir)
        #expect(named.status == 2 && named.stderr.contains("\(fifo): is a FIFO that nothing wrote to (concord does not wait for a writer)"), "\(named.stderr)")
        #expect(!FileManager.default.fileExists(atPath: dir + "/r2.json") && !FileManager.default.fileExists(atPath: dir + "/r3.json"))
    }

    /// An output (`-o`, `--markdown`, `--junit`, `--html`, `$GITHUB_STEP_SUMMARY`) naming the
    /// divergence ledger or the project file is refused before anything is written, in run, merge,
    /// report and scenario, naming the option and the file's role: they overwrote or appended to it.
    @Test func anOutputOnTheLedgerOrTheProjectFileIsRefused() throws {
        let dir = folder(["kdf.yaml": Self.kdfFile])
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let ledger = "format: concord-ledger/1\ndivergences: []\n", project = "ledger: L.yaml\n"
        write(ledger, to: dir + "/L.yaml")
        write(ledger, to: dir + "/other-ledger.yaml")
        write(project, to: dir + "/concord.yaml")
        let made = try concord(["run", "vectors", "--implementations", "swift", "-o", "r.json", "-q"], in: dir)
        #expect(made.status == 0, "\(made.stderr)")
        try FileManager.default.copyItem(atPath: repositoryRoot + "/examples/scenarios/answer-flow.yaml", toPath: dir + "/s.yaml")
        let ledgerRole = "names the divergence ledger this command reads", projectRole = "names the project file this command reads"
        let cases: [([String], [String: String], String)] = [
            (["run", "vectors", "--implementations", "swift", "-o", "concord.yaml"], [:], "concord.yaml: --report " + projectRole),
            (["run", "vectors", "--implementations", "swift", "--markdown", "L.yaml"], [:], "L.yaml: --markdown " + ledgerRole),
            (["run", "vectors", "--implementations", "swift", "--ledger", "other-ledger.yaml", "--junit", "./other-ledger.yaml"], [:],
             "./other-ledger.yaml: --junit " + ledgerRole + " (other-ledger.yaml)"),
            (["merge", "r.json", "--html", "L.yaml"], [:], "L.yaml: --html " + ledgerRole),
            (["merge", "r.json", "-o", "concord.yaml"], [:], "concord.yaml: --report " + projectRole),
            (["report", "r.json", "--junit", "concord.yaml"], [:], "concord.yaml: --junit " + projectRole),
            (["report", "r.json"], ["GITHUB_STEP_SUMMARY": "L.yaml"], "L.yaml: $GITHUB_STEP_SUMMARY " + ledgerRole),
            (["scenario", "s.yaml", "--implementations", "swift", "-o", "L.yaml"], [:], "L.yaml: --report " + ledgerRole),
            (["scenario", "s.yaml", "--implementations", "swift", "--markdown", "concord.yaml"], [:], "concord.yaml: --markdown " + projectRole),
        ]
        for (args, env, words) in cases {
            let r = try concord(args, in: dir, env: env)
            #expect(r.status == 2 && r.stderr.contains("concord: \(words)") && r.stderr.contains("writing it would destroy it; nothing was run"),
                    "\(args): \(r.status) \(r.stderr)")
            #expect(try String(contentsOfFile: dir + "/L.yaml", encoding: .utf8) == ledger, "\(args) changed the ledger")
            #expect(try String(contentsOfFile: dir + "/other-ledger.yaml", encoding: .utf8) == ledger, "\(args) changed the ledger")
            #expect(try String(contentsOfFile: dir + "/concord.yaml", encoding: .utf8) == project, "\(args) changed the project file")
        }
    }
}
