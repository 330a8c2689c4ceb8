import ConcordSuites

extension Suites {
    public static let closerCanonicalJSON = Suite(
        name: "closer.canonical-json", contract: "closer",
        summary: "The canonical answer JSON, schemaVersion 3 (§7): key order, UTF-16 sort, the five escapes.",
        ops: [OpSpec(nil, inputs: [FieldSpec("answer", .answer, "The answer to serialize.")],
                     expects: [FieldSpec("json", .text, "The canonical JSON text, exactly.")])],
        aliases: ["canonical-json"],
        implementations: closerImplementations + ["node"])
}
