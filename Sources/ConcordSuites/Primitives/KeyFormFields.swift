import ConcordFormats

/// The key forms `x25519` and `ecdh-p256` take: the raw field plus DER, PEM and JWK alternatives,
/// exactly one per side (docs/vector-format.md, "Key forms").
enum KeyFormFields {
    /// `private`, `privateDer`, `privatePem`, `privateJwk`, `public`, `publicDer`, `publicPem`, `publicJwk`.
    static func fields(rawPrivate: String, rawPublic: String, der: String, jwk: String, curve: FieldKind.Curve) -> [FieldSpec] {
        [FieldSpec("private", .bytes, required: false, "Exactly one private-key form. " + rawPrivate).kind(.privateKey(curve)),
         FieldSpec("privateDer", .bytes, required: false, "The private key as DER PKCS#8 (RFC 5958) " + der + "; BER, trailing bytes and explicit curve parameters are refused.").kind(.keyForm(curve, .private, .der)),
         FieldSpec("privatePem", .text, required: false, "The same PKCS#8 in PEM (RFC 7468, label `PRIVATE KEY`, 64-character lines, LF or CRLF).").kind(.keyForm(curve, .private, .pem)),
         FieldSpec("privateJwk", .text, required: false, "The private key as one JSON Web Key object, as text (RFC 7517) " + jwk + "; a public part it carries must match.").kind(.keyForm(curve, .private, .jwk)),
         FieldSpec("public", .bytes, required: false, "Exactly one public-key form. " + rawPublic).kind(.peerPublicKey(curve)),
         FieldSpec("publicDer", .bytes, required: false, "The peer's public key as DER SubjectPublicKeyInfo (RFC 5280) " + der + ".").kind(.keyForm(curve, .peer, .der)),
         FieldSpec("publicPem", .text, required: false, "The same SubjectPublicKeyInfo in PEM (RFC 7468, label `PUBLIC KEY`).").kind(.keyForm(curve, .peer, .pem)),
         FieldSpec("publicJwk", .text, required: false, "The peer's public key as one JSON Web Key object, as text " + jwk + ".").kind(.keyForm(curve, .peer, .jwk))]
    }

    static let groups = [["private", "privateDer", "privatePem", "privateJwk"], ["public", "publicDer", "publicPem", "publicJwk"]]
}
