import ConcordFormats
import ConcordImplementations
import ConcordSuites
import Foundation

/// `concord serve NAME`: one of Concord's in-process implementations (libsodium, libargon2,
/// openssl, swift) speaking the adapter line protocol (docs/adapters.md) on standard input and
/// output, so that it can run in a process of its own: what `concord explore --isolate` does, so
/// that a crash of Concord's own code on a generated input is a finding, not the end of the
/// exploration. Requests are answered one at a time, in order.
enum ServeCommand: Command {
    static let spec = CommandSpec(
        name: "serve", arguments: "NAME",
        brief: "speak the adapter protocol for a built-in in-process implementation",
        summary: """
        Speaks the adapter line protocol of docs/adapters.md on standard input and output for one of Concord's
        in-process implementations (libsodium, libargon2, openssl, swift): its handshake announces every op
        of every suite it runs, with each suite's provenance, then each request line is answered in order
        until standard input ends. `concord explore --isolate` runs the in-process implementations so, each in
        a process of its own, so that a crash on a generated input is a finding (docs/exploration.md).
        """,
        options: [])

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
        impl.prepare()
        guard Streams.outNow(handshake(impl) + "\n") else { return Streams.finish(2) }
        var buffer: [UInt8] = []
        let input = FileHandle.standardInput
        while true {
            let chunk = input.availableData
            if chunk.isEmpty { break }
            buffer += chunk
            var start = 0
            while let nl = buffer[start...].firstIndex(of: 10) {
                let answer = answerLine(Array(buffer[start..<nl]), impl)
                start = nl + 1
                guard Streams.outNow(answer + "\n") else { return Streams.finish(2) }
            }
            buffer.removeFirst(start)
        }
        if !buffer.isEmpty { _ = Streams.outNow(answerLine(buffer, impl) + "\n") }
        return Streams.finish(0)
    }

    /// Every op of every suite it runs, with the definition's inputs and outputs, and who wrote it.
    static func handshake(_ impl: InProcessImplementation) -> String {
        var suites: [JSON] = []
        for name in impl.suites.sorted() {
            guard let suite = Suites.all[name] else { continue }
            let ops = suite.protocolOps.filter { impl.support(suite: name, op: $0.name) == .runs }.map { op in
                JSON.object([("op", op.name.map(JSON.string) ?? .null),
                             ("inputs", .array(op.inputs.map { .string($0.name) })),
                             ("outputs", .array(op.expects.map { .string($0.name) }))])
            }
            var entry: [(String, JSON)] = [("suite", .string(name)), ("ops", .array(ops))]
            switch impl.provenance(suite: name) {
            case .library(let what)?: entry.append(("provenance", .object([("library", .string(what))])))
            case .ownPort?: entry.append(("provenance", .string("port")))
            case .app?, nil: break
            }
            suites.append(.object(entry))
        }
        return JSON.object([("concord-adapter", .int(1)), ("name", .string(impl.name)), ("version", .string(impl.version)),
                            ("suites", .array(suites))]).serialized()
    }

    /// The answer to one request line: outputs, an error class, unsupported, or a fault.
    static func answerLine(_ line: [UInt8], _ impl: InProcessImplementation) -> String {
        func reply(_ id: JSON, _ members: [(String, JSON)]) -> String { JSON.object([("id", id)] + members).serialized() }
        guard let text = String(validating: line, as: UTF8.self), let request = try? JSON.parse(text) else {
            return reply(.null, [("fault", .string("the request line is not UTF-8 JSON"))])
        }
        guard let id = request["id"], id.intValue != nil else { return reply(.null, [("fault", .string("the request has no integer id"))]) }
        guard let suite = request["suite"]?.stringValue, let input = request["input"]?.objectValue else {
            return reply(id, [("fault", .string("a request needs suite (text) and input (an object)"))])
        }
        let op = request["op"]?.stringValue
        var fields: Fields = [:]
        for (k, v) in input {
            do { fields[k] = try Value(json: v) } catch { return reply(id, [("fault", .string("input \(k): \(error.message)"))]) }
        }
        switch impl.run(Request(suite: suite, op: op, input: fields)) {
        case .outputs(let out): return reply(id, [("outputs", .object(out.keys.sorted().map { ($0, out[$0]!.json) }))])
        case .refused(let e): return reply(id, [("error", .string(e.errorClass.rawValue)), ("message", .string(e.message))])
        case .unsupported(let why): return reply(id, [("unsupported", .string(why))])
        case .error(let why): return reply(id, [("fault", .string(why))])
        }
    }
}
