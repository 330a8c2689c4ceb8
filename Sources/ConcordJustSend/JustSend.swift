import ConcordFormats
import ConcordPrimitives
import ConcordSuites

/// JustSend's key hierarchy as the iOS reference computes it (docs/contracts/justsend.md):
/// AES-256-GCM in two storage layouts, the ARK → IK → CK chain, the device envelope (X25519 +
/// HKDF-SHA256), the recovery code (Crockford Base32) and share links with chunked attachments.
public enum JustSend {
    public static let keyLength = 32
    public static let nonceLength = 12
    public static let tagLength = 16
    public static let recoverySalt = Array("justsend/recovery-kek/v1".utf8)
    public static let attachmentInfo = Array("justsend-share-attachment-v1".utf8)

    // MARK: AES-256-GCM

    static func checkKey(_ key: [UInt8], _ name: String) throws(ContractError) {
        guard key.count == keyLength else { throw ContractError(.parameters, "\(name) is \(key.count) bytes; AES-256 keys are 32") }
    }

    static func gcmSeal(_ key: [UInt8], _ nonce: [UInt8], _ aad: [UInt8], _ plaintext: [UInt8]) throws(ContractError) -> [UInt8] {
        do {
            let (ct, tag) = try OpenSSLAESGCM.seal(key: key, nonce: nonce, aad: aad, plaintext: plaintext)
            return ct + tag
        } catch { throw ContractError(.parameters, "AES-GCM seal failed: \(error)") }
    }

    static func gcmOpen(_ key: [UInt8], _ nonce: [UInt8], _ aad: [UInt8], _ sealed: [UInt8], _ what: String) throws(ContractError) -> [UInt8] {
        do {
            return try OpenSSLAESGCM.open(key: key, nonce: nonce, aad: aad, ciphertext: Array(sealed.dropLast(tagLength)),
                                          tag: Array(sealed.suffix(tagLength)))
        } catch { throw ContractError(.authentication, "\(what) does not authenticate (wrong key or altered bytes)") }
    }

    static func b64(_ text: String, _ field: String) throws(ContractError) -> [UInt8] {
        do { return try Base64.decode(text, .standard) } catch { throw ContractError(.format, "\(field): \(error.message)") }
    }

    /// **seal** (item content): `ciphertext = b64(ct || tag)` and `nonce = b64(nonce)`, no AAD.
    public static func seal(key: [UInt8], nonce: [UInt8], plaintext: [UInt8]) throws(ContractError) -> (ciphertext: String, nonce: String) {
        try checkKey(key, "key")
        guard nonce.count == nonceLength else { throw ContractError(.parameters, "the nonce is \(nonce.count) bytes; the contract's nonce is 12") }
        return (Base64.encode(try gcmSeal(key, nonce, [], plaintext), .standard), Base64.encode(nonce, .standard))
    }

    public static func open(key: [UInt8], ciphertext: String, nonce: String) throws(ContractError) -> [UInt8] {
        try checkKey(key, "key")
        let sealed = try b64(ciphertext, "ciphertext")
        let n = try b64(nonce, "storedNonce")
        guard n.count == nonceLength else { throw ContractError(.format, "the stored nonce is \(n.count) bytes; the contract's nonce is 12") }
        guard sealed.count >= tagLength else { throw ContractError(.format, "ciphertext is \(sealed.count) bytes, shorter than the 16-byte tag") }
        return try gcmOpen(key, n, [], sealed, "ciphertext")
    }

    /// **wrap** (a 32-byte key under a key): `b64(nonce || ct || tag)`, CryptoKit's combined form, no AAD.
    public static func wrap(key: [UInt8], under wrappingKey: [UInt8], nonce: [UInt8]) throws(ContractError) -> String {
        try checkKey(wrappingKey, "the wrapping key")
        guard key.count == keyLength else { throw ContractError(.parameters, "the wrapped key is \(key.count) bytes; the contract wraps 32-byte keys") }
        guard nonce.count == nonceLength else { throw ContractError(.parameters, "the nonce is \(nonce.count) bytes; the contract's nonce is 12") }
        return Base64.encode(nonce + (try gcmSeal(wrappingKey, nonce, [], key)), .standard)
    }

    public static func wrap(key: [UInt8], under wrappingKey: [UInt8]) throws(ContractError) -> String {
        try wrap(key: key, under: wrappingKey, nonce: SecureRandom.bytes(nonceLength))
    }

    public static func unwrap(_ wrapped: String, under wrappingKey: [UInt8], what: String = "wrapped") throws(ContractError) -> [UInt8] {
        try checkKey(wrappingKey, "the wrapping key")
        let blob = try b64(wrapped, what)
        guard blob.count >= nonceLength + tagLength else {
            throw ContractError(.format, "\(what) is \(blob.count) bytes, shorter than nonce (12) + tag (16)")
        }
        let key = try gcmOpen(wrappingKey, Array(blob.prefix(nonceLength)), [], Array(blob.dropFirst(nonceLength)), what)
        guard key.count == keyLength else { throw ContractError(.format, "\(what) holds \(key.count) bytes, not a 32-byte key") }
        return key
    }

    // MARK: the chain

    /// Opens ARK → IK → CK → content: `wrap(IK, ARK)`, `wrap(CK, IK)`, `seal(content, CK)`.
    public static func openChain(ark: [UInt8], wrappedIK: String, wrappedCK: String, ciphertext: String, nonce: String)
        throws(ContractError) -> (ik: [UInt8], ck: [UInt8], content: [UInt8]) {
        let ik = try unwrap(wrappedIK, under: ark, what: "wrappedIK")
        let ck = try unwrap(wrappedCK, under: ik, what: "wrappedCK")
        return (ik, ck, try open(key: ck, ciphertext: ciphertext, nonce: nonce))
    }

    // MARK: device envelope

    /// `HKDF-SHA256(X25519(ourPrivate, theirPublic), salt, deviceKEKInfo, 32)`; a low-order public key is `key`.
    public static func deviceKEK(ourPrivate: [UInt8], theirPublic: [UInt8], salt: [UInt8], info: [UInt8]) throws(ContractError) -> [UInt8] {
        guard ourPrivate.count == 32 else { throw ContractError(.key, "ourPrivate is \(ourPrivate.count) bytes; an X25519 private key is 32") }
        guard theirPublic.count == 32 else { throw ContractError(.key, "theirPublic is \(theirPublic.count) bytes; an X25519 public key is 32") }
        let shared: [UInt8]
        do { shared = try X25519.sharedSecret(privateKey: ourPrivate, publicKey: theirPublic, backend: .libsodium) }
        catch { throw ContractError(error) ?? ContractError(.key, "X25519 failed: \(error.message)") }
        return HKDF.sha256(ikm: shared, salt: salt, info: info, size: keyLength)
    }

    /// `HKDF-SHA256(UTF-8(normalized code), "justsend/recovery-kek/v1", recoveryInfo, 32)`.
    public static func recoveryKEK(typed: String, info: [UInt8]) throws(ContractError) -> [UInt8] {
        HKDF.sha256(ikm: Array(try RecoveryCode.normalize(typed).code.utf8), salt: recoverySalt, info: info, size: keyLength)
    }

    // MARK: share links and chunks

    /// The URL fragment: b64url without padding, 43 characters.
    public static func fragment(_ shareKey: [UInt8]) throws(ContractError) -> String {
        try checkKey(shareKey, "the share key")
        return Base64.encode(shareKey, .url)
    }

    public static func shareKey(fragment: String) throws(ContractError) -> [UInt8] {
        guard fragment.utf8.count == 43 else { throw ContractError(.format, "the fragment is \(fragment.utf8.count) characters; a share key's is 43") }
        let key: [UInt8]
        do { key = try Base64.decode(fragment, .url) } catch { throw ContractError(.format, "fragment: \(error.message)") }
        return key
    }

    /// `HKDF-SHA256(shareKey, UTF-8(assetId), "justsend-share-attachment-v1", 32)`.
    public static func attachmentKey(shareKey: [UInt8], assetId: String) throws(ContractError) -> [UInt8] {
        try checkKey(shareKey, "the share key")
        return HKDF.sha256(ikm: shareKey, salt: Array(assetId.utf8), info: attachmentInfo, size: keyLength)
    }

    static func uint64BE(_ v: UInt64) -> [UInt8] { (0..<8).map { UInt8(v >> (56 - 8 * UInt64($0)) & 0xff) } }

    /// Chunk `index` of `count`: nonce `prefix(4) || uint64BE(index)`, AAD `UTF-8(assetId) || 0x00 ||
    /// uint64BE(index) || uint64BE(count)`, stored as `ct || tag`.
    static func chunkParameters(_ noncePrefix: [UInt8], _ index: Int64, _ count: Int64, _ assetId: String) throws(ContractError) -> (nonce: [UInt8], aad: [UInt8]) {
        guard noncePrefix.count == 4 else { throw ContractError(.parameters, "noncePrefix is \(noncePrefix.count) bytes; it is 4") }
        guard count >= 1 else { throw ContractError(.parameters, "count is \(count); an attachment has at least one chunk") }
        guard index >= 0, index < count else { throw ContractError(.parameters, "index \(index) is outside 0..<\(count)") }
        let i = uint64BE(UInt64(index))
        return (noncePrefix + i, Array(assetId.utf8) + [0] + i + uint64BE(UInt64(count)))
    }

    public static func sealChunk(shareKey: [UInt8], assetId: String, noncePrefix: [UInt8], index: Int64, count: Int64, plaintext: [UInt8]) throws(ContractError) -> [UInt8] {
        let (nonce, aad) = try chunkParameters(noncePrefix, index, count, assetId)
        return try gcmSeal(try attachmentKey(shareKey: shareKey, assetId: assetId), nonce, aad, plaintext)
    }

    public static func openChunk(shareKey: [UInt8], assetId: String, noncePrefix: [UInt8], index: Int64, count: Int64, chunk: [UInt8]) throws(ContractError) -> [UInt8] {
        let (nonce, aad) = try chunkParameters(noncePrefix, index, count, assetId)
        let key = try attachmentKey(shareKey: shareKey, assetId: assetId)
        guard chunk.count >= tagLength else { throw ContractError(.format, "the chunk is \(chunk.count) bytes, shorter than the 16-byte tag") }
        return try gcmOpen(key, nonce, aad, chunk, "chunk \(index) of \(count)")
    }
}
