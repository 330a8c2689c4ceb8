import ConcordFormats
import ConcordSuites

extension Suites {
    public static let sophaxChatMessage = Suite(
        name: "sophaxchat.message", contract: "sophaxchat",
        summary: "A ratchet message's wire (§2): nonce(12) ‖ ChaCha20-Poly1305(messageKey, nonce, content, no AAD); seal, open and the round-trip matrix.",
        ops: [OpSpec("seal", "Seal with a given nonce, so the wire is exact.",
                     inputs: [FieldSpec("messageKey", .bytes, "The message key (32 bytes).").kind(.bytes(lengths: [32])),
                              FieldSpec("nonce", .bytes, "The nonce (12 bytes).").kind(.bytes(lengths: [12])),
                              FieldSpec("plaintext", .bytes, "UTF-8(JSON(MessageContent)); the harness takes it as bytes.")],
                     expects: [FieldSpec("wire", .bytes, "nonce ‖ ciphertext ‖ tag.")]),
              OpSpec("open", "Open a wire: the plaintext, or a refusal (shorter than 12 + 16 bytes: `format`; a wrong key or a changed byte: `authentication`).",
                     inputs: [FieldSpec("messageKey", .bytes, "The message key.").kind(.bytes(lengths: [32])), FieldSpec("wire", .bytes, "nonce ‖ ciphertext ‖ tag.")],
                     expects: [FieldSpec("plaintext", .bytes, "The content.")]),
              OpSpec("roundtrip", "Every implementation seals with a fresh nonce; every one opens every wire and must find `plaintext`.",
                     inputs: [FieldSpec("messageKey", .bytes, "The message key.").kind(.bytes(lengths: [32])), FieldSpec("plaintext", .bytes, "The content sealed and opened.")],
                     expects: [FieldSpec("plaintext", .bytes, "The content every open must find.")])],
        implementations: sophaxChatImplementations,
        roundtrip: RoundtripSpec(op: "roundtrip", sealOp: "roundtrip-seal", openOp: "open", carried: "wire",
                                 openInputs: ["messageKey"], compared: "plaintext"),
        artifacts: [ArtifactSpec.opening(write: "seal", open: "open", artifact: "wire", held: ["messageKey"], expects: ["plaintext"])])
}
