import COpenSSL

/// OpenSSL's one-shot `HMAC()` with `EVP_sha256()`.
enum OpenSSLHMACSHA256 {
    static func authenticate(key: [UInt8], message: [UInt8]) throws(CryptoError) -> [UInt8] {
        var out = [UInt8](repeating: 0, count: 64)
        var len: UInt32 = 0
        let r = CBytes.with(key) { k in CBytes.with(message) { m in
            HMAC(EVP_sha256(), k, Int32(key.count), m, message.count, &out, &len)
        } }
        guard r != nil, len == UInt32(HMACSHA256.tagLength) else {
            throw .library("OpenSSL HMAC(SHA-256) failed: \(CBytes.drainOpenSSLErrors() ?? "no detail")")
        }
        return Array(out.prefix(Int(len)))
    }
}
