import CSodium

/// libsodium's streaming `crypto_auth_hmacsha256_*` (the one-shot `crypto_auth_hmacsha256` takes
/// 32-byte keys only; `init` takes any length).
enum SodiumHMACSHA256 {
    static func authenticate(key: [UInt8], message: [UInt8]) throws(CryptoError) -> [UInt8] {
        SodiumArgon2id.initialize()
        var state = crypto_auth_hmacsha256_state()
        defer { withUnsafeMutableBytes(of: &state) { sodium_memzero($0.baseAddress, $0.count) } }
        var out = [UInt8](repeating: 0, count: Int(crypto_auth_hmacsha256_bytes()))
        guard CBytes.with(key, { crypto_auth_hmacsha256_init(&state, $0, key.count) }) == 0,
              CBytes.with(message, { crypto_auth_hmacsha256_update(&state, $0, UInt64(message.count)) }) == 0,
              out.withUnsafeMutableBufferPointer({ crypto_auth_hmacsha256_final(&state, $0.baseAddress!) }) == 0 else {
            throw .library("crypto_auth_hmacsha256 failed")
        }
        return out
    }
}
