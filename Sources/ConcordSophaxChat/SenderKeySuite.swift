import ConcordFormats
import ConcordSuites

extension Suites {
    /// How far a receiver's iteration and a message's may be apart (the contract §3).
    public static let sophaxChatSenderKeyWindow: Int64 = 100

    public static let sophaxChatSenderKey = Suite(
        name: "sophaxchat.sender-key", contract: "sophaxchat",
        summary: "Group sender keys (§3): the message key and chain key at iteration i, and the ±100 window around the receiver's iteration.",
        ops: [OpSpec(nil,
                     inputs: [FieldSpec("chainKey", .bytes, "chain_key(0), as the sender distributed it.").kind(.bytes(lengths: [32])),
                              FieldSpec("iteration", .integer, minimum: 0, "i, the message's iteration.").caps([sophaxChatSenderKeyWindow]),
                              FieldSpec("receiverIteration", .integer, required: false, minimum: 0,
                                        "Optional (default: i). The receiver's iteration j; |i − j| above 100 is `parameters`.")
                                        .kind(.integer(min: 0, max: 1 << 32)).caps([sophaxChatSenderKeyWindow])],
                     expects: [FieldSpec("messageKey", .bytes, "message_key(i)."),
                               FieldSpec("iterationChainKey", .bytes, "chain_key(i).")])],
        implementations: sophaxChatImplementations,
        cost: { input in Double(input["iteration"]?.integer ?? 0) * 2e-6 },
        exceedsLimits: stepLimit("iteration"))
}
