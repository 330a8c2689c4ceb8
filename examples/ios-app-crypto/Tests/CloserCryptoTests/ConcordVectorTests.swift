import CloserCryptoConcord
import ConcordKit
import Foundation
import Testing

/// Runs Concord's exported vectors with the app's code and writes the captured outputs. Here the
/// files come from CONCORD_EXPORT and CONCORD_OUTPUTS; on iOS, the export is a test-bundle resource
/// and the outputs go to an XCTAttachment or the simulator's temporary folder. Without CONCORD_EXPORT it is
/// skipped (a capture run, or an ordinary test run, sets only what ConcordCaptureTests reads).
struct ConcordVectorTests {
    @Test(.enabled(if: ProcessInfo.processInfo.environment["CONCORD_EXPORT"] != nil, "set CONCORD_EXPORT to a concord-export/1 file"))
    func concordVectors() throws {
        let env = ProcessInfo.processInfo.environment
        let exportPath = try #require(env["CONCORD_EXPORT"], "set CONCORD_EXPORT to a concord-export/1 file")
        let export = try ConcordExport(contentsOf: URL(fileURLWithPath: exportPath))
        let run = ConcordHandlers.kit().run(export)
        #expect(run.failures == [])
        #expect(run.answered > 0)
        try run.write(to: URL(fileURLWithPath: env["CONCORD_OUTPUTS"] ?? "concord-outputs.json"))
    }
}
