extension Suites {
    public static let ed25519 = Suite(
        name: "ed25519",
        summary: "Ed25519 signatures (RFC 8032 §5.1, pure Ed25519): deterministic signing and strict verification; Wycheproof's ed25519_test.json maps onto `verify`.",
        ops: [OpSpec("sign", "Sign `message`: the 64-byte signature (deterministic, so compared byte for byte).",
                     inputs: [FieldSpec("private", .bytes, "The 32-byte secret key of RFC 8032 (libsodium's seed).").kind(.privateKey(.ed25519)),
                              FieldSpec("message", .bytes, "The message.")],
                     expects: [FieldSpec("signature", .bytes, "The signature R‖S (64 bytes).").kind(.bytes(lengths: [64]))]),
              OpSpec("verify", "Verify `signature` over `message`: no output when it verifies (a valid vector has `expect: {}`); `authentication` when it does not, `parameters` for a key or signature of another length.",
                     inputs: [FieldSpec("public", .bytes, "The 32-byte encoded public point.").kind(.publicKey(.ed25519)),
                              FieldSpec("message", .bytes, "The message."),
                              FieldSpec("signature", .bytes, "The signature (64 bytes).").kind(.bytes(lengths: [64]))],
                     expects: [])],
        implementations: ["libsodium", "openssl", "jvm", "tink"])
}
