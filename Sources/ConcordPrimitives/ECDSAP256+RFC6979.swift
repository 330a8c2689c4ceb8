import COpenSSL

/// ECDSA P-256/SHA-256 signing with the deterministic nonce of RFC 6979 §3.2 (HMAC-SHA256 DRBG),
/// computed with OpenSSL's BIGNUM and EC_POINT arithmetic: OpenSSL 3.0 has no deterministic ECDSA.
/// qlen = hlen = 256, so bits2int is the plain big-endian value and one HMAC block fills T.
enum DeterministicECDSAP256 {
    static func sign(privateKey: [UInt8], message: [UInt8]) throws(CryptoError) -> (r: [UInt8], s: [UInt8]) {
        let c: P256.Context
        do { c = try P256.Context() } catch { throw .library("P-256 context: \(error)") }
        guard let order = EC_GROUP_get0_order(c.group) else { throw .library("EC_GROUP_get0_order failed") }
        let x: OpaquePointer
        do { x = try c.scalar(privateKey) } catch { throw .key("private key: the scalar is 0 or not below the P-256 group order") }
        defer { BN_clear_free(x) }

        let h1 = SHA256.hash(message)
        // bits2octets(h1): int(h1) mod n, as 32 bytes.
        guard let e = bn(h1), let z = BN_new() else { throw .library("BN_bin2bn failed") }
        defer { BN_free(e); BN_free(z) }
        guard BN_nnmod(z, e, order, c.bn) == 1 else { throw .library("BN_nnmod failed") }
        let h1Octets = binpad(z)

        func hmac(_ key: [UInt8], _ data: [UInt8]) throws(CryptoError) -> [UInt8] {
            try OpenSSLHMACSHA256.authenticate(key: key, message: data)
        }
        var v = [UInt8](repeating: 0x01, count: 32)
        var k = [UInt8](repeating: 0x00, count: 32)
        k = try hmac(k, v + [0x00] + privateKey + h1Octets)
        v = try hmac(k, v)
        k = try hmac(k, v + [0x01] + privateKey + h1Octets)
        v = try hmac(k, v)

        guard let kBN = BN_new(), let rBN = BN_new(), let sBN = BN_new(), let t = BN_new(), let kInv = BN_new(),
              let px = BN_new(), let point = EC_POINT_new(c.group) else { throw .library("BN_new/EC_POINT_new failed") }
        defer { BN_clear_free(kBN); BN_free(rBN); BN_free(sBN); BN_clear_free(t); BN_clear_free(kInv); BN_free(px); EC_POINT_free(point) }
        for _ in 0..<64 {
            v = try hmac(k, v)
            let candidate = v
            _ = candidate.withUnsafeBufferPointer { BN_bin2bn($0.baseAddress, 32, kBN) }
            if BN_is_zero(kBN) == 0 && BN_cmp(kBN, order) < 0 {
                // r = (k·G).x mod n
                guard EC_POINT_mul(c.group, point, kBN, nil, nil, c.bn) == 1,
                      EC_POINT_get_affine_coordinates(c.group, point, px, nil, c.bn) == 1,
                      BN_nnmod(rBN, px, order, c.bn) == 1 else { throw .library("EC_POINT_mul failed") }
                if BN_is_zero(rBN) == 0 {
                    // s = k⁻¹ (e + x·r) mod n
                    guard BN_mod_inverse(kInv, kBN, order, c.bn) != nil,
                          BN_mod_mul(t, x, rBN, order, c.bn) == 1,
                          BN_mod_add(t, t, z, order, c.bn) == 1,
                          BN_mod_mul(sBN, kInv, t, order, c.bn) == 1 else { throw .library("BN arithmetic failed") }
                    if BN_is_zero(sBN) == 0 { return (binpad(rBN), binpad(sBN)) }
                }
            }
            k = try hmac(k, v + [0x00])
            v = try hmac(k, v)
        }
        throw .library("RFC 6979 found no nonce in 64 rounds (probability about 2^-2000: something is wrong)")
    }

    static func bn(_ b: [UInt8]) -> OpaquePointer? { b.withUnsafeBufferPointer { BN_bin2bn($0.baseAddress, Int32(b.count), nil) } }

    static func binpad(_ v: OpaquePointer) -> [UInt8] {
        var out = [UInt8](repeating: 0, count: 32)
        _ = BN_bn2binpad(v, &out, 32)
        return out
    }
}
