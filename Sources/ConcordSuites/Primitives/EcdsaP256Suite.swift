extension Suites {
    public static let ecdsaP256 = Suite(
        name: "ecdsa-p256",
        summary: "ECDSA over P-256 with SHA-256: RFC 6979 deterministic signing, verification of DER and of IEEE P1363 signatures; Wycheproof's ecdsa_secp256r1_sha256 files map onto the verify ops.",
        ops: [OpSpec("sign", "Sign SHA-256(`message`) with the RFC 6979 nonce; s is not normalized (RFC 6979 A.2.5 publishes a high s).",
                     inputs: [FieldSpec("private", .bytes, "The private scalar (32 bytes, big-endian).").kind(.privateKey(.p256)),
                              FieldSpec("message", .bytes, "The message (hashed with SHA-256).")],
                     expects: [FieldSpec("signature", .bytes, "The signature in DER, `SEQUENCE { INTEGER r, INTEGER s }`."),
                               FieldSpec("signatureP1363", .bytes, "The same signature as IEEE P1363 r‖s (64 bytes).")]),
              OpSpec("verify", "Verify a DER signature: no output when it verifies (a valid vector has `expect: {}`); a BER or malformed encoding is `format`, r or s of 0 or ≥ n and a signature that does not verify are `authentication`, a bad public key is `key`.",
                     inputs: [FieldSpec("public", .bytes, "The public key, a SEC1 point (65 bytes uncompressed, or 33 compressed).").kind(.publicKey(.p256)),
                              FieldSpec("message", .bytes, "The message (hashed with SHA-256)."),
                              FieldSpec("signature", .bytes, "The signature in strict DER.")],
                     expects: []),
              OpSpec("verify-p1363", "Verify an IEEE P1363 signature (r‖s, 64 bytes): as `verify`; another length is `format`.",
                     inputs: [FieldSpec("public", .bytes, "The public key, a SEC1 point.").kind(.publicKey(.p256)),
                              FieldSpec("message", .bytes, "The message (hashed with SHA-256)."),
                              FieldSpec("signature", .bytes, "The signature r‖s (64 bytes).").kind(.bytes(lengths: [64]))],
                     expects: [])],
        implementations: ["openssl", "jvm", "tink"])
}
