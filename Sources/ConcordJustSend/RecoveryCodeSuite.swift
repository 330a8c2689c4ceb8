import ConcordFormats
import ConcordSuites

extension Suites {
    public static let justsendRecoveryCode = Suite(
        name: "justsend.recovery-code", contract: "justsend",
        summary: "JustSend's recovery code (§3 c): 16 bytes in Crockford Base32 (26 symbols, hyphen every 4), the normalization of what the user typed, KEK = HKDF-SHA256(UTF-8(code), \"justsend/recovery-kek/v1\", recoveryInfo, 32), wrap(ARK, KEK).",
        ops: [OpSpec("encode", "The code of 16 random bytes, as stored and as displayed.",
                     inputs: [FieldSpec("entropy", .bytes, "The code's 16 bytes.").kind(.bytes(lengths: [16]))],
                     expects: [FieldSpec("code", .text, "26 Crockford Base32 symbols, most significant bit first, 2 zero spare bits."),
                               FieldSpec("display", .text, "The code with a hyphen after every 4 symbols.")]),
              OpSpec("normalize", "What the user typed → the code string and its 16 bytes, or a `format` refusal.",
                     inputs: [FieldSpec("typed", .text, "What the user typed.")],
                     expects: [FieldSpec("code", .text, "The normalized code (26 symbols)."),
                               FieldSpec("entropy", .bytes, "The 16 bytes it encodes.").kind(.bytes(lengths: [16]))]),
              OpSpec("wrap", "Derive the KEK from the typed code and wrap the ARK with a given nonce.",
                     inputs: [FieldSpec("typed", .text, "The code as typed (normalized first)."),
                              FieldSpec("recoveryInfo", .bytes, "The HKDF info (not shown in the seed: an input; empty by default).").associatedData(),
                              FieldSpec("ark", .bytes, "The account root key (32 bytes).").kind(.bytes(lengths: [32])),
                              FieldSpec("nonce", .bytes, "The wrap's nonce (12 bytes).").kind(.bytes(lengths: [12]))],
                     expects: [FieldSpec("kek", .bytes, "The KEK (32 bytes)."),
                               FieldSpec("wrappedARK", .text, "`wrap(ARK, KEK)`: b64(nonce || ct || tag).")]),
              OpSpec("unwrap", "Derive the KEK from the typed code and unwrap the ARK: the ARK, or a refusal.",
                     inputs: [FieldSpec("typed", .text, "The code as typed (normalized first)."),
                              FieldSpec("recoveryInfo", .bytes, "The HKDF info.").associatedData(),
                              FieldSpec("wrappedARK", .text, "`wrap(ARK, KEK)`.")],
                     expects: [FieldSpec("ark", .bytes, "The account root key.")])],
        implementations: justsendImplementations,
        artifacts: [ArtifactSpec.opening(write: "wrap", open: "unwrap", artifact: "wrappedARK", held: ["typed", "recoveryInfo"], expects: ["ark"])])
}
