/// Ed25519 (RFC 8032 §5.1, pure EdDSA) on libsodium (`crypto_sign_*_detached`) or OpenSSL
/// (`EVP_DigestSign`/`EVP_DigestVerify` with `EVP_PKEY_ED25519`). The private key is the RFC's
/// 32-byte secret (libsodium's seed), the public key the 32-byte encoded point, a signature 64 bytes.
public enum Ed25519 {
    public static let privateKeyLength = 32
    public static let publicKeyLength = 32
    public static let signatureLength = 64

    public static func sign(privateKey: [UInt8], message: [UInt8], backend: CryptoBackend) throws(CryptoError) -> [UInt8] {
        guard privateKey.count == privateKeyLength else {
            throw .parameters("an Ed25519 private key (seed) is \(privateKeyLength) bytes (got \(privateKey.count))")
        }
        switch backend {
        case .libsodium: return try SodiumEd25519.sign(seed: privateKey, message: message)
        case .openssl: return try OpenSSLEd25519.sign(seed: privateKey, message: message)
        }
    }

    /// Returns normally when the signature verifies; throws `.authentication` when it does not
    /// (including a malformed point or an `S` not below the group order), `.parameters` for a
    /// public key or signature of the wrong length.
    public static func verify(publicKey: [UInt8], message: [UInt8], signature: [UInt8], backend: CryptoBackend) throws(CryptoError) {
        guard publicKey.count == publicKeyLength else {
            throw .parameters("an Ed25519 public key is \(publicKeyLength) bytes (got \(publicKey.count))")
        }
        guard signature.count == signatureLength else {
            throw .parameters("an Ed25519 signature is \(signatureLength) bytes (got \(signature.count))")
        }
        let ok: Bool
        switch backend {
        case .libsodium: ok = SodiumEd25519.verify(publicKey: publicKey, message: message, signature: signature)
        case .openssl: ok = try OpenSSLEd25519.verify(publicKey: publicKey, message: message, signature: signature)
        }
        guard ok else { throw .authentication("the Ed25519 signature does not verify under this public key") }
    }

    /// The public key of a private key (seed).
    public static func publicKey(privateKey: [UInt8], backend: CryptoBackend) throws(CryptoError) -> [UInt8] {
        guard privateKey.count == privateKeyLength else {
            throw .parameters("an Ed25519 private key (seed) is \(privateKeyLength) bytes (got \(privateKey.count))")
        }
        switch backend {
        case .libsodium: return try SodiumEd25519.keyPair(seed: privateKey).publicKey
        case .openssl: return try OpenSSLEd25519.publicKey(seed: privateKey)
        }
    }
}
