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
            return (try publicKey(proto, keyId: k.keyId, prefix: prefix), nil)
        case privateTypeURL:
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

    static func publicKey(_ proto: [UInt8], keyId: UInt32, prefix: TinkOutputPrefix) throws(ContractError) -> EciesPublicKey {
        var r = ProtobufReader(proto, message: "EciesAeadHkdfPublicKey")
        var version: UInt64 = 0
        var params: [UInt8]? = nil
        var x: [UInt8]? = nil, y: [UInt8]? = nil
        while let (n, t) = try r.field() {
            switch (n, t) {
            case (1, .varint): version = try r.varint()
            case (2, .lengthDelimited): params = try r.lengthDelimited()
            case (3, .lengthDelimited): x = try r.lengthDelimited()
            case (4, .lengthDelimited): y = try r.lengthDelimited()
            default: try r.skip(t)
            }
        }
        guard version == 0 else { throw ContractError(.key, "EciesAeadHkdfPublicKey version \(version) is not 0") }
        guard let params else { throw ContractError(.format, "EciesAeadHkdfPublicKey has no params (field 2)") }
        guard let x else { throw ContractError(.format, "EciesAeadHkdfPublicKey has no x (field 3)") }
        guard let y else { throw ContractError(.format, "EciesAeadHkdfPublicKey has no y (field 4)") }
        var key = try self.params(params)
        key.keyId = keyId
        key.outputPrefix = prefix
        guard key.curve == "NIST_P256" else { throw ContractError(.key, "curve \(key.curve) is not supported here (NIST_P256 only)") }
        key.x = try coordinate(x, "x")
        key.y = try coordinate(y, "y")
        return key
    }

    static func privateKey(_ proto: [UInt8], keyId: UInt32, prefix: TinkOutputPrefix) throws(ContractError) -> (EciesPublicKey, [UInt8]) {
        var r = ProtobufReader(proto, message: "EciesAeadHkdfPrivateKey")
        var version: UInt64 = 0
        var pub: [UInt8]? = nil
        var d: [UInt8]? = nil
        while let (n, t) = try r.field() {
            switch (n, t) {
            case (1, .varint): version = try r.varint()
            case (2, .lengthDelimited): pub = try r.lengthDelimited()
            case (3, .lengthDelimited): d = try r.lengthDelimited()
            default: try r.skip(t)
            }
        }
        guard version == 0 else { throw ContractError(.key, "EciesAeadHkdfPrivateKey version \(version) is not 0") }
        guard let pub else { throw ContractError(.format, "EciesAeadHkdfPrivateKey has no public_key (field 2)") }
        guard let d else { throw ContractError(.format, "EciesAeadHkdfPrivateKey has no key_value (field 3)") }
        let key = try publicKey(pub, keyId: keyId, prefix: prefix)
        return (key, try coordinate(d, "key_value"))
    }

    /// `EciesAeadHkdfParams { kem_params = 1, dem_params = 2, ec_point_format = 3 }`.
    static func params(_ proto: [UInt8]) throws(ContractError) -> EciesPublicKey {
        var r = ProtobufReader(proto, message: "EciesAeadHkdfParams")
        var kem: [UInt8]? = nil, dem: [UInt8]? = nil
        var format: UInt64 = 0
        while let (n, t) = try r.field() {
            switch (n, t) {
            case (1, .lengthDelimited): kem = try r.lengthDelimited()
            case (2, .lengthDelimited): dem = try r.lengthDelimited()
            case (3, .varint): format = try r.varint()
            default: try r.skip(t)
            }
        }
        guard let kem else { throw ContractError(.format, "EciesAeadHkdfParams has no kem_params (field 1)") }
        guard let dem else { throw ContractError(.format, "EciesAeadHkdfParams has no dem_params (field 2)") }
        guard let pointFormat = pointFormats[format] else { throw ContractError(.key, "ec_point_format \(format) is unknown") }
        var k = ProtobufReader(kem, message: "EciesHkdfKemParams")
        var curve: UInt64 = 0, hash: UInt64 = 0
        var salt: [UInt8] = []
        while let (n, t) = try k.field() {
            switch (n, t) {
            case (1, .varint): curve = try k.varint()
            case (2, .varint): hash = try k.varint()
            case (11, .lengthDelimited): salt = try k.lengthDelimited()
            default: try k.skip(t)
            }
        }
        guard let curveName = curves[curve] else { throw ContractError(.key, "curve_type \(curve) is unknown") }
        guard let hashName = hashes[hash] else { throw ContractError(.key, "hkdf_hash_type \(hash) is unknown") }
        var d = ProtobufReader(dem, message: "EciesAeadDemParams")
        var template: [UInt8]? = nil
        while let (n, t) = try d.field() {
            if n == 2 && t == .lengthDelimited { template = try d.lengthDelimited() } else { try d.skip(t) }
        }
        guard let template else { throw ContractError(.format, "EciesAeadDemParams has no aead_dem (field 2)") }
        var tr = ProtobufReader(template, message: "KeyTemplate")
        var url = "", value: [UInt8] = []
        while let (n, t) = try tr.field() {
            switch (n, t) {
            case (1, .lengthDelimited): url = String(decoding: try tr.lengthDelimited(), as: UTF8.self)
            case (2, .lengthDelimited): value = try tr.lengthDelimited()
            default: try tr.skip(t)
            }
        }
        guard url == TinkAesGcmKeyset.typeURL else { throw ContractError(.key, "the DEM is \(url.isEmpty ? "(none)" : url); only AesGcmKey is supported") }
        var fr = ProtobufReader(value, message: "AesGcmKeyFormat")
        var size: UInt64 = 0
        while let (n, t) = try fr.field() {
            if n == 2 && t == .varint { size = try fr.varint() } else { try fr.skip(t) }
        }
        guard size == 16 || size == 32 else { throw ContractError(.key, "the DEM AesGcmKeyFormat key_size is \(size) (16 or 32 expected)") }
        return EciesPublicKey(keyId: 0, outputPrefix: .raw, curve: curveName, hashFunction: hashName, hkdfSalt: salt, demTypeURL: url,
                              demKeySize: Int(size), pointFormat: pointFormat, x: [], y: [])
    }

    /// The size of a P-256 coordinate or scalar.
    public static let coordinateLength = 32

    /// An unsigned big-endian integer of any encoded length, as exactly 32 bytes.
    public static func coordinate(_ b: [UInt8], _ field: String) throws(ContractError) -> [UInt8] {
        let significant = Array(b.drop(while: { $0 == 0 }))
        guard significant.count <= coordinateLength else {
            throw ContractError(.key, "\(field) is \(significant.count) significant bytes, too large for P-256")
        }
        return [UInt8](repeating: 0, count: coordinateLength - significant.count) + significant
    }
}
