import ConcordSync
import COpenSSL
import ConcordPlatform

/// AES-GCM, one family on two backends that throw the same `CryptoError`: OpenSSL's EVP
/// (`OpenSSLAESGCM`, here; `AESGCM+GCM128.swift` for long nonces) and libsodium (`SodiumAESGCM`,
/// `AESGCM+Sodium.swift`).
///
/// AES-GCM through OpenSSL's EVP interface: AES-128/192/256, any nonce length of at least one
/// byte (above 128 bytes through OpenSSL's GCM128 mode, `AESGCM+GCM128.swift`), 16-byte tags. `seal` returns the ciphertext and tag apart; the contract's combined form
/// (`nonce || ciphertext || tag`) is composed one layer up.
public enum OpenSSLAESGCM {
    public static let tagLength = 16

    /// The refusals, in the words the `aes-gcm` suite reports them.
    static func wrongKeyLength(_ n: Int) -> CryptoError { .parameters("AES-GCM keys are 16, 24 or 32 bytes (got \(n))") }
    static let emptyNonce = CryptoError.parameters("an AES-GCM nonce cannot be empty")
    static func wrongNonceLength(_ n: Int) -> CryptoError { .unsupported("OpenSSL's AES-GCM does not take a nonce of \(n) bytes (its limit is 128)") }
    static func wrongTagLength(_ n: Int) -> CryptoError { .parameters("the tag is \(n) bytes; 16 expected") }
    static let tagMismatch = CryptoError.authentication("the tag does not verify")

    /// Fetched once: with OpenSSL 3, passing `EVP_aes_*_gcm()` makes every init fetch the
    /// algorithm from the provider again, which costs more than a small encryption.
    /// Immutable after creation and reference-counted by OpenSSL, so shared across threads.
    static let aes128 = SharedImmutable(EVP_CIPHER_fetch(nil, "AES-128-GCM", nil))
    static let aes192 = SharedImmutable(EVP_CIPHER_fetch(nil, "AES-192-GCM", nil))
    static let aes256 = SharedImmutable(EVP_CIPHER_fetch(nil, "AES-256-GCM", nil))

    /// 16, 24 or 32 (checked per call without touching the fetched ciphers: each static is a
    /// lazy global, and reading one costs a call per check).
    @inline(__always)
    static func isKeyLength(_ n: Int) -> Bool { n == 16 || n == 24 || n == 32 }

    static func cipher(_ keyLength: Int) -> OpaquePointer? {
        switch keyLength {
        case 16: return aes128.value
        case 24: return aes192.value
        case 32: return aes256.value
        default: return nil
        }
    }

    /// One thread's cipher contexts, one per (key size, direction), each bound to its cipher once:
    /// a check then only sets the nonce length, key and nonce. Creating, binding and freeing a
    /// context per call cost more than encrypting 32 bytes (docs/history/2026-11-30-performance-*.md). A context is
    /// used by its thread only and freed when the thread ends.
    final class Contexts {
        /// [0..2]: encrypt with AES-128/192/256; [3..5]: decrypt. Plain memory, not arrays: a
        /// class's array property is checked for exclusive access on every use.
        let ctx = UnsafeMutablePointer<OpaquePointer?>.allocate(capacity: 6)
        /// The nonce length each context was last set to (0: not yet): setting it goes through
        /// OpenSSL's parameter lookup, so it is set only when it changes.
        let nonceLength = UnsafeMutablePointer<Int>.allocate(capacity: 6)
        init() {
            ctx.initialize(repeating: nil, count: 6)
            nonceLength.initialize(repeating: 0, count: 6)
        }
        deinit {
            for i in 0..<6 where ctx[i] != nil { EVP_CIPHER_CTX_free(ctx[i]) }
            ctx.deallocate()
            nonceLength.deallocate()
        }

        /// The bound context with its nonce length set, or nil when OpenSSL could not make one
        /// (`nonceRefused`: it could, but refused the nonce length).
        func get(keyLength: Int, encrypt: Bool, nonceLength n: Int, nonceRefused: inout Bool) -> OpaquePointer? {
            let k: Int
            switch keyLength { case 16: k = 0; case 24: k = 1; default: k = 2 }
            let i = k + (encrypt ? 0 : 3)
            guard let c = ctx[i] ?? make(i, keyLength: keyLength, encrypt: encrypt) else { return nil }
            if nonceLength[i] != n {
                guard EVP_CIPHER_CTX_ctrl(c, EVP_CTRL_GCM_SET_IVLEN, Int32(n), nil) == 1 else {
                    nonceLength[i] = 0
                    nonceRefused = true
                    return nil
                }
                nonceLength[i] = n
            }
            return c
        }

        private func make(_ i: Int, keyLength: Int, encrypt: Bool) -> OpaquePointer? {
            guard let c = EVP_CIPHER_CTX_new() else { return nil }
            let cipher = OpenSSLAESGCM.cipher(keyLength)
            let ok = encrypt ? EVP_EncryptInit_ex(c, cipher, nil, nil, nil) : EVP_DecryptInit_ex(c, cipher, nil, nil, nil)
            guard ok == 1 else { EVP_CIPHER_CTX_free(c); return nil }
            ctx[i] = c
            return c
        }
    }

    /// Each thread's contexts (ConcordSync's `ThreadLocal`: released when the thread ends).
    static let perThread = ThreadLocal { Contexts() }

    /// This thread's contexts.
    @inline(__always)
    static func contexts() -> Contexts { perThread.value }

    /// `count` bytes written by `body` (zeroed when it fails). No output is the empty array, never a
    /// zero-capacity buffer: `[UInt8](unsafeUninitializedCapacity: 0)` writes its count into the
    /// standard library's one shared empty storage, a data race between threads (ThreadSanitizer
    /// found it on empty plaintexts).
    @inline(__always)
    static func filled(_ count: Int, _ body: (UnsafeMutablePointer<UInt8>?) -> Bool) -> [UInt8] {
        guard count > 0 else { _ = body(nil); return [] }
        return [UInt8](unsafeUninitializedCapacity: count) { o, n in
            n = count
            if !body(o.baseAddress) { o.initialize(repeating: 0) }
        }
    }

    /// A non-null pointer for possibly empty input (OpenSSL accepts a length of zero with any pointer).
    @inline(__always)
    static func withBytes<R>(_ b: [UInt8], _ body: (UnsafePointer<UInt8>) -> R) -> R {
        if b.isEmpty { var z: UInt8 = 0; return withUnsafePointer(to: &z) { body($0) } }
        return b.withUnsafeBufferPointer { body($0.baseAddress!) }
    }

    public static func seal(key: [UInt8], nonce: [UInt8], aad: [UInt8], plaintext: [UInt8]) throws(CryptoError) -> (ciphertext: [UInt8], tag: [UInt8]) {
        guard isKeyLength(key.count) else { throw wrongKeyLength(key.count) }
        guard !nonce.isEmpty else { throw emptyNonce }
        if nonce.count > gcm128Threshold {
            let r = try gcm128(key: key, nonce: nonce, aad: aad, input: plaintext, tag: nil)
            return (r.output, r.tag)
        }
        var nonceRefused = false
        guard let ctx = contexts().get(keyLength: key.count, encrypt: true, nonceLength: nonce.count, nonceRefused: &nonceRefused) else {
            throw nonceRefused ? wrongNonceLength(nonce.count) : .library("EVP_CIPHER_CTX_new failed")
        }
        var ok = true
        var len: Int32 = 0
        // GCM is a stream mode: the ciphertext is exactly as long as the plaintext, and Final adds nothing.
        let out = filled(plaintext.count) { o in
            ok = withBytes(key) { k in withBytes(nonce) { n in
                guard EVP_EncryptInit_ex(ctx, nil, nil, k, n) == 1 else { return false }
                if !aad.isEmpty {
                    guard withBytes(aad, { a in EVP_EncryptUpdate(ctx, nil, &len, a, Int32(aad.count)) }) == 1 else { return false }
                }
                var scratch: UInt8 = 0
                if !plaintext.isEmpty {
                    guard withBytes(plaintext, { p in EVP_EncryptUpdate(ctx, o, &len, p, Int32(plaintext.count)) }) == 1,
                          Int(len) == plaintext.count else { return false }
                }
                return EVP_EncryptFinal_ex(ctx, &scratch, &len) == 1 && len == 0
            } }
            return ok
        }
        guard ok else { throw .library("OpenSSL AES-GCM seal failed") }
        var tagOK = true
        let tag = [UInt8](unsafeUninitializedCapacity: tagLength) { t, count in
            count = tagLength
            tagOK = EVP_CIPHER_CTX_ctrl(ctx, EVP_CTRL_GCM_GET_TAG, Int32(tagLength), t.baseAddress) == 1
            if !tagOK { t.initialize(repeating: 0) }
        }
        guard tagOK else { throw .library("OpenSSL AES-GCM seal failed") }
        return (out, tag)
    }

    public static func open(key: [UInt8], nonce: [UInt8], aad: [UInt8], ciphertext: [UInt8], tag: [UInt8]) throws(CryptoError) -> [UInt8] {
        guard isKeyLength(key.count) else { throw wrongKeyLength(key.count) }
        guard !nonce.isEmpty else { throw emptyNonce }
        guard tag.count == tagLength else { throw wrongTagLength(tag.count) }
        if nonce.count > gcm128Threshold {
            return try gcm128(key: key, nonce: nonce, aad: aad, input: ciphertext, tag: tag).output
        }
        var nonceRefused = false
        guard let ctx = contexts().get(keyLength: key.count, encrypt: false, nonceLength: nonce.count, nonceRefused: &nonceRefused) else {
            throw nonceRefused ? wrongNonceLength(nonce.count) : .library("EVP_CIPHER_CTX_new failed")
        }
        var len: Int32 = 0
        var stage = 0
        let out = filled(ciphertext.count) { o in
            stage = withBytes(key) { k in withBytes(nonce) { n in
                guard EVP_DecryptInit_ex(ctx, nil, nil, k, n) == 1 else { return 1 }
                if !aad.isEmpty {
                    guard withBytes(aad, { a in EVP_DecryptUpdate(ctx, nil, &len, a, Int32(aad.count)) }) == 1 else { return 1 }
                }
                if !ciphertext.isEmpty {
                    guard withBytes(ciphertext, { p in EVP_DecryptUpdate(ctx, o, &len, p, Int32(ciphertext.count)) }) == 1,
                          Int(len) == ciphertext.count else { return 1 }
                }
                // SET_TAG only reads the tag; OpenSSL's prototype takes a mutable pointer.
                guard tag.withUnsafeBytes({ t in EVP_CIPHER_CTX_ctrl(ctx, EVP_CTRL_GCM_SET_TAG, Int32(tagLength), UnsafeMutableRawPointer(mutating: t.baseAddress)) }) == 1 else { return 1 }
                var scratch: UInt8 = 0
                guard EVP_DecryptFinal_ex(ctx, &scratch, &len) == 1 else { return 2 }
                return len == 0 ? 0 : 1
            } }
            return stage == 0
        }
        switch stage {
        case 0: return out
        case 2: throw tagMismatch
        default: throw .library("OpenSSL AES-GCM open failed")
        }
    }
}
