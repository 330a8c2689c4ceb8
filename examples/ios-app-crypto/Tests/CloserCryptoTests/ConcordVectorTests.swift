import CloserCrypto
import ConcordKit
import Foundation
import Testing

/// Runs Concord's exported vectors with the app's code and writes the captured outputs. Here the
/// files come from CONCORD_EXPORT and CONCORD_OUTPUTS; on iOS, the export is a test-bundle resource
/// and the outputs go to an XCTAttachment or the simulator's temporary folder.
struct ConcordVectorTests {
    static func kit() -> ConcordKit {
        var kit = ConcordKit(name: "ios", platform: "Swift on Linux", version: "ios-app-crypto example")
        kit.on("closer.canonical-json") { v in
            let a = try v.answer("answer")
            return ["json": .text(try CanonicalAnswer.json(scaleValue: a.scaleValue, selectedOptionIds: a.selectedOptionIds, writtenText: a.writtenText))]
        }
        kit.on("closer.commitment") { v in
            let a = try v.answer("answer")
            let json = try CanonicalAnswer.json(scaleValue: a.scaleValue, selectedOptionIds: a.selectedOptionIds, writtenText: a.writtenText)
            return ["canonicalJson": .text(json),
                    "commitmentHash": .text(Commitment.hash(coupleId: try v.text("coupleId"), questionId: try v.text("questionId"),
                                                            userId: try v.text("userId"), canonicalJson: json))]
        }
        kit.refuse { $0 is CanonicalAnswer.Failure ? .format : nil }
        return kit
    }

    @Test func concordVectors() throws {
        let env = ProcessInfo.processInfo.environment
        let exportPath = try #require(env["CONCORD_EXPORT"], "set CONCORD_EXPORT to a concord-export/1 file")
        let export = try ConcordExport(contentsOf: URL(fileURLWithPath: exportPath))
        let run = Self.kit().run(export)
        #expect(run.failures == [])
        #expect(run.answered > 0)
        try run.write(to: URL(fileURLWithPath: env["CONCORD_OUTPUTS"] ?? "concord-outputs.json"))
    }
}
