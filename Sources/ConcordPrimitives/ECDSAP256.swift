import ConcordSync
import COpenSSL

/// ECDSA over NIST P-256 with SHA-256 (FIPS 186-4 §6; signatures as DER `SEQUENCE {r, s}`
/// (RFC 3279) or IEEE P1363 `r‖s`, 32 bytes each), on OpenSSL only: verification through
/// `EVP_DigestVerify`, signing with RFC 6979 deterministic nonces (`ECDSAP256+RFC6979.swift`).
/// libsodium has no P-256: `.libsodium` is `unsupported`.
public enum ECDSAP256 {
    public static let scalarLength = 32

    /// Verifies a DER signature. The encoding is checked strictly first (BER forms, trailing bytes,
    /// non-minimal or negative integers are `.format`); a signature that does not verify, or whose
    /// r or s is 0 or not below the group order, is `.authentication`.
    public static func verify(publicKey: [UInt8], message: [UInt8], derSignature: [UInt8], backend: CryptoBackend = .openssl) throws(CryptoError) {
        guard backend == .openssl else { throw .unsupported("libsodium has no ECDSA over P-256") }
        let (r, s) = try parseDER(derSignature)
        try OpenSSLECDSAP256.verify(publicKey: publicKey, message: message, r: r, s: s)
    }

    /// Verifies an IEEE P1363 signature: exactly 64 bytes, r‖s.
    public static func verify(publicKey: [UInt8], message: [UInt8], p1363Signature: [UInt8], backend: CryptoBackend = .openssl) throws(CryptoError) {
        guard backend == .openssl else { throw .unsupported("libsodium has no ECDSA over P-256") }
        guard p1363Signature.count == 2 * scalarLength else {
            throw .format("an IEEE P1363 P-256 signature is \(2 * scalarLength) bytes, r‖s (got \(p1363Signature.count))")
        }
        try OpenSSLECDSAP256.verify(publicKey: publicKey, message: message,
                                    r: Array(p1363Signature.prefix(scalarLength)), s: Array(p1363Signature.suffix(scalarLength)))
    }

    /// Signs SHA-256(message) with the RFC 6979 §3.2 nonce; r and s are 32 bytes each, s not normalized
    /// (RFC 6979's own vectors give the high s where it falls there).
    public static func sign(privateKey: [UInt8], message: [UInt8], backend: CryptoBackend = .openssl) throws(CryptoError) -> (r: [UInt8], s: [UInt8]) {
        guard backend == .openssl else { throw .unsupported("libsodium has no ECDSA over P-256") }
        guard privateKey.count == scalarLength else {
            throw .parameters("a P-256 private key is a \(scalarLength)-byte scalar (got \(privateKey.count) bytes)")
        }
        return try DeterministicECDSAP256.sign(privateKey: privateKey, message: message)
    }

    /// `SEQUENCE { INTEGER r, INTEGER s }` in DER, from big-endian unsigned r and s.
    public static func derSignature(r: [UInt8], s: [UInt8]) -> [UInt8] {
        func integer(_ v: [UInt8]) -> [UInt8] {
            var b = Array(v.drop(while: { $0 == 0 }))
            if b.isEmpty { b = [0] }
            if b[0] & 0x80 != 0 { b.insert(0, at: 0) }
            return [0x02] + length(b.count) + b
        }
        func length(_ n: Int) -> [UInt8] { n < 0x80 ? [UInt8(n)] : [0x81, UInt8(n)] }
        let body = integer(r) + integer(s)
        return [0x30] + length(body.count) + body
    }

    /// r‖s, each left-padded to 32 bytes.
    public static func p1363Signature(r: [UInt8], s: [UInt8]) -> [UInt8] {
        func pad(_ v: [UInt8]) -> [UInt8] {
            let t = Array(v.drop(while: { $0 == 0 }))
            return [UInt8](repeating: 0, count: max(0, scalarLength - t.count)) + t
        }
        return pad(r) + pad(s)
    }

    /// Strict DER: one SEQUENCE of two non-negative minimal INTEGERs, nothing after it.
    static func parseDER(_ sig: [UInt8]) throws(CryptoError) -> (r: [UInt8], s: [UInt8]) {
        var top = DERReader(sig, what: "ECDSA signature (DER)")
        var seq = try top.read(0x30, "the SEQUENCE")
        try top.expectEnd("the SEQUENCE")
        let r = try seq.readUnsignedInteger("r")
        let s = try seq.readUnsignedInteger("s")
        try seq.expectEnd("s")
        return (r, s)
    }
}

/// OpenSSL's ECDSA verification: a P-256 `EVP_PKEY` from the SEC1 point (`EVP_PKEY_fromdata`), and
/// `EVP_DigestVerify` with SHA-256 over the canonical DER of (r, s).
enum OpenSSLECDSAP256 {
    /// OSSL_PARAM keeps its key pointers: these live for the whole process (SWIFT-ON-LINUX.md trap 1).
    static let groupKey = SharedImmutable(strdup("group")!)
    static let pubKey = SharedImmutable(strdup("pub")!)
    static let groupName = SharedImmutable(strdup("prime256v1")!)

    static func verify(publicKey: [UInt8], message: [UInt8], r: [UInt8], s: [UInt8]) throws(CryptoError) {
        try checkRange(r, "r")
        try checkRange(s, "s")
        let point: [UInt8]
        do { let xy = try P256.decode(publicKey); point = P256.uncompressed(x: xy.x, y: xy.y) } catch {
            switch error {
            case .invalidPoint(let m), .invalidScalar(let m): throw .key("public key: " + m)
            case .library(let m): throw .library(m)
            }
        }
        let key = try evpPublicKey(point)
        defer { EVP_PKEY_free(key) }
        guard let md = EVP_MD_CTX_new() else { throw .library("EVP_MD_CTX_new failed") }
        defer { EVP_MD_CTX_free(md) }
        guard EVP_DigestVerifyInit(md, nil, EVP_sha256(), nil, key) == 1 else {
            throw .library("EVP_DigestVerifyInit(ECDSA, SHA-256) failed: \(CBytes.drainOpenSSLErrors() ?? "no detail")")
        }
        let der = ECDSAP256.derSignature(r: r, s: s)
        let rc = der.withUnsafeBufferPointer { d in CBytes.with(message) { m in EVP_DigestVerify(md, d.baseAddress, d.count, m, message.count) } }
        if rc != 1 { CBytes.drainOpenSSLErrors() }
        guard rc == 1 else { throw .authentication("the ECDSA P-256 signature does not verify under this public key") }
    }

    /// r and s must be in [1, n-1] (FIPS 186-4 §6.4.2 step 1).
    static func checkRange(_ v: [UInt8], _ name: String) throws(CryptoError) {
        let t = Array(v.drop(while: { $0 == 0 }))
        guard !t.isEmpty else { throw .authentication("ECDSA \(name) is 0") }
        guard t.count <= ECDSAP256.scalarLength,
              P256Order.compare(P256Order.padded(t), P256Order.n) < 0 else {
            throw .authentication("ECDSA \(name) is not below the P-256 group order")
        }
    }

    static func evpPublicKey(_ point: [UInt8]) throws(CryptoError) -> OpaquePointer {
        guard let ctx = EVP_PKEY_CTX_new_from_name(nil, "EC", nil) else { throw .library("EVP_PKEY_CTX_new_from_name(EC) failed") }
        defer { EVP_PKEY_CTX_free(ctx) }
        var pkey: OpaquePointer?
        let rc: Int32 = point.withUnsafeBufferPointer { p in
            var params = [OSSL_PARAM_construct_utf8_string(groupKey.value, groupName.value, 0),
                          OSSL_PARAM_construct_octet_string(pubKey.value, UnsafeMutableRawPointer(mutating: p.baseAddress), p.count),
                          OSSL_PARAM_construct_end()]
            guard EVP_PKEY_fromdata_init(ctx) == 1 else { return 0 }
            return EVP_PKEY_fromdata(ctx, &pkey, 0x86 /* EVP_PKEY_PUBLIC_KEY */, &params)
        }
        guard rc == 1, let pkey else { throw .library("EVP_PKEY_fromdata(P-256 public key) failed: \(CBytes.drainOpenSSLErrors() ?? "no detail")") }
        return pkey
    }
}

/// The P-256 group order n (FIPS 186-4 D.1.2.3), for range checks without a BIGNUM.
enum P256Order {
    static let n: [UInt8] = [0xff, 0xff, 0xff, 0xff, 0x00, 0x00, 0x00, 0x00, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff,
                             0xbc, 0xe6, 0xfa, 0xad, 0xa7, 0x17, 0x9e, 0x84, 0xf3, 0xb9, 0xca, 0xc2, 0xfc, 0x63, 0x25, 0x51]

    static func padded(_ v: [UInt8]) -> [UInt8] { [UInt8](repeating: 0, count: max(0, 32 - v.count)) + v }

    /// Compares two 32-byte big-endian numbers.
    static func compare(_ a: [UInt8], _ b: [UInt8]) -> Int {
        for i in 0..<32 where a[i] != b[i] { return a[i] < b[i] ? -1 : 1 }
        return 0
    }
}
