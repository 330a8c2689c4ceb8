extension Suites {
    public static let aesGcm = Suite(
        name: "aes-gcm",
        summary: "AES-GCM seal and open (NIST SP 800-38D); Wycheproof's aes_gcm_test.json maps onto `open`.",
        ops: [OpSpec("seal", "Encrypt `plaintext`: the ciphertext and the tag.",
                     inputs: [FieldSpec("key", .bytes, "The AES key (32 bytes in the Closer contract; other lengths belong in invalid vectors).").kind(.bytes(lengths: [16, 24, 32])),
                              FieldSpec("nonce", .bytes, "The nonce (12 bytes in the Closer contract).").kind(.bytes(lengths: [12])),
                              FieldSpec("aad", .bytes, "Additional authenticated data; `{hex: \"\"}` when there is none.").associatedData(),
                              FieldSpec("plaintext", .bytes, "The message to encrypt.")],
                     expects: [FieldSpec("ciphertext", .bytes, "The ciphertext, as long as the plaintext, without nonce or tag."),
                               FieldSpec("tag", .bytes, "The authentication tag (16 bytes).").kind(.bytes(lengths: [16]))]),
              OpSpec("open", "Decrypt and authenticate: the plaintext, or a refusal (`authentication` for a wrong key, tag or AAD).",
                     inputs: [FieldSpec("key", .bytes, "The AES key.").kind(.bytes(lengths: [16, 24, 32])), FieldSpec("nonce", .bytes, "The nonce.").kind(.bytes(lengths: [12])),
                              FieldSpec("aad", .bytes, "Additional authenticated data.").associatedData(),
                              FieldSpec("ciphertext", .bytes, "The ciphertext, without nonce or tag."),
                              FieldSpec("tag", .bytes, "The authentication tag.").kind(.bytes(lengths: [16]))],
                     expects: [FieldSpec("plaintext", .bytes, "The decrypted message.")])],
        implementations: ["openssl", "libsodium", "jvm", "tink", "node", "webcrypto"])
}
