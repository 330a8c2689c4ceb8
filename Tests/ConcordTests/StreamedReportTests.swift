import ConcordFormats
import ConcordImplementations
import ConcordReport
import Testing

/// The JSON report written a result at a time is byte for byte the report built as one tree.
struct StreamedReportTests {
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
}
