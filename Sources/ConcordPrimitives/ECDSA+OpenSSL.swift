import ConcordFormats
import ConcordSync
import COpenSSL

/// OpenSSL's ECDSA verification: an `EVP_PKEY` of the curve from the SEC1 point (`EVP_PKEY_fromdata`),
/// and `EVP_DigestVerify` with the hash over the canonical DER of (r, s).
enum OpenSSLECDSA {
    /// OSSL_PARAM keeps its key pointers: these live for the whole process (SWIFT-ON-LINUX.md trap 1).
    static let groupKey = SharedImmutable(strdup("group")!)
    static let pubKey = SharedImmutable(strdup("pub")!)
    static let groupNames = SharedImmutable(NistCurve.allCases.map { strdup($0.groupName)! })

    static func verify(_ ecdsa: ECDSA, publicKey: [UInt8], message: [UInt8], r: [UInt8], s: [UInt8]) throws(CryptoError) {
        let curve = ecdsa.curve
        // The key first, then the signature's range, as BouncyCastle, Tink and every verify API that
        // takes a key object do: a bad key with r = 0 is `key` everywhere (found by concord explore).
        let point: [UInt8]
        do { let xy = try curve.decode(publicKey); point = NistCurve.uncompressed(x: xy.x, y: xy.y) } catch {
            if case .key(let m) = error { throw .key("public key: " + m) }
            throw error
        }
        let key = try evpPublicKey(point, curve)
        defer { EVP_PKEY_free(key) }
        try checkRange(r, "r", curve)
        try checkRange(s, "s", curve)
        guard let md = EVP_MD_CTX_new() else { throw .library("EVP_MD_CTX_new failed") }
        defer { EVP_MD_CTX_free(md) }
        guard EVP_DigestVerifyInit(md, nil, ecdsa.hash.md, nil, key) == 1 else {
            throw .library("EVP_DigestVerifyInit(ECDSA, \(ecdsa.hash.displayName)) failed: \(CBytes.drainOpenSSLErrors() ?? "no detail")")
        }
        let der = ECDSASignatureForms.der(r: r, s: s)
        let rc = der.withUnsafeBufferPointer { d in CBytes.with(message) { m in EVP_DigestVerify(md, d.baseAddress, d.count, m, message.count) } }
        if rc != 1 { CBytes.drainOpenSSLErrors() }
        guard rc == 1 else { throw .authentication("the ECDSA \(curve.shortName) signature does not verify under this public key") }
    }

    /// r and s must be in [1, n-1] (FIPS 186-4 §6.4.2 step 1).
    static func checkRange(_ v: [UInt8], _ name: String, _ curve: NistCurve) throws(CryptoError) {
        let t = Array(v.drop(while: { $0 == 0 }))
        guard !t.isEmpty else { throw .authentication("ECDSA \(name) is 0") }
        let n = curve.order
        guard t.count <= n.count, ([UInt8](repeating: 0, count: n.count - t.count) + t).lexicographicallyPrecedes(n) else {
            throw .authentication("ECDSA \(name) is not below the \(curve.shortName) group order")
        }
    }

    static func evpPublicKey(_ point: [UInt8], _ curve: NistCurve) throws(CryptoError) -> OpaquePointer {
        guard let ctx = EVP_PKEY_CTX_new_from_name(nil, "EC", nil) else { throw .library("EVP_PKEY_CTX_new_from_name(EC) failed") }
        defer { EVP_PKEY_CTX_free(ctx) }
        var pkey: OpaquePointer?
        let group = groupNames.value[NistCurve.allCases.firstIndex(of: curve)!]
        let rc: Int32 = point.withUnsafeBufferPointer { p in
            var params = [OSSL_PARAM_construct_utf8_string(groupKey.value, group, 0),
                          OSSL_PARAM_construct_octet_string(pubKey.value, UnsafeMutableRawPointer(mutating: p.baseAddress), p.count),
                          OSSL_PARAM_construct_end()]
            guard EVP_PKEY_fromdata_init(ctx) == 1 else { return 0 }
            return EVP_PKEY_fromdata(ctx, &pkey, 0x86 /* EVP_PKEY_PUBLIC_KEY */, &params)
        }
        guard rc == 1, let pkey else { throw .library("EVP_PKEY_fromdata(\(curve.shortName) public key) failed: \(CBytes.drainOpenSSLErrors() ?? "no detail")") }
        return pkey
    }
}
