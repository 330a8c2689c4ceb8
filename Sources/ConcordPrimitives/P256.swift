import COpenSSL

/// The NIST prime curves Tink's ECIES-AEAD-HKDF allows (its `EllipticCurveType` names), as
/// OpenSSL groups. P-256 is the contract's; P-384 and P-521 open Tink's own test vectors 12 and 13.
public enum NistCurve: String, Sendable, CaseIterable {
    case p256 = "NIST_P256", p384 = "NIST_P384", p521 = "NIST_P521"

    var nid: Int32 {
        switch self {
        case .p256: return NID_X9_62_prime256v1
        case .p384: return NID_secp384r1
        case .p521: return NID_secp521r1
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
}

/// NIST P-256 (and P-384, P-521: `curve:`) arithmetic through OpenSSL's EC_POINT/BIGNUM functions
/// (not the deprecated EC_KEY): point decoding with an on-curve check, scalar multiplication, ECDH.
public enum P256 {
    public enum Failure: Error, Sendable, Equatable {
        case invalidPoint(String)
        case invalidScalar(String)
        case library(String)
    }

    public static let coordinateLength = 32

    /// One operation's OpenSSL objects, freed together.
    final class Context {
        let group: OpaquePointer
        let bn: OpaquePointer
        let curve: NistCurve
        init(_ curve: NistCurve = .p256) throws(Failure) {
            self.curve = curve
            guard let g = EC_GROUP_new_by_curve_name(curve.nid) else { throw .library("EC_GROUP_new_by_curve_name") }
            guard let c = BN_CTX_new() else { EC_GROUP_free(g); throw .library("BN_CTX_new") }
            group = g
            bn = c
        }
        deinit {
            BN_CTX_free(bn)
            EC_GROUP_free(group)
        }

        func point(_ sec1: [UInt8]) throws(Failure) -> OpaquePointer {
            let n = curve.fieldBytes
            guard sec1.count == 1 + 2 * n && sec1.first == 4 || sec1.count == 1 + n && (sec1.first == 2 || sec1.first == 3) else {
                throw .invalidPoint("a SEC1 \(curve.shortName) point is \(1 + 2 * n) bytes (0x04‖X‖Y) or \(1 + n) (0x02/0x03‖X); got \(sec1.count) bytes" + (sec1.first.map { " starting 0x\(String($0, radix: 16))" } ?? ""))
            }
            guard let p = EC_POINT_new(group) else { throw .library("EC_POINT_new") }
            let ok = sec1.withUnsafeBufferPointer { EC_POINT_oct2point(group, p, $0.baseAddress, sec1.count, bn) }
            guard ok == 1, EC_POINT_is_on_curve(group, p, bn) == 1, EC_POINT_is_at_infinity(group, p) == 0 else {
                EC_POINT_free(p)
                throw .invalidPoint("the point is not on \(curve.shortName)")
            }
            return p
        }

        /// A scalar in [1, n-1].
        func scalar(_ bytes: [UInt8]) throws(Failure) -> OpaquePointer {
            guard !bytes.isEmpty, let d = bytes.withUnsafeBufferPointer({ BN_bin2bn($0.baseAddress, Int32(bytes.count), nil) }) else {
                throw .invalidScalar("empty scalar")
            }
            guard let order = EC_GROUP_get0_order(group) else { BN_free(d); throw .library("EC_GROUP_get0_order") }
            if BN_is_zero(d) == 1 || BN_cmp(d, order) >= 0 {
                BN_free(d)
                throw .invalidScalar("the scalar is 0 or not below the group order")
            }
            return d
        }

        func coordinates(_ p: OpaquePointer) throws(Failure) -> (x: [UInt8], y: [UInt8]) {
            guard let x = BN_new(), let y = BN_new() else { throw .library("BN_new") }
            defer { BN_free(x); BN_free(y) }
            guard EC_POINT_get_affine_coordinates(group, p, x, y, bn) == 1 else { throw .invalidPoint("the point is at infinity") }
            let size = curve.fieldBytes
            var xb = [UInt8](repeating: 0, count: size), yb = [UInt8](repeating: 0, count: size)
            _ = BN_bn2binpad(x, &xb, Int32(size))
            _ = BN_bn2binpad(y, &yb, Int32(size))
            return (xb, yb)
        }
    }

    /// ECDH: the x-coordinate of `private · public`. Refuses points off the curve and scalars out of range.
    public static func sharedSecret(privateScalar: [UInt8], publicPoint: [UInt8], curve: NistCurve = .p256) throws(Failure) -> [UInt8] {
        let c = try Context(curve)
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
    public static func publicKey(privateScalar: [UInt8], curve: NistCurve = .p256) throws(Failure) -> (x: [UInt8], y: [UInt8]) {
        let c = try Context(curve)
        let d = try c.scalar(privateScalar)
        defer { BN_clear_free(d) }
        guard let r = EC_POINT_new(c.group) else { throw .library("EC_POINT_new") }
        defer { EC_POINT_free(r) }
        guard EC_POINT_mul(c.group, r, d, nil, nil, c.bn) == 1 else { throw .library("EC_POINT_mul") }
        return try c.coordinates(r)
    }

    /// Decodes a SEC1 point (compressed or not) to its affine coordinates, checking it is on the curve.
    public static func decode(_ sec1: [UInt8], curve: NistCurve = .p256) throws(Failure) -> (x: [UInt8], y: [UInt8]) {
        let c = try Context(curve)
        let p = try c.point(sec1)
        defer { EC_POINT_free(p) }
        return try c.coordinates(p)
    }

    public static func uncompressed(x: [UInt8], y: [UInt8]) -> [UInt8] { [4] + x + y }

    public static func compressed(x: [UInt8], y: [UInt8]) -> [UInt8] { [(y.last ?? 0) & 1 == 1 ? 3 : 2] + x }
}

/// HMAC (OpenSSL) and HKDF (RFC 5869) on top of it, for the hashes Tink's ECIES names.
public enum HKDF {
    public enum Hash: String, Sendable, CaseIterable {
        case sha1 = "SHA1", sha224 = "SHA224", sha256 = "SHA256", sha384 = "SHA384", sha512 = "SHA512"
        var md: OpaquePointer? {
            switch self {
            case .sha1: return EVP_sha1()
            case .sha224: return EVP_sha224()
            case .sha256: return EVP_sha256()
            case .sha384: return EVP_sha384()
            case .sha512: return EVP_sha512()
            }
        }
        public var length: Int {
            switch self {
            case .sha1: return 20
            case .sha224: return 28
            case .sha256: return 32
            case .sha384: return 48
            case .sha512: return 64
            }
        }
    }

    public static func hmac(_ hash: Hash, key: [UInt8], data: [UInt8]) -> [UInt8] {
        var out = [UInt8](repeating: 0, count: 64)
        var len: UInt32 = 0
        let k = key.isEmpty ? [UInt8(0)] : key
        let d = data.isEmpty ? [UInt8(0)] : data
        _ = k.withUnsafeBufferPointer { kb in d.withUnsafeBufferPointer { db in
            HMAC(hash.md, kb.baseAddress, Int32(key.count), db.baseAddress, data.count, &out, &len)
        } }
        return Array(out.prefix(Int(len)))
    }

    public static func hmacSHA256(key: [UInt8], data: [UInt8]) -> [UInt8] { hmac(.sha256, key: key, data: data) }

    /// `size` must be 1...255·hashLength; the caller's contract layer refuses other sizes.
    public static func derive(_ hash: Hash, ikm: [UInt8], salt: [UInt8], info: [UInt8], size: Int) -> [UInt8] {
        precondition(size > 0 && size <= 255 * hash.length)
        let prk = hmac(hash, key: salt.isEmpty ? [UInt8](repeating: 0, count: hash.length) : salt, data: ikm)
        var okm = [UInt8]()
        var t = [UInt8]()
        var counter: UInt8 = 1
        while okm.count < size {
            t = hmac(hash, key: prk, data: t + info + [counter])
            okm += t
            counter &+= 1
        }
        return Array(okm.prefix(size))
    }

    public static func sha256(ikm: [UInt8], salt: [UInt8], info: [UInt8], size: Int) -> [UInt8] {
        derive(.sha256, ikm: ikm, salt: salt, info: info, size: size)
    }
}

/// Random bytes from OpenSSL's CSPRNG.
public enum SecureRandom {
    public static func bytes(_ n: Int) -> [UInt8] {
        var out = [UInt8](repeating: 0, count: n)
        if n > 0 { precondition(RAND_bytes(&out, Int32(n)) == 1, "RAND_bytes failed") }
        return out
    }
}
