import ConcordFormats
import ConcordImplementations
import ConcordPacks
import ConcordScenarios
import ConcordWorkflows
import Foundation

/// `concord scenario [FILE|FOLDER|PACK…]`: whole flows over every assignment of roles to
/// implementations, with seeded fresh values (docs/scenarios.md).
enum ScenarioCommand: Command {
    static let spec = CommandSpec(
        name: "scenario", arguments: "[FILE|FOLDER|PACK…]",
        brief: "run scenarios (whole flows) over every assignment of roles to implementations, with fresh seeded values",
        summary: """
        Runs concord-scenario/1 files: each step is one role doing one suite op, and every assignment of the roles
        to the implementations that run their steps is run, each trial with fresh values drawn from the seed (the
        same seed, scenario and trial make the same values on any machine). A failure names its assignment, trial
        and seed, the first step whose outputs diverged between implementations and its cause, and the command
        that replays it (--seed S --trial K --assign …). A pack name (closer) runs Concord's own
        vectors/<pack>/scenarios/; a folder runs the scenario files in it; with no argument, every pack's.
        With --explore, flows (repetitions and deliveries drawn from the seed, docs/scenarios.md) are drawn until
        one fails; it is shrunk to its shortest form and written as a scenario file that replays it exactly.
        """,
        options: Options.specs,
        notes: [Common.dashNote, "GITHUB_ACTIONS=true prints ::error annotations at the failing steps' lines.", Common.exitNote])

    struct Options: CommandOptions {
        var positional: [String] = []
        var common = SharedOptions()
        var assign: String?
        var trials: Int64?
        var seed: String?
        var trial: Int64?
        var record: String?
        var explore = false
        var seconds: Double?
        var emit: String?
        var shrinkRuns: Int64?
        var report: String?
        static var args: [Arg<Self>] {
            [
                .shared(Common.implementations),
                .value(\.assign, .value("assign", "ROLE=IMPL,…", "fix these roles to these implementations (the others take every candidate)")),
                .integer(\.trials, min: 1, .value("trials", "N", "trials per assignment (default \(ScenarioConfiguration.defaultTrials): odd trials take the values' edges; at most \(ScenarioConfiguration.maxTrials))")),
                .value(\.seed, .value("seed", "S", "the seed of the fresh values (default: a new one, printed; 0 to 2^64-1)")),
                .integer(\.trial, min: 0, .value("trial", "K", "run only trial K (a replay, with --seed and --assign)")),
                .value(\.record, .value("record", "DIR", "freeze every trial into vector files under DIR (DIR/<suite>/<scenario>-seed<S>.yaml; never replaces a file)")),
                .flag(\.explore, .flag("explore", "draw flows (trials) until one fails, shrink it to its shortest form (fewest steps, smallest counts) and write it as a scenario file that replays exactly")),
                .number(\.seconds, .value("seconds", "T", "with --explore: draw flows of each scenario for at most T seconds (default \(FlowExploration.seconds(FlowExploration.defaultSeconds)); --trials N stops after N flows instead)")),
                .value(\.emit, .value("emit", "DIR", "with --explore: the folder a shrunk flow is written to (default reports; never replaces a file)")),
                .integer(\.shrinkRuns, min: 0, .value("shrink-runs", "N", "with --explore: shrink a failing flow with at most N runs of it (default \(FlowExploration.maxShrinkRuns); 0 writes it as found)")),
                .value(\.report, .value("report", "PATH", short: "o", "the JSON report (default reports/scenario.json)")),
            ] + Common.reportOutputs.map(Arg.shared) + [
                .shared(Common.jobs), .shared(Common.timeout), .shared(Common.maxFileBytes), .shared(Common.maxDepth), .shared(Common.adapter), .shared(Common.project),
            ]
        }
    }

    static func run(_ o: Options) throws(UsageError) -> Int32 {
        // The project's settings are read when it says what runs (no argument).
        let s = try Common.session(o.common, settings: o.positional.isEmpty)
        var gate = try Common.gate(s, o.common)
        var badLedger = false
        let ledger = try Common.readLedger(s, o.common, failed: &badLedger)
        if badLedger { return 2 }
        let (trials, trial, seed) = try Self.bounds(o)
        let w = ScenarioWorkflow(s.terminal)
        let assign = try usage { () throws(Session.Problem) in try w.assignments(o.assign, s) }
        let names = try usage { () throws(Session.Problem) in try s.names(o.common.implementations) }
        for (role, impl) in assign where !names.contains(impl) {
            throw UsageError("--assign \(role)=\(impl): \(impl) is not among --implementations (\(names.joined(separator: ", ")))")
        }
        // The implementations the user named (docs/gating.md): --implementations, --assign, the
        // adapters of --adapter and concord.yaml. One of those that does not start fails the run.
        // A built-in one named while it is not available here (no Chromium) is a bad option, as in
        // `run`: exit 2 before anything starts.
        var availability = s.policy(names, explicit: o.common.implementations != nil, assigned: Array(assign.values), required: gate.required)
        gate.named = availability.named
        // The scenario files, read and checked before anything starts.
        guard let (files, scenarios) = w.read(o.positional, s, limits: Common.loader(o.common).yamlLimits, seedGiven: o.seed != nil, seed: seed, trial: trial) else { return 2 }
        if o.explore, let problem = FlowExploration.emitProblem(o.emit ?? "reports") { stderr("concord: --emit: \(problem); nothing was run"); return 2 }
        let output = try Common.output(s, o.common, json: o.report ?? "reports/scenario.json")
        guard output.distinct(from: files) else { return 2 }
        // --record: every file it may write is checked before anything runs: none exists, and no
        // output of this command is one of them (docs/scenarios.md, "Recording").
        if o.record?.isEmpty == true { throw UsageError("--record needs a folder") }
        let targets = o.record.map { dir in scenarios.flatMap { ScenarioRecorder.paths(dir: dir, scenario: $0, seed: seed) } } ?? []
        guard w.recordable(targets, in: o.record, outputs: output.outputs, inputs: files) else { return 2 }
        let settings = Catalog.Settings(home: s.home, requestTimeout: o.common.timeout ?? 300, shareDerivations: true)
        var impls = try usage { () throws(Session.Problem) in try s.implementations(names, settings: settings, availability: &availability, announce: false) }
        let workers = Int(o.common.jobs ?? Int64(max(1, ProcessInfo.processInfo.activeProcessorCount)))
        // Every implementation is started before planning: an adapter knows its suites once its handshake arrived.
        let work = PlannedWork(largestKdfMemoryKiB: Packs.all.map(\.kdfMemoryKiB).max() ?? 0, workers: workers)
        for i in impls { i.expect(work) }
        s.terminal.watch(impls)
        // Named and not started: the run goes on with the others and fails (exit 1), as `run` does.
        let failedNamed: [String]
        (impls, failedNamed) = s.start(impls, availability: availability)
        for line in availability.notHereLines { stderr("concord: \(line)") }
        guard let (plans, unused) = w.plans(scenarios, impls, assign: assign, failedNamed: failedNamed, named: gate.named) else { return 2 }
        let config = ScenarioConfiguration(seed: seed, trials: trials, trial: trial, assign: assign, workers: workers)
        let runner = ScenarioRunner(implementations: impls)
        let start = Date()
        let (results, checks, writtenFlows, emitFailed) = w.execute(plans, runner: runner, config: config, explore: o.explore, seconds: o.seconds, emit: o.emit, shrinkRuns: o.shrinkRuns, trialsGiven: o.trials != nil, quiet: o.common.quiet)
        let recordFailed = o.record.map { w.record(plans, runner: runner, config: config, into: $0, targets: targets) } ?? false
        // The adapters exit while the report is written; the command returns once they have.
        closeInputs(impls)
        defer { shutdownAll(impls) }
        let result = ScenarioResults.runResult(results, checks: checks, implementations: impls, wallSeconds: Date().timeIntervalSince(start), workers: workers)
        let report = w.report(result, explore: o.explore, seconds: o.seconds, trialsGiven: o.trials != nil, version: concordVersion, seed: seed, trials: trials, trial: trial, files: files, written: writtenFlows)
        var status = output.emit(result, report: report, gate: gate, ledger: s.judge(ledger, result))
        for n in unused {
            stderr("concord: \(n) is named but takes no role in any scenario run: nothing checked it")
            if status == 0 { status = 1 }
        }
        if (recordFailed || emitFailed) && status == 0 { status = 2 }
        return status
    }

    /// `--explore`'s options and the run's (they exclude each other), the trials, the one trial, the seed.
    static func bounds(_ o: Options) throws(UsageError) -> (trials: Int, trial: Int?, seed: UInt64) {
        let explore = o.explore
        if !explore, let k = [("seconds", o.seconds != nil), ("emit", o.emit != nil), ("shrink-runs", o.shrinkRuns != nil)].first(where: \.1)?.0 { throw UsageError("--\(k) is an option of --explore") }
        if explore, let k = [("trial", o.trial != nil), ("record", o.record != nil)].first(where: \.1)?.0 {
            throw UsageError("--explore draws flows and writes the one that fails: --\(k) is for a run (replay a written flow with concord scenario FILE)")
        }
        if explore && o.seconds != nil && o.trials != nil { throw UsageError("--seconds and --trials exclude each other: give one") }
        let emitDir = o.emit ?? "reports"
        if explore && emitDir.isEmpty { throw UsageError("--emit needs a folder") }
        let trials = Int(o.trials ?? Int64(explore ? ScenarioConfiguration.maxTrials : ScenarioConfiguration.defaultTrials))
        if trials > ScenarioConfiguration.maxTrials {
            throw UsageError("--trials \(trials) is above the limit of \(ScenarioConfiguration.maxTrials) trials (the report holds one result per trial of each assignment)")
        }
        let trial = o.trial.map(Int.init)
        if let trial, o.trials != nil, trial >= trials { throw UsageError("--trial \(trial) is not below --trials \(trials)") }
        let seed = try usage { () throws(Session.Problem) in try Session.seed(o.seed) }
        return (trials, trial, seed)
    }
}
