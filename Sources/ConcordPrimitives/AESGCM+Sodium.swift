import CSodium

/// libsodium's `crypto_aead_aes256gcm` (what the iOS app can call): AES-256 and 12-byte nonces
/// only, and only where the CPU has AES-NI and CLMUL (checked at run time).
public enum SodiumAESGCM {
    public static var isAvailable: Bool {
        SodiumArgon2id.initialize()
        return crypto_aead_aes256gcm_is_available() == 1
    }

    static func check(key: [UInt8], nonce: [UInt8]) throws(CryptoError) {
        guard isAvailable else { throw .unsupported("libsodium's AES-256-GCM needs AES-NI and CLMUL, which this CPU lacks") }
        guard key.count == Int(crypto_aead_aes256gcm_keybytes()) else {
            throw .unsupported("libsodium's crypto_aead_aes256gcm takes 32-byte keys only (got \(key.count))")
        }
        guard nonce.count == Int(crypto_aead_aes256gcm_npubbytes()) else {
            throw .unsupported("libsodium's crypto_aead_aes256gcm takes 12-byte nonces only (got \(nonce.count))")
        }
    }

    public static func seal(key: [UInt8], nonce: [UInt8], aad: [UInt8], plaintext: [UInt8]) throws(CryptoError) -> (ciphertext: [UInt8], tag: [UInt8]) {
        try check(key: key, nonce: nonce)
        var ct = [UInt8](repeating: 0, count: max(plaintext.count, 1))
        var tag = [UInt8](repeating: 0, count: 16)
        var tagLen: UInt64 = 0
        let rc = ct.withUnsafeMutableBufferPointer { c in tag.withUnsafeMutableBufferPointer { t in
            OpenSSLAESGCM.withBytes(plaintext) { p in OpenSSLAESGCM.withBytes(aad) { a in
                OpenSSLAESGCM.withBytes(nonce) { n in OpenSSLAESGCM.withBytes(key) { k in
                    crypto_aead_aes256gcm_encrypt_detached(c.baseAddress!, t.baseAddress!, &tagLen, p, UInt64(plaintext.count),
                                                           a, UInt64(aad.count), nil, n, k)
                } }
            } }
        } }
        guard rc == 0 else { throw .library("crypto_aead_aes256gcm_encrypt_detached failed") }
        return (Array(ct.prefix(plaintext.count)), tag)
    }

    /// Throws `.authentication` when the tag does not verify, as `OpenSSLAESGCM.open` does.
    public static func open(key: [UInt8], nonce: [UInt8], aad: [UInt8], ciphertext: [UInt8], tag: [UInt8]) throws(CryptoError) -> [UInt8] {
        try check(key: key, nonce: nonce)
        guard tag.count == 16 else { throw .unsupported("libsodium's crypto_aead_aes256gcm checks 16-byte tags only (got \(tag.count))") }
        var m = [UInt8](repeating: 0, count: max(ciphertext.count, 1))
        let rc = m.withUnsafeMutableBufferPointer { mb in
            OpenSSLAESGCM.withBytes(ciphertext) { c in OpenSSLAESGCM.withBytes(tag) { t in
                OpenSSLAESGCM.withBytes(aad) { a in OpenSSLAESGCM.withBytes(nonce) { n in OpenSSLAESGCM.withBytes(key) { k in
                    crypto_aead_aes256gcm_decrypt_detached(mb.baseAddress!, nil, c, UInt64(ciphertext.count), t,
                                                           a, UInt64(aad.count), n, k)
                } } }
            } }
        }
        guard rc == 0 else { throw OpenSSLAESGCM.tagMismatch }
        return Array(m.prefix(ciphertext.count))
    }
}
