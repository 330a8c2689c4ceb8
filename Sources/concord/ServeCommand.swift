import ConcordImplementations
import Foundation

/// `concord serve NAME`: one of Concord's in-process implementations (libsodium, libargon2,
/// openssl, swift) speaking the adapter line protocol (docs/adapters.md) on standard input and
/// output, so that it can run in a process of its own: what `concord explore --isolate` does, so
/// that a crash of Concord's own code on a generated input is a finding, not the end of the
/// exploration. Requests are answered one at a time, in order (ServedImplementation).
enum ServeCommand: Command {
    static let spec = CommandSpec(
        name: "serve", arguments: "NAME",
        brief: "speak the adapter protocol for a built-in in-process implementation",
        summary: """
        Speaks the adapter line protocol of docs/adapters.md on standard input and output for one of Concord's
        in-process implementations (libsodium, libargon2, openssl, swift): its handshake announces every op
        of every suite it runs, with each suite's provenance, then each request line is answered in order
        until standard input ends. A request is held to the protocol (a malformed one is a fault) and to the
        Argon2 limits run applies (past them: unsupported, naming the limit). `concord explore --isolate` runs
        the in-process implementations so, each in a process of its own, so that a crash on a generated input
        is a finding (docs/exploration.md).
        """,
        options: Options.specs)

    struct Options: CommandOptions {
        var positional: [String] = []
        var common = SharedOptions()
        static var args: [Arg<Self>] {
            [.shared(Common.maxKdfMemory), .shared(Common.maxKdfWork)]
        }
    }

    static func run(_ o: Options) throws(UsageError) -> Int32 {
        // Each name's implementation is made once, the one served among them.
        let settings = Catalog.Settings(home: Home.find())
        let inProcess = Catalog.names.compactMap { n in (Catalog.make(n, settings: settings) as? InProcessImplementation).map { (n, $0) } }
        let names = inProcess.map(\.0).joined(separator: ", ")
        guard o.positional.count == 1, let name = o.positional.first else {
            throw UsageError("serve takes one implementation name (one of \(names))")
        }
        guard let impl = inProcess.first(where: { $0.0 == name })?.1 else {
            throw UsageError("serve: \"\(name)\" is not an in-process implementation (one of \(names))")
        }
        let served = ServedImplementation(impl, limits: Common.limits(o.common))
        impl.prepare()
        // Its standard output gone (the runner went away), an adapter exits 1 (docs/adapters.md §5).
        Streams.unwrittenOutputExits(1)
        guard Streams.outNow(served.handshake + "\n") else { return Streams.finish(1) }
        let whole = served.serve(input: 0, write: Streams.outNow)
        return Streams.finish(whole ? 0 : 2)
    }
}
