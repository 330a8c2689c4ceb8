import ConcordImplementations
import Foundation

let concordVersion = "0.1.0"

/// A command's declaration and its body.
struct CommandEntry {
    var spec: CommandSpec
    var run: (Options) throws -> Int32
    init<C: Command>(_ c: C.Type) {
        spec = c.spec
        run = { o in try c.run(o) }
    }
}

/// Every command, in the order the usage lists them.
nonisolated(unsafe) let commands: [CommandEntry] = [
    CommandEntry(RunCommand.self), CommandEntry(ListCommand.self), CommandEntry(SchemaCommand.self),
    CommandEntry(ValidateCommand.self), CommandEntry(ExportCommand.self), CommandEntry(FillCommand.self),
    CommandEntry(MergeCommand.self), CommandEntry(ReportCommand.self), CommandEntry(DiffCommand.self),
]

/// The global usage: each command's usage line (from its declaration) and what it does.
var usage: String {
    var out = ["usage: concord COMMAND [ARGUMENTS] [OPTIONS]", "", "commands:"]
    for c in commands {
        out.append("  " + c.spec.name.padding(toLength: 10, withPad: " ", startingAt: 0) + c.spec.brief)
    }
    out.append("  " + "help".padding(toLength: 10, withPad: " ", startingAt: 0) + "concord help COMMAND (or concord COMMAND --help): the command's usage and every option")
    out.append("  " + "--version".padding(toLength: 10, withPad: " ", startingAt: 0) + "print the version")
    out.append("")
    out.append(Common.exitNote)
    return out.joined(separator: "\n") + "\n"
}

func command(named name: String) -> CommandEntry? { commands.first { $0.spec.name == name } }

MallocPolicy.apply()
// Descendants an adapter leaves behind (even in their own session) are reparented to concord, and
// stopped before it exits (docs/reliability.md).
Subprocess.adoptOrphans()
let args = Array(CommandLine.arguments.dropFirst())
var status: Int32
do {
    switch args.first {
    case nil:
        stderrRaw(usage)
        status = 2
    case "--version"?, "version"?:
        print("concord \(concordVersion)")
        status = 0
    case "help"?, "--help"?, "-h"?:
        if args.count > 1 {
            guard let c = command(named: args[1]) else { throw UsageError("unknown command \"\(args[1])\"") }
            print(c.spec.helpText, terminator: "")
        } else {
            print(usage, terminator: "")
        }
        status = 0
    case let name?:
        guard let c = command(named: name) else {
            let close = commands.map(\.spec.name).min { editDistance(name, $0) < editDistance(name, $1) }
                .flatMap { editDistance(name, $0) <= 2 ? " (did you mean \($0)?)" : nil } ?? ""
            throw UsageError("unknown command \"\(name)\"\(close)")
        }
        // Parsed before anything starts: --help and a bad option never start an adapter.
        let options = try c.spec.parse(Array(args.dropFirst()))
        if options.wantsHelp {
            print(c.spec.helpText, terminator: "")
            status = 0
        } else {
            status = try c.run(options)
        }
    }
} catch {
    let text = "\(error)"
    stderr("concord: \(text)")
    if !text.contains("concord help") { stderrRaw("(concord help shows the usage)") }
    status = 2
}
Subprocess.stopEverything()
exit(status)
