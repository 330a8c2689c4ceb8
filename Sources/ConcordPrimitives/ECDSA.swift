import ConcordFormats

/// ECDSA (FIPS 186-4 §6) over any `NistCurve` with any `HashFunction`, on OpenSSL only:
/// verification through `EVP_DigestVerify` (`ECDSA+OpenSSL.swift`), signing with RFC 6979
/// deterministic nonces (`ECDSA+RFC6979.swift`). Signatures as DER `SEQUENCE {r, s}` (RFC 3279; the
/// DER form is ConcordFormats' `ECDSASignatureForms`) or IEEE P1363 `r‖s`, each `fieldBytes` long.
/// libsodium has no NIST curve: `.libsodium` is `unsupported`. `ECDSAP256` is P-256 with SHA-256.
public struct ECDSA: Sendable, Equatable {
    public let curve: NistCurve
    public let hash: HashFunction

    public init(curve: NistCurve, hash: HashFunction) {
        self.curve = curve
        self.hash = hash
    }

    var scalarLength: Int { curve.fieldBytes }

    func requireOpenSSL(_ backend: CryptoBackend) throws(CryptoError) {
        guard backend == .openssl else { throw .unsupported("libsodium has no ECDSA over \(curve.shortName)") }
    }

    /// Verifies a DER signature. The encoding is checked strictly first (BER forms, trailing bytes,
    /// non-minimal or negative integers are `.format`); a signature that does not verify, or whose
    /// r or s is 0 or not below the group order, is `.authentication`.
    public func verify(publicKey: [UInt8], message: [UInt8], derSignature: [UInt8], backend: CryptoBackend = .openssl) throws(CryptoError) {
        try requireOpenSSL(backend)
        let rs: (r: [UInt8], s: [UInt8])
        do { rs = try ECDSASignatureForms.parseDER(derSignature) } catch { throw CryptoError(error) }
        try OpenSSLECDSA.verify(self, publicKey: publicKey, message: message, r: rs.r, s: rs.s)
    }

    /// Verifies an IEEE P1363 signature: exactly 2·fieldBytes bytes, r‖s.
    public func verify(publicKey: [UInt8], message: [UInt8], p1363Signature: [UInt8], backend: CryptoBackend = .openssl) throws(CryptoError) {
        try requireOpenSSL(backend)
        guard p1363Signature.count == 2 * scalarLength else {
            throw .format("an IEEE P1363 \(curve.shortName) signature is \(2 * scalarLength) bytes, r‖s (got \(p1363Signature.count))")
        }
        try OpenSSLECDSA.verify(self, publicKey: publicKey, message: message,
                                r: Array(p1363Signature.prefix(scalarLength)), s: Array(p1363Signature.suffix(scalarLength)))
    }

    /// Signs hash(message) with the RFC 6979 §3.2 nonce; r and s are `fieldBytes` each, s not
    /// normalized (RFC 6979's own vectors give the high s where it falls there).
    public func sign(privateKey: [UInt8], message: [UInt8], backend: CryptoBackend = .openssl) throws(CryptoError) -> (r: [UInt8], s: [UInt8]) {
        try requireOpenSSL(backend)
        guard privateKey.count == scalarLength else {
            throw .parameters("a \(curve.shortName) private key is a \(scalarLength)-byte scalar (got \(privateKey.count) bytes)")
        }
        return try DeterministicECDSA.sign(self, privateKey: privateKey, message: message)
    }

    /// r‖s, each left-padded to `fieldBytes`.
    public func p1363Signature(r: [UInt8], s: [UInt8]) -> [UInt8] {
        ECDSASignatureForms.p1363(r: r, s: s, length: scalarLength)
    }
}

/// ECDSA over P-256 with SHA-256, the contract's (`ecdsa-p256`, AskKey): `ECDSA(curve: .p256, hash: .sha256)`.
public enum ECDSAP256 {
    public static let ecdsa = ECDSA(curve: .p256, hash: .sha256)
    public static let scalarLength = 32

    public static func verify(publicKey: [UInt8], message: [UInt8], derSignature: [UInt8], backend: CryptoBackend = .openssl) throws(CryptoError) {
        try ecdsa.verify(publicKey: publicKey, message: message, derSignature: derSignature, backend: backend)
    }

    public static func verify(publicKey: [UInt8], message: [UInt8], p1363Signature: [UInt8], backend: CryptoBackend = .openssl) throws(CryptoError) {
        try ecdsa.verify(publicKey: publicKey, message: message, p1363Signature: p1363Signature, backend: backend)
    }

    public static func sign(privateKey: [UInt8], message: [UInt8], backend: CryptoBackend = .openssl) throws(CryptoError) -> (r: [UInt8], s: [UInt8]) {
        try ecdsa.sign(privateKey: privateKey, message: message, backend: backend)
    }

    /// `SEQUENCE { INTEGER r, INTEGER s }` in DER, from big-endian unsigned r and s.
    public static func derSignature(r: [UInt8], s: [UInt8]) -> [UInt8] { ECDSASignatureForms.der(r: r, s: s) }

    /// r‖s, each left-padded to 32 bytes.
    public static func p1363Signature(r: [UInt8], s: [UInt8]) -> [UInt8] { ecdsa.p1363Signature(r: r, s: s) }
}
