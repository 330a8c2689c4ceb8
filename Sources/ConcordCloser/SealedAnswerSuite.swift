import ConcordFormats
import ConcordSuites

extension Suites {
    public static let closerSealedAnswer = Suite(
        name: "closer.sealed-answer", contract: "closer",
        summary: "The sealed answer `sealed:v1:` (§8): AES-256-GCM under a one-time key, AAD `coupleId|questionId|userId`, of the canonical JSON.",
        ops: [OpSpec("seal", "Seal an answer: the payload and its commitment.",
                     inputs: closerIds + [FieldSpec("answer", .answer, "The answer to seal."),
                                          FieldSpec("oneTimeKey", .bytes, "The one-time AES key (32 bytes).").kind(.bytes(lengths: [32])),
                                          FieldSpec("nonce", .bytes, "The AES-GCM nonce (12 bytes).").kind(.bytes(lengths: [12]))],
                     expects: [FieldSpec("encryptedPayload", .text, "`sealed:v1:` + b64url of the combined blob."),
                               FieldSpec("commitmentHash", .text, "`sha256:` + 43 b64url characters.")]),
              OpSpec("open", "Open a payload and check it against the commitment: the answer, or a refusal (`authentication` for a wrong key, AAD or commitment; `format` for a non-canonical answer).",
                     inputs: closerIds + [FieldSpec("oneTimeKey", .bytes, "The one-time AES key.").kind(.bytes(lengths: [32])),
                                          FieldSpec("encryptedPayload", .text, "The `sealed:v1:` string.").kind(.wire(prefix: Wire.sealed, minimum: 28)),
                                          FieldSpec("commitmentHash", .text, "The `sha256:` commitment to check.")],
                     expects: [FieldSpec("answer", .answer, "The decrypted answer.")])],
        aliases: ["sealed-answer"],
        implementations: closerImplementations + ["tink"],
        warnings: pipeWarning,
        artifacts: [ArtifactSpec.opening(write: "seal", open: "open", artifact: "encryptedPayload", held: ["coupleId", "questionId", "userId", "oneTimeKey"], stored: ["commitmentHash"], expects: ["answer"])])
}
