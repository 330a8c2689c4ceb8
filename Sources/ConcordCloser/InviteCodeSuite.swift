import ConcordSuites

extension Suites {
    public static let closerInviteCode = Suite(
        name: "closer.invite-code", contract: "closer",
        summary: "The invite code's syntax (§4): six characters matching the server's `^[A-HJ-NP-Z2-9]{6}$`, nothing normalized.",
        ops: [OpSpec("validate", "Accept the code as given, or refuse it (`format`) naming the character or length at fault.",
                     inputs: [FieldSpec("code", .text, "The invite code as typed or received.")],
                     expects: [FieldSpec("code", .text, "The accepted code, unchanged (no upper-casing, no Crockford decoding).")])],
        implementations: closerImplementations)
}
