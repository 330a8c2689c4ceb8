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
        kit.on("argon2id", inputs: ["password", "salt", "params", "length"], outputs: ["key"]) { v in
            if v.has("secret") || v.has("associatedData") { throw ConcordUnsupported("the app's KDF takes no secret or associated data") }
            let length = v.has("length") ? try v.integer("length") : 32
            guard let n = Int(exactly: length) else { throw ConcordRefusal(.parameters, "key length \(length)") }
            do {
                return ["key": .bytes(try PasswordKdf.derive(password: try v.bytes("password"), salt: try v.bytes("salt"),
                                                             kdfParams: try v.text("params"), length: n))]
            } catch PasswordKdf.Failure.unsupported(let why) {
                throw ConcordUnsupported(why)
            }
        }
        kit.refuse { error in
            switch error {
            case is CanonicalAnswer.Failure: return .format
            case PasswordKdf.Failure.parameters(_): return .parameters
            default: return nil
            }
        }
        return kit
    }
}
