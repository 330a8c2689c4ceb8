/// Writes Tink cleartext JSON public keysets (CONTRACT.md §9): the `EciesAeadHkdfPublicKey`
/// protobuf encoded by hand (proto3: fields at their default are absent), key ids unsigned.
public enum TinkKeysetWriter {
    static func enumValue(_ table: [UInt64: String], _ name: String) -> UInt64 {
        table.first { $0.value == name }?.key ?? 0
    }

    /// `EciesAeadHkdfPublicKey` bytes. `coordinateLength` 32 writes as Tink C++/Python do; 33 adds
    /// the leading zero byte current Tink Java writes.
    public static func publicKeyProto(_ k: EciesPublicKey, coordinateLength: Int = 32) -> [UInt8] {
        typealias W = ProtobufWriter
        let keyFormat = W.field(2, varint: UInt64(k.demKeySize))
        let template = W.field(1, bytes: Array(k.demTypeURL.utf8)) + W.field(2, bytes: keyFormat)
            + W.field(3, varint: 3)   // OutputPrefixType.RAW for the DEM, as Tink's templates write it
        let dem = W.field(2, bytes: template)
        let kem = W.field(1, varint: enumValue(TinkEciesKeyset.curves, k.curve))
            + W.field(2, varint: enumValue(TinkEciesKeyset.hashes, k.hashFunction))
            + W.field(11, bytes: k.hkdfSalt)
        let params = W.field(1, bytes: kem) + W.field(2, bytes: dem)
            + W.field(3, varint: enumValue(TinkEciesKeyset.pointFormats, k.pointFormat))
        let pad = [UInt8](repeating: 0, count: max(0, coordinateLength - 32))
        return W.field(2, bytes: params) + W.field(3, bytes: pad + k.x) + W.field(4, bytes: pad + k.y)
    }

    /// A one-key public keyset in Tink's JSON layout.
    public static func publicKeysetJSON(_ k: EciesPublicKey, coordinateLength: Int = 32) -> String {
        oneKeyJSON(typeURL: TinkEciesKeyset.publicTypeURL, keyMaterialType: "ASYMMETRIC_PUBLIC",
                   value: publicKeyProto(k, coordinateLength: coordinateLength), keyId: k.keyId, outputPrefix: k.outputPrefix)
    }

    /// A keyset of one ENABLED key, primary, in Tink's JSON layout around the key's protobuf bytes.
    public static func oneKeyJSON(typeURL: String, keyMaterialType: String, value: [UInt8], keyId: UInt32,
                                  outputPrefix: TinkOutputPrefix) -> String {
        JSON.object([
            ("primaryKeyId", .int(Int64(keyId))),
            ("key", .array([.object([
                ("keyData", .object([("typeUrl", .string(typeURL)), ("value", .string(Base64.encode(value, .standard))),
                                     ("keyMaterialType", .string(keyMaterialType))])),
                ("status", .string("ENABLED")), ("keyId", .int(Int64(keyId))), ("outputPrefixType", .string(outputPrefix.rawValue)),
            ])])),
        ]).serialized()
    }

    /// A one-key private keyset in Tink's JSON layout: `EciesAeadHkdfPrivateKey { version = 1 (0),
    /// public_key = 2, key_value = 3 }` around the public key's protobuf.
    public static func privateKeysetJSON(_ k: EciesPrivateKey, coordinateLength: Int = 32) -> String {
        typealias W = ProtobufWriter
        let proto = W.field(2, bytes: publicKeyProto(k.publicKey, coordinateLength: coordinateLength)) + W.field(3, bytes: k.scalar)
        return oneKeyJSON(typeURL: TinkEciesKeyset.privateTypeURL, keyMaterialType: "ASYMMETRIC_PRIVATE",
                          value: proto, keyId: k.publicKey.keyId, outputPrefix: k.publicKey.outputPrefix)
    }

    /// `pub:v1:` + b64url of the public keyset JSON.
    public static func publicKeyWire(_ k: EciesPublicKey) -> String {
        TinkEciesKeyset.publicPrefix + Base64.encode(Array(publicKeysetJSON(k).utf8), .url)
    }
}
