import COpenSSL

/// The SHA-1/SHA-2 hashes Tink's ECIES and ECDSA name, as OpenSSL digests: one value per hash, so
/// HKDF, HMAC-by-hash and ECDSA take the hash as a parameter.
public enum HashFunction: String, Sendable, CaseIterable {
    case sha1 = "SHA1", sha224 = "SHA224", sha256 = "SHA256", sha384 = "SHA384", sha512 = "SHA512"

    var md: OpaquePointer? {
        switch self {
        case .sha1: return EVP_sha1()
        case .sha224: return EVP_sha224()
        case .sha256: return EVP_sha256()
        case .sha384: return EVP_sha384()
        case .sha512: return EVP_sha512()
        }
    }

    /// Bytes of a digest.
    public var length: Int {
        switch self {
        case .sha1: return 20
        case .sha224: return 28
        case .sha256: return 32
        case .sha384: return 48
        case .sha512: return 64
        }
    }

    /// The name in messages: "SHA-256".
    public var displayName: String {
        switch self {
        case .sha1: return "SHA-1"
        case .sha224: return "SHA-224"
        case .sha256: return "SHA-256"
        case .sha384: return "SHA-384"
        case .sha512: return "SHA-512"
        }
    }

    /// The digest of `data` (OpenSSL's one-shot `EVP_Digest`).
    public func hash(_ data: [UInt8]) -> [UInt8] {
        var out = [UInt8](repeating: 0, count: 64)
        var len: UInt32 = 0
        _ = CBytes.with(data) { d in EVP_Digest(d, data.count, &out, &len, md, nil) }
        return Array(out.prefix(Int(len)))
    }

    /// HMAC with this hash (OpenSSL's one-shot `HMAC()`).
    public func hmac(key: [UInt8], data: [UInt8]) -> [UInt8] {
        var out = [UInt8](repeating: 0, count: 64)
        var len: UInt32 = 0
        _ = CBytes.with(key) { k in CBytes.with(data) { d in HMAC(md, k, Int32(key.count), d, data.count, &out, &len) } }
        return Array(out.prefix(Int(len)))
    }
}
