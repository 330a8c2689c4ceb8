import ConcordFormats
import ConcordImplementations
import ConcordScenarioFormat
import ConcordScenarios
import ConcordTestSupport
import Foundation
import Testing

/// `concord scenario` as a user runs it (issue 30 items 2, 3 and the bad input it lists): exit 2 with a
/// located message for a bad file or option, a failure that names its replay and the replay that
/// fails the same way, a recording that never replaces a file, a named implementation that took no
/// role failing the gate.
@Suite struct ScenarioCLITests {
    func concord(_ args: [String], in dir: String? = nil, env extra: [String: String] = [:]) throws -> ProcessOutput {
        var env = ProcessInfo.processInfo.environment
        env["CONCORD_HOME"] = repositoryRoot
        env.removeValue(forKey: "GITHUB_ACTIONS")
        env.removeValue(forKey: "GITHUB_STEP_SUMMARY")
        env.merge(extra) { $1 }
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
                                 (["--seed", "-1"], "--seed needs an unsigned integer (0 to 18446744073709551615)"),
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
        // Issue 43 item 22: a vector file is named as one (it was refused for its field "suite").
        let vectorFile = repositoryRoot + "/vectors/primitives/aes-gcm/closer.yaml"
        let asScenario = try concord(["scenario", vectorFile, "--implementations", "swift"])
        #expect(asScenario.status == 2 && asScenario.stderr.contains(vectorFile + ":2:9: format must be \"concord-scenario/1\", found \"concord-vectors/1\" (a vector file: concord run runs it)"),
                "\(asScenario.stderr)")
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
        #expect(before.contains("flags: [needs-review]") && before.contains("    result: pending"))
        // swift is Concord's own port: only the step the scenario says is refused is settled.
        #expect(first.stderr.contains("15 of 16 vectors are pending and carry the flag needs-review"), "\(first.stderr)")
        let again = try concord(["scenario", Self.couple, "--implementations", "swift", "--seed", "21", "--trials", "1",
                                 "--record", dir + "/rec", "-o", dir + "/r.json"])
        #expect(again.status == 2 && again.stderr.contains("exists; a recording never replaces a file"), "\(again.stderr)")
        #expect(try String(contentsOfFile: file, encoding: .utf8) == before)
        let run = try concord(["run", dir + "/rec", "--implementations", "swift", "-o", dir + "/run.json"])
        #expect(run.status == 0, "\(run.stderr + run.stdout)")
        #expect(try concord(["validate", dir + "/rec"]).status == 0)
    }

    // MARK: Hostile inputs (issue 43)

    /// Item 21: one file named twice, by any spelling (relative, absolute, through a link, and found
    /// in a named folder), is read once with a note: it was a name clash with itself (exit 2).
    @Test func oneFileNamedTwiceIsReadOnce() throws {
        let dir = temporaryFolder()
        write(Self.kdf, to: dir + "/s/k.yaml")
        try FileManager.default.createSymbolicLink(atPath: dir + "/link.yaml", withDestinationPath: dir + "/s/k.yaml")
        let out = try concord(["scenario", "s/k.yaml", "./s/k.yaml", dir + "/s/k.yaml", "link.yaml", "s", "--implementations", "swift",
                               "--seed", "1", "-o", "r.json", "-q"], in: dir)
        #expect(out.status == 0, "\(out.stderr)")
        #expect(!out.stderr.contains("is also"), "\(out.stderr)")
        for spelling in ["./s/k.yaml", dir + "/s/k.yaml", "link.yaml"] {
            #expect(out.stderr.contains("concord: note: \(spelling): the same file as s/k.yaml; read once"), "\(spelling): \(out.stderr)")
        }
        #expect(out.stderr.contains("concord: note: s/k.yaml: named twice; read once"), "found in the folder s: \(out.stderr)")
        let report = try JSON.parse(String(contentsOfFile: dir + "/r.json", encoding: .utf8))
        #expect(report["results"]?.arrayValue?.count == 4, "one scenario's 4 trials")
        #expect(report["scenario"]?["files"]?.arrayValue?.map { $0.stringValue } == ["s/k.yaml"])
    }

    /// Item 5: an output (-o, --markdown, --junit, --html, the step summary) naming a file the same
    /// command records, by any spelling, is refused before anything runs or is written (exit 2),
    /// naming both (the report replaced the recording, exit 0).
    @Test func anOutputNamingARecordedFileIsRefused() throws {
        let dir = temporaryFolder()
        write(Self.kdf, to: dir + "/k.yaml")
        try FileManager.default.createDirectory(atPath: dir + "/R", withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: dir + "/RL", withDestinationPath: dir + "/R")
        let target = "R/closer.kdf-params/test.kdf-seed9.yaml"
        let cases: [([String], [String: String], String)] = [
            (["-o", target], [:], "--record and --report name the same file"),
            (["-o", "./R/closer.kdf-params/../closer.kdf-params/test.kdf-seed9.yaml"], [:], "--record and --report name the same file"),
            (["--markdown", dir + "/" + target], [:], "--record and --markdown name the same file"),
            (["--junit", "RL/closer.kdf-params/test.kdf-seed9.yaml"], [:], "--record and --junit name the same file"),
            (["--html", target], [:], "--record and --html name the same file"),
            ([], ["GITHUB_STEP_SUMMARY": dir + "/" + target], "--record and $GITHUB_STEP_SUMMARY name the same file"),
        ]
        for (extra, env, fragment) in cases {
            let args = ["scenario", "k.yaml", "--implementations", "swift", "--seed", "9", "--record", "R"] + (extra.first == "-o" ? [] : ["-o", "r.json"]) + extra
            let out = try concord(args, in: dir, env: env)
            #expect(out.status == 2, "\(extra) \(env): \(out.stderr)")
            #expect(out.stderr.contains("R/closer.kdf-params/test.kdf-seed9.yaml: " + fragment) && out.stderr.contains("nothing was run"), "\(extra): \(out.stderr)")
            #expect(!out.stderr.contains("concord: seed"), "it ran: \(out.stderr)")
            #expect(!FileManager.default.fileExists(atPath: dir + "/R/closer.kdf-params"), "\(extra): something was written")
            #expect(!FileManager.default.fileExists(atPath: dir + "/r.json"))
        }
        // Apart, both are written.
        let ok = try concord(["scenario", "k.yaml", "--implementations", "swift", "--seed", "9", "--record", "R", "-o", "r.json", "-q"], in: dir)
        #expect(ok.status == 0, "\(ok.stderr)")
        #expect(FileManager.default.fileExists(atPath: dir + "/" + target) && FileManager.default.fileExists(atPath: dir + "/r.json"))
    }

    /// Item 7: with several scenarios, an existing target of a later one stops the recording before
    /// anything runs or is written (the earlier scenarios' files were written first).
    @Test func aRecordingChecksEveryTargetBeforeWritingAny() throws {
        let dir = temporaryFolder()
        write(Self.kdf, to: dir + "/a.yaml")
        write(Self.kdf.replacingOccurrences(of: "name: test.kdf", with: "name: test.kdf2"), to: dir + "/b.yaml")
        write("keep me\n", to: dir + "/R/closer.kdf-params/test.kdf2-seed3.yaml")
        let out = try concord(["scenario", "a.yaml", "b.yaml", "--implementations", "swift", "--seed", "3", "--record", "R", "-o", "r.json"], in: dir)
        #expect(out.status == 2, "\(out.stderr)")
        #expect(out.stderr.contains("--record: R/closer.kdf-params/test.kdf2-seed3.yaml exists; a recording never replaces a file") && out.stderr.contains("nothing was run"),
                "\(out.stderr)")
        #expect(!FileManager.default.fileExists(atPath: dir + "/R/closer.kdf-params/test.kdf-seed3.yaml"), "the first scenario's file was written")
        #expect(try String(contentsOfFile: dir + "/R/closer.kdf-params/test.kdf2-seed3.yaml", encoding: .utf8) == "keep me\n")
        #expect(!FileManager.default.fileExists(atPath: dir + "/r.json"))
    }

    /// Item 10: --trials above 10^9 is refused, naming the limit (10^12 aborted allocating 8 TB);
    /// 10^9 starts running at once (each trial's values drawn when it runs) and Ctrl-C stops it.
    @Test func aHugeTrialCountStartsAtOnceAndStopsOnCtrlC() throws {
        let dir = temporaryFolder()
        write(Self.kdf, to: dir + "/k.yaml")
        let over = try concord(["scenario", dir + "/k.yaml", "--implementations", "swift", "--trials", "1000000000000", "-o", dir + "/r.json"])
        #expect(over.status == 2, "\(over.stderr)")
        #expect(over.stderr.contains("--trials 1000000000000 is above the limit of 1000000000 trials"), "\(over.stderr)")
        var env = ProcessInfo.processInfo.environment
        env["CONCORD_HOME"] = repositoryRoot
        env["CONCORD_PROGRESS"] = "always"
        let p = try Subprocess.spawn([concordBinary, "scenario", dir + "/k.yaml", "--implementations", "swift", "--trials", "1000000000",
                                      "--seed", "1", "-o", dir + "/r.json"], environment: env)
        close(p.stdin)
        let err = LockedData()
        Thread { err.set(Data(readAll(p.stderr))) }.start()
        Thread { _ = readAll(p.stdout) }.start()
        usleep(4_000_000)
        kill(p.pid, SIGINT)
        let end = p.wait(timeout: 30)
        if end == nil { p.stop() }
        #expect(end?.code == 130, "\(String(describing: end))")
        while !err.done { usleep(1000) }
        let text = String(decoding: err.data, as: UTF8.self)
        #expect(text.contains("1000000000 trials over 1 assignment") && text.contains("\ninterrupted\n"), "\(text.suffix(400))")
        let done = text.matches(of: #/(\d+)/1000000000 trials/#).compactMap { Int($0.1) }.max() ?? 0
        #expect(done > 0, "no trial ran in 4 s: \(text.suffix(400))")
        #expect((p.peakResidentKiB ?? 0) < 1 << 20, "\(p.peakResidentKiB ?? 0) KiB")
        #expect(!FileManager.default.fileExists(atPath: dir + "/r.json"))
    }

    /// Item 16: 1,500 keysets, each rotating the one before, are drawn in linear time (each rotation
    /// re-read the whole keyset before it: 15 s a trial). The guard is generous: 4 trials in 120 s.
    @Test func aLongRotationChainRunsInBoundedTime() throws {
        let dir = temporaryFolder()
        var y = "format: concord-scenario/1\nname: test.rotations\ntitle: \"t\"\nsource: \"t\"\nroles:\n  writer: \"w\"\n  reader: \"r\"\nfresh:\n"
        y += "  k0: {kind: tink-aes-gcm-keyset}\n"
        for i in 1..<1500 { y += "  k\(i): {kind: tink-aes-gcm-keyset, rotates: k\(i - 1)}\n" }
        y += """
          ctx: {kind: text, maxLength: 16}
          n1: {kind: bytes, length: 12}
        steps:
          - id: old
            role: writer
            suite: sinew.field-cipher
            op: encrypt
            input: {keys: {fresh: k0.keys}, primaryKeyId: {fresh: k0.primaryKeyId}, context: {fresh: ctx}, plaintext: "hello", nonce: {fresh: n1}}
          - id: read
            role: reader
            suite: sinew.field-cipher
            op: decrypt
            input: {keys: {fresh: k1499.keys}, context: {fresh: ctx}, value: {output: old.value}}
            expect: {plaintext: "hello"}

        """
        write(y, to: dir + "/rot.yaml")
        let env = ProcessInfo.processInfo.environment.merging(["CONCORD_HOME": repositoryRoot]) { $1 }
        let out = try runProcess(concordBinary, ["scenario", dir + "/rot.yaml", "--implementations", "swift", "--seed", "2", "-o", dir + "/r.json", "-q"],
                                 environment: env, timeout: 120)
        #expect(out.status == 0, "\(out.status) after \(out.seconds) s: \(out.stderr)\(out.stdout)")
        let report = try JSON.parse(String(contentsOfFile: dir + "/r.json", encoding: .utf8))
        #expect(report["summary"]?["passed"]?.intValue == 4)
    }

    /// Item 23: a named implementation that could not start fails the run (exit 1, its name and why
    /// first), as in `run`; the others' trials are run and reported. A scenario only it could have
    /// taken a role of is not run. It was exit 2, an option error.
    @Test func aNamedImplementationThatCannotStartFailsClosed() throws {
        let dir = temporaryFolder()
        write(Self.kdf, to: dir + "/k.yaml")
        let base = ["scenario", dir + "/k.yaml", "--adapter", "bad=/nonexistent/adapter", "--seed", "1"]
        let beside = try concord(base + ["--implementations", "swift,bad", "-o", dir + "/r.json"])
        #expect(beside.status == 1, "\(beside.stderr)")
        let first = beside.stderr.split(separator: "\n").first.map(String.init) ?? ""
        #expect(first.hasPrefix("concord: bad could not start: ") && first.contains("/nonexistent/adapter"), "\(beside.stderr)")
        let report = try JSON.parse(String(contentsOfFile: dir + "/r.json", encoding: .utf8))
        #expect(report["summary"]?["passed"]?.intValue == 4, "swift's trials ran")
        #expect(report["implementations"]?.arrayValue?.first { $0["name"]?.stringValue == "bad" }?["startFailure"]?.stringValue != nil)
        for extra in [["--implementations", "bad"], ["--implementations", "swift,bad", "--assign", "parser=bad"]] {
            let alone = try concord(base + extra + ["-o", dir + "/a.json"])
            #expect(alone.status == 1, "\(extra): \(alone.stderr)")
            #expect(alone.stderr.hasPrefix("concord: bad could not start: "), "\(extra): \(alone.stderr)")
            #expect(alone.stderr.contains("concord: scenario test.kdf is not run (bad did not start): "), "\(extra): \(alone.stderr)")
        }
        // A built-in one named while it is not available here is a bad option, before anything starts.
        let missing = try concord(["scenario", dir + "/k.yaml", "--implementations", "swift,webcrypto", "-o", dir + "/w.json"],
                                  env: ["CONCORD_CHROMIUM": "/nonexistent/chromium"])
        #expect(missing.status == 2 && missing.stderr.contains("--implementations names webcrypto, which is not available here"), "\(missing.stderr)")
        #expect(!FileManager.default.fileExists(atPath: dir + "/w.json"))
    }

    // MARK: Flows that go long (issue 44 item 6)

    static let longFlow = fixture("scenario-files/valid-long-sender-keys.yaml")
    static let plantedAdapter = "fake=" + fixture("adapters/sender-key-planted")

    /// The one file an exploration wrote in `dir`, read.
    func writtenFlow(_ dir: String) throws -> (path: String, text: String) {
        let files = try FileManager.default.contentsOfDirectory(atPath: dir).filter { $0.hasSuffix(".yaml") }
        #expect(files.count == 1, "\(files)")
        let path = dir + "/" + (files.first ?? "")
        return (path, try String(contentsOfFile: path, encoding: .utf8))
    }

    /// A user's adapter (line protocol) that keeps a sender key's iteration in one byte: right on
    /// every flow of up to 256 messages. `--explore` finds it, shrinks the flow to exactly 257
    /// messages (the smallest count that fails) and writes it; the written file replays the failure
    /// with the seed it names, at message 256, and passes on an adapter without the bug.
    @Test func exploreFindsABugOnlyALongFlowMeetsAndTheWrittenFileReplaysIt() throws {
        let dir = temporaryFolder()
        let base = ["--implementations", "swift,fake", "--adapter", Self.plantedAdapter]
        let out = try concord(["scenario", Self.longFlow, "--explore", "--seed", "1", "--trials", "4", "--shrink-runs", "30", "--emit", "flows", "-o", "r.json"] + base,
                              in: dir, env: ["FAKE_BUG": "iteration-byte"])
        #expect(out.status == 1, "\(out.stderr)")
        #expect(out.stderr.contains("concord: flow found: scenario fixture.long-sender-keys, trial "), "\(out.stderr)")
        #expect(out.stderr.contains("400 → 257 iterations"), "\(out.stderr)")
        let (path, text) = try writtenFlow(dir + "/flows")
        #expect(out.stdout.contains("written: flows/"), "\(out.stdout)")
        let flow = try ScenarioReader().read(file: path)
        #expect(flow.flow.repeats["sent"]?.count == .fixed(257), "\(text)")
        #expect(flow.flow.pin?.from == "fixture.long-sender-keys" && flow.flow.pin?.seed == 1)
        #expect(text.contains("# Replay: concord scenario flows/"), "\(text)")
        let report = try JSON.parse(String(contentsOfFile: dir + "/r.json", encoding: .utf8))
        #expect(report["scenario"]?["explore"]?["written"]?.arrayValue?.compactMap(\.stringValue) == ["flows/" + (path as NSString).lastPathComponent])
        // Replayed with the seed it names (and with another: a written flow draws from its own).
        for seed in ["1", "2"] {
            let replay = try concord(["scenario", path, "--seed", seed, "-o", "replay.json"] + base, in: dir, env: ["FAKE_BUG": "iteration-byte"])
            #expect(replay.status == 1, "\(replay.stderr)")
            #expect(replay.stdout.contains("receive-key.256.d"), "the failure is at message 256: \(replay.stdout)")
            if seed == "2" { #expect(replay.stderr.contains("is one flow of fixture.long-sender-keys, seed 1"), "\(replay.stderr)") }
        }
        let clean = try concord(["scenario", path, "--seed", "1", "-o", "clean.json"] + base, in: dir, env: ["FAKE_BUG": "none"])
        #expect(clean.status == 0, "\(clean.stderr)\(clean.stdout)")
    }

    /// A user's adapter whose window behind is 40 instead of the contract's 100: only a delivery out
    /// of order by more than 40 meets it. The same seed explores alike on another run (the same file,
    /// byte for byte), shrunk to its shortest form: 41 messages, message 40 delivered, then 0.
    @Test func exploreIsDeterministicAndShrinksAnOutOfOrderBugToItsShortestForm() throws {
        var texts: [String] = []
        for _ in 0..<2 {
            let dir = temporaryFolder()
            let out = try concord(["scenario", Self.longFlow, "--explore", "--seed", "5", "--trials", "6", "--emit", "flows", "-o", "r.json",
                                   "--implementations", "swift,fake", "--adapter", Self.plantedAdapter, "--assign", "sender=swift,receiver=fake"],
                                  in: dir, env: ["FAKE_BUG": "window-40"])
            #expect(out.status == 1, "\(out.stderr)")
            let (path, text) = try writtenFlow(dir + "/flows")
            let flow = try ScenarioReader().read(file: path)
            #expect(flow.flow.repeats["sent"]?.count == .fixed(41), "\(text)")
            #expect(flow.flow.deliveries["received"]?.order == .explicit([40, 0]), "\(text)")
            texts.append(text)
        }
        #expect(texts[0] == texts[1])
    }

    /// Bad flows and options are refused before anything runs, located, exit 2.
    @Test func aFlowThatCannotRunIsRefusedWithExitTwo() throws {
        let dir = temporaryFolder()
        let text = try String(contentsOfFile: Self.longFlow, encoding: .utf8)
        write(text.replacingOccurrences(of: "count: {min: 1, max: 400}", with: "count: {min: 1}"), to: dir + "/unbounded.yaml")
        let unbounded = try concord(["scenario", dir + "/unbounded.yaml", "--implementations", "swift"])
        #expect(unbounded.status == 2 && unbounded.stderr.contains(dir + "/unbounded.yaml:17:12: count has no max: a repetition must end"), "\(unbounded.stderr)")
        write("not a folder", to: dir + "/file")
        for (args, fragment) in [(["--seconds", "3"], "--seconds is an option of --explore"),
                                 (["--emit", "x"], "--emit is an option of --explore"),
                                 (["--explore", "--record", dir + "/rec"], "--explore draws flows and writes the one that fails: --record is for a run"),
                                 (["--explore", "--seconds", "0"], "--seconds needs a positive number"),
                                 (["--explore", "--emit", dir + "/file"], "is not a folder")] {
            let out = try concord(["scenario", Self.longFlow, "--implementations", "swift"] + args)
            #expect(out.status == 2 && out.stderr.contains(fragment), "\(args): \(out.stderr)")
        }
    }

    /// In an app repository (a concord.yaml that declares what a run covers), `scenario` with no
    /// argument runs what it declares: the scenarios of its packs and those among its vector folders,
    /// not every pack's. Before, every pack's scenarios ran there and the project's own were left out.
    @Test func anAppsProjectFileSaysWhichScenariosRun() throws {
        let dir = temporaryFolder()
        try FileManager.default.createDirectory(atPath: dir + "/flows", withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: Self.couple, toPath: dir + "/flows/couple.yaml")
        try "packs: [askkey]\nvectors: [flows]\n".write(toFile: dir + "/concord.yaml", atomically: true, encoding: .utf8)
        let out = try concord(["scenario", "--implementations", "swift,openssl", "--trials", "1", "--seed", "1", "-o", "r.json"], in: dir)
        #expect(out.status == 0, "\(out.stderr)\(out.stdout)")
        let report = try JSON.parse(String(contentsOfFile: dir + "/r.json", encoding: .utf8))
        let names = Set((report["results"]?.arrayValue ?? []).compactMap { $0["vector"]?.stringValue?.split(separator: "/").first.map(String.init) })
        #expect(names == ["scenario:askkey.confirmation", "scenario:askkey.key-agreement", "scenario:closer.couple"], "\(names)")
        // Declaring nothing with a scenario is refused, located at the project file.
        try "packs: []\n".write(toFile: dir + "/concord.yaml", atomically: true, encoding: .utf8)
        let none = try concord(["scenario", "--implementations", "swift", "-o", "r.json"], in: dir)
        #expect(none.status == 2 && none.stderr.contains("concord.yaml declares no pack with scenarios"), "\(none.stderr)")
    }
}
