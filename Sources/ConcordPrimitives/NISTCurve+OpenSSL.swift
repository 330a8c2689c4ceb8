import COpenSSL

/// One operation's OpenSSL objects for a `NistCurve` (EC_GROUP and BN_CTX, freed together):
/// point decoding with an on-curve check, scalars checked against the order, affine coordinates.
/// OpenSSL's EC_POINT/BIGNUM functions, not the deprecated EC_KEY.
final class OpenSSLNistCurve {
    let group: OpaquePointer
    let bn: OpaquePointer
    let curve: NistCurve

    init(_ curve: NistCurve) throws(CryptoError) {
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

    /// A SEC1 point on the curve, not at infinity (`.key` otherwise).
    func point(_ sec1: [UInt8]) throws(CryptoError) -> OpaquePointer {
        let n = curve.fieldBytes
        guard sec1.count == 1 + 2 * n && sec1.first == 4 || sec1.count == 1 + n && (sec1.first == 2 || sec1.first == 3) else {
            throw .key("a SEC1 \(curve.shortName) point is \(1 + 2 * n) bytes (0x04‖X‖Y) or \(1 + n) (0x02/0x03‖X); got \(sec1.count) bytes" + (sec1.first.map { " starting 0x\(String($0, radix: 16))" } ?? ""))
        }
        guard let p = EC_POINT_new(group) else { throw .library("EC_POINT_new") }
        let ok = sec1.withUnsafeBufferPointer { EC_POINT_oct2point(group, p, $0.baseAddress, sec1.count, bn) }
        guard ok == 1, EC_POINT_is_on_curve(group, p, bn) == 1, EC_POINT_is_at_infinity(group, p) == 0 else {
            EC_POINT_free(p)
            throw .key("the point is not on \(curve.shortName)")
        }
        return p
    }

    /// A scalar in [1, n-1] (`.key` otherwise).
    func scalar(_ bytes: [UInt8]) throws(CryptoError) -> OpaquePointer {
        guard !bytes.isEmpty, let d = bytes.withUnsafeBufferPointer({ BN_bin2bn($0.baseAddress, Int32(bytes.count), nil) }) else {
            throw .key("empty scalar")
        }
        guard let order = EC_GROUP_get0_order(group) else { BN_free(d); throw .library("EC_GROUP_get0_order") }
        if BN_is_zero(d) == 1 || BN_cmp(d, order) >= 0 {
            BN_free(d)
            throw .key("the scalar is 0 or not below the group order")
        }
        return d
    }

    func coordinates(_ p: OpaquePointer) throws(CryptoError) -> (x: [UInt8], y: [UInt8]) {
        guard let x = BN_new(), let y = BN_new() else { throw .library("BN_new") }
        defer { BN_free(x); BN_free(y) }
        guard EC_POINT_get_affine_coordinates(group, p, x, y, bn) == 1 else { throw .key("the point is at infinity") }
        let size = curve.fieldBytes
        var xb = [UInt8](repeating: 0, count: size), yb = [UInt8](repeating: 0, count: size)
        _ = BN_bn2binpad(x, &xb, Int32(size))
        _ = BN_bn2binpad(y, &yb, Int32(size))
        return (xb, yb)
    }

    /// The curve's order, `fieldBytes` long (for range checks without a BIGNUM).
    static func order(_ curve: NistCurve) -> [UInt8] {
        guard let g = EC_GROUP_new_by_curve_name(curve.nid) else { preconditionFailure("OpenSSL has no \(curve.shortName)") }
        defer { EC_GROUP_free(g) }
        var out = [UInt8](repeating: 0, count: curve.fieldBytes)
        guard let n = EC_GROUP_get0_order(g), BN_bn2binpad(n, &out, Int32(out.count)) == Int32(out.count) else {
            preconditionFailure("EC_GROUP_get0_order(\(curve.shortName)) failed")
        }
        return out
    }
}
