import ConcordSuites

extension Suites {
    public static let closerCommitment = Suite(
        name: "closer.commitment", contract: "closer",
        summary: "The answer commitment (§8): `sha256:` + b64url(SHA-256(`v1|coupleId|questionId|userId|` || canonical)).",
        ops: [OpSpec(nil, inputs: closerIds + [FieldSpec("answer", .answer, "The answer committed to.")],
                     expects: [FieldSpec("canonicalJson", .text, "The canonical JSON of the answer (§7)."),
                               FieldSpec("commitmentHash", .text, "`sha256:` + 43 b64url characters.")])],
        aliases: ["commitment"],
        implementations: closerImplementations + ["node"],
        warnings: pipeWarning)
}
