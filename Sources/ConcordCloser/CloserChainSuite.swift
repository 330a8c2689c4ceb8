import ConcordFormats
import ConcordSuites

extension Suites {
    public static let closerChain = Suite(
        name: "closer.chain", contract: "closer",
        summary: "Chains that carry each step's output into the next, computed end to end by one implementation: invite code → phrase → couple key → `enc:v1:`, and keybox → one-time key → `sealed:v1:` → answer → commitment.",
        ops: [OpSpec("invite-to-field", "The accepting partner's path (§5, §4, §6): open the phrase with the invite code, unwrap the couple key with it, decrypt a field with that key.",
                     inputs: [FieldSpec("inviteCode", .text, "The invite code."),
                              FieldSpec("encryptedRecoveryPhrase", .text, "The phrase sealed with the code (§5)."),
                              FieldSpec("kdfSalt", .text, "The couple document's `kdfSalt` (b64)."),
                              FieldSpec("wrappedCoupleKey", .text, "The couple key wrapped with the phrase (§4)."),
                              FieldSpec("coupleId", .text, "The couple id (the field's AAD)."),
                              FieldSpec("wire", .text, "An `enc:v1:` field encrypted with the couple key (§6).").kind(.wire(prefix: Wire.field, minimum: 28))],
                     expects: [FieldSpec("phrase", .text, "Step 1: the recovery phrase."),
                               FieldSpec("coupleKey", .bytes, "Step 2: the couple key."),
                               FieldSpec("plaintext", .bytes, "Step 3: the field's plaintext.")]),
              OpSpec("keybox-to-answer", "The partner's reveal (§10, §8): open the released keybox with the ids as context, open the sealed answer with the key inside, verify its commitment.",
                     inputs: [FieldSpec("recipientPrivateKeyset", .text, "The recipient's private cleartext JSON keyset.").kind(.tinkEcies(part: "privateKeyset")),
                              FieldSpec("coupleId", .text, "The couple id."),
                              FieldSpec("questionId", .text, "The question (or thread) id."),
                              FieldSpec("senderUserId", .text, "The answering user (the sealed answer's userId)."),
                              FieldSpec("recipientUserId", .text, "The partner the key was released to."),
                              FieldSpec("encryptedAnswerKey", .text, "The release key document's `keybox:v1:` value.").kind(.wire(prefix: Wire.keybox, minimum: 93)),
                              FieldSpec("encryptedPayload", .text, "The answer's `sealed:v1:` value.").kind(.wire(prefix: Wire.sealed, minimum: 28)),
                              FieldSpec("commitmentHash", .text, "The answer's `sha256:` commitment.")],
                     expects: [FieldSpec("oneTimeKey", .bytes, "Step 1: the 32-byte one-time key found in the keybox (raw, or a keyset's key)."),
                               FieldSpec("answer", .answer, "Step 2: the opened answer, its commitment verified.")])],
        implementations: closerImplementations,
        cost: closerCost(chainSharedWork),
        sharedWork: chainSharedWork)
}
