import ConcordFormats
import ConcordSuites
import ConcordPrimitives

/// `ecdsa-p256` on OpenSSL: `EVP_DigestVerify` after a strict DER (or P1363) reading of the signature,
/// and RFC 6979 signing on OpenSSL's BN / EC_POINT arithmetic. libsodium has no P-256.
enum EcdsaP256Handlers {
    static let openssl = SuiteHandler(Suites.ecdsaP256) { r in
        let message = try r.bytes("message")
        switch r.op {
        case "sign":
            let priv = try r.bytes("private")
            let (rr, s) = try PrimitiveRefusal.run { () throws(CryptoError) in try ECDSAP256.sign(privateKey: priv, message: message) }
            return ["signature": .bytes(ECDSAP256.derSignature(r: rr, s: s)), "signatureP1363": .bytes(ECDSAP256.p1363Signature(r: rr, s: s))]
        case "verify":
            let pub = try r.bytes("public"), sig = try r.bytes("signature")
            try PrimitiveRefusal.run { () throws(CryptoError) in try ECDSAP256.verify(publicKey: pub, message: message, derSignature: sig) }
            return [:]
        case "verify-p1363":
            let pub = try r.bytes("public"), sig = try r.bytes("signature")
            try PrimitiveRefusal.run { () throws(CryptoError) in try ECDSAP256.verify(publicKey: pub, message: message, p1363Signature: sig) }
            return [:]
        default:
            throw Unsupported("ecdsa-p256 has no op \(r.op ?? "(none)")")
        }
    }
}
