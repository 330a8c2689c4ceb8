import ConcordFormats
import ConcordSuites
import ConcordPrimitives

/// `chacha20-poly1305` on libsodium (`crypto_aead_chacha20poly1305_ietf_*`) and OpenSSL
/// (`EVP_chacha20_poly1305`), and `xchacha20-poly1305` on libsodium (`crypto_aead_xchacha20poly1305_ietf_*`;
/// OpenSSL has no XChaCha20).
enum ChaCha20Poly1305Handlers {
    static let openssl = chacha(.openssl)
    static let libsodium = chacha(.libsodium)
    static let xlibsodium = SuiteHandler(Suites.xchacha20Poly1305) { r in
        try aead(r, suite: "xchacha20-poly1305",
                 seal: { k, n, a, p throws(CryptoError) in try XChaCha20Poly1305.seal(key: k, nonce: n, aad: a, plaintext: p, backend: .libsodium) },
                 open: { k, n, a, c, t throws(CryptoError) in try XChaCha20Poly1305.open(key: k, nonce: n, aad: a, ciphertext: c, tag: t, backend: .libsodium) })
    }

    static func chacha(_ backend: CryptoBackend) -> SuiteHandler {
        SuiteHandler(Suites.chacha20Poly1305) { r in
            try aead(r, suite: "chacha20-poly1305",
                     seal: { k, n, a, p throws(CryptoError) in try ChaCha20Poly1305.seal(key: k, nonce: n, aad: a, plaintext: p, backend: backend) },
                     open: { k, n, a, c, t throws(CryptoError) in try ChaCha20Poly1305.open(key: k, nonce: n, aad: a, ciphertext: c, tag: t, backend: backend) })
        }
    }

    static func aead(_ r: Request, suite: String,
                     seal: ([UInt8], [UInt8], [UInt8], [UInt8]) throws(CryptoError) -> (ciphertext: [UInt8], tag: [UInt8]),
                     open: ([UInt8], [UInt8], [UInt8], [UInt8], [UInt8]) throws(CryptoError) -> [UInt8]) throws -> [String: Value] {
        let key = try r.bytes("key"), nonce = try r.bytes("nonce"), aad = try r.bytes("aad")
        switch r.op {
        case "seal":
            let plaintext = try r.bytes("plaintext")
            let (ct, tag) = try PrimitiveRefusal.run { () throws(CryptoError) in try seal(key, nonce, aad, plaintext) }
            return ["ciphertext": .bytes(ct), "tag": .bytes(tag)]
        case "open":
            let ciphertext = try r.bytes("ciphertext"), tag = try r.bytes("tag")
            return ["plaintext": .bytes(try PrimitiveRefusal.run { () throws(CryptoError) in try open(key, nonce, aad, ciphertext, tag) })]
        default:
            throw Unsupported("\(suite) has no op \(r.op ?? "(none)")")
        }
    }
}
