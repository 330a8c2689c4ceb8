import ConcordFormats
import Foundation
import Testing
import ConcordTestSupport

/// Issue 26 item 2, "Gates fail closed", through the binary as CI calls it: an implementation the
/// user named that does not start fails the run; a built-in one missing here is one line at the
/// top; `report`, `merge` and `diff` refuse a report that contradicts itself (ReportCheck) and
/// are never green on an empty one; `merge` takes the shards of one run only.
@Suite(.serialized) struct FailClosedGateTests {
    static let gates = repositoryRoot + "/Tests/Fixtures/gates/"
    static let kdfParams = repositoryRoot + "/vectors/closer/kdf-params/closer.yaml"
    static let argon2Small = repositoryRoot + "/vectors/primitives/argon2id/small-params.yaml"

    func concord(_ args: [String], env extra: [String: String] = [:], in dir: String? = nil) throws -> ProcessOutput {
        var env = ProcessInfo.processInfo.environment
        env["CONCORD_HOME"] = repositoryRoot
        env["GITHUB_ACTIONS"] = nil
        env["GITHUB_STEP_SUMMARY"] = nil
        env.merge(extra) { $1 }
        guard let dir else { return try runProcess(concordBinary, args, environment: env, timeout: 600) }
        return try runProcess("/bin/sh", ["-c", "cd \"$0\" && exec \"$@\"", dir, concordBinary] + args, environment: env, timeout: 600)
    }

    func report(_ path: String) throws -> JSON { try JSON.parse(String(contentsOfFile: path, encoding: .utf8)) }

    // MARK: run

    /// `--adapter bad=…` whose program does not exist: exit 1 (it was 0, with "not started" in the
    /// table), the first line of standard error names it and why.
    @Test func aUserAdapterThatCannotStartFailsTheRun() throws {
        let dir = temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let out = try concord(["run", Self.kdfParams, "--implementations", "swift,bad", "--adapter", "bad=/nonexistent/adapter",
                               "--report", dir + "/r.json"])
        #expect(out.status == 1, "\(out.stdout)\(out.stderr)")
        let first = out.stderr.split(separator: "\n").first.map(String.init) ?? ""
        #expect(first.hasPrefix("concord: bad could not start: ") && first.contains("/nonexistent/adapter"), "\(out.stderr)")
        // The same from concord.yaml, with the built-in ones selected by default (no --implementations).
        write("adapters:\n  bad:\n    command: [/nonexistent/adapter]\n", to: dir + "/concord.yaml")
        let project = try concord(["run", Self.kdfParams, "--report", dir + "/p.json", "-q"], in: dir)
        #expect(project.status == 1, "\(project.stdout)\(project.stderr)")
        #expect(project.stderr.hasPrefix("concord: bad could not start: "), "\(project.stderr)")
        // What the others checked is still judged and reported.
        #expect(try report(dir + "/p.json")["summary"]?["passed"]?.intValue == 8)
    }

    /// Its vectors say so: with nothing else to run them, each names it (they said "no selected
    /// implementation implements the suite").
    @Test func theVectorsOfAnAdapterThatDidNotStartNameIt() throws {
        let dir = temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let out = try concord(["run", Self.kdfParams, "--implementations", "bad", "--adapter", "bad=/nonexistent/adapter", "--report", dir + "/r.json"])
        #expect(out.status == 1)
        let results = try #require(try report(dir + "/r.json")["results"]?.arrayValue)
        #expect(results.count == 8)
        for r in results {
            let note = r["note"]?.stringValue ?? ""
            #expect(r["status"]?.stringValue == "error" && note.contains("bad could not start") && !note.contains("no selected implementation"), "\(note)")
        }
    }

    /// webcrypto without Chromium (CONCORD_CHROMIUM names no program): one line at the top with the
    /// install command, no ERROR per vector, and the run judges what the others checked; `--require
    /// webcrypto` fails it, and naming it in `--implementations` is exit 2.
    @Test func aBuiltInMissingHereIsOneLineAtTheTop() throws {
        let dir = temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let noBrowser = ["CONCORD_CHROMIUM": "/nonexistent/chromium"]
        let vectors = repositoryRoot + "/vectors/primitives/aes-gcm/closer.yaml"
        let out = try concord(["run", vectors, "--report", dir + "/r.json"], env: noBrowser)
        #expect(out.status == 0, "\(out.stdout)\(out.stderr)")
        let lines = out.stderr.split(separator: "\n").filter { $0.contains("webcrypto") }
        #expect(lines.count == 1 && lines[0].hasPrefix("concord: webcrypto is not available here") && lines[0].contains("scripts/setup --browser"),
                "\(out.stderr)")
        #expect(out.stderr.split(separator: "\n").first.map { $0.contains("webcrypto") } == true, "at the top: \(out.stderr)")
        #expect(!out.stdout.contains("ERROR"), "\(out.stdout.prefix(600))")
        let r = try report(dir + "/r.json")
        #expect(r["summary"]?["errors"]?.intValue == 0 && (r["summary"]?["passed"]?.intValue ?? 0) > 0)
        let web = r["implementations"]?.arrayValue?.first { $0["name"]?.stringValue == "webcrypto" }
        #expect(web?["startFailure"]?.stringValue?.contains("Chromium") == true, "the report still says why")
        #expect(!(r["results"]?.arrayValue ?? []).contains { $0["implementations"]?["webcrypto"] != nil })

        let required = try concord(["run", vectors, "--require", "webcrypto", "--report", dir + "/q.json", "-q"], env: noBrowser)
        #expect(required.status == 1 && required.stderr.contains("webcrypto is required"), "\(required.stderr)")
        let named = try concord(["run", vectors, "--implementations", "openssl,webcrypto", "--report", dir + "/n.json"], env: noBrowser)
        #expect(named.status == 2 && named.stderr.contains("webcrypto, which is not available here") && named.stderr.contains("scripts/setup --browser"),
                "\(named.stderr)")
        #expect(!FileManager.default.fileExists(atPath: dir + "/n.json"), "nothing ran")
    }

    /// One availability policy behind every command (Availability, docs/gating.md): a built-in
    /// implementation not available here (webcrypto without Chromium) is the same one line on run,
    /// explore and fill when nobody named it, and naming it in --implementations is exit 2 in the
    /// same words on each. (fill used to run without it, unsaid; explore said both in words of its own.)
    @Test func everyCommandHoldsOneAvailabilityPolicy() throws {
        let dir = temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let noBrowser = ["CONCORD_CHROMIUM": "/nonexistent/chromium"]
        let placeholder = dir + "/fill.yaml"
        let fixture = """
        format: concord-vectors/1
        suite: argon2id
        title: availability
        source: a test
        defaults: {params: "argon2id;v=19;m=64;t=1;p=1"}
        vectors:
          - {id: one, input: {password: {utf8: "glow river"}, salt: {hex: 000102030405060708090a0b0c0d0e0f}}, expect: {key: TODO_ANDROID_RUN}}

        """
        let commands: [(String, [String])] = [
            ("run", ["run", repositoryRoot + "/vectors/primitives/aes-gcm/closer.yaml", "-o", dir + "/r.json"]),
            ("explore", ["explore", "aes-gcm", "--cases", "2", "--seed", "1", "-o", dir + "/e.json"]),
            ("fill", ["fill", placeholder, "--dry-run"]),
        ]
        for (name, args) in commands {
            write(fixture, to: placeholder)
            let out = try concord(args, env: noBrowser)
            let lines = out.stderr.split(separator: "\n").filter { $0.contains("webcrypto") }
            #expect(out.status != 2 && lines.count == 1 && lines[0].hasPrefix("concord: webcrypto is not available here, so it is not run: ")
                    && lines[0].contains("scripts/setup --browser"), "\(name): \(out.status) \(out.stderr)")
            let named = try concord(args + ["--implementations", "libsodium,webcrypto"], env: noBrowser)
            #expect(named.status == 2 && named.stderr.hasPrefix("concord: --implementations names webcrypto, which is not available here: ")
                    && named.stderr.contains("scripts/setup --browser"), "\(name): \(named.status) \(named.stderr)")
            #expect(try String(contentsOfFile: placeholder, encoding: .utf8) == fixture, "\(name): nothing written")
        }
    }

    /// A shard that holds no vector checked nothing: exit 1, never green.
    @Test func anEmptyShardIsNotGreen() throws {
        let dir = temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        var empty = 0
        for k in 998...1000 {  // the plan fills the first shards first: the last ones of 1000 hold none of a small file
            let out = try concord(["run", Self.kdfParams, "--implementations", "swift", "--shard", "\(k)/1000", "--report", dir + "/s.json", "-q"])
            guard try report(dir + "/s.json")["summary"]?["vectors"]?.intValue == 0 else { continue }
            empty += 1
            #expect(out.status == 1 && out.stderr.contains("no vector was checked"), "\(out.stderr)")
        }
        #expect(empty >= 2)
    }

    @Test(arguments: ["--fail-on", "--require"]) func emptyGateListsAreRefused(option: String) throws {
        for command in [["run", Self.kdfParams, "--implementations", "swift"], ["report", Self.gates + "good.json"], ["merge", Self.gates + "good.json"]] {
            for value in ["", ",", option == "--require" ? "swift," : "pending,"] {
                let out = try concord(command + [option, value])
                #expect(out.status == 2 && out.stderr.contains(option), "\(command[0]) \(option) '\(value)': \(out.status) \(out.stderr)")
            }
        }
    }

    // MARK: report, merge, diff

    /// Each report breaks one rule (ReportCheck); `report`, `merge` and `diff` refuse it with exit 2
    /// and the file, line and column (report exited 0 on each).
    @Test(arguments: [
        ("pass-over-fail.json", "argon2id/small-b is pass but libsodium failed it"),
        ("results-empty-summary-4.json", "summary.vectors is 4 but the results count 0"),
        ("summary-disagrees.json", "summary.vectors is 3 but the results count 2"),
        ("no-implementations.json", "is pass but no implementation answered it"),
        ("no-implementations-empty.json", "the report names no implementation"),
        ("all-unsupported.json", "argon2id/small-b is pass but every implementation reported it unsupported"),
        ("duplicated-vector.json", "vector argon2id/small-a is in the report twice"),
        ("infinite.json", "a number that is not finite"),
        ("bad-implementation-name.json", "is not an implementation name"),
        ("unlisted-implementation.json", "argon2id/small-a has an answer of jvm, which the report's \"implementations\" do not list"),
        // A vector whose answer is not settled (`result: pending`) compares nothing: never a pass.
        ("pending-as-pass.json", "argon2id/small-b is pass but its result is pending"),
    ])
    func inconsistentReportsAreRefused(file: String, words: String) throws {
        let path = Self.gates + file
        let rep = try concord(["report", path, "-q"])
        #expect(rep.status == 2 && rep.stderr.contains(words), "report: \(rep.status) \(rep.stderr)")
        #expect(rep.stderr.range(of: #"\#(file):\d+:\d+: "#, options: .regularExpression) != nil, "located: \(rep.stderr)")
        let merge = try concord(["merge", path, "-q"])
        #expect(merge.status == 2 && merge.stderr.contains(words), "merge: \(merge.status) \(merge.stderr)")
        let diff = try concord(["diff", Self.gates + "good.json", path])
        #expect(diff.status == 2 && diff.stderr.contains(words), "diff: \(diff.status) \(diff.stderr)")
        #expect(diff.stderr.range(of: #"\#(file):\d+:\d+: "#, options: .regularExpression) != nil, "located: \(diff.stderr)")
        #expect(merge.stderr.range(of: #"\#(file):\d+:\d+: "#, options: .regularExpression) != nil, "located: \(merge.stderr)")
        #expect(!rep.stderr.contains("\u{1B}"), "escaped")
        // validate reads a report with the same rules.
        let validate = try concord(["validate", path])
        #expect(validate.status == 2 && validate.stdout.contains(words), "validate: \(validate.status) \(validate.stdout)")
    }

    @Test func aConsistentReportPassesAndAnEmptyOneFails() throws {
        let good = try concord(["report", Self.gates + "good.json", "-q"])
        #expect(good.status == 0, "\(good.stderr)")
        #expect(try concord(["diff", Self.gates + "good.json", Self.gates + "good.json"]).status == 0)
        for command in ["report", "merge"] {
            let out = try concord([command, Self.gates + "empty.json", "-q"])
            #expect(out.status == 1 && out.stderr.contains("no vector was checked"), "\(command): \(out.status) \(out.stderr)")
        }
    }

    /// Two captured files without results compare nothing: exit 1, not "identical".
    @Test func twoEmptyCapturedFilesAreNotIdentical() throws {
        let out = try concord(["diff", Self.gates + "captured-empty-a.json", Self.gates + "captured-empty-b.json"])
        #expect(out.status == 1, "\(out.stdout)")
        #expect(!out.stdout.contains("\nidentical\n") && out.stdout.contains("nothing to compare"), "\(out.stdout)")
        let json = try concord(["diff", Self.gates + "captured-empty-a.json", Self.gates + "captured-empty-b.json", "--json"])
        let parsed = try JSON.parse(json.stdout)
        #expect(json.status == 1 && parsed["identical"]?.serialized() == "false")
        // A captured file is held to the suites' rules, as run --captured holds it.
        let unknown = try concord(["diff", Self.gates + "captured-unknown-suite.json", Self.gates + "captured-empty-a.json"])
        #expect(unknown.status == 2 && unknown.stderr.contains("captured-unknown-suite.json:2:25:") && unknown.stderr.contains("unknown suite \"nosuch\""),
                "\(unknown.stderr)")
    }

    /// Shards run with different `--implementations` or options are not one run: merge refuses
    /// them naming both shards and the difference (it unioned them, and `--require libsodium` then
    /// passed on half the vectors).
    @Test func mergeTakesTheShardsOfOneRunOnly() throws {
        let dir = temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        func shard(_ k: Int, _ impls: String, _ extra: [String] = [], _ name: String) throws {
            let out = try concord(["run", Self.argon2Small, "--implementations", impls, "--shard", "\(k)/2", "--report", dir + "/" + name, "-q"] + extra)
            #expect(out.status == 0, "\(out.stderr)")
        }
        try shard(1, "libargon2,libsodium", [], "s1.json")
        try shard(2, "libargon2", [], "s2.json")
        try shard(2, "libargon2,libsodium", ["--timeout", "60"], "s3.json")
        try shard(2, "libargon2,libsodium", [], "s4.json")
        #expect(try report(dir + "/s1.json")["options"]?["timeout"]?.intValue == 300)
        let impls = try concord(["merge", dir + "/s1.json", dir + "/s2.json", "--require", "libsodium"], in: dir)
        #expect(impls.status == 2 && impls.stderr.contains("s1.json and") && impls.stderr.contains("s2.json ran different implementations (libsodium only in"),
                "\(impls.stderr)")
        let options = try concord(["merge", dir + "/s1.json", dir + "/s3.json"], in: dir)
        #expect(options.status == 2 && options.stderr.contains("were run with different options (timeout 300 in") && options.stderr.contains("60 in"),
                "\(options.stderr)")
        let same = try concord(["merge", dir + "/s1.json", dir + "/s4.json", "--require", "libsodium", "-o", dir + "/m.json", "-q"])
        #expect(same.status == 0, "\(same.stderr)")
        #expect(try report(dir + "/m.json")["options"] != nil)
    }
}
