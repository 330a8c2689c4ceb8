import ConcordFormats
import ConcordImplementations
import Foundation
import Testing
import ConcordTestSupport

/// Issue 13: the command line and the reports as a new user meets them, through the built binary.
/// Expected values are published ones (RFC 9106 §5.3) or read by hand from a tag (CONTRACT.md §2);
/// the failures are made by changing an expected value on purpose.
@Suite(.serialized) struct CommandLineTests {
    /// The commands, read from `concord help` (the binary's own list, made from the declarations),
    /// not repeated here by hand.
    static let commands: [String] = {
        guard let help = try? runProcess(concordBinary, ["help"]) else { return [] }
        let list = help.stdout.components(separatedBy: "commands:\n").dropFirst().first ?? ""
        return list.split(separator: "\n").prefix { $0.hasPrefix("  ") }.compactMap { line in
            let name = line.split(separator: " ").first.map(String.init) ?? ""
            return name == "help" || name.hasPrefix("-") ? nil : name
        }
    }()

    @Test func theCommandListIsReadFromTheBinary() {
        // At least the commands the README has always named; a parse that found nothing fails here.
        #expect(Set(["run", "list", "schema", "validate", "export", "fill", "merge", "report", "diff"]).isSubset(of: Set(Self.commands)),
                "\(Self.commands)")
    }

    func concord(_ args: [String], env extra: [String: String] = [:], timeout: Double = 600) throws -> ProcessOutput {
        var env = ProcessInfo.processInfo.environment
        env["CONCORD_HOME"] = repositoryRoot
        env["GITHUB_ACTIONS"] = nil
        env["GITHUB_STEP_SUMMARY"] = nil
        for (k, v) in extra { env[k] = v }
        return try runProcess(concordBinary, args, environment: env, timeout: timeout)
    }

    /// kdf-params vectors whose memoryKiB is read by hand from the tag; `wrong` of them expect 1 instead.
    static func kdfFile(count: Int, wrong: Int) -> String {
        var s = "format: concord-vectors/1\nsuite: closer.kdf-params\ntitle: tags\nsource: CONTRACT.md §2, read by hand\nvectors:\n"
        for k in 0..<count {
            let m = 47104 + 8 * k
            s += "  - id: t\(k)\n    input: {tag: \"argon2id;v=19;m=\(m);t=3;p=1\"}\n"
            s += "    expect: {memoryKiB: \(k < wrong ? 1 : m), iterations: 3, parallelism: 1, version: 19}\n"
        }
        return s
    }

    /// RFC 9106 §5.3 (Argon2id), its tag's last byte changed when `wrong`.
    static func rfcFile(wrong: Bool) -> String {
        let tag = "0d640df58d78766c08c037a34a8b53c9d01ef0452d75b65eb52520e96b01e65" + (wrong ? "8" : "9")
        return """
        format: concord-vectors/1
        suite: argon2id
        title: RFC 9106
        source: RFC 9106 §5.3
        vectors:
          - id: rfc9106
            input:
              password: {hex: "0101010101010101010101010101010101010101010101010101010101010101"}
              salt: {hex: "02020202020202020202020202020202"}
              secret: {hex: "0303030303030303"}
              associatedData: {hex: "040404040404040404040404"}
              params: "argon2id;v=19;m=32;t=3;p=4"
            expect:
              key: {hex: "\(tag)"}

        """
    }

    // MARK: 1. Help per command

    @Test func everyCommandHasItsHelpFromItsDeclaration() throws {
        for c in Self.commands {
            let long = try concord([c, "--help"]), short = try concord([c, "-h"]), viaHelp = try concord(["help", c])
            #expect(long.status == 0 && short.status == 0 && viaHelp.status == 0, "\(c): \(long.stderr)")
            #expect(long.stdout.hasPrefix("usage: concord \(c)"), "\(c): \(long.stdout.prefix(200))")
            #expect(long.stdout == short.stdout && long.stdout == viaHelp.stdout, "\(c)")
            // Every option of the help is in the usage line, and the usage line parses back.
            let usage = long.stdout.components(separatedBy: "\n\n")[0]
            for line in long.stdout.split(separator: "\n") where line.hasPrefix("  -") || line.hasPrefix("      --") {
                let name = line.split(separator: " ").first { $0.hasPrefix("--") }!.trimmingCharacters(in: CharacterSet(charactersIn: ","))
                let short = line.hasPrefix("  -") && !line.hasPrefix("  --") ? String(line.dropFirst(2).prefix(2)) : nil
                if name == "--help" { continue }
                #expect(usage.contains("[" + name) || short.map { usage.contains("[" + $0) } == true, "\(c): \(name) is not in the usage")
            }
        }
        // The options the issue found missing are declared where they belong.
        #expect(try concord(["help", "fill"]).stdout.contains("--timeout SECONDS"))
        #expect(try concord(["help", "fill"]).stdout.contains("-j, --jobs N"))
        #expect(try concord(["help", "diff"]).stdout.contains("--json"))
        #expect(try concord(["help", "run"]).stdout.contains("-q, --quiet"))
        #expect(try concord(["help", "merge"]).stdout.contains("-o, --out PATH"))
        #expect(try concord(["help", "nosuch"]).status == 2)
    }

    @Test func unknownOptionsSuggestTheClosestAndListStartsNothing() throws {
        let typo = try concord(["run", "--implementaions", "jvm"])
        #expect(typo.status == 2)
        #expect(typo.stderr.contains("unknown option --implementaions (did you mean --implementations?)"), "\(typo.stderr)")
        #expect(try concord(["merge", "--markdwn", "x"]).stderr.contains("did you mean --markdown?"))
        #expect(try concord(["run", "-x"]).stderr.contains("unknown option -x"))
        #expect(try concord(["run", "-qx"]).stderr.contains("unknown option -qx"))
        #expect(try concord(["schema", "-hq"]).stderr.contains("unknown option -hq"))
        #expect(try concord(["fill", "-nh"]).stdout.hasPrefix("usage: concord fill"), "one-letter flags combine")
        // list parses its options before starting adapters: a bad option or --help is instant.
        let bogus = try concord(["list", "--bogus"])
        #expect(bogus.status == 2 && bogus.stderr.contains("unknown option --bogus") && !bogus.stdout.contains("Implementations:"))
        let help = try concord(["list", "--help"])
        #expect(help.status == 0 && !help.stdout.contains("Implementations:") && help.seconds < 5, "\(help.seconds)")
    }

    // MARK: 2. One vocabulary

    @Test func theSameWordsWorkEverywhereAndDashIsStandardOutput() throws {
        let dir = temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        write(Self.kdfFile(count: 2, wrong: 1), to: dir + "/v/kdf.yaml")
        // --implementation (singular) and --out on run; short forms.
        let r = try concord(["run", dir + "/v", "--implementation", "swift", "--out", dir + "/r.json", "-j", "1", "-q"])
        #expect(r.status == 1, "\(r.stderr)")
        #expect(FileManager.default.fileExists(atPath: dir + "/r.json"))
        // "-" for every output option: nothing named "-" is created, stdout is the document.
        let cwdDash = FileManager.default.currentDirectoryPath + "/-"
        for (option, marker) in [("--markdown", "## "), ("--junit", "<?xml"), ("--html", "<!DOCTYPE html>")] {
            let o = try concord(["run", dir + "/v", "--implementations", "swift", "--report", dir + "/r2.json", option, "-"])
            #expect(o.status == 1)
            #expect(o.stdout.hasPrefix(marker), "\(option): \(o.stdout.prefix(80))")
            #expect(o.stderr.contains("vectors: 1 passed, 1 failed"), "\(option): the summary moves to stderr")
        }
        #expect(!FileManager.default.fileExists(atPath: cwdDash))
        let two = try concord(["run", dir + "/v", "--report", "-", "--html", "-"])
        #expect(two.status == 2 && two.stderr.contains("only one output can be standard output"))
        let export = try concord(["export", dir + "/v", "-o", "-"])
        #expect(export.status == 0 && (try? JSON.parse(export.stdout))?["format"]?.stringValue == "concord-export/1")
        let merged = try concord(["merge", dir + "/r.json", "--report", "-"])
        #expect(merged.status == 1 && (try? JSON.parse(merged.stdout))?["format"]?.stringValue == "concord-report/1", "\(merged.stderr)")
        // diff takes --implementations as well as --implementation.
        let d = try concord(["diff", dir + "/r.json", dir + "/r.json", "--implementations", "swift"])
        #expect(d.status == 0 && d.stdout.contains("identical"), "\(d.stdout)\(d.stderr)")
    }

    // MARK: 3. Suite and pack names

    @Test func suiteAndPackNamesSelectTheirVectors() throws {
        let dir = temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        func names(_ args: [String]) throws -> [String] {
            let r = try concord(["run"] + args + ["--report", dir + "/r.json", "-q"])
            #expect(r.status == 0 || r.status == 1, "\(args): \(r.stderr)")
            let report = try JSON.parse(String(contentsOfFile: dir + "/r.json", encoding: .utf8))
            return report["results"]?.arrayValue?.compactMap { $0["vector"]?.stringValue } ?? []
        }
        let argon = try names(["argon2id", "--implementations", "libargon2"])
        #expect(argon.count > 5 && argon.allSatisfy { $0.hasPrefix("argon2id/") }, "\(argon.prefix(3))")
        let field = try names(["field", "--implementations", "swift"])  // the old name of closer.field
        #expect(!field.isEmpty && field.allSatisfy { $0.hasPrefix("closer.field/") })
        let closer = try names(["closer", "--implementations", "swift"])
        #expect(Set(closer.map { String($0.prefix { $0 != "/" }) }).count >= 8 && closer.allSatisfy { $0.hasPrefix("closer.") })
        let bad = try concord(["run", "argon2idx"])
        #expect(bad.status == 2 && bad.stderr.contains("argon2idx: no such file or folder"))
    }

    // MARK: 4. Standard output stays clean

    @Test func aReportOnStandardOutputIsAllThereIsOnIt() throws {
        let dir = temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        write(Self.kdfFile(count: 2, wrong: 1), to: dir + "/v/kdf.yaml")
        let r = try concord(["run", dir + "/v", "--implementations", "swift", "--report", "-"], env: ["GITHUB_ACTIONS": "true"])
        #expect(r.status == 1)
        let json = try JSON.parse(r.stdout)
        #expect(json["summary"]?["failed"]?.intValue == 1)
        #expect(r.stderr.contains("::error file=") && !r.stdout.contains("::error"))
        #expect(r.stderr.contains("2 vectors: 1 passed, 1 failed"))
    }

    // MARK: 5. merge and report write every format

    @Test func mergeAndReportRenderEveryFormat() throws {
        let dir = temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        write(Self.kdfFile(count: 6, wrong: 2), to: dir + "/v/kdf.yaml")
        let whole = try concord(["run", dir + "/v", "--implementations", "swift", "--report", dir + "/whole.json", "--markdown", dir + "/whole.md",
                                 "--junit", dir + "/whole.xml"])
        #expect(whole.status == 1)
        for k in 1...2 {
            let s = try concord(["run", dir + "/v", "--implementations", "swift", "--shard", "\(k)/2", "--report", dir + "/s\(k).json", "-q"])
            #expect(s.status == 0 || s.status == 1, "\(s.stderr)")
        }
        write("", to: dir + "/summary.md")
        let m = try concord(["merge", dir + "/s1.json", dir + "/s2.json", "--out", dir + "/merged.json", "--markdown", dir + "/merged.md",
                             "--junit", dir + "/merged.xml", "--html", dir + "/merged.html"],
                            env: ["GITHUB_ACTIONS": "true", "GITHUB_STEP_SUMMARY": dir + "/summary.md"])
        #expect(m.status == 1, "\(m.stderr)")
        // t0's `expect:` entry memoryKiB (line 8, column 14), read back from the shards' reports.
        #expect(m.stdout.contains("::error file=\(dir)/v/kdf.yaml,line=8,col=14,"), "\(m.stdout)")
        #expect(m.stdout.contains("6 vectors: 4 passed, 2 failed"))
        let md = try String(contentsOfFile: dir + "/merged.md", encoding: .utf8)
        // The unsharded run's Markdown, but for the wall time (the merged one is the slowest shard's).
        func timeless(_ s: String) -> String { s.replacingOccurrences(of: #"\| [0-9.]+ s \|"#, with: "| T |", options: .regularExpression) }
        #expect(timeless(md) == timeless(try String(contentsOfFile: dir + "/whole.md", encoding: .utf8)), "the merged Markdown is the unsharded run's")
        #expect(try String(contentsOfFile: dir + "/summary.md", encoding: .utf8).contains(md))
        #expect(try String(contentsOfFile: dir + "/merged.xml", encoding: .utf8).contains("<failure"))
        #expect(try String(contentsOfFile: dir + "/merged.html", encoding: .utf8).contains("memoryKiB"))
        // concord report renders a saved report as the run did.
        let rep = try concord(["report", dir + "/whole.json", "--markdown", "-", "--junit", dir + "/again.xml", "--html", dir + "/again.html"])
        #expect(rep.status == 1)
        // The run's own Markdown (its wall time rounded once more through the JSON report's milliseconds).
        #expect(timeless(rep.stdout) == timeless(try String(contentsOfFile: dir + "/whole.md", encoding: .utf8)))
        #expect(rep.stderr.contains("FAIL    closer.kdf-params/t0"))
        let xml = try String(contentsOfFile: dir + "/again.xml", encoding: .utf8)
        #expect(xml.components(separatedBy: "<failure").count - 1 == 2, "\(xml.prefix(400))")
        let badReport = dir + "/bad.json"
        write(#"{"format": "concord-report/1", "implementations": [], "results": [{"vector": "nosuite"}]}"#, to: badReport)
        let bad = try concord(["report", badReport, "--html", "-"])
        #expect(bad.status == 2 && bad.stderr.contains("results[0]"), "\(bad.stderr)")
    }

    // MARK: 6. Folder scans pass over Concord's own files

    @Test func folderScansSkipConcordsOwnFilesAndUncoveredWycheproofFiles() throws {
        let dir = temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        write(Self.kdfFile(count: 2, wrong: 0), to: dir + "/vectors/kdf.yaml")
        // A run's own outputs inside the folder it runs: a report, an export, a captured file.
        let first = try concord(["run", dir, "--implementations", "swift", "--report", dir + "/reports/latest.json", "-q"])
        #expect(first.status == 0, "\(first.stderr)")
        #expect(try concord(["export", dir + "/vectors", "-o", dir + "/export.json"]).status == 0)
        let (_, truth, _) = try CapturedFixtures.files()
        write(truth, to: dir + "/captured/truth.json")
        // A Wycheproof file of an algorithm no suite covers (its header only).
        write(#"{"algorithm": "AES-SIV-CMAC", "schema": "aead_test_schema_v1.json", "numberOfTests": 0, "notes": {}, "testGroups": []}"#,
              to: dir + "/wycheproof/aes_siv_cmac_test.json")
        let again = try concord(["run", dir, "--implementations", "swift", "--report", dir + "/reports/latest.json"])
        #expect(again.status == 0, "\(again.stderr)")
        #expect(again.stdout.contains("2 vectors: 2 passed"), "\(again.stdout)")
        for (file, what) in [("reports/latest.json", "a report (concord-report/1)"), ("export.json", "an export (concord-export/1)"),
                             ("captured/truth.json", "a captured-outputs file (concord-outputs/1)"),
                             ("wycheproof/aes_siv_cmac_test.json", "algorithm AES-SIV-CMAC: no suite covers it")] {
            let line = again.stderr.split(separator: "\n").first { $0.contains("\(dir)/\(file)") } ?? ""
            #expect(line.contains("skipped, \(what)") || line.contains("skipped: \(what)"), "\(file): \(again.stderr)")
        }
        // Named explicitly, they stay errors.
        let named = try concord(["run", dir + "/wycheproof/aes_siv_cmac_test.json", "--implementations", "swift", "--report", dir + "/r.json"])
        #expect(named.status == 2 && named.stderr.contains("algorithm AES-SIV-CMAC: no suite covers it"), "\(named.stderr)")
        #expect(try concord(["run", dir + "/export.json", "--report", dir + "/r.json"]).status == 2)
    }

    // MARK: 7. validate

    @Test func validateReportsEveryErrorAndChecksCapturedFilesAndReports() throws {
        let dir = temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let twoBad = Self.kdfFile(count: 3, wrong: 0)
            .replacingOccurrences(of: "id: t0", with: "id: \"bad id\"")
            .replacingOccurrences(of: "expect: {memoryKiB: 47120", with: "expect: {memoryKB: 47120")
        write(twoBad, to: dir + "/v/kdf.yaml")
        let r = try concord(["validate", dir + "/v"])
        #expect(r.status == 2)
        #expect(r.stdout.contains("kdf.yaml:6:9: invalid id \"bad id\""), "\(r.stdout)")
        #expect(r.stdout.contains("kdf.yaml:14:") && r.stdout.contains("memoryKB"), "\(r.stdout)")
        #expect(r.stdout.contains("1 files, 1 vectors, 2 errors"), "\(r.stdout)")
        // A captured file and a report are recognised by their format and checked by their readers.
        let (_, truth, _) = try CapturedFixtures.files()
        write(truth, to: dir + "/c/truth.json")
        write(Self.kdfFile(count: 1, wrong: 0), to: dir + "/c/kdf.yaml")
        let run = try concord(["run", dir + "/c/kdf.yaml", "--implementations", "swift", "--report", dir + "/c/report.json", "-q"])
        #expect(run.status == 0)
        let ok = try concord(["validate", dir + "/c"])
        #expect(ok.status == 0 && ok.stdout.contains("3 files, 1 vectors (and 2 captured-outputs, report, export or ledger files), 0 errors"), "\(ok.stdout)\(ok.stderr)")
        write(truth.replacingOccurrences(of: "\"wire\"", with: "\"wire\", \"x\": 1, \"y\""), to: dir + "/c/truth.json")
        let badCaptured = try concord(["validate", dir + "/c/truth.json"])
        #expect(badCaptured.status == 2 && badCaptured.stdout.contains("invalid \(dir)/c/truth.json"), "\(badCaptured.stdout)")
        // A pipe can be read once: validated as run reads it (before, validate read it twice and
        // called it a FIFO nothing wrote to).
        let piped = try runProcess("/bin/bash", ["-c", #""$C" validate <(cat "$1")"#, "bash", dir + "/c/kdf.yaml"],
                                   environment: ["C": concordBinary, "CONCORD_HOME": repositoryRoot, "PATH": "/usr/bin:/bin"], timeout: 60)
        #expect(piped.status == 0 && piped.stdout.contains("1 files, 1 vectors, 0 errors"), "\(piped.stdout)\(piped.stderr)")
    }

    // MARK: 8. Terminal output and exit codes

    @Test func manyFailuresAreCountedByCauseAfterTheFirstN() throws {
        let dir = temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        write(Self.kdfFile(count: 7, wrong: 6), to: dir + "/v/kdf.yaml")
        let r = try concord(["run", dir + "/v", "--implementations", "swift", "--report", dir + "/r.json", "--max-failures", "2"],
                            env: ["CONCORD_PROGRESS": "always"])
        #expect(r.status == 1)
        #expect(r.stdout.components(separatedBy: "FAIL    ").count - 1 == 2, "\(r.stdout)")
        #expect(r.stdout.contains("… and 4 more failed or erroring vectors (see the report), by cause:"), "\(r.stdout)")
        #expect(r.stdout.contains("  4 × memoryKiB differs"), "\(r.stdout)")
        #expect(r.stdout.contains("(✓ pass, ✗ fail, ! error, … pending, – unsupported, . not run)"))
        // The progress line counts the checks the summary counts.
        #expect(r.stdout.contains("; 7 checks;"), "\(r.stdout)")
        #expect(r.stderr.contains("7/7 checks"), "\(r.stderr)")
        let all = try concord(["run", dir + "/v", "--implementations", "swift", "--report", dir + "/r.json"])
        #expect(all.stdout.components(separatedBy: "FAIL    ").count - 1 == 6)
    }

    @Test func unknownImplementationsExitTwoEverywhere() throws {
        let dir = temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        write(Self.kdfFile(count: 1, wrong: 0), to: dir + "/v/kdf.yaml")
        for args in [["run", dir + "/v", "--require", "jvmx"], ["run", dir + "/v", "--implementations", "jvmx"],
                     ["fill", dir + "/v", "--require", "jvmx"], ["merge", dir + "/x.json", "--require", "jvmx"],
                     ["report", dir + "/x.json", "--require", "jvmx"]] {
            let r = try concord(args)
            #expect(r.status == 2, "\(args): \(r.status)")
            #expect(r.stderr.contains("unknown implementation \"jvmx\" (did you mean jvm?)"), "\(args): \(r.stderr)")
        }
    }

    @Test func ctrlCStopsTheAdaptersAndExits130() throws {
        let dir = temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        // Slow Argon2id on the JVM: a placeholder, so nothing is compared.
        var slow = Self.rfcFile(wrong: false).replacingOccurrences(of: "m=32;t=3;p=4", with: "m=262144;t=40;p=1")
        slow = slow.replacingOccurrences(of: #"key: {hex: "0d640df58d78766c08c037a34a8b53c9d01ef0452d75b65eb52520e96b01e659"}"#, with: "key: TODO_ANDROID_RUN")
        write(slow, to: dir + "/v/slow.yaml")
        var env = ProcessInfo.processInfo.environment
        env["CONCORD_HOME"] = repositoryRoot
        let p = try Subprocess.spawn([concordBinary, "run", dir + "/v", "--implementations", "jvm", "--report", dir + "/r.json"], environment: env)
        close(p.stdin)
        let err = LockedData()
        Thread { err.set(Data(readAll(p.stderr))) }.start()
        Thread { _ = readAll(p.stdout) }.start()
        // Wait for the adapter to be there, then interrupt.
        var children: [pid_t] = []
        for _ in 0..<200 where children.isEmpty {
            usleep(50_000)
            children = childProcesses(of: p.pid)
        }
        #expect(!children.isEmpty, "the jvm adapter did not start")
        usleep(1_000_000)
        kill(p.pid, SIGINT)
        let end = p.wait(timeout: 30)
        #expect(end?.code == 130, "\(String(describing: end))")
        while !err.done { usleep(1000) }
        let text = String(decoding: err.data, as: UTF8.self)
        #expect(text.contains("\ninterrupted\n"), "\(text)")
        #expect(!FileManager.default.fileExists(atPath: dir + "/r.json"))
        usleep(200_000)
        for c in children { #expect(kill(c, 0) != 0, "adapter process \(c) is still there") }
    }

    // MARK: 8b. How a run ends

    /// The report is written while the adapters end (their input closed first), and the run returns
    /// only once they have: an adapter that lingers 1.5 s after its input closes finds the report
    /// already there when it ends (it was written after it, before 2026-12-06), and has ended when
    /// concord exits.
    @Test func theReportIsWrittenWhileTheAdaptersEndAndTheRunWaitsForThem() throws {
        let dir = temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let kdf = repositoryRoot + "/vectors/closer/kdf-params/closer.yaml"
        let out = try concord(["run", kdf, "--implementations", "swift,linger", "--adapter", "linger=" + fixture("adapters/lingering"),
                               "--report", dir + "/r.json", "-q"], env: ["FAKE_MARKER": dir + "/ended", "FAKE_LINGER": "1.5"])
        // Its echoes fail the vectors (exit 1): only how it ends is checked here.
        #expect(out.status == 1, "\(out.stderr)")
        let fm = FileManager.default
        #expect(fm.fileExists(atPath: dir + "/ended"), "concord exited before its adapter ended")
        let report = try #require(try fm.attributesOfItem(atPath: dir + "/r.json")[.modificationDate] as? Date)
        let ended = try #require(try? fm.attributesOfItem(atPath: dir + "/ended")[.modificationDate] as? Date)
        #expect(report < ended, "the report (\(report)) was written after the adapter ended (\(ended))")
        // It started and answered, and its peak memory was read before its input closed.
        let r = try JSON.parse(String(contentsOfFile: dir + "/r.json", encoding: .utf8))
        let linger = r["implementations"]?.arrayValue?.first { $0["name"]?.stringValue == "linger" }
        #expect(linger?["version"]?.stringValue == "fake 1" && (linger?["peakResidentKiB"]?.intValue ?? 0) > 0, "\(linger ?? .null)")
        #expect(r["summary"]?["failed"]?.intValue == 8)
    }

    // MARK: 9. HTML

    /// A report with a text mismatch (NFC "é" expected, NFD "e\u{301}" computed), written by hand.
    static let textReport = """
    {"format": "concord-report/1", "concord": {"version": "0.1.0"},
     "implementations": [{"name": "swift", "version": "test"}, {"name": "jvm", "version": "test"}],
     "summary": {"vectors": 3, "passed": 1, "failed": 1, "pending": 0, "unsupported": 2, "errors": 1}, "wallSeconds": 0.5, "workers": 2,
     "results": [
      {"vector": "closer.canonical-json/nfc", "file": "v.yaml", "line": 6, "result": "valid", "status": "fail",
       "comment": "the text must stay NFC",
       "implementations": {
        "swift": {"status": "pass", "outputs": {"json": "{\\"writtenText\\":\\"caf\\u00e9 <b>\\"}"}, "seconds": 0.001},
        "jvm": {"status": "fail", "outputs": {"json": "{\\"writtenText\\":\\"cafe\\u0301 <b>\\"}"},
                "mismatch": [{"field": "json", "offset": 19, "expected": "{\\"writtenText\\":\\"caf\\u00e9 <b>\\"}",
                              "actual": "{\\"writtenText\\":\\"cafe\\u0301 <b>\\"}", "explanation": "actual is not NFC"}],
                "seconds": 0.002}}},
      {"vector": "argon2id/p4", "file": "a.yaml", "line": 9, "result": "valid", "status": "pass",
       "implementations": {"swift": {"status": "unsupported", "reason": "no"}, "jvm": {"status": "pass", "outputs": {}, "seconds": 0.1}}},
      {"vector": "argon2id/err", "file": "a.yaml", "line": 19, "result": "valid", "status": "error", "note": "nothing checked it",
       "implementations": {"swift": {"status": "unsupported", "reason": "no"}, "jvm": {"status": "error", "reason": "crashed", "seconds": 0.1}}}]}
    """

    @Test func htmlShowsTextAsTextAndItsCountsAgree() throws {
        let dir = temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        write(Self.textReport, to: dir + "/r.json")
        let r = try concord(["report", dir + "/r.json", "--html", "-"])
        #expect(r.status == 1, "\(r.stderr)")
        let html = r.stdout
        // The text, escaped, with the differing character marked and its bytes beside it.
        #expect(html.contains("<code class=\"val text\">{&quot;writtenText&quot;:&quot;caf<mark>é</mark> &lt;b&gt;&quot;}</code>"), "\(html)")
        #expect(html.contains("byte 19: <code>c3a9</code> (U+00E9)"))
        #expect(html.contains("caf<mark>e\u{301}</mark>") || html.contains("caf<mark>e</mark>"), "the actual side is marked too")
        #expect(html.contains("the text must stay NFC"), "the comment survives the JSON report")
        // Header totals and filter buttons count the same vectors.
        func total(_ label: String) -> Int? {
            guard let r = html.range(of: "</b> \(label)") else { return nil }
            let head = html[..<r.lowerBound]
            return Int(head[head.index(after: head.lastIndex(of: ">")!)...])
        }
        func button(_ f: String) -> Int? {
            guard let r = html.range(of: "data-filter=\"\(f)\" aria-pressed=\"\(f == "all")\">\(f) <span class=\"n\">") else { return nil }
            return Int(html[r.upperBound...].prefix { $0.isNumber })
        }
        #expect(total("vectors") == 3 && button("all") == 3)
        #expect(total("failed") == 1 && button("fail") == 1)
        // Every expected value can be seen whole, even where the dump elides identical rows.
        let long = String(repeating: "ab", count: 300), other = String(repeating: "ab", count: 299) + "ac"
        let longReport = Self.textReport.replacingOccurrences(of: #""status": "error", "reason": "crashed", "seconds": 0.1}}}]}"#, with: """
            "status": "error", "reason": "crashed", "seconds": 0.1}}},
              {"vector": "aes-gcm/long", "file": "g.yaml", "line": 3, "result": "valid", "status": "fail",
               "implementations": {"jvm": {"status": "fail", "outputs": {"ciphertext": {"hex": "\(other)"}},
                 "mismatch": [{"field": "ciphertext", "offset": 299, "expected": {"hex": "\(long)"}, "actual": {"hex": "\(other)"}}], "seconds": 0.1}}}]}
            """).replacingOccurrences(of: #""vectors": 3, "passed": 1, "failed": 1,"#, with: #""vectors": 4, "passed": 1, "failed": 2,"#)
        #expect(longReport != Self.textReport)
        write(longReport, to: dir + "/long.json")
        let lr = try concord(["report", dir + "/long.json", "--html", "-"])
        #expect(lr.stdout.contains("identical rows") && lr.stdout.contains("whole values (hex)"), "\(lr.stderr)")
        #expect(lr.stdout.contains("<code class=\"val\">\(long)</code>"))
        #expect(total("errors") == 1 && button("error") == 1)
        #expect(total("passed") == 1 && button("pass") == 1)
        #expect(total("with an unsupported implementation (2 implementation × vector)") == 2 && button("unsupported") == 2)
    }

    // MARK: 10. diff names the sides

    @Test func diffSaysAAndBAndPicksAReportsImplementation() throws {
        let dir = temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let (_, truth, device) = try CapturedFixtures.files()
        write(truth, to: dir + "/truth.json")
        write(device, to: dir + "/device.json")
        let d = try concord(["diff", dir + "/truth.json", dir + "/device.json"])
        #expect(d.status == 1)
        #expect(d.stdout.contains("A is standard base64 with padding, B is URL-safe base64 without padding"), "\(d.stdout)")
        #expect(!d.stdout.contains("expected is") && !d.stdout.contains("actual is"))
        // A report's implementation against a captured file.
        write(Self.kdfFile(count: 1, wrong: 0), to: dir + "/v/kdf.yaml")
        let run = try concord(["run", dir + "/v", "--implementations", "swift", "--report", dir + "/r.json", "-q"])
        #expect(run.status == 0)
        let kdfTruth = try String(contentsOfFile: dir + "/r.json", encoding: .utf8)
        let report = try JSON.parse(kdfTruth)
        let outputs = try #require(report["results"]?.arrayValue?.first?["implementations"]?["swift"]?["outputs"])
        write(JSON.object([("format", .string("concord-outputs/1")), ("implementation", .object([("name", .string("ios"))])),
                           ("results", .array([.object([("vector", .string("closer.kdf-params/t0")), ("outputs", outputs)])]))]).serialized(),
              to: dir + "/ios.json")
        let same = try concord(["diff", dir + "/r.json", dir + "/ios.json", "--implementation", "swift"])
        #expect(same.status == 0 && same.stdout.contains("identical"), "\(same.stdout)\(same.stderr)")
        let missing = try concord(["diff", dir + "/r.json", dir + "/ios.json", "--implementation", "jvm"])
        #expect(missing.status == 2 && missing.stderr.contains("has no implementation jvm"), "\(missing.stderr)")
        let neither = try concord(["diff", dir + "/truth.json", dir + "/ios.json", "--implementation", "jvm"])
        #expect(neither.status == 2 && neither.stderr.contains("neither"), "\(neither.stderr)")
    }

    // MARK: 11. fill

    @Test func fillTakesFoldersAndADryRunSaysWouldFill() throws {
        let dir = temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let file = Self.kdfFile(count: 1, wrong: 0).replacingOccurrences(of: "memoryKiB: 47104", with: "memoryKiB: TODO_ANDROID_RUN")
        write(file, to: dir + "/v/sub/kdf.yaml")
        write(#"{"format": "concord-outputs/1", "implementation": {"name": "pixel"}, "results": [{"vector": "closer.kdf-params/t0", "outputs": {"memoryKiB": 47104, "iterations": 3, "parallelism": 1, "version": 19}}]}"#,
              to: dir + "/v/captured.json")
        let dry = try concord(["fill", dir + "/v", "--from", dir + "/v/captured.json", "--dry-run"])
        #expect(dry.status == 0, "\(dry.stderr)")
        #expect(dry.stderr.contains("would fill \(dir)/v/sub/kdf.yaml:8:"), "\(dry.stderr)")
        #expect(dry.stderr.contains("1 placeholder: 1 would be filled, 0 refused (dry run: nothing written)"), "\(dry.stderr)")
        #expect(!dry.stderr.contains("filled  "))
        #expect(try String(contentsOfFile: dir + "/v/sub/kdf.yaml", encoding: .utf8) == file)
        let real = try concord(["fill", dir + "/v", "--from", dir + "/v/captured.json"])
        #expect(real.status == 0 && real.stdout.contains("filled  \(dir)/v/sub/kdf.yaml:8:"), "\(real.stdout)\(real.stderr)")
        #expect(try String(contentsOfFile: dir + "/v/sub/kdf.yaml", encoding: .utf8).contains("memoryKiB: 47104"))
    }

    // MARK: 12. The command reference: CommandReferenceTests (docs/commands.md, generated from the declarations)
}
