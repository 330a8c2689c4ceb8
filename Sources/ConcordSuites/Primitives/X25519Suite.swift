extension Suites {
    public static let x25519 = Suite(
        name: "x25519",
        summary: "X25519 Diffie-Hellman (RFC 7748 §5): the shared secret, from keys given raw, as DER, PEM or JWK; an all-zero result is refused (`key`).",
        ops: [OpSpec(nil,
                     inputs: KeyFormFields.fields(
                        rawPrivate: "The 32-byte scalar of RFC 7748 (clamped by the function).",
                        rawPublic: "The peer's 32-byte u-coordinate (the top bit is ignored, non-canonical values are reduced).",
                        der: "(id-X25519, no parameters, RFC 8410)",
                        jwk: "(`{\"kty\":\"OKP\",\"crv\":\"X25519\",\"x\"}`, plus `d` for a private key; RFC 8037)", curve: .x25519),
                     expects: [FieldSpec("shared", .bytes, "The shared secret (32 bytes).")],
                     exactlyOne: KeyFormFields.groups)],
        implementations: ["libsodium", "openssl", "jvm"])
}
