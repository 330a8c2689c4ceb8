import ConcordFormats
import ConcordSuites
import ConcordPrimitives

/// `ed25519` on libsodium (`crypto_sign_detached` / `crypto_sign_verify_detached`) and OpenSSL
/// (`EVP_DigestSign` / `EVP_DigestVerify` on ED25519 keys).
enum Ed25519Handlers {
    static let openssl = handler(.openssl)
    static let libsodium = handler(.libsodium)

    static func handler(_ backend: CryptoBackend) -> SuiteHandler {
        SuiteHandler(Suites.ed25519) { r in
            let message = try r.bytes("message")
            switch r.op {
            case "sign":
                let priv = try r.bytes("private")
                return ["signature": .bytes(try PrimitiveRefusal.run { () throws(CryptoError) in
                    try Ed25519.sign(privateKey: priv, message: message, backend: backend) })]
            case "verify":
                let pub = try r.bytes("public"), sig = try r.bytes("signature")
                try PrimitiveRefusal.run { () throws(CryptoError) in try Ed25519.verify(publicKey: pub, message: message, signature: sig, backend: backend) }
                return [:]
            default:
                throw Unsupported("ed25519 has no op \(r.op ?? "(none)")")
            }
        }
    }
}
