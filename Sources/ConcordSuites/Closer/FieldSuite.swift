extension Suites {
    public static let closerField = Suite(
        name: "closer.field", contract: "closer",
        summary: "Field encryption `enc:v1:` (§6): AES-256-GCM combined under the couple key, AAD = UTF-8(coupleId).",
        ops: [OpSpec("encrypt", "Encrypt a field value.",
                     inputs: [FieldSpec("coupleKey", .bytes, "The couple key (32 bytes)."), FieldSpec("coupleId", .text, "The couple id, the AAD."),
                              FieldSpec("plaintext", .bytes, "The field value."), FieldSpec("nonce", .bytes, "The AES-GCM nonce (12 bytes).")],
                     expects: [FieldSpec("wire", .text, "`enc:v1:` + `b64` of the combined blob.")]),
              OpSpec("decrypt", "Decrypt a wire string: the plaintext, or a refusal.",
                     inputs: [FieldSpec("coupleKey", .bytes, "The couple key."), FieldSpec("coupleId", .text, "The couple id, the AAD."),
                              FieldSpec("wire", .text, "The `enc:v1:` string."),
                              FieldSpec("userId", .text, required: false, "Optional. Only used to explain a failure: the historical AAD `userId:questionId`."),
                              FieldSpec("questionId", .text, required: false, "Optional. Only used to explain a failure: the historical AAD `userId:questionId`.")],
                     expects: [FieldSpec("plaintext", .bytes, "The field value.")])],
        aliases: ["field"],
        implementations: closerImplementations)
}
