extension Suites {
    public static let hmacSha256 = Suite(
        name: "hmac-sha256",
        summary: "HMAC-SHA256 (RFC 2104, FIPS 198-1) with a key of any length: computing a tag, and verifying a tag of 16 to 32 bytes (truncated tags compare with the HMAC's leading bytes); Wycheproof's hmac_sha256_test.json maps onto `verify`.",
        ops: [OpSpec("compute", "The 32-byte HMAC of `message` under `key`.",
                     inputs: [FieldSpec("key", .bytes, "The key, any length (0 included)."),
                              FieldSpec("message", .bytes, "The message.")],
                     expects: [FieldSpec("tag", .bytes, "The HMAC (32 bytes).").kind(.bytes(lengths: [32]))]),
              OpSpec("verify", "Check `tag` against the HMAC's leading bytes: no output when it matches (a valid vector has `expect: {}`); `authentication` when it does not, `parameters` for a tag shorter than 16 or longer than 32 bytes.",
                     inputs: [FieldSpec("key", .bytes, "The key, any length."),
                              FieldSpec("message", .bytes, "The message."),
                              FieldSpec("tag", .bytes, "The tag (16 to 32 bytes).")],
                     expects: [])],
        implementations: ["libsodium", "openssl", "jvm", "tink"])
}
