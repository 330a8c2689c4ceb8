import ConcordScenarioFormat
import ConcordScenarios
import ConcordSuites
import Foundation
import ConcordPacks

/// `concord schema`: the vector-file JSON Schema (or, with --scenario, the scenario-file one),
/// derived from the suite definitions.
enum SchemaCommand: Command {
    static let spec = CommandSpec(
        name: "schema", arguments: "",
        brief: "print the vector-file JSON Schema (or the scenario-file one), derived from the suite definitions",
        summary: "Prints schemas/vector-file.schema.json (JSON Schema 2020-12), derived from the suite definitions; with --scenario, schemas/scenario-file.schema.json.",
        options: Options.specs)

    struct Options: CommandOptions {
        var positional: [String] = []
        var common = SharedOptions()
        var scenario = false
        static var args: [Arg<Self>] {
            [.flag(\.scenario, .flag("scenario", "print the scenario-file schema (concord-scenario/1, docs/scenarios.md) instead"))]
        }
    }

    static func run(_ o: Options) throws(UsageError) -> Int32 {
        guard o.positional.isEmpty else { throw UsageError("schema takes no arguments") }
        Streams.out(o.scenario ? ScenarioFileSchema.text() : VectorFileSchema.text())
        return 0
    }
}
