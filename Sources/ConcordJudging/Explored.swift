import ConcordFormats
import ConcordScheduling

/// What exploration adds to a result of its report (docs/report.md, "Explorations"): an explored
/// op's counts, or a finding with what a person needs to act on it. `concord explore` writes one
/// result per explored op (`SUITE/explore-OP`) and one per finding (`SUITE/explore-OP-HASH`, the
/// hash naming its signature, so that the same finding has the same name in every report).
public enum Explored: Sendable {
    case target(ExploredTarget)
    case finding(ExploredFinding)

    public var target: ExploredTarget? { if case .target(let t) = self { return t } else { return nil } }
    public var finding: ExploredFinding? { if case .finding(let f) = self { return f } else { return nil } }
}

/// One explored op: how many cases, and what each implementation that runs it did with them.
public struct ExploredTarget: Sendable, Equatable {
    /// What one implementation did with the op's cases.
    public struct Answers: Sendable, Equatable {
        /// Cases it answered (outputs or a refusal).
        public var answered = 0
        /// Of those, cases at least one other implementation answered too: its answer was compared.
        public var compared = 0
        public var unsupported = 0
        public var errors = 0
        public init(answered: Int = 0, compared: Int = 0, unsupported: Int = 0, errors: Int = 0) {
            self.answered = answered; self.compared = compared; self.unsupported = unsupported; self.errors = errors
        }
        public static func + (a: Answers, b: Answers) -> Answers {
            Answers(answered: a.answered + b.answered, compared: a.compared + b.compared, unsupported: a.unsupported + b.unsupported,
                    errors: a.errors + b.errors)
        }

        /// The implementation's status on the op (docs/report.md): `pass` when an answer of it was
        /// compared, `pending` when it answered but nothing was compared with it (no other
        /// implementation answered those cases) or when it was given no case (the time ran out first),
        /// `error` when every answer it gave was an error (its findings say which), `unsupported` when
        /// it answered none.
        public var status: ImplementationStatus {
            if compared > 0 { return .pass }
            if answered > 0 || (errors == 0 && unsupported == 0) { return .pending }
            if errors > 0 { return .error }
            return .unsupported
        }

        /// What the report says of a status that is not a pass.
        public var reason: String? {
            switch status {
            case .pass: return nil
            case .pending:
                if answered == 0 { return "given no case: the exploration ended (its --seconds) before it reached this op" }
                return "answered \(answered) case\(answered == 1 ? "" : "s") that no other implementation answered: nothing was compared with it"
            case .error: return "every one of its \(errors) answer\(errors == 1 ? " was an error" : "s were errors") (its findings say which)"
            default: return "unsupported on every case it was given (\(unsupported))"
            }
        }
    }
    public var cases: Int
    public var compared: Int
    public var skipped: Int
    /// Per implementation that runs the op, in the order explored.
    public var answers: [(implementation: String, answers: Answers)]

    public init(cases: Int, compared: Int, skipped: Int, answers: [(implementation: String, answers: Answers)]) {
        self.cases = cases; self.compared = compared; self.skipped = skipped; self.answers = answers
    }

    public static func == (a: ExploredTarget, b: ExploredTarget) -> Bool {
        a.cases == b.cases && a.compared == b.compared && a.skipped == b.skipped
            && a.answers.map(\.implementation) == b.answers.map(\.implementation) && a.answers.map(\.answers) == b.answers.map(\.answers)
    }

    /// Two shards' counts of one op, added (`concord merge`).
    public static func + (a: ExploredTarget, b: ExploredTarget) -> ExploredTarget {
        var answers = a.answers
        for (name, x) in b.answers {
            if let k = answers.firstIndex(where: { $0.implementation == name }) { answers[k].answers = answers[k].answers + x } else { answers.append((name, x)) }
        }
        return ExploredTarget(cases: a.cases + b.cases, compared: a.compared + b.compared, skipped: a.skipped + b.skipped, answers: answers)
    }

    /// The op's status from its implementations' (as the runner decides a vector's): `error` when one
    /// erred or none answered, `pending` when one was never compared, else `pass`.
    public var status: VectorStatus {
        let statuses = answers.map(\.answers.status)
        if statuses.contains(.error) || !statuses.contains(where: { $0 == .pass || $0 == .pending }) { return .error }
        if statuses.contains(.pending) { return .pending }
        return .pass
    }

    /// The result's note: the counts, and why it is not a pass.
    public var note: String {
        var n = "explored: \(cases) case\(cases == 1 ? "" : "s"), \(compared) compared, \(skipped) skipped (past the limits)"
        if cases == 0 { n += "; the exploration ended (its --seconds) before it reached this op" }
        else if compared == 0 { n += "; nothing was compared: fewer than two implementations here answered a case of this op" }
        return n
    }

    /// The vector name of an explored op: `explore-OP` (`op` for a suite without op names).
    public static func id(op: String?) -> String { "explore-" + (op ?? "op") }
}

/// A divergence exploration found, as its report keeps it (docs/exploration.md).
public struct ExploredFinding: Sendable {
    public enum Kind: String, Sendable, CaseIterable {
        /// Implementations of an op answered differently.
        case divergence
        /// An implementation crashed, hung or answered nonsense on one input.
        case error
        /// A round trip did not open to its input.
        case roundtrip
        /// Libraries' own code answered another finding's input differently.
        case librariesDisagree = "libraries-disagree"
        /// A shared process crashed and no request it had in flight crashes a fresh one alone.
        case crash
    }

    /// What one side answered, as the ledger tells answers apart.
    public enum Answer: Sendable, Equatable {
        case outputs
        case refused(ErrorClass)
        case error

        public var word: String {
            switch self {
            case .outputs: return "outputs"
            case .refused(let c): return "refused (\(c.rawValue))"
            case .error: return "error"
            }
        }
    }

    /// Implementations that answered alike.
    public struct Side: Sendable, Equatable {
        public var implementations: [String]
        public var answer: Answer
        public init(implementations: [String], answer: Answer) { self.implementations = implementations; self.answer = answer }
        public var label: String { implementations.joined(separator: "+") + " " + answer.word }
    }

    public var kind: Kind
    /// `suite op: side vs side [rule]`: equal signatures are one finding.
    public var signature: String
    /// The explored op, as a ledger entry names it (`SUITE/explore-OP`; nil: `op`).
    public var op: String?
    public var rule: String
    public var seed: UInt64
    /// The first case found with it (`--case`).
    public var caseNumber: Int
    /// Cases it was seen in.
    public var occurrences: Int
    /// What the case was made of (a seed vector's name, a mutation).
    public var made: String
    /// Its input, shrunk.
    public var input: Fields
    public var shrinkSteps: Int
    public var sides: [Side]
    /// The classes its input belongs to (size, Unicode, spelling).
    public var classes: [String]
    /// The command that explores that case again.
    public var replay: String
    /// Whose answer its vector expects and why, or why it is pending (the witness rule).
    public var verdict: String?
    /// The vector file `--emit` wrote it to.
    public var emitted: String?

    public init(kind: Kind, signature: String, op: String?, rule: String, seed: UInt64, caseNumber: Int, occurrences: Int, made: String,
                input: Fields, shrinkSteps: Int, sides: [Side], classes: [String] = [], replay: String, verdict: String? = nil,
                emitted: String? = nil) {
        self.kind = kind; self.signature = signature; self.op = op; self.rule = rule; self.seed = seed; self.caseNumber = caseNumber
        self.occurrences = occurrences; self.made = made; self.input = input; self.shrinkSteps = shrinkSteps; self.sides = sides
        self.classes = classes; self.replay = replay; self.verdict = verdict; self.emitted = emitted
    }

    /// The vector name of a finding: `explore-OP-HASH`, HASH the first 12 hex digits of the
    /// FNV-1a-64 of its signature, so that one finding has one name in every report (its seed and
    /// case differ from night to night); a crash that needs earlier requests is
    /// `explore-crash-IMPLEMENTATION`.
    public static func id(op: String?, signature: String) -> String {
        let h = String(Shard.fnv1a(signature) >> 16, radix: 16)
        return "explore-\(op ?? "op")-" + String(repeating: "0", count: 12 - h.count) + h
    }
}

// MARK: - The report's `exploration` object (docs/report.md): one writer and one reader, side by side.

extension Explored {
    /// A malformed `exploration` object: what is wrong and where in it (keys and indices).
    public struct JSONError: Error, Sendable {
        public var message: String
        public var path: [String]
        init(_ message: String, at path: [String] = []) { self.message = message; self.path = path }
    }

    /// The result's `exploration` object.
    public var json: JSON {
        switch self {
        case .target(let t):
            return .object([
                ("cases", .int(Int64(t.cases))), ("compared", .int(Int64(t.compared))), ("skipped", .int(Int64(t.skipped))),
                ("answers", .object(t.answers.map { a in
                    (a.implementation, .object([("answered", .int(Int64(a.answers.answered))), ("compared", .int(Int64(a.answers.compared))),
                                                ("unsupported", .int(Int64(a.answers.unsupported))), ("errors", .int(Int64(a.answers.errors)))]))
                })),
            ])
        case .finding(let f):
            var o: [(key: String, value: JSON)] = [
                ("kind", .string(f.kind.rawValue)), ("signature", .string(f.signature)), ("op", f.op.map { .string($0) } ?? .null),
                ("rule", .string(f.rule)), ("seed", .string(String(f.seed))), ("case", .int(Int64(f.caseNumber))),
                ("occurrences", .int(Int64(f.occurrences))), ("made", .string(f.made)),
                ("input", .object(f.input.map { ($0.key, $0.value.json) })), ("shrinkSteps", .int(Int64(f.shrinkSteps))),
                ("sides", .array(f.sides.map { s in
                    var side: [(key: String, value: JSON)] = [("implementations", .array(s.implementations.map { .string($0) }))]
                    switch s.answer {
                    case .outputs: side.append(("answer", .string("outputs")))
                    case .refused(let c): side += [("answer", .string("refused")), ("class", .string(c.rawValue))]
                    case .error: side.append(("answer", .string("error")))
                    }
                    return .object(side)
                })),
                ("classes", .array(f.classes.map { .string($0) })), ("replay", .string(f.replay)),
            ]
            if let v = f.verdict { o.append(("verdict", .string(v))) }
            if let e = f.emitted { o.append(("emitted", .string(e))) }
            return .object(o)
        }
    }

    /// Reads a result's `exploration` object back (a target's when it has `cases`, else a finding's).
    public init(json: JSON) throws(JSONError) {
        guard let pairs = json.objectValue else { throw JSONError("must be an object") }
        func int(_ key: String, _ j: JSON? = nil, at path: [String] = []) throws(JSONError) -> Int {
            guard let v = (j ?? json)[key]?.intValue, v >= 0 else { throw JSONError("\(key) must be a count (an integer from 0)", at: path + [key]) }
            return Int(v)
        }
        func text(_ key: String) throws(JSONError) -> String {
            guard let v = json[key]?.stringValue else { throw JSONError("\(key) must be a string", at: [key]) }
            return v
        }
        if pairs.contains(where: { $0.key == "cases" }) {
            guard let answers = json["answers"]?.objectValue else { throw JSONError("answers must be an object (implementation → counts)", at: ["answers"]) }
            var list: [(implementation: String, answers: ExploredTarget.Answers)] = []
            for (name, a) in answers {
                let p = ["answers", name]
                list.append((name, ExploredTarget.Answers(answered: try int("answered", a, at: p), compared: try int("compared", a, at: p),
                                                          unsupported: try int("unsupported", a, at: p), errors: try int("errors", a, at: p))))
            }
            self = .target(ExploredTarget(cases: try int("cases"), compared: try int("compared"), skipped: try int("skipped"), answers: list))
            return
        }
        guard let kind = ExploredFinding.Kind(rawValue: try text("kind")) else {
            throw JSONError("kind must be one of \(ExploredFinding.Kind.allCases.map(\.rawValue).joined(separator: ", "))", at: ["kind"])
        }
        guard let seed = UInt64(try text("seed")) else { throw JSONError("seed must be a decimal string from 0 to 2^64-1", at: ["seed"]) }
        guard let op = json["op"], op.isNull || op.stringValue != nil else { throw JSONError("op must be a string or null", at: ["op"]) }
        guard let input = json["input"]?.objectValue else { throw JSONError("input must be an object", at: ["input"]) }
        var fields: [(String, Value)] = []
        for (k, v) in input {
            do { fields.append((k, try Value(json: v))) } catch { throw JSONError("input.\(k): \(error.message)", at: ["input", k]) }
        }
        guard let sides = json["sides"]?.arrayValue else { throw JSONError("sides must be an array", at: ["sides"]) }
        var read: [ExploredFinding.Side] = []
        for (k, s) in sides.enumerated() {
            let p = ["sides", String(k)]
            guard let names = s["implementations"]?.arrayValue?.compactMap(\.stringValue), !names.isEmpty,
                  names.count == s["implementations"]?.arrayValue?.count else {
                throw JSONError("sides[\(k)].implementations must be a list of implementation names", at: p + ["implementations"])
            }
            let answer: ExploredFinding.Answer
            switch s["answer"]?.stringValue {
            case "outputs": answer = .outputs
            case "error": answer = .error
            case "refused":
                guard let c = s["class"]?.stringValue.flatMap(ErrorClass.init(rawValue:)) else {
                    throw JSONError("sides[\(k)].class must be an error class (\(ErrorClass.allCases.map(\.rawValue).joined(separator: ", ")))", at: p + ["class"])
                }
                answer = .refused(c)
            default: throw JSONError("sides[\(k)].answer must be outputs, refused or error", at: p + ["answer"])
            }
            read.append(ExploredFinding.Side(implementations: names, answer: answer))
        }
        let classes = json["classes"]?.arrayValue ?? []
        guard classes.allSatisfy({ $0.stringValue != nil }) else { throw JSONError("classes must be a list of strings", at: ["classes"]) }
        for key in ["verdict", "emitted"] where json[key] != nil && json[key]?.stringValue == nil {
            throw JSONError("\(key) must be a string", at: [key])
        }
        self = .finding(ExploredFinding(kind: kind, signature: try text("signature"), op: op.stringValue, rule: try text("rule"), seed: seed,
                                        caseNumber: try int("case"), occurrences: try int("occurrences"), made: try text("made"),
                                        input: Fields(ordered: fields), shrinkSteps: try int("shrinkSteps"), sides: read,
                                        classes: classes.compactMap(\.stringValue), replay: try text("replay"),
                                        verdict: json["verdict"]?.stringValue, emitted: json["emitted"]?.stringValue))
    }
}
