import ConcordSync
import COpenSSL

/// OpenSSL's `ChaCha20-Poly1305` EVP cipher (RFC 8439; sizes checked by the caller).
enum OpenSSLChaCha20Poly1305 {
    /// Fetched once (see `OpenSSLAESGCM`): immutable and reference-counted by OpenSSL.
    static let fetched = SharedImmutable(EVP_CIPHER_fetch(nil, "ChaCha20-Poly1305", nil))
    static var cipher: OpaquePointer? { fetched.value }

    static let setIVLength: Int32 = 0x9   // EVP_CTRL_AEAD_SET_IVLEN
    static let getTag: Int32 = 0x10       // EVP_CTRL_AEAD_GET_TAG
    static let setTag: Int32 = 0x11       // EVP_CTRL_AEAD_SET_TAG

    static func seal(key: [UInt8], nonce: [UInt8], aad: [UInt8], plaintext: [UInt8]) throws(CryptoError) -> (ciphertext: [UInt8], tag: [UInt8]) {
        guard let c = cipher else { throw .library("this OpenSSL has no ChaCha20-Poly1305") }
        guard let ctx = EVP_CIPHER_CTX_new() else { throw .library("EVP_CIPHER_CTX_new failed") }
        defer { EVP_CIPHER_CTX_free(ctx) }
        var out = [UInt8](repeating: 0, count: plaintext.count + 16)
        var tag = [UInt8](repeating: 0, count: ChaCha20Poly1305.tagLength)
        var len: Int32 = 0
        var total: Int32 = 0
        let ok: Bool = CBytes.with(key) { k in CBytes.with(nonce) { n in
            guard EVP_EncryptInit_ex(ctx, c, nil, nil, nil) == 1,
                  EVP_CIPHER_CTX_ctrl(ctx, setIVLength, Int32(nonce.count), nil) == 1,
                  EVP_EncryptInit_ex(ctx, nil, nil, k, n) == 1 else { return false }
            if !aad.isEmpty {
                guard CBytes.with(aad, { a in EVP_EncryptUpdate(ctx, nil, &len, a, Int32(aad.count)) }) == 1 else { return false }
            }
            if !plaintext.isEmpty {
                guard out.withUnsafeMutableBufferPointer({ o in
                    CBytes.with(plaintext) { p in EVP_EncryptUpdate(ctx, o.baseAddress, &len, p, Int32(plaintext.count)) }
                }) == 1 else { return false }
                total = len
            }
            guard out.withUnsafeMutableBufferPointer({ o in EVP_EncryptFinal_ex(ctx, o.baseAddress! + Int(total), &len) }) == 1 else { return false }
            total += len
            return tag.withUnsafeMutableBytes { t in EVP_CIPHER_CTX_ctrl(ctx, getTag, Int32(t.count), t.baseAddress) } == 1
        } }
        guard ok else { throw .library("OpenSSL ChaCha20-Poly1305 seal failed: \(CBytes.drainOpenSSLErrors() ?? "no detail")") }
        return (Array(out.prefix(Int(total))), tag)
    }

    static func open(key: [UInt8], nonce: [UInt8], aad: [UInt8], ciphertext: [UInt8], tag: [UInt8]) throws(CryptoError) -> [UInt8] {
        guard let c = cipher else { throw .library("this OpenSSL has no ChaCha20-Poly1305") }
        guard let ctx = EVP_CIPHER_CTX_new() else { throw .library("EVP_CIPHER_CTX_new failed") }
        defer { EVP_CIPHER_CTX_free(ctx) }
        var out = [UInt8](repeating: 0, count: ciphertext.count + 16)
        var len: Int32 = 0
        var total: Int32 = 0
        var tagCopy = tag
        let stage: Int = CBytes.with(key) { k in CBytes.with(nonce) { n in
            guard EVP_DecryptInit_ex(ctx, c, nil, nil, nil) == 1,
                  EVP_CIPHER_CTX_ctrl(ctx, setIVLength, Int32(nonce.count), nil) == 1,
                  EVP_DecryptInit_ex(ctx, nil, nil, k, n) == 1 else { return 1 }
            if !aad.isEmpty {
                guard CBytes.with(aad, { a in EVP_DecryptUpdate(ctx, nil, &len, a, Int32(aad.count)) }) == 1 else { return 1 }
            }
            if !ciphertext.isEmpty {
                guard out.withUnsafeMutableBufferPointer({ o in
                    CBytes.with(ciphertext) { p in EVP_DecryptUpdate(ctx, o.baseAddress, &len, p, Int32(ciphertext.count)) }
                }) == 1 else { return 1 }
                total = len
            }
            guard tagCopy.withUnsafeMutableBytes({ t in EVP_CIPHER_CTX_ctrl(ctx, setTag, Int32(t.count), t.baseAddress) }) == 1 else { return 1 }
            guard out.withUnsafeMutableBufferPointer({ o in EVP_DecryptFinal_ex(ctx, o.baseAddress! + Int(total), &len) }) == 1 else { return 2 }
            total += len
            return 0
        } }
        switch stage {
        case 0: return Array(out.prefix(Int(total)))
        case 2:
            CBytes.drainOpenSSLErrors()
            throw .authentication("ChaCha20-Poly1305 tag mismatch (wrong key, nonce, AAD, ciphertext or tag)")
        default: throw .library("OpenSSL ChaCha20-Poly1305 open failed: \(CBytes.drainOpenSSLErrors() ?? "no detail")")
        }
    }
}
