import ConcordFormats
import ConcordImplementations
import ConcordReport
import ConcordJudging
import ConcordLoading
import ConcordReportFormat
import Testing

/// A passing implementation keeps the vector's expected outputs (one dictionary, shared) rather
/// than its own equal copy (issue 12 item 9); outputs with anything more or different keep theirs.
struct SharedOutputsTests {
    static func vector(_ expect: ConcordLoading.Expectation) -> Vector {
        Vector(suite: "aes-gcm", id: "t", file: "f", line: 1, column: 1, comment: nil, flags: [], op: nil,
               result: .valid, input: [:], expect: expect, inputOrder: [])
    }

    @Test func aPassKeepsTheExpectedOutputsAndAnythingElseItsOwn() throws {
        let v = Self.vector(.outputs([("ct", .value(.bytes([1, 2]))), ("tag", .value(.text("é")))]))
        let expected = try #require(v.expectedOutputs)
        #expect(expected == ["ct": .bytes([1, 2]), "tag": .text("é")])
        let same = Judge.implementation("a", .outputs(["ct": .bytes([1, 2]), "tag": .text("é")]), for: v, seconds: 0)
        #expect(same.status == .pass && same.outcome == .outputs(expected))
        // One more field than expected: a pass that keeps what the implementation said.
        let more = Judge.implementation("b", .outputs(["ct": .bytes([1, 2]), "tag": .text("é"), "x": .integer(3)]), for: v, seconds: 0)
        #expect(more.status == .pass)
        guard case .outputs(let kept) = more.outcome else { Issue.record("not outputs"); return }
        #expect(kept["x"] == .integer(3) && kept.count == 3)
        // A mismatch keeps the actual value.
        let wrong = Judge.implementation("c", .outputs(["ct": .bytes([1, 3]), "tag": .text("é")]), for: v, seconds: 0)
        #expect(wrong.status == .fail && wrong.outcome == .outputs(["ct": .bytes([1, 3]), "tag": .text("é")]))
        // The JSON report is the same bytes as with the implementation's own copy of the outputs.
        var own = same
        own.outcome = .outputs(["ct": .bytes([1, 2]), "tag": .text("é")])
        var run = try ReportFormatTests.makeRun()
        func report(_ r: ImplementationResult) -> [UInt8] {
            run.results = [Judge.vector(v, [r, more])]
            return JSONReport.serialized(run, concordVersion: "1")
        }
        #expect(report(same) == report(own))
        #expect(String(decoding: report(same), as: UTF8.self).contains("\"tag\""))
    }

    @Test func aPlaceholderOrNoOutputsHasNoSharedOutputs() {
        #expect(Self.vector(.outputs([("ct", .placeholder)])).expectedOutputs == nil)
        #expect(Self.vector(.error(nil)).expectedOutputs == nil)
        var v = Self.vector(.none)
        #expect(v.expectedOutputs == nil)
        v.expect = .outputs([("k", .value(.integer(1)))])
        #expect(v.expectedOutputs == ["k": .integer(1)])
    }
}
