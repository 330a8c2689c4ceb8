import ConcordFormats
import ConcordImplementations
import Foundation
import Testing
import ConcordTestSupport

/// Standard output and standard error as a user's shell sets them up (issue 26 items 5 and 6;
/// EXPECTED.tsv lists these cases as `streams/…`, generated): every command that writes to a full,
/// closed or broken standard output died with SIGILL (`try!` in Foundation's FileHandle); a
/// GITHUB_STEP_SUMMARY that could not be written was skipped without a word (or crashed, or
/// appended Markdown into an input); a FIFO without a reader hung the run; `-o /dev/stdout` failed
/// on a pipe; with `2>&1` the verdict line landed inside a line (and a `×`) of the summary.
@Suite struct StandardStreamsTests {
    static let base = fixture("hostile/base/")

    /// concord under bash, with the redirections of `redirect` (`>/dev/full`, `>&-`, `2>&1`).
    static func shell(_ redirect: String, _ args: [String], environment: [String: String]? = nil) throws -> ProcessOutput {
        try runProcess("/bin/bash", ["-c", "exec \"$0\" \"$@\" " + redirect, concordBinary] + args, environment: environment, timeout: 30)
    }

    /// concord with its standard output a pipe whose reader is already closed; standard error captured.
    static func brokenPipe(_ args: [String]) throws -> (status: Int32, signaled: Bool, stderr: String) {
        var fds: [Int32] = [0, 0]
        #expect(pipe(&fds) == 0)
        close(fds[0])
        let p = Process()
        p.executableURL = URL(fileURLWithPath: concordBinary)
        p.arguments = args
        p.standardOutput = FileHandle(fileDescriptor: fds[1], closeOnDealloc: false)
        let err = Pipe()
        p.standardError = err
        try p.run()
        close(fds[1])
        let data = err.fileHandleForReading.readDataToEndOfFile()
        p.waitUntilExit()
        return (p.terminationStatus, p.terminationReason == .uncaughtSignal, String(decoding: data, as: UTF8.self))
    }

    static func environment(_ extra: [String: String]) -> [String: String] {
        ProcessInfo.processInfo.environment.filter { $0.key != "GITHUB_STEP_SUMMARY" && $0.key != "GITHUB_ACTIONS" }.merging(extra) { _, b in b }
    }

    /// The commands that write to standard output, each with what it writes there.
    static func commands(_ tmp: String) throws -> [[String]] {
        let run = try runProcess(concordBinary, ["run", base + "argon2id.yaml", "--implementations", "libsodium", "--report", tmp + "/r.json", "-q"])
        #expect(run.status == 0, "\(run.stderr)")
        return [
            ["schema"],
            ["--version"],
            ["run", base + "argon2id.yaml", "--implementations", "libsodium", "-o", "-"],
            ["run", base + "argon2id.yaml", "--implementations", "libsodium", "--report", tmp + "/r2.json"],   // the summary
            ["export", base + "argon2id.yaml", "-o", "-"],
            ["merge", tmp + "/r.json"],
            ["report", tmp + "/r.json", "--markdown", "-"],
            ["diff", base + "captured.json", base + "captured.json", "--json"],
        ]
    }

    @Test func aFullClosedOrBrokenStandardOutputIsOneMessageAndExitTwo() throws {
        let tmp = temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: tmp) }
        for args in try Self.commands(tmp) {
            let full = try Self.shell(">/dev/full", args)
            #expect(full.status == 2, "\(args): exit \(full.status): \(full.stderr.prefix(300))")
            #expect(full.stderr.components(separatedBy: "concord: cannot write standard output: No space left on device\n").count == 2,
                    "\(args): \(full.stderr.prefix(300))")
            let closed = try Self.shell(">&-", args)
            #expect(closed.status == 2, "\(args): exit \(closed.status): \(closed.stderr.prefix(300))")
            #expect(closed.stderr.contains("concord: cannot write standard output: it is closed"), "\(args): \(closed.stderr.prefix(300))")
            let broken = try Self.brokenPipe(args)
            #expect(!broken.signaled && broken.status == 2, "\(args): \(broken.signaled ? "killed by signal" : "exit") \(broken.status)")
            #expect(broken.stderr.contains("concord: cannot write standard output: its reader has gone (broken pipe)"), "\(args): \(broken.stderr.prefix(300))")
            for m in [full.stderr, closed.stderr, broken.stderr] {
                #expect(!m.contains("Fatal error") && !m.contains("Stack dump"), "\(args): \(m.prefix(300))")
            }
        }
    }

    /// With `2>&1` the two streams share one pipe: every line either wrote comes out whole (the
    /// verdict on standard error used to land inside the summary, in the middle of a `×`).
    @Test func bothStreamsOnOnePipeKeepEveryLineWhole() throws {
        let tmp = temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: tmp) }
        // 80 vectors whose expected key is wrong: a summary of some 30 KB, and messages on standard error.
        var text = "format: concord-vectors/1\nsuite: argon2id\ntitle: Wrong keys\nsource: nowhere\nvectors:\n"
        for i in 0..<80 {
            text += "  - id: wrong-\(i)\n    input:\n      password: {utf8: \"pässwörd × \(i)\"}\n"
                + "      salt: {hex: 000102030405060708090a0b0c0d0e0f}\n      params: argon2id;v=19;m=8;t=1;p=1\n"
                + "    expect:\n      key: {hex: \"" + String(repeating: "00", count: 32) + "\"}\n"
        }
        write(text, to: tmp + "/wrong.yaml")
        let args = ["run", tmp + "/wrong.yaml", "--implementations", "libsodium", "--report", tmp + "/r.json", "--max-failures", "1000"]
        let merged = try Self.shell("2>&1", args)
        let apart = try runProcess(concordBinary, args)
        #expect(merged.status == 1 && apart.status == 1, "\(merged.stdout.suffix(300))")
        let bytes = Array(merged.stdout.utf8)
        #expect(String(validating: bytes, as: UTF8.self) != nil && !merged.stdout.contains("\u{FFFD}"), "a UTF-8 sequence was split")
        #expect(apart.stdout.utf8.count > 16 << 10, "the summary is long enough to be written in several parts")
        func lines(_ s: String) -> [String] { s.split(separator: "\n").map(String.init).filter { !$0.contains(" s on ") }.sorted() }
        #expect(lines(merged.stdout) == lines(apart.stdout + apart.stderr), "a line was split across the streams")
        #expect(merged.stdout.hasSuffix("concord: 80 vectors failed\n"), "\(merged.stdout.suffix(200))")
    }

    @Test func anUnwritableStepSummaryIsAWarningAndAnInputIsRefused() throws {
        let tmp = temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: tmp) }
        let input = tmp + "/in.yaml"
        try FileManager.default.copyItem(atPath: Self.base + "argon2id.yaml", toPath: input)
        let run = ["run", input, "--implementations", "libsodium", "--report", tmp + "/r.json", "-q"]
        func with(_ summary: String) throws -> ProcessOutput {
            try runProcess(concordBinary, run, environment: Self.environment(["GITHUB_STEP_SUMMARY": summary]), timeout: 20)
        }

        let full = try with("/dev/full")
        #expect(full.status == 0, "\(full.stderr)")
        #expect(full.stderr.contains("concord: warning: GITHUB_STEP_SUMMARY /dev/full: cannot write it: No space left on device; the summary was not appended"),
                "\(full.stderr)")
        try FileManager.default.createDirectory(atPath: tmp + "/folder", withIntermediateDirectories: true)
        let folder = try with(tmp + "/folder")
        #expect(folder.status == 0 && folder.stderr.contains("GITHUB_STEP_SUMMARY \(tmp)/folder: is a folder"), "\(folder.stderr)")

        // A FIFO nobody reads: a warning at once (it hung).
        #expect(mkfifo(tmp + "/fifo", 0o644) == 0)
        let fifo = try with(tmp + "/fifo")
        #expect(fifo.status == 0 && fifo.seconds < 10, "exit \(fifo.status) after \(fifo.seconds) s")
        #expect(fifo.stderr.contains("GITHUB_STEP_SUMMARY \(tmp)/fifo: cannot open it for writing: it is a FIFO with no reader"), "\(fifo.stderr)")

        // One of the run's inputs: refused before anything runs, the file unchanged.
        let before = FileManager.default.contents(atPath: input)
        let over = try with(input)
        #expect(over.status == 2, "\(over.stderr)")
        #expect(over.stderr.contains("concord: \(input): $GITHUB_STEP_SUMMARY is also an input of this command"), "\(over.stderr)")
        #expect(FileManager.default.contents(atPath: input) == before)
        let merge = try runProcess(concordBinary, ["merge", tmp + "/r.json"], environment: Self.environment(["GITHUB_STEP_SUMMARY": tmp + "/r.json"]))
        #expect(merge.status == 2 && merge.stderr.contains("$GITHUB_STEP_SUMMARY is also an input"), "\(merge.stderr)")
        // One of the run's own outputs: the summary would be appended into the report it just wrote.
        let onReport = try with(tmp + "/r.json")
        #expect(onReport.status == 2 && onReport.stderr.contains("$GITHUB_STEP_SUMMARY") && onReport.stderr.contains("--report"), "\(onReport.stderr)")
        #expect((try? JSON.parse(String(decoding: FileManager.default.contents(atPath: tmp + "/r.json") ?? Data(), as: UTF8.self))) != nil)

        // A regular file is appended to, what it held kept.
        write("# earlier step\n", to: tmp + "/summary.md")
        let ok = try with(tmp + "/summary.md")
        #expect(ok.status == 0 && ok.stderr.isEmpty, "\(ok.stderr)")
        let summary = String(decoding: FileManager.default.contents(atPath: tmp + "/summary.md") ?? Data(), as: UTF8.self)
        #expect(summary.hasPrefix("# earlier step\n") && summary.contains("argon2id"), "\(summary.prefix(300))")
    }

    @Test func aFIFOWithoutAReaderIsRefusedAtOnceAndDevStdoutIsStandardOutput() throws {
        let tmp = temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: tmp) }
        #expect(mkfifo(tmp + "/fifo", 0o644) == 0)
        for args in [["run", Self.base + "argon2id.yaml", "--implementations", "libsodium", "-o", tmp + "/fifo"],
                     ["run", Self.base + "argon2id.yaml", "--implementations", "libsodium", "--report", tmp + "/r.json", "--junit", tmp + "/fifo"],
                     ["export", Self.base + "argon2id.yaml", "--out", tmp + "/fifo"]] {
            let m = try runProcess(concordBinary, args, timeout: 20)
            #expect(m.status == 2 && m.seconds < 10, "\(args): exit \(m.status) after \(m.seconds) s")
            #expect(m.stderr.contains("\(tmp)/fifo: cannot open it for writing: it is a FIFO with no reader"), "\(m.stderr)")
        }
        // /dev/stdout on a pipe (runProcess's): the report on standard output, the summary on standard error.
        let r = try runProcess(concordBinary, ["run", Self.base + "argon2id.yaml", "--implementations", "libsodium", "-o", "/dev/stdout"])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stdout.hasPrefix("{\n  \"format\": \"concord-report/1\""), "\(r.stdout.prefix(200))")
        #expect(r.stderr.contains("1 vectors: 1 passed"), "\(r.stderr)")
        let x = try runProcess(concordBinary, ["export", Self.base + "argon2id.yaml", "-o", "/dev/stdout"])
        #expect(x.status == 0 && x.stdout.hasPrefix("{\n  \"format\": \"concord-export/1\""), "\(x.stderr) \(x.stdout.prefix(200))")
    }

    @Test func fileNamesNotUTF8IntegersOutOfRangeAndFilesNamedTwice() throws {
        let tmp = temporaryFolder()
        defer { _ = try? runProcess("/bin/rm", ["-rf", tmp]) }
        // A file whose name holds the byte 0xff, run; and an output named so: refused as such, nothing written.
        let text = try String(contentsOfFile: Self.base + "argon2id.yaml", encoding: .utf8)
        let name = Array((tmp + "/in").utf8) + [0xFF] + Array(".yaml".utf8) + [0]
        let fd = name.withUnsafeBufferPointer { open(UnsafeRawPointer($0.baseAddress!).assumingMemoryBound(to: CChar.self), O_CREAT | O_WRONLY, 0o644) }
        #expect(fd >= 0)
        _ = Array(text.utf8).withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
        close(fd)
        let before = try FileManager.default.contentsOfDirectory(atPath: tmp).count
        let named = try runProcess("/bin/bash", ["-c", "exec \"$0\" run \"$1\"$'\\xff'.yaml --implementations libsodium --report \"$1\"/r.json",
                                                 concordBinary, tmp + "/in"])
        #expect(named.status == 2, "\(named.stderr)")
        #expect(named.stderr.contains("argument 2 (\(tmp)/in\\x{FF}.yaml) is not UTF-8 (byte 0xff at offset \(tmp.utf8.count + 3))"), "\(named.stderr)")
        let out = try runProcess("/bin/bash", ["-c", "exec \"$0\" run \"$1\" --implementations libsodium --report \"$2\"/out$'\\xff'.json",
                                               concordBinary, Self.base + "argon2id.yaml", tmp])
        #expect(out.status == 2 && out.stderr.contains("is not UTF-8 (byte 0xff"), "\(out.stderr)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: tmp).count == before, "another file was written")

        // --max-kdf-work and --max-kdf-memory take the whole unsigned 64-bit range; beyond it, the reason is the range.
        let run = ["run", Self.base + "argon2id.yaml", "--implementations", "libsodium", "--report", tmp + "/r.json", "-q"]
        let max = try runProcess(concordBinary, run + ["--max-kdf-work", "18446744073709551615", "--max-kdf-memory", "18446744073709551615"])
        #expect(max.status == 0, "\(max.stderr)")
        let over = try runProcess(concordBinary, run + ["--max-kdf-work", "18446744073709551616"])
        #expect(over.status == 2 && over.stderr.contains("--max-kdf-work 18446744073709551616 is out of range: at most 18446744073709551615"), "\(over.stderr)")
        let jobs = try runProcess(concordBinary, run + ["--jobs", "99999999999999999999"])
        #expect(jobs.status == 2 && jobs.stderr.contains("--jobs 99999999999999999999 is out of range: at most 9223372036854775807"), "\(jobs.stderr)")
        // Below the minimum is not "out of range: at most …" (it said so for --cases 0).
        let zero = try runProcess(concordBinary, run + ["--jobs", "0"])
        #expect(zero.status == 2 && zero.stderr.contains("--jobs needs an integer ≥ 1, got \"0\""), "\(zero.stderr)")
        let word = try runProcess(concordBinary, run + ["--max-kdf-work", "lots"])
        #expect(word.status == 2 && word.stderr.contains("--max-kdf-work needs an integer ≥ 1, got \"lots\""), "\(word.stderr)")

        // One file named twice (as is, through another spelling, inside a folder also named): read once, said so.
        let file = tmp + "/v/a.yaml"
        write(text, to: file)
        for (args, note) in [([file, file], "concord: note: \(file): named twice; read once"),
                             ([file, tmp + "/v/../v/a.yaml"], "concord: note: \(tmp)/v/../v/a.yaml: the same file as \(file); read once"),
                             ([tmp + "/v", file], "concord: note: \(file): named twice; read once")] {
            let m = try runProcess(concordBinary, ["run"] + args + ["--implementations", "libsodium", "--report", tmp + "/r.json"])
            #expect(m.status == 0, "\(args): \(m.stderr)")
            #expect(m.stderr.contains(note) && !m.stderr.contains("duplicate id"), "\(args): \(m.stderr)")
            #expect(m.stdout.contains("1 vectors: 1 passed"), "\(m.stdout)")
        }
    }

    /// Invisible, format, private-use and unassigned characters print escaped, so that two
    /// different texts never print alike (U+200B, U+2060, U+00AD, U+FEFF, U+FFFF printed raw in
    /// FAIL and fill lines); JSON output escapes them as \uXXXX (diff --json printed U+202E and
    /// U+2028 raw) and reads back as the same text.
    @Test func invisibleCharactersAreEscapedInTextAndJSON() throws {
        let cases: [(Unicode.Scalar, String)] = [
            ("\u{200B}", "\\u{200B}"), ("\u{2060}", "\\u{2060}"), ("\u{AD}", "\\u{AD}"), ("\u{FEFF}", "\\u{FEFF}"),
            (Unicode.Scalar(0xFFFF)!, "\\u{FFFF}"), (Unicode.Scalar(0xFFFE)!, "\\u{FFFE}"), (Unicode.Scalar(0xFDD0)!, "\\u{FDD0}"), (Unicode.Scalar(0x1FFFF)!, "\\u{1FFFF}"),
            ("\u{202E}", "\\u{202E}"), ("\u{2028}", "\\u{2028}"), ("\u{2029}", "\\u{2029}"), ("\u{200D}", "\\u{200D}"),
            ("\u{A0}", "\\u{A0}"), ("\u{3000}", "\\u{3000}"), ("\u{E000}", "\\u{E000}"), ("\u{E0001}", "\\u{E0001}"),
            ("\u{3164}", "\\u{3164}"), ("\u{115F}", "\\u{115F}"), ("\u{85}", "\\u{85}"),
        ]
        for (u, shown) in cases {
            #expect(Printable.escape("a" + String(u) + "b") == "a" + shown + "b", "U+\(String(u.value, radix: 16))")
            let json = JSON.string("a" + String(u) + "b").serialized()
            #expect(json.unicodeScalars.allSatisfy { $0.isASCII }, "JSON U+\(String(u.value, radix: 16)): \(json)")
            #expect(try JSON.parse(json).stringValue?.unicodeScalars.elementsEqual(("a" + String(u) + "b").unicodeScalars) == true)
        }
        #expect(JSON.string("\u{202E}\u{2028}\u{1F642}").serialized() == "\"\\u202e\\u2028\u{1F642}\"")
        #expect(JSON.string("\u{E0001}").serialized() == "\"\\udb40\\udc01\"")
        // Text a reader needs stays as it is.
        let plain = "plain: é ✓ 🙂 — … × 日本語 \\u{1B}"
        #expect(Printable.escape(plain) == plain)
        #expect(JSON.string(plain).serialized() == "\"" + plain.replacingOccurrences(of: "\\", with: "\\\\") + "\"")
    }

    /// An adapter's version is shown on every summary: a 5 MB one is cut, and the cut said.
    @Test func aHugeAdapterVersionIsCut() throws {
        let version = String(repeating: "v", count: 5 << 20)
        let line = #"{"concord-adapter": 1, "name": "big", "version": ""# + version + #"", "suites": []}"#
        let h = try Handshake.parse(line)
        #expect(h.version.count < 300 && h.version.hasPrefix("vvvv") && h.version.hasSuffix("… (cut: 5242880 bytes)"), "\(h.version.suffix(60))")
        #expect(Printable.bounded("short") == "short")
    }
}
