import COpenSSL

/// The C library a primitive of the issue-14 families runs on. Each family (`ChaCha20Poly1305`,
/// `X25519`, `Ed25519`, `HMACSHA256`, …) has one portable API taking a `CryptoBackend`; the
/// backends are sibling files (`<Family>+OpenSSL.swift`, `<Family>+Sodium.swift`).
public enum CryptoBackend: String, Sendable, CaseIterable {
    case openssl
    case libsodium

    /// The library's own version string.
    public var libraryVersion: String {
        switch self {
        case .openssl: return String(cString: OpenSSL_version(Int32(OPENSSL_VERSION)))
        case .libsodium: return "libsodium " + SodiumArgon2id.version
        }
    }
}
