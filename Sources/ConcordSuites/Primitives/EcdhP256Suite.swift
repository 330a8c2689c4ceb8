extension Suites {
    public static let ecdhP256 = Suite(
        name: "ecdh-p256",
        summary: "P-256 ECDH: the shared x-coordinate, from keys given raw, as DER, PEM or JWK; Wycheproof's ecdh_secp256r1 files (ecpoint, DER, PEM, WebCrypto JWK) map onto it.",
        ops: [OpSpec(nil,
                     inputs: KeyFormFields.fields(
                        rawPrivate: "The private scalar, big-endian, any length.",
                        rawPublic: "The peer's SEC1 point, compressed or uncompressed.",
                        der: "(id-ecPublicKey with the named curve prime256v1; PKCS#8 holds an RFC 5915 ECPrivateKey)",
                        jwk: "(`{\"kty\":\"EC\",\"crv\":\"P-256\",\"x\",\"y\"}`, plus `d` for a private key; RFC 7518 §6.2)", curve: .p256),
                     expects: [FieldSpec("shared", .bytes, "The shared secret: the x-coordinate (32 bytes).")],
                     exactlyOne: KeyFormFields.groups)],
        implementations: ["openssl", "jvm", "node", "webcrypto"])
}
