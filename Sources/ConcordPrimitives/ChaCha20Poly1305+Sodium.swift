import CSodium

/// libsodium's detached IETF ChaCha20-Poly1305 and XChaCha20-Poly1305 (sizes checked by the caller).
enum SodiumChaCha20Poly1305 {
    static func seal(key: [UInt8], nonce: [UInt8], aad: [UInt8], plaintext: [UInt8],
                     extended: Bool) throws(CryptoError) -> (ciphertext: [UInt8], tag: [UInt8]) {
        SodiumArgon2id.initialize()
        var ct = [UInt8](repeating: 0, count: max(plaintext.count, 1))
        var tag = [UInt8](repeating: 0, count: ChaCha20Poly1305.tagLength)
        var tagLen: UInt64 = 0
        let rc = ct.withUnsafeMutableBufferPointer { c in tag.withUnsafeMutableBufferPointer { t in
            CBytes.with(plaintext) { p in CBytes.with(aad) { a in CBytes.with(nonce) { n in CBytes.with(key) { k in
                extended
                    ? crypto_aead_xchacha20poly1305_ietf_encrypt_detached(c.baseAddress!, t.baseAddress!, &tagLen, p, UInt64(plaintext.count),
                                                                         a, UInt64(aad.count), nil, n, k)
                    : crypto_aead_chacha20poly1305_ietf_encrypt_detached(c.baseAddress!, t.baseAddress!, &tagLen, p, UInt64(plaintext.count),
                                                                        a, UInt64(aad.count), nil, n, k)
            } } } }
        } }
        guard rc == 0, tagLen == UInt64(ChaCha20Poly1305.tagLength) else {
            throw .library("crypto_aead_\(extended ? "x" : "")chacha20poly1305_ietf_encrypt_detached failed")
        }
        return (Array(ct.prefix(plaintext.count)), tag)
    }

    static func open(key: [UInt8], nonce: [UInt8], aad: [UInt8], ciphertext: [UInt8], tag: [UInt8],
                     extended: Bool) throws(CryptoError) -> [UInt8] {
        SodiumArgon2id.initialize()
        var m = [UInt8](repeating: 0, count: max(ciphertext.count, 1))
        let rc = m.withUnsafeMutableBufferPointer { mb in
            CBytes.with(ciphertext) { c in CBytes.with(tag) { t in CBytes.with(aad) { a in CBytes.with(nonce) { n in CBytes.with(key) { k in
                extended
                    ? crypto_aead_xchacha20poly1305_ietf_decrypt_detached(mb.baseAddress!, nil, c, UInt64(ciphertext.count), t,
                                                                         a, UInt64(aad.count), n, k)
                    : crypto_aead_chacha20poly1305_ietf_decrypt_detached(mb.baseAddress!, nil, c, UInt64(ciphertext.count), t,
                                                                        a, UInt64(aad.count), n, k)
            } } } } }
        }
        guard rc == 0 else {
            throw .authentication("\(extended ? "X" : "")ChaCha20-Poly1305 tag mismatch (wrong key, nonce, AAD, ciphertext or tag)")
        }
        return Array(m.prefix(ciphertext.count))
    }
}
