import ConcordFormats

/// What a contract pack contributes to Concord, in one value (its module's `<Name>Pack.pack`):
/// the contract, its suites, its Swift port, and the explanation rules for its traps. ConcordPacks
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
    /// The word lists its contract's fresh values are drawn from, by fresh kind (`recovery-phrase`):
    /// the scenario reader hands the list to the generation layer with the declaration, so
    /// ConcordGeneration draws a pack's words without naming the pack.
    public var freshWords: [String: [String]]
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
                freshWords: [String: [String]] = [:], kdfMemoryKiB: Int = 0,
                wireForms: [WireForm] = []) {
        self.contract = contract
        self.suites = suites
        self.port = port
        self.rules = rules
        self.aads = aads
        self.freshWords = freshWords
        self.kdfMemoryKiB = kdfMemoryKiB
        self.wireForms = wireForms
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
