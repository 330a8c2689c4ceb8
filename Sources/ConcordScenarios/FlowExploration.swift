import ConcordFiles
import ConcordFormats
import ConcordImplementations
import ConcordScenarioFormat
import Foundation

/// `concord scenario --explore` after a flow failed (docs/scenarios.md, "Exploring flows"): the
/// failing trial's flow shrunk on its assignment, described, and written as a scenario file that
/// replays it exactly.
public struct FlowExploration {
    /// How long each scenario's flows are drawn by default.
    public static let defaultSeconds: Double = 10
    /// Shrinking runs at most this many candidate flows, and for at most this long.
    public static let maxShrinkRuns = 400
    public static let maxShrinkSeconds: Double = 300

    public let plan: ScenarioPlan
    public let runner: ScenarioRunner
    public let seed: UInt64
    public let failing: TrialResult
    /// The most candidate flows shrinking runs.
    public var maxRuns: Int

    public init(plan: ScenarioPlan, runner: ScenarioRunner, seed: UInt64, failing: TrialResult, maxRuns: Int = FlowExploration.maxShrinkRuns) {
        self.plan = plan
        self.runner = runner
        self.seed = seed
        self.failing = failing
        self.maxRuns = maxRuns
    }

    public static func seconds(_ t: Double) -> String { t == t.rounded() ? String(Int(t)) : String(t) }

    /// Why shrunk flows cannot be written into `dir` (nil: they can): it is not a folder.
    public static func emitProblem(_ dir: String) -> String? {
        do { try FolderOutput.check((dir as NSString).appendingPathComponent("probe.yaml"), inside: dir) } catch { return "\(error)" }
        return nil
    }

    public struct Shrunk: Sendable {
        public var start: FlowChoice
        public var choice: FlowChoice
        public var runs: Int
        public var startSteps: Int
        public var steps: Int
        public var signature: FailureSignature?
        /// The shrunk flow's run (it fails as the first did).
        public var result: TrialResult
        /// The roles left (a role none of whose steps is left goes).
        public var roles: [String]
        /// Whether shrinking stopped at its limit of runs or time.
        public var stopped: Bool
        public var seconds: Double
    }

    var scenario: Scenario { plan.scenario }

    /// One run of the failing trial's assignment with these choices (the trial's own fresh values),
    /// every implementation asked again. Shrinking runs are not diagnosed (the diagnosis asks every
    /// other implementation every step again): their failures are laid to the implementation whose
    /// step failed, and compared with the first run's laid alike.
    func run(_ c: FlowChoice, diagnosing: Bool) -> (TrialResult, Scenario) {
        let (p, values) = ScenarioRunner.flow(plan, seed: seed, trial: failing.trial, choice: c)
        runner.forget(trial: failing.trial)
        return (runner.trial(p, assignment: failing.assignment, trial: failing.trial, values: values, diagnosing: diagnosing), p.scenario)
    }

    /// How many deliveries of each deliver block a run began (a delivery's steps are `STEP.I.dK`).
    func delivered(_ r: TrialResult, _ expanded: Scenario) -> [String: Int] {
        var out: [String: Int] = [:]
        let base = Dictionary(expanded.steps.map { ($0.id, $0.base) }, uniquingKeysWith: { a, _ in a })
        for record in r.steps {
            guard let b = base[record.step], let block = scenario.flow.stepBlock[b], scenario.flow.deliveries[block] != nil,
                  let last = record.step.split(separator: ".").last, last.hasPrefix("d"), let k = Int(last.dropFirst()) else { continue }
            out[block] = max(out[block] ?? 0, k + 1)
        }
        return out
    }

    /// The failing flow shrunk: every candidate run, taken when it fails the same way.
    public func shrink() -> Shrunk {
        let start = scenario.choice(seed: seed, trial: failing.trial)
        // The first run again, undiagnosed: the failure every candidate must repeat (none: a flow
        // that does not fail again alike, which is not shrunk).
        let (again, expanded) = run(start, diagnosing: false)
        let signature = FailureSignature(again, expanded)
        let began = Date()
        var shrinker = FlowShrinker(scenario: scenario, maxRuns: maxRuns, deadline: began.addingTimeInterval(Self.maxShrinkSeconds)) { c in
            let (r, s) = self.run(c, diagnosing: false)
            return signature != nil && FailureSignature(r, s) == signature ? self.delivered(r, s) : nil
        }
        let best = signature == nil ? start : shrinker.shrink(start, delivered: delivered(again, expanded))
        let (result, shrunkScenario) = run(best, diagnosing: true)
        let roles = scenario.roles.map(\.name).filter { r in shrunkScenario.steps.contains { $0.role == r } }
        return Shrunk(start: start, choice: best, runs: shrinker.runs, startSteps: expanded.steps.count, steps: shrunkScenario.steps.count,
                      signature: signature, result: result, roles: roles, stopped: shrinker.spent, seconds: Date().timeIntervalSince(began))
    }

    /// The assignment of the roles left.
    func assignment(_ x: Shrunk) -> String {
        zip(scenario.roles, failing.assignment).filter { x.roles.contains($0.0.name) }.map { "\($0.0.name)=\($0.1)" }.joined(separator: ",")
    }

    /// What was found and what it shrank to, a line each.
    public func describe(_ x: Shrunk) -> [String] {
        let failure = failing.failure.map { Printable.bounded(Printable.escape($0.message), limit: 300) } ?? ""
        var lines = ["flow found: scenario \(scenario.name), trial \(failing.trial), \(plan.describe(failing.assignment)): \(failure)"]
        var changes: [String] = []
        for b in scenario.flow.blockNames {
            if x.choice.removed.contains(b) && !x.start.removed.contains(b) { changes.append("\(b) left out"); continue }
            if let n = x.start.counts[b], let m = x.choice.counts[b], n != m { changes.append("\(b) \(n) → \(m) iterations") }
            if scenario.flow.deliveries[b] != nil, let n = x.start.orders[b]?.count, let m = x.choice.orders[b]?.count, n != m {
                changes.append("\(b) \(n) → \(m) deliveries")
            }
        }
        let steps = x.choice.removed.filter { scenario.flow.repeats[$0] == nil && scenario.flow.deliveries[$0] == nil }.count
        if steps > 0 { changes.append("\(steps) step\(steps == 1 ? "" : "s") left out") }
        if !x.choice.removedChecks.isEmpty { changes.append("\(x.choice.removedChecks.count) check\(x.choice.removedChecks.count == 1 ? "" : "s") left out") }
        lines.append("shrunk from \(x.startSteps) to \(x.steps) steps in \(x.runs) run\(x.runs == 1 ? "" : "s"), \(Int(x.seconds.rounded())) s"
                     + (changes.isEmpty ? "" : " (\(changes.joined(separator: "; ")))")
                     + (x.signature.map { ": still \($0)" } ?? ": run again it did not fail alike, so it was not shrunk"))
        if x.stopped {
            lines.append("shrinking stopped at its limit (\(maxRuns) runs or \(Int(Self.maxShrinkSeconds)) s): a shorter flow may fail too")
        }
        return lines
    }

    /// The file a shrunk flow is written to, and its scenario name.
    public func target(into dir: String) -> (path: String, name: String) {
        let pin = self.pin
        let name = "\(pin.from).flow-s\(pin.seed)-t\(pin.trial)"
        return ((dir as NSString).appendingPathComponent(name + ".yaml"), name)
    }

    var pin: FlowPin { scenario.flow.pin ?? FlowPin(from: scenario.name, seed: seed, trial: failing.trial) }

    /// Writes the shrunk flow into `dir` (a new file, never through a link); its path.
    public func write(_ x: Shrunk, into dir: String) throws -> String {
        let (path, name) = target(into: dir)
        let failure = x.result.failure.map { Printable.bounded(Printable.escape($0.message), limit: 400) } ?? "(the shrunk flow passed when run again)"
        let header = [
            "A flow of scenario \(scenario.name) (\(Printable.escape(scenario.file))) that fails,",
            "found by concord scenario --explore with seed \(pin.seed) at trial \(pin.trial), assignment",
            "\(plan.describe(failing.assignment)), and shrunk from \(x.startSteps) to \(x.steps) steps. Its values are",
            "drawn from that seed and trial (flow: below); every choice is written out.",
            "The failure: \(failure)",
            "Replay: \(replay(x, path: path))",
        ]
        guard let text = FlowWriter.text(scenario, choice: x.choice, pin: pin, name: name, header: header) else {
            throw OutputFile.Failure(path: path, message: "the scenario's file was not kept to write from")
        }
        try FolderOutput.write(Array(text.utf8), to: path, inside: dir, replacing: false)
        return path
    }

    public func replay(_ x: Shrunk, path: String) -> String {
        "concord scenario \(ScenarioResults.shellQuoted(path)) --seed \(pin.seed) --assign \(assignment(x))"
    }
}
