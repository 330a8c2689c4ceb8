import ConcordImplementations
import ConcordWorkflows
import Foundation

let concordVersion = "0.1.0"

/// A command's declaration and its body.
struct CommandEntry: Sendable {
    var spec: CommandSpec
    var run: @Sendable (RawOptions) throws -> Int32
    init<C: Command>(_ c: C.Type) {
        spec = c.spec
        run = { raw in try C.run(try C.Options(raw)) }
    }
}

/// Every command, in the order the usage lists them.
let commands: [CommandEntry] = [
    CommandEntry(RunCommand.self), CommandEntry(ListCommand.self), CommandEntry(SchemaCommand.self),
    CommandEntry(ValidateCommand.self), CommandEntry(ExportCommand.self), CommandEntry(FillCommand.self),
    CommandEntry(MergeCommand.self), CommandEntry(ReportCommand.self), CommandEntry(DiffCommand.self),
    CommandEntry(CompareCommand.self), CommandEntry(ScenarioCommand.self), CommandEntry(ExploreCommand.self), CommandEntry(ServeCommand.self),
    CommandEntry(ArchiveCommand.self),
]

/// The global usage: each command's usage line (from its declaration) and what it does.
var usage: String {
    var out = ["usage: concord COMMAND [ARGUMENTS] [OPTIONS]", "", "commands:"]
    for c in commands {
        out.append("  " + c.spec.name.padding(toLength: 10, withPad: " ", startingAt: 0) + c.spec.brief)
    }
    out.append("  " + "help".padding(toLength: 10, withPad: " ", startingAt: 0) + "concord help COMMAND (or concord COMMAND --help): the command's usage and every option; concord help --markdown: all of them (docs/commands.md)")
    out.append("  " + "--version".padding(toLength: 10, withPad: " ", startingAt: 0) + "print the version")
    out.append("")
    out.append(Common.exitNote)
    return out.joined(separator: "\n") + "\n"
}

/// An argument that is not UTF-8 (a file name with the byte 0xff) is refused with that reason:
/// Swift reads arguments as UTF-8, replacing such bytes with U+FFFD, so the name would be another
/// file's (reported missing, or an output written under another name).
func refuseArgumentsThatAreNotUTF8() throws(UsageError) {
    for i in 1..<Int(CommandLine.argc) {
        guard let p = CommandLine.unsafeArgv[i] else { continue }
        let bytes = Array(UnsafeBufferPointer(start: UnsafeRawPointer(p).assumingMemoryBound(to: UInt8.self), count: strlen(p)))
        guard String(validating: bytes, as: UTF8.self) == nil else { continue }
        var shown = "", first: Int? = nil, k = 0
        while k < bytes.count {
            if bytes[k] < 0x80 { shown.unicodeScalars.append(Unicode.Scalar(bytes[k])); k += 1; continue }
            let n = (2...4).first { n in k + n <= bytes.count && String(validating: bytes[k..<k + n], as: UTF8.self) != nil }
            if let n { shown += String(decoding: bytes[k..<k + n], as: UTF8.self); k += n; continue }
            if first == nil { first = k }
            shown += "\\x{" + String(bytes[k], radix: 16, uppercase: true) + "}"
            k += 1
        }
        throw UsageError("argument \(i) (\(shown)) is not UTF-8 (byte 0x\(String(bytes[first ?? 0], radix: 16)) at offset \(first ?? 0)): "
                         + "concord reads file names and options as UTF-8 only; rename the file")
    }
}

func command(named name: String) -> CommandEntry? { commands.first { $0.spec.name == name } }

MallocPolicy.apply()
Streams.prepare()
// Descendants an adapter leaves behind (even in their own session) are reparented to concord, and
// stopped before it exits (docs/reliability.md).
Subprocess.adoptOrphans()
// Ctrl-C, SIGTERM and SIGHUP end every command the same way, its half-written files removed (Interrupt).
Interrupt.install()
let args = Array(CommandLine.arguments.dropFirst())
var status: Int32
do {
    try refuseArgumentsThatAreNotUTF8()
    switch args.first {
    case nil:
        stderrRaw(usage)
        status = 2
    case "--version"?, "version"?:
        print("concord \(concordVersion)")
        status = 0
    case "help"?, "--help"?, "-h"?:
        if args.count == 2, args[1] == "--markdown" {
            // docs/commands.md (CommandReference), from the same declarations as every --help.
            print(CommandReference.markdown(commands.map(\.spec)), terminator: "")
        } else if args.count > 1 {
            guard let c = command(named: args[1]) else { throw UsageError("unknown command \"\(args[1])\"") }
            print(c.spec.helpText, terminator: "")
        } else {
            print(usage, terminator: "")
        }
        status = 0
    case let name?:
        guard let c = command(named: name) else {
            let close = commands.map(\.spec.name).min { Session.editDistance(name, $0) < Session.editDistance(name, $1) }
                .flatMap { Session.editDistance(name, $0) <= 2 ? " (did you mean \($0)?)" : nil } ?? ""
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
// A signal that came meanwhile ends the process with its own status (Interrupt.stop), not this one.
Interrupt.holdIfInterrupted()
Subprocess.stopEverything()
exit(Streams.finish(status))
