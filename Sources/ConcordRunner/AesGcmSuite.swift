extension Suites {
    /// `aes-gcm`: CONTRACT.md §3, and Wycheproof's `aes_gcm_test.json` read as it is.
    public static let aesGcm = Suite(
        name: "aes-gcm",
        ops: [OpSpec("seal", inputs: [FieldSpec("key", .bytes), FieldSpec("nonce", .bytes), FieldSpec("aad", .bytes), FieldSpec("plaintext", .bytes)],
                     expects: [FieldSpec("ciphertext", .bytes), FieldSpec("tag", .bytes)]),
              OpSpec("open", inputs: [FieldSpec("key", .bytes), FieldSpec("nonce", .bytes), FieldSpec("aad", .bytes),
                                      FieldSpec("ciphertext", .bytes), FieldSpec("tag", .bytes)],
                     expects: [FieldSpec("plaintext", .bytes)])])
}
