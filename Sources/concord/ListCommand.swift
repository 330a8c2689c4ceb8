import ConcordImplementations
import ConcordSuites
import ConcordWorkflows
import Foundation
import ConcordPacks

/// `concord list`: the contract packs and their suites, the primitive suites, which
/// implementations run each, and every implementation's version (starting the adapters to ask),
/// with who wrote each implementation's code per suite (Provenance).
enum ListCommand: Command {
    static let spec = CommandSpec(
        name: "list", arguments: "",
        brief: "contract packs, suites, implementations and their versions",
        summary: """
        Lists the contract packs and their suites, the primitive suites, the implementations that run each,
        and every implementation's version (starting the adapters to ask them; an adapter whose handshake
        disagrees with a suite definition is shown with the disagreement), and per suite whether its code is
        Concord's own port or a library's own code (what fill takes as a witness, docs/fill.md).
        """,
        options: Options.specs)

    struct Options: CommandOptions {
        var positional: [String] = []
        var common = SharedOptions()
        static var args: [Arg<Self>] {
            [.shared(Common.adapter), .shared(Common.project)]
        }
    }

    static func run(_ o: Options) throws(UsageError) -> Int32 {
        guard o.positional.isEmpty else { throw UsageError("list takes no arguments (got \(o.positional[0]))") }
        let session = try Common.session(o.common, settings: false)
        let made = try usage { () throws(Session.Problem) in try session.make(session.allNames, settings: Catalog.Settings(home: session.home)) }
        let impls = made.map { ($0.name, $0) }
        Interrupt.watch(impls.map(\.1))
        for (_, impl) in impls { impl.prepare() }
        // A signal during the starts: they are being stopped; nothing is printed about them.
        Interrupt.holdIfInterrupted()
        func line(_ s: Suite) {
            let ops = s.opNames.isEmpty ? "" : " (ops: \(s.opNames.joined(separator: ", ")))"
            let runs = impls.filter { $0.1.suites.contains(s.name) }.map(\.0)
            print("    \(s.name)\(ops)")
            print("      \(s.summary)")
            print("      implementations: \(runs.isEmpty ? "none here" : runs.joined(separator: ", "))")
            let outside = impls.filter { $0.1.suites.contains(s.name) && $0.1.provenance(suite: s.name)?.isOutside == true }.map(\.0)
            if !runs.isEmpty {
                print("      witnesses for fill (not Concord's own port): \(outside.isEmpty ? "none, so fill needs --from or the app's --adapter" : outside.joined(separator: ", "))")
            }
        }
        for c in Contracts.all {
            print("Contract \(c.name) — \(c.title) (\(c.doc))")
            c.suites.forEach(line)
        }
        print("Primitive suites")
        Suites.list.filter { $0.contract == nil }.forEach(line)
        print("Implementations:")
        for (n, impl) in impls {
            describe(n, impl)
            impl.shutdown()
        }
        return 0
    }

    /// An implementation's lines: its version (or why it is unavailable), the program that answers
    /// for an adapter, its suites and who wrote the code it runs for each.
    static func describe(_ n: String, _ impl: any Implementation) {
        let status = impl.startFailure.map { "unavailable: \($0)" } ?? impl.version
        say("  \(n.padding(toLength: 10, withPad: " ", startingAt: 0)) \(status)")
        // The program that answers for an adapter (docs/fill.md): for a built-in slot the
        // environment pointed elsewhere, what it claims is not believed, and this says why.
        if let adapter = impl as? ExternalAdapter, impl.startFailure == nil {
            say("  \(String(repeating: " ", count: 10)) program: \(adapter.program)")
            if case .redirected(let by) = adapter.origin {
                say("  \(String(repeating: " ", count: 10)) not the program Concord starts for \(n) (\(by)): the libraries it claims are not counted as witnesses")
            }
        }
        say("  \(String(repeating: " ", count: 10)) suites: \(impl.suites.sorted().joined(separator: ", "))")
        // Who wrote the code it runs per suite (docs/fill.md): fill needs one witness not Concord's own.
        let ports = impl.suites.sorted().filter { impl.provenance(suite: $0) == .ownPort }
        let undeclared = impl.suites.sorted().filter { impl.provenance(suite: $0) == nil }
        let app = impl.suites.sorted().filter { impl.provenance(suite: $0) == .app }
        let pad = String(repeating: " ", count: 10)
        if !ports.isEmpty { say("  \(pad) Concord's own port: \(ports.joined(separator: ", "))") }
        for s in impl.suites.sorted() {
            switch impl.provenance(suite: s) {
            case .library(let what)?: say("  \(pad) library: \(s): \(what)")
            case .claimed(let what, _)?: say("  \(pad) claims library, not counted: \(s): \(what)")
            default: break
            }
        }
        if !app.isEmpty { say("  \(pad) the app's own code: \(app.joined(separator: ", "))") }
        if !undeclared.isEmpty { say("  \(pad) provenance not declared (counted as Concord's own port): \(undeclared.joined(separator: ", "))") }
        if let adapter = impl as? ExternalAdapter, let h = adapter.handshake {
            for d in h.disagreements { say("  \(String(repeating: " ", count: 10)) disagrees: \(d)") }
        }
    }
}
