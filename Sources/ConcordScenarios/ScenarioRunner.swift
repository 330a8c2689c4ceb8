import ConcordFormats
import ConcordGeneration
import ConcordImplementations
import ConcordJudging
import ConcordLoading
import ConcordScenarioFormat
import ConcordSuites
import ConcordSync
import Foundation

/// How a scenario run is asked for (`concord scenario`'s options, docs/scenarios.md).
public struct ScenarioConfiguration: Sendable {
    /// Every trial's fresh values come from it (with the scenario's name and the trial's number).
    public var seed: UInt64
    /// Trials 0..<trials, each over every assignment.
    public var trials: Int
    /// Only this trial (`--trial K`: a replay).
    public var trial: Int?
    /// Roles given an implementation (`--assign ROLE=IMPL,…`); the others take every candidate.
    public var assign: [String: String]
    /// Trials in flight at once.
    public var workers: Int
    /// More assignments than this is refused (name some with --assign, or fewer implementations).
    public var maxAssignments: Int

    /// Four: trials 1 and 3 are edge trials (`EdgeSchedule`), so a default run takes every value's
    /// first two edges, among them a P-256 ECDH secret with a leading zero byte where a scenario declares one.
    public static let defaultTrials = 4

    public init(seed: UInt64, trials: Int = ScenarioConfiguration.defaultTrials, trial: Int? = nil, assign: [String: String] = [:],
                workers: Int = max(1, ProcessInfo.processInfo.activeProcessorCount), maxAssignments: Int = 4096) {
        self.seed = seed
        self.trials = trials
        self.trial = trial
        self.assign = assign
        self.workers = workers
        self.maxAssignments = maxAssignments
    }

    /// The most trials `--trials` asks for (Scenario.maxTrials).
    public static let maxTrials = Scenario.maxTrials

    /// How many trials this run does (each over every assignment).
    public var trialCount: Int { trial == nil ? max(0, trials) : 1 }
    /// The number of its `i`th trial (`--trial K`: K). No list of them is made: a run of a
    /// billion trials starts at once.
    public func trialNumber(_ i: Int) -> Int { trial ?? i }

    /// The same for one scenario: a written flow (`flow:`) is one trial, its own.
    public func trialCount(_ s: Scenario) -> Int { s.flow.pin == nil ? trialCount : 1 }
    public func trialNumber(_ i: Int, _ s: Scenario) -> Int { s.flow.pin?.trial ?? trialNumber(i) }
}

/// Which implementations may take each role, and every assignment of them.
public struct ScenarioPlan: Sendable {
    public var scenario: Scenario
    /// Per role, in the scenario's order: the implementations that run every one of its steps.
    public var candidates: [(role: String, implementations: [String])]
    /// Each assignment: an implementation per role, in the scenario's role order.
    public var assignments: [[String]]

    /// `inviter=jvm,invitee=swift`: how reports, ids and `--assign` write an assignment.
    public func describe(_ assignment: [String]) -> String {
        zip(scenario.roles, assignment).map { "\($0.name)=\($1)" }.joined(separator: ",")
    }

    /// Why an implementation cannot take a role (nil: it can).
    static func refusal(_ impl: any Implementation, role: Role, steps: [Step]) -> String? {
        if let only = role.implementations, !only.contains(impl.name) {
            return "role \(role.name) is for \(only.joined(separator: ", ")) only"
        }
        if let why = impl.startFailure { return "it could not start: \(why)" }
        for step in steps {
            switch impl.support(suite: step.suite.name, op: step.op) {
            case .runs: continue
            case .absent: return "step \(step.id): it does not implement \(step.suite.name)"
            case .unsupported(let why): return "step \(step.id): \(step.what) is unsupported (\(why))"
            case .broken(let why): return "step \(step.id): its announcement of \(step.suite.name) is broken (\(why))"
            }
        }
        return nil
    }

    /// Every assignment of roles to the implementations that run their steps (implementations
    /// must be prepared: an adapter knows its suites once its handshake arrived). A role nothing
    /// can take, an unknown role or implementation in `assign`, or too many assignments is refused,
    /// located at the scenario (exit 2).
    public static func make(_ s: Scenario, implementations: [any Implementation], assign: [String: String],
                            maxAssignments: Int = 4096) throws(LoadError) -> ScenarioPlan {
        func fail(_ line: Int, _ column: Int, _ message: String) -> LoadError {
            LoadError(file: s.file, line: line, column: column, message: message)
        }
        for (role, impl) in assign.sorted(by: { $0.key < $1.key }) {
            guard s.roles.contains(where: { $0.name == role }) else {
                throw fail(0, 0, "--assign names the role \(Printable.escape(role)), which scenario \(s.name) does not have (roles: \(s.roles.map(\.name).joined(separator: ", ")))")
            }
            guard implementations.contains(where: { $0.name == impl }) else {
                throw fail(0, 0, "--assign \(role)=\(Printable.escape(impl)): \(Printable.escape(impl)) is not among the implementations run (\(implementations.map(\.name).joined(separator: ", ")))")
            }
        }
        var candidates: [(role: String, implementations: [String])] = []
        for role in s.roles {
            let steps = s.steps(of: role.name)
            var ok: [String] = []
            var why: [String] = []
            for impl in implementations {
                if let no = refusal(impl, role: role, steps: steps) { why.append("\(impl.name): \(no)") } else { ok.append(impl.name) }
            }
            if let fixed = assign[role.name] {
                guard ok.contains(fixed) else {
                    let reason = why.first { $0.hasPrefix(fixed + ": ") } ?? fixed
                    throw fail(role.line, role.column, "--assign \(role.name)=\(fixed): \(fixed) cannot take role \(role.name): \(reason.dropFirst(fixed.count + 2))")
                }
                ok = [fixed]
            }
            guard !ok.isEmpty else {
                throw fail(role.line, role.column, "no selected implementation can take role \(role.name) (steps \(steps.prefix(10).map(\.id).joined(separator: ", "))\(steps.count > 10 ? " and \(steps.count - 10) more" : "")): \(why.joined(separator: "; "))")
            }
            candidates.append((role.name, ok))
        }
        var count = 1
        for c in candidates {
            count = count.multipliedReportingOverflow(by: c.implementations.count).partialValue
            if count > maxAssignments {
                throw fail(s.line, 1, "scenario \(s.name) has more than \(maxAssignments) assignments of its roles: fix some roles with --assign ROLE=IMPL, or name fewer --implementations")
            }
        }
        var assignments: [[String]] = [[]]
        for c in candidates { assignments = assignments.flatMap { a in c.implementations.map { a + [$0] } } }
        return ScenarioPlan(scenario: s, candidates: candidates, assignments: assignments)
    }
}

/// One step as one implementation did it.
public struct StepRecord: Sendable {
    public var step: String
    public var implementation: String
    public var input: Fields
    public var outcome: Outcome
    public var seconds: Double
}

/// Why a trial failed.
public struct TrialFailure: Sendable {
    /// The step where the flow stopped (nil: a check failed).
    public var step: String?
    public var line: Int, column: Int
    /// What went wrong, in one sentence.
    public var message: String
    /// The implementation the failure is laid to: the first whose step diverged alone, else the
    /// one whose step failed (docs/scenarios.md, "Diagnosis").
    public var blamed: String
    public var mismatch: Mismatch?
    /// The first step whose outputs diverged between implementations, and its cause.
    public var diagnosis: String?
    /// An implementation crashed, hung, answered nonsense or called a supported op unsupported:
    /// the trial is an error, not a failure of the contract.
    public var isError: Bool
    /// The other side of a tie (the only other implementation that runs the diverging step
    /// disagrees): the failure is laid to it as well as to `blamed`.
    public var alsoBlamed: String? = nil
}

/// One trial of one assignment.
public struct TrialResult: Sendable {
    public var assignment: [String]
    public var trial: Int
    public var steps: [StepRecord]
    public var failure: TrialFailure?
    public var seconds: Double
}

/// Runs a plan's trials: every assignment of every trial, each trial's fresh values drawn once from
/// the seed (so every assignment of a trial sees the same values), steps in order, then checks.
public final class ScenarioRunner: Sendable {
    public let implementations: [any Implementation]
    private let byName: [String: any Implementation]
    /// What every implementation answered to one request, per trial: the diagnosis asks it again
    /// for every failing assignment, and the answers of deterministic ops do not change.
    private let answers = Locked<[AnswerKey: Outcome]>([:])

    struct AnswerKey: Hashable, Sendable {
        var trial: Int, step: String, implementation: String, input: [Value]
    }

    public init(implementations: [any Implementation]) {
        self.implementations = implementations
        var m: [String: any Implementation] = [:]
        for i in implementations { m[i.name] = i }
        byName = m
    }

    /// The path every fresh value's stream starts from (Scenario.streamPath).
    public static func path(seed: UInt64, scenario: String) -> [String] { Scenario.streamPath(seed: seed, scenario: scenario) }

    /// Every trial of every assignment, in order (trial by trial, each over every assignment).
    public func run(_ plan: ScenarioPlan, configuration c: ScenarioConfiguration,
                    progress: (@Sendable (_ done: Int, _ total: Int) -> Void)? = nil) -> [TrialResult] {
        let all = Locked<[TrialResult]>([])
        run(plan, configuration: c, progress: progress) { r in all.withLock { $0.append(r) } }
        return all.withLock { $0 }
    }

    /// The same, streamed: each trial's fresh values are drawn when its first assignment runs (every
    /// assignment of a trial sees the same ones) and let go with its answers once its last has run,
    /// and `each` is handed every result in order (one call at a time), so a run of a billion trials
    /// starts at once and holds only the trials in flight.
    public func run(_ plan: ScenarioPlan, configuration c: ScenarioConfiguration,
                    progress: (@Sendable (_ done: Int, _ total: Int) -> Void)? = nil,
                    stop: (@Sendable () -> Bool)? = nil, each: @Sendable (TrialResult) -> Void) {
        let s = plan.scenario
        let perTrial = plan.assignments.count
        let (total, overflow) = c.trialCount(s).multipliedReportingOverflow(by: perTrial)
        precondition(!overflow, "more trials than an Int counts")
        guard total > 0 else { return }
        struct Trial { var values: Result<[String: Value], FreshValues.Failure>; var plan: ScenarioPlan; var finished = 0 }
        struct State { var trials: [Int: Trial] = [:]; var waiting: [Int: TrialResult] = [:]; var emitted = 0 }
        let state = Locked(State())
        let done = AtomicCounter()
        let next = AtomicCounter()
        let workers = max(1, min(c.workers, total))
        // A worker takes the next unit until none is left: a slow trial does not hold the others.
        _ = Parallel.map(workers) { [self] _ in
            while true {
                if stop?() == true { break }
                let k = next.add(1) - 1
                guard k < total else { break }
                let (ti, ai) = k.quotientAndRemainder(dividingBy: perTrial)
                let t = c.trialNumber(ti, s)
                var known = state.withLock { $0.trials[ti].map { ($0.values, $0.plan) } }
                if known == nil {
                    // Drawn outside the lock; two workers that start one trial at once keep the first draw.
                    let flow = Self.flow(plan, seed: c.seed, trial: t)
                    known = state.withLock { st in
                        if let x = st.trials[ti] { return (x.values, x.plan) }
                        st.trials[ti] = Trial(values: flow.values, plan: flow.plan)
                        return (flow.values, flow.plan)
                    }
                }
                let (values, trialPlan) = known!
                let r = trial(trialPlan, assignment: plan.assignments[ai], trial: t, values: values)
                let last = state.withLock { st in
                    st.trials[ti]!.finished += 1
                    guard st.trials[ti]!.finished == perTrial else { return false }
                    st.trials[ti] = nil
                    return true
                }
                // The answers of a trial are asked again only within it (diagnosis) or by --record,
                // which asks again.
                if last { answers.withLock { $0 = $0.filter { $0.key.trial != t } } }
                state.withLock { st in
                    st.waiting[k] = r
                    while let ready = st.waiting.removeValue(forKey: st.emitted) {
                        each(ready)
                        st.emitted += 1
                    }
                }
                let d = done.add(1)
                progress?(d, total)
            }
            return 0
        }
    }

    /// One trial's flow: the plan of its expanded scenario (a plain one as it is) and its fresh values.
    public static func flow(_ plan: ScenarioPlan, seed: UInt64, trial t: Int, choice: FlowChoice? = nil)
        -> (plan: ScenarioPlan, values: Result<[String: Value], FreshValues.Failure>) {
        var p = plan
        let s = plan.scenario
        p.scenario = s.expanded(choice ?? s.choice(seed: seed, trial: t))
        let (path, drawTrial) = s.stream(seed: seed, trial: t)
        let x = p.scenario
        let values = Result { () throws(FreshValues.Failure) in try FreshValues.draw(x.fresh, path: path, trial: drawTrial, parts: x.freshRead) }
        return (p, values)
    }

    /// Lets go of a trial's answers, so that the next run of it asks the implementations again
    /// (a shrinking run of one flow after another).
    public func forget(trial: Int) {
        answers.withLock { $0 = $0.filter { $0.key.trial != trial } }
    }

    /// One trial of one assignment. Without `diagnosing`, a failure is laid to the implementation
    /// whose step failed (or whose output a check read), and no other implementation is asked.
    public func trial(_ plan: ScenarioPlan, assignment: [String], trial: Int,
                      values drawn: Result<[String: Value], FreshValues.Failure>, diagnosing: Bool = true) -> TrialResult {
        let start = Date()
        let s = plan.scenario
        var result = TrialResult(assignment: assignment, trial: trial, steps: [], failure: nil, seconds: 0)
        defer { _ = result }
        let values: [String: Value]
        switch drawn {
        case .success(let v): values = v
        case .failure(let e):
            result.failure = TrialFailure(step: nil, line: s.line, column: 1, message: "the fresh values could not be drawn: \(e.description)",
                                          blamed: assignment.first ?? "", mismatch: nil, diagnosis: nil, isError: true)
            return result
        }
        let roleImpl = Dictionary(uniqueKeysWithValues: zip(s.roles.map(\.name), assignment))
        // Each step's expect entries, found once (not by a pass over every check at every step).
        let expects = Dictionary(grouping: s.checks.filter { $0.step != nil }, by: { $0.step! })
        var records: [String: StepRecord] = [:]
        for step in s.steps {
            let implName = roleImpl[step.role]!
            let impl = byName[implName]!
            var input: [(String, Value)] = []
            for (field, src) in step.input {
                switch resolve(src, values: values, records: records) {
                case .success(let v): input.append((field, v))
                case .failure(let why):
                    result.failure = TrialFailure(step: step.id, line: step.line, column: step.column,
                                                  message: "step \(step.id) (\(step.what)) could not be given \(field): \(why.text)",
                                                  blamed: why.blamed.flatMap { records[$0]?.implementation } ?? implName, mismatch: nil, diagnosis: nil, isError: false)
                    if diagnosing { diagnose(&result.failure!, s, trial: trial, records: result.steps) }
                    result.seconds = Date().timeIntervalSince(start)
                    return result
                }
            }
            let fields = Fields(ordered: input)
            let t0 = Date()
            let outcome = ask(impl, step: step, input: fields, trial: trial)
            let record = StepRecord(step: step.id, implementation: implName, input: fields, outcome: outcome, seconds: Date().timeIntervalSince(t0))
            records[step.id] = record
            result.steps.append(record)
            if var failure = judge(step, record, role: step.role) {
                if !failure.isError && diagnosing { diagnose(&failure, s, trial: trial, records: result.steps) }
                result.failure = failure
                result.seconds = Date().timeIntervalSince(start)
                return result
            }
            // The step's own expect entries, before the next step reads what it output.
            for check in expects[step.id] ?? [] {
                if let failure = self.check(check, s, trial: trial, values: values, records: records, steps: result.steps, assignment: assignment, diagnosing: diagnosing) {
                    result.failure = failure
                    result.seconds = Date().timeIntervalSince(start)
                    return result
                }
            }
        }
        for check in s.checks where check.step == nil {
            if let failure = self.check(check, s, trial: trial, values: values, records: records, steps: result.steps, assignment: assignment, diagnosing: diagnosing) {
                result.failure = failure
                result.seconds = Date().timeIntervalSince(start)
                return result
            }
        }
        result.seconds = Date().timeIntervalSince(start)
        return result
    }

    /// One check: nil when its values are equal.
    func check(_ check: Check, _ s: Scenario, trial: Int, values: [String: Value], records: [String: StepRecord],
               steps: [StepRecord], assignment: [String], diagnosing: Bool = true) -> TrialFailure? {
        do {
            var seen: [(Source, Value)] = []
            for src in check.equal {
                switch resolve(src, values: values, records: records) {
                case .success(let v): seen.append((src, v))
                case .failure(let why):
                    return TrialFailure(step: check.step, line: check.line, column: check.column, message: "a check (line \(check.line)) could not read \(src.description): \(why.text)",
                                        blamed: why.blamed.flatMap { records[$0]?.implementation } ?? assignment[0], mismatch: nil, diagnosis: nil, isError: false)
                }
            }
            if check.differ {
                for i in seen.indices { for j in seen.indices where j > i && seen[i].1 == seen[j].1 {
                    let producer = seen[j].0.step.flatMap { records[$0] } ?? seen[i].0.step.flatMap { records[$0] }
                    var failure = TrialFailure(step: nil, line: check.line, column: check.column,
                                               message: "check at line \(check.line): \(seen[i].0.description) and \(seen[j].0.description) are equal (\(Printable.bounded(seen[i].1.display, limit: 80))), and must differ" + (check.why.map { " (\($0))" } ?? ""),
                                               blamed: producer?.implementation ?? assignment[0],
                                               mismatch: Mismatch(field: "\(seen[i].0.description) ≠ \(seen[j].0.description)", expected: "different values", actual: seen[i].1.display,
                                                                  line: check.line, column: check.column),
                                               diagnosis: nil, isError: false)
                    if diagnosing { diagnose(&failure, s, trial: trial, records: steps) }
                    return failure
                } }
                return nil
            }
            // A step's expect entry: what it names is the expected value, the step's output the actual one.
            if check.step != nil { seen.reverse() }
            let (firstSource, first) = seen[0]
            for (src, v) in seen.dropFirst() where v != first {
                let producer = [src.step, firstSource.step].compactMap { $0 }.first.flatMap { records[$0] }
                let context = producer?.input ?? Fields()
                var m = Judge.mismatch("\(firstSource.description) = \(src.description)", first, v, context: context)
                // Two steps' outputs: neither side is the expected one. The rules are tried both ways,
                // and their "expected" and "actual" become the two sides' implementations.
                if let left = firstSource.step.flatMap({ records[$0]?.implementation }), let right = src.step.flatMap({ records[$0]?.implementation }),
                   left != right {
                    let known = { (x: Mismatch) in !(x.explanation ?? "").contains(Explanations.noKnownCause) }
                    let other = Judge.mismatch("\(firstSource.description) = \(src.description)", v, first,
                                               context: firstSource.step.flatMap { records[$0]?.input } ?? context)
                    if !known(m) && known(other) {
                        m.explanation = other.explanation.map { Explanations.naming($0, expected: right, actual: left) }
                    } else {
                        m.explanation = m.explanation.map { Explanations.naming($0, expected: left, actual: right) }
                    }
                }
                m.line = check.line
                m.column = check.column
                var failure = TrialFailure(step: check.step, line: check.line, column: check.column,
                                           message: "check at line \(check.line): \(src.description) is not \(firstSource.description)" + (check.why.map { " (\($0))" } ?? ""),
                                           blamed: producer?.implementation ?? assignment[0], mismatch: m, diagnosis: nil, isError: false)
                if diagnosing { diagnose(&failure, s, trial: trial, records: steps) }
                return failure
            }
            return nil
        }
    }

    struct Unresolved: Error {
        var text: String
        /// The step whose output was missing or unusable.
        var blamed: String?
    }

    func resolve(_ src: Source, values: [String: Value], records: [String: StepRecord]) -> Result<Value, Unresolved> {
        switch src {
        case .literal(let v): return .success(v)
        case .unavailable(let why): return .failure(Unresolved(text: why, blamed: nil))
        case .index, .count, .carry, .delivery, .at:
            return .failure(Unresolved(text: "\(src.description) belongs to a flow that was not expanded", blamed: nil))
        case .fresh(let n):
            guard let v = values[n] else { return .failure(Unresolved(text: "fresh \(n) was not drawn", blamed: nil)) }
            return .success(v)
        case .output(let s, let f):
            guard let r = records[s] else { return .failure(Unresolved(text: "step \(s) did not run", blamed: nil)) }
            guard case .outputs(let o) = r.outcome, let v = o[f] else {
                return .failure(Unresolved(text: "\(r.implementation) did not output \(f) at step \(s)", blamed: s))
            }
            return .success(v)
        case .input(let s, let f):
            guard let v = records[s]?.input[f] else { return .failure(Unresolved(text: "step \(s) was not given \(f)", blamed: nil)) }
            return .success(v)
        case .flippedText(let inner, let at, let encoding, let prefix):
            switch resolve(inner, values: values, records: records) {
            case .failure(let e): return .failure(e)
            case .success(let v):
                guard case .text(let t) = v, t.hasPrefix(prefix) else {
                    return .failure(Unresolved(text: "\(inner.description) does not start with \(Printable.escape(prefix))", blamed: inner.step))
                }
                var b: [UInt8]
                do { b = try encoding.decode(String(t.dropFirst(prefix.count))) } catch {
                    return .failure(Unresolved(text: "\(inner.description) is not \(encoding.rawValue) after \(Printable.escape(prefix)): \(error.message)", blamed: inner.step))
                }
                let k = at >= 0 ? at : b.count + at
                guard k >= 0 && k < b.count else {
                    return .failure(Unresolved(text: "byte \(at) of \(inner.description)'s \(b.count) encoded bytes does not exist", blamed: inner.step))
                }
                b[k] ^= 1
                let encoded: String
                switch encoding {
                case .hex: encoded = Hex.encode(b)
                case .base64: encoded = Base64.encode(b, .standard)
                case .base64url: encoded = Base64.encode(b, .url)
                case .utf8: encoded = String(decoding: b, as: UTF8.self)
                }
                return .success(.text(prefix + encoded))
            }
        case .sliced(let inner, let from, let to):
            switch resolve(inner, values: values, records: records) {
            case .failure(let e): return .failure(e)
            case .success(let v):
                guard case .bytes(let b) = v else { return .failure(Unresolved(text: "\(inner.description) is not bytes", blamed: inner.step)) }
                let lo = from >= 0 ? from : b.count + from, hi = to.map { $0 >= 0 ? $0 : b.count + $0 } ?? b.count
                guard lo >= 0, hi <= b.count, lo <= hi else {
                    return .failure(Unresolved(text: "bytes \(from)..<\(to.map(String.init) ?? "end") of \(inner.description) (\(b.count) bytes) do not exist", blamed: inner.step))
                }
                return .success(.bytes(Array(b[lo..<hi])))
            }
        case .concat(let parts):
            var bytes: [UInt8] = [], text = "", isText = false
            for (k, p) in parts.enumerated() {
                switch resolve(p, values: values, records: records) {
                case .failure(let e): return .failure(e)
                case .success(.bytes(let b)) where k == 0 || !isText: bytes += b
                case .success(.text(let t)) where k == 0 || isText: isText = true; text += t
                case .success: return .failure(Unresolved(text: "concat of \(p.description): the values are not all bytes or all texts", blamed: p.step))
                }
            }
            return .success(isText ? .text(text) : .bytes(bytes))
        case .bytesOf(let inner):
            switch resolve(inner, values: values, records: records) {
            case .failure(let e): return .failure(e)
            case .success(.text(let t)): return .success(.bytes(Array(t.utf8)))
            case .success: return .failure(Unresolved(text: "\(inner.description) is not a text", blamed: inner.step))
            }
        case .flipped(let inner, let at):
            switch resolve(inner, values: values, records: records) {
            case .failure(let e): return .failure(e)
            case .success(let v):
                guard case .bytes(var b) = v else { return .failure(Unresolved(text: "\(inner.description) is not bytes", blamed: inner.step)) }
                let k = at >= 0 ? at : b.count + at
                guard k >= 0 && k < b.count else {
                    return .failure(Unresolved(text: "byte \(at) of \(inner.description) does not exist (it has \(b.count))", blamed: inner.step))
                }
                b[k] ^= 1
                return .success(.bytes(b))
            }
        }
    }

    /// What an implementation answers a step's request, asked once per trial, step, implementation
    /// and input (the diagnosis and recording ask again).
    func ask(_ impl: any Implementation, step: Step, input: Fields, trial: Int) -> Outcome {
        let key = AnswerKey(trial: trial, step: step.id, implementation: impl.name, input: input.values)
        if let known = answers.withLock({ $0[key] }) { return known }
        let outcome = impl.run(Request(suite: step.suite.name, op: step.op, input: input))
        answers.withLock { $0[key] = outcome }
        return outcome
    }

    /// A step's outcome against what the scenario says of it.
    func judge(_ step: Step, _ r: StepRecord, role: String) -> TrialFailure? {
        func failure(_ message: String, isError: Bool = false, mismatch: Mismatch? = nil) -> TrialFailure {
            TrialFailure(step: step.id, line: step.line, column: step.column, message: message, blamed: r.implementation,
                         mismatch: mismatch, diagnosis: nil, isError: isError)
        }
        let who = "\(r.implementation) (as \(role))"
        switch r.outcome {
        case .outputs(let o):
            if let c = step.refuses {
                return failure("step \(step.id) (\(step.what)): \(who) accepted what the scenario says is refused (\(c.rawValue)): it output \(o.keys.sorted().joined(separator: ", "))",
                               mismatch: Mismatch(field: "step \(step.id)", expected: "a refusal (\(c.rawValue))", actual: "outputs",
                                                  explanation: "the implementation accepted an input the contract refuses", line: step.line, column: step.column))
            }
            let spec = step.suite.op(step.op)!
            for f in spec.expects where f.required && o[f.name] == nil {
                return failure("step \(step.id) (\(step.what)): \(who) did not output \(f.name)",
                               mismatch: Mismatch(field: "step \(step.id)", expected: f.name, actual: "(missing)", line: step.line, column: step.column))
            }
            return nil
        case .refused(let e):
            if let c = step.refuses, e.errorClass.matches(c) { return nil }
            let want = step.refuses.map { "a refusal (\($0.rawValue))" } ?? "outputs"
            return failure("step \(step.id) (\(step.what)): \(who) refused it: \(e.errorClass.rawValue): \(Printable.escape(e.message))",
                           mismatch: Mismatch(field: "step \(step.id)", expected: want, actual: "refused (\(e.errorClass.rawValue)): \(e.message)",
                                              line: step.line, column: step.column))
        case .unsupported(let why):
            return failure("step \(step.id) (\(step.what)): \(who) answered unsupported, though it announced the op (\(Printable.escape(why)))", isError: true)
        case .error(let why):
            return failure("step \(step.id) (\(step.what)): \(who) failed: \(Printable.escape(why))", isError: true)
        }
    }

    /// Whether two answers to one request agree: the same value for every output both give (an
    /// optional output one leaves out is not compared), or refusals of matching classes.
    static func agree(_ a: Outcome, _ b: Outcome) -> Bool {
        switch (a, b) {
        case (.outputs(let x), .outputs(let y)):
            return x.allSatisfy { k, v in y[k].map { $0 == v } ?? true }
        case (.refused(let e), .refused(let f)):
            return e.errorClass.matches(f.errorClass) || f.errorClass.matches(e.errorClass)
        default:
            return false
        }
    }

    /// The first step whose assigned implementation's answer another implementation does not give
    /// to the same request: the step, who disagreed, and whether the assigned one stands alone.
    struct Divergence {
        var record: StepRecord
        var step: Step
        var agreeing: [String], disagreeing: [(String, Outcome)]
        /// The assigned implementation, when every other implementation that answered disagrees with
        /// it and there are at least two of them: one against one settles nothing.
        var alone: String? { agreeing.isEmpty && disagreeing.count >= 2 ? record.implementation : nil }
        /// The only other implementation that runs the step, when it disagrees: a tie, laid to both.
        var tie: String? { agreeing.isEmpty && disagreeing.count == 1 ? disagreeing[0].0 : nil }
    }

    func firstDivergence(_ s: Scenario, trial: Int, records: [StepRecord]) -> Divergence? {
        let byID = Dictionary(s.steps.map { ($0.id, $0) }, uniquingKeysWith: { a, _ in a })
        for r in records {
            guard let step = byID[r.step] else { continue }
            // Only what the step computed can diverge; a crash has no answer to compare.
            if case .error = r.outcome { continue }
            if case .unsupported = r.outcome { continue }
            var agreeing: [String] = [], disagreeing: [(String, Outcome)] = []
            for other in implementations where other.name != r.implementation && other.startFailure == nil
                && other.support(suite: step.suite.name, op: step.op) == .runs {
                let o = ask(other, step: step, input: r.input, trial: trial)
                switch o {
                case .outputs, .refused:
                    if Self.agree(r.outcome, o) { agreeing.append(other.name) } else { disagreeing.append((other.name, o)) }
                default: continue
                }
            }
            if !disagreeing.isEmpty { return Divergence(record: r, step: step, agreeing: agreeing, disagreeing: disagreeing) }
        }
        return nil
    }

    /// Sets a failure's diagnosis, and lays it to the implementation whose step diverged alone.
    func diagnose(_ failure: inout TrialFailure, _ s: Scenario, trial: Int, records: [StepRecord]) {
        let d = firstDivergence(s, trial: trial, records: records)
        failure.diagnosis = diagnosis(d, records: records, scenario: s)
        if let culprit = d?.alone { failure.blamed = culprit }
        if let d, let other = d.tie {
            // Neither side is settled: the failure is laid to both, never to one of them alone.
            failure.blamed = d.record.implementation
            failure.alsoBlamed = other
        }
    }

    /// The first diverging step, in a sentence with its cause (docs/scenarios.md, "Diagnosis").
    func diagnosis(_ divergence: Divergence?, records: [StepRecord], scenario: Scenario) -> String {
        let byID = Dictionary(scenario.steps.map { ($0.id, $0) }, uniquingKeysWith: { a, _ in a })
        func s(_ id: String) -> Step? { byID[id] }
        guard let d = divergence else {
            // The implementations asked again, at any step (those that run a step and did not do it here).
            let asked = implementations.filter { i in
                i.startFailure == nil && records.contains { r in
                    r.implementation != i.name && (s(r.step).map { i.support(suite: $0.suite.name, op: $0.op) == .runs } ?? false)
                }
            }.map(\.name)
            if asked.isEmpty {
                return "no other implementation runs these steps, so none could be asked where the flow went otherwise"
            }
            return "no step diverged: at every step, every other implementation that runs it (\(asked.joined(separator: ", "))) answers as the assigned one did, so the flow fails for all of them: check the scenario, or the contract"
        }
        let r = d.record
        let role = d.step.role
        var text = "first divergence at step \(d.step.id) (\(d.step.what)), done by \(r.implementation) as \(role): "
        // The "expected" side: the largest group of implementations that agree with each other
        // against the assigned one, and in it a library's own code first, then the app's, then a port.
        var groups: [[(String, Outcome)]] = []
        for x in d.disagreeing {
            if let k = groups.firstIndex(where: { Self.agree($0[0].1, x.1) && Self.agree(x.1, $0[0].1) }) { groups[k].append(x) } else { groups.append([x]) }
        }
        func rank(_ name: String) -> Int {
            switch byName[name]?.provenance(suite: d.step.suite.name) {
            case .library?: return 0
            case .app?: return 1
            default: return 2
            }
        }
        let largest = groups.max { a, b in a.count < b.count || (a.count == b.count && a.map { rank($0.0) }.min()! > b.map { rank($0.0) }.min()!) }!
        let (otherName, otherOutcome) = largest.min { rank($0.0) < rank($1.0) }!
        let disagreeing = d.disagreeing.map(\.0).joined(separator: ", ")
        let one = d.disagreeing.count == 1
        let (computes, refuse, answer) = one ? ("computes", "refuses", "answers") : ("compute", "refuse", "answer")
        switch (r.outcome, otherOutcome) {
        case (.outputs(let mine), .outputs(let theirs)):
            let field = mine.keys.sorted().first { k in theirs[k].map { $0 != mine[k]! } ?? false } ?? ""
            let m = Judge.mismatch(field, theirs[field]!, mine[field]!, context: r.input)
            let cause = Explanations.naming(m.explanation ?? Explanations.noKnownCause, expected: otherName, actual: r.implementation)
            text += "\(disagreeing) \(computes) another \(field) (\(r.implementation) \(Printable.bounded(m.actual, limit: 80)), \(otherName) \(Printable.bounded(m.expected, limit: 80))); \(cause)"
        case (.refused(let e), .outputs):
            text += "\(r.implementation) refuses it (\(e.errorClass.rawValue): \(Printable.bounded(Printable.escape(e.message)))), \(disagreeing) \(computes) outputs"
        case (.outputs, .refused(let e)):
            text += "\(r.implementation) computes outputs, \(disagreeing) \(refuse) it (\(otherName): \(e.errorClass.rawValue): \(Printable.bounded(Printable.escape(e.message))))"
        case (.refused(let mine), .refused(let theirs)):
            text += "\(r.implementation) refuses it as \(mine.errorClass.rawValue), \(disagreeing) as \(theirs.errorClass.rawValue)"
        default:
            text += "\(disagreeing) \(answer) otherwise"
        }
        if !d.agreeing.isEmpty { text += " (\(d.agreeing.joined(separator: ", ")) \(d.agreeing.count == 1 ? "answers" : "answer") as \(r.implementation) does)" }
        if let other = d.tie {
            text += "; no third implementation runs this step, so neither \(r.implementation) nor \(other) is settled: the failure is laid to both"
        }
        return text
    }
}
