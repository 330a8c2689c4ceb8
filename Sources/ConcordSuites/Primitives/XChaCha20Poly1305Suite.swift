extension Suites {
    public static let xchacha20Poly1305 = Suite(
        name: "xchacha20-poly1305",
        summary: "XChaCha20-Poly1305 seal and open (draft-irtf-cfrg-xchacha-03: 32-byte key, 24-byte nonce, 16-byte tag); Wycheproof's xchacha20_poly1305_test.json maps onto `open`.",
        ops: AEADFields.ops(cipher: "XChaCha20-Poly1305", nonce: "The extended nonce (24 bytes; other lengths are refused as `parameters`).", nonceLength: 24),
        implementations: ["libsodium", "jvm", "tink"])
}
