import ConcordFormats
import ConcordGeneration

/// What a contract pack contributes to Concord, in one value (its module's `<Name>Pack.pack`):
/// the contract, its suites, its Swift port, the explanation rules for its traps, the fresh kinds
/// its scenarios draw, and (through its suites' fields) the record types it defines. ConcordPacks
/// lists every pack once (`Packs.all`); the catalog, the schema, the `swift` implementation and the
/// explanation rules are derived from that list, so the harness core names no pack.
public struct Pack: Sendable {
    public var contract: Contract
    /// Its suites, in the order `concord list` shows them.
    public var suites: [Suite]
    /// The Swift port: a handler per suite, made for these options (the `swift` implementation
    /// registers them as Concord's own port).
    public var port: @Sendable (PortOptions) -> [SuiteHandler]
    /// Its explanation rules, each with its place among the generic ones.
    public var rules: [PlacedRule]
    /// The AADs its contract has used, named, from what a vector's input tells (in the order they are
    /// tried): the generic rules over AES-GCM blobs (`different-aad`, `sealed-plaintext`,
    /// `only-the-tag`) try every pack's.
    public var aads: @Sendable (Fields) -> [ContractAAD]
    /// The kinds of fresh value its contract's scenarios draw (`recovery-phrase`, `answer`), each
    /// with its parts, options, edges and the function that draws it: the scenario reader and the
    /// scenario schema take every pack's beside the generic ones (`[Pack].freshKinds`).
    public var freshKinds: [FreshKind]
    /// The most Argon2id memory, in KiB, one derivation of its flows takes (0: none). A scenario run
    /// sizes the implementations' memory with the largest of the packs' (`PlannedWork`), before any
    /// vector tells it.
    public var kdfMemoryKiB: Int
    /// The forms its contract puts on the wire (Closer's `enc:v1:`…), each with its prefix, alphabet
    /// and layout. The core names none: the reports say where two wire strings differ in them
    /// (`Wire.difference`), the generic rules compare their blobs and the generators spell and draw
    /// them, all from the forms of `Packs.all` (`Packs.wireForms`).
    public var wireForms: [WireForm]

    public init(contract: Contract, suites: [Suite], port: @escaping @Sendable (PortOptions) -> [SuiteHandler] = { _ in [] },
                rules: [PlacedRule] = [], aads: @escaping @Sendable (Fields) -> [ContractAAD] = { _ in [] },
                freshKinds: [FreshKind] = [], kdfMemoryKiB: Int = 0,
                wireForms: [WireForm] = []) {
        self.contract = contract
        self.suites = suites
        self.port = port
        self.rules = rules
        self.aads = aads
        self.freshKinds = freshKinds
        self.kdfMemoryKiB = kdfMemoryKiB
        self.wireForms = wireForms
    }
}

extension Pack {
    /// The record types it defines (`RecordType`: Closer's `answer`), found where it uses them (its
    /// suites' fields, its fresh kinds' parts), each once, in that order.
    public var records: [RecordType] {
        var out: [RecordType] = []
        let fields = suites.flatMap { $0.ops.flatMap { $0.inputs + $0.expects } }.map(\.type.record)
        let parts = freshKinds.flatMap { $0.parts.map { p -> RecordType? in if case .record(let r) = p.type { return r } else { return nil } } }
        for case let r? in fields + parts where !out.contains(r) { out.append(r) }
        return out
    }
}

extension Array where Element == Pack {
    /// Every fresh kind a scenario may declare with these packs: the generic ones, then theirs
    /// (`FreshKind.catalog`).
    public var freshKinds: [FreshKind] { FreshKind.catalog(flatMap(\.freshKinds)) }

    /// Every record type these packs define, each once, in their order: what the vector writer's
    /// key order and the schema's `$defs` are made from.
    public var records: [RecordType] {
        var out: [RecordType] = []
        for r in flatMap(\.records) where !out.contains(where: { $0.name == r.name }) { out.append(r) }
        return out
    }
}

/// What the `swift` implementation tells a pack's port when it builds it.
public struct PortOptions: Sendable {
    /// Whether a repeated KEK derivation may be computed once per run (`--no-shared-kdf` turns it off).
    public var shareDerivations: Bool
    public init(shareDerivations: Bool = true) {
        self.shareDerivations = shareDerivations
    }
}

/// An AAD a contract has used, with the name messages call it by.
public struct ContractAAD: Sendable, Equatable {
    public var name: String
    public var bytes: [UInt8]

    public init(name: String, bytes: [UInt8]) {
        self.name = name
        self.bytes = bytes
    }
}
