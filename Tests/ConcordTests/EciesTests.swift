import ConcordFormats
import ConcordPrimitives
import Testing

/// P-256, HKDF and ECIES on published values: RFC 5869 §A.1, and the deterministic ECIES case of
/// vectors/PROVENANCE.md (computed with pyca/cryptography, decrypted by Tink 1.16.1).
@Suite struct EciesPrimitiveTests {
    static let recipient = try! Hex.decode("665d0698dbc8fb95afc25c3a4d9cf280d87a585b7999243ca6008fd03258975f")
    static let ephemeral = try! Hex.decode("8341425cafede9d24b0599aefdfdeff1c1526ed75b07217eb99bf8c0b7498b81")
    static let sharedX = try! Hex.decode("1401b44cebcef839a56c82b1515603969753e59ecae9a0247e70cf9596d5a1cf")

    @Test func hkdfRFC5869CaseOne() throws {
        let okm = HKDF.sha256(ikm: [UInt8](repeating: 0x0b, count: 22), salt: Array(0x00...0x0c), info: Array(0xf0...0xf9), size: 42)
        #expect(okm == (try Hex.decode("3cb25f25faacd57a90434f64d0362f2a2d2d0a90cf1a5a4c5db02d56ecc4c5bf34007208d5b887185865")))
    }

    @Test func hkdfRFC5869CaseThreeEmptySaltAndInfo() throws {
        let okm = HKDF.sha256(ikm: [UInt8](repeating: 0x0b, count: 22), salt: [], info: [], size: 42)
        #expect(okm == (try Hex.decode("8da4e775a563c18f715f802a063c5a31b8a11f5c5ee1879ec3454e5f3c738d2d9d201395faa4b61a96c8")))
    }

    @Test func ecdhBothWaysGivesThePublishedSharedX() throws {
        let r = try P256.publicKey(privateScalar: Self.recipient)
        let e = try P256.publicKey(privateScalar: Self.ephemeral)
        #expect(try P256.sharedSecret(privateScalar: Self.ephemeral, publicPoint: P256.uncompressed(x: r.x, y: r.y)) == Self.sharedX)
        #expect(try P256.sharedSecret(privateScalar: Self.recipient, publicPoint: P256.compressed(x: e.x, y: e.y)) == Self.sharedX)
    }

    @Test func pointsOffTheCurveAndBadScalarsAreRefused() throws {
        let r = try P256.publicKey(privateScalar: Self.recipient)
        var bad = P256.uncompressed(x: r.x, y: r.y)
        bad[64] ^= 1
        #expect(throws: P256.Failure.invalidPoint("the point is not on P-256")) { try P256.decode(bad) }
        #expect(throws: P256.Failure.self) { try P256.decode([4] + [UInt8](repeating: 0, count: 64)) }
        #expect(throws: P256.Failure.self) { try P256.decode(Array(bad.prefix(40))) }
        let n = try Hex.decode("ffffffff00000000ffffffffffffffffbce6faada7179e84f3b9cac2fc632551")
        #expect(throws: P256.Failure.self) { try P256.publicKey(privateScalar: n) }
        #expect(throws: P256.Failure.self) { try P256.publicKey(privateScalar: [0, 0]) }
        // A leading zero byte (Java's 33-byte scalars) is the same scalar.
        #expect(try P256.publicKey(privateScalar: [0] + Self.recipient) == r)
    }

    @Test func javaStyleCoordinatesAreNormalised() throws {
        let x = [UInt8](repeating: 7, count: 32)
        #expect(try TinkEciesKeyset.coordinate([0] + x, "x") == x)
        #expect(try TinkEciesKeyset.coordinate(Array(x.suffix(31)), "x") == [0] + Array(x.suffix(31)))
        #expect(throws: ContractError.self) { try TinkEciesKeyset.coordinate([1] + x, "x") }
    }

    @Test func keyboxPlaintextForms() throws {
        #expect(Ecies.describe([UInt8](repeating: 1, count: 32)).form == "raw")
        #expect(Ecies.describe([1, 2, 3]).form == "other")
        let keyset = #"{"primaryKeyId":7,"key":[{"keyData":{"typeUrl":"type.googleapis.com/google.crypto.tink.AesGcmKey","value":"\#(Base64.encode([0x1a, 0x20] + [UInt8](repeating: 9, count: 32), .standard))","keyMaterialType":"SYMMETRIC"},"status":"ENABLED","keyId":7,"outputPrefixType":"TINK"}]}"#
        let d = Ecies.describe(Array(keyset.utf8))
        #expect(d.form == "tink-keyset" && d.key == [UInt8](repeating: 9, count: 32))
    }
}
