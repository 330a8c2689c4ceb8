import ConcordSuites

extension Suites {
    public static let closerDocument = Suite(
        name: "closer.document", contract: "closer",
        summary: "Whole Firestore documents as created (§11): an answer of schemaVersion 2 or 3, its payload, a thread answer, a release key: the exact field set and the rules' patterns.",
        ops: [OpSpec("validate", "Accept the document and list its fields, or refuse it (`format`) naming the field at fault.",
                     inputs: [FieldSpec("kind", .text, "`answer-v2`, `answer-v2-payload`, `answer-v3`, `thread-answer-v3` or `release-key`."),
                              FieldSpec("document", .text, "The document as JSON (timestamps as any non-null value).")],
                     expects: [FieldSpec("fields", .text, "The document's field names, sorted by their UTF-8 bytes, joined with `,`.")])],
        implementations: closerImplementations)
}
