import COpenSSL

/// OpenSSL's Ed25519: raw keys and one-shot `EVP_DigestSign` / `EVP_DigestVerify` (no digest: pure EdDSA).
enum OpenSSLEd25519 {
    static func privateKey(_ seed: [UInt8]) throws(CryptoError) -> OpaquePointer {
        guard let k = seed.withUnsafeBufferPointer({ EVP_PKEY_new_raw_private_key(EVP_PKEY_ED25519, nil, $0.baseAddress, $0.count) }) else {
            throw .library("EVP_PKEY_new_raw_private_key(ED25519) failed: \(CBytes.drainOpenSSLErrors() ?? "no detail")")
        }
        return k
    }

    static func sign(seed: [UInt8], message: [UInt8]) throws(CryptoError) -> [UInt8] {
        let key = try privateKey(seed)
        defer { EVP_PKEY_free(key) }
        guard let md = EVP_MD_CTX_new() else { throw .library("EVP_MD_CTX_new failed") }
        defer { EVP_MD_CTX_free(md) }
        var sig = [UInt8](repeating: 0, count: Ed25519.signatureLength)
        var len = sig.count
        guard EVP_DigestSignInit(md, nil, nil, nil, key) == 1,
              CBytes.with(message, { m in EVP_DigestSign(md, &sig, &len, m, message.count) }) == 1,
              len == Ed25519.signatureLength else {
            throw .library("EVP_DigestSign(ED25519) failed: \(CBytes.drainOpenSSLErrors() ?? "no detail")")
        }
        return sig
    }

    static func verify(publicKey: [UInt8], message: [UInt8], signature: [UInt8]) throws(CryptoError) -> Bool {
        guard let key = publicKey.withUnsafeBufferPointer({ EVP_PKEY_new_raw_public_key(EVP_PKEY_ED25519, nil, $0.baseAddress, $0.count) }) else {
            throw .library("EVP_PKEY_new_raw_public_key(ED25519) failed: \(CBytes.drainOpenSSLErrors() ?? "no detail")")
        }
        defer { EVP_PKEY_free(key) }
        guard let md = EVP_MD_CTX_new() else { throw .library("EVP_MD_CTX_new failed") }
        defer { EVP_MD_CTX_free(md) }
        guard EVP_DigestVerifyInit(md, nil, nil, nil, key) == 1 else {
            throw .library("EVP_DigestVerifyInit(ED25519) failed: \(CBytes.drainOpenSSLErrors() ?? "no detail")")
        }
        let rc = signature.withUnsafeBufferPointer { s in CBytes.with(message) { m in EVP_DigestVerify(md, s.baseAddress, s.count, m, message.count) } }
        if rc != 1 { CBytes.drainOpenSSLErrors() }
        return rc == 1
    }

    static func publicKey(seed: [UInt8]) throws(CryptoError) -> [UInt8] {
        let key = try privateKey(seed)
        defer { EVP_PKEY_free(key) }
        var out = [UInt8](repeating: 0, count: Ed25519.publicKeyLength)
        var len = out.count
        guard EVP_PKEY_get_raw_public_key(key, &out, &len) == 1, len == Ed25519.publicKeyLength else {
            throw .library("EVP_PKEY_get_raw_public_key(ED25519) failed: \(CBytes.drainOpenSSLErrors() ?? "no detail")")
        }
        return out
    }
}
