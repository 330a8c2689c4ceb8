import ConcordFormats
import ConcordGeneration
import ConcordImplementations
import ConcordPacks
import ConcordSuites

/// One op of one suite to explore, with the inputs of the suite's own vectors of that op as seeds.
public struct Target: Sendable {
    public let suite: Suite
    public let op: OpSpec
    /// Seed inputs: the suite's vectors of this op (`name` is the vector's).
    public let seeds: [(name: String, input: Fields)]
    /// Made once, read for every case: the op's output names, its expect fields in order, the
    /// fields of exactly-one groups, and for each input field another op outputs, that op's place.
    let outputNames: Set<String>
    let expectNames: [String]
    let grouped: Set<String>
    let producedBy: [String: Int]
    public init(suite: Suite, op: OpSpec, seeds: [(name: String, input: Fields)] = []) {
        self.suite = suite
        self.op = op
        self.seeds = seeds
        outputNames = op.outputNames
        expectNames = op.expects.map(\.name)
        grouped = Set(op.exactlyOne.flatMap { $0 })
        var produced: [String: Int] = [:]
        // An op declared before this one (seal before open, encrypt before decrypt, sign before
        // verify) whose outputs hold the field; none for a round trip, whose inputs are all given.
        if suite.roundtrip?.op != op.name, let mine = suite.ops.firstIndex(where: { $0.name == op.name }) {
            for f in op.inputs {
                if let k = suite.ops[..<mine].firstIndex(where: { p in p.name != suite.roundtrip?.op && p.expects.contains { $0.name == f.name } }) {
                    produced[f.name] = k
                }
            }
        }
        producedBy = produced
    }
    /// The op's name, `-` for a suite without ops (in paths and messages).
    public var opLabel: String { op.name ?? "-" }
    /// The suite's round trip when this op is it.
    public var roundtrip: RoundtripSpec? { suite.roundtrip.flatMap { $0.op == op.name ? $0 : nil } }

    /// Every op of a suite.
    public static func all(_ suite: Suite, seeds: [String?: [(name: String, input: Fields)]] = [:]) -> [Target] {
        suite.ops.map { Target(suite: suite, op: $0, seeds: seeds[$0.name] ?? []) }
    }
}

/// What one implementation (or several alike) answered.
public enum Reply: Sendable, Equatable {
    case outputs([String: Value])
    case refused(ErrorClass, String)
    case error(String)

    /// The word a signature shows: `outputs`, `refused (format)`, `error`.
    public var word: String {
        switch self {
        case .outputs: return "outputs"
        case .refused(let c, _): return "refused (\(c.rawValue))"
        case .error: return "error"
        }
    }
}

/// The implementations that answered alike, with who wrote each one's code for the suite.
public struct Side: Sendable, Equatable {
    public var implementations: [String]
    public var answer: Reply
    /// A library's own code is among them (`Provenance.library`): the explanation rules take this
    /// side's value as the expected one. Who may decide a vector's expected value is `Testimony`'s.
    public var outside: Bool
    public init(implementations: [String], answer: Reply, outside: Bool) {
        self.implementations = implementations
        self.answer = answer
        self.outside = outside
    }
    public var label: String { implementations.joined(separator: "+") + " " + answer.word }
}

/// A divergence exploration found: its signature, the case that found it first, how often it
/// occurred, and its input shrunk while the signature held.
public struct Finding: Sendable {
    public enum Kind: Sendable, Equatable {
        /// The implementations of an op answered differently.
        case divergence
        /// An implementation crashed, hung or answered nonsense.
        case error
        /// A round trip failed: `sealer`'s sealed value was refused or opened wrong by `opener`.
        case roundtrip(sealer: String, opener: String)
        /// Libraries' own code answered another finding's input differently from each other
        /// (`Explorer.settle`): no vector of its own (that finding's is pending).
        case librariesDisagree
    }
    public var suite: String
    public var op: String?
    public var kind: Kind
    /// `suite op: side vs side [rule]`: equal signatures are one finding.
    public var signature: String
    public var sides: [Side]
    /// The explanation rule that fits the difference, or "no known cause".
    public var rule: String
    public var seed: UInt64
    /// The first case found with it (`--case`).
    public var caseNumber: Int
    public var occurrences: Int
    /// What the case was made of (a seed vector's name, the mutation).
    public var made: String
    /// The case's input as generated, and shrunk.
    public var original: Fields
    public var input: Fields
    public var shrinkSteps: Int
    /// The round trip's op and the value every opening must find (round-trip findings).
    public var compared: (field: String, value: Value)?
    /// Every implementation's answer to the shrunk input, grouped, and whose answer a vector may
    /// expect (`WitnessRule`); nil for a round trip (its expected value is its input's).
    public var testimony: Testimony? = nil
}

extension Finding {
    /// The classes its shrunk input belongs to (docs/exploration.md, "What a finding names"):
    /// each field's size class, a text's Unicode classes and spellings, an integer at a wrap or at
    /// one of `spec`'s caps. The rare events and structured values its case drew are in `made`.
    public func classes(op spec: OpSpec? = nil) -> [String] {
        var caps: [String: [Int64]] = [:]
        for f in spec?.inputs ?? [] where !f.bounds.caps.isEmpty { caps[f.name] = f.bounds.caps }
        return InputClasses.describe(input.map { ($0.key, $0.value) }, caps: caps, forms: Packs.wireForms)
    }
}
