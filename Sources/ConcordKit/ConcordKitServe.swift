import Foundation

/// The live adapter: the line protocol of docs/adapters.md over standard input and output.
extension ConcordKit {
    /// The handshake line: exactly the registered suites and ops, with their fields. Its name is the one
    /// Concord gave the adapter (CONCORD_ADAPTER_NAME, set for `--adapter` and `concord.yaml`), else the kit's.
    public func handshake(announcing announced: String? = ProcessInfo.processInfo.environment["CONCORD_ADAPTER_NAME"]) -> String {
        var suites: [(String, [KitJSON])] = []
        for r in registrations {
            let op = KitJSON.object([("op", r.op.map { .string($0) } ?? .null),
                                     ("inputs", .array((r.inputs ?? []).map { .string($0) })),
                                     ("outputs", .array((r.outputs ?? []).map { .string($0) }))])
            if let i = suites.firstIndex(where: { $0.0 == r.suite }) { suites[i].1.append(op) } else { suites.append((r.suite, [op])) }
        }
        let shown = announced.flatMap { $0.isEmpty ? nil : $0 } ?? name
        return KitJSON.object([("concord-adapter", .integer(1)), ("name", .string(shown)),
                               ("version", .string(platform.map { "\(version) (\($0))" } ?? version)),
                               ("suites", .array(suites.map { .object([("suite", .string($0.0)), ("ops", .array($0.1))]) }))]).serialized
    }

    /// The answer line to one request line.
    public func answer(_ line: [UInt8]) -> String {
        func reply(_ id: KitJSON, _ member: String, _ value: KitJSON, _ extra: [(String, KitJSON)] = []) -> String {
            KitJSON.object([("id", id), (member, value)] + extra).serialized
        }
        guard let req = try? KitJSON.parse(line, maxDepth: KitJSON.protocolDepth) else { return reply(.null, "fault", .string("request line is not valid JSON")) }
        guard case .object(let members) = req, case .integer(let n)? = req["id"] else {
            return reply(.null, "fault", .string("request line is not an object with an integer id"))
        }
        let id = KitJSON.integer(n)
        if let k = members.map(\.0).first(where: { !["id", "suite", "op", "input"].contains($0) }) {
            return reply(id, "fault", .string("unknown request member \"\(k)\""))
        }
        var op: String? = nil
        switch req["op"] { case .string(let s)?: op = s; case nil, .null?: break; default: return reply(id, "fault", .string("op is neither text nor null")) }
        guard case .string(let suite)? = req["suite"], case .object(let input)? = req["input"] else {
            return reply(id, "fault", .string("a request needs suite (text) and input (an object)"))
        }
        guard registrations.contains(where: { $0.suite == suite }) else {
            return reply(id, "unsupported", .string("\(name) does not register the suite \(suite)"))
        }
        guard let r = registrations.first(where: { $0.suite == suite && $0.op == op }) else {
            return reply(id, "unsupported", .string("\(name) does not register \(suite) \(op ?? "(no op)")"))
        }
        if let f = input.map(\.0).first(where: { !(r.inputs ?? []).contains($0) }) {
            return reply(id, "unsupported", .string("\(name) does not read the input field \(f) of \(suite)\(op.map { " " + $0 } ?? "")"))
        }
        switch compute(r, ConcordVector(name: "", suite: suite, op: op, result: "", input: input, expect: nil)) {
        case .outputs(let o): return reply(id, "outputs", o)
        case .refused(let c, let m): return reply(id, "error", .string(c.rawValue), [("message", .string(m))])
        case .unsupported(let why): return reply(id, "unsupported", .string(why))
        case .failure(let why): return reply(id, "fault", .string(why))
        }
    }

    /// A request line longer than this (its `\n` aside) is skipped and answered as unreadable.
    public static let maxLine = 16 << 20
    static let tooLong = KitJSON.object([("id", .null), ("fault", .string("request line longer than \(maxLine) bytes"))]).serialized

    /// Speaks the protocol until end of input, then returns 0 (2 when a registration's fields are
    /// unknown: declare them, or call `fields(from:)`). Write nothing else to standard output meanwhile.
    public func serve(input: FileHandle = .standardInput, output: FileHandle = .standardOutput) -> Int32 {
        for r in registrations where (r.inputs ?? []).isEmpty || (r.outputs ?? []).isEmpty {
            FileHandle.standardError.write(Data("\(name): the fields of \(r.suite) \(r.op ?? "") are unknown: declare them or call fields(from:)\n".utf8))
            return 2
        }
        output.write(Data((handshake() + "\n").utf8))
        // A line over the limit is dropped as it arrives and answered once its end is read; each
        // byte is looked at once (docs/adapters.md, "JSON subset").
        var line: [UInt8] = []
        var skipped = 0
        func end() {
            output.write(Data(((skipped > 0 ? Self.tooLong : answer(line)) + "\n").utf8))
            if line.capacity > 1 << 20 { line = [] } else { line.removeAll(keepingCapacity: true) }
            skipped = 0
        }
        while true {
            let chunk = [UInt8](input.availableData)
            if chunk.isEmpty { break }
            var start = 0
            while start < chunk.count {
                let nl = chunk[start...].withUnsafeBytes { raw in
                    memchr(raw.baseAddress!, 10, raw.count).map { start + (UnsafeRawPointer($0) - raw.baseAddress!) }
                }
                let piece = chunk[start..<(nl ?? chunk.count)]
                if skipped > 0 {
                    skipped += piece.count
                } else if line.count + piece.count > Self.maxLine {
                    skipped = line.count + piece.count
                    line = []
                } else {
                    line += piece
                }
                guard let nl else { break }
                start = nl + 1
                end()
            }
        }
        if skipped > 0 || !line.isEmpty { end() }
        return 0
    }
}
