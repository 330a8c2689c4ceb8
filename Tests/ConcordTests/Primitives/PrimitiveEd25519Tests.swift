import ConcordPrimitives
import Testing

/// Ed25519 (RFC 8032 §7.1 TEST 1, 2, 3 and 1024) signing and verifying on both backends.
@Suite struct PrimitiveEd25519Tests {
    @Test(arguments: CryptoBackend.allCases)
    func rfc8032(_ backend: CryptoBackend) throws {
        let cases = try KAT.cases("rfc8032.json")
        #expect(cases.count == 4)
        for c in cases {
            let sk = try KAT.bytes(c, "secretKey"), pk = try KAT.bytes(c, "publicKey")
            let msg = try KAT.bytes(c, "message"), sig = try KAT.bytes(c, "signature")
            #expect(try Ed25519.publicKey(privateKey: sk, backend: backend) == pk, "\(KAT.name(c)) public key")
            #expect(try Ed25519.sign(privateKey: sk, message: msg, backend: backend) == sig, "\(KAT.name(c)) signature")
            try Ed25519.verify(publicKey: pk, message: msg, signature: sig, backend: backend)
            var tampered = sig
            tampered[40] ^= 1
            #expect(throws: CryptoError.authentication("the Ed25519 signature does not verify under this public key"), "\(KAT.name(c))") {
                try Ed25519.verify(publicKey: pk, message: msg, signature: tampered, backend: backend)
            }
            #expect(throws: CryptoError.self) { try Ed25519.verify(publicKey: pk, message: msg + [0], signature: sig, backend: backend) }
        }
    }

    @Test(arguments: CryptoBackend.allCases)
    func refusesWrongLengths(_ backend: CryptoBackend) {
        #expect(throws: CryptoError.parameters("an Ed25519 signature is 64 bytes (got 63)")) {
            try Ed25519.verify(publicKey: [UInt8](repeating: 0, count: 32), message: [], signature: [UInt8](repeating: 0, count: 63), backend: backend)
        }
        #expect(throws: CryptoError.parameters("an Ed25519 private key (seed) is 32 bytes (got 64)")) {
            try Ed25519.sign(privateKey: [UInt8](repeating: 0, count: 64), message: [], backend: backend)
        }
    }

    /// S ≥ L (RFC 8032 §5.1.7 step 1: the signature is invalid): TEST 1 with L added to S.
    @Test(arguments: CryptoBackend.allCases)
    func nonCanonicalSIsRefused(_ backend: CryptoBackend) throws {
        let c = try KAT.cases("rfc8032.json")[0]
        let pk = try KAT.bytes(c, "publicKey")
        var sig = try KAT.bytes(c, "signature")
        // L = 2^252 + 27742317777372353535851937790883648493, little-endian.
        let l: [UInt8] = [0xed, 0xd3, 0xf5, 0x5c, 0x1a, 0x63, 0x12, 0x58, 0xd6, 0x9c, 0xf7, 0xa2, 0xde, 0xf9, 0xde, 0x14,
                          0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0x10]
        var carry = 0
        for i in 0..<32 {
            let v = Int(sig[32 + i]) + Int(l[i]) + carry
            sig[32 + i] = UInt8(v & 0xff)
            carry = v >> 8
        }
        #expect(carry == 0)
        #expect(throws: CryptoError.self) { try Ed25519.verify(publicKey: pk, message: [], signature: sig, backend: backend) }
    }
}
