import ConcordFormats
import ConcordSuites

extension Suites {
    public static let sophaxChatSealedSender = Suite(
        name: "sophaxchat.sealed-sender", contract: "sophaxchat",
        summary: "Sealed sender (§4): EK.public(32) ‖ nonce(12) ‖ ChaCha20-Poly1305 under HKDF(X25519(EK, recipient)); seal, open and the round-trip matrix.",
        ops: [OpSpec("seal", "Seal with a given ephemeral key and nonce, so the wire is exact.",
                     inputs: [x25519Field("recipientIdentityKey", "The recipient's public identity DH key (X25519).").kind(.peerPublicKey(.x25519)),
                              x25519Field("ephemeralPrivateKey", "EK_s, the sender's ephemeral private key.").kind(.privateKey(.x25519)),
                              FieldSpec("nonce", .bytes, "The nonce (12 bytes).").kind(.bytes(lengths: [12])),
                              FieldSpec("plaintext", .bytes, "UTF-8(JSON(inner)); the harness takes it as bytes.")],
                     expects: [FieldSpec("wire", .bytes, "EK_s.public ‖ nonce ‖ ciphertext ‖ tag.")]),
              OpSpec("open", "Open a wire with the recipient's private key: the inner message, or a refusal (shorter than 60 bytes: `format`; a small-order ephemeral key: `key`; a wrong key or a changed byte: `authentication`).",
                     inputs: [x25519Field("recipientIdentityPrivateKey", "The recipient's private identity DH key.").kind(.peerPrivateKey(.x25519)),
                              FieldSpec("wire", .bytes, "EK_s.public ‖ nonce ‖ ciphertext ‖ tag.")],
                     expects: [FieldSpec("plaintext", .bytes, "The inner message.")]),
              OpSpec("roundtrip", "Every implementation seals to the key's public half with fresh randomness; every one opens every wire and must find `plaintext`.",
                     inputs: [x25519Field("recipientIdentityPrivateKey", "The recipient's private identity DH key (sealing uses its public key).").kind(.peerPrivateKey(.x25519)),
                              FieldSpec("plaintext", .bytes, "The inner message sealed and opened.")],
                     expects: [FieldSpec("plaintext", .bytes, "The inner message every open must find.")])],
        implementations: sophaxChatImplementations,
        roundtrip: RoundtripSpec(op: "roundtrip", sealOp: "roundtrip-seal", openOp: "open", carried: "wire",
                                 openInputs: ["recipientIdentityPrivateKey"], compared: "plaintext"),
        artifacts: [ArtifactSpec.sealedToReader(write: "seal", open: "open", artifact: "wire", publicInput: "recipientIdentityKey",
                                                privateInput: "recipientIdentityPrivateKey", expects: ["plaintext"],
                                                keyPair: sealedSenderKeyPair)])

    /// A private identity key is the recipient of a wire sealed to `recipientIdentityKey` when its
    /// X25519 public key, derived by the pack's own code, is exactly that key. The material: its 32
    /// bytes as given (two that differ only in the bits X25519 clears are two candidates that differ).
    static let sealedSenderKeyPair: ArtifactSpec.KeyPair = { privateKey, publicKey in
        guard case .bytes(let p) = privateKey, case .bytes(let target) = publicKey, p.count == 32,
              let derived = try? SophaxChat.publicKey(p, "recipientIdentityPrivateKey"), derived == target else { return nil }
        return p
    }
}
