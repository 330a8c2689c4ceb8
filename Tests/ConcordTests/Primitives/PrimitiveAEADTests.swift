import ConcordPrimitives
import Testing

/// ChaCha20-Poly1305 (RFC 8439 §2.8.2) on both backends, XChaCha20-Poly1305 (draft §A.3.1) on libsodium.
@Suite struct PrimitiveAEADTests {
    @Test(arguments: CryptoBackend.allCases)
    func chachaRFC8439(_ backend: CryptoBackend) throws {
        for c in try KAT.cases("rfc8439.json") {
            let key = try KAT.bytes(c, "key"), nonce = try KAT.bytes(c, "nonce"), aad = try KAT.bytes(c, "aad")
            let pt = try KAT.bytes(c, "plaintext"), ct = try KAT.bytes(c, "ciphertext"), tag = try KAT.bytes(c, "tag")
            let sealed = try ChaCha20Poly1305.seal(key: key, nonce: nonce, aad: aad, plaintext: pt, backend: backend)
            #expect(sealed.ciphertext == ct, "\(KAT.name(c)) ciphertext")
            #expect(sealed.tag == tag, "\(KAT.name(c)) tag")
            #expect(try ChaCha20Poly1305.open(key: key, nonce: nonce, aad: aad, ciphertext: ct, tag: tag, backend: backend) == pt)
            var badTag = tag
            badTag[0] ^= 1
            #expect(throws: CryptoError.authentication("ChaCha20-Poly1305 tag mismatch (wrong key, nonce, AAD, ciphertext or tag)")) {
                try ChaCha20Poly1305.open(key: key, nonce: nonce, aad: aad, ciphertext: ct, tag: badTag, backend: backend)
            }
            #expect(throws: CryptoError.self) { try ChaCha20Poly1305.open(key: key, nonce: nonce, aad: aad + [0], ciphertext: ct, tag: tag, backend: backend) }
        }
    }

    @Test(arguments: CryptoBackend.allCases)
    func chachaRefusesOtherSizes(_ backend: CryptoBackend) {
        let key = [UInt8](repeating: 1, count: 32), nonce = [UInt8](repeating: 2, count: 12)
        #expect(throws: CryptoError.parameters("ChaCha20-Poly1305 takes a 12-byte nonce (got 8 bytes)")) {
            try ChaCha20Poly1305.seal(key: key, nonce: Array(nonce.prefix(8)), aad: [], plaintext: [], backend: backend)
        }
        #expect(throws: CryptoError.parameters("ChaCha20-Poly1305 takes a 32-byte key (got 16 bytes)")) {
            try ChaCha20Poly1305.seal(key: Array(key.prefix(16)), nonce: nonce, aad: [], plaintext: [], backend: backend)
        }
        #expect(throws: CryptoError.parameters("ChaCha20-Poly1305 takes a 16-byte tag (got 15 bytes)")) {
            try ChaCha20Poly1305.open(key: key, nonce: nonce, aad: [], ciphertext: [], tag: [UInt8](repeating: 0, count: 15), backend: backend)
        }
    }

    @Test(arguments: CryptoBackend.allCases)
    func chachaEmptyMessageRoundTrips(_ backend: CryptoBackend) throws {
        let key = [UInt8](repeating: 7, count: 32), nonce = [UInt8](repeating: 9, count: 12)
        let s = try ChaCha20Poly1305.seal(key: key, nonce: nonce, aad: [], plaintext: [], backend: backend)
        #expect(s.ciphertext.isEmpty)
        let other: CryptoBackend = backend == .openssl ? .libsodium : .openssl
        #expect(try ChaCha20Poly1305.open(key: key, nonce: nonce, aad: [], ciphertext: [], tag: s.tag, backend: other) == [])
    }

    @Test func xchachaDraftA31() throws {
        for c in try KAT.cases("draft-irtf-cfrg-xchacha-03.json") {
            let key = try KAT.bytes(c, "key"), nonce = try KAT.bytes(c, "nonce"), aad = try KAT.bytes(c, "aad")
            let pt = try KAT.bytes(c, "plaintext"), ct = try KAT.bytes(c, "ciphertext"), tag = try KAT.bytes(c, "tag")
            let sealed = try XChaCha20Poly1305.seal(key: key, nonce: nonce, aad: aad, plaintext: pt, backend: .libsodium)
            #expect(sealed.ciphertext == ct)
            #expect(sealed.tag == tag)
            #expect(try XChaCha20Poly1305.open(key: key, nonce: nonce, aad: aad, ciphertext: ct, tag: tag, backend: .libsodium) == pt)
            var badCt = ct
            badCt[5] ^= 0x80
            #expect(throws: CryptoError.self) { try XChaCha20Poly1305.open(key: key, nonce: nonce, aad: aad, ciphertext: badCt, tag: tag, backend: .libsodium) }
            #expect(throws: CryptoError.parameters("XChaCha20-Poly1305 takes a 24-byte nonce (got 12 bytes)")) {
                try XChaCha20Poly1305.seal(key: key, nonce: Array(nonce.prefix(12)), aad: aad, plaintext: pt, backend: .libsodium)
            }
        }
    }

    @Test func xchachaIsUnsupportedOnOpenSSL() {
        #expect(throws: CryptoError.unsupported("OpenSSL has no XChaCha20-Poly1305")) {
            try XChaCha20Poly1305.seal(key: [UInt8](repeating: 0, count: 32), nonce: [UInt8](repeating: 0, count: 24), aad: [], plaintext: [], backend: .openssl)
        }
    }
}
