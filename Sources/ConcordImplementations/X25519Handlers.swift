import ConcordFormats
import ConcordSuites
import ConcordPrimitives

/// `x25519` on libsodium (`crypto_scalarmult`) and OpenSSL (`EVP_PKEY_derive` on X25519 keys); the
/// DER, PEM and JWK forms are decoded by KeyForms (strict DER, RFC 8410, RFC 8037) before either runs.
enum X25519Handlers {
    static let openssl = handler(.openssl)
    static let libsodium = handler(.libsodium)

    static func handler(_ backend: CryptoBackend) -> SuiteHandler {
        SuiteHandler(Suites.x25519) { r in
            let priv = try KeyForms.x25519PrivateKey(try KeyFormInputs.form(r, "private"), backend: backend)
            let pub = try KeyForms.x25519PublicKey(try KeyFormInputs.form(r, "public"))
            return ["shared": .bytes(try PrimitiveRefusal.run { () throws(CryptoError) in
                try X25519.sharedSecret(privateKey: priv, publicKey: pub, backend: backend) })]
        }
    }
}
