import ConcordFormats
import ConcordSuites

extension Suites {
    public static let closerInvitePhrase = Suite(
        name: "closer.invite-phrase", contract: "closer",
        summary: "The recovery phrase sealed with the invite code (§5): `b64(salt16 || nonce || ciphertext || tag)`, AAD `closer_invite_phrase`.",
        ops: [OpSpec("seal", "Seal the phrase under the invite code.",
                     inputs: [FieldSpec("inviteCode", .text, "The invite code (six characters of `[A-HJ-NP-Z2-9]`)."),
                              FieldSpec("phrase", .text, "The recovery phrase to seal."),
                              FieldSpec("salt", .bytes, "The Argon2id salt (16 bytes), also the blob's first bytes.").kind(.bytes(lengths: [16])),
                              FieldSpec("nonce", .bytes, "The AES-GCM nonce (12 bytes).").kind(.bytes(lengths: [12]))],
                     expects: [FieldSpec("encryptedRecoveryPhrase", .text, "`b64` of the whole blob.")]),
              OpSpec("open", "Open the blob with the invite code: the phrase, or a refusal.",
                     inputs: [FieldSpec("inviteCode", .text, "The invite code."),
                              FieldSpec("encryptedRecoveryPhrase", .text, "The stored `b64` blob.")],
                     expects: [FieldSpec("phrase", .text, "The recovery phrase.")])],
        aliases: ["invite-phrase"],
        implementations: closerImplementations + ["tink"],
        cost: closerCost(invitePhraseSharedWork),
        sharedWork: invitePhraseSharedWork,
        artifacts: [ArtifactSpec.opening(write: "seal", open: "open", artifact: "encryptedRecoveryPhrase", held: ["inviteCode"], expects: ["phrase"])])
}
