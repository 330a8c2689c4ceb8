import ConcordFormats
import ConcordSuites

extension Suites {
    public static let closerField = Suite(
        name: "closer.field", contract: "closer",
        summary: "Field encryption `enc:v1:` (§6): AES-256-GCM combined under the couple key, AAD = UTF-8(coupleId).",
        ops: [OpSpec("encrypt", "Encrypt a field value.",
                     inputs: [FieldSpec("coupleKey", .bytes, "The couple key (32 bytes).").kind(.tinkAesGcm(part: "key")), FieldSpec("coupleId", .text, "The couple id, the AAD.").kind(.id),
                              FieldSpec("plaintext", .bytes, "The field value."), FieldSpec("nonce", .bytes, "The AES-GCM nonce (12 bytes).").kind(.bytes(lengths: [12]))],
                     expects: [FieldSpec("wire", .text, "`enc:v1:` + `b64` of the combined blob.")]),
              OpSpec("decrypt", "Decrypt a wire string: the plaintext, or a refusal.",
                     inputs: [FieldSpec("coupleKey", .bytes, "The couple key.").kind(.tinkAesGcm(part: "key")), FieldSpec("coupleId", .text, "The couple id, the AAD.").kind(.id),
                              FieldSpec("wire", .text, "The `enc:v1:` string.").kind(.wire(prefix: Wire.field, minimum: 28)),
                              FieldSpec("userId", .text, required: false, "Optional. Only used to explain a failure: the historical AAD `userId:questionId`."),
                              FieldSpec("questionId", .text, required: false, "Optional. Only used to explain a failure: the historical AAD `userId:questionId`."),
                              fieldKeyset],
                     expects: [FieldSpec("plaintext", .bytes, "The field value.")]),
              OpSpec("roundtrip", "Every implementation encrypts `plaintext` with a fresh random nonce; every one decrypts every other's wire and must find `plaintext`.",
                     inputs: [FieldSpec("coupleKey", .bytes, "The couple key (32 bytes).").kind(.tinkAesGcm(part: "key")), FieldSpec("coupleId", .text, "The couple id, the AAD.").kind(.id),
                              FieldSpec("plaintext", .bytes, "The field value encrypted and decrypted."), fieldKeyset],
                     expects: [FieldSpec("plaintext", .bytes, "The value every decryption must find.")])],
        aliases: ["field"],
        implementations: closerImplementations + ["tink"],
        roundtrip: RoundtripSpec(op: "roundtrip", sealOp: "roundtrip-seal", openOp: "decrypt", carried: "wire",
                                 openInputs: ["coupleKey", "coupleId", "keysetJson"], compared: "plaintext"),
        artifacts: [ArtifactSpec.opening(write: "encrypt", open: "decrypt", artifact: "wire", held: ["coupleKey", "coupleId"], expects: ["plaintext"])])

    /// The Android side's couple keyset (a Tink cleartext JSON keyset holding `coupleKey`): the Tink
    /// implementation encrypts and decrypts through Tink's `Aead` on it, as Android does; the others use
    /// `coupleKey` (docs/contracts/closer.md §6).
    static let fieldKeyset = FieldSpec("keysetJson", .text, required: false,
                                       "Optional. The Android side's Tink cleartext JSON keyset of one `AesGcmKey` holding `coupleKey`: `tink` encrypts and decrypts with Tink's `Aead` on it (its output prefix decides the layout), the others use `coupleKey`. Left out, `tink` uses a RAW keyset of `coupleKey`.").kind(.tinkAesGcm(part: "keysetJson"))
}
