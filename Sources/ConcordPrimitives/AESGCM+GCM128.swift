import COpenSSL

/// AES-GCM for nonces longer than 128 bytes, which OpenSSL's EVP interface refuses
/// (`EVP_CTRL_GCM_SET_IVLEN` stops at 128): OpenSSL's own GCM mode underneath it, `CRYPTO_gcm128_*`
/// over `AES_encrypt`, which takes a nonce of any length (GHASH of the nonce, NIST SP 800-38D §7.1).
/// Wycheproof's aes_gcm_test.json has three such tests (257-byte nonces).
extension OpenSSLAESGCM {
    static let gcm128Threshold = 128

    static func gcm128(key: [UInt8], nonce: [UInt8], aad: [UInt8], input: [UInt8], tag: [UInt8]?) throws(CryptoError) -> (output: [UInt8], tag: [UInt8]) {
        guard [16, 24, 32].contains(key.count) else { throw wrongKeyLength(key.count) }
        var aesKey = AES_KEY()
        guard withBytes(key, { AES_set_encrypt_key($0, Int32(key.count * 8), &aesKey) }) == 0 else {
            throw .library("AES_set_encrypt_key failed")
        }
        let block: block128_f = unsafeBitCast(AES_encrypt as @convention(c) (UnsafePointer<UInt8>?, UnsafeMutablePointer<UInt8>?, UnsafePointer<AES_KEY>?) -> Void,
                                              to: block128_f.self)
        return try withUnsafeMutablePointer(to: &aesKey) { (k) throws(CryptoError) -> (output: [UInt8], tag: [UInt8]) in
            guard let ctx = CRYPTO_gcm128_new(k, block) else { throw .library("CRYPTO_gcm128_new failed") }
            defer { CRYPTO_gcm128_release(ctx) }
            withBytes(nonce) { CRYPTO_gcm128_setiv(ctx, $0, nonce.count) }
            guard withBytes(aad, { CRYPTO_gcm128_aad(ctx, $0, aad.count) }) == 0 else { throw .library("CRYPTO_gcm128_aad failed") }
            var out = [UInt8](repeating: 0, count: input.count)
            if !input.isEmpty {
                let rc = out.withUnsafeMutableBufferPointer { o in
                    withBytes(input) { i in
                        tag == nil ? CRYPTO_gcm128_encrypt(ctx, i, o.baseAddress, input.count) : CRYPTO_gcm128_decrypt(ctx, i, o.baseAddress, input.count)
                    }
                }
                guard rc == 0 else { throw .library("CRYPTO_gcm128 en/decrypt failed") }
            }
            if let tag {
                guard tag.count == tagLength else { throw wrongTagLength(tag.count) }
                guard withBytes(tag, { CRYPTO_gcm128_finish(ctx, $0, tag.count) }) == 0 else { throw tagMismatch }
                return (out, tag)
            }
            var t = [UInt8](repeating: 0, count: tagLength)
            t.withUnsafeMutableBufferPointer { CRYPTO_gcm128_tag(ctx, $0.baseAddress, tagLength) }
            return (out, t)
        }
    }
}
