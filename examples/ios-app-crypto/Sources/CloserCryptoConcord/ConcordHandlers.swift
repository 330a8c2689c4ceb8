import CloserCrypto
import ConcordKit

/// Concord's suites, each calling the app's real code: shared by the tests and the live adapter.
public enum ConcordHandlers {
    public static func kit() -> ConcordKit {
        var kit = ConcordKit(name: "ios", platform: "Swift", version: "app \(AppRelease.version) (\(AppRelease.libraries))")
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
        // The couple key wrapped under the recovery phrase: the raw key (option A), this release's parameters.
        kit.on("closer.couple-key-wrap", op: "wrap", inputs: ["phrase", "kdfSalt", "nonce", "coupleKey", "keysetJson"],
               outputs: ["wrappedCoupleKey", "kdfSalt", "kdfParams"]) { v in
            if v.has("keysetJson") { throw ConcordUnsupported("this module wraps the raw couple key (option A), not a keyset") }
            let w = try supported { try CoupleKeyWrap.wrap(phrase: try v.text("phrase"), coupleKey: try v.bytes("coupleKey"),
                                                           kdfSalt: try v.bytes("kdfSalt"), nonce: try v.bytes("nonce")) }
            return ["wrappedCoupleKey": .text(w.wrappedCoupleKey), "kdfSalt": .text(w.kdfSalt), "kdfParams": .text(w.kdfParams)]
        }
        // The stored tag names the parameters; without one, the contract's production tag.
        kit.on("closer.couple-key-wrap", op: "unwrap", inputs: ["phrase", "kdfSalt", "wrappedCoupleKey", "kdfParams"],
               outputs: ["coupleKey", "form"]) { v in
            let tag = v.has("kdfParams") ? try v.text("kdfParams") : "argon2id;v=19;m=47104;t=3;p=1"
            let key = try supported { try CoupleKeyWrap.unwrap(phrase: try v.text("phrase"), kdfSalt: try v.text("kdfSalt"),
                                                                wrappedCoupleKey: try v.text("wrappedCoupleKey"), kdfParams: tag) }
            return ["coupleKey": .bytes(key), "form": .text("raw")]
        }
        kit.refuse { error in
            switch error {
            case is CanonicalAnswer.Failure: return .format
            case PasswordKdf.Failure.parameters(_), CoupleKeyWrap.Failure.parameters(_): return .parameters
            case CoupleKeyWrap.Failure.format(_): return .format
            case CoupleKeyWrap.Failure.authentication(_): return .authentication
            default: return nil
            }
        }
        return kit
    }

    /// What the contract allows and this code cannot run is unsupported, never a refusal.
    static func supported<T>(_ body: () throws -> T) throws -> T {
        do { return try body() } catch CoupleKeyWrap.Failure.unsupported(let why) {
            throw ConcordUnsupported(why)
        } catch PasswordKdf.Failure.unsupported(let why) {
            throw ConcordUnsupported(why)
        }
    }
}
