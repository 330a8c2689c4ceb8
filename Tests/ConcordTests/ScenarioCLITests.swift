import ConcordFormats
import ConcordTestSupport
import Foundation
import Testing

/// `concord scenario` as a user runs it (issue 30 items 2, 3 and the bad input it lists): exit 2 with a
/// located message for a bad file or option, a failure that names its replay and the replay that
/// fails the same way, a recording that never replaces a file, a named implementation that took no
/// role failing the gate.
@Suite struct ScenarioCLITests {
    func concord(_ args: [String], in dir: String? = nil) throws -> ProcessOutput {
        var env = ProcessInfo.processInfo.environment
        env["CONCORD_HOME"] = repositoryRoot
        env.removeValue(forKey: "GITHUB_ACTIONS")
        if let dir { return try runProcess("/bin/sh", ["-c", "cd \"$0\" && exec \"$@\"", dir, concordBinary] + args, environment: env, timeout: 300) }
        return try runProcess(concordBinary, args, environment: env, timeout: 300)
    }

    static let couple = repositoryRoot + "/vectors/closer/scenarios/couple.yaml"

    @Test func aGoodScenarioPassesAndItsReportHoldsEveryTrial() throws {
        let dir = temporaryFolder()
        let out = try concord(["scenario", Self.couple, "--implementations", "swift", "--seed", "12", "-o", dir + "/r.json", "--junit", dir + "/j.xml"])
        #expect(out.status == 0, "\(out.stderr)\(out.stdout)")
        #expect(out.stderr.contains("concord: seed 12 (replay with --seed 12)"))
        let report = try JSON.parse(String(contentsOfFile: dir + "/r.json", encoding: .utf8))
        let results = try #require(report["results"]?.arrayValue)
        #expect(results.count == 4)
        #expect(results.allSatisfy { $0["status"]?.stringValue == "pass" })
        #expect(results.first?["vector"]?.stringValue == "scenario:closer.couple/inviter=swift,invitee=swift,server=swift,reader=swift/trial-0"
                || results.first?["name"]?.stringValue == "scenario:closer.couple/inviter=swift,invitee=swift,server=swift,reader=swift/trial-0",
                "\(results.first.map { $0.serialized() } ?? "")")
        #expect(try String(contentsOfFile: dir + "/j.xml", encoding: .utf8).contains("scenario:closer.couple"))
    }

    /// A scenario whose check is wrong for every implementation: exit 1, the replay command printed,
    /// and the replay runs exactly that trial, failing the same way.
    @Test func aFailureNamesItsReplayAndTheReplayFailsAlike() throws {
        let dir = temporaryFolder()
        let text = try String(contentsOfFile: Self.couple, encoding: .utf8)
            .replacingOccurrences(of: "    expect:\n      coupleKey: {fresh: coupleKey}\n      form: raw", with: "    expect:\n      coupleKey: {fresh: coupleKey}\n      form: tink-keyset")
        #expect(text.contains("form: tink-keyset"))
        write(text, to: dir + "/wrong.yaml")
        let out = try concord(["scenario", "wrong.yaml", "--implementations", "swift", "--seed", "4", "--trials", "2", "-o", "r.json"], in: dir)
        #expect(out.status == 1, "\(out.stderr)\(out.stdout)")
        let all = out.stdout + out.stderr
        #expect(all.contains("replay: concord scenario wrong.yaml --seed 4 --trial 1 --assign inviter=swift,invitee=swift,server=swift,reader=swift"), "\(all)")
        #expect(all.contains("no other implementation runs these steps"), "\(all)")
        let replay = try concord(["scenario", "wrong.yaml", "--implementations", "swift", "--seed", "4", "--trial", "1",
                                  "--assign", "inviter=swift,invitee=swift,server=swift,reader=swift", "-o", "r2.json"], in: dir)
        #expect(replay.status == 1)
        let report = try JSON.parse(String(contentsOfFile: dir + "/r2.json", encoding: .utf8))
        #expect(report["results"]?.arrayValue?.count == 1)
        #expect(replay.stdout.contains("/trial-1"), "\(replay.stdout)")
        // A saved scenario report reads back (report, compare), and the ledger knows a trial by pattern.
        #expect(try concord(["report", "r2.json", "-q"], in: dir).status == 1)
        #expect(try concord(["compare", "r.json", "r.json"], in: dir).status == 0)
        write("""
        format: concord-ledger/1
        divergences:
          - vector: "scenario:closer.couple/*"
            scope: suite
            implementation: swift
            status: fail
            reason: "the test's scenario expects a keyset where the contract unwraps raw bytes"
        """, to: dir + "/ledger.yaml")
        let ledgered = try concord(["scenario", "wrong.yaml", "--implementations", "swift", "--seed", "4", "--trials", "2",
                                    "-o", "r3.json", "--ledger", "ledger.yaml"], in: dir)
        #expect(ledgered.status == 0, "\(ledgered.stdout)\(ledgered.stderr)")
    }

    @Test func badInputIsLocatedAndExitsTwo() throws {
        let dir = temporaryFolder()
        let text = try String(contentsOfFile: Self.couple, encoding: .utf8).replacingOccurrences(of: "    role: server\n    suite: closer.keybox", with: "    role: cloud\n    suite: closer.keybox")
        write(text, to: dir + "/bad.yaml")
        let bad = try concord(["scenario", dir + "/bad.yaml", "--implementations", "swift"])
        #expect(bad.status == 2)
        #expect(bad.stderr.contains(dir + "/bad.yaml:170:11: unknown role \"cloud\""), "\(bad.stderr)")
        for (args, fragment) in [(["--assign", "writer=swift"], "--assign names the role writer"),
                                 (["--assign", "inviter"], "--assign needs ROLE=IMPL pairs"),
                                 (["--seed", "-1"], "--seed needs an integer"),
                                 (["--trials", "2", "--trial", "2"], "--trial 2 is not below --trials 2"),
                                 (["--assign", "inviter=jvm"], "jvm is not among --implementations"),
                                 (["--implementations", "libsodium"], "no selected implementation can take role inviter")] {
            var a = ["scenario", Self.couple]
            if !args.contains("--implementations") { a += ["--implementations", "swift"] }
            let out = try concord(a + args)
            #expect(out.status == 2, "\(args): \(out.stderr)")
            #expect(out.stderr.contains(fragment), "\(args): \(out.stderr)")
        }
        let none = try concord(["scenario", dir + "/missing.yaml"])
        #expect(none.status == 2 && none.stderr.contains("is neither a file, a folder nor a pack"), "\(none.stderr)")
        let asVectors = try concord(["run", Self.couple, "--implementations", "swift"])
        #expect(asVectors.status == 2 && asVectors.stderr.contains("a scenario (concord scenario runs it), not a vector file"), "\(asVectors.stderr)")
    }

    /// A named implementation that can take no role checked nothing: the run fails closed.
    @Test func aNamedImplementationThatTakesNoRoleFailsTheRun() throws {
        let dir = temporaryFolder()
        let out = try concord(["scenario", Self.couple, "--implementations", "swift,libsodium", "--seed", "1", "-o", dir + "/r.json"])
        #expect(out.status == 1, "\(out.stderr)")
        #expect(out.stderr.contains("libsodium is named but takes no role in any scenario run"), "\(out.stderr)")
    }

    static let kdf = """
    format: concord-scenario/1
    name: test.kdf
    title: "one tag parsed"
    source: "docs/contracts/closer.md §2"
    roles:
      parser: "parses the stored tag"
    steps:
      - id: parse
        role: parser
        suite: closer.kdf-params
        input:
          tag: "argon2id;v=19;m=47104;t=3;p=1"
        expect:
          memoryKiB: 47104
          iterations: 3
    """

    /// A user's adapter that dies on its first request, and one that hangs past --timeout: their
    /// trials are errors naming them; the trials of the other implementation run and pass.
    @Test func anAdapterThatCrashesOrHangsFailsOnlyItsTrials() throws {
        let dir = temporaryFolder()
        write(Self.kdf, to: dir + "/kdf.yaml")
        for (adapter, extra, fragment) in [("crash-after-handshake", [String](), "fake: fatal error on purpose"),
                                           ("slow", ["--timeout", "1"], "1 s")] {
            let command = (adapter == "slow" ? "FAKE_FIRST_DELAY=30 FAKE_DELAY=30 " : "") + fixture("adapters/" + adapter)
            let out = try concord(["scenario", dir + "/kdf.yaml", "--implementations", "swift,fake", "--adapter", "fake=" + command,
                                   "--seed", "3", "-o", dir + "/r.json"] + extra)
            #expect(out.status == 1, "\(adapter): \(out.stderr)\(out.stdout)")
            let report = try JSON.parse(String(contentsOfFile: dir + "/r.json", encoding: .utf8))
            let results = try #require(report["results"]?.arrayValue)
            #expect(results.count == 8, "\(adapter)")
            for r in results {
                let name = r["vector"]?.stringValue ?? ""
                if name.contains("parser=swift") { #expect(r["status"]?.stringValue == "pass", "\(name)") }
                else { #expect(r["status"]?.stringValue == "error", "\(adapter): \(name) \(r.serialized())") }
            }
            #expect((out.stdout + out.stderr).contains("fake (as parser) failed"), "\(adapter): \(out.stdout)")
            #expect((out.stdout + out.stderr).contains(fragment), "\(adapter): \(out.stdout)\(out.stderr)")
        }
    }

    @Test func aRecordingNeverReplacesAFile() throws {
        let dir = temporaryFolder()
        let first = try concord(["scenario", Self.couple, "--implementations", "swift", "--seed", "21", "--trials", "1",
                                 "--record", dir + "/rec", "-o", dir + "/r.json"])
        #expect(first.status == 0, "\(first.stderr)")
        let file = dir + "/rec/closer.field/closer.couple-seed21.yaml"
        let before = try String(contentsOfFile: file, encoding: .utf8)
        #expect(before.contains("flags: [needs-review]"))
        #expect(first.stderr.contains("16 of 16 vectors carry the flag needs-review"), "\(first.stderr)")
        let again = try concord(["scenario", Self.couple, "--implementations", "swift", "--seed", "21", "--trials", "1",
                                 "--record", dir + "/rec", "-o", dir + "/r.json"])
        #expect(again.status == 2 && again.stderr.contains("exists; a recording never replaces a file"), "\(again.stderr)")
        #expect(try String(contentsOfFile: file, encoding: .utf8) == before)
        let run = try concord(["run", dir + "/rec", "--implementations", "swift", "-o", dir + "/run.json"])
        #expect(run.status == 0, "\(run.stderr + run.stdout)")
        #expect(try concord(["validate", dir + "/rec"]).status == 0)
    }
}
