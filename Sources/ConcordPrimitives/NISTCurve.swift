import COpenSSL

/// The NIST prime curves Tink's ECIES-AEAD-HKDF allows (its `EllipticCurveType` names) and ECDSA
/// signs over. Everything curve-specific is a property of the case (OpenSSL's NID and group name,
/// field size, order), so another curve is one more case, not a copy: ECDH, point decoding and
/// public keys here, ECDSA in `ECDSA.swift`; OpenSSL's EC_POINT/BIGNUM calls in `NISTCurve+OpenSSL.swift`.
public enum NistCurve: String, Sendable, CaseIterable {
    case p256 = "NIST_P256", p384 = "NIST_P384", p521 = "NIST_P521"

    var nid: Int32 {
        switch self {
        case .p256: return NID_X9_62_prime256v1
        case .p384: return NID_secp384r1
        case .p521: return NID_secp521r1
        }
    }

    /// OpenSSL's group name (`EVP_PKEY_fromdata`'s "group").
    var groupName: String {
        switch self {
        case .p256: return "prime256v1"
        case .p384: return "secp384r1"
        case .p521: return "secp521r1"
        }
    }

    /// Bytes of a field element: a coordinate, a scalar or an ECDH secret written at fixed length.
    public var fieldBytes: Int {
        switch self {
        case .p256: return 32
        case .p384: return 48
        case .p521: return 66
        }
    }

    public var shortName: String {
        switch self {
        case .p256: return "P-256"
        case .p384: return "P-384"
        case .p521: return "P-521"
        }
    }

    /// The group order n, big-endian in `fieldBytes` bytes (read from OpenSSL once per curve).
    public var order: [UInt8] {
        switch self {
        case .p256: return Self.orders.p256
        case .p384: return Self.orders.p384
        case .p521: return Self.orders.p521
        }
    }

    private static let orders = (p256: OpenSSLNistCurve.order(.p256), p384: OpenSSLNistCurve.order(.p384), p521: OpenSSLNistCurve.order(.p521))

    /// ECDH: the x-coordinate of `private · public`. Refuses points off the curve and scalars out of range (`.key`).
    public func sharedSecret(privateScalar: [UInt8], publicPoint: [UInt8]) throws(CryptoError) -> [UInt8] {
        let c = try OpenSSLNistCurve(self)
        let q = try c.point(publicPoint)
        defer { EC_POINT_free(q) }
        let d = try c.scalar(privateScalar)
        defer { BN_clear_free(d) }
        guard let r = EC_POINT_new(c.group) else { throw .library("EC_POINT_new") }
        defer { EC_POINT_free(r) }
        guard EC_POINT_mul(c.group, r, nil, q, d, c.bn) == 1 else { throw .library("EC_POINT_mul") }
        return try c.coordinates(r).x
    }

    /// The public point of a scalar, as (x, y).
    public func publicKey(privateScalar: [UInt8]) throws(CryptoError) -> (x: [UInt8], y: [UInt8]) {
        let c = try OpenSSLNistCurve(self)
        let d = try c.scalar(privateScalar)
        defer { BN_clear_free(d) }
        guard let r = EC_POINT_new(c.group) else { throw .library("EC_POINT_new") }
        defer { EC_POINT_free(r) }
        guard EC_POINT_mul(c.group, r, d, nil, nil, c.bn) == 1 else { throw .library("EC_POINT_mul") }
        return try c.coordinates(r)
    }

    /// Decodes a SEC1 point (compressed or not) to its affine coordinates, checking it is on the curve.
    public func decode(_ sec1: [UInt8]) throws(CryptoError) -> (x: [UInt8], y: [UInt8]) {
        let c = try OpenSSLNistCurve(self)
        let p = try c.point(sec1)
        defer { EC_POINT_free(p) }
        return try c.coordinates(p)
    }

    /// SEC1 0x04‖X‖Y.
    public static func uncompressed(x: [UInt8], y: [UInt8]) -> [UInt8] { [4] + x + y }

    /// SEC1 0x02/0x03‖X.
    public static func compressed(x: [UInt8], y: [UInt8]) -> [UInt8] { [(y.last ?? 0) & 1 == 1 ? 3 : 2] + x }
}
