/// An `EciesAeadHkdfPublicKey` as read from a Tink cleartext JSON keyset (CONTRACT.md §9), with
/// its keyset entry's id and output prefix. Coordinates are normalised to the curve's size
/// whatever length the keyset used (Tink Java writes 33 bytes with a leading zero).
public struct EciesPublicKey: Sendable, Equatable {
    public var keyId: UInt32
    public var outputPrefix: TinkOutputPrefix
    public var curve: String
    public var hashFunction: String
    public var hkdfSalt: [UInt8]
    public var demTypeURL: String
    public var demKeySize: Int
    public var pointFormat: String
    public var x: [UInt8]
    public var y: [UInt8]

    /// The bytes before each ciphertext of this key (nothing for RAW).
    public var prefix: [UInt8] { outputPrefix.bytes(keyId: keyId) }

    public init(keyId: UInt32, outputPrefix: TinkOutputPrefix, curve: String, hashFunction: String, hkdfSalt: [UInt8],
                demTypeURL: String, demKeySize: Int, pointFormat: String, x: [UInt8], y: [UInt8]) {
        self.keyId = keyId; self.outputPrefix = outputPrefix; self.curve = curve; self.hashFunction = hashFunction
        self.hkdfSalt = hkdfSalt; self.demTypeURL = demTypeURL; self.demKeySize = demKeySize; self.pointFormat = pointFormat
        self.x = x; self.y = y
    }
}

public struct EciesPrivateKey: Sendable, Equatable {
    public var publicKey: EciesPublicKey
    public var scalar: [UInt8]
    public init(publicKey: EciesPublicKey, scalar: [UInt8]) {
        self.publicKey = publicKey
        self.scalar = scalar
    }
}

public enum TinkEciesKeyset {
    public static let publicTypeURL = "type.googleapis.com/google.crypto.tink.EciesAeadHkdfPublicKey"
    public static let privateTypeURL = "type.googleapis.com/google.crypto.tink.EciesAeadHkdfPrivateKey"
    public static let publicPrefix = "pub:v1:"

    public static let curves: [UInt64: String] = [2: "NIST_P256", 3: "NIST_P384", 4: "NIST_P521", 5: "CURVE25519"]
    public static let hashes: [UInt64: String] = [1: "SHA1", 2: "SHA384", 3: "SHA256", 4: "SHA512", 5: "SHA224"]
    public static let pointFormats: [UInt64: String] = [1: "UNCOMPRESSED", 2: "COMPRESSED", 3: "DO_NOT_USE_CRUNCHY_UNCOMPRESSED"]

    /// Every ENABLED private key of a keyset (Tink opens with any key whose prefix matches), the
    /// primary first, and the index of the primary one. Decoded only: the implementation layer
    /// (`TinkEciesKeyset.parsePrivateKeys`) also checks each point and scalar on the curve.
    public static func decodePrivateKeys(_ json: String) throws(ContractError) -> (keys: [EciesPrivateKey], primary: Int) {
        let keyset = try TinkKeyset.parse(json)
        let (primaryPub, primaryScalar) = try decode(keyset)
        guard let primaryScalar else { throw ContractError(.key, "the keyset holds a public key: opening needs the private keyset") }
        var keys = [EciesPrivateKey(publicKey: primaryPub, scalar: primaryScalar)]
        for k in keyset.others(typeURL: privateTypeURL) {
            let (pub, d) = try privateKey(try k.value(), keyId: k.keyId, prefix: try k.outputPrefix())
            keys.append(EciesPrivateKey(publicKey: pub, scalar: d))
        }
        return (keys, 0)
    }

    /// Either kind of keyset: its primary key's public part, and the scalar when it is private.
    /// Decoded only (see `decodePrivateKeys`).
    public static func decode(_ json: String) throws(ContractError) -> (publicKey: EciesPublicKey, scalar: [UInt8]?) {
        try decode(try TinkKeyset.parse(json))
    }

    static func decode(_ keyset: TinkKeyset) throws(ContractError) -> (publicKey: EciesPublicKey, scalar: [UInt8]?) {
        let k = try keyset.primary()
        let prefix = try k.outputPrefix()
        let proto = try k.value()
        switch k.typeURL {
        case publicTypeURL:
            try k.requireKeyMaterialType("ASYMMETRIC_PUBLIC")
            return (try publicKey(proto, keyId: k.keyId, prefix: prefix), nil)
        case privateTypeURL:
            try k.requireKeyMaterialType("ASYMMETRIC_PRIVATE")
            let (pub, d) = try privateKey(proto, keyId: k.keyId, prefix: prefix)
            return (pub, d)
        default:
            throw ContractError(.key, "keyset: key[\(k.index)] has type \(k.typeURL), expected an EciesAeadHkdf public or private key")
        }
    }

    /// `pub:v1:` + b64url(UTF-8 public keyset JSON). Decoded only (see `decodePrivateKeys`).
    public static func decodePublic(wire: String) throws(ContractError) -> EciesPublicKey {
        let bytes = try Wire.decode(wire, prefix: publicPrefix, .url)
        guard let json = String(validating: bytes, as: UTF8.self) else { throw ContractError(.format, "pub:v1: the keyset is not UTF-8") }
        let (pub, scalar) = try decode(json)
        if scalar != nil { throw ContractError(.key, "pub:v1: holds a private keyset; only the public keyset belongs on the wire") }
        return pub
    }

    /// `EciesAeadHkdfPublicKey { version = 1, params = 2, x = 3, y = 4 }`.
    static func publicKey(_ proto: [UInt8], keyId: UInt32, prefix: TinkOutputPrefix) throws(ContractError) -> EciesPublicKey {
        let m = try ProtobufMessage(proto, message: "EciesAeadHkdfPublicKey")
        guard m.varint(1) == 0 else { throw ContractError(.key, "EciesAeadHkdfPublicKey version \(m.varint(1)) is not 0") }
        guard let params = m.fields[2] else { throw ContractError(.format, "EciesAeadHkdfPublicKey has no params (field 2)") }
        guard let x = m.fields[3] else { throw ContractError(.format, "EciesAeadHkdfPublicKey has no x (field 3)") }
        guard let y = m.fields[4] else { throw ContractError(.format, "EciesAeadHkdfPublicKey has no y (field 4)") }
        var key = try self.params(params)
        key.keyId = keyId
        key.outputPrefix = prefix
        guard let size = coordinateSizes[key.curve] else {
            throw ContractError(.key, "curve \(key.curve) is not supported here (NIST_P256, NIST_P384, NIST_P521: Tink's NIST curves)")
        }
        key.x = try coordinate(x, "x", size: size)
        key.y = try coordinate(y, "y", size: size)
        return key
    }

    /// `EciesAeadHkdfPrivateKey { version = 1, public_key = 2, key_value = 3 }`.
    static func privateKey(_ proto: [UInt8], keyId: UInt32, prefix: TinkOutputPrefix) throws(ContractError) -> (EciesPublicKey, [UInt8]) {
        let m = try ProtobufMessage(proto, message: "EciesAeadHkdfPrivateKey")
        guard m.varint(1) == 0 else { throw ContractError(.key, "EciesAeadHkdfPrivateKey version \(m.varint(1)) is not 0") }
        guard let pub = m.fields[2] else { throw ContractError(.format, "EciesAeadHkdfPrivateKey has no public_key (field 2)") }
        guard let d = m.fields[3] else { throw ContractError(.format, "EciesAeadHkdfPrivateKey has no key_value (field 3)") }
        let key = try publicKey(pub, keyId: keyId, prefix: prefix)
        return (key, try coordinate(d, "key_value", size: coordinateSizes[key.curve] ?? coordinateLength))
    }

    /// `EciesAeadHkdfParams { kem_params = 1, dem_params = 2, ec_point_format = 3 }`, with
    /// `EciesHkdfKemParams { curve_type = 1, hkdf_hash_type = 2, hkdf_salt = 11 }`,
    /// `EciesAeadDemParams { aead_dem = 2 }`, `KeyTemplate { type_url = 1, value = 2 }` and
    /// `AesGcmKeyFormat { key_size = 2 }`.
    static func params(_ proto: [UInt8]) throws(ContractError) -> EciesPublicKey {
        let m = try ProtobufMessage(proto, message: "EciesAeadHkdfParams")
        guard let kem = m.fields[1] else { throw ContractError(.format, "EciesAeadHkdfParams has no kem_params (field 1)") }
        guard let dem = m.fields[2] else { throw ContractError(.format, "EciesAeadHkdfParams has no dem_params (field 2)") }
        guard let pointFormat = pointFormats[m.varint(3)] else { throw ContractError(.key, "ec_point_format \(m.varint(3)) is unknown") }
        let k = try ProtobufMessage(kem, message: "EciesHkdfKemParams")
        guard let curveName = curves[k.varint(1)] else { throw ContractError(.key, "curve_type \(k.varint(1)) is unknown") }
        guard let hashName = hashes[k.varint(2)] else { throw ContractError(.key, "hkdf_hash_type \(k.varint(2)) is unknown") }
        let d = try ProtobufMessage(dem, message: "EciesAeadDemParams")
        guard let template = d.fields[2] else { throw ContractError(.format, "EciesAeadDemParams has no aead_dem (field 2)") }
        let t = try ProtobufMessage(template, message: "KeyTemplate")
        // A protobuf `string` must be UTF-8 (proto3; Tink's parser and the jvm and node ports refuse it: format).
        guard let url = String(validating: t.fields[1] ?? [], as: UTF8.self) else {
            throw ContractError(.format, "EciesAeadHkdfParams.dem_params.aead_dem.type_url is not UTF-8")
        }
        guard url == TinkAesGcmKeyset.typeURL else { throw ContractError(.key, "the DEM is \(url.isEmpty ? "(none)" : url); only AesGcmKey is supported") }
        let size = try ProtobufMessage(t.fields[2] ?? [], message: "AesGcmKeyFormat").varint(2)
        guard size == 16 || size == 32 else { throw ContractError(.key, "the DEM AesGcmKeyFormat key_size is \(size) (16 or 32 expected)") }
        return EciesPublicKey(keyId: 0, outputPrefix: .raw, curve: curveName, hashFunction: hashName, hkdfSalt: k.fields[11] ?? [],
                              demTypeURL: url, demKeySize: Int(size), pointFormat: pointFormat, x: [], y: [])
    }

    /// The size of a P-256 coordinate or scalar.
    public static let coordinateLength = 32

    /// The size of a coordinate or scalar per NIST curve.
    public static let coordinateSizes: [String: Int] = ["NIST_P256": 32, "NIST_P384": 48, "NIST_P521": 66]

    /// An unsigned big-endian integer of any encoded length, as exactly `size` bytes.
    public static func coordinate(_ b: [UInt8], _ field: String, size: Int = coordinateLength) throws(ContractError) -> [UInt8] {
        let significant = Array(b.drop(while: { $0 == 0 }))
        guard significant.count <= size else {
            let curve = [32: "P-256", 48: "P-384", 66: "P-521"][size] ?? "the curve"
            throw ContractError(.key, "\(field) is \(significant.count) significant bytes, too large for \(curve)")
        }
        return [UInt8](repeating: 0, count: size - significant.count) + significant
    }
}
