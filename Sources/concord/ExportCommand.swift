import ConcordFiles
import ConcordReport
import ConcordWorkflows
import Foundation

/// `concord export [PATH|SUITE|PACK…] --out FILE`: the selected vectors as one `concord-export/1`
/// JSON file (written atomically; `--out -` for standard output). Exit 0, or 2 when the input is unreadable.
enum ExportCommand: Command {
    static let spec = CommandSpec(
        name: "export", arguments: "[PATH|SUITE|PACK…]",
        brief: "one flat JSON file of inputs and answers for platform tests",
        summary: """
        Writes the selected vectors (chosen as run chooses them: default what concord.yaml declares, else vectors/;
        a suite or pack name selects its vectors in the project's declared vectors, else Concord's own)
        as one flat JSON file of inputs and answers (concord-export/1, every byte value as hex and base64)
        that an XCTest or an Android instrumented test loads without a YAML parser.
        """,
        options: Options.specs)

    struct Options: CommandOptions {
        var positional: [String] = []
        var common = SharedOptions()
        var out: String?
        static var args: [Arg<Self>] {
            [
                .value(\.out, .value("out", "FILE", short: "o", aliases: ["report"], "where to write it (required; \"-\" for standard output)")),
                .shared(Common.maxFileBytes), .shared(Common.maxDepth), .shared(Common.project),
            ]
        }
    }

    static func run(_ o: Options) throws(UsageError) -> Int32 {
        guard var out = o.out else { throw UsageError("export needs --out FILE (\"-\" for standard output)") }
        if out.isEmpty { throw UsageError("--out needs a path (\"-\" for standard output)") }
        if OutputFile.namesStandardOutput(out) { out = "-" }
        let s = try Common.session(o.common)  // the whole project file is checked, its adapters unused here
        let selection = s.selection(o.positional)
        guard let vectors = selection.load(Common.loader(o.common), s.terminal) else { return 2 }
        if vectors.isEmpty { stderr("concord: no vector files under \(selection.described)"); return 2 }
        // An output that is also an input is refused before anything is written (OutputPlan).
        let inputs = Set(vectors.map { $0.file }).sorted()
        let project = s.projectFile.map { [(role: "the project file", path: $0)] } ?? []
        do { try OutputPlan.check(outputs: [("--out", out)], inputs: inputs, roles: project) } catch {
            stderr("concord: \(error)")
            return 2
        }
        let json = Export.document(vectors).serialized(pretty: true) + "\n"
        if out == "-" {
            Streams.out(json)
            return 0
        }
        do { try AtomicFile.write(json, to: out) } catch {
            stderr(writeFailure(out, error))
            return 2
        }
        let placeholders = vectors.filter { $0.hasPlaceholder }.count
        print("exported \(vectors.count) vectors (\(placeholders) with placeholders) to \(out)")
        return 0
    }
}
