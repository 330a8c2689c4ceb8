import ConcordFormats
import ConcordGeneration
import ConcordSuites
import ConcordYAML

/// A scenario (`concord-scenario/1`, docs/scenarios.md): roles, fresh values, steps each done by one
/// role as one op of one suite, and checks. Read and checked by `ScenarioReader`: every name it
/// holds resolves, every reference has the type of the field it feeds, and `steps` is in an order
/// where every step comes after the steps it reads.
public struct Scenario: Sendable {
    public var name: String
    public var file: String
    public var title: String
    public var source: String
    public var pack: String?
    public var roles: [Role]
    public var fresh: [FreshDeclaration]
    /// In the order they run (the file's order, moved only where a step reads a later one).
    public var steps: [Step]
    public var checks: [Check]
    public var line: Int
    /// Repetition and choice (docs/scenarios.md, "Flows that go long"): the file's steps and
    /// blocks in run order, its blocks, and the drawn flow it was written from. A plain scenario
    /// has only steps; `expanded` makes any scenario plain for one trial.
    public var flow = FlowStructure()
    /// The file as parsed (the writer of a shrunk flow edits it).
    public var node: Node? = nil

    public init(name: String, file: String, title: String, source: String, pack: String?, roles: [Role], fresh: [FreshDeclaration],
                steps: [Step], checks: [Check], line: Int) {
        self.name = name
        self.file = file
        self.title = title
        self.source = source
        self.pack = pack
        self.roles = roles
        self.fresh = fresh
        self.steps = steps
        self.checks = checks
        self.line = line
    }
}

public struct Role: Sendable {
    public var name: String
    public var doc: String
    /// The implementations that may take it (nil: any that runs its steps).
    public var implementations: [String]?
    public var line: Int, column: Int
}

/// Where a value comes from: a literal, a fresh value (or one part of it), an earlier step's output
/// or input, optionally with one bit flipped.
public indirect enum Source: Sendable, Equatable {
    case literal(Value)
    case fresh(String)
    case output(step: String, field: String)
    case input(step: String, field: String)
    /// The low bit of byte `at` flipped (negative: from the end), of a bytes value.
    case flipped(Source, at: Int)
    /// The same for a text that encodes bytes (`base64`, `base64url`, `hex`) after `prefix` (kept):
    /// decoded, flipped, encoded again in the same encoding.
    case flippedText(Source, at: Int, encoding: ByteEncoding, prefix: String)
    /// Bytes `from..<to` of a bytes value (negative: from the end; `to` nil: to the end).
    case sliced(Source, from: Int, to: Int?)
    /// The values one after another (all bytes, or all texts).
    case concat([Source])
    /// A text's UTF-8 bytes.
    case bytesOf(Source)
    /// A repeat block's iteration number (an integer), inside the block or a delivery of it.
    case index(String)
    /// How many times a repeat block runs (an integer).
    case count(String)
    /// A carried value: inside its block this iteration's, inside a delivery the delivered
    /// iteration's, after the block the value after its last iteration.
    case carry(String)
    /// A number of the current delivery (`{delivery: skip}`).
    case delivery(DeliveryValue)
    /// A reference to a repeated value or step at one iteration (`of: K` or `of: {delivery: …}`).
    case at(Source, Iteration)
    /// A reference an expansion could not make (an iteration that did not run): the trial fails there.
    case unavailable(String)

    public var description: String {
        switch self {
        case .literal(let v): return v.display
        case .fresh(let n): return "fresh \(n)"
        case .output(let s, let f): return "\(s).\(f)"
        case .input(let s, let f): return "\(s)'s input \(f)"
        case .flipped(let inner, let at): return "\(inner.description) with byte \(at) flipped"
        case .flippedText(let inner, let at, let e, _): return "\(inner.description) with byte \(at) of its \(e.rawValue) flipped"
        case .sliced(let inner, let from, let to): return "\(inner.description)[\(from)..<\(to.map(String.init) ?? "")]"
        case .concat(let parts): return parts.map(\.description).joined(separator: " ‖ ")
        case .bytesOf(let inner): return "UTF-8 of \(inner.description)"
        case .index(let b): return "the iteration of \(b)"
        case .count(let b): return "the count of \(b)"
        case .carry(let n): return "carried \(n)"
        case .delivery(let v): return "the delivery's \(v.rawValue)"
        case .at(let inner, let k): return "\(inner.description) of iteration \(k.description)"
        case .unavailable(let why): return "(\(why))"
        }
    }

    /// Every step it reads.
    public var steps: [String] {
        switch self {
        case .output(let s, _), .input(let s, _): return [s]
        case .flipped(let inner, _), .flippedText(let inner, _, _, _), .sliced(let inner, _, _), .bytesOf(let inner), .at(let inner, _): return inner.steps
        case .concat(let parts): return parts.flatMap(\.steps)
        default: return []
        }
    }

    /// Every fresh value (`name` or `name.part`) it reads.
    public var fresh: [String] {
        switch self {
        case .fresh(let n): return [n]
        case .flipped(let inner, _), .flippedText(let inner, _, _, _), .sliced(let inner, _, _), .bytesOf(let inner), .at(let inner, _): return inner.fresh
        case .concat(let parts): return parts.flatMap(\.fresh)
        default: return []
        }
    }

    /// The step it reads, if any (the first).
    public var step: String? { steps.first }
}

public struct Step: Sendable {
    /// Its id; in an expanded flow, the instance's (`seal.17`: step seal of iteration 17;
    /// `open.40.d12`: step open of delivery 12, which delivered iteration 40).
    public var id: String
    /// The id the file declares it with (`seal` for `seal.17`).
    public var base: String
    public var role: String
    public var suite: Suite
    public var op: String?
    /// The inputs in the op's field order.
    public var input: [(field: String, source: Source)]
    /// The class it must be refused with (`refuses:`), nil when it must compute outputs.
    public var refuses: ErrorClass?
    public var line: Int, column: Int
    /// `suite op` as messages write it.
    public var what: String { suite.name + (op.map { " " + $0 } ?? "") }

    public init(id: String, role: String, suite: Suite, op: String?, input: [(field: String, source: Source)], refuses: ErrorClass?,
                line: Int, column: Int, base: String? = nil) {
        self.id = id
        self.base = base ?? id
        self.role = role
        self.suite = suite
        self.op = op
        self.input = input
        self.refuses = refuses
        self.line = line
        self.column = column
    }
}

/// Values that must be equal (`equal: [a, b, …]`, or a step's `expect:` entry).
public struct Check: Sendable {
    public var equal: [Source]
    /// `differ:` instead of `equal:`: every two of the values must differ.
    public var differ = false
    public var why: String?
    public var line: Int, column: Int
    /// The step whose `expect:` it is: checked as soon as that step has run (nil: after every step).
    public var step: String? = nil
}

extension Scenario {
    /// The fresh values and parts its steps and checks read (`FreshValues.draw`'s `parts`).
    public var freshRead: Set<String> {
        Set(steps.flatMap { $0.input.flatMap(\.source.fresh) } + checks.flatMap { $0.equal.flatMap(\.fresh) })
    }

    /// The steps one role does.
    public func steps(of role: String) -> [Step] { steps.filter { $0.role == role } }
}

extension Scenario {
    /// The most trials `--trials` asks for, and a written flow's trial is below (docs/scenarios.md,
    /// "Limits"): the report holds one result per trial of each assignment, kept in memory until it is written.
    public static let maxTrials = 1_000_000_000

    /// The path every fresh value's stream starts from (docs/scenarios.md, "Seeds").
    public static func streamPath(seed: UInt64, scenario: String) -> [String] { ["concord-scenario/1", String(seed), scenario] }
}
