import ConcordFormats
import ConcordPrimitives
import ConcordSuites

/// `ecdh-p256` and `hkdf-sha256` on `openssl`.
enum EcdhHkdfHandlers {
    /// `ecdh-p256` with its key forms: DER, PEM and JWK decoded by KeyForms (strict), then OpenSSL's EC_POINT arithmetic.
    static let ecdh = SuiteHandler(Suites.ecdhP256) { r in
        let scalar = try KeyForms.p256PrivateKey(try KeyFormInputs.form(r, "private"))
        let point = try KeyForms.p256PublicKey(try KeyFormInputs.form(r, "public"))
        do {
            return ["shared": .bytes(try NistCurve.p256.sharedSecret(privateScalar: scalar, publicPoint: point))]
        } catch let e as CryptoError {
            throw PrimitiveRefusal.map(e)
        }
    }

    static let hkdf = SuiteHandler(Suites.hkdfSha256) { r in
        guard let size = try r.optionalInteger("size"), size > 0, size <= 255 * 32 else {
            throw ContractError(.parameters, "HKDF-SHA256 outputs 1 to 8160 bytes")
        }
        return ["okm": .bytes(HKDF.sha256(ikm: try r.bytes("ikm"), salt: try r.bytes("salt"), info: try r.bytes("info"), size: Int(size)))]
    }
}
