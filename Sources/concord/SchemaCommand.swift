import ConcordSuites
import Foundation

/// `concord schema`: the vector-file JSON Schema, derived from the suite definitions.
enum SchemaCommand: Command {
    static let spec = CommandSpec(
        name: "schema", arguments: "",
        brief: "print the vector-file JSON Schema, derived from the suite definitions",
        summary: "Prints schemas/vector-file.schema.json (JSON Schema 2020-12), derived from the suite definitions.",
        options: [])

    static func run(_ o: Options) throws(UsageError) -> Int32 {
        guard o.positional.isEmpty else { throw UsageError("schema takes no arguments") }
        Streams.out(VectorFileSchema.text())
        return 0
    }
}
