import COpenSSL

/// ECDSA signing with the deterministic nonce of RFC 6979 §3.2 (HMAC_DRBG over the signature's
/// hash), computed with OpenSSL's BIGNUM and EC_POINT arithmetic: OpenSSL 3.0 has no deterministic
/// ECDSA. Any curve and hash: bits2int keeps the leftmost qlen bits (§2.3.2), int2octets writes
/// rlen = ⌈qlen/8⌉ bytes (§2.3.3), T is filled with as many HMAC blocks as qlen needs.
enum DeterministicECDSA {
    static func sign(_ ecdsa: ECDSA, privateKey: [UInt8], message: [UInt8]) throws(CryptoError) -> (r: [UInt8], s: [UInt8]) {
        let curve = ecdsa.curve, hash = ecdsa.hash
        let c: OpenSSLNistCurve
        do { c = try OpenSSLNistCurve(curve) } catch { throw .library("\(curve.shortName) context: \(error)") }
        guard let order = EC_GROUP_get0_order(c.group) else { throw .library("EC_GROUP_get0_order failed") }
        let qlen = Int(BN_num_bits(order)), rlen = (qlen + 7) / 8
        let x: OpaquePointer
        do { x = try c.scalar(privateKey) } catch { throw .key("private key: the scalar is 0 or not below the \(curve.shortName) group order") }
        defer { BN_clear_free(x) }

        /// bits2int (§2.3.2): the leftmost qlen bits of `b` as an integer.
        func bits2int(_ b: [UInt8], into out: OpaquePointer) throws(CryptoError) {
            guard b.withUnsafeBufferPointer({ BN_bin2bn($0.baseAddress, Int32(b.count), out) }) != nil else { throw .library("BN_bin2bn failed") }
            let extra = 8 * b.count - qlen
            if extra > 0 { guard BN_rshift(out, out, Int32(extra)) == 1 else { throw .library("BN_rshift failed") } }
        }

        let h1 = hash.hash(message)
        // e = bits2int(h1) (FIPS 186-4 §6.4: the leftmost min(N, outlen) bits); bits2octets(h1) = e mod n, rlen bytes.
        guard let e = BN_new(), let z = BN_new() else { throw .library("BN_new failed") }
        defer { BN_free(e); BN_free(z) }
        try bits2int(h1, into: e)
        guard BN_nnmod(z, e, order, c.bn) == 1 else { throw .library("BN_nnmod failed") }
        let h1Octets = binpad(z, rlen)
        let xOctets = binpad(x, rlen)

        func hmac(_ key: [UInt8], _ data: [UInt8]) throws(CryptoError) -> [UInt8] {
            if hash == .sha256 { return try OpenSSLHMACSHA256.authenticate(key: key, message: data) }
            return hash.hmac(key: key, data: data)
        }
        var v = [UInt8](repeating: 0x01, count: hash.length)
        var k = [UInt8](repeating: 0x00, count: hash.length)
        k = try hmac(k, v + [0x00] + xOctets + h1Octets)
        v = try hmac(k, v)
        k = try hmac(k, v + [0x01] + xOctets + h1Octets)
        v = try hmac(k, v)

        guard let kBN = BN_new(), let rBN = BN_new(), let sBN = BN_new(), let t = BN_new(), let kInv = BN_new(),
              let px = BN_new(), let point = EC_POINT_new(c.group) else { throw .library("BN_new/EC_POINT_new failed") }
        defer { BN_clear_free(kBN); BN_free(rBN); BN_free(sBN); BN_clear_free(t); BN_clear_free(kInv); BN_free(px); EC_POINT_free(point) }
        for _ in 0..<64 {
            var candidate: [UInt8] = []
            while candidate.count * 8 < qlen {
                v = try hmac(k, v)
                candidate += v
            }
            try bits2int(candidate, into: kBN)
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
                    if BN_is_zero(sBN) == 0 { return (binpad(rBN, curve.fieldBytes), binpad(sBN, curve.fieldBytes)) }
                }
            }
            k = try hmac(k, v + [0x00])
            v = try hmac(k, v)
        }
        throw .library("RFC 6979 found no nonce in 64 rounds (probability about 2^-2000: something is wrong)")
    }

    static func binpad(_ v: OpaquePointer, _ length: Int) -> [UInt8] {
        var out = [UInt8](repeating: 0, count: length)
        _ = BN_bn2binpad(v, &out, Int32(length))
        return out
    }
}
