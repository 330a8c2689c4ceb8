extension Suites {
    /// `kdf-params`: the `kdfParams` tag parser of CONTRACT.md §2.
    public static let kdfParams = Suite(
        name: "kdf-params",
        ops: [OpSpec(nil,
                     inputs: [FieldSpec("tag", .text)],
                     expects: [FieldSpec("memoryKiB", .integer), FieldSpec("iterations", .integer),
                               FieldSpec("parallelism", .integer), FieldSpec("version", .integer)])])
}
