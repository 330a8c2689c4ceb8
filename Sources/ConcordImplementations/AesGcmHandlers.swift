import ConcordFormats
import ConcordSuites
import ConcordPrimitives

/// The `aes-gcm` suite on OpenSSL (any key size and nonce length it allows) and on libsodium
/// (`crypto_aead_aes256gcm`: AES-256, 12-byte nonces, AES-NI CPUs; otherwise `unsupported`).
enum AesGcmHandlers {
    static let openssl = SuiteHandler(Suites.aesGcm) { r in
        let key = try r.bytes("key"), nonce = try r.bytes("nonce"), aad = try r.bytes("aad")
        do {
            switch r.op {
            case "seal":
                let (ct, tag) = try OpenSSLAESGCM.seal(key: key, nonce: nonce, aad: aad, plaintext: try r.bytes("plaintext"))
                return ["ciphertext": .bytes(ct), "tag": .bytes(tag)]
            case "open":
                return ["plaintext": .bytes(try OpenSSLAESGCM.open(key: key, nonce: nonce, aad: aad,
                                                                   ciphertext: try r.bytes("ciphertext"), tag: try r.bytes("tag")))]
            default:
                throw Unsupported("aes-gcm has no op \(r.op ?? "(none)")")
            }
        } catch let e as CryptoError {
            throw PrimitiveRefusal.map(e)
        }
    }

    static let libsodium = SuiteHandler(Suites.aesGcm) { r in
        let key = try r.bytes("key"), nonce = try r.bytes("nonce"), aad = try r.bytes("aad")
        do {
            switch r.op {
            case "seal":
                let (ct, tag) = try SodiumAESGCM.seal(key: key, nonce: nonce, aad: aad, plaintext: try r.bytes("plaintext"))
                return ["ciphertext": .bytes(ct), "tag": .bytes(tag)]
            case "open":
                return ["plaintext": .bytes(try SodiumAESGCM.open(key: key, nonce: nonce, aad: aad,
                                                                  ciphertext: try r.bytes("ciphertext"), tag: try r.bytes("tag")))]
            default:
                throw Unsupported("aes-gcm has no op \(r.op ?? "(none)")")
            }
        } catch let e as CryptoError {
            throw PrimitiveRefusal.map(e)
        }
    }
}
