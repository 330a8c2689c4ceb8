import ConcordFormats
import ConcordSuites

extension Suites {
    public static let sophaxChatGroupMessage = Suite(
        name: "sophaxchat.group-message", contract: "sophaxchat",
        summary: "A group message's wire (§3): nonce(12) ‖ ChaCha20-Poly1305(message_key(i), nonce, body, no AAD) from the sender's chain key; seal, open and the round-trip matrix.",
        ops: [OpSpec("seal", "Seal at iteration i with a given nonce, so the wire is exact.",
                     inputs: [FieldSpec("chainKey", .bytes, "chain_key(0) of the sender key.").kind(.bytes(lengths: [32])),
                              FieldSpec("iteration", .integer, minimum: 0, "i: the message key is message_key(i)."),
                              FieldSpec("nonce", .bytes, "The nonce (12 bytes).").kind(.bytes(lengths: [12])),
                              FieldSpec("plaintext", .bytes, "UTF-8(messageBody).")],
                     expects: [FieldSpec("wire", .bytes, "nonce ‖ ciphertext ‖ tag.")]),
              OpSpec("open", "Open a wire at iteration i: the body, or a refusal (too short: `format`; a wrong key, iteration or a changed byte: `authentication`).",
                     inputs: [FieldSpec("chainKey", .bytes, "chain_key(0) of the sender key.").kind(.bytes(lengths: [32])),
                              FieldSpec("iteration", .integer, minimum: 0, "i."),
                              FieldSpec("wire", .bytes, "nonce ‖ ciphertext ‖ tag.")],
                     expects: [FieldSpec("plaintext", .bytes, "The body.")]),
              OpSpec("roundtrip", "Every implementation seals with a fresh nonce; every one opens every wire and must find `plaintext`.",
                     inputs: [FieldSpec("chainKey", .bytes, "chain_key(0) of the sender key.").kind(.bytes(lengths: [32])),
                              FieldSpec("iteration", .integer, minimum: 0, "i."),
                              FieldSpec("plaintext", .bytes, "The body sealed and opened.")],
                     expects: [FieldSpec("plaintext", .bytes, "The body every open must find.")])],
        implementations: sophaxChatImplementations,
        cost: { input in Double(input["iteration"]?.integer ?? 0) * 2e-6 },
        exceedsLimits: stepLimit("iteration"),
        roundtrip: RoundtripSpec(op: "roundtrip", sealOp: "roundtrip-seal", openOp: "open", carried: "wire",
                                 openInputs: ["chainKey", "iteration"], compared: "plaintext"),
        artifacts: [ArtifactSpec.opening(write: "seal", open: "open", artifact: "wire", held: ["chainKey", "iteration"], expects: ["plaintext"])])
}
