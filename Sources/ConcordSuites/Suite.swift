import ConcordFormats

/// One input or output field of an op: its name, type, whether a vector must give it, and the
/// sentence the schema and the docs show.
public struct FieldSpec: Sendable {
    public var name: String
    public var type: FieldType
    public var required: Bool
    /// The smallest integer the field takes (a count of bytes cannot be negative), as the schema's `minimum`.
    public var minimum: Int64?
    /// A short title (the schema's `title`), when the name alone does not say it.
    public var title: String?
    /// What the field holds, one or two sentences (the schema's `description`).
    public var doc: String
    /// What `concord explore` generates for it, when its type does not say enough (`kind(_:)`).
    public var hint: FieldKind?
    /// What the contract bounds about its generated values: associated data, a largest size, a
    /// counter's caps (docs/exploration.md, "Sizes").
    public var bounds = FieldBounds()

    public init(_ name: String, _ type: FieldType, required: Bool = true, minimum: Int64? = nil, title: String? = nil,
                _ doc: String = "") {
        self.name = name
        self.type = type
        self.required = required
        self.minimum = minimum
        self.title = title
        self.doc = doc
    }

    /// This field, generated as `kind` by `concord explore` (docs/exploration.md, "Field kinds").
    public func kind(_ kind: FieldKind) -> FieldSpec {
        var f = self
        f.hint = kind
        return f
    }

    /// Associated data of some kind (AAD, context, info): generated empty at a high rate.
    public func associatedData() -> FieldSpec {
        var f = self
        f.bounds.associatedData = true
        return f
    }

    /// At most `size` bytes (text: characters, UTF-8 bytes and UTF-16 units) where the contract says so.
    public func atMost(_ size: Int) -> FieldSpec {
        var f = self
        f.bounds.maxSize = size
        return f
    }

    /// A counter's caps in the contract, each generated exactly and ±1.
    public func caps(_ caps: [Int64]) -> FieldSpec {
        var f = self
        f.bounds.caps = caps
        return f
    }

    /// What `concord explore` generates for it: its hint, else the kind its type implies.
    public var kind: FieldKind? {
        if let hint { return hint }
        if case .record(let r) = type { return .record(r) }
        return FieldKind.of(typeName: type.rawValue, minimum: minimum)
    }
}

/// One direction of a suite (`wrap`, `open`, …), or the only one (`name == nil`).
public struct OpSpec: Sendable {
    public var name: String?
    public var inputs: [FieldSpec]
    public var expects: [FieldSpec]
    /// Groups of optional inputs of which a vector must give exactly one.
    public var exactlyOne: [[String]]
    /// What the op does, one sentence (the schema's description of the op).
    public var doc: String

    public init(_ name: String?, _ doc: String = "", inputs: [FieldSpec], expects: [FieldSpec], exactlyOne: [[String]] = []) {
        self.name = name
        self.doc = doc
        self.inputs = inputs
        self.expects = expects
        self.exactlyOne = exactlyOne
    }

    public var inputNames: Set<String> { Set(inputs.map(\.name)) }
    public var outputNames: Set<String> { Set(expects.map(\.name)) }
}

/// How an op with randomized outputs is checked (Tink's cross-language tests do the same): every
/// implementation seals with `sealOp`, every implementation opens every sealed result with
/// `openOp`, and the opened `compared` field must equal the vector's expected one.
public struct RoundtripSpec: Sendable {
    public var op: String
    public var sealOp: String
    public var openOp: String
    /// The seal's output field that becomes the open's input field of the same name.
    public var carried: String
    /// The vector's input fields the open request also takes.
    public var openInputs: [String]
    public var compared: String
    public init(op: String, sealOp: String, openOp: String, carried: String, openInputs: [String], compared: String) {
        self.op = op
        self.sealOp = sealOp
        self.openOp = openOp
        self.carried = carried
        self.openInputs = openInputs
        self.compared = compared
    }
}

/// Resource limits a vector must respect before any implementation is asked to run it.
public struct Limits: Sendable {
    /// Argon2 memory per hash, KiB (`--max-kdf-memory`, default 4 GiB).
    public var maxKdfMemoryKiB: UInt64 = 4 << 20
    /// Argon2 work per hash, KiB × passes (`--max-kdf-work`, default 2^26: ~30 s in libsodium here).
    public var maxKdfWork: UInt64 = 1 << 26
    public init() {}

    /// The Argon2 limit `p` goes past, said as `Argon2 memory … KiB<joiner> the limit of …` with
    /// the option that raises it (memory first, then work m×t), or nil within both: the one check
    /// of every suite whose input names Argon2 parameters (`joiner`: " is above", ", above").
    public func kdfExcess(_ p: KdfParams, joiner: String) -> String? {
        if UInt64(p.memoryKiB) > maxKdfMemoryKiB {
            return "Argon2 memory \(p.memoryKiB) KiB\(joiner) the limit of \(maxKdfMemoryKiB) KiB (raise it with --max-kdf-memory KIB)"
        }
        let work = UInt64(p.memoryKiB) * UInt64(p.iterations)
        if work > maxKdfWork {
            return "Argon2 work m×t = \(work) KiB·passes\(joiner) the limit of \(maxKdfWork) (raise it with --max-kdf-work N)"
        }
        return nil
    }
}

/// A suite, defined once: its contract pack, its ops with their typed fields, how heavy a vector is,
/// the limits it must respect, what is worth a warning, its round trip, and the sentence `concord
/// list` and the docs show. The schema (`concord schema`), the loader, the planner, every
/// implementation's registration (handlers take this value; adapters' handshakes are checked
/// against it) and the tests follow from this one value.
public struct Suite: Sendable {
    /// The canonical name: `closer.field` for a pack's suite, `aes-gcm` for a primitive.
    public var name: String
    /// The pack (`Contract.name`) it belongs to, or nil for a primitive suite.
    public var contract: String?
    /// One sentence: what it checks (`concord list`, the docs, the schema's description).
    public var summary: String
    public var ops: [OpSpec]
    /// Earlier names that still load, each with a one-line note naming the canonical one.
    public var aliases: [String]
    /// The implementations that must implement it (a test holds every one of them to it: an
    /// implementation that forgets to register, or whose adapter does not announce it, fails).
    public var implementations: [String]
    /// Relative cost of one vector on one implementation, in estimated seconds (for scheduling).
    public var cost: @Sendable (Fields) -> Double
    /// The costly work a vector shares with other vectors (a KEK derived from the same secret, salt
    /// and parameters): each key is computed once per implementation in a run (SharedDerivations),
    /// so `--shard` keeps vectors that name a common key in one shard (docs/ci.md).
    public var sharedWork: @Sendable (Fields) -> [SharedWork]
    /// Why a vector exceeds the limits, if it does (the message names the limit and its flag).
    public var exceedsLimits: @Sendable (Fields, Limits) -> String?
    /// What is worth flagging about a vector's input even when every implementation agrees.
    public var warnings: @Sendable (Fields) -> [String]
    /// Whether the definition gave `warnings` (a run asks only those suites, not every vector).
    public private(set) var hasWarnings: Bool
    public var roundtrip: RoundtripSpec?
    /// What the app writes and keeps, and how a later release opens it (`concord archive add`,
    /// docs/archive.md); empty for a suite whose outputs are computed, not kept and opened.
    public var artifacts: [ArtifactSpec]

    public init(name: String, contract: String? = nil, summary: String, ops: [OpSpec], aliases: [String] = [],
                implementations: [String],
                cost: @escaping @Sendable (Fields) -> Double = { _ in 1e-6 },
                sharedWork: @escaping @Sendable (Fields) -> [SharedWork] = { _ in [] },
                exceedsLimits: @escaping @Sendable (Fields, Limits) -> String? = { _, _ in nil },
                warnings: (@Sendable (Fields) -> [String])? = nil,
                roundtrip: RoundtripSpec? = nil, artifacts: [ArtifactSpec] = []) {
        self.name = name
        self.contract = contract
        self.summary = summary
        self.ops = ops
        self.aliases = aliases
        self.implementations = implementations
        self.cost = cost
        self.sharedWork = sharedWork
        self.exceedsLimits = exceedsLimits
        self.warnings = warnings ?? { _ in [] }
        self.hasWarnings = warnings != nil
        self.roundtrip = roundtrip
        self.artifacts = artifacts
    }

    public var opNames: [String] { ops.compactMap(\.name) }
    public func op(_ name: String?) -> OpSpec? { ops.first { $0.name == name } }
    /// Every input field of any op (what `defaults` may hold).
    public var allInputs: [FieldSpec] {
        var seen = Set<String>()
        return ops.flatMap(\.inputs).filter { seen.insert($0.name).inserted }
    }

    /// The ops an implementation runs, as a handshake announces them: the vector-file ops plus the
    /// round trip's seal op (its inputs are the round-trip op's, its output the carried field).
    public var protocolOps: [OpSpec] {
        guard let rt = roundtrip, let base = op(rt.op),
              let carried = ops.flatMap(\.expects).first(where: { $0.name == rt.carried })
                ?? ops.flatMap(\.inputs).first(where: { $0.name == rt.carried }) else { return ops }
        return ops + [OpSpec(rt.sealOp, "Seal with fresh randomness, for the round-trip matrix.", inputs: base.inputs,
                             expects: [FieldSpec(carried.name, carried.type, carried.doc)])]
    }
    public func protocolOp(_ name: String?) -> OpSpec? { protocolOps.first { $0.name == name } }

    /// The folder its vectors live in, relative to the repository: `vectors/<pack>/<short name>` or
    /// `vectors/primitives/<name>`.
    public var vectorFolder: String {
        if let contract { return "vectors/\(contract)/\(shortName)" }
        return "vectors/primitives/\(name)"
    }
    /// The name without its pack prefix (`field` for `closer.field`).
    public var shortName: String {
        if let contract, name.hasPrefix(contract + ".") { return String(name.dropFirst(contract.count + 1)) }
        return name
    }
}

/// One piece of costly work a vector's check performs that another vector may perform identically:
/// `key` names it exactly (equal keys, equal work), `cost` is its part of the vector's `cost`.
public struct SharedWork: Sendable, Hashable {
    public var key: String
    public var cost: Double
    public init(key: String, cost: Double) {
        self.key = key
        self.cost = cost
    }
}
