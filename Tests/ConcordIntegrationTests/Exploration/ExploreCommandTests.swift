import ConcordFormats
import ConcordImplementations
import ConcordTestSupport
import Foundation
import Testing

/// `concord explore` as a user runs it (issue 31, docs/exploration.md): a broken user adapter (an
/// HMAC that flips a tag bit once the message is 5 bytes or more) is found and exits 1; the replay
/// command finds it again; the emitted vector file validates, passes on the libraries and fails on
/// the adapter; a ledger entry makes it known (exit 0); bad input exits 2.
@Suite struct ExploreCommandTests {
    func concord(_ args: [String], in dir: String, progress: Bool = false, timeout: Double = 300) throws -> ProcessOutput {
        var env = ProcessInfo.processInfo.environment
        if progress { env["CONCORD_PROGRESS"] = "always" }
        env["CONCORD_HOME"] = repositoryRoot
        env.removeValue(forKey: "GITHUB_ACTIONS")
        return try runProcess("/bin/sh", ["-c", "cd \"$0\" && exec \"$@\"", dir, concordBinary] + args, environment: env, timeout: timeout)
    }

    /// How a file --emit wrote begins (docs/exploration.md).
    static let header = "# Written by concord explore"

    /// A folder of its own for one test, removed after it.
    func folder() throws -> String {
        let dir = NSTemporaryDirectory() + "concord-explore-\(getpid())-\(Int.random(in: 0..<1_000_000))"
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        return dir
    }

    static let adapter = #"""
    import sys, json, hmac, hashlib
    suites = [{"suite": "hmac-sha256", "ops": [{"op": "compute", "inputs": ["key", "message"], "outputs": ["tag"]},
                                                {"op": "verify", "inputs": ["key", "message", "tag"], "outputs": []}]}]
    print(json.dumps({"concord-adapter": 1, "name": "broken", "version": "1", "suites": suites}), flush=True)
    for line in sys.stdin:
        r = json.loads(line)
        i = r["input"]
        key, msg = bytes.fromhex(i["key"]["hex"]), bytes.fromhex(i["message"]["hex"])
        tag = hmac.new(key, msg, hashlib.sha256).digest()
        if r["op"] == "compute":
            if len(msg) >= 5:
                tag = bytes([tag[0] ^ 1]) + tag[1:]
            out = {"id": r["id"], "outputs": {"tag": {"hex": tag.hex()}}}
        elif hmac.compare_digest(tag, bytes.fromhex(i["tag"]["hex"])):
            out = {"id": r["id"], "outputs": {}}
        else:
            out = {"id": r["id"], "error": "unclassified", "message": "does not verify"}
        print(json.dumps(out), flush=True)
    """#

    @Test func aBrokenAdapterIsFoundReplayedEmittedAndLedgered() throws {
        let dir = NSTemporaryDirectory() + "concord-explore-\(getpid())-\(Int.random(in: 0..<1_000_000))"
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try Self.adapter.write(toFile: dir + "/broken.py", atomically: true, encoding: .utf8)
        let common = ["--adapter", "broken=python3 broken.py", "--implementations", "openssl,libsodium,broken"]
        let r = try concord(["explore", "hmac-sha256"] + common + ["--cases", "150", "--seed", "11", "--emit", "found"], in: dir)
        #expect(r.status == 1, "\(r.stdout)\n\(r.stderr)")
        #expect(r.stdout.contains("finding: hmac-sha256 compute: broken outputs vs openssl+libsodium outputs"), "\(r.stdout)")
        // The replay line, and the replay finding it again.
        let replay = try #require(r.stdout.split(separator: "\n").first { $0.contains("replay: concord explore hmac-sha256 ") && r.stdout.contains("compute") })
        #expect(replay.contains("--seed 11 --case "))
        let k = try #require(replay.components(separatedBy: "--case ").last)
        let again = try concord(["explore", "hmac-sha256"] + common + ["--seed", "11", "--case", String(k)], in: dir)
        #expect(again.status == 1 && again.stdout.contains("finding: hmac-sha256 compute: broken outputs vs openssl+libsodium outputs"), "\(again.stdout)")
        // The shrunk message is 5 bytes: the shortest that still diverges.
        #expect(r.stdout.contains(#/message=[0-9a-f]{10}\b/#), "\(r.stdout)")

        let file = dir + "/found/explore-hmac-sha256-11.yaml"
        #expect(FileManager.default.fileExists(atPath: file), "\(r.stdout)")
        let v = try concord(["validate", file], in: dir)
        #expect(v.status == 0, "\(v.stdout)\n\(v.stderr)")
        let good = try concord(["run", file, "--implementations", "openssl,libsodium", "-o", "good.json"], in: dir)
        #expect(good.status == 0, "\(good.stdout)\n\(good.stderr)")
        let bad = try concord(["run", file] + common + ["-o", "bad.json"], in: dir)
        #expect(bad.status == 1, "\(bad.stdout)\n\(bad.stderr)")

        // Ledgered: known, not new; exit 0 when nothing else is new.
        try Self.ledger.write(toFile: dir + "/ledger.yaml", atomically: true, encoding: .utf8)
        let known = try concord(["explore", "hmac-sha256"] + common + ["--cases", "150", "--seed", "11", "--ledger", "ledger.yaml"], in: dir)
        #expect(known.stdout.contains("known: hmac-sha256 compute: broken outputs vs openssl+libsodium outputs"), "\(known.stdout)\n\(known.stderr)")
        #expect(!known.stdout.contains("finding: "), "\(known.stdout)")
        #expect(known.status == 0, "\(known.stdout)\n\(known.stderr)")
        #expect(!known.stderr.contains("warning:"), "\(known.stderr)")

        // An entry that silences the whole suite must say so (scope), and is then warned of with
        // what it knew, `--quiet` or not: never silent itself.
        try """
        divergences:
          - vector: "hmac-sha256/*"
            implementation: broken
            status: fail
            scope: suite
            reason: "planted: a tag bit flipped"
          - vector: "hmac-sha256/explore-ver*"
            implementation: broken
            status: refused
            reason: "planted: verify is unclassified"
        """.write(toFile: dir + "/broad.yaml", atomically: true, encoding: .utf8)
        let broad = try concord(["explore", "hmac-sha256"] + common + ["--cases", "150", "--seed", "11", "--ledger", "broad.yaml", "--quiet"], in: dir)
        #expect(broad.status == 0, "\(broad.stdout)\n\(broad.stderr)")
        #expect(broad.stderr.contains("concord: warning: broad.yaml:2:5: ledger entry hmac-sha256/* on broken (scope: suite) silences every finding of the suite hmac-sha256: it knew 1 finding of this exploration"), "\(broad.stderr)")
    }

    /// "Emitted vectors tell the truth" (docs/exploration.md, "Whose answer a vector expects"): a
    /// planted interop bug in a user adapter (the app under test, `android`, `Tests/Fixtures/adapters/planted-*`),
    /// explored against one reference implementation, is found; with --emit every implementation of
    /// the catalog that was not explored answers each finding's shrunk input too; every vector written
    /// with an expected value passes on the reference implementations and fails on the planted adapter,
    /// and its file's `source:` names the libraries that agreed. A finding only the app and Concord's
    /// own ports answered (closer.field encrypt: Tink cannot encrypt with a given nonce) is written
    /// `result: pending`, flagged review, with both answers in its comment: it passes nowhere and fails
    /// nowhere. Before, the side holding code Concord did not write was expected, the app's included:
    /// every vector here expected the planted bug (it passed on the planted adapter and failed on the
    /// reference).
    @Test(arguments: [
        ("aes-gcm", "planted-aes-gcm-aad", "openssl", "openssl,libsodium,jvm,tink,node", false),
        ("closer.field", "planted-closer-field-aad", "swift", "swift,jvm,tink", true),
    ])
    func aPlantedBugsVectorsFailItAndPassTheReference(suite: String, adapter: String, explored: String, reference: String, portsOnly: Bool) throws {
        let dir = try folder()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let planted = ["--adapter", "android=" + fixture("adapters/" + adapter)]
        let r = try concord(["explore", suite] + planted + ["--implementations", explored + ",android", "--cases", "200", "--seed", "3", "--emit", "found"], in: dir)
        #expect(r.status == 1, "\(r.stdout)\n\(r.stderr)")
        #expect(r.stdout.contains("finding: \(suite) "), "\(r.stdout)")
        let file = dir + "/found/explore-\(suite)-3.yaml"
        let text = try String(contentsOfFile: file, encoding: .utf8)
        #expect(try concord(["validate", file], in: dir).status == 0)
        // Every settled vector's expected value is a library's, agreed with another implementation.
        let source = try #require(text.split(separator: "\n").first { $0.hasPrefix("source: ") })
        for part in source.components(separatedBy: "; concord explore ").dropFirst() where part.contains("expected: ") && !part.contains("round trip") {
            #expect(part.components(separatedBy: "expected: ")[1].contains("(library: "), "\(part)")
        }
        #expect(!text.contains("expected: android"), "\(text)")
        // A vector settled by libraries needs no review (before, a finding of two sides of code Concord did
        // not write was flagged and expected the first side: the app's, named android).
        #expect(!text.contains("flags: [explored, review]") || portsOnly, "\(text)")

        // The reference implementations and the planted adapter, in one run: the reference passes every
        // settled vector, the planted adapter fails every one, and a pending vector is pending on all.
        let run = try concord(["run", file] + planted + ["--implementations", reference + ",android", "-o", "both.json"], in: dir)
        #expect(run.status == 1, "\(run.stdout)\n\(run.stderr)")
        let report = try JSON.parse(try String(contentsOfFile: dir + "/both.json", encoding: .utf8))
        let results = try #require(report["results"]?.arrayValue)
        var settled = 0, pending = 0
        for v in results {
            let name = v["vector"]?.stringValue ?? "?"
            let impls = try #require(v["implementations"]?.objectValue)
            let status = { (n: String) in impls.first { $0.key == n }?.value["status"]?.stringValue }
            if v["result"]?.stringValue == "pending" {
                pending += 1
                #expect(v["status"]?.stringValue == "pending", "\(name)")
                #expect(impls.allSatisfy { ["pending", "unsupported"].contains($0.value["status"]?.stringValue ?? "") }, "\(name): \(impls)")
                continue
            }
            settled += 1
            #expect(status("android") == "fail", "\(name) does not fail the planted adapter: \(impls)")
            // A round trip's verdict is the worst of a row and a column: the reference's seals that the
            // planted adapter cannot open fail their row here (the reference alone passes it, below).
            if name.contains("/explore-roundtrip-") { continue }
            for n in reference.split(separator: ",").map(String.init) {
                #expect(["pass", "unsupported", nil].contains(status(n)), "\(name) on \(n): \(status(n) ?? "-")")
            }
            #expect(reference.split(separator: ",").contains { status(String($0)) == "pass" }, "\(name): a reference implementation passes it")
        }
        #expect(settled >= 1, "\(text)")
        // Alone, the reference implementations pass: nothing emitted fails them (a pending vector is no failure).
        let good = try concord(["run", file, "--implementations", reference, "-o", "good.json"], in: dir)
        #expect(good.status == 0, "\(good.stdout)\n\(good.stderr)")
        if portsOnly {
            #expect(pending >= 1, "\(text)")
            #expect(text.contains("    result: pending") && text.contains("flags: [explored, review]"), "\(text)")
            #expect(text.contains("android (the app under test) answered outputs wire: ") && text.contains("swift (Concord's own port), jvm (Concord's own port) answered outputs wire: "), "\(text)")
            #expect(r.stdout.contains("vector pending (review): no independent witness: no library's own code answered"), "\(r.stdout)")
            // A pending vector is never a pass: --fail-on pending fails the reference's run.
            let strict = try concord(["run", file, "--implementations", reference, "--fail-on", "pending", "-o", "strict.json"], in: dir)
            #expect(strict.status == 1 && strict.stderr.contains("pending (--fail-on pending)"), "\(strict.stderr)")
        } else {
            #expect(pending == 0 && !text.contains("    result: pending"), "libraries answered every finding: \(text)")
        }
    }

    static let fragile = #"""
    import sys, json, hmac, hashlib, time, os
    suites = [{"suite": "hmac-sha256", "ops": [{"op": "compute", "inputs": ["key", "message"], "outputs": ["tag"]},
                                                {"op": "verify", "inputs": ["key", "message", "tag"], "outputs": []}]}]
    print(json.dumps({"concord-adapter": 1, "name": "fragile", "version": "1", "suites": suites}), flush=True)
    for line in sys.stdin:
        r = json.loads(line)
        i = r["input"]
        key, msg = bytes.fromhex(i["key"]["hex"]), bytes.fromhex(i["message"]["hex"])
        if r["op"] == "compute" and len(msg) == 7:
            time.sleep(3600)
        if r["op"] == "compute" and len(msg) == 9:
            os._exit(3)
        tag = hmac.new(key, msg, hashlib.sha256).digest()
        if r["op"] == "compute":
            out = {"id": r["id"], "outputs": {"tag": {"hex": tag.hex()}}}
        elif hmac.compare_digest(tag, bytes.fromhex(i["tag"]["hex"])):
            out = {"id": r["id"], "outputs": {}}
        else:
            out = {"id": r["id"], "error": "authentication", "message": "does not verify"}
        print(json.dumps(out), flush=True)
    """#

    /// An adapter that hangs on a 7-byte message and exits on a 9-byte one: two findings, each
    /// with its input, and the exploration goes on to its last case with the adapter started again.
    @Test func aHangAndACrashAreFindingsNotTheEnd() throws {
        let dir = NSTemporaryDirectory() + "concord-explore-\(getpid())-\(Int.random(in: 0..<1_000_000))"
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try Self.fragile.write(toFile: dir + "/fragile.py", atomically: true, encoding: .utf8)
        let r = try concord(["explore", "hmac-sha256", "--adapter", "fragile=python3 fragile.py", "--implementations", "openssl,libsodium,fragile",
                             "--cases", "300", "--seed", "4", "--timeout", "1", "-j", "4"], in: dir)
        #expect(r.status == 1, "\(r.stdout)\n\(r.stderr)")
        #expect(r.stdout.contains("finding: hmac-sha256 compute: fragile error (hang)"), "\(r.stdout)")
        #expect(r.stdout.contains("finding: hmac-sha256 compute: fragile error (crash)"), "\(r.stdout)")
        #expect(r.stdout.contains("explore: seed 4, 600 cases"), "every case ran: \(r.stdout)")
        // Each with the message that did it.
        let blocks = r.stdout.components(separatedBy: "finding: ")
        let hang = try #require(blocks.first { $0.hasPrefix("hmac-sha256 compute: fragile error (hang)") })
        #expect(hang.contains(#/message=[0-9a-f]{14}\b/#), "\(hang)")
        let crash = try #require(blocks.first { $0.hasPrefix("hmac-sha256 compute: fragile error (crash)") })
        #expect(crash.contains(#/message=[0-9a-f]{18}\b/#), "\(crash)")
        // Every crash of the shared process is one a 9-byte message gives alone: none needs earlier requests.
        #expect(!r.stdout.contains("needs earlier requests"), "\(r.stdout)")
    }

    /// "A crash is a finding even when it needs state to recur": an adapter that dies on its 10th
    /// request, whatever it holds, crashes over and over and no request does it alone. It was exit 0
    /// ("errors … requests in flight when another input stopped the process: not findings"); it is a
    /// finding, exit 1, saying what it needs, with the requests its process was sent kept in the
    /// --emit folder, one protocol line each, which crash a fresh process again when piped to it.
    @Test func aCrashThatNeedsEarlierRequestsIsAFindingWithTheRequestsKept() throws {
        let dir = try folder()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let adapter = fixture("adapters/crash-after-requests")
        let r = try concord(["explore", "hmac-sha256", "--adapter", "fake=" + adapter, "--implementations", "openssl,libsodium,fake",
                             "--cases", "100", "--seed", "7", "--emit", "found"], in: dir)
        #expect(r.status == 1, "\(r.stdout)\n\(r.stderr)")
        #expect(r.stdout.contains("finding: fake crash (needs earlier requests)"), "\(r.stdout)")
        #expect(r.stdout.contains("no request in flight crashes a fresh process alone: the crash needs the state earlier requests left"), "\(r.stdout)")
        #expect(r.stdout.contains("the heap is gone"), "its last words: \(r.stdout)")
        #expect(r.stdout.contains("replayed in order on a fresh process, they crash it again at request 10"), "\(r.stdout)")
        #expect(!r.stdout.contains("another input stopped the process"), "the old, wrong cause: \(r.stdout)")
        let file = dir + "/found/explore-crash-fake-7.jsonl"
        #expect(r.stdout.contains("kept: the ") && r.stdout.contains("in found/explore-crash-fake-7.jsonl"), "\(r.stdout)")
        #expect(r.stdout.contains("replay: ") && r.stdout.contains(" < found/explore-crash-fake-7.jsonl"), "\(r.stdout)")
        // One request a line, as the protocol writes it, ids in the order sent.
        let lines = try String(contentsOfFile: file, encoding: .utf8).split(separator: "\n")
        #expect(lines.count >= 10, "\(lines.count) lines")
        let ids = try lines.map { try #require(try JSON.parse(String($0))["id"]?.intValue) }
        #expect(ids == ids.sorted() && Set(ids).count == ids.count)
        #expect(lines.allSatisfy { $0.contains(#""suite":"hmac-sha256","op":"compute","input":{"key":"#) })
        // Piped to the adapter, the file crashes it (SIGSEGV) on its 10th line.
        let replay = try runProcess("/bin/sh", ["-c", "exec \"$0\" < \"$1\"", adapter, file], timeout: 60)
        #expect(replay.status == 128 + SIGSEGV && replay.stderr.contains("request 10, the heap is gone"), "\(replay.status) \(replay.stderr)")
        #expect(replay.stdout.split(separator: "\n").count == 10, "a handshake and nine answers: \(replay.stdout)")
        // The report's crash says the same replay, with the kept file (it said the command alone).
        let report = try String(contentsOfFile: dir + "/reports/explore.json", encoding: .utf8)
        #expect(report.contains("crash-after-requests < found/explore-crash-fake-7.jsonl"), "\(report)")
        // Without --emit the requests go to reports/; a second file never replaces the first.
        let again = try concord(["explore", "hmac-sha256", "--adapter", "fake=" + adapter, "--implementations", "openssl,libsodium,fake",
                                 "--cases", "30", "--seed", "7"], in: dir)
        let third = try concord(["explore", "hmac-sha256", "--adapter", "fake=" + adapter, "--implementations", "openssl,libsodium,fake",
                                 "--cases", "30", "--seed", "7"], in: dir)
        #expect(again.status == 1 && third.status == 1, "\(again.stdout)\n\(third.stdout)")
        // (reports/ also holds the exploration's own report, explore.json.)
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir + "/reports").filter { $0.hasSuffix(".jsonl") }.sorted() == ["explore-crash-fake-7-2.jsonl", "explore-crash-fake-7.jsonl"])
    }

    /// The fail-closed gate of `run` (docs/gating.md), on explore: an adapter the user named that
    /// does not start (it exits before its handshake, speaks another protocol version, announces
    /// nonsense, or never says hello) is named with why, the others are explored, and the exit is 1.
    /// It was dropped without a word, exit 0.
    @Test func aNamedAdapterThatDoesNotStartFailsTheExploration() throws {
        let dir = try folder()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let r = try concord(["explore", "hmac-sha256", "--implementations", "openssl,libsodium,crash,v2,bad,mute",
                             "--adapter", "crash=" + fixture("adapters/exit-at-start"),
                             "--adapter", "v2=FAKE_NAME=v2 " + fixture("adapters/wrong-version"),
                             "--adapter", "bad=FAKE_NAME=bad " + fixture("adapters/bad-announcement"),
                             "--adapter", "mute=" + fixture("adapters/no-handshake"),
                             "--cases", "20", "--seed", "3"], in: dir)
        #expect(r.status == 1, "\(r.stdout)\n\(r.stderr)")
        for (name, why) in [("crash", "exited (exit status 3); its last words: fake: cannot load libcrypto on purpose"),
                            ("v2", "protocol version 1"), ("bad", "no \"ops\" list"), ("mute", "sent no handshake within 30 s|exited")] {
            let lines = r.stderr.split(separator: "\n").filter { $0.hasPrefix("concord: \(name) could not start: ") }
            #expect(lines.count == 2 && why.split(separator: "|").contains { lines[0].contains($0) }, "named at the top and again at the end: \(name): \(r.stderr)")
        }
        // The others were explored and agree.
        #expect(r.stdout.contains("explore: seed 3, 40 cases") && r.stdout.contains("0 new findings"), "\(r.stdout)")
        // The same adapter from the project file is named too; a built-in one merely missing is not a failure.
        write("adapters:\n  crash:\n    command: [\(fixture("adapters/exit-at-start"))]\n", to: dir + "/concord.yaml")
        let project = try concord(["explore", "hmac-sha256", "--implementations", "openssl,libsodium,crash", "--cases", "20", "--seed", "3"], in: dir)
        #expect(project.status == 1 && project.stderr.hasPrefix("concord: crash could not start: "), "\(project.stderr)")
    }

    /// `--emit` replaces only a file exploration wrote: one that is not UTF-8 was read as "no file"
    /// and replaced (exit 1), a FIFO at the name blocked the read forever. Both are refused before
    /// anything is explored (exit 2), left as they were.
    @Test func emitNeverReplacesAFileItCannotTellItsOwn() throws {
        let dir = try folder()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try Self.adapter.write(toFile: dir + "/broken.py", atomically: true, encoding: .utf8)
        try FileManager.default.createDirectory(atPath: dir + "/found", withIntermediateDirectories: true)
        let file = dir + "/found/explore-hmac-sha256-11.yaml"
        let binary = Data([0xff, 0xfe, 0x00, 0x80, 0x23, 0x20, 0x57])
        try binary.write(to: URL(fileURLWithPath: file))
        let common = ["explore", "hmac-sha256", "--adapter", "broken=python3 broken.py", "--implementations", "openssl,libsodium,broken",
                      "--cases", "150", "--seed", "11", "--emit", "found"]
        let r = try concord(common, in: dir)
        #expect(r.status == 2, "\(r.stdout)\n\(r.stderr)")
        #expect(r.stderr.contains("found/explore-hmac-sha256-11.yaml: exists and was not written by concord explore: not replaced; nothing was explored"), "\(r.stderr)")
        #expect(!r.stdout.contains("finding:"), "\(r.stdout)")
        #expect(FileManager.default.contents(atPath: file) == binary)
        try FileManager.default.removeItem(atPath: file)
        #expect(mkfifo(file, 0o644) == 0)
        let fifo = try concord(common, in: dir, timeout: 60)
        #expect(fifo.status == 2 && fifo.stderr.contains("explore-hmac-sha256-11.yaml: is a FIFO"), "\(fifo.status) \(fifo.stderr)")
        var st = stat()
        #expect(lstat(file, &st) == 0 && st.st_mode & S_IFMT == S_IFIFO)
        // A file explore wrote is replaced.
        try FileManager.default.removeItem(atPath: file)
        try (Self.header + "\nold\n").write(toFile: file, atomically: true, encoding: .utf8)
        let ours = try concord(common, in: dir)
        #expect(ours.status == 1 && ours.stdout.contains("wrote found/explore-hmac-sha256-11.yaml"), "\(ours.stdout)\n\(ours.stderr)")
        #expect(try String(contentsOfFile: file, encoding: .utf8).contains("format: concord-vectors/1"))
    }

    /// `--emit` writes only inside the folder asked for: a symbolic link at a name it would write
    /// (dangling, to a file inside the folder, leading out) is refused before anything is explored,
    /// exit 2, naming it; nothing is written through it. A dangling link was followed: the vector
    /// file landed outside.
    @Test func emitNeverWritesThroughALink() throws {
        let dir = try folder()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try Self.adapter.write(toFile: dir + "/broken.py", atomically: true, encoding: .utf8)
        try FileManager.default.createDirectory(atPath: dir + "/found", withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: dir + "/outside", withIntermediateDirectories: true)
        try (Self.header + "\nmine\n").write(toFile: dir + "/found/mine.yaml", atomically: true, encoding: .utf8)
        let name = dir + "/found/explore-hmac-sha256-11.yaml"
        for target in [dir + "/outside/planted.yaml", "mine.yaml", "../outside/planted.yaml"] {
            try FileManager.default.createSymbolicLink(atPath: name, withDestinationPath: target)
            let r = try concord(["explore", "hmac-sha256", "--adapter", "broken=python3 broken.py", "--implementations", "openssl,libsodium,broken",
                                 "--cases", "150", "--seed", "11", "--emit", "found"], in: dir)
            #expect(r.status == 2, "\(target): \(r.stdout)\n\(r.stderr)")
            #expect(r.stderr.contains("found/explore-hmac-sha256-11.yaml: is a symbolic link (to \(target))"), "\(r.stderr)")
            #expect(try FileManager.default.contentsOfDirectory(atPath: dir + "/outside").isEmpty, "\(target)")
            #expect(try String(contentsOfFile: dir + "/found/mine.yaml", encoding: .utf8) == Self.header + "\nmine\n")
            #expect(try FileManager.default.destinationOfSymbolicLink(atPath: name) == target)
            try FileManager.default.removeItem(atPath: name)
        }
        // The folder itself may be a link to a folder (the user's); not one that leads nowhere.
        try FileManager.default.createSymbolicLink(atPath: dir + "/via", withDestinationPath: "found")
        let via = try concord(["explore", "hmac-sha256", "--adapter", "broken=python3 broken.py", "--implementations", "openssl,libsodium,broken",
                               "--cases", "150", "--seed", "11", "--emit", "via"], in: dir)
        #expect(via.status == 1 && FileManager.default.fileExists(atPath: name), "\(via.stdout)\n\(via.stderr)")
        try FileManager.default.createSymbolicLink(atPath: dir + "/nowhere", withDestinationPath: "outside/new")
        let nowhere = try concord(["explore", "hmac-sha256", "--implementations", "openssl,libsodium", "--cases", "5", "--seed", "11", "--emit", "nowhere"], in: dir)
        #expect(nowhere.status == 2 && nowhere.stderr.contains("nowhere: is a symbolic link to outside/new that leads nowhere"), "\(nowhere.stderr)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir + "/outside").isEmpty)
    }

    /// `-j` in the thousands: at most 1024 (requests in flight at once), and 1024 explores as fast as
    /// 2 would: a thread per case of a chunk at most, and no thread spins while there are more than
    /// cores. `-j 1000` had never finished `--cases 200` on two cores (every hand-over of a 16-case
    /// chunk spun a thousand threads). The time guard is generous: it catches a hang, not a slowdown.
    @Test func aHugeJobCountIsRefusedOrFinishes() throws {
        let dir = NSTemporaryDirectory()
        let over = try concord(["explore", "aes-gcm", "--implementations", "openssl,libsodium", "--cases", "200", "--seed", "1", "-j", "1025"], in: dir)
        #expect(over.status == 2 && over.stderr.contains("--jobs 1025 is above the limit of 1024 worker threads"), "\(over.stderr)")
        let two = try concord(["explore", "aes-gcm", "--implementations", "openssl,libsodium", "--cases", "200", "--seed", "1", "-j", "2"], in: dir)
        let many = try concord(["explore", "aes-gcm", "--implementations", "openssl,libsodium", "--cases", "200", "--seed", "1", "-j", "1024"], in: dir, timeout: 60)
        func summary(_ s: String) -> String? {
            s.split(separator: "\n").first { $0.hasPrefix("explore: seed") }.map { String($0).replacingOccurrences(of: #" in [0-9.]+ s \([0-9]+/s\)"#, with: "", options: .regularExpression) }
        }
        #expect(many.status == 0 && summary(many.stdout) != nil && summary(many.stdout) == summary(two.stdout), "\(many.status) \(many.stdout)\n\(two.stdout)")
    }

    /// `--seconds` is kept within a second (start-up included, in-process implementations).
    @Test func secondsAreHonoured() throws {
        let t0 = Date()
        let r = try concord(["explore", "aes-gcm", "chacha20-poly1305", "ed25519", "--implementations", "openssl,libsodium", "--seconds", "2", "--seed", "3"],
                            in: NSTemporaryDirectory())
        let took = Date().timeIntervalSince(t0)
        #expect(r.status == 0, "\(r.stdout)\n\(r.stderr)")
        #expect(took < 3.5, "took \(took) s")
    }

    /// The progress line (forced, as on a terminal): cases, findings, seconds; never with -q.
    @Test func aProgressLine() throws {
        let r = try concord(["explore", "aes-gcm", "--implementations", "openssl,libsodium", "--seconds", "1", "--seed", "2"], in: NSTemporaryDirectory(), progress: true)
        #expect(r.status == 0 && r.stderr.contains(" cases  0 findings  "), "\(r.stderr)")
        let q = try concord(["explore", "aes-gcm", "--implementations", "openssl,libsodium", "--seconds", "1", "--seed", "2", "-q"], in: NSTemporaryDirectory(), progress: true)
        #expect(!q.stderr.contains(" cases  "), "\(q.stderr)")
    }

    @Test func badInputExitsTwoWithAMessage() throws {
        let dir = NSTemporaryDirectory()
        for (args, message) in [(["nosuch"], "unknown suite or pack \"nosuch\""), (["aes-gcm", "--seed", "x"], "--seed needs an unsigned integer"),
                                (["aes-gcm", "--seconds", "1", "--cases", "2"], "exclude each other"), (["aes-gcm", "--cases", "0"], "--cases needs an integer ≥ 1, got \"0\""),
                                (["aes-gcm", "--implementations", "nope"], "unknown implementation \"nope\"")] {
            let r = try concord(["explore"] + args, in: dir)
            #expect(r.status == 2 && r.stderr.contains(message), "\(args): \(r.status) \(r.stderr)")
        }
    }

    /// Nothing to compare (one implementation) is never green; two agreeing libraries are.
    @Test func nothingComparedIsNotGreen() throws {
        let one = try concord(["explore", "aes-gcm", "--implementations", "openssl", "--cases", "20", "--seed", "1"], in: NSTemporaryDirectory())
        #expect(one.status == 1 && one.stderr.contains("compared nothing"), "\(one.stderr)")
        let two = try concord(["explore", "aes-gcm", "--implementations", "openssl,libsodium", "--cases", "200", "--seed", "1"], in: NSTemporaryDirectory())
        #expect(two.status == 0 && two.stdout.contains("explore: seed 1, 400 cases"), "\(two.stdout)\n\(two.stderr)")
    }

    // MARK: --isolate and concord serve

    /// `concord serve NAME` speaks the adapter protocol for an in-process implementation: a handshake
    /// that Concord's own handshake reader accepts (every op as the definition has it, with provenance),
    /// then an answer per request line; a name that is not in-process exits 2.
    @Test func serveSpeaksTheAdapterProtocol() throws {
        let request = #"{"id":7,"suite":"aes-gcm","op":"open","input":{"key":{"hex":"00000000000000000000000000000000"},"nonce":{"hex":"000000000000000000000000"},"aad":{"hex":""},"ciphertext":{"hex":""},"tag":{"hex":"58e2fccefa7e3061367f1d57a4e7455a"}}}"#
        let r = try runProcess("/bin/sh", ["-c", "printf '%s\\n%s\\n' \"$1\" '{\"id\":8,\"suite\":\"aes-gcm\",\"op\":\"open\",\"input\":{}}' | \"$0\" serve openssl",
                                           concordBinary, request], timeout: 60)
        let lines = r.stdout.split(separator: "\n").map(String.init)
        #expect(r.status == 0 && lines.count == 3, "\(r.stdout)\n\(r.stderr)")
        let handshake = try Handshake.parse(try #require(lines.first))
        #expect(handshake.name == "openssl" && handshake.provenance["aes-gcm"] == .library("OpenSSL EVP AES-GCM"), "\(lines[0])")
        #expect(lines.dropFirst().first == #"{"id":7,"outputs":{"plaintext":{"hex":""}}}"#, "\(r.stdout)")
        #expect(lines.last?.hasPrefix(#"{"id":8,"#) == true && lines.last?.contains("key") == true, "\(r.stdout)")
        let jvm = try runProcess(concordBinary, ["serve", "jvm"], timeout: 60)
        #expect(jvm.status == 2 && jvm.stderr.contains("not an in-process implementation"), "\(jvm.stderr)")
    }

    /// `--isolate` explores the same cases with the same verdicts, each in-process implementation in
    /// a process of its own; a process killed under it (as a Swift trap would end it) does not end the
    /// exploration: its requests in flight are run again on a new process, and the run goes on to its end.
    @Test func isolatedImplementationsSurviveACrash() throws {
        let common = ["explore", "aes-gcm", "--implementations", "openssl,libsodium,swift", "--cases", "300", "--seed", "5"]
        let plain = try concord(common, in: NSTemporaryDirectory())
        let isolated = try concord(common + ["--isolate"], in: NSTemporaryDirectory())
        func summary(_ s: String) -> String? {
            s.split(separator: "\n").first { $0.hasPrefix("explore: seed") }.map { String($0).replacingOccurrences(of: #" in [0-9.]+ s \([0-9]+/s\)"#, with: "", options: .regularExpression) }
        }
        #expect(plain.status == 0 && isolated.status == 0, "\(plain.stdout)\n\(isolated.stdout)\n\(isolated.stderr)")
        #expect(summary(isolated.stdout) != nil && summary(isolated.stdout) == summary(plain.stdout), "\(plain.stdout)\n\(isolated.stdout)")

        // The kill waits for the progress line to count cases: only then are both processes past
        // their handshake and answering (a fixed sleep could land, on a loaded machine, while the
        // process was still starting). SIGKILL, not SIGSEGV: the Swift runtime's backtracer takes a
        // SIGSEGV sent by kill(2) and, now and then, lets the process run on, which is no crash.
        let script = #"""
        E=$(mktemp); trap 'rm -f "$E"' EXIT
        CONCORD_PROGRESS=always "$@" 2>"$E" & P=$!
        i=0
        until tr '\r' '\n' < "$E" | grep -qE '^ +[1-9][0-9]* cases' || [ $i -ge 600 ]; do sleep 0.05; i=$((i+1)); done
        pkill -KILL -P $P -f "serve openssl"; echo "killed $?"
        wait $P; echo "status $?"; tr '\r' '\n' < "$E" | tail -3 >&2
        """#
        // In a folder of its own: the crash's requests are kept in reports/ there.
        let dir = try folder()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let killed = try runProcess("/bin/sh", ["-c", "cd \"$0\" && " + script, dir, concordBinary, "explore", "aes-gcm", "--implementations", "openssl,libsodium",
                                                "--seed", "5", "--seconds", "8", "--isolate"], timeout: 120)
        #expect(killed.stdout.contains("killed 0"), "the serve process was not found: \(killed.stdout)\n\(killed.stderr)")
        #expect(killed.stdout.contains("explore: seed 5, "), "\(killed.stdout)\n\(killed.stderr)")
        #expect(killed.stdout.contains("not given again alone on a process of its own"), "\(killed.stdout)")
        // A process ended under its requests is a crash Concord cannot tell from the code's own: a
        // finding (exit 1) that no request gives alone, whose kept requests do not crash a fresh one.
        #expect(killed.stdout.contains("status 1") && killed.stdout.contains("finding: openssl crash (needs earlier requests)"), "\(killed.stdout)")
        #expect(killed.stdout.contains("openssl exited (killed by signal 9)") && killed.stdout.contains("they do not crash it"), "\(killed.stdout)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir + "/reports").filter { $0.hasSuffix(".jsonl") } == ["explore-crash-openssl-5.jsonl"])
    }

    // MARK: - Reports, shards and merge (docs/exploration.md, "Reports"; docs/ci.md, "Nightly exploration")

    func json(_ path: String) throws -> JSON { try JSON.parse(String(contentsOfFile: path, encoding: .utf8)) }
    func results(_ report: JSON) -> [JSON] { report["results"]?.arrayValue ?? [] }
    func findings(_ report: JSON) -> [JSON] { results(report).filter { $0["exploration"]?["signature"] != nil } }
    func op(_ report: JSON, _ name: String) -> JSON? { results(report).first { $0["vector"]?.stringValue == name } }

    static let ledger = """
        divergences:
          - vector: hmac-sha256/explore-compute
            implementation: broken
            status: fail
            reason: "planted: a tag bit flipped"
          - vector: "hmac-sha256/explore-ver*"
            implementation: broken
            status: refused
            reason: "planted: verify is unclassified"
        """

    static let project = """
        adapters:
          broken:
            command: [python3, broken.py]
        """

    /// An exploration writes what a run writes (-o, --junit, --html, --markdown): one result per
    /// explored op with its counts, one per finding named by its signature, with its shrunk input,
    /// its sides and classes; `compare` with a night that had no such finding names it new (a
    /// regression), and the same night compared with itself has none; the ledger gates it. Before,
    /// explore wrote no report: --report was refused as an unknown option.
    @Test func anExplorationWritesTheReportsARunWrites() throws {
        let dir = try folder()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try Self.adapter.write(toFile: dir + "/broken.py", atomically: true, encoding: .utf8)
        try Self.ledger.write(toFile: dir + "/ledger.yaml", atomically: true, encoding: .utf8)
        // The app's project file names its adapter, so that `report` and `merge` know the name the ledger gives.
        try Self.project.write(toFile: dir + "/concord.yaml", atomically: true, encoding: .utf8)
        let common = ["--implementations", "openssl,libsodium,broken", "--cases", "150", "--seed", "11"]
        let r = try concord(["explore", "hmac-sha256"] + common + ["-o", "night.json", "--junit", "night.xml", "--html", "night.html", "--markdown", "night.md"], in: dir)
        #expect(r.status == 1, "\(r.stdout)\n\(r.stderr)")
        let night = try json(dir + "/night.json")
        #expect(night["exploration"]?["seed"]?.stringValue == "11")
        #expect(op(night, "hmac-sha256/explore-compute")?["exploration"]?["cases"]?.intValue == 150)
        #expect(op(night, "hmac-sha256/explore-compute")?["implementations"]?["broken"]?["status"]?.stringValue == "pass")
        let compute = try #require(findings(night).first { $0["exploration"]?["signature"]?.stringValue == "hmac-sha256 compute: broken outputs vs openssl+libsodium outputs [no known cause]" }
                                   ?? findings(night).first { $0["exploration"]?["signature"]?.stringValue?.hasPrefix("hmac-sha256 compute: broken outputs vs openssl+libsodium outputs") == true },
                                   "\(findings(night).map { $0["exploration"]?["signature"]?.stringValue ?? "" })")
        let name = try #require(compute["vector"]?.stringValue)
        #expect(name.hasPrefix("hmac-sha256/explore-compute-"))
        #expect(compute["status"]?.stringValue == "fail")
        #expect(compute["implementations"]?["broken"]?["status"]?.stringValue == "fail")
        let sides = compute["exploration"]?["sides"]?.arrayValue?.map { $0["implementations"]?.arrayValue?.compactMap(\.stringValue) ?? [] }
        #expect(sides == [["broken"], ["openssl", "libsodium"]])
        // The shrunk message: 5 bytes, the shortest that still diverges; its size class named.
        let message = try #require(compute["exploration"]?["input"]?["message"]?["hex"]?.stringValue)
        #expect(message.count == 10)
        #expect(compute["exploration"]?["classes"]?.arrayValue?.isEmpty == false, "\(compute)")
        let html = try String(contentsOfFile: dir + "/night.html", encoding: .utf8)
        #expect(html.contains("input, shrunk in") && html.contains(message) && html.contains("input classes:"))
        let junit = try String(contentsOfFile: dir + "/night.xml", encoding: .utf8)
        #expect(junit.contains("name=\"\(name.dropFirst("hmac-sha256/".count)) [broken]\"") && junit.contains("<failure"), "\(junit)")
        let md = try String(contentsOfFile: dir + "/night.md", encoding: .utf8)
        #expect(md.contains(name) && md.contains("message=\(message)"))

        // Last night had no adapter with the bug: tonight's finding is new.
        let base = try concord(["explore", "hmac-sha256", "--implementations", "openssl,libsodium", "--cases", "150", "--seed", "11", "-o", "last.json"], in: dir)
        #expect(base.status == 0, "\(base.stdout)\n\(base.stderr)")
        let compared = try concord(["compare", "last.json", "night.json"], in: dir)
        #expect(compared.status == 1 && compared.stdout.contains(name), "\(compared.stdout)\n\(compared.stderr)")
        let same = try concord(["compare", "night.json", "night.json"], in: dir)
        #expect(same.status == 0, "\(same.stdout)\n\(same.stderr)")
        // The ledger gates the report: known, exit 0, and `report` agrees.
        let known = try concord(["explore", "hmac-sha256"] + common + ["--ledger", "ledger.yaml", "-o", "known.json"], in: dir)
        #expect(known.status == 0, "\(known.stdout)\n\(known.stderr)")
        let again = try concord(["report", "known.json", "--ledger", "ledger.yaml", "-q"], in: dir)
        #expect(again.status == 0, "\(again.stdout)\n\(again.stderr)")
        let unledgered = try concord(["report", "known.json", "-q"], in: dir)
        #expect(unledgered.status == 1, "\(unledgered.stdout)\n\(unledgered.stderr)")
        // `-o -`: standard output holds exactly the report; the findings and the summary go to standard error.
        let piped = try concord(["explore", "hmac-sha256"] + common + ["-o", "-"], in: dir)
        #expect(piped.status == 1)
        #expect((try? JSON.parse(piped.stdout))?["exploration"]?["seed"]?.stringValue == "11", "\(piped.stdout.prefix(300))")
        #expect(piped.stderr.contains("finding: hmac-sha256 compute") && piped.stderr.contains("explore: seed 11"), "\(piped.stderr)")
    }

    /// `--shard K/N` splits one seed's cases disjointly: every case a shard ran is K−1 modulo N, and
    /// `merge` of the N shards is the unsharded exploration: the same cases per op, the same
    /// findings each once (by signature), with their occurrences added.
    /// Merge refuses (exit 2, located) a shard of another seed, a missing shard, and a mix of an
    /// exploration with a run; a bad --shard, or one without --seed, is refused before anything runs.
    @Test func shardsSplitOneSeedsCasesAndMergeJoinsThem() throws {
        let dir = try folder()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try Self.adapter.write(toFile: dir + "/broken.py", atomically: true, encoding: .utf8)
        try Self.ledger.write(toFile: dir + "/ledger.yaml", atomically: true, encoding: .utf8)
        try Self.project.write(toFile: dir + "/concord.yaml", atomically: true, encoding: .utf8)
        let common = ["explore", "hmac-sha256", "--implementations", "openssl,libsodium,broken", "--cases", "150"]
        let whole = try concord(common + ["--seed", "11", "-o", "whole.json"], in: dir)
        #expect(whole.status == 1, "\(whole.stdout)\n\(whole.stderr)")
        for k in 1...3 {
            let r = try concord(common + ["--seed", "11", "--shard", "\(k)/3", "-o", "s\(k).json"], in: dir)
            #expect(r.status == 1, "\(r.stdout)\n\(r.stderr)")
            let report = try json(dir + "/s\(k).json")
            #expect(report["exploration"]?["shard"]?["index"]?.intValue == Int64(k))
            for f in findings(report) { #expect((f["exploration"]?["case"]?.intValue ?? -1) % 3 == Int64(k - 1), "\(f)") }
        }
        let merged = try concord(["merge", "s1.json", "s2.json", "s3.json", "-o", "merged.json"], in: dir)
        #expect(merged.status == 1, "\(merged.stdout)\n\(merged.stderr)")
        let m = try json(dir + "/merged.json"), w = try json(dir + "/whole.json")
        #expect(m["exploration"]?["shard"] == nil)
        for name in ["hmac-sha256/explore-compute", "hmac-sha256/explore-verify"] {
            #expect(op(m, name)?["exploration"]?["cases"]?.intValue == op(w, name)?["exploration"]?["cases"]?.intValue)
        }
        // Each finding once, seen in as many cases as in the unsharded exploration. (Its first case is
        // the first a worker met, not always the smallest: workers run cases side by side.)
        func found(_ r: JSON) -> [String: Int64] {
            Dictionary(uniqueKeysWithValues: findings(r).map { f in (f["vector"]?.stringValue ?? "", f["exploration"]?["occurrences"]?.intValue ?? -1) })
        }
        #expect(!found(w).isEmpty)
        #expect(found(m) == found(w), "merged \(found(m)), whole \(found(w))")
        let gated = try concord(["merge", "s1.json", "s2.json", "s3.json", "-o", "merged.json", "--ledger", "ledger.yaml", "-q"], in: dir)
        #expect(gated.status == 0, "\(gated.stdout)\n\(gated.stderr)")

        // Another seed, a missing shard, a run's report: refused, located.
        _ = try concord(common + ["--seed", "12", "--shard", "3/3", "-o", "other.json"], in: dir)
        let seed = try concord(["merge", "s1.json", "s2.json", "other.json", "-o", "x.json"], in: dir)
        #expect(seed.status == 2 && seed.stderr.contains(#/concord: other\.json:\d+:\d+: explored seed 12, s1\.json seed 11/#), "\(seed.stderr)")
        let missing = try concord(["merge", "s1.json", "s2.json", "-o", "x.json"], in: dir)
        #expect(missing.status == 2 && missing.stderr.contains("shard 3/3 missing"), "\(missing.stderr)")
        let run = try concord(["run", repositoryRoot + "/vectors/primitives/hmac-sha256", "--implementations", "openssl,libsodium", "-o", "run.json", "-q"], in: dir)
        #expect(run.status == 0, "\(run.stderr)")
        let mix = try concord(["merge", "s1.json", "run.json", "-o", "x.json"], in: dir)
        #expect(mix.status == 2 && mix.stderr.contains("run.json is a run's report and s1.json an exploration's"), "\(mix.stderr)")
        let mix2 = try concord(["merge", "run.json", "s1.json", "-o", "x.json"], in: dir)
        #expect(mix2.status == 2, "\(mix2.stderr)")
        #expect(!FileManager.default.fileExists(atPath: dir + "/x.json"))
        // Bad --shard.
        for (args, message) in [(["--seed", "11", "--shard", "4/3"], "--shard 4/3: K must be between 1 and N"),
                                (["--seed", "11", "--shard", "1-3"], "--shard needs K/N"),
                                (["--shard", "1/3"], "--shard needs --seed")] {
            let bad = try concord(common + args, in: dir)
            #expect(bad.status == 2 && bad.stderr.contains(message), "\(args): \(bad.stderr)")
        }
    }

    /// Concord's own known differences (docs/exploration-ledger.yaml, in its home) always apply:
    /// with no ledger, and beside the one --ledger names (each knows one of the two findings here).
    /// Before, a first exploration reported Concord's own known differences as new and exited 1.
    @Test func concordsOwnKnownDifferencesAlwaysApply() throws {
        let dir = try folder()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try FileManager.default.createDirectory(atPath: dir + "/home/docs", withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: dir + "/app", withIntermediateDirectories: true)
        try Self.adapter.write(toFile: dir + "/app/broken.py", atomically: true, encoding: .utf8)
        try Self.project.write(toFile: dir + "/app/concord.yaml", atomically: true, encoding: .utf8)
        try """
        divergences:
          - vector: hmac-sha256/explore-compute
            implementation: broken
            status: fail
            reason: "Concord's own: a tag bit flipped"
        """.write(toFile: dir + "/home/docs/exploration-ledger.yaml", atomically: true, encoding: .utf8)
        try """
        divergences:
          - vector: "hmac-sha256/explore-ver*"
            implementation: broken
            status: refused
            reason: "the app's: verify is unclassified"
        """.write(toFile: dir + "/app/ledger.yaml", atomically: true, encoding: .utf8)
        var env = ProcessInfo.processInfo.environment
        env["CONCORD_HOME"] = dir + "/home"
        env.removeValue(forKey: "GITHUB_ACTIONS")
        func concord(_ args: [String]) throws -> ProcessOutput {
            try runProcess("/bin/sh", ["-c", "cd \"$0\" && exec \"$@\"", dir + "/app", concordBinary] + args, environment: env, timeout: 300)
        }
        func explore(_ extra: [String]) throws -> ProcessOutput {
            try concord(["explore", "hmac-sha256", "--implementations", "openssl,libsodium,broken", "--cases", "150", "--seed", "11", "-o", "r.json"] + extra)
        }
        let own = try explore([])
        #expect(own.status == 1, "\(own.stdout)\n\(own.stderr)")
        #expect(own.stdout.contains("known: hmac-sha256 compute: broken outputs vs openssl+libsodium outputs"), "\(own.stdout)")
        #expect(own.stdout.contains("(ledgered at \(dir)/home/docs/exploration-ledger.yaml:2:5"), "\(own.stdout)")
        #expect(own.stdout.contains("finding: hmac-sha256 verify"), "\(own.stdout)")
        let both = try explore(["--ledger", "ledger.yaml"])
        #expect(both.status == 0, "\(both.stdout)\n\(both.stderr)")
        #expect(!both.stdout.contains("finding: "), "\(both.stdout)")
        // `report` judges the saved report again the same way.
        let again = try concord(["report", "r.json", "--ledger", "ledger.yaml", "-q"])
        #expect(again.status == 0, "\(again.stdout)\n\(again.stderr)")
        let appOnly = try concord(["report", "r.json", "-q"])
        #expect(appOnly.status == 1 && appOnly.stdout.contains("explore-verify-"), "\(appOnly.stdout)\n\(appOnly.stderr)")
    }

    /// In an app repository (a concord.yaml that declares what a run covers), explore covers what
    /// it declares (here the suite of its own vectors, not every suite) and the project's vectors
    /// seed exploration: the adapter's bug needs the exact message of the project's vector, which no
    /// fresh case makes. Before, explore explored every suite and only Concord's own vectors seeded it.
    @Test func anAppsProjectFileSaysWhatIsExploredAndSeedsIt() throws {
        let dir = try folder()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let seeded = Self.adapter.replacingOccurrences(of: "if len(msg) >= 5:", with: "if msg == b\"project-seed-message\":")
            .replacingOccurrences(of: "\"name\": \"broken\"", with: "\"name\": \"app\"")
        try seeded.write(toFile: dir + "/app.py", atomically: true, encoding: .utf8)
        try FileManager.default.createDirectory(atPath: dir + "/tests/vectors", withIntermediateDirectories: true)
        try """
        format: concord-vectors/1
        suite: hmac-sha256
        title: "the app's own HMAC vector"
        source: "written for this test"
        vectors:
          - id: app-message
            op: compute
            input:
              key: {hex: "000102030405060708090a0b0c0d0e0f"}
              message: {hex: "70726f6a6563742d736565642d6d657373616765"}
            expect:
              tag: {hex: "5bb0e8faf0f379eb274bde05bf19c98d4d84b96462ebc3250d8708bb024f8c28"}
        """.write(toFile: dir + "/tests/vectors/app.yaml", atomically: true, encoding: .utf8)
        try """
        adapters:
          app:
            command: [python3, app.py]
        vectors: [tests/vectors]
        """.write(toFile: dir + "/concord.yaml", atomically: true, encoding: .utf8)
        let r = try concord(["explore", "--implementations", "openssl,libsodium,app", "--cases", "60", "--seed", "3", "-o", "r.json"], in: dir)
        #expect(r.status == 1, "\(r.stdout)\n\(r.stderr)")
        let report = try json(dir + "/r.json")
        #expect(report["exploration"]?["suites"]?.arrayValue?.compactMap(\.stringValue) == ["hmac-sha256"])
        #expect(results(report).allSatisfy { $0["vector"]?.stringValue?.hasPrefix("hmac-sha256/") == true })
        let f = try #require(findings(report).first { $0["exploration"]?["signature"]?.stringValue?.hasPrefix("hmac-sha256 compute: app outputs") == true }, "\(r.stdout)")
        #expect(f["exploration"]?["made"]?.stringValue?.contains("hmac-sha256/app-message") == true, "\(f)")
    }
}
