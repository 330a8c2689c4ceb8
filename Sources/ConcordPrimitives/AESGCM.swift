import COpenSSL
import CSodium

/// AES-GCM through OpenSSL's EVP interface: AES-128/192/256, any nonce length of at least one
/// byte (above 128 bytes through OpenSSL's GCM128 mode, `AESGCM+GCM128.swift`), 16-byte tags. `seal` returns the ciphertext and tag apart; the contract's combined form
/// (`nonce || ciphertext || tag`) is composed one layer up.
public enum OpenSSLAESGCM {
    public enum Failure: Error, Sendable, Equatable {
        case keyLength(Int)
        case nonceLength(Int)
        case tagLength(Int)
        case authentication
        case library(String)
    }

    public static let tagLength = 16

    /// Fetched once: with OpenSSL 3, passing `EVP_aes_*_gcm()` makes every init fetch the
    /// algorithm from the provider again, which costs more than a small encryption.
    /// Immutable after creation and reference-counted by OpenSSL, so shared across threads.
    nonisolated(unsafe) static let aes128 = EVP_CIPHER_fetch(nil, "AES-128-GCM", nil)
    nonisolated(unsafe) static let aes192 = EVP_CIPHER_fetch(nil, "AES-192-GCM", nil)
    nonisolated(unsafe) static let aes256 = EVP_CIPHER_fetch(nil, "AES-256-GCM", nil)

    static func cipher(_ keyLength: Int) -> OpaquePointer? {
        switch keyLength {
        case 16: return aes128
        case 24: return aes192
        case 32: return aes256
        default: return nil
        }
    }

    /// A non-null pointer for possibly empty input (OpenSSL accepts a length of zero with any pointer).
    @inline(__always)
    static func withBytes<R>(_ b: [UInt8], _ body: (UnsafePointer<UInt8>) -> R) -> R {
        if b.isEmpty { var z: UInt8 = 0; return withUnsafePointer(to: &z) { body($0) } }
        return b.withUnsafeBufferPointer { body($0.baseAddress!) }
    }

    public static func seal(key: [UInt8], nonce: [UInt8], aad: [UInt8], plaintext: [UInt8]) throws(Failure) -> (ciphertext: [UInt8], tag: [UInt8]) {
        guard let c = cipher(key.count) else { throw .keyLength(key.count) }
        guard !nonce.isEmpty else { throw .nonceLength(0) }
        if nonce.count > gcm128Threshold {
            let r = try gcm128(key: key, nonce: nonce, aad: aad, input: plaintext, tag: nil)
            return (r.output, r.tag)
        }
        guard let ctx = EVP_CIPHER_CTX_new() else { throw .library("EVP_CIPHER_CTX_new failed") }
        defer { EVP_CIPHER_CTX_free(ctx) }
        var out = [UInt8](repeating: 0, count: plaintext.count + 16)
        var tag = [UInt8](repeating: 0, count: tagLength)
        var len: Int32 = 0
        var total: Int32 = 0
        guard EVP_EncryptInit_ex(ctx, c, nil, nil, nil) == 1,
              EVP_CIPHER_CTX_ctrl(ctx, EVP_CTRL_GCM_SET_IVLEN, Int32(nonce.count), nil) == 1 else {
            throw .nonceLength(nonce.count)
        }
        let ok: Bool = withBytes(key) { k in withBytes(nonce) { n in
            guard EVP_EncryptInit_ex(ctx, nil, nil, k, n) == 1 else { return false }
            if !aad.isEmpty {
                guard withBytes(aad, { a in EVP_EncryptUpdate(ctx, nil, &len, a, Int32(aad.count)) }) == 1 else { return false }
            }
            if !plaintext.isEmpty {
                guard out.withUnsafeMutableBufferPointer({ o in
                    withBytes(plaintext) { p in EVP_EncryptUpdate(ctx, o.baseAddress, &len, p, Int32(plaintext.count)) }
                }) == 1 else { return false }
                total = len
            }
            guard out.withUnsafeMutableBufferPointer({ o in EVP_EncryptFinal_ex(ctx, o.baseAddress! + Int(total), &len) }) == 1 else { return false }
            total += len
            return tag.withUnsafeMutableBytes { t in EVP_CIPHER_CTX_ctrl(ctx, EVP_CTRL_GCM_GET_TAG, Int32(tagLength), t.baseAddress) } == 1
        } }
        guard ok else { throw .library("OpenSSL AES-GCM seal failed") }
        return (Array(out.prefix(Int(total))), tag)
    }

    public static func open(key: [UInt8], nonce: [UInt8], aad: [UInt8], ciphertext: [UInt8], tag: [UInt8]) throws(Failure) -> [UInt8] {
        guard let c = cipher(key.count) else { throw .keyLength(key.count) }
        guard !nonce.isEmpty else { throw .nonceLength(0) }
        guard tag.count == tagLength else { throw .tagLength(tag.count) }
        if nonce.count > gcm128Threshold {
            return try gcm128(key: key, nonce: nonce, aad: aad, input: ciphertext, tag: tag).output
        }
        guard let ctx = EVP_CIPHER_CTX_new() else { throw .library("EVP_CIPHER_CTX_new failed") }
        defer { EVP_CIPHER_CTX_free(ctx) }
        var out = [UInt8](repeating: 0, count: ciphertext.count + 16)
        var len: Int32 = 0
        var total: Int32 = 0
        guard EVP_DecryptInit_ex(ctx, c, nil, nil, nil) == 1,
              EVP_CIPHER_CTX_ctrl(ctx, EVP_CTRL_GCM_SET_IVLEN, Int32(nonce.count), nil) == 1 else {
            throw .nonceLength(nonce.count)
        }
        var tagCopy = tag
        let stage: Int = withBytes(key) { k in withBytes(nonce) { n in
            guard EVP_DecryptInit_ex(ctx, nil, nil, k, n) == 1 else { return 1 }
            if !aad.isEmpty {
                guard withBytes(aad, { a in EVP_DecryptUpdate(ctx, nil, &len, a, Int32(aad.count)) }) == 1 else { return 1 }
            }
            if !ciphertext.isEmpty {
                guard out.withUnsafeMutableBufferPointer({ o in
                    withBytes(ciphertext) { p in EVP_DecryptUpdate(ctx, o.baseAddress, &len, p, Int32(ciphertext.count)) }
                }) == 1 else { return 1 }
                total = len
            }
            guard tagCopy.withUnsafeMutableBytes({ t in EVP_CIPHER_CTX_ctrl(ctx, EVP_CTRL_GCM_SET_TAG, Int32(tagLength), t.baseAddress) }) == 1 else { return 1 }
            guard out.withUnsafeMutableBufferPointer({ o in EVP_DecryptFinal_ex(ctx, o.baseAddress! + Int(total), &len) }) == 1 else { return 2 }
            total += len
            return 0
        } }
        switch stage {
        case 0: return Array(out.prefix(Int(total)))
        case 2: throw .authentication
        default: throw .library("OpenSSL AES-GCM open failed")
        }
    }
}

/// libsodium's `crypto_aead_aes256gcm` (what the iOS app can call): AES-256 and 12-byte nonces
/// only, and only where the CPU has AES-NI and CLMUL (checked at run time).
public enum SodiumAESGCM {
    public static var isAvailable: Bool {
        SodiumArgon2id.initialize()
        return crypto_aead_aes256gcm_is_available() == 1
    }

    static func check(key: [UInt8], nonce: [UInt8]) throws(PrimitiveError) {
        guard isAvailable else { throw .unsupported("libsodium's AES-256-GCM needs AES-NI and CLMUL, which this CPU lacks") }
        guard key.count == Int(crypto_aead_aes256gcm_keybytes()) else {
            throw .unsupported("libsodium's crypto_aead_aes256gcm takes 32-byte keys only (got \(key.count))")
        }
        guard nonce.count == Int(crypto_aead_aes256gcm_npubbytes()) else {
            throw .unsupported("libsodium's crypto_aead_aes256gcm takes 12-byte nonces only (got \(nonce.count))")
        }
    }

    public static func seal(key: [UInt8], nonce: [UInt8], aad: [UInt8], plaintext: [UInt8]) throws(PrimitiveError) -> (ciphertext: [UInt8], tag: [UInt8]) {
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
        guard rc == 0 else { throw .refused("crypto_aead_aes256gcm_encrypt_detached failed") }
        return (Array(ct.prefix(plaintext.count)), tag)
    }

    /// Returns nil when the tag does not verify.
    public static func open(key: [UInt8], nonce: [UInt8], aad: [UInt8], ciphertext: [UInt8], tag: [UInt8]) throws(PrimitiveError) -> [UInt8]? {
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
        return rc == 0 ? Array(m.prefix(ciphertext.count)) : nil
    }
}
