import ConcordFormats
import ConcordImplementations
import Foundation
import Testing
import ConcordTestSupport

/// The hostile-input corpus (Tests/Fixtures/hostile, written by scripts/generate/hostile_corpus.py):
/// every file is run through the built `concord` binary as a user would, and must be refused as
/// EXPECTED.tsv says (exit status, where the message points, what it says), in bounded time and
/// memory, never by a crash. A fill over a hostile file must leave the file as it was.
@Suite struct HostileCorpusTests {
    struct Entry: CustomStringConvertible, Sendable {
        var path: String, command: String, exit: Int32, location: String, message: String
        var description: String { path }
        var file: String { fixture("hostile/" + path) }
    }

    static let entries: [Entry] = {
        let text = (try? String(contentsOfFile: fixture("hostile/EXPECTED.tsv"), encoding: .utf8)) ?? ""
        return text.split(separator: "\n").filter { !$0.hasPrefix("#") }.map { line in
            let f = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
            return Entry(path: f[0], command: f[1], exit: Int32(f[2]) ?? -1, location: f[3], message: f.count > 4 ? f[4] : "")
        }
    }()
    static var checked: [Entry] { entries.filter { !["base", "keyset", "generated"].contains($0.command) } }

    /// Limits every hostile run is held to (concord alone here is ~20 MB and a few milliseconds).
    static let maxSeconds = 20.0
    static let maxResidentKiB = 256 * 1024

    /// Runs concord, stopped at the time limit, with its peak resident memory measured.
    static func concord(_ args: [String], environment: [String: String]? = nil) throws -> ProcessOutput {
        try runProcess(concordBinary, args, environment: environment, timeout: maxSeconds)
    }

    /// Text from input reached the output escaped: no control character (ESC, BEL, a C1, a bidi
    /// control, U+2028) and no line that GitHub would run as a command other than concord's own
    /// annotations (`::error file=…`).
    static func expectEscaped(_ m: ProcessOutput, _ what: String) {
        let text = m.stdout + m.stderr
        let raw = text.unicodeScalars.filter { $0 != "\n" && Printable.isUnsafe($0) }
        #expect(raw.isEmpty, "\(what): raw \(raw.map { String($0.value, radix: 16) }) in \(text.prefix(600))")
        for line in text.split(separator: "\n") where line.hasPrefix("::") {
            #expect(line.hasPrefix("::error file=") || line.hasPrefix("::warning file="), "\(what): a GitHub command from input: \(line)")
        }
    }

    @Test func corpusIsLargeEnough() {
        #expect(Self.entries.filter { $0.command != "base" }.count >= 60)
        // The generator and the committed files agree (a hand edit would drift from EXPECTED.tsv).
        for e in Self.entries where e.command != "generated" {
            #expect(FileManager.default.fileExists(atPath: e.file), "\(e.path) is listed but missing")
        }
    }

    @Test(arguments: checked)
    func refused(_ e: Entry) throws {
        let tmp = temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: tmp) }
        let base = fixture("hostile/base/")
        var named = e.file
        var guarded: String? = nil   // a file that must come out of the command unchanged
        var filledCopy: String? = nil   // a file fill must leave loadable, nothing pending
        let args: [String]
        // Options after the command; FILE is the entry's own file (which must come out unchanged),
        // OUT a new file in the test's folder.
        let words = e.command.split(separator: " ").map(String.init)
        let extra = words.dropFirst().map {
            $0 == "FILE" ? e.file : $0 == "OUT" ? tmp + "/out" : $0.hasPrefix("BASE/") ? base + $0.dropFirst(5) : $0
        }
        // The live implementations a fill runs (to check captured values): in-process ones, quick to start.
        let live = ["--implementations", "libsodium,libargon2,swift"]
        if words.contains("FILE") { guarded = e.file }
        switch words.first ?? "" {
        case "run":
            // --implementations after the command replaces the default (libsodium).
            let impls = extra.contains("--implementations") ? [] : ["--implementations", "libsodium"]
            args = ["run", e.file] + impls + ["--report", tmp + "/r.json"] + extra
        case "captured":
            args = ["run", base + "argon2id.yaml", "--implementations", "libsodium", "--captured", e.file, "--report", tmp + "/r.json"]
                + extra
        case "export": args = ["export", e.file] + extra
        case "fill-twice":
            // The same fixture named twice, the second time through a symbolic link.
            let fixture = tmp + "/fixture.yaml"
            try FileManager.default.copyItem(atPath: e.file, toPath: fixture)
            named = tmp + "/link.yaml"   // the message names the second
            try FileManager.default.createSymbolicLink(atPath: named, withDestinationPath: fixture)
            guarded = fixture
            args = ["fill", fixture, named, "--from", base + "captured.json"] + live
        case "fill":
            named = tmp + "/fixture" + (e.path as NSString).pathExtension.prefixed(".")
            try FileManager.default.copyItem(atPath: e.file, toPath: named)
            guarded = named
            args = ["fill", named, "--from", base + "captured.json"] + live
        case "fill-ok":
            named = tmp + "/fixture" + (e.path as NSString).pathExtension.prefixed(".")
            try FileManager.default.copyItem(atPath: e.file, toPath: named)
            filledCopy = named
            args = ["fill", named, "--from", base + "captured.json"] + live
        case "fill-from":
            let fx = tmp + "/fixture.yaml"
            try FileManager.default.copyItem(atPath: base + "fixture.yaml", toPath: fx)
            // A fill that succeeds must leave a loadable file; one that fails, the file as it was.
            if e.exit == 0 { filledCopy = fx } else { guarded = fx }
            args = ["fill", fx, "--from", e.file] + live + extra
        case "diff": args = ["diff", e.file, base + "captured.json"] + extra
        case "merge": args = ["merge", e.file] + extra
        default:
            Issue.record("unknown command \(e.command)")
            return
        }
        let before = guarded.flatMap { FileManager.default.contents(atPath: $0) }
        // "escaped": as on GitHub Actions, where a line from input could run a workflow command.
        let env = e.location == "escaped" ? ProcessInfo.processInfo.environment.merging(["GITHUB_ACTIONS": "true"]) { _, b in b } : nil
        let m = try Self.concord(args, environment: env)
        let text = m.stderr + m.stdout
        #expect(m.status == e.exit, "exit \(m.status), expected \(e.exit): \(text.prefix(400))")
        #expect(m.seconds < Self.maxSeconds && m.peakKiB < Self.maxResidentKiB, "\(m.seconds) s, \(m.peakKiB) KiB")
        #expect(!text.contains("Fatal error") && !text.contains("Stack dump"), "crashed: \(text.prefix(400))")
        switch e.location {
        case "limit":
            // A resource limit: the vector is an error that names the limit's flag.
            #expect(text.contains("above the limit"), "\(text.prefix(400))")
        case "ok":
            break   // the run finishes, within the limits, with the exit status expected
        case "escaped":
            Self.expectEscaped(m, e.path)
        case "-":
            #expect(text.contains("concord: \(named): ") || text.contains("concord: \(named) "), "the message must name the file: \(text.prefix(400))")
        case "":
            #expect(text.contains("concord: \(named):"), "\(text.prefix(400))")
        default:
            #expect(text.contains("concord: \(named):\(e.location)"), "expected \(named):\(e.location): \(text.prefix(400))")
        }
        if !e.message.isEmpty { #expect(text.contains(e.message), "the message must say \"\(e.message)\": \(text.prefix(400))") }
        if let guarded {
            #expect(FileManager.default.contents(atPath: guarded) == before, "fill changed \(guarded)")
        }
        if let filledCopy {
            // The filled file loads again, with no placeholder left.
            let v = try Self.concord(["validate", filledCopy])
            #expect(v.status == 0, "the filled file does not load: \(v.stdout.prefix(400)) \(v.stderr.prefix(400))")
            let after = FileManager.default.contents(atPath: filledCopy) ?? Data()
            #expect(!String(decoding: after, as: UTF8.self).contains("TODO_ANDROID_RUN"), "a placeholder is left")
        }
    }

    /// Keysets with absurd lengths, inside keybox vectors every implementation must refuse: the run
    /// over all of them finishes, and each of swift, jvm, tink and node refuses each one (jvm may say it
    /// reads only one-key keysets: that is `unsupported`, never a pass).
    @Test func absurdKeysetsAreRefusedByEveryImplementation() throws {
        let tmp = temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: tmp) }
        let keysets = Self.entries.filter { $0.command == "keyset" }
        #expect(keysets.count >= 8)
        let m = try Self.concord(["run", fixture("hostile/keysets"), "--implementations", "swift,jvm,tink,node", "--report", tmp + "/r.json"])
        #expect(m.status == 0, "\(m.stderr.prefix(600))")
        let data = try #require(FileManager.default.contents(atPath: tmp + "/r.json"))
        let report = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        let results = try #require(report["results"] as? [[String: Any]])
        #expect(results.count == keysets.count)
        for r in results {
            let name = r["vector"] as? String ?? "?"
            #expect(r["status"] as? String == "pass", "\(name)")
            let impls = try #require(r["implementations"] as? [String: [String: Any]])
            for impl in ["swift", "jvm", "tink", "node"] {
                let o = try #require(impls[impl], "\(name): no \(impl) outcome")
                let refused = o["status"] as? String == "pass" && o["error"] != nil
                let declined = impl == "jvm" && o["status"] as? String == "unsupported"
                #expect(refused || declined, "\(name) on \(impl): \(o)")
            }
        }
    }

    /// What a folder scan meets that cannot be committed (EXPECTED.tsv lists them as `generated`):
    /// a FIFO named like a vector file is skipped with a note and never opened (it blocked `run`
    /// forever); a dangling symbolic link and a path too long to look at are errors (both were
    /// skipped silently); `validate` on a folder without vector files fails (it exited 0).
    @Test func folderScansReportWhatTheySkip() throws {
        let tmp = temporaryFolder()
        defer {
            if (try? FileManager.default.removeItem(atPath: tmp)) == nil { _ = try? runProcess("/bin/rm", ["-rf", tmp]) }
        }
        let base = fixture("hostile/base/argon2id.yaml")
        func folder(_ name: String) throws -> String {
            let f = tmp + "/" + name
            try FileManager.default.createDirectory(atPath: f, withIntermediateDirectories: true)
            try FileManager.default.copyItem(atPath: base, toPath: f + "/argon2id.yaml")
            return f
        }
        func run(_ f: String) throws -> ProcessOutput {
            try Self.concord(["run", f, "--implementations", "libsodium", "--report", tmp + "/r.json"])
        }

        let fifo = try folder("fifo")
        #expect(mkfifo(fifo + "/fifo.yaml", 0o644) == 0)
        let f = try run(fifo)
        #expect(f.status == 0 && f.seconds < 10, "exit \(f.status) after \(f.seconds) s: \(f.stderr.prefix(300))")
        #expect(f.stderr.contains("concord: note: \(fifo)/fifo.yaml: skipped, a FIFO is not a vector file"), "\(f.stderr.prefix(300))")

        let dangling = try folder("dangling")
        try FileManager.default.createSymbolicLink(atPath: dangling + "/gone.yaml", withDestinationPath: tmp + "/nowhere.yaml")
        let d = try run(dangling)
        #expect(d.status == 2)
        #expect(d.stderr.contains("concord: \(dangling)/gone.yaml: a symbolic link to \(tmp)/nowhere.yaml, which cannot be opened"), "\(d.stderr.prefix(300))")

        // A file whose full path is longer than PATH_MAX (4,096 bytes): two chains of nine
        // 250-byte folders made apart, the second (holding v.yaml) then moved into the first.
        let long = try folder("long")
        let chain = Array(repeating: String(repeating: "d", count: 250), count: 9).joined(separator: "/")
        try FileManager.default.createDirectory(atPath: long + "/a/" + chain, withIntermediateDirectories: true)
        write("x", to: tmp + "/b/" + chain + "/v.yaml")
        #expect(rename(tmp + "/b", long + "/a/" + chain + "/b") == 0)
        let l = try run(long)
        #expect(l.status == 2)
        #expect(l.stderr.contains("cannot be looked at: File name too long"), "\(l.stderr.prefix(300))")

        let empty = tmp + "/empty"
        write("not a vector file", to: empty + "/notes.txt")
        let v = try Self.concord(["validate", empty])
        #expect(v.status == 2)
        #expect(v.stderr.contains("no vector files"), "\(v.stderr)")
    }

    /// Outputs to what is not a plain file (EXPECTED.tsv: `outputs/…`, generated; issue 12 item 1).
    /// As root, `--report /dev/null` replaced /dev/null with a regular file, `fill` through a
    /// symbolic link replaced the link and left its target unfilled, and `fill` made a user's file
    /// root-owned. The devices here are made with mknod in the test's folder (never the real ones).
    @Test func outputsKeepSpecialFiles() throws {
        let tmp = temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: tmp) }
        let base = fixture("hostile/base/")
        func run(_ outputs: [String]) throws -> ProcessOutput {
            try Self.concord(["run", base + "argon2id.yaml", "--implementations", "libsodium"] + outputs)
        }
        func kind(_ p: String) -> mode_t { var st = stat(); return lstat(p, &st) == 0 ? st.st_mode & S_IFMT : 0 }

        // A character device takes every output in place (several outputs may share it).
        #expect(mknod(tmp + "/null", S_IFCHR | 0o666, deviceNumber(1, 3)) == 0)
        let n = try run(["--report", tmp + "/null", "--markdown", tmp + "/null", "--html", tmp + "/null", "--junit", tmp + "/null"])
        #expect(n.status == 0, "\(n.stderr.prefix(300))")
        #expect(kind(tmp + "/null") == S_IFCHR, "no longer a character device")
        #expect((try FileManager.default.contentsOfDirectory(atPath: tmp)).sorted() == ["null"])

        // A full device: a clean error, exit 2, the device kept.
        #expect(mknod(tmp + "/full", S_IFCHR | 0o666, deviceNumber(1, 7)) == 0)
        let f = try run(["--report", tmp + "/full"])
        #expect(f.status == 2)
        #expect(f.stderr.contains("\(tmp)/full: cannot write it: No space left on device"), "\(f.stderr.prefix(300))")
        #expect(kind(tmp + "/full") == S_IFCHR)
        let x = try Self.concord(["export", base + "argon2id.yaml", "--out", tmp + "/full"])
        #expect(x.status == 2 && x.stderr.contains("No space left on device"), "\(x.stderr.prefix(300))")

        // A FIFO: written in place, read by its reader.
        #expect(mkfifo(tmp + "/fifo", 0o644) == 0)
        let reader = open(tmp + "/fifo", O_RDWR | O_NONBLOCK)   // holds the FIFO open; the report is small
        #expect(reader >= 0)
        let p = try run(["--report", tmp + "/fifo"])
        #expect(p.status == 0, "\(p.stderr.prefix(300))")
        var buffer = [UInt8](repeating: 0, count: 1 << 16)
        let got = read(reader, &buffer, buffer.count)
        close(reader)
        #expect(got > 0 && String(decoding: buffer[0..<max(got, 0)], as: UTF8.self).contains("concord-report/1"), "the report came through the FIFO")
        #expect(kind(tmp + "/fifo") == S_IFIFO)

        // A folder is refused.
        try FileManager.default.createDirectory(atPath: tmp + "/folder", withIntermediateDirectories: true)
        let d = try run(["--report", tmp + "/folder"])
        #expect(d.status == 2 && d.stderr.contains("\(tmp)/folder: is a folder"), "\(d.stderr.prefix(300))")

        // fill through a (relative) symbolic link: the link is kept, its target filled.
        try FileManager.default.createDirectory(atPath: tmp + "/real", withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: base + "fixture.yaml", toPath: tmp + "/real/fixture.yaml")
        try FileManager.default.createSymbolicLink(atPath: tmp + "/link.yaml", withDestinationPath: "real/fixture.yaml")
        let l = try Self.concord(["fill", tmp + "/link.yaml", "--from", base + "captured.json", "--implementations", "libsodium,libargon2"])
        #expect(l.status == 0, "\(l.stdout.prefix(300)) \(l.stderr.prefix(300))")
        #expect(kind(tmp + "/link.yaml") == S_IFLNK, "the link was replaced")
        let filled = String(decoding: FileManager.default.contents(atPath: tmp + "/real/fixture.yaml") ?? Data(), as: UTF8.self)
        #expect(filled.contains("9c493022877348e0") && !filled.contains("TODO_ANDROID_RUN"), "the target was not filled: \(filled)")

        // fill as root on a user's file: its owner, group and mode are kept.
        let owned = tmp + "/owned.yaml"
        try FileManager.default.copyItem(atPath: base + "fixture.yaml", toPath: owned)
        #expect(chown(owned, 4242, 4343) == 0 && chmod(owned, 0o640) == 0)
        let o = try Self.concord(["fill", owned, "--from", base + "captured.json", "--implementations", "libsodium,libargon2"])
        #expect(o.status == 0, "\(o.stderr.prefix(300))")
        var st = stat()
        #expect(stat(owned, &st) == 0)
        #expect(st.st_uid == 4242 && st.st_gid == 4343 && st.st_mode & 0o7777 == 0o640, "owner \(st.st_uid):\(st.st_gid) mode \(String(st.st_mode & 0o7777, radix: 8))")
        #expect(!String(decoding: FileManager.default.contents(atPath: owned) ?? Data(), as: UTF8.self).contains("TODO_ANDROID_RUN"))
    }

    /// "filled" is printed only once the file holds the value (issue 12 item 2): a fixture whose
    /// folder cannot take the temporary file (immutable, `chattr +i`, which stops root too) is not
    /// written, and fill says so without a "filled" line (it printed one before trying to write).
    @Test func fillSaysFilledOnlyOnceWritten() throws {
        let tmp = temporaryFolder()
        let folder = tmp + "/locked"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: fixture("hostile/base/fixture.yaml"), toPath: folder + "/fixture.yaml")
        let before = FileManager.default.contents(atPath: folder + "/fixture.yaml")
        let lock = try runProcess("/usr/bin/chattr", ["+i", folder])
        defer {
            _ = try? runProcess("/usr/bin/chattr", ["-i", folder])
            try? FileManager.default.removeItem(atPath: tmp)
        }
        try #require(lock.status == 0, "chattr +i is needed for this test: \(lock.stderr)")
        let m = try Self.concord(["fill", folder + "/fixture.yaml", "--from", fixture("hostile/base/captured.json"),
                                  "--implementations", "libsodium,libargon2"])
        #expect(m.status == 2, "\(m.stdout) \(m.stderr)")
        #expect(m.stderr.contains("cannot create a temporary file next to it"), "\(m.stderr)")
        #expect(!m.stdout.contains("filled  "), "\(m.stdout)")
        #expect(m.stdout.contains("1 placeholder: 0 filled, 0 refused, 1 not written"), "\(m.stdout)")
        #expect(FileManager.default.contents(atPath: folder + "/fixture.yaml") == before)
    }

    /// The two files too big to commit: a 200 MB scalar and a 200 MB captured file are refused from
    /// their size alone (nothing is read), and with the limit raised the scalar is read and refused
    /// for what it is, still in bounded time.
    @Test func twoHundredMegabyteFiles() throws {
        let tmp = temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: tmp) }
        let size = 200 << 20
        let yaml = tmp + "/200mb-scalar.yaml"
        let json = tmp + "/200mb.json"
        for (path, head, tail) in [(yaml, "format: concord-vectors/1\ntitle: ", "\n"),
                                   (json, #"{"format": "concord-outputs/1", "results": [], "implementation": {"name": ""#, "\"}}\n")] {
            _ = FileManager.default.createFile(atPath: path, contents: nil)
            let h = try #require(FileHandle(forWritingAtPath: path))
            h.write(Data(head.utf8))
            let chunk = Data(repeating: UInt8(ascii: "x"), count: 1 << 20)
            for _ in 0..<(size >> 20) { h.write(chunk) }
            h.write(Data(tail.utf8))
            try h.close()
        }
        let scalar = try Self.concord(["run", yaml, "--implementations", "libsodium", "--report", tmp + "/r.json"])
        #expect(scalar.status == 2)
        #expect(scalar.stderr.contains("\(yaml):1:1: the file is \(size + 34) bytes, above the limit of 67108864 (raise it with --max-file-bytes)"),
                "\(scalar.stderr.prefix(300))")
        #expect(scalar.peakKiB < Self.maxResidentKiB && scalar.seconds < 5, "\(scalar.seconds) s, \(scalar.peakKiB) KiB")
        let captured = try Self.concord(["run", fixture("hostile/base/argon2id.yaml"), "--implementations", "libsodium",
                                         "--captured", json, "--report", tmp + "/r.json"])
        #expect(captured.status == 2)
        #expect(captured.stderr.contains("\(json): the file is"), "\(captured.stderr.prefix(300))")
        #expect(captured.stderr.contains("--max-file-bytes"))
        #expect(captured.peakKiB < Self.maxResidentKiB, "\(captured.peakKiB) KiB")
    }
}

private extension String {
    func prefixed(_ p: String) -> String { isEmpty ? "" : p + self }
}
