extension Suites {
    public static let chacha20Poly1305 = Suite(
        name: "chacha20-poly1305",
        summary: "ChaCha20-Poly1305 seal and open (RFC 8439, the IETF variant: 32-byte key, 12-byte nonce, 16-byte tag); Wycheproof's chacha20_poly1305_test.json maps onto `open`.",
        ops: AEADFields.ops(cipher: "ChaCha20-Poly1305", nonce: "The nonce (12 bytes; other lengths are refused as `parameters`)."),
        implementations: ["libsodium", "openssl", "jvm"])
}

/// The fields of the AEAD suites (`aes-gcm`'s shape: ciphertext and tag apart).
enum AEADFields {
    static func ops(cipher: String, nonce: String, nonceLength: Int = 12) -> [OpSpec] {
        [OpSpec("seal", "Encrypt `plaintext`: the ciphertext and the tag.",
                inputs: [FieldSpec("key", .bytes, "The \(cipher) key (32 bytes; other lengths are refused as `parameters`).").kind(.bytes(lengths: [32])),
                         FieldSpec("nonce", .bytes, nonce).kind(.bytes(lengths: [nonceLength])),
                         FieldSpec("aad", .bytes, "Additional authenticated data; `{hex: \"\"}` when there is none.").associatedData(),
                         FieldSpec("plaintext", .bytes, "The message to encrypt.")],
                expects: [FieldSpec("ciphertext", .bytes, "The ciphertext, as long as the plaintext, without nonce or tag."),
                          FieldSpec("tag", .bytes, "The Poly1305 tag (16 bytes).").kind(.bytes(lengths: [16]))]),
         OpSpec("open", "Decrypt and authenticate: the plaintext, or a refusal (`authentication` for a wrong key, tag or AAD; `parameters` for a key, nonce or tag of another size).",
                inputs: [FieldSpec("key", .bytes, "The \(cipher) key.").kind(.bytes(lengths: [32])), FieldSpec("nonce", .bytes, "The nonce.").kind(.bytes(lengths: [nonceLength])),
                         FieldSpec("aad", .bytes, "Additional authenticated data.").associatedData(),
                         FieldSpec("ciphertext", .bytes, "The ciphertext, without nonce or tag."),
                         FieldSpec("tag", .bytes, "The Poly1305 tag.").kind(.bytes(lengths: [16]))],
                expects: [FieldSpec("plaintext", .bytes, "The decrypted message.")])]
    }
}
