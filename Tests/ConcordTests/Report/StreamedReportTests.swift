import ConcordFormats
import ConcordImplementations
import ConcordReport
import ConcordReportFormat
import ConcordTestSupport
import Foundation
import Testing

/// The JSON report written a result at a time is byte for byte the report built as one tree, and
/// a signal while it is written leaves the old file and no temporary one.
@Suite(.serialized) struct StreamedReportTests {
    @Test func theStreamedReportIsTheTreeSerialized() throws {
        let run = try ReportFormatTests.makeRun()
        let finish: (JSON) -> JSON = { JSONReport.addingPeaks($0, concordKiB: 1234, adapters: ["libargon2": 5]) }
        let tree = finish(JSONReport.make(run, concordVersion: "9.9.9")).serialized(pretty: true) + "\n"
        let streamed = JSONReport.serialized(run, concordVersion: "9.9.9", finish: finish)
        #expect(run.results.count == 4)
        #expect(String(decoding: streamed, as: UTF8.self) == tree)
        // And without results: the empty list as the tree writes it.
        var empty = run
        empty.results = []
        #expect(String(decoding: JSONReport.serialized(empty, concordVersion: "1"), as: UTF8.self)
                == JSONReport.make(empty, concordVersion: "1").serialized(pretty: true) + "\n")
    }

    /// Handed over in chunks (the report is written to its file as it is made): the chunks, put
    /// together, are the same bytes, and there is more than one when the report outgrows a chunk.
    @Test func theChunkedReportIsTheSameBytes() throws {
        let run = try ReportFormatTests.makeRun()
        let whole = JSONReport.serialized(run, concordVersion: "9.9.9")
        var chunks: [[UInt8]] = []
        JSONReport.serialize(run, concordVersion: "9.9.9", chunkSize: 100) { chunks.append($0) }
        #expect(chunks.count > 2)
        #expect(chunks.flatMap { $0 } == whole)
        #expect(chunks.dropLast().allSatisfy { $0.count >= 100 })
    }

    /// Ctrl-C (and SIGTERM, SIGHUP) while `run` writes a large report, at three moments of the
    /// write: concord exits 128 + the signal, leaves no temporary file (`.r.json.tmp-PID` was left
    /// after SIGINT) and the report is the old file, or the whole new one when its rename came
    /// before the signal.
    @Test func anInterruptedReportWriteLeavesNoTemporaryFile() throws {
        let dir = temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        // 30,000 cheap vectors (one in-process implementation): a 13 MB report, written a chunk at a
        // time over about a second in a debug build.
        let items = (0..<30_000).map { i in
            #"{"id": "t\#(i)", "input": {"tag": "argon2id;v=19;m=\#(1024 + i);t=3;p=1"}, "expect": {"memoryKiB": \#(1024 + i), "iterations": 3, "parallelism": 1, "version": 19}}"#
        }
        write(#"{"format": "concord-vectors/1", "suite": "closer.kdf-params", "title": "many", "source": "generated", "vectors": ["#
              + items.joined(separator: ",\n") + "]}\n", to: dir + "/v/many.json")
        var env = ProcessInfo.processInfo.environment
        env["CONCORD_HOME"] = repositoryRoot
        var cutShort = 0
        for (sig, delay) in [(SIGINT, 0.0), (SIGTERM, 0.25), (SIGHUP, 0.6)] {
            write("old", to: dir + "/r.json")
            let p = try Subprocess.spawn([concordBinary, "run", dir + "/v", "--implementations", "swift", "-o", dir + "/r.json", "-q"], environment: env)
            close(p.stdin)
            Thread { _ = readAll(p.stdout) }.start()
            Thread { _ = readAll(p.stderr) }.start()
            // The moment the report's temporary file is there, then `delay` seconds into its write.
            let tmp = dir + "/.r.json.tmp-\(p.pid)"
            let deadline = Date().addingTimeInterval(120)
            while !FileManager.default.fileExists(atPath: tmp) && p.termination == nil && Date() < deadline { usleep(500) }
            #expect(FileManager.default.fileExists(atPath: tmp), "signal \(sig): the report's temporary file never appeared")
            usleep(UInt32(delay * 1_000_000))
            kill(p.pid, sig)
            let end = p.wait(timeout: 60)
            if end == nil { p.stop() }
            #expect(end == .exited(128 + sig), "signal \(sig): \(String(describing: end))")
            let left = try FileManager.default.contentsOfDirectory(atPath: dir).filter { $0.hasPrefix(".r.json.") }
            #expect(left.isEmpty, "signal \(sig) after \(delay) s left \(left)")
            let now = try String(contentsOfFile: dir + "/r.json", encoding: .utf8)
            if now == "old" {
                cutShort += 1
            } else {
                #expect((try? JSON.parse(now))?["summary"]?["vectors"]?.intValue == 30_000, "signal \(sig): a report neither old nor whole")
            }
        }
        #expect(cutShort > 0, "no signal came while the report was written")
    }
}
