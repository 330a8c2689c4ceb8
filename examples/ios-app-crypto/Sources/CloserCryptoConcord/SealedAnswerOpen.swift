import ConcordKit

/// `closer.sealed-answer open` through the app's own code, which returns an answer: `open` stands for
/// the app's function (this example module has no sealed-answer code), returning the answer it
/// decrypted and checked against the commitment, or throwing the app's error (`refuse` maps it).
public enum SealedAnswerOpen {
    public typealias Open = @Sendable (_ payload: String, _ oneTimeKey: [UInt8], _ coupleId: String, _ questionId: String,
                                       _ userId: String, _ commitmentHash: String) throws -> (scale: Int64?, options: [String], text: String?)

    public static func register(_ kit: inout ConcordKit, open: @escaping Open) {
        kit.on("closer.sealed-answer", op: "open",
               inputs: ["coupleId", "questionId", "userId", "oneTimeKey", "encryptedPayload", "commitmentHash"],
               outputs: ["answer"]) { v in
            let a = try open(try v.text("encryptedPayload"), try v.bytes("oneTimeKey"), try v.text("coupleId"),
                             try v.text("questionId"), try v.text("userId"), try v.text("commitmentHash"))
            return ["answer": .answer(ConcordAnswer(scaleValue: a.scale, selectedOptionIds: a.options, writtenText: a.text))]
        }
    }
}
