import ConcordFormats
import ConcordSuites
import ConcordPrimitives

/// The `hmac-sha256` suite on OpenSSL (`HMAC` with `EVP_sha256`) and on libsodium
/// (`crypto_auth_hmacsha256_*`, any key length).
enum HmacSha256Handlers {
    static let openssl = handler(.openssl)
    static let libsodium = handler(.libsodium)

    static func handler(_ backend: CryptoBackend) -> SuiteHandler {
        SuiteHandler(Suites.hmacSha256) { r in
            let key = try r.bytes("key"), message = try r.bytes("message")
            switch r.op {
            case "compute":
                return ["tag": .bytes(try PrimitiveRefusal.run { () throws(CryptoError) in
                    try HMACSHA256.authenticate(key: key, message: message, backend: backend) })]
            case "verify":
                let tag = try r.bytes("tag")
                try PrimitiveRefusal.run { () throws(CryptoError) in try HMACSHA256.verify(key: key, message: message, tag: tag, backend: backend) }
                return [:]
            default:
                throw Unsupported("hmac-sha256 has no op \(r.op ?? "(none)")")
            }
        }
    }
}
