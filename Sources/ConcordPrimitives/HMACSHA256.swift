/// HMAC-SHA256 (RFC 2104, FIPS 198-1) with a key of any length, on OpenSSL (`HMAC` with
/// `EVP_sha256`) or libsodium (`crypto_auth_hmacsha256_init/update/final`, which hashes a key
/// longer than the block as RFC 2104 says).
public enum HMACSHA256 {
    public static let tagLength = 32
    /// The shortest truncated tag `verify` accepts: half the hash, as RFC 2104 §5 recommends
    /// (RFC 4231's test case 5 and Wycheproof's 128-bit groups use exactly this).
    public static let minimumTagLength = 16

    public static func authenticate(key: [UInt8], message: [UInt8], backend: CryptoBackend) throws(CryptoError) -> [UInt8] {
        switch backend {
        case .openssl: return try OpenSSLHMACSHA256.authenticate(key: key, message: message)
        case .libsodium: return try SodiumHMACSHA256.authenticate(key: key, message: message)
        }
    }

    /// Checks a tag of 16 to 32 bytes against the leading bytes of the HMAC (constant time);
    /// throws `.authentication` on a mismatch, `.parameters` for a tag of another length.
    public static func verify(key: [UInt8], message: [UInt8], tag: [UInt8], backend: CryptoBackend) throws(CryptoError) {
        guard tag.count >= minimumTagLength && tag.count <= tagLength else {
            throw .parameters("an HMAC-SHA256 tag is \(minimumTagLength) to \(tagLength) bytes (got \(tag.count))")
        }
        let full = try authenticate(key: key, message: message, backend: backend)
        guard CBytes.equal(Array(full.prefix(tag.count)), tag) else {
            throw .authentication("the HMAC-SHA256 tag does not match (wrong key, message or tag)")
        }
    }
}
