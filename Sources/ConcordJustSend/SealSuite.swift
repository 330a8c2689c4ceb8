import ConcordFormats
import ConcordSuites

extension Suites {
    public static let justsendSeal = Suite(
        name: "justsend.seal", contract: "justsend",
        summary: "JustSend item content (§1 seal): AES-256-GCM without AAD, stored as ciphertext = b64(ct || tag) and nonce = b64(nonce) apart.",
        ops: [OpSpec("seal", "Seal item content with a given nonce: the two stored fields.",
                     inputs: [FieldSpec("key", .bytes, "The content key (32 bytes).").kind(.bytes(lengths: [32])),
                              FieldSpec("nonce", .bytes, "The nonce (12 bytes).").kind(.bytes(lengths: [12])),
                              FieldSpec("plaintext", .bytes, "The item content.")],
                     expects: [FieldSpec("ciphertext", .text, "`b64(ct || tag)`: the field whose length is the server's size_bytes."),
                               FieldSpec("storedNonce", .text, "`b64(nonce)`: the separate nonce field.")]),
              OpSpec("open", "Open the two stored fields: the content, or a refusal.",
                     inputs: [FieldSpec("key", .bytes, "The content key (32 bytes).").kind(.bytes(lengths: [32])),
                              FieldSpec("ciphertext", .text, "`b64(ct || tag)`."),
                              FieldSpec("storedNonce", .text, "`b64(nonce)`; a nonce that is not 12 bytes is `format`.")],
                     expects: [FieldSpec("plaintext", .bytes, "The item content.")])],
        implementations: justsendImplementations,
        artifacts: [ArtifactSpec.opening(write: "seal", open: "open", artifact: "ciphertext", held: ["key"], stored: ["storedNonce"], expects: ["plaintext"])])
}
