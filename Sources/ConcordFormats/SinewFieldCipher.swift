import ConcordPrimitives

/// One key of a Sinew keyring: what a layout reader (iOS, web) holds, or one entry of a Tink keyset.
public struct SinewKey: Sendable, Equatable {
    public var keyId: UInt32
    public var key: [UInt8]
    public var enabled: Bool
    /// The Tink output prefix type (`TINK` for a `{keyId, key}` entry).
    public var outputPrefix: String
    public init(keyId: UInt32, key: [UInt8], enabled: Bool = true, outputPrefix: String = "TINK") {
        self.keyId = keyId
        self.key = key
        self.enabled = enabled
        self.outputPrefix = outputPrefix
    }
}

/// The keys a Sinew FieldCipher holds, and which one encrypts.
public struct SinewKeyring: Sendable, Equatable {
    public var keys: [SinewKey]
    /// Nil when the keys were given without a primary (decrypting needs none).
    public var primaryKeyId: UInt32?

    /// Every key of a Tink cleartext JSON keyset of `AesGcmKey`s (any status, any output prefix; the
    /// contract's rules are applied when a key is used). Malformed JSON or protobuf: `format`; a key of
    /// another type or material: `key`.
    public static func keyset(_ json: String) throws(ContractError) -> SinewKeyring {
        let root: JSON
        do { root = try JSON.parse(json) } catch { throw ContractError(.format, "keysetJson: \(error)") }
        guard let primaryJSON = root["primaryKeyId"] else { throw ContractError(.format, "keysetJson: missing primaryKeyId") }
        let primary = try TinkAesGcmKeyset.keyId(primaryJSON, "primaryKeyId")
        guard let entries = root["key"]?.arrayValue, !entries.isEmpty else { throw ContractError(.format, "keysetJson: missing or empty key list") }
        var keys: [SinewKey] = []
        for (n, k) in entries.enumerated() {
            let at = "keysetJson: key[\(n)]"
            guard let idJSON = k["keyId"] else { throw ContractError(.format, "\(at) has no keyId") }
            let id = try TinkAesGcmKeyset.keyId(idJSON, "key[\(n)].keyId")
            guard let status = k["status"]?.stringValue, ["ENABLED", "DISABLED", "DESTROYED"].contains(status) else {
                throw ContractError(.format, "\(at).status must be ENABLED, DISABLED or DESTROYED")
            }
            guard let prefix = k["outputPrefixType"]?.stringValue, ["TINK", "RAW", "LEGACY", "CRUNCHY"].contains(prefix) else {
                throw ContractError(.format, "\(at).outputPrefixType must be TINK, RAW, LEGACY or CRUNCHY")
            }
            if status == "DESTROYED" { keys.append(SinewKey(keyId: id, key: [], enabled: false, outputPrefix: prefix)); continue }
            guard let data = k["keyData"], let url = data["typeUrl"]?.stringValue else { throw ContractError(.format, "\(at) has no keyData.typeUrl") }
            guard url == TinkAesGcmKeyset.typeURL else { throw ContractError(.key, "\(at) has type \(String(reflecting: url)), expected \(TinkAesGcmKeyset.typeURL)") }
            guard data["keyMaterialType"]?.stringValue == "SYMMETRIC" else { throw ContractError(.key, "\(at).keyData.keyMaterialType must be SYMMETRIC") }
            guard let b64 = data["value"]?.stringValue else { throw ContractError(.format, "\(at) has no keyData.value") }
            let proto: [UInt8]
            do { proto = try Base64.decode(b64, .standard) } catch { throw ContractError(.format, "\(at).keyData.value: \(error.message)") }
            keys.append(SinewKey(keyId: id, key: try TinkAesGcmKeyset.aesGcmKey(proto), enabled: status == "ENABLED", outputPrefix: prefix))
        }
        return SinewKeyring(keys: keys, primaryKeyId: primary)
    }

    /// A `{keyId, key}` list: `[{"keyId": <uint32>, "key": "<hex>"}, …]`, ids distinct. Anything
    /// else is `format`, naming the entry.
    public static func list(_ json: String, primaryKeyId: Int64?) throws(ContractError) -> SinewKeyring {
        let root: JSON
        do { root = try JSON.parse(json) } catch { throw ContractError(.format, "keys: \(error)") }
        guard let entries = root.arrayValue, !entries.isEmpty else { throw ContractError(.format, "keys must be a non-empty JSON list of {keyId, key}") }
        var keys: [SinewKey] = []
        for (n, e) in entries.enumerated() {
            guard let members = e.objectValue else { throw ContractError(.format, "keys[\(n)] is not an object") }
            for m in members where m.key != "keyId" && m.key != "key" {
                throw ContractError(.format, "keys[\(n)] has a member other than keyId and key; an entry holds keyId and key only")
            }
            guard let idJSON = e["keyId"] else { throw ContractError(.format, "keys[\(n)] has no keyId") }
            let id: UInt32
            do { id = try TinkAesGcmKeyset.keyId(idJSON, "keys[\(n)].keyId") } catch { throw ContractError(.format, error.message.replacingPrefix("keyset: ", with: "")) }
            guard let hex = e["key"]?.stringValue else { throw ContractError(.format, "keys[\(n)].key must be a hex string") }
            let key: [UInt8]
            do { key = try Hex.decode(hex) } catch { throw ContractError(.format, "keys[\(n)].key: \(error.message)") }
            guard !keys.contains(where: { $0.keyId == id }) else { throw ContractError(.format, "keys[\(n)]: the key id \(id) appears twice") }
            keys.append(SinewKey(keyId: id, key: key))
        }
        var primary: UInt32? = nil
        if let p = primaryKeyId {
            guard let u = UInt32(exactly: p) else { throw ContractError(.format, "primaryKeyId \(p) is not an unsigned 32-bit id") }
            primary = u
        }
        return SinewKeyring(keys: keys, primaryKeyId: primary)
    }
}

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

extension String {
    func replacingPrefix(_ prefix: String, with new: String) -> String {
        hasPrefix(prefix) ? new + dropFirst(prefix.count) : self
    }
}
