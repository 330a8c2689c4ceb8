/// A Tink cleartext JSON keyset holding `AesGcmKey`s (CONTRACT.md §9): what Android wraps as the
/// couple key (option B) and seals as a one-time answer key.
public struct TinkAesGcmKeyset: Sendable, Equatable {
    public static let typeURL = "type.googleapis.com/google.crypto.tink.AesGcmKey"

    public var primaryKeyId: UInt32
    /// The primary key's raw AES key.
    public var primaryKey: [UInt8]
    public var outputPrefixType: TinkOutputPrefix

    /// Parses the JSON keyset and its primary `AesGcmKey`; `format` or `key` refusals name the field.
    public static func parse(_ json: String) throws(ContractError) -> TinkAesGcmKeyset {
        let keyset = try TinkKeyset.parse(json)
        let k = try keyset.primary()
        guard k.typeURL == typeURL else { throw ContractError(.key, "keyset: key[\(k.index)] has type \(k.typeURL), expected \(typeURL)") }
        try k.requireKeyMaterialType("SYMMETRIC")
        let key = try aesGcmKey(try k.value())
        return TinkAesGcmKeyset(primaryKeyId: keyset.primaryKeyId, primaryKey: key, outputPrefixType: try k.outputPrefix())
    }

    /// `AesGcmKey { version = 1 (uint32), key_value = 3 (bytes) }`.
    public static func aesGcmKey(_ proto: [UInt8]) throws(ContractError) -> [UInt8] {
        let m = try ProtobufMessage(proto, message: "AesGcmKey", varintFields: [1: "version"], bytesFields: [3: "key_value"])
        guard m.varint(1) == 0 else { throw ContractError(.key, "AesGcmKey version \(m.varint(1)) is not 0") }
        guard let key = m.fields[3] else { throw ContractError(.format, "AesGcmKey has no key_value (field 3)") }
        guard [16, 32].contains(key.count) else { throw ContractError(.key, "AesGcmKey key_value is \(key.count) bytes (expected 16 or 32)") }
        return key
    }
}
