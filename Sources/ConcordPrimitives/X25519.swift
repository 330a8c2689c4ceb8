/// X25519 (RFC 7748 §5): the 32-byte u-coordinate of `private · public` on Curve25519, on
/// libsodium (`crypto_scalarmult`) or OpenSSL (`EVP_PKEY_derive` on raw X25519 keys).
///
/// Keys are the RFC's raw 32-byte strings (the private scalar is clamped by the function, the
/// public u-coordinate's top bit is ignored, non-canonical values are reduced as RFC 7748 says).
/// An all-zero shared secret (a public key of small order) is refused as `.key`, as RFC 7748 §6.1
/// allows and both libraries do. DER, PEM and JWK key forms are decoded one layer up
/// (ConcordFormats' `KeyForms`).
public enum X25519 {
    public static let keyLength = 32

    public static func sharedSecret(privateKey: [UInt8], publicKey: [UInt8], backend: CryptoBackend) throws(CryptoError) -> [UInt8] {
        guard privateKey.count == keyLength else { throw .parameters("an X25519 private key is \(keyLength) bytes (got \(privateKey.count))") }
        guard publicKey.count == keyLength else { throw .parameters("an X25519 public key is \(keyLength) bytes (got \(publicKey.count))") }
        let shared: [UInt8]
        switch backend {
        case .libsodium: shared = try SodiumX25519.sharedSecret(privateKey: privateKey, publicKey: publicKey)
        case .openssl: shared = try OpenSSLX25519.sharedSecret(privateKey: privateKey, publicKey: publicKey)
        }
        // Both libraries refuse this already; checked here too so no backend can let it through.
        guard shared.contains(where: { $0 != 0 }) else { throw zeroShared }
        return shared
    }

    /// The public key of a private key (`private · 9`).
    public static func publicKey(privateKey: [UInt8], backend: CryptoBackend) throws(CryptoError) -> [UInt8] {
        guard privateKey.count == keyLength else { throw .parameters("an X25519 private key is \(keyLength) bytes (got \(privateKey.count))") }
        switch backend {
        case .libsodium: return try SodiumX25519.publicKey(privateKey: privateKey)
        case .openssl: return try OpenSSLX25519.publicKey(privateKey: privateKey)
        }
    }

    static let zeroShared = CryptoError.key("the X25519 shared secret is all zero: the public key has small order (RFC 7748 §6.1)")
}
