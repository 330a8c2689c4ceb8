import ConcordPrimitives
import Testing

/// HMAC-SHA256 (RFC 4231 test cases 1–7) on both backends.
@Suite struct PrimitiveHMACTests {
    @Test(arguments: CryptoBackend.allCases)
    func rfc4231(_ backend: CryptoBackend) throws {
        let cases = try KAT.cases("rfc4231.json")
        #expect(cases.count == 7)
        for c in cases {
            let key = try KAT.bytes(c, "key"), data = try KAT.bytes(c, "data"), mac = try KAT.bytes(c, "mac")
            let full = try HMACSHA256.authenticate(key: key, message: data, backend: backend)
            #expect(full.count == 32)
            #expect(Array(full.prefix(mac.count)) == mac, "\(KAT.name(c))")
            if let truncated = c["truncatedTo"]?.intValue { #expect(mac.count == Int(truncated)) } else { #expect(mac.count == 32) }
            try HMACSHA256.verify(key: key, message: data, tag: mac, backend: backend)
            var bad = mac
            bad[bad.count - 1] ^= 0x40
            #expect(throws: CryptoError.authentication("the HMAC-SHA256 tag does not match (wrong key, message or tag)"), "\(KAT.name(c))") {
                try HMACSHA256.verify(key: key, message: data, tag: bad, backend: backend)
            }
        }
    }

    @Test(arguments: CryptoBackend.allCases)
    func emptyKeyAndMessageAgreeAcrossBackends(_ backend: CryptoBackend) throws {
        let other: CryptoBackend = backend == .openssl ? .libsodium : .openssl
        for keyLength in [0, 1, 63, 64, 65, 200] {
            let key = [UInt8](repeating: 0x5a, count: keyLength)
            #expect(try HMACSHA256.authenticate(key: key, message: [], backend: backend)
                    == HMACSHA256.authenticate(key: key, message: [], backend: other), "key of \(keyLength) bytes")
        }
    }

    @Test(arguments: CryptoBackend.allCases)
    func tagLengths(_ backend: CryptoBackend) throws {
        let tag = try HMACSHA256.authenticate(key: [1], message: [2], backend: backend)
        #expect(throws: CryptoError.parameters("an HMAC-SHA256 tag is 16 to 32 bytes (got 15)")) {
            try HMACSHA256.verify(key: [1], message: [2], tag: Array(tag.prefix(15)), backend: backend)
        }
        #expect(throws: CryptoError.parameters("an HMAC-SHA256 tag is 16 to 32 bytes (got 33)")) {
            try HMACSHA256.verify(key: [1], message: [2], tag: tag + [0], backend: backend)
        }
    }
}
