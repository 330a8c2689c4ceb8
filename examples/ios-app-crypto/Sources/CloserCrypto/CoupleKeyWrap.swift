import Clibsodium

/// The couple key wrapped under the recovery phrase (CONTRACT.md §4): KEK = Argon2id(phrase, kdfSalt) under the
/// parameters of a tag, wrappedCoupleKey = b64(nonce ‖ AES-256-GCM(KEK, aad = "closer_couple_key", couple key)).
/// The app stores `wrappedCoupleKey`, `kdfSalt` (b64) and `kdfParams` (the tag), and wraps the raw 32-byte key
/// (the contract's option A, the iOS choice). A wrap stores the tag it was made with; an unwrap derives the KEK
/// with the tag stored beside the key, so a key wrapped with older parameters still opens.
///
/// On iOS the seal is CryptoKit's `AES.GCM.seal(key, using: SymmetricKey(data: kek), nonce: AES.GCM.Nonce(data:
/// nonce), authenticating: aad).combined`; here, where CryptoKit is absent (Linux CI), libsodium's AES-256-GCM
/// writes the same bytes (nonce ‖ ciphertext ‖ tag). libsodium runs it only on a CPU with AES-NI: elsewhere
/// both ops are `Failure.unsupported`.
public enum CoupleKeyWrap {
    /// The parameters this release wraps with (2.0.0: the contract's production tag).
    public static let writeParams = "argon2id;v=19;m=47104;t=3;p=1"
    static let aad = Array("closer_couple_key".utf8)

    public enum Failure: Error, Equatable {
        case format(String)
        case authentication(String)
        case parameters(String)
        case unsupported(String)
    }

    public static func wrap(phrase: String, coupleKey: [UInt8], kdfSalt: [UInt8], nonce: [UInt8]) throws
        -> (wrappedCoupleKey: String, kdfSalt: String, kdfParams: String) {
        guard coupleKey.count == 32 else { throw Failure.parameters("the couple key is \(coupleKey.count) bytes, not 32") }
        guard kdfSalt.count == 16, nonce.count == 12 else {
            throw Failure.parameters("a salt of \(kdfSalt.count) bytes and a nonce of \(nonce.count) (16 and 12)")
        }
        try available()
        let kek = try PasswordKdf.derive(password: Array(phrase.utf8), salt: kdfSalt, kdfParams: writeParams, length: 32)
        var sealed = [UInt8](repeating: 0, count: coupleKey.count + Int(crypto_aead_aes256gcm_abytes()))
        var length: UInt64 = 0
        guard crypto_aead_aes256gcm_encrypt(&sealed, &length, coupleKey, UInt64(coupleKey.count), aad, UInt64(aad.count), nil, nonce, kek) == 0
        else { throw Failure.unsupported("crypto_aead_aes256gcm_encrypt failed") }
        return (base64(nonce + sealed.prefix(Int(length))), base64(kdfSalt), writeParams)
    }

    /// The couple key, from the three stored values: the KEK is derived with the parameters `kdfParams` names.
    public static func unwrap(phrase: String, kdfSalt: String, wrappedCoupleKey: String, kdfParams: String) throws -> [UInt8] {
        let salt = try decode(kdfSalt, "kdfSalt")
        guard salt.count == 16 else { throw Failure.format("kdfSalt decodes to \(salt.count) bytes, not 16") }
        let blob = try decode(wrappedCoupleKey, "wrappedCoupleKey")
        guard blob.count >= 12 + 16 else { throw Failure.format("wrappedCoupleKey is \(blob.count) bytes, shorter than nonce + tag") }
        try available()
        let kek = try PasswordKdf.derive(password: Array(phrase.utf8), salt: salt, kdfParams: kdfParams, length: 32)
        let nonce = Array(blob.prefix(12)), sealed = Array(blob.dropFirst(12))
        var key = [UInt8](repeating: 0, count: sealed.count)
        var length: UInt64 = 0
        guard crypto_aead_aes256gcm_decrypt(&key, &length, nil, sealed, UInt64(sealed.count), aad, UInt64(aad.count), nonce, kek) == 0
        else { throw Failure.authentication("the tag does not verify: another phrase, salt or parameters") }
        guard length == 32 else { throw Failure.format("the unwrapped key is \(length) bytes: this module wraps the raw 32-byte key") }
        return Array(key.prefix(32))
    }

    static func available() throws {
        if sodium_init() < 0 { throw Failure.unsupported("libsodium did not initialise") }
        if crypto_aead_aes256gcm_is_available() == 0 { throw Failure.unsupported("libsodium's AES-256-GCM needs AES-NI, which this CPU lacks") }
    }

    static func base64(_ bytes: [UInt8]) -> String {
        let variant = Int32(sodium_base64_VARIANT_ORIGINAL)
        var out = [CChar](repeating: 0, count: sodium_base64_encoded_len(bytes.count, variant))
        _ = sodium_bin2base64(&out, out.count, bytes, bytes.count, variant)
        return String(decoding: out.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// Strict RFC 4648 §4: the alphabet, the padding, spare bits zero (one spelling per value).
    static func decode(_ text: String, _ what: String) throws -> [UInt8] {
        let chars = Array(text.utf8)
        var out = [UInt8](repeating: 0, count: chars.count / 4 * 3 + 3)
        var length = 0
        let variant = Int32(sodium_base64_VARIANT_ORIGINAL)
        let status = chars.withUnsafeBufferPointer { p in
            p.withMemoryRebound(to: CChar.self) { c in sodium_base642bin(&out, out.count, c.baseAddress, chars.count, nil, &length, nil, variant) }
        }
        guard status == 0, base64(Array(out.prefix(length))) == text else { throw Failure.format("\(what) is not canonical base64") }
        return Array(out.prefix(length))
    }
}
