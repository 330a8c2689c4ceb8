import ConcordFormats
import ConcordPrimitives
import Foundation
import Testing

/// OpenSSL AES-GCM keeps one cipher context per thread and key size: results must not depend on
/// what the context did before (another key size, another nonce length, a failed tag, a refused
/// nonce). Expected values: the GCM specification's test cases 1, 2, 13 and 14 (McGrew and Viega,
/// Appendix B), the same as vectors/primitives/aes-gcm/gcm-spec.yaml.
struct AESGCMContextTests {
    static let zero16 = [UInt8](repeating: 0, count: 16), zero32 = [UInt8](repeating: 0, count: 32)
    static let nonce = [UInt8](repeating: 0, count: 12)

    static func sequence() throws {
        // tc1 and tc13: empty plaintext.
        #expect(try OpenSSLAESGCM.seal(key: zero16, nonce: nonce, aad: [], plaintext: []).tag == (try Hex.decode("58e2fccefa7e3061367f1d57a4e7455a")))
        #expect(try OpenSSLAESGCM.seal(key: zero32, nonce: nonce, aad: [], plaintext: []).tag == (try Hex.decode("530f8afbc74536b9a963b4f1c4cb738b")))
        // A tag that does not verify, a nonce above OpenSSL's 128 bytes (the GCM128 path, no context),
        // another nonce length.
        #expect(throws: CryptoError.authentication("the tag does not verify")) {
            try OpenSSLAESGCM.open(key: zero16, nonce: nonce, aad: [], ciphertext: [1], tag: zero16)
        }
        let long = [UInt8](repeating: 1, count: 300)
        let sealedLong = try OpenSSLAESGCM.seal(key: zero16, nonce: long, aad: [], plaintext: [1])
        #expect(try OpenSSLAESGCM.open(key: zero16, nonce: long, aad: [], ciphertext: sealedLong.ciphertext, tag: sealedLong.tag) == [1])
        let short = [UInt8](1...8)
        let sealed = try OpenSSLAESGCM.seal(key: zero16, nonce: short, aad: [9], plaintext: [1, 2, 3])
        #expect(try OpenSSLAESGCM.open(key: zero16, nonce: short, aad: [9], ciphertext: sealed.ciphertext, tag: sealed.tag) == [1, 2, 3])
        // tc2 and tc14, after all that: 16 zero bytes.
        let tc2 = try OpenSSLAESGCM.seal(key: zero16, nonce: nonce, aad: [], plaintext: zero16)
        #expect(tc2.ciphertext == (try Hex.decode("0388dace60b6a392f328c2b971b2fe78")))
        #expect(tc2.tag == (try Hex.decode("ab6e47d42cec13bdf53a67b21257bddf")))
        let tc14 = try OpenSSLAESGCM.seal(key: zero32, nonce: nonce, aad: [], plaintext: zero16)
        #expect(tc14.ciphertext == (try Hex.decode("cea7403d4d606b6e074ec5d3baf39d18")))
        #expect(tc14.tag == (try Hex.decode("d0d1c8a799996bf0265b98b5d48ab919")))
        #expect(try OpenSSLAESGCM.open(key: zero32, nonce: nonce, aad: [], ciphertext: tc14.ciphertext, tag: tc14.tag) == zero16)
    }

    @Test func aReusedContextForgetsWhatCameBefore() throws {
        try Self.sequence()
        try Self.sequence()
    }

    /// On several threads at once, each disturbing its own context between checks.
    @Test func threadsEachHaveTheirOwn() throws {
        let lock = NSLock()
        nonisolated(unsafe) var tags: [[UInt8]] = []
        DispatchQueue.concurrentPerform(iterations: 4) { i in
            for _ in 0..<50 {
                _ = try? OpenSSLAESGCM.open(key: i % 2 == 0 ? Self.zero16 : Self.zero32, nonce: [UInt8](repeating: 7, count: 8 + i), aad: [], ciphertext: [1], tag: Self.zero16)
                let t = (try? OpenSSLAESGCM.seal(key: Self.zero32, nonce: Self.nonce, aad: [], plaintext: Self.zero16).tag) ?? []
                lock.withLock { tags.append(t) }
            }
        }
        let want = try Hex.decode("d0d1c8a799996bf0265b98b5d48ab919")
        #expect(tags.count == 200)
        #expect(tags.allSatisfy { $0 == want })
    }

    /// Both AES-GCM backends answer a tag that does not verify the same way (one error type): OpenSSL
    /// and libsodium throw `.authentication`; libsodium without AES-NI is `.unsupported`, never nil.
    @Test func bothBackendsRefuseABadTagAlike() throws {
        let bad = CryptoError.authentication("the tag does not verify")
        let sealed = try OpenSSLAESGCM.seal(key: Self.zero32, nonce: Self.nonce, aad: [], plaintext: [1, 2, 3])
        var tag = sealed.tag
        tag[0] ^= 1
        #expect(throws: bad) { try OpenSSLAESGCM.open(key: Self.zero32, nonce: Self.nonce, aad: [], ciphertext: sealed.ciphertext, tag: tag) }
        if SodiumAESGCM.isAvailable {
            #expect(try SodiumAESGCM.open(key: Self.zero32, nonce: Self.nonce, aad: [], ciphertext: sealed.ciphertext, tag: sealed.tag) == [1, 2, 3])
            #expect(throws: bad) { try SodiumAESGCM.open(key: Self.zero32, nonce: Self.nonce, aad: [], ciphertext: sealed.ciphertext, tag: tag) }
        } else {
            #expect(throws: CryptoError.self) { try SodiumAESGCM.open(key: Self.zero32, nonce: Self.nonce, aad: [], ciphertext: sealed.ciphertext, tag: tag) }
        }
    }
}
