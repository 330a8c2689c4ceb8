/// A Tink cleartext JSON keyset holding `AesGcmKey`s (CONTRACT.md §9): what Android wraps as the
/// couple key (option B) and seals as a one-time answer key.
public struct TinkAesGcmKeyset: Sendable, Equatable {
    public static let typeURL = "type.googleapis.com/google.crypto.tink.AesGcmKey"

    public var primaryKeyId: UInt32
    /// The primary key's raw AES key.
    public var primaryKey: [UInt8]
    public var outputPrefixType: String

    /// Parses the JSON keyset and its primary `AesGcmKey`; `format` or `key` refusals name the field.
    public static func parse(_ json: String) throws(ContractError) -> TinkAesGcmKeyset {
        let root: JSON
        do { root = try JSON.parse(json) } catch { throw ContractError(.format, "keyset: \(error)") }
        guard let primary = root["primaryKeyId"] else { throw ContractError(.format, "keyset: missing primaryKeyId") }
        let primaryId = try keyId(primary, "primaryKeyId")
        guard let keys = root["key"]?.arrayValue, !keys.isEmpty else { throw ContractError(.format, "keyset: missing or empty key list") }
        for (n, k) in keys.enumerated() {
            guard let idJSON = k["keyId"] else { throw ContractError(.format, "keyset: key[\(n)] has no keyId") }
            guard try keyId(idJSON, "key[\(n)].keyId") == primaryId else { continue }
            guard k["status"]?.stringValue == "ENABLED" else { throw ContractError(.key, "keyset: the primary key is not ENABLED") }
            guard let data = k["keyData"], let url = data["typeUrl"]?.stringValue else {
                throw ContractError(.format, "keyset: key[\(n)] has no keyData.typeUrl")
            }
            guard url == typeURL else { throw ContractError(.key, "keyset: key[\(n)] has type \(url), expected \(typeURL)") }
            guard data["keyMaterialType"]?.stringValue == "SYMMETRIC" else {
                throw ContractError(.key, "keyset: key[\(n)].keyData.keyMaterialType must be SYMMETRIC")
            }
            guard let b64 = data["value"]?.stringValue else { throw ContractError(.format, "keyset: key[\(n)] has no keyData.value") }
            let proto: [UInt8]
            do { proto = try Base64.decode(b64, .standard) } catch { throw ContractError(.format, "keyset: key[\(n)].keyData.value: \(error.message)") }
            let key = try aesGcmKey(proto)
            guard let prefix = k["outputPrefixType"]?.stringValue, ["TINK", "RAW", "LEGACY", "CRUNCHY"].contains(prefix) else {
                throw ContractError(.format, "keyset: key[\(n)].outputPrefixType must be TINK, RAW, LEGACY or CRUNCHY")
            }
            return TinkAesGcmKeyset(primaryKeyId: primaryId, primaryKey: key, outputPrefixType: prefix)
        }
        throw ContractError(.format, "keyset: no key has the primaryKeyId \(primaryId)")
    }

    /// Key ids are unsigned 32-bit; a negative one is a Java `int` printed as signed.
    static func keyId(_ j: JSON, _ field: String) throws(ContractError) -> UInt32 {
        guard let v = j.intValue else { throw ContractError(.format, "keyset: \(field) must be an integer") }
        guard v >= 0 else { throw ContractError(.format, "keyset: \(field) \(v) is negative (a Java int printed as signed? it is \(UInt32(truncatingIfNeeded: v)) unsigned)") }
        guard let u = UInt32(exactly: v) else { throw ContractError(.format, "keyset: \(field) \(v) is above 2^32-1") }
        return u
    }

    /// `AesGcmKey { version = 1 (uint32), key_value = 3 (bytes) }`.
    public static func aesGcmKey(_ proto: [UInt8]) throws(ContractError) -> [UInt8] {
        var r = ProtobufReader(proto, message: "AesGcmKey")
        var version: UInt64 = 0
        var key: [UInt8]? = nil
        while let (n, t) = try r.field() {
            switch (n, t) {
            case (1, .varint): version = try r.varint()
            case (3, .lengthDelimited): key = try r.lengthDelimited()
            default: try r.skip(t)
            }
        }
        guard version == 0 else { throw ContractError(.key, "AesGcmKey version \(version) is not 0") }
        guard let key else { throw ContractError(.format, "AesGcmKey has no key_value (field 3)") }
        guard [16, 32].contains(key.count) else { throw ContractError(.key, "AesGcmKey key_value is \(key.count) bytes (expected 16 or 32)") }
        return key
    }
}
