import ConcordFormats
import ConcordSuites

extension Suites {
    public static let justsendWrap = Suite(
        name: "justsend.wrap", contract: "justsend",
        summary: "JustSend key wrapping (§1 wrap): a 32-byte key under a 32-byte key, b64(nonce || ct || tag) (CryptoKit's combined form), no AAD; wrap, unwrap and the round-trip matrix.",
        ops: [OpSpec("wrap", "Wrap a key with a given nonce.",
                     inputs: [FieldSpec("wrappingKey", .bytes, "The key that wraps (32 bytes).").kind(.bytes(lengths: [32])),
                              FieldSpec("key", .bytes, "The key wrapped (32 bytes).").kind(.bytes(lengths: [32])),
                              FieldSpec("nonce", .bytes, "The nonce (12 bytes).").kind(.bytes(lengths: [12]))],
                     expects: [FieldSpec("wrapped", .text, "`b64(nonce || ct || tag)`.")]),
              OpSpec("unwrap", "Unwrap: the 32-byte key, or a refusal.",
                     inputs: [FieldSpec("wrappingKey", .bytes, "The key that wraps (32 bytes).").kind(.bytes(lengths: [32])),
                              FieldSpec("wrapped", .text, "`b64(nonce || ct || tag)`; shorter than 28 bytes is `format`.")],
                     expects: [FieldSpec("key", .bytes, "The unwrapped key (32 bytes).").kind(.bytes(lengths: [32]))]),
              OpSpec("roundtrip", "Every implementation wraps `key` with a fresh nonce; every one unwraps every other's and must find `key`.",
                     inputs: [FieldSpec("wrappingKey", .bytes, "The key that wraps (32 bytes).").kind(.bytes(lengths: [32])),
                              FieldSpec("key", .bytes, "The key wrapped (32 bytes).").kind(.bytes(lengths: [32]))],
                     expects: [FieldSpec("key", .bytes, "The key every unwrap must find.")])],
        implementations: justsendImplementations,
        roundtrip: RoundtripSpec(op: "roundtrip", sealOp: "roundtrip-wrap", openOp: "unwrap", carried: "wrapped",
                                 openInputs: ["wrappingKey"], compared: "key"),
        artifacts: [ArtifactSpec.opening(write: "wrap", open: "unwrap", artifact: "wrapped", held: ["wrappingKey"], expects: ["key"])])
}
