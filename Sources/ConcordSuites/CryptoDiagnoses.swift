import ConcordFormats
import ConcordPrimitives

/// What the explanation rules (the generic ones in ConcordJudging, the packs' in their modules) ask of real cryptography, so
/// that the rules themselves stay pure: whether a blob opens under an AAD, and Argon2id at
/// parameters other than the vector's.
public protocol CryptoDiagnoses: Sendable {
    /// Whether `nonce(12) ‖ ciphertext ‖ tag(16)` opens under `key` (AES-GCM) with `aad`.
    func aesGcmOpens(key: [UInt8], aad: [UInt8], blob: [UInt8]) -> Bool
    /// The plaintext of `nonce(12) ‖ ciphertext ‖ tag(16)` under `key` and `aad`; nil when it does not open.
    func aesGcmOpen(key: [UInt8], aad: [UInt8], blob: [UInt8]) -> [UInt8]?
    /// SHA-256 of `data` (a commitment recomputed over another JSON form).
    func sha256(_ data: [UInt8]) -> [UInt8]
    /// Argon2id at `params` (its version included), `length` bytes; nil when refused.
    func argon2id(password: [UInt8], salt: [UInt8], params: KdfParams, length: Int,
                  secret: [UInt8]?, associatedData: [UInt8]?) -> [UInt8]?
    /// The X25519 shared secret (RFC 7748) of a private and a public key; nil when refused.
    func x25519(privateKey: [UInt8], publicKey: [UInt8]) -> [UInt8]?
    /// Whether ChaCha20-Poly1305 (RFC 8439) `ciphertext ‖ tag(16)` opens under `key`, `nonce` and `aad`.
    func chacha20Poly1305Opens(key: [UInt8], nonce: [UInt8], aad: [UInt8], sealed: [UInt8]) -> Bool
    /// HKDF-SHA256 (RFC 5869), `size` bytes.
    func hkdfSHA256(ikm: [UInt8], salt: [UInt8], info: [UInt8], size: Int) -> [UInt8]
}

/// The answers of the in-process primitives: AES-GCM on OpenSSL, Argon2id on libargon2 (which
/// knows both versions 0x10 and 0x13 and any parallelism).
public struct InProcessDiagnoses: CryptoDiagnoses {
    public init() {}

    public func aesGcmOpens(key: [UInt8], aad: [UInt8], blob: [UInt8]) -> Bool {
        guard blob.count >= 28 else { return false }
        let nonce = Array(blob.prefix(12)), ct = Array(blob[12..<(blob.count - 16)]), tag = Array(blob.suffix(16))
        return (try? OpenSSLAESGCM.open(key: key, nonce: nonce, aad: aad, ciphertext: ct, tag: tag)) != nil
    }

    public func aesGcmOpen(key: [UInt8], aad: [UInt8], blob: [UInt8]) -> [UInt8]? {
        guard blob.count >= 28 else { return nil }
        let nonce = Array(blob.prefix(12)), ct = Array(blob[12..<(blob.count - 16)]), tag = Array(blob.suffix(16))
        return try? OpenSSLAESGCM.open(key: key, nonce: nonce, aad: aad, ciphertext: ct, tag: tag)
    }

    public func sha256(_ data: [UInt8]) -> [UInt8] { SHA256.hash(data) }

    public func argon2id(password: [UInt8], salt: [UInt8], params: KdfParams, length: Int,
                         secret: [UInt8]?, associatedData: [UInt8]?) -> [UInt8]? {
        let p = Argon2idParameters(memoryKiB: params.memoryKiB, iterations: params.iterations, parallelism: params.parallelism,
                                   version: params.version, length: length)
        return try? ReferenceArgon2id.hash(password: password, salt: salt, parameters: p, secret: secret, associatedData: associatedData)
    }

    public func x25519(privateKey: [UInt8], publicKey: [UInt8]) -> [UInt8]? {
        guard privateKey.count == 32, publicKey.count == 32 else { return nil }
        return try? X25519.sharedSecret(privateKey: privateKey, publicKey: publicKey, backend: .libsodium)
    }

    public func chacha20Poly1305Opens(key: [UInt8], nonce: [UInt8], aad: [UInt8], sealed: [UInt8]) -> Bool {
        guard key.count == 32, nonce.count == 12, sealed.count >= 16 else { return false }
        return (try? ChaCha20Poly1305.open(key: key, nonce: nonce, aad: aad, ciphertext: Array(sealed.dropLast(16)),
                                           tag: Array(sealed.suffix(16)), backend: .libsodium)) != nil
    }

    public func hkdfSHA256(ikm: [UInt8], salt: [UInt8], info: [UInt8], size: Int) -> [UInt8] {
        HKDF.sha256(ikm: ikm, salt: salt, info: info, size: size)
    }
}
