import Foundation

/// A refusal class of the contract (docs/vector-format.md).
public enum RefusalClass: String, Sendable, CaseIterable {
    case authentication, format, parameters, key
}

/// The app refused the input as the contract requires: a handler throws it (or `refuse` maps the
/// app's own error to it).
public struct ConcordRefusal: Error, Sendable {
    public var errorClass: RefusalClass
    public var message: String
    public init(_ errorClass: RefusalClass, _ message: String = "") {
        self.errorClass = errorClass
        self.message = message
    }
}

/// The app cannot run this vector at all: left out of a captured file, `unsupported` as a live
/// adapter. Never a pass.
public struct ConcordUnsupported: Error, Sendable {
    public var reason: String
    public init(_ reason: String) { self.reason = reason }
}

/// One output value a handler computed.
public enum ConcordOutput: Sendable, Equatable {
    case bytes([UInt8])
    case text(String)
    case integer(Int64)
    /// An answer (`closer.sealed-answer open`): written as the vector files and the adapter protocol
    /// write one, all three keys, an absent value as `null`.
    case answer(ConcordAnswer)

    public static func data(_ d: Data) -> ConcordOutput { .bytes(Array(d)) }

    var json: KitJSON {
        switch self {
        case .bytes(let b): return .object([("hex", .string(Hex.encode(b)))])
        case .text(let s): return .string(s)
        case .integer(let i): return .integer(i)
        case .answer(let a):
            return .object([("scaleValue", a.scaleValue.map { .integer($0) } ?? .null),
                            ("selectedOptionIds", .array(a.selectedOptionIds.map { .string($0) })),
                            ("writtenText", a.writtenText.map { .string($0) } ?? .null)])
        }
    }
}

/// Concord's kit for an app's own Swift code (docs/platforms.md). Register a handler per suite (and
/// op) that calls the app's real code, then `run` an export file's vectors and `write` the
/// captured-outputs file (`concord-outputs/1`), or `serve` as a live adapter of the line protocol.
public struct ConcordKit: Sendable {
    public typealias Handler = @Sendable (ConcordVector) throws -> [String: ConcordOutput]

    public let name: String
    public var platform: String?
    public var version: String

    struct Registration: Sendable {
        var suite: String
        var op: String?
        var handler: Handler
        var inputs: [String]?
        var outputs: [String]?
    }
    var registrations: [Registration] = []
    var refusals: [@Sendable (any Error) -> RefusalClass?] = []

    /// `name`: the implementation's name (no whitespace, no comma), e.g. `ios`.
    public init(name: String, platform: String? = nil, version: String = "unversioned") {
        precondition(!name.isEmpty && !name.contains(where: { $0.isWhitespace || $0 == "," }),
                     "an implementation name must be non-empty, without spaces or commas")
        self.name = name
        self.platform = platform
        self.version = version
    }

    /// Registers the handler of a suite and op (`op` nil for a suite without ops). `inputs` and
    /// `outputs` declare its fields for the adapter handshake (else `fields(from:)` reads them).
    public mutating func on(_ suite: String, op: String? = nil, inputs: [String]? = nil, outputs: [String]? = nil,
                            _ handler: @escaping Handler) {
        precondition(!registrations.contains { $0.suite == suite && $0.op == op }, "\(suite) \(op ?? "") is registered twice")
        registrations.append(Registration(suite: suite, op: op, handler: handler, inputs: inputs, outputs: outputs))
    }

    /// Maps the app's own errors to refusal classes (nil: not a refusal).
    public mutating func refuse(_ classify: @escaping @Sendable (any Error) -> RefusalClass?) {
        refusals.append(classify)
    }

    /// Takes the field names of every registration that did not declare them from the export's
    /// vectors of that suite and op (the union over them).
    public mutating func fields(from export: ConcordExport) {
        for i in registrations.indices {
            let r = registrations[i]
            let vs = export.vectors.filter { $0.suite == r.suite && $0.op == r.op }
            if r.inputs == nil { registrations[i].inputs = union(vs.map(\.fields)) }
            if r.outputs == nil { registrations[i].outputs = union(vs.map(\.expectedFields)) }
        }
    }

    private func union(_ lists: [[String]]) -> [String] {
        var out: [String] = []
        for l in lists { for f in l where !out.contains(f) { out.append(f) } }
        return out
    }

    enum Outcome {
        case outputs(KitJSON)
        case refused(RefusalClass, String)
        case unsupported(String)
        case failure(String)
    }

    func compute(_ r: Registration, _ v: ConcordVector) -> Outcome {
        let out: [String: ConcordOutput]
        do { out = try r.handler(v) } catch let e as ConcordRefusal {
            return .refused(e.errorClass, e.message)
        } catch let e as ConcordUnsupported {
            return .unsupported(e.reason)
        } catch let e as ConcordInputError {
            return .failure(e.description)
        } catch {
            for classify in refusals { if let c = classify(error) { return .refused(c, "\(error)") } }
            return .failure("\(error)")
        }
        let label = r.suite + (r.op.map { " " + $0 } ?? "")
        if out.isEmpty { return .failure("the handler of \(label) wrote no output") }
        if let declared = r.outputs, let extra = out.keys.sorted().first(where: { !declared.contains($0) }) {
            return .failure("the handler of \(label) wrote \(extra), which it does not declare")
        }
        return .outputs(.object(out.keys.sorted().map { ($0, out[$0]!.json) }))
    }

    /// Runs every vector of the export whose suite and op are registered; the others are left out.
    public func run(_ export: ConcordExport) -> ConcordRun {
        var run = ConcordRun(name: name, platform: platform, version: version)
        for v in export.vectors {
            guard let r = registrations.first(where: { $0.suite == v.suite && $0.op == v.op }) else { continue }
            switch compute(r, v) {
            case .outputs(let o): run.results.append(.object([("vector", .string(v.name)), ("outputs", o)]))
            case .refused(let c, let m):
                run.results.append(.object([("vector", .string(v.name)), ("error", .string(c.rawValue)), ("message", .string(m))]))
            case .unsupported: run.unsupported.append(v.name)
            case .failure(let why): run.failures.append("\(v.name): \(why)")
            }
        }
        return run
    }
}

/// What `ConcordKit.run` computed: the captured-outputs file's answers, and the failures.
public struct ConcordRun: Sendable {
    let name: String
    let platform: String?
    let version: String
    var results: [KitJSON] = []
    /// Vectors whose handler threw something that is no refusal (`name: error`): a test should fail.
    public internal(set) var failures: [String] = []
    /// Vectors the handler declared unsupported (left out of the file).
    public internal(set) var unsupported: [String] = []

    /// How many vectors were answered (outputs or a refusal).
    public var answered: Int { results.count }

    /// The `concord-outputs/1` text, one answer per line.
    public var json: String {
        var impl: [(String, KitJSON)] = [("name", .string(name))]
        if let platform { impl.append(("platform", .string(platform))) }
        impl.append(("version", .string(version)))
        var out = "{\"format\":\"concord-outputs/1\",\n \"implementation\":" + KitJSON.object(impl).serialized + ",\n \"results\":["
        for (i, r) in results.enumerated() { out += (i == 0 ? "\n  " : ",\n  ") + r.serialized }
        return out + "]}\n"
    }

    /// Writes the captured-outputs file (atomically).
    public func write(to url: URL) throws {
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(json.utf8).write(to: url, options: .atomic)
    }
}
