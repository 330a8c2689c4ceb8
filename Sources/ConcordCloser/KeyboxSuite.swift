import ConcordFormats
import ConcordSuites

extension Suites {
    /// The keybox's context: `contextInfo` as given, or the four ids the implementation joins (§10).
    static let contextFields = [
        FieldSpec("contextInfo", .text, required: false, "The context info (its UTF-8 bytes); or give the four ids instead.").associatedData(),
        FieldSpec("coupleId", .text, required: false, "Instead of contextInfo: the couple id (first of the four joined ids)."),
        FieldSpec("questionId", .text, required: false, "Instead of contextInfo: the question id (second)."),
        FieldSpec("senderUserId", .text, required: false, "Instead of contextInfo: the sender's user id (third)."),
        FieldSpec("recipientUserId", .text, required: false, "Instead of contextInfo: the recipient's user id (fourth)."),
    ]
    /// contextInfo, or else every one of the four ids: each id with contextInfo is an exactly-one group.
    static let contextGroups = Wire.keyboxContextIds.map { ["contextInfo", $0] }

    public static let closerKeybox = Suite(
        name: "closer.keybox", contract: "closer",
        summary: "The `keybox:v1:` ECIES keybox (§10): Tink ECIES-AEAD-HKDF on P-256 with an AES-GCM DEM; seal, open and the round-trip matrix.",
        ops: [OpSpec("seal", "Seal deterministically: the ephemeral key and the IV are given, so the keybox is exact.",
                     inputs: [FieldSpec("recipientPublicKey", .text, "The recipient's `pub:v1:` public key.").kind(.tinkEcies(part: "publicKey"))] + contextFields + [
                              FieldSpec("plaintext", .bytes, "The message to seal."),
                              FieldSpec("ephemeralPrivateKey", .bytes, "The ephemeral private scalar (big-endian).").kind(.privateKey(.p256)),
                              FieldSpec("iv", .bytes, "The AES-GCM IV of the DEM (12 bytes).").kind(.bytes(lengths: [12]))],
                     expects: [FieldSpec("keybox", .text, "`keybox:v1:` + b64url of the Tink ciphertext.")],
                     exactlyOne: contextGroups),
              OpSpec("open", "Open a keybox with the recipient's private keyset: the plaintext (and, optionally, the form and key found in it), or a refusal.",
                     inputs: [FieldSpec("recipientPrivateKeyset", .text, "The recipient's private cleartext JSON keyset.").kind(.tinkEcies(part: "privateKeyset"))] + contextFields + [
                              FieldSpec("keybox", .text, "The `keybox:v1:` string to open.").kind(.wire(prefix: Wire.keybox, minimum: 93))],
                     expects: [FieldSpec("plaintext", .bytes, "The opened message."),
                               FieldSpec("form", .text, required: false, "Optional. What the plaintext is: `raw` (32 bytes), `tink-keyset` (an AES-GCM JSON keyset) or `other`."),
                               FieldSpec("key", .bytes, required: false, "Optional. The key found: the 32 raw bytes, or the keyset's key.")],
                     exactlyOne: contextGroups),
              OpSpec("roundtrip", "Every implementation seals `plaintext` with fresh randomness; every one opens every other's keybox and must find `plaintext`.",
                     inputs: [FieldSpec("recipientPrivateKeyset", .text, "The recipient's private cleartext JSON keyset (sealing uses its public key).").kind(.tinkEcies(part: "privateKeyset")),
                              FieldSpec("contextInfo", .text, "The context info (its UTF-8 bytes).").associatedData(),
                              FieldSpec("plaintext", .bytes, "The message sealed and opened.")],
                     expects: [FieldSpec("plaintext", .bytes, "The message every open must find.")])],
        aliases: ["keybox"],
        implementations: ["swift", "jvm", "tink", "node"],
        warnings: contextInfoPipeWarning,
        roundtrip: RoundtripSpec(op: "roundtrip", sealOp: "roundtrip-seal", openOp: "open", carried: "keybox",
                                 openInputs: ["recipientPrivateKeyset", "contextInfo"], compared: "plaintext"),
        artifacts: [ArtifactSpec.sealedToReader(write: "seal", open: "open", artifact: "keybox", publicInput: "recipientPublicKey",
                                                privateInput: "recipientPrivateKeyset", held: contextFields.map(\.name), expects: ["plaintext"],
                                                keyPair: keyboxKeyPair)])

    /// A private keyset is the recipient of a `pub:v1:` key when one of its ENABLED keys (Tink
    /// opens with any of them) has exactly that public key: every parameter, the key id, the output
    /// prefix and the point, each decoded by the pack's own reader, which checks that the scalar
    /// gives the point. The material: that key's scalar.
    static let keyboxKeyPair: ArtifactSpec.KeyPair = { privateKey, publicKey in
        guard case .text(let keyset) = privateKey, case .text(let wire) = publicKey,
              let target = try? TinkEciesKeyset.parsePublic(wire: wire),
              let keys = try? TinkEciesKeyset.parsePrivateKeys(keyset).keys else { return nil }
        return keys.first { $0.publicKey == target }?.scalar
    }
}
