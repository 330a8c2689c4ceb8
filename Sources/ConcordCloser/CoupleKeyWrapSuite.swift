import ConcordFormats
import ConcordSuites

extension Suites {
    public static let closerCoupleKeyWrap = Suite(
        name: "closer.couple-key-wrap", contract: "closer",
        summary: "The couple key wrapped under the recovery phrase (§4): Argon2id KEK, AES-256-GCM combined, AAD `closer_couple_key`.",
        ops: [OpSpec("wrap", "Wrap a couple key: exactly one of `coupleKey` (option A, raw 32 bytes) or `keysetJson` (option B, a Tink cleartext keyset), after merging `defaults`.",
                     inputs: [FieldSpec("phrase", .text, "The recovery phrase (ten words)."),
                              FieldSpec("kdfSalt", .bytes, "The Argon2id salt (16 bytes).").kind(.bytes(lengths: [16])),
                              FieldSpec("nonce", .bytes, "The AES-GCM nonce (12 bytes).").kind(.bytes(lengths: [12])),
                              FieldSpec("coupleKey", .bytes, required: false, "Option A: the raw couple key (32 bytes). Exactly one of `coupleKey` and `keysetJson`.").kind(.bytes(lengths: [32])),
                              FieldSpec("keysetJson", .text, required: false, "Option B: the Tink cleartext JSON keyset to wrap (its UTF-8 bytes). Exactly one of `coupleKey` and `keysetJson`.").kind(.tinkAesGcm(part: "keysetJson"))],
                     expects: [FieldSpec("wrappedCoupleKey", .text, "`b64` of the combined AES-GCM blob."),
                               FieldSpec("kdfSalt", .text, "`b64` of the salt, as stored."),
                               FieldSpec("kdfParams", .text, "The parameter tag, `argon2id;v=19;m=47104;t=3;p=1`.")],
                     exactlyOne: [["coupleKey", "keysetJson"]]),
              OpSpec("unwrap", "Unwrap: the couple key and the form it was found in, or a refusal.",
                     inputs: [FieldSpec("phrase", .text, "The recovery phrase."),
                              FieldSpec("kdfSalt", .text, "The stored salt, `b64` text (bad base64 belongs in invalid vectors)."),
                              FieldSpec("wrappedCoupleKey", .text, "The stored `b64` blob."),
                              FieldSpec("kdfParams", .text, required: false, "Optional. The stored parameter tag (§2 grammar: a malformed one is a `parameters` refusal); the KEK is derived with the parameters it names. Left out: the production tag `argon2id;v=19;m=47104;t=3;p=1`.").kind(.kdfParams)],
                     expects: [FieldSpec("coupleKey", .bytes, "The 32-byte couple key (for option B, the key extracted from the keyset)."),
                               FieldSpec("form", .text, required: false, "Optional. The form found: `raw` (option A) or `tink-keyset` (option B). Left out, the key alone is checked (an archived wrap: docs/archive.md).")])],
        aliases: ["couple-key-wrap"],
        implementations: closerImplementations + ["tink"],
        cost: closerCost(coupleKeyWrapSharedWork),
        sharedWork: coupleKeyWrapSharedWork,
        exceedsLimits: closerKdfLimits,
        artifacts: [ArtifactSpec.opening(write: "wrap", open: "unwrap", artifact: "wrappedCoupleKey", held: ["phrase"], stored: ["kdfSalt", "kdfParams"], expects: ["coupleKey"])])
}
