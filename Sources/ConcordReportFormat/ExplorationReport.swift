import ConcordExploration
import ConcordFormats
import ConcordImplementations
import ConcordJudging
import ConcordLoading
import ConcordSuites
import ConcordPacks

/// An exploration as a report (docs/exploration.md, "Reports"): one result per explored op
/// (`SUITE/explore-OP`, its counts) and one per finding (`SUITE/explore-OP-HASH`, its shrunk input
/// as the vector's input, every side's answer as its implementations', its classes), so that every
/// output `run` writes (JSON, JUnit, Markdown, HTML, the step summary), `compare`, `merge` and the
/// ledger read an exploration as they read a run.
public enum ExplorationReport {
    /// What a finding's result is made of besides the finding.
    public struct Finding: Sendable {
        public var finding: ConcordExploration.Finding
        /// The command that explores its case again.
        public var replay: String
        /// Whose answer its vector expects and why, or why it is pending.
        public var verdict: String?
        /// The vector file `--emit` wrote it to.
        public var emitted: String?
        public init(_ finding: ConcordExploration.Finding, replay: String, verdict: String? = nil, emitted: String? = nil) {
            self.finding = finding; self.replay = replay; self.verdict = verdict; self.emitted = emitted
        }
    }

    /// A crash of a shared process that needs earlier requests (no input of its own to show).
    public struct Crash: Sendable {
        public var implementation: String
        public var suite: String
        public var reason: String
        public var replay: String
        public var seed: UInt64
        public init(implementation: String, suite: String, reason: String, replay: String, seed: UInt64) {
            self.implementation = implementation; self.suite = suite; self.reason = reason; self.replay = replay; self.seed = seed
        }
    }

    /// The pseudo-file of an exploration's results: `explore SUITE` (a report's result names one).
    public static func file(suite: String) -> String { "explore " + suite }

    /// The report with its `exploration` field (docs/report.md, "Explorations"), before `results`:
    /// what made its cases (the seed, the bound, the suites and implementations explored, the
    /// options that change answers) and, for a shard, which. `concord merge` joins only shards of
    /// one exploration: every field but `shard` equal.
    public static func addingOptions(_ report: JSON, seed: UInt64, cases: Int?, seconds: Double?, onlyCase: Int?,
                                     shard: (index: Int, count: Int)?, suites: [String], implementations: [String],
                                     timeout: Double, isolate: Bool) -> JSON {
        guard var top = report.objectValue else { return report }
        top.removeAll { $0.key == key }
        var o: [(key: String, value: JSON)] = [
            ("seed", .string(String(seed))),
            ("cases", cases.map { .int(Int64($0)) } ?? .null),
            ("seconds", seconds.map { .double($0) } ?? .null),
        ]
        if let onlyCase { o.append(("case", .int(Int64(onlyCase)))) }
        o += [
            ("suites", .array(suites.map { .string($0) })),
            ("implementations", .array(implementations.map { .string($0) })),
            ("timeout", .double(timeout)), ("isolate", .bool(isolate)),
        ]
        if let shard { o.append(("shard", .object([("index", .int(Int64(shard.index))), ("count", .int(Int64(shard.count)))]))) }
        top.insert((key, .object(o)), at: top.firstIndex { $0.key == "results" } ?? top.count)
        return .object(top)
    }

    /// The report's top-level field that makes it an exploration's.
    public static let key = "exploration"

    /// The run result of an exploration.
    public static func result(_ summary: Explorer.Summary, findings: [Finding], crashes: [Crash] = [],
                              implementations: [ImplementationInfo], workers: Int) -> RunResult {
        var results: [VectorResult] = []
        for t in summary.targets where !t.implementations.isEmpty {
            let target = ExploredTarget(cases: t.cases, compared: t.compared, skipped: t.skipped,
                                        answers: zip(t.implementations, t.answers.count == t.implementations.count ? t.answers
                                                     : t.implementations.map { _ in ExploredTarget.Answers() }).map { ($0, $1) })
            results.append(targetResult(suite: t.suite, op: t.op, target))
        }
        for f in findings { results.append(findingResult(f)) }
        for c in crashes { results.append(crashResult(c)) }
        return RunResult(implementations: implementations, results: results, summary: RunSummary(results), wallSeconds: summary.seconds,
                         workers: workers)
    }

    /// An explored op's result: each implementation's status from what it did with the cases.
    public static func targetResult(suite: String, op: String?, _ t: ExploredTarget) -> VectorResult {
        let vector = Vector(suite: suite, id: ExploredTarget.id(op: op), file: file(suite: suite), line: 1, column: 1, comment: nil, flags: [],
                            op: op, result: .valid, input: Fields(), expect: .none)
        let impls = t.answers.map { a -> ImplementationResult in
            let s = a.answers.status
            let outcome: Outcome = s == .unsupported ? .unsupported(a.answers.reason ?? "") : s == .error ? .error(a.answers.reason ?? "") : .outputs([:])
            return ImplementationResult(implementation: a.implementation, status: s, outcome: outcome, mismatches: [], seconds: 0)
        }
        var r = VectorResult(vector: vector, status: t.status, implementations: impls, note: t.note)
        r.explored = .target(t)
        return r
    }

    /// A finding's result. Its implementations are its sides': a side that erred is `error`; when
    /// the witness rule settled the answer, the side that gave it passes and the others fail;
    /// unsettled, the one side most implementations gave is pending and every other side fails
    /// (all fail when no side is the largest). The ledger tells which are known.
    public static func findingResult(_ x: Finding) -> VectorResult {
        let f = x.finding
        let expected = f.testimony?.expected.map { Set($0.answer.members.map(\.name)) }
        var result: ResultKind = .pending
        var expect: Expectation = .none
        if let e = f.testimony?.expected {
            switch e.answer.reply {
            case .outputs(let o): result = .valid; expect = .outputs(o.keys.sorted().map { ($0, .value(o[$0]!)) })
            case .refused(let c, _): result = .invalid; expect = .error(c)
            case .error: break
            }
        }
        let explored = ExploredFinding(f, replay: x.replay, verdict: x.verdict, emitted: x.emitted)
        let id = ExploredFinding.id(op: f.op, signature: f.signature)
        // Unsettled, the one side most implementations gave (if one is) is left pending, the others fail.
        let largest = f.sides.map(\.implementations.count).max() ?? 0
        let holding = f.sides.filter { $0.implementations.count == largest }.count == 1
            ? Set(f.sides.first { $0.implementations.count == largest }!.implementations) : []
        var impls: [ImplementationResult] = []
        for side in f.sides {
            for name in side.implementations {
                let status: ImplementationStatus
                let outcome: Outcome
                switch side.answer {
                case .outputs(let o): outcome = .outputs(o)
                case .refused(let c, let m): outcome = .refused(ContractError(c, m))
                case .error(let why): outcome = .error(why)
                }
                if case .error = side.answer { status = .error }
                else if let expected, result != .pending { status = expected.contains(name) ? .pass : .fail }
                else { status = holding.contains(name) ? .pending : .fail }
                impls.append(ImplementationResult(implementation: name, status: status, outcome: outcome, mismatches: [], seconds: 0))
            }
        }
        let statuses = impls.map(\.status)
        let status: VectorStatus = statuses.contains(.fail) ? .fail : .error
        let vector = Vector(suite: f.suite, id: id, file: file(suite: f.suite), line: 1, column: 1, comment: f.signature, flags: [],
                            op: f.op, result: result, input: f.input, expect: expect)
        var r = VectorResult(vector: vector, status: status, implementations: impls,
                             note: note(explored),
                             divergence: explored.kind == .error ? nil : f.rule)
        r.explored = .finding(explored)
        return r
    }

    /// A finding's note (what the terminal and the reports show of it), made from the finding alone,
    /// so that merge makes it again from the merged finding instead of editing the text.
    static func note(_ e: ExploredFinding) -> String {
        "\(e.kind.rawValue): \(e.signature); first in case \(e.caseNumber) of seed \(e.seed), \(e.occurrences) case\(e.occurrences == 1 ? "" : "s"); replay: \(e.replay)"
    }

    /// A crash that needs earlier requests: one result per implementation, `SUITE/explore-crash-IMPL`.
    public static func crashResult(_ c: Crash) -> VectorResult {
        let vector = Vector(suite: c.suite, id: "explore-crash-" + c.implementation, file: file(suite: c.suite), line: 1, column: 1, comment: nil,
                            flags: [], op: nil, result: .pending, input: Fields(), expect: .none)
        let impl = ImplementationResult(implementation: c.implementation, status: .error, outcome: .error(c.reason), mismatches: [], seconds: 0)
        var r = VectorResult(vector: vector, status: .error, implementations: [impl], note: "its process crashed, and no request in flight crashes a fresh one alone; replay: \(c.replay)")
        r.explored = .finding(ExploredFinding(kind: .crash, signature: "\(c.implementation) crash (needs earlier requests)", op: nil, rule: "crash",
                                              seed: c.seed, caseNumber: 0, occurrences: 1, made: "earlier requests", input: Fields(), shrinkSteps: 0,
                                              sides: [.init(implementations: [c.implementation], answer: .error)], replay: c.replay))
        return r
    }
}

extension ExploredFinding {
    /// A finding of `Explorer` as its report keeps it.
    public init(_ f: ConcordExploration.Finding, replay: String, verdict: String? = nil, emitted: String? = nil) {
        let kind: Kind
        switch f.kind {
        case .divergence: kind = .divergence
        case .error: kind = .error
        case .roundtrip: kind = .roundtrip
        case .librariesDisagree: kind = .librariesDisagree
        }
        self.init(kind: kind, signature: f.signature, op: f.op, rule: f.rule, seed: f.seed, caseNumber: f.caseNumber, occurrences: f.occurrences,
                  made: f.made, input: f.input, shrinkSteps: f.shrinkSteps, sides: f.sides.map(ExploredFinding.Side.init),
                  classes: f.classes(op: Suites.resolve(f.suite)?.op(f.op)), replay: replay, verdict: verdict, emitted: emitted)
    }
}

extension ExploredFinding.Side {
    /// An exploration finding's side as its report (and the ledger) tells answers apart.
    public init(_ s: ConcordExploration.Side) {
        let answer: ExploredFinding.Answer
        switch s.answer {
        case .outputs: answer = .outputs
        case .refused(let c, _): answer = .refused(c)
        case .error: answer = .error
        }
        self.init(implementations: s.implementations, answer: answer)
    }
}
