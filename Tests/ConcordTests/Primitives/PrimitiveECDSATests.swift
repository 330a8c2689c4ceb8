import ConcordFormats
import ConcordPrimitives
import Testing

/// ECDSA P-256/SHA-256: RFC 6979 §A.2.5 signing, and verification of DER and IEEE P1363 signatures;
/// P-384/SHA-384 and P-521/SHA-512 (§A.2.6, §A.2.7) through the same code, the curve a parameter.
@Suite struct PrimitiveECDSATests {
    struct Fixture {
        var privateKey: [UInt8]
        var publicKey: [UInt8]
        var cases: [(name: String, message: [UInt8], r: [UInt8], s: [UInt8])]
    }

    static func load() throws -> Fixture {
        let f = try KAT.file("rfc6979.json")
        let pub = [UInt8(4)] + (try KAT.bytes(f, "publicKeyX")) + (try KAT.bytes(f, "publicKeyY"))
        let cases = try KAT.cases("rfc6979.json").map { c in (KAT.name(c), try KAT.bytes(c, "message"), try KAT.bytes(c, "r"), try KAT.bytes(c, "s")) }
        return Fixture(privateKey: try KAT.bytes(f, "privateKey"), publicKey: pub, cases: cases)
    }

    @Test func rfc6979PublicKey() throws {
        let f = try Self.load()
        let q = try NistCurve.p256.publicKey(privateScalar: f.privateKey)
        #expect(NistCurve.uncompressed(x: q.x, y: q.y) == f.publicKey)
    }

    @Test func rfc6979DeterministicSignatures() throws {
        let f = try Self.load()
        #expect(f.cases.count == 2)
        for c in f.cases {
            let sig = try ECDSAP256.sign(privateKey: f.privateKey, message: c.message)
            #expect(sig.r == c.r, "\(c.name) r")
            #expect(sig.s == c.s, "\(c.name) s (not normalized to low S)")
        }
    }

    @Test func rfc6979SignaturesVerifyInBothEncodings() throws {
        let f = try Self.load()
        for c in f.cases {
            try ECDSAP256.verify(publicKey: f.publicKey, message: c.message, derSignature: ECDSAP256.derSignature(r: c.r, s: c.s))
            try ECDSAP256.verify(publicKey: f.publicKey, message: c.message, p1363Signature: c.r + c.s)
            // The compressed form of the same public key verifies too.
            try ECDSAP256.verify(publicKey: NistCurve.compressed(x: Array(f.publicKey[1...32]), y: Array(f.publicKey[33...])),
                                 message: c.message, p1363Signature: c.r + c.s)
            #expect(throws: CryptoError.authentication("the ECDSA P-256 signature does not verify under this public key")) {
                try ECDSAP256.verify(publicKey: f.publicKey, message: c.message + [0x21], p1363Signature: c.r + c.s)
            }
        }
        // "sample"'s signature over "test" does not verify.
        #expect(throws: CryptoError.self) {
            try ECDSAP256.verify(publicKey: f.publicKey, message: f.cases[1].message, p1363Signature: f.cases[0].r + f.cases[0].s)
        }
    }

    @Test func derIsStrict() throws {
        let f = try Self.load()
        let c = f.cases[1]  // "test": s starts 0x01, so its DER INTEGER has no leading zero
        let der = ECDSAP256.derSignature(r: c.r, s: c.s)
        #expect(der.count == 2 + 35 + 34)
        try ECDSAP256.verify(publicKey: f.publicKey, message: c.message, derSignature: der)
        // Long-form length (BER), a trailing byte, a superfluous leading zero in s, a negative r.
        let longForm = [0x30, 0x81, der[1]] + der[2...]
        let trailing = der + [0]
        let sBody = Array(der[(2 + 35 + 2)...])
        let paddedS = [0x30, der[1] + 1] + der[2..<(2 + 35)] + [0x02, 0x21, 0x00] + sBody
        for (bad, message) in [(longForm, "the SEQUENCE's length 69 is in long form where the short form fits (BER, not DER) at byte 0"),
                               (trailing, "1 unexpected byte(s) after the SEQUENCE at byte 71"),
                               (paddedS, "s has a superfluous leading zero byte (not DER) at byte 37")] {
            #expect(throws: CryptoError.format("ECDSA signature (DER): " + message)) {
                try ECDSAP256.verify(publicKey: f.publicKey, message: c.message, derSignature: bad)
            }
        }
        let negativeR = [0x30, 0x44, 0x02, 0x20] + c.r + [0x02, 0x20] + c.s
        #expect(throws: CryptoError.format("ECDSA signature (DER): r is negative at byte 2")) {
            try ECDSAP256.verify(publicKey: f.publicKey, message: c.message, derSignature: negativeR)
        }
    }

    @Test func p1363IsExactly64BytesAndRangeChecked() throws {
        let f = try Self.load()
        let c = f.cases[0]
        #expect(throws: CryptoError.format("an IEEE P1363 P-256 signature is 64 bytes, r‖s (got 65)")) {
            try ECDSAP256.verify(publicKey: f.publicKey, message: c.message, p1363Signature: [0] + c.r + c.s)
        }
        #expect(throws: CryptoError.authentication("ECDSA r is 0")) {
            try ECDSAP256.verify(publicKey: f.publicKey, message: c.message, p1363Signature: [UInt8](repeating: 0, count: 32) + c.s)
        }
        let n = try Hex.decode("ffffffff00000000ffffffffffffffffbce6faada7179e84f3b9cac2fc632551")
        #expect(throws: CryptoError.authentication("ECDSA s is not below the P-256 group order")) {
            try ECDSAP256.verify(publicKey: f.publicKey, message: c.message, p1363Signature: c.r + n)
        }
    }

    @Test func badKeysAndLibsodium() throws {
        let f = try Self.load()
        let c = f.cases[0]
        var offCurve = f.publicKey
        offCurve[64] ^= 1
        #expect(throws: CryptoError.key("public key: the point is not on P-256")) {
            try ECDSAP256.verify(publicKey: offCurve, message: c.message, p1363Signature: c.r + c.s)
        }
        #expect(throws: CryptoError.key("private key: the scalar is 0 or not below the P-256 group order")) {
            try ECDSAP256.sign(privateKey: [UInt8](repeating: 0, count: 32), message: c.message)
        }
        #expect(throws: CryptoError.unsupported("libsodium has no ECDSA over P-256")) {
            try ECDSAP256.sign(privateKey: f.privateKey, message: c.message, backend: .libsodium)
        }
    }

    /// Another curve is a value, not a copy: RFC 6979's P-384/SHA-384 and P-521/SHA-512 keys and
    /// signatures (P-521: qlen 521 is not hlen 512, so bits2int and int2octets are exercised) through
    /// the generic `ECDSA`, and `NistCurve`'s public key of the published scalar.
    @Test func otherCurvesAreParameters() throws {
        let curves = try #require(try KAT.file("rfc6979.json")["otherCurves"]?.arrayValue)
        #expect(curves.map { $0["curve"]?.stringValue } == ["NIST_P384", "NIST_P521"])
        for k in curves {
            let curve = try #require(NistCurve(rawValue: k["curve"]?.stringValue ?? ""))
            let hash = try #require(HashFunction(rawValue: k["hash"]?.stringValue ?? ""))
            let ecdsa = ECDSA(curve: curve, hash: hash)
            let d = try KAT.bytes(k, "privateKey")
            let x = try KAT.bytes(k, "publicKeyX"), y = try KAT.bytes(k, "publicKeyY")
            #expect(d.count == curve.fieldBytes && x.count == curve.fieldBytes)
            let q = try curve.publicKey(privateScalar: d)
            #expect(q.x == x && q.y == y, "\(curve.shortName) public key")
            let pub = NistCurve.uncompressed(x: x, y: y)
            let cases = try #require(k["cases"]?.arrayValue)
            #expect(!cases.isEmpty)
            for c in cases {
                let message = try KAT.bytes(c, "message"), r = try KAT.bytes(c, "r"), s = try KAT.bytes(c, "s")
                let sig = try ecdsa.sign(privateKey: d, message: message)
                #expect(sig.r == r, "\(curve.shortName) \(KAT.name(c)) r")
                #expect(sig.s == s, "\(curve.shortName) \(KAT.name(c)) s")
                try ecdsa.verify(publicKey: pub, message: message, p1363Signature: r + s)
                try ecdsa.verify(publicKey: pub, message: message, derSignature: ECDSASignatureForms.der(r: r, s: s))
                try ecdsa.verify(publicKey: NistCurve.compressed(x: x, y: y), message: message, p1363Signature: ecdsa.p1363Signature(r: r, s: s))
                #expect(throws: CryptoError.authentication("the ECDSA \(curve.shortName) signature does not verify under this public key")) {
                    try ecdsa.verify(publicKey: pub, message: message + [0x21], p1363Signature: r + s)
                }
                // The same signature under another hash does not verify either: the hash is a parameter too.
                #expect(throws: CryptoError.self) {
                    try ECDSA(curve: curve, hash: .sha256).verify(publicKey: pub, message: message, p1363Signature: r + s)
                }
            }
            #expect(throws: CryptoError.format("an IEEE P1363 \(curve.shortName) signature is \(2 * curve.fieldBytes) bytes, r‖s (got 64)")) {
                try ecdsa.verify(publicKey: pub, message: [], p1363Signature: [UInt8](repeating: 1, count: 64))
            }
            #expect(throws: CryptoError.authentication("ECDSA s is not below the \(curve.shortName) group order")) {
                try ecdsa.verify(publicKey: pub, message: [], p1363Signature: [UInt8](repeating: 0, count: curve.fieldBytes - 1) + [1] + curve.order)
            }
        }
    }
}
