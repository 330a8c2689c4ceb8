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
    /// The public keyset on the wire (Closer's CONTRACT.md §10, which lists it among its forms):
    /// `pub:v1:` + b64url(UTF-8 public keyset JSON), a document with no parts to name.
    public static let publicWire = WireForm(prefix: publicPrefix, alphabet: .url, blob: .whole)

    public static let curves: [UInt64: String] = [2: "NIST_P256", 3: "NIST_P384", 4: "NIST_P521", 5: "CURVE25519"]
    public static let hashes: [UInt64: String] = [1: "SHA1", 2: "SHA384", 3: "SHA256", 4: "SHA512", 5: "SHA224"]
    public static let pointFormats: [UInt64: String] = [1: "UNCOMPRESSED", 2: "COMPRESSED", 3: "DO_NOT_USE_CRUNCHY_UNCOMPRESSED"]

    /// What the implementation layer checks of each decoded key (EciesKeysetChecks: the point on
    /// its curve, the scalar matching it); nothing here.
    public typealias Check = (EciesPublicKey, [UInt8]?) throws(ContractError) -> Void

    /// Every ENABLED key of a keyset, in order, and the index of the primary one, as Tink builds a
    /// primitive from them: a broken key that is not the primary still refuses the keyset. Every
    /// entry's members are read first (TinkKeyset.enabledEntries); then each ENABLED key in turn:
    /// its type URL and key material type (`key`), its value's protobuf (`format`; the base64 was
    /// read with the entries, as Tink's JSON reader reads it), its
    /// fields (`key` or `format`), then `check`, before the next key is read (the node port's order).
    /// A keyset that mixes public and private keys is `key`.
    public static func decodeKeys(_ json: String, check: Check = { _, _ in }) throws(ContractError)
        -> (keys: [(publicKey: EciesPublicKey, scalar: [UInt8]?)], primary: Int) {
        let (entries, primary) = try TinkKeyset.parse(json).enabledEntries()
        var keys: [(publicKey: EciesPublicKey, scalar: [UInt8]?)] = []
        for e in entries {
            let k = e.key
            let isPrivate: Bool
            switch k.typeURL {
            case publicTypeURL: isPrivate = false
            case privateTypeURL: isPrivate = true
            default: throw ContractError(.key, "keyset: key[\(k.index)] has type \(k.typeURL), expected an EciesAeadHkdf public or private key")
            }
            try k.requireKeyMaterialType(isPrivate ? "ASYMMETRIC_PRIVATE" : "ASYMMETRIC_PUBLIC")
            let proto = e.value
            try parseWhole(proto, isPrivate: isPrivate)
            let key: (publicKey: EciesPublicKey, scalar: [UInt8]?)
            if isPrivate {
                let (pub, d) = try privateKey(proto, keyId: k.keyId, prefix: e.outputPrefix)
                key = (pub, d)
            } else {
                key = (try publicKey(proto, keyId: k.keyId, prefix: e.outputPrefix), nil)
            }
            try check(key.publicKey, key.scalar)
            keys.append(key)
        }
        let primaryIsPrivate = keys[primary].scalar != nil
        guard keys.allSatisfy({ ($0.scalar != nil) == primaryIsPrivate }) else {
            throw ContractError(.key, "keyset: it mixes public and private ECIES keys")
        }
        return (keys, primary)
    }

    /// Every ENABLED private key of a keyset (Tink opens with any key whose prefix matches) and the
    /// index of the primary one (`decodeKeys`). A public keyset is `key`.
    public static func decodePrivateKeys(_ json: String, check: Check = { _, _ in }) throws(ContractError) -> (keys: [EciesPrivateKey], primary: Int) {
        let (keys, primary) = try decodeKeys(json, check: check)
        guard keys[primary].scalar != nil else { throw ContractError(.key, "the keyset holds a public key: opening needs the private keyset") }
        return (keys.map { EciesPrivateKey(publicKey: $0.publicKey, scalar: $0.scalar!) }, primary)
    }

    /// Either kind of keyset: its primary key's public part, and the scalar when it is private;
    /// every other ENABLED key is read and checked too (`decodeKeys`).
    public static func decode(_ json: String, check: Check = { _, _ in }) throws(ContractError) -> (publicKey: EciesPublicKey, scalar: [UInt8]?) {
        let (keys, primary) = try decodeKeys(json, check: check)
        return keys[primary]
    }

    /// `pub:v1:` + b64url(UTF-8 public keyset JSON).
    public static func decodePublic(wire: String, check: Check = { _, _ in }) throws(ContractError) -> EciesPublicKey {
        let bytes = try Wire.decode(wire, prefix: publicPrefix, .url)
        guard let json = String(validating: bytes, as: UTF8.self) else { throw ContractError(.format, "pub:v1: the keyset is not UTF-8") }
        let (pub, scalar) = try decode(json, check: check)
        if scalar != nil { throw ContractError(.key, "pub:v1: holds a private keyset; only the public keyset belongs on the wire") }
        return pub
    }

    /// The messages of an ECIES key, each with its fields (closer.md §9), read strictly.
    struct Schema {
        let message: String
        let varints: [UInt64: String]
        let bytes: [UInt64: String]
        func read(_ b: [UInt8]) throws(ContractError) -> ProtobufMessage {
            try ProtobufMessage(b, message: message, varintFields: varints, bytesFields: bytes)
        }
        static let privateKey = Schema(message: "EciesAeadHkdfPrivateKey", varints: [1: "version"], bytes: [2: "public_key", 3: "key_value"])
        static let publicKey = Schema(message: "EciesAeadHkdfPublicKey", varints: [1: "version"], bytes: [2: "params", 3: "x", 4: "y"])
        static let params = Schema(message: "EciesAeadHkdfParams", varints: [3: "ec_point_format"], bytes: [1: "kem_params", 2: "dem_params"])
        static let kem = Schema(message: "EciesHkdfKemParams", varints: [1: "curve_type", 2: "hkdf_hash_type"], bytes: [11: "hkdf_salt"])
        static let dem = Schema(message: "EciesAeadDemParams", varints: [:], bytes: [2: "aead_dem"])
        static let template = Schema(message: "KeyTemplate", varints: [3: "output_prefix_type"], bytes: [1: "type_url", 2: "value"])
    }

    /// The key's protobuf parsed whole, its nested messages and the UTF-8 of its DEM's type URL
    /// included, before any of its values is checked: protobuf parses a message so (Tink's
    /// `ParseFromString`), so a malformation anywhere is `format` before a bad value is `key`.
    /// The DEM template's `value` (an AesGcmKeyFormat) is bytes to protobuf, read later.
    static func parseWhole(_ proto: [UInt8], isPrivate: Bool) throws(ContractError) {
        let pub = isPrivate ? try Schema.privateKey.read(proto).fields[2] ?? [] : proto
        let params = try Schema.publicKey.read(pub).fields[2] ?? []
        let p = try Schema.params.read(params)
        _ = try Schema.kem.read(p.fields[1] ?? [])
        let template = try Schema.dem.read(p.fields[2] ?? []).fields[2] ?? []
        let t = try Schema.template.read(template)
        guard String(validating: t.fields[1] ?? [], as: UTF8.self) != nil else {
            throw ContractError(.format, "EciesAeadHkdfParams.dem_params.aead_dem.type_url is not UTF-8")
        }
    }

    /// `EciesAeadHkdfPublicKey { version = 1, params = 2, x = 3, y = 4 }`.
    static func publicKey(_ proto: [UInt8], keyId: UInt32, prefix: TinkOutputPrefix) throws(ContractError) -> EciesPublicKey {
        let m = try Schema.publicKey.read(proto)
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
        let m = try Schema.privateKey.read(proto)
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
        let m = try Schema.params.read(proto)
        guard let kem = m.fields[1] else { throw ContractError(.format, "EciesAeadHkdfParams has no kem_params (field 1)") }
        guard let dem = m.fields[2] else { throw ContractError(.format, "EciesAeadHkdfParams has no dem_params (field 2)") }
        guard let pointFormat = pointFormats[m.varint(3)] else { throw ContractError(.key, "ec_point_format \(m.varint(3)) is unknown") }
        let k = try Schema.kem.read(kem)
        guard let curveName = curves[k.varint(1)] else { throw ContractError(.key, "curve_type \(k.varint(1)) is unknown") }
        guard let hashName = hashes[k.varint(2)] else { throw ContractError(.key, "hkdf_hash_type \(k.varint(2)) is unknown") }
        let d = try Schema.dem.read(dem)
        guard let template = d.fields[2] else { throw ContractError(.format, "EciesAeadDemParams has no aead_dem (field 2)") }
        let t = try Schema.template.read(template)
        // A protobuf `string` must be UTF-8 (proto3; Tink's parser and the jvm and node ports refuse it: format).
        guard let url = String(validating: t.fields[1] ?? [], as: UTF8.self) else {
            throw ContractError(.format, "EciesAeadHkdfParams.dem_params.aead_dem.type_url is not UTF-8")
        }
        guard url == TinkAesGcmKeyset.typeURL else { throw ContractError(.key, "the DEM is \(url.isEmpty ? "(none)" : url); only AesGcmKey is supported") }
        let size = try ProtobufMessage(t.fields[2] ?? [], message: "AesGcmKeyFormat", varintFields: [2: "key_size", 3: "version"], bytesFields: [:]).varint(2)
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
