import ConcordFormats
import ConcordPlatform
import ConcordSuites
import Foundation
import ConcordPacks

/// One of Concord's in-process implementations behind the adapter line protocol (docs/adapters.md):
/// what `concord serve NAME` speaks, so that `concord explore --isolate` can run it in a process of
/// its own. Each request line is read as the protocol says, in its order (an unreadable line, a
/// malformed request, an unknown suite or op, a missing input, an input field the suite does not
/// know, a value of the wrong type), then held to the limits `run` applies to a vector, then run.
public struct ServedImplementation: Sendable {
    public let implementation: InProcessImplementation
    /// The Argon2 limits of `--max-kdf-memory` and `--max-kdf-work` (a request past them is
    /// answered `unsupported`, naming the limit, before the implementation is asked).
    public let limits: Limits

    /// A request line longer than this (its `\n` aside) is skipped, never held whole, and answered
    /// as an unreadable line (docs/adapters.md, "JSON subset").
    public static let maxLine = 16 << 20

    public init(_ implementation: InProcessImplementation, limits: Limits = Limits()) {
        self.implementation = implementation
        self.limits = limits
    }

    // MARK: the handshake

    /// Every op of every suite it runs, with the definition's inputs and outputs, and who wrote it.
    public var handshake: String {
        var suites: [JSON] = []
        for name in implementation.suites.sorted() {
            guard let suite = Suites.all[name] else { continue }
            let ops = suite.protocolOps.filter { implementation.support(suite: name, op: $0.name) == .runs }.map { op in
                JSON.object([("op", op.name.map(JSON.string) ?? .null),
                             ("inputs", .array(op.inputs.map { .string($0.name) })),
                             ("outputs", .array(op.expects.map { .string($0.name) }))])
            }
            var entry: [(String, JSON)] = [("suite", .string(name)), ("ops", .array(ops))]
            switch implementation.provenance(suite: name) {
            case .library(let what)?: entry.append(("provenance", .object([("library", .string(what))])))
            case .ownPort?: entry.append(("provenance", .string("port")))
            default: break
            }
            suites.append(.object(entry))
        }
        return JSON.object([("concord-adapter", .int(1)), ("name", .string(implementation.name)),
                            ("version", .string(implementation.version)), ("suites", .array(suites))]).serialized()
    }

    // MARK: serving

    /// Answers every request line of `fd` in order until its end (a last line without `\n` counts),
    /// handing each answer line (with its `\n`) to `write`. Memory stays bounded whatever comes in:
    /// at most one line of `maxLine` bytes and one read are held. False when `write` failed (the
    /// reader went away), or reading failed.
    public func serve(input fd: Int32, write: (String) -> Bool) -> Bool {
        var lines = RequestLines(maxLine: Self.maxLine)
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        let emit: (RequestLines.Line) -> Bool = { line in
            switch line {
            case .line(let bytes): return write(self.answer(bytes) + "\n")
            case .tooLong: return write(Self.tooLong + "\n")
            }
        }
        while true {
            let n = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            if n < 0 {
                if errno == EINTR { continue }
                return false
            }
            if n == 0 { return lines.finish(emit) }
            guard lines.feed(chunk[0..<n], emit) else { return false }
        }
    }

    /// The answer to a line over `maxLine`: the protocol's answer to an unreadable line.
    public static let tooLong = JSON.object([("id", .null), ("fault", .string("request line longer than \(maxLine) bytes"))]).serialized()

    /// The answer line to one request line: outputs, a refusal, unsupported, or a fault.
    public func answer(_ line: [UInt8]) -> String {
        let request: (id: Int64, request: Request)
        switch check(line) {
        case .answered(let a): return a
        case .run(let id, let r): request = (id, r)
        }
        let id = JSON.int(request.id)
        switch implementation.run(request.request) {
        case .outputs(let out): return Self.reply(id, [("outputs", .object(out.keys.sorted().map { ($0, out[$0]!.json) }))])
        case .refused(let e): return Self.reply(id, [("error", .string(e.errorClass.rawValue)), ("message", .string(e.message))])
        case .unsupported(let why): return Self.reply(id, [("unsupported", .string(why))])
        case .error(let why): return Self.reply(id, [("fault", .string(why))])
        }
    }

    static func reply(_ id: JSON, _ members: [(String, JSON)]) -> String { JSON.object([("id", id)] + members).serialized() }

    enum Checked {
        case answered(String)
        case run(Int64, Request)
    }

    /// The checks of docs/adapters.md ("Which answer a doubtful request gets"), in its order.
    func check(_ line: [UInt8]) -> Checked {
        func fault(_ id: Int64?, _ why: String) -> Checked { .answered(Self.reply(id.map(JSON.int) ?? .null, [("fault", .string(why))])) }
        func unsupported(_ id: Int64, _ why: String) -> Checked { .answered(Self.reply(.int(id), [("unsupported", .string(why))])) }
        func quoted(_ s: String) -> String { JSON.string(s).serialized() }

        // An unreadable line: answered against the adapter as a whole (id null).
        guard String(validating: line, as: UTF8.self) != nil else { return fault(nil, "request line is not valid UTF-8") }
        let json: JSON
        do { json = try JSON.parseProtocolLine(line) } catch {
            return fault(nil, "request line is not valid JSON: \(error.message) (column \(error.column))")
        }
        guard let members = json.objectValue else { return fault(nil, "a request must be a JSON object, found \(Self.kind(json))") }
        guard let idValue = json["id"] else { return fault(nil, "request has no id") }
        guard case .int(let id) = idValue else { return fault(nil, "request id must be an integer, found \(Self.kind(idValue))") }

        // A malformed request: a fault carrying its id.
        if let k = members.first(where: { !["id", "suite", "op", "input"].contains($0.key) })?.key {
            return fault(id, "unknown request member \(quoted(k))")
        }
        guard case .string(let suiteName)? = json["suite"] else {
            return fault(id, json["suite"].map { "request suite must be a string, found \(Self.kind($0))" } ?? "request has no suite")
        }
        var op: String? = nil
        switch json["op"] {
        case nil, .null?: break
        case .string(let s)?: op = s
        case let other?: return fault(id, "request op must be a string or null, found \(Self.kind(other))")
        }
        guard case .object(let input)? = json["input"] else {
            return fault(id, json["input"].map { "request input must be an object, found \(Self.kind($0))" } ?? "request has no input")
        }

        // What this implementation runs.
        let name = implementation.name
        guard let suite = Suites.all[suiteName] else { return unsupported(id, "unknown suite \(quoted(suiteName))") }
        guard implementation.suites.contains(suiteName) else { return unsupported(id, "\(name) does not implement the suite \(suiteName)") }
        let ops = suite.protocolOps
        guard let spec = suite.protocolOp(op) else {
            let names = ops.compactMap(\.name).joined(separator: ", ")
            if ops.count == 1, ops[0].name == nil { return unsupported(id, "suite \(suiteName) has no ops, got op \(quoted(op ?? ""))") }
            if op == nil { return unsupported(id, "suite \(suiteName) needs an op (\(names)), got none") }
            return unsupported(id, "suite \(suiteName) has no op \(quoted(op!)) (its ops: \(names))")
        }
        let label = suiteName + (op.map { " op " + $0 } ?? "")
        if case .unsupported(let why) = implementation.support(suite: suiteName, op: op) { return unsupported(id, why) }

        // The input against the op's fields: missing → fault, unknown → unsupported, mistyped → fault.
        let given = Set(input.map(\.key))
        if let missing = spec.inputs.first(where: { $0.required && !given.contains($0.name) }) {
            return fault(id, "bad request: input.\(missing.name) is missing (required by suite \(label))")
        }
        for group in spec.exactlyOne where group.filter(given.contains).count != 1 {
            return fault(id, "bad request: exactly one of input.\(group.joined(separator: ", input.")) must be given (suite \(label))")
        }
        let known = Set(spec.inputs.map(\.name))
        if let unknown = input.first(where: { !known.contains($0.key) })?.key {
            return unsupported(id, "input field \(quoted(unknown)) is not understood by \(name)'s suite \(label)")
        }
        var fields: [(String, Value)] = []
        for (key, value) in input {
            let field = spec.inputs.first { $0.name == key }!
            do { fields.append((key, try Self.decode(value, as: field.type))) } catch {
                return fault(id, "bad request: input.\(key)\(error.message.hasPrefix("hex:") ? "." : ": ")\(error.message)")
            }
        }
        let request = Request(suite: suiteName, op: op, input: Fields(ordered: fields))

        // The limits `run` applies to a vector (docs/limits.md), before the implementation is asked.
        if let why = suite.exceedsLimits(request.input, limits) { return unsupported(id, why) }
        return .run(id, request)
    }

    /// An input value as the protocol encodes its type (docs/adapters.md, "Values inside input").
    static func decode(_ json: JSON, as type: FieldType) throws(ContractError) -> Value {
        func wrong(_ expected: String) -> ContractError { ContractError(.format, "expected \(expected), found \(kind(json))") }
        switch type {
        case .bytes:
            guard let members = json.objectValue else { throw wrong(#"bytes {"hex":"..."}"#) }
            guard members.count == 1, members[0].key == "hex" else { throw ContractError(.format, #"bytes must be an object with the single member "hex""#) }
            guard let hex = members[0].value.stringValue else { throw ContractError(.format, "hex: expected a string, found \(kind(members[0].value))") }
            do { return .bytes(try Hex.decode(hex)) } catch { throw ContractError(.format, "hex: \(error.message)") }
        case .text:
            guard let s = json.stringValue else { throw wrong("text (a string)") }
            return .text(s)
        case .integer:
            guard let i = json.intValue else { throw wrong("an integer") }
            return .integer(i)
        case .record(let r):
            // A record (an answer): an object of exactly its members, each of its member type.
            let shape = "\(r.called) (an object of \(r.members.map { "\($0.name): \($0.type.jsonSpelled)" }.joined(separator: ", ")))"
            guard let members = json.objectValue, members.count == r.members.count else { throw wrong(shape) }
            var m: [String: Value] = [:]
            for (k, v) in members {
                guard let member = r.members.first(where: { $0.name == k }), m[k] == nil else { throw wrong(shape) }
                switch (member.type, v) {
                case (.integer(true), .null), (.string(true), .null): m[k] = .null
                case (.integer, .int(let i)): m[k] = .integer(i)
                case (.string, .string(let s)): m[k] = .text(s)
                case (.strings, .array(let items)) where items.allSatisfy({ $0.stringValue != nil }):
                    m[k] = .list(items.map { .text($0.stringValue!) })
                default: throw wrong(shape)
                }
            }
            return .map(m)
        }
    }

    /// What a JSON value is, for a message.
    static func kind(_ json: JSON) -> String {
        switch json {
        case .null: return "null"
        case .bool: return "a boolean"
        case .int: return "an integer"
        case .double: return "a number"
        case .string: return "a string"
        case .array: return "an array"
        case .object: return "an object"
        }
    }
}

/// Lines as they arrive in chunks, each at most `maxLine` bytes (its `\n` aside): a longer one is
/// dropped as it arrives, never held whole, and reported once its end is read. Every byte is looked
/// at once, however a line is cut into chunks.
public struct RequestLines {
    public enum Line: Equatable {
        case line([UInt8])
        /// A line over the limit, skipped: how many bytes it had.
        case tooLong(Int)
    }
    public let maxLine: Int
    private var current: [UInt8] = []
    /// The bytes of the line being skipped so far (0: none is).
    private var skipped = 0

    public init(maxLine: Int) { self.maxLine = maxLine }

    /// Hands `body` every line `chunk` completes, in order; stops early (false) when `body` does.
    public mutating func feed(_ chunk: ArraySlice<UInt8>, _ body: (Line) -> Bool) -> Bool {
        var start = chunk.startIndex
        while start < chunk.endIndex {
            let nl = Self.newline(in: chunk[start...])
            let piece = chunk[start..<(nl ?? chunk.endIndex)]
            if skipped > 0 {
                skipped += piece.count
            } else if current.count + piece.count > maxLine {
                skipped = current.count + piece.count
                current = []
            } else {
                current += piece
            }
            guard let nl else { break }
            start = nl + 1
            guard emit(body) else { return false }
        }
        return true
    }

    /// The index of the first `\n` (memchr: a debug build's generic search took 7 s for 80 MiB).
    static func newline(in bytes: ArraySlice<UInt8>) -> Int? {
        bytes.withUnsafeBytes { raw -> Int? in
            guard let base = raw.baseAddress, let hit = memchr(base, 10, raw.count) else { return nil }
            return bytes.startIndex + (UnsafeRawPointer(hit) - base)
        }
    }

    /// At the end of the input: a last line without `\n` is a line too.
    public mutating func finish(_ body: (Line) -> Bool) -> Bool {
        guard skipped > 0 || !current.isEmpty else { return true }
        return emit(body)
    }

    private mutating func emit(_ body: (Line) -> Bool) -> Bool {
        let line: Line = skipped > 0 ? .tooLong(skipped) : .line(current)
        // A long line's buffer is let go; a short one's is kept for the next.
        if current.capacity > 1 << 20 { current = [] } else { current.removeAll(keepingCapacity: true) }
        skipped = 0
        return body(line)
    }
}
