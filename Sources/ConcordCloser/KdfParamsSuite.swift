import ConcordSuites

extension Suites {
    public static let closerKdfParams = Suite(
        name: "closer.kdf-params", contract: "closer",
        summary: "The Argon2id parameter tag `argon2id;v=19;m=…;t=…;p=…` (§2): the values it names, or a refusal.",
        ops: [OpSpec(nil,
                     inputs: [FieldSpec("tag", .text, title: "Parameter tag", "The tag to parse, e.g. `argon2id;v=19;m=47104;t=3;p=1`.").kind(.kdfParams)],
                     expects: [FieldSpec("memoryKiB", .integer, "Memory in KiB (`m`)."), FieldSpec("iterations", .integer, "Iterations (`t`)."),
                               FieldSpec("parallelism", .integer, "Parallelism (`p`)."), FieldSpec("version", .integer, "Argon2 version (`v`), 19.")])],
        aliases: ["kdf-params"],
        implementations: closerImplementations)
}
