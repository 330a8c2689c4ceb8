extension Suites {
    public static let ecdhP256 = Suite(
        name: "ecdh-p256",
        summary: "P-256 ECDH: the shared x-coordinate; Wycheproof's ecdh_secp256r1_ecpoint_test.json maps onto it.",
        ops: [OpSpec(nil,
                     inputs: [FieldSpec("private", .bytes, "The private scalar, big-endian, any length."),
                              FieldSpec("public", .bytes, "The peer's SEC1 point, compressed or uncompressed.")],
                     expects: [FieldSpec("shared", .bytes, "The shared secret: the x-coordinate (32 bytes).")])],
        implementations: ["openssl", "jvm", "node", "webcrypto"])
}
