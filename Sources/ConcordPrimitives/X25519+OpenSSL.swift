import COpenSSL

/// OpenSSL's X25519: raw keys (`EVP_PKEY_new_raw_*_key`) and `EVP_PKEY_derive`, which refuses an
/// all-zero result.
enum OpenSSLX25519 {
    static func sharedSecret(privateKey: [UInt8], publicKey: [UInt8]) throws(CryptoError) -> [UInt8] {
        guard let priv = privateKey.withUnsafeBufferPointer({ EVP_PKEY_new_raw_private_key(EVP_PKEY_X25519, nil, $0.baseAddress, $0.count) }) else {
            throw .library("EVP_PKEY_new_raw_private_key(X25519) failed: \(CBytes.drainOpenSSLErrors() ?? "no detail")")
        }
        defer { EVP_PKEY_free(priv) }
        guard let peer = publicKey.withUnsafeBufferPointer({ EVP_PKEY_new_raw_public_key(EVP_PKEY_X25519, nil, $0.baseAddress, $0.count) }) else {
            throw .library("EVP_PKEY_new_raw_public_key(X25519) failed: \(CBytes.drainOpenSSLErrors() ?? "no detail")")
        }
        defer { EVP_PKEY_free(peer) }
        guard let ctx = EVP_PKEY_CTX_new(priv, nil) else { throw .library("EVP_PKEY_CTX_new failed") }
        defer { EVP_PKEY_CTX_free(ctx) }
        guard EVP_PKEY_derive_init(ctx) == 1, EVP_PKEY_derive_set_peer(ctx, peer) == 1 else {
            throw .library("EVP_PKEY_derive_init/set_peer(X25519) failed: \(CBytes.drainOpenSSLErrors() ?? "no detail")")
        }
        var out = [UInt8](repeating: 0, count: X25519.keyLength)
        var len = out.count
        guard EVP_PKEY_derive(ctx, &out, &len) == 1, len == X25519.keyLength else {
            // OpenSSL's X25519 derive fails only on an all-zero result.
            CBytes.drainOpenSSLErrors()
            throw X25519.zeroShared
        }
        return out
    }

    static func publicKey(privateKey: [UInt8]) throws(CryptoError) -> [UInt8] {
        guard let priv = privateKey.withUnsafeBufferPointer({ EVP_PKEY_new_raw_private_key(EVP_PKEY_X25519, nil, $0.baseAddress, $0.count) }) else {
            throw .library("EVP_PKEY_new_raw_private_key(X25519) failed: \(CBytes.drainOpenSSLErrors() ?? "no detail")")
        }
        defer { EVP_PKEY_free(priv) }
        var out = [UInt8](repeating: 0, count: X25519.keyLength)
        var len = out.count
        guard EVP_PKEY_get_raw_public_key(priv, &out, &len) == 1, len == X25519.keyLength else {
            throw .library("EVP_PKEY_get_raw_public_key(X25519) failed: \(CBytes.drainOpenSSLErrors() ?? "no detail")")
        }
        return out
    }
}
