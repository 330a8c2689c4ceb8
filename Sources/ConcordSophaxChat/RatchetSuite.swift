import ConcordFormats
import ConcordSuites

extension Suites {
    /// Skipped message keys a session keeps (the contract §2).
    public static let sophaxChatMaxSkipped: Int64 = 1000

    public static let sophaxChatRatchet = Suite(
        name: "sophaxchat.ratchet", contract: "sophaxchat",
        summary: "Double Ratchet key schedule (§2): the root step, the message key at chain position n, and the 1000 skipped-key cap.",
        ops: [OpSpec("root-step", "One DH ratchet step: HKDF(rootKey ‖ X25519(my, their), info SophaxChat_RootRatchet_v1) split into the new root key and a chain key.",
                     inputs: [FieldSpec("rootKey", .bytes, "The current root key (32 bytes).").kind(.bytes(lengths: [32])),
                              x25519Field("myRatchetPrivateKey", "My private ratchet key (X25519).").kind(.privateKey(.x25519)),
                              x25519Field("theirRatchetKey", "Their public ratchet key (X25519).").kind(.peerPublicKey(.x25519))],
                     expects: [FieldSpec("rootKey", .bytes, "The new root key (the first 32 bytes)."),
                               FieldSpec("chainKey", .bytes, "The new chain key (the last 32 bytes).").kind(.bytes(lengths: [32]))]),
              OpSpec("chain-step", "A receiver's message key at position n of a fresh chain: n + 1 chain steps, keeping the n skipped keys.",
                     inputs: [FieldSpec("chainKey", .bytes, "The chain key at position 0.").kind(.bytes(lengths: [32])),
                              FieldSpec("position", .integer, minimum: 0, "n, the message number in this chain.").caps([sophaxChatMaxSkipped]),
                              FieldSpec("storedSkipped", .integer, required: false, minimum: 0,
                                        "Optional (default 0). Skipped keys the session already keeps; position + storedSkipped above 1000 is `parameters`.")
                                        .kind(.integer(min: 0, max: 1 << 32)).caps([sophaxChatMaxSkipped])],
                     expects: [FieldSpec("messageKey", .bytes, "The message key at position n (the first half of step n + 1)."),
                               FieldSpec("nextChainKey", .bytes, "The chain key at position n + 1.")])],
        implementations: sophaxChatImplementations,
        cost: { input in Double(input["position"]?.integer ?? 0) * 2e-6 },
        exceedsLimits: stepLimit("position"))
}
