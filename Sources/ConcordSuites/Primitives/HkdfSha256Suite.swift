extension Suites {
    public static let hkdfSha256 = Suite(
        name: "hkdf-sha256",
        summary: "HKDF with SHA-256 (RFC 5869); Wycheproof's hkdf_sha256_test.json maps onto it.",
        ops: [OpSpec(nil,
                     inputs: [FieldSpec("ikm", .bytes, "The input keying material."),
                              FieldSpec("salt", .bytes, "The salt (`{hex: \"\"}` when there is none).").associatedData(),
                              FieldSpec("info", .bytes, "The context info (`{hex: \"\"}` when there is none).").associatedData(),
                              FieldSpec("size", .integer, "The output length in bytes (RFC 5869 allows at most 255 × 32 = 8160: larger values belong in invalid vectors).").kind(.integer(min: 0, max: 8161)).caps([255 * 32])],
                     expects: [FieldSpec("okm", .bytes, "The output keying material, `size` bytes.")])],
        implementations: ["openssl", "jvm", "node", "webcrypto"])
}
