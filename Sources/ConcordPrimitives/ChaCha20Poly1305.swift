/// ChaCha20-Poly1305 AEAD (RFC 8439, the IETF variant: 32-byte key, 12-byte nonce, 16-byte tag)
/// on libsodium (`crypto_aead_chacha20poly1305_ietf_*`) or OpenSSL (`EVP_chacha20_poly1305`).
/// `seal` returns the ciphertext and tag apart, as `aes-gcm` does.
public enum ChaCha20Poly1305 {
    public static let keyLength = 32
    public static let nonceLength = 12
    public static let tagLength = 16

    public static func seal(key: [UInt8], nonce: [UInt8], aad: [UInt8], plaintext: [UInt8],
                            backend: CryptoBackend) throws(CryptoError) -> (ciphertext: [UInt8], tag: [UInt8]) {
        try checkSizes(key: key, nonce: nonce, tag: nil, nonceLength: nonceLength, name: "ChaCha20-Poly1305")
        switch backend {
        case .libsodium: return try SodiumChaCha20Poly1305.seal(key: key, nonce: nonce, aad: aad, plaintext: plaintext, extended: false)
        case .openssl: return try OpenSSLChaCha20Poly1305.seal(key: key, nonce: nonce, aad: aad, plaintext: plaintext)
        }
    }

    /// Throws `.authentication` when the tag does not verify.
    public static func open(key: [UInt8], nonce: [UInt8], aad: [UInt8], ciphertext: [UInt8], tag: [UInt8],
                            backend: CryptoBackend) throws(CryptoError) -> [UInt8] {
        try checkSizes(key: key, nonce: nonce, tag: tag, nonceLength: nonceLength, name: "ChaCha20-Poly1305")
        switch backend {
        case .libsodium: return try SodiumChaCha20Poly1305.open(key: key, nonce: nonce, aad: aad, ciphertext: ciphertext, tag: tag, extended: false)
        case .openssl: return try OpenSSLChaCha20Poly1305.open(key: key, nonce: nonce, aad: aad, ciphertext: ciphertext, tag: tag)
        }
    }

    static func checkSizes(key: [UInt8], nonce: [UInt8], tag: [UInt8]?, nonceLength: Int, name: String) throws(CryptoError) {
        guard key.count == keyLength else { throw .parameters("\(name) takes a \(keyLength)-byte key (got \(key.count) bytes)") }
        guard nonce.count == nonceLength else { throw .parameters("\(name) takes a \(nonceLength)-byte nonce (got \(nonce.count) bytes)") }
        if let tag, tag.count != tagLength { throw .parameters("\(name) takes a \(tagLength)-byte tag (got \(tag.count) bytes)") }
    }
}

/// XChaCha20-Poly1305 (draft-irtf-cfrg-xchacha-03: 32-byte key, 24-byte nonce, 16-byte tag).
/// libsodium only: OpenSSL has no XChaCha20, so `.openssl` is `unsupported`.
public enum XChaCha20Poly1305 {
    public static let nonceLength = 24

    public static func seal(key: [UInt8], nonce: [UInt8], aad: [UInt8], plaintext: [UInt8],
                            backend: CryptoBackend) throws(CryptoError) -> (ciphertext: [UInt8], tag: [UInt8]) {
        guard backend == .libsodium else { throw .unsupported("OpenSSL has no XChaCha20-Poly1305") }
        try ChaCha20Poly1305.checkSizes(key: key, nonce: nonce, tag: nil, nonceLength: nonceLength, name: "XChaCha20-Poly1305")
        return try SodiumChaCha20Poly1305.seal(key: key, nonce: nonce, aad: aad, plaintext: plaintext, extended: true)
    }

    /// Throws `.authentication` when the tag does not verify.
    public static func open(key: [UInt8], nonce: [UInt8], aad: [UInt8], ciphertext: [UInt8], tag: [UInt8],
                            backend: CryptoBackend) throws(CryptoError) -> [UInt8] {
        guard backend == .libsodium else { throw .unsupported("OpenSSL has no XChaCha20-Poly1305") }
        try ChaCha20Poly1305.checkSizes(key: key, nonce: nonce, tag: tag, nonceLength: nonceLength, name: "XChaCha20-Poly1305")
        return try SodiumChaCha20Poly1305.open(key: key, nonce: nonce, aad: aad, ciphertext: ciphertext, tag: tag, extended: true)
    }
}
