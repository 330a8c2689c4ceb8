import CloserCryptoConcord
import ConcordKit
import Foundation
import Testing

/// The capture test that scripts/capture runs on a simulator (`xcodebuild test`, with
/// `TEST_RUNNER_CONCORD_VECTORS`, which the test process sees as `CONCORD_VECTORS`): it reads the exported
/// vectors (concord-export/1), runs every vector of a suite the app implements through the app's own code
/// (ConcordHandlers), and attaches the captured outputs (concord-outputs/1) as `concord-outputs.json`, which
/// the script exports from the result bundle (`xcrun xcresulttool export attachments`). Swift Testing's
/// attachments reach the result bundle from Xcode 26 on. Without CONCORD_VECTORS it is skipped.
@Suite struct ConcordCaptureTests {
    @Test(.enabled(if: ProcessInfo.processInfo.environment["CONCORD_VECTORS"] != nil, "run by scripts/capture (CONCORD_VECTORS)"))
    func capture() throws {
        let path = try #require(ProcessInfo.processInfo.environment["CONCORD_VECTORS"])
        let run = ConcordHandlers.kit().run(try ConcordExport(contentsOf: URL(fileURLWithPath: path)))
        #expect(run.failures == [])
        try #require(run.answered > 0, "no vector of a suite this app implements was in \(path)")
        Attachment.record(Array(run.json.utf8), named: "concord-outputs.json")
    }
}
