import ConcordFormats
import ConcordGeneration
import ConcordImplementations
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
    /// Some of them run code Concord did not write (`Provenance.isOutside`): a witness.
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
}

/// A finding as a vector, ready for a vector file (concord-vectors/1) of its suite.
public struct VectorDraft: Sendable {
    public var id: String
    public var op: String?
    /// `valid` with `outputs`, or `invalid` with `errorClass` (nil: any refusal).
    public var valid: Bool
    public var input: Fields
    public var outputs: [(String, Value)]
    public var errorClass: ErrorClass?
    public var comment: String
    /// `review`: no side includes an implementation not written by Concord, so the expected value
    /// came from Concord's own code and a person must confirm it (docs/exploration.md).
    public var needsReview: Bool
    public var source: String
}

extension Finding {
    /// The classes its shrunk input belongs to (docs/exploration.md, "What a finding names"):
    /// each field's size class, a text's Unicode classes and spellings, an integer at a wrap or at
    /// one of `spec`'s caps. The rare events and structured values its case drew are in `made`.
    public func classes(op spec: OpSpec? = nil) -> [String] {
        var caps: [String: [Int64]] = [:]
        for f in spec?.inputs ?? [] where !f.bounds.caps.isEmpty { caps[f.name] = f.bounds.caps }
        return InputClasses.describe(input.map { ($0.key, $0.value) }, caps: caps)
    }

    /// The vector that holds this finding (nil for an error no other implementation answered):
    /// `expect` from the side with an outside implementation (the larger one when several have
    /// one), marked for review when no side has one. A round trip's expected value is its input's.
    public func draft(op spec: OpSpec) -> VectorDraft? {
        let id = "explore-\(op ?? "op")-\(seed)-\(caseNumber)"
        let names = sides.map(\.label).joined(separator: " vs ")
        let classes = classes(op: spec)
        let source = "concord explore --seed \(seed) --case \(caseNumber) (\(suite) \(op ?? "")): \(names); \(rule)"
            + (classes.isEmpty ? "" : "; input classes: " + classes.joined(separator: "; "))
        if let (field, value) = compared {
            return VectorDraft(id: id, op: op, valid: true, input: input, outputs: [(field, value)], errorClass: nil,
                               comment: "found by exploration: \(names)", needsReview: false, source: source)
        }
        let candidates = sides.filter { if case .error = $0.answer { return false }; return true }
        let outside = candidates.filter(\.outside)
        let pool = outside.isEmpty ? candidates : outside
        guard let chosen = pool.max(by: { $0.implementations.count < $1.implementations.count }) else { return nil }
        let review = outside.isEmpty || outside.count > 1
        var d = VectorDraft(id: id, op: op, valid: true, input: input, outputs: [], errorClass: nil,
                            comment: "found by exploration: \(names); expect from \(chosen.implementations.joined(separator: "+"))",
                            needsReview: review, source: source)
        switch chosen.answer {
        case .outputs(let o):
            d.outputs = spec.expects.compactMap { f in o[f.name].map { (f.name, $0) } }
        case .refused(let c, _):
            d.valid = false
            d.errorClass = c == .unclassified ? nil : c
        case .error:
            return nil
        }
        return d
    }
}

extension VectorDraft {
    public static let header = "# Written by concord explore"

    /// The vector file (concord-vectors/1) of one suite's drafts; `quote` writes a YAML
    /// double-quoted scalar, `value` a value as a vector file writes it (ConcordWorkflows' Fill
    /// has both, one layer beside this one).
    public static func file(_ suite: Suite, _ drafts: [VectorDraft], quote: (String) -> String, value: (Value) -> String) -> String {
        var out = [header + " (docs/exploration.md): review each vector before adding it to a suite.",
                   "format: concord-vectors/1", "suite: \(suite.name)",
                   "title: " + quote("Divergences found by concord explore in \(suite.name)"),
                   "source: " + quote("Generated inputs, shrunk, by " + drafts.map(\.source).joined(separator: "; ") + ". Each vector's comment says whose answer is expected."),
                   "notes:",
                   "  explored: " + quote("found by concord explore; expect is the answer of the side with an implementation not written by Concord"),
                   "  review: " + quote("no side (or more than one) included an implementation not written by Concord: expect is one side's answer and must be confirmed by a person"),
                   "vectors:"]
        var ids = Set<String>()
        for d in drafts {
            // Several findings of one case (the cells of a round trip) get -2, -3, … (ids are unique per suite).
            var id = d.id, n = 1
            while ids.contains(id) { n += 1; id = d.id + "-\(n)" }
            ids.insert(id)
            out.append("  - id: \(id)")
            if let op = d.op { out.append("    op: \(op)") }
            out.append("    comment: " + quote(d.comment + " — " + d.source))
            out.append("    flags: [explored\(d.needsReview ? ", review" : "")]")
            if !d.valid { out.append("    result: invalid") }
            if d.input.isEmpty { out.append("    input: {}") } else { out.append("    input:") }
            for (k, v) in d.input { out.append("      \(k): \(value(v))") }
            if d.valid {
                if d.outputs.isEmpty { out.append("    expect: {}") } else { out.append("    expect:") }
                for (k, v) in d.outputs { out.append("      \(k): \(value(v))") }
            } else if let c = d.errorClass {
                out.append("    expect:")
                out.append("      error: \(c.rawValue)")
            }
        }
        return out.joined(separator: "\n") + "\n"
    }
}
