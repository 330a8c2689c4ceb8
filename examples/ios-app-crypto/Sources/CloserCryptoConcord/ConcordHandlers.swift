import CloserCrypto
import ConcordKit

/// Concord's suites, each calling the app's real code: shared by the tests and the live adapter.
public enum ConcordHandlers {
    public static func kit() -> ConcordKit {
        var kit = ConcordKit(name: "ios", platform: "Swift", version: "ios-app-crypto example")
        kit.on("closer.canonical-json", inputs: ["answer"], outputs: ["json"]) { v in
            let a = try v.answer("answer")
            return ["json": .text(try CanonicalAnswer.json(scaleValue: a.scaleValue, selectedOptionIds: a.selectedOptionIds,
                                                           writtenText: a.writtenText))]
        }
        kit.on("closer.commitment", inputs: ["coupleId", "questionId", "userId", "answer"],
               outputs: ["canonicalJson", "commitmentHash"]) { v in
            let a = try v.answer("answer")
            let json = try CanonicalAnswer.json(scaleValue: a.scaleValue, selectedOptionIds: a.selectedOptionIds, writtenText: a.writtenText)
            return ["canonicalJson": .text(json),
                    "commitmentHash": .text(Commitment.hash(coupleId: try v.text("coupleId"), questionId: try v.text("questionId"),
                                                            userId: try v.text("userId"), canonicalJson: json))]
        }
        kit.refuse { $0 is CanonicalAnswer.Failure ? .format : nil }
        return kit
    }
}
