import ConcordFormats
import ConcordPrimitives
import ConcordSuites

/// Sinew's FieldCipher as the iOS and web layout readers compute it (docs/contracts/sinew.md):
/// `b64(0x01 || keyId(4, big-endian) || nonce(12) || ct || tag(16))`, AES-256-GCM of the UTF-8
/// plaintext with the UTF-8 context as associated data.
public enum SinewFieldCipher {
    public static let version: UInt8 = 0x01
    public static let headerLength = 5
    public static let nonceLength = 12
    public static let tagLength = 16
    /// The shortest value: header, nonce and tag around an empty ciphertext.
    public static let minimumLength = headerLength + nonceLength + tagLength

    /// Encrypts with the primary key. No primary, or a primary that is disabled, not `TINK` or not
    /// 32 bytes: `key`; a nonce that is not 12 bytes: `parameters`.
    public static func encrypt(_ ring: SinewKeyring, context: String, plaintext: String, nonce: [UInt8]) throws(ContractError) -> String {
        guard let primaryId = ring.primaryKeyId else { throw ContractError(.key, "no primary key: give primaryKeyId with keys") }
        guard let key = ring.keys.first(where: { $0.keyId == primaryId }) else {
            throw ContractError(.key, "the primary key id \(primaryId) is not among the keys")
        }
        guard key.enabled else { throw ContractError(.key, "the primary key \(primaryId) is not ENABLED") }
        guard key.outputPrefix == "TINK" else {
            throw ContractError(.key, "the primary key \(primaryId) has output prefix \(key.outputPrefix): it does not write the 0x01 || keyId header the layout needs")
        }
        guard key.key.count == 32 else { throw ContractError(.key, "the primary key \(primaryId) is \(key.key.count) bytes; the contract's keys are AES-256 (32)") }
        guard nonce.count == nonceLength else { throw ContractError(.parameters, "the nonce is \(nonce.count) bytes; AES-GCM here takes 12") }
        let sealed: (ciphertext: [UInt8], tag: [UInt8])
        do { sealed = try OpenSSLAESGCM.seal(key: key.key, nonce: nonce, aad: Array(context.utf8), plaintext: Array(plaintext.utf8)) }
        catch { throw ContractError(.parameters, "AES-GCM seal failed: \(error)") }
        return Base64.encode(header(primaryId) + nonce + sealed.ciphertext + sealed.tag, .standard)
    }

    /// Encrypts with a fresh nonce from the CSPRNG (the round trip).
    public static func encrypt(_ ring: SinewKeyring, context: String, plaintext: String) throws(ContractError) -> String {
        try encrypt(ring, context: context, plaintext: plaintext, nonce: SecureRandom.bytes(nonceLength))
    }

    /// Decrypts with the key the header names. The refusal classes are the contract's failure table.
    public static func decrypt(_ ring: SinewKeyring, context: String, value: String) throws(ContractError) -> String {
        let blob: [UInt8]
        do { blob = try Base64.decode(value, .standard) } catch { throw ContractError(.format, "value: \(error.message)") }
        guard blob.count >= minimumLength else {
            throw ContractError(.format, "value is \(blob.count) bytes, shorter than header (5) + nonce (12) + tag (16)")
        }
        guard blob[0] == version else {
            throw ContractError(.format, "value starts with version byte 0x\(Hex.encode([blob[0]])), not 0x01"
                                + (blob[0] == 0 ? " (a LEGACY or CRUNCHY Tink prefix?)" : ""))
        }
        let id = blob[1...4].reduce(UInt32(0)) { $0 << 8 | UInt32($1) }
        guard let key = ring.keys.first(where: { $0.keyId == id && $0.outputPrefix == "TINK" }) else {
            let other = ring.keys.first { $0.keyId == id }
            throw ContractError(.key, "no key with the header's key id \(id)"
                                + (other.map { " writes this layout (key \(id) has output prefix \($0.outputPrefix))" } ?? " in the keyring"))
        }
        guard key.enabled else { throw ContractError(.key, "the key \(id) the header names is not ENABLED") }
        guard key.key.count == 32 else { throw ContractError(.key, "the key \(id) is \(key.key.count) bytes; the contract's keys are AES-256 (32)") }
        let nonce = Array(blob[headerLength..<(headerLength + nonceLength)])
        let ct = Array(blob[(headerLength + nonceLength)..<(blob.count - tagLength)])
        let plain: [UInt8]
        do { plain = try OpenSSLAESGCM.open(key: key.key, nonce: nonce, aad: Array(context.utf8), ciphertext: ct, tag: Array(blob.suffix(tagLength))) }
        catch { throw ContractError(.authentication, "the value does not authenticate under key \(id) (wrong key, wrong context or altered bytes)") }
        guard let text = String(validating: plain, as: UTF8.self) else {
            throw ContractError(.format, "the decrypted value (\(plain.count) bytes) is not valid UTF-8")
        }
        return text
    }

    static func header(_ id: UInt32) -> [UInt8] {
        [version, UInt8(id >> 24), UInt8(id >> 16 & 0xff), UInt8(id >> 8 & 0xff), UInt8(id & 0xff)]
    }
}
