import ConcordSuites

extension Suites {
    public static let askKeySignatureEncoding = Suite(
        name: "askkey.signature-encoding", contract: "askkey",
        summary: "ECDSA P-256 signature encodings between platforms: DER (Secure Enclave, Android Keystore) and IEEE P1363 r‖s (CryptoKit raw, Web Crypto); convert both ways, and verify in the declared encoding only.",
        ops: [OpSpec("to-p1363", "The P1363 form of a strict DER signature (a non-DER input, or an integer above 32 bytes, is `format`).",
                     inputs: [FieldSpec("der", .bytes, "`SEQUENCE { INTEGER r, INTEGER s }` in DER.").kind(.ecdsaSignature(.der))],
                     expects: [FieldSpec("p1363", .bytes, "r ‖ s, 32 bytes each.")]),
              OpSpec("to-der", "The DER form of a P1363 signature (not 64 bytes is `format`).",
                     inputs: [FieldSpec("p1363", .bytes, "r ‖ s, 32 bytes each.").kind(.ecdsaSignature(.p1363))],
                     expects: [FieldSpec("der", .bytes, "The minimal DER encoding.")]),
              OpSpec("verify", "Verify SHA-256 ECDSA over P-256 taking the signature in the declared encoding only: the (r, s) that verified, or a refusal.",
                     inputs: [FieldSpec("publicKey", .bytes, "The signer's public key, a SEC1 point (uncompressed or compressed)."),
                              FieldSpec("message", .bytes, "The signed message (hashed with SHA-256)."),
                              FieldSpec("signature", .bytes, "The signature."),
                              FieldSpec("encoding", .text, "`der` or `p1363` (anything else is `parameters`). A signature in the other encoding is `format`.")],
                     expects: [FieldSpec("r", .bytes, "r, 32 bytes big-endian."), FieldSpec("s", .bytes, "s, 32 bytes big-endian.")])],
        implementations: ["swift", "jvm"])
}
