import ConcordFiles
import ConcordFormats
import ConcordImplementations
import ConcordJudging
import ConcordLoading
import ConcordReport
import ConcordReportFormat
import ConcordScenarioFormat
import ConcordScenarios
import ConcordSuites
import ConcordSync
import ConcordWorkflows
import ConcordYAML
import Foundation
import ConcordPacks

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
        let assign = try Self.assignments(o.assign, s)
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
        guard let (files, scenarios) = Self.read(o, s, seed: seed, trial: trial) else { return 2 }
        if o.explore, let problem = FlowExploration.emitProblem(o.emit ?? "reports") { stderr("concord: --emit: \(problem); nothing was run"); return 2 }
        let output = try Common.output(s, o.common, json: o.report ?? "reports/scenario.json")
        guard output.distinct(from: files) else { return 2 }
        // --record: every file it may write is checked before anything runs: none exists, and no
        // output of this command is one of them (docs/scenarios.md, "Recording").
        if o.record?.isEmpty == true { throw UsageError("--record needs a folder") }
        let targets = o.record.map { dir in scenarios.flatMap { ScenarioRecorder.paths(dir: dir, scenario: $0, seed: seed) } } ?? []
        guard recordable(targets, in: o.record, outputs: output.outputs, inputs: files) else { return 2 }
        let settings = Catalog.Settings(home: s.home, requestTimeout: o.common.timeout ?? 300, shareDerivations: true)
        var impls = try usage { () throws(Session.Problem) in try s.implementations(names, settings: settings, availability: &availability, announce: false) }
        let workers = Int(o.common.jobs ?? Int64(max(1, ProcessInfo.processInfo.activeProcessorCount)))
        // Every implementation is started before planning: an adapter knows its suites once its handshake arrived.
        let work = PlannedWork(largestKdfMemoryKiB: Int(KdfParams.closer.memoryKiB), workers: workers)
        for i in impls { i.expect(work) }
        Interrupt.watch(impls)
        // Named and not started: the run goes on with the others and fails (exit 1), as `run` does.
        let failedNamed: [String]
        (impls, failedNamed) = s.start(impls, availability: availability)
        for line in availability.notHereLines { stderr("concord: \(line)") }
        guard let (plans, unused) = Self.plans(scenarios, impls, assign: assign, failedNamed: failedNamed, named: gate.named) else { return 2 }
        let config = ScenarioConfiguration(seed: seed, trials: trials, trial: trial, assign: assign, workers: workers)
        let runner = ScenarioRunner(implementations: impls)
        let start = Date()
        let (results, checks, writtenFlows, emitFailed) = Self.execute(plans, runner: runner, config: config, o: o)
        let recordFailed = o.record.map { Self.record(plans, runner: runner, config: config, into: $0, targets: targets) } ?? false
        // The adapters exit while the report is written; the command returns once they have.
        closeInputs(impls)
        defer { shutdownAll(impls) }
        let result = ScenarioResults.runResult(results, checks: checks, implementations: impls, wallSeconds: Date().timeIntervalSince(start), workers: workers)
        let report = Self.report(result, o: o, seed: seed, trials: trials, trial: trial, files: files, written: writtenFlows)
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

    /// `--assign ROLE=IMPL,…`, each implementation known.
    static func assignments(_ list: String?, _ s: Session) throws(UsageError) -> [String: String] {
        var assign: [String: String] = [:]
        if let a = list {
            for item in a.split(separator: ",", omittingEmptySubsequences: false) {
                let parts = item.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false).map { $0.trimmingCharacters(in: .whitespaces) }
                guard parts.count == 2, !parts[0].isEmpty, !parts[1].isEmpty else {
                    throw UsageError("--assign needs ROLE=IMPL pairs separated by commas, got \"\(a)\"")
                }
                if assign[parts[0]] != nil { throw UsageError("--assign names the role \(parts[0]) twice") }
                try usage { () throws(Session.Problem) in try s.known(parts[1], option: "--assign") }
                assign[parts[0]] = parts[1]
            }
        }
        return assign
    }

    /// The scenario files and what they hold, read and checked; nil after the message. With no
    /// argument in an app repository, what its project file declares (docs/scenarios.md): the
    /// scenarios of its packs (and of the packs of its suites) and those among its vectors.
    static func read(_ o: Options, _ s: Session, seed: UInt64, trial: Int?) -> (files: [String], scenarios: [Scenario])? {
        var arguments = o.positional
        if arguments.isEmpty, let project = s.project, project.declaresRun {
            arguments = Self.declared(project)
            if arguments.isEmpty {
                stderr("concord: \(project.file) declares no pack with scenarios and no scenario file among its vectors: nothing to run (name a file, folder or pack)")
                return nil
            }
        }
        let files: [String]
        do { files = try scenarioFiles(arguments, home: s.home) } catch { stderr("concord: \(error.message)"); return nil }
        let reader = ScenarioReader(limits: Common.loader(o.common).yamlLimits)
        var scenarios: [Scenario] = []
        var bad = 0
        for f in files {
            do { scenarios.append(try reader.read(file: f)) } catch { stderr("concord: \(error)"); bad += 1 }
        }
        if bad > 0 { stderr("concord: \(bad) error\(bad == 1 ? "" : "s") in the input; nothing was run"); return nil }
        var seenNames: [String: String] = [:]
        for sc in scenarios {
            if let other = seenNames[sc.name] { stderr("concord: \(sc.file): scenario name \(sc.name) is also \(other)'s"); return nil }
            seenNames[sc.name] = sc.file
            // A written flow draws from its own seed and trial (docs/scenarios.md, "Shrinking").
            if let pin = sc.flow.pin, o.seed != nil, pin.seed != seed || (trial != nil && trial != pin.trial) {
                stderr("concord: note: \(Printable.escape(sc.file)) is one flow of \(pin.from), seed \(pin.seed), trial \(pin.trial): its values are drawn from those, not from --seed \(seed)\(trial.map { " --trial \($0)" } ?? "")")
            }
        }
        return (files, scenarios)
    }

    /// Each scenario's plan over the implementations that started, and the named implementations
    /// that take no role in any (the gate fails closed on them); nil after the message.
    static func plans(_ scenarios: [Scenario], _ impls: [any Implementation], assign: [String: String], failedNamed: [String],
                      named: [String]) -> (plans: [ScenarioPlan], unused: [String])? {
        var bad = 0
        var plans: [ScenarioPlan] = []
        for s in scenarios {
            do { plans.append(try ScenarioPlan.make(s, implementations: impls, assign: assign)) } catch {
                // A role left without a candidate where a named implementation that did not start might
                // have taken it: that scenario is not run, and the run fails on the implementation (exit 1).
                if let why = blockedBy(failedNamed, s) {
                    stderr("concord: scenario \(s.name) is not run (\(why) did not start): \(error.message)")
                    continue
                }
                stderr("concord: \(error)")
                bad += 1
            }
        }
        if bad > 0 { shutdownAll(impls); stderr("concord: nothing was run"); return nil }
        // A named implementation that takes no role in any scenario did not run: the gate fails closed.
        var unused: [String] = []
        for n in named where !plans.contains(where: { p in p.candidates.contains { $0.implementations.contains(n) } }) {
            if impls.first(where: { $0.name == n })?.startFailure == nil { unused.append(n) }
        }

        return (plans, unused)
    }

    /// Runs every plan's trials (with --explore: draws flows until one fails, shrinks it and writes
    /// it), each trial's result kept as the report's as it comes.
    static func execute(_ plans: [ScenarioPlan], runner: ScenarioRunner, config: ScenarioConfiguration, o: Options)
        -> (results: [VectorResult], checks: Int, written: [String], emitFailed: Bool) {
        let explore = o.explore, seed = config.seed, trials = config.trials
        let exploreSeconds = o.seconds ?? FlowExploration.defaultSeconds
        let emitDir = o.emit ?? "reports"
        let shrinkRuns = Int(o.shrinkRuns ?? Int64(FlowExploration.maxShrinkRuns))
        let total = plans.reduce(0) { $0 + $1.assignments.count * config.trialCount($1.scenario) }
        let assignments = plans.reduce(0) { $0 + $1.assignments.count }
        if !o.common.quiet {
            if explore {
                let bound = o.trials != nil ? "at most \(trials) flow\(trials == 1 ? "" : "s")" : "\(FlowExploration.seconds(exploreSeconds)) s"
                stderr("concord: seed \(seed) (replay with --seed \(seed)); exploring the flows of \(plans.count) scenario\(plans.count == 1 ? "" : "s") over \(assignments) assignment\(assignments == 1 ? "" : "s"), \(bound) each")
            } else {
                stderr("concord: seed \(seed) (replay with --seed \(seed)); \(plans.count) scenario\(plans.count == 1 ? "" : "s"), \(total) trial\(total == 1 ? "" : "s") over \(assignments) assignment\(assignments == 1 ? "" : "s")")
            }
        }
        let progress = ProgressLine.forCommand(quiet: o.common.quiet, unit: "trials", shown: !explore || o.trials != nil)
        // Each trial's result as the report's, as it comes: a long run holds one small result per trial.
        let collected = Locked<(results: [VectorResult], checks: Int)>(([], 0))
        var finished = 0
        var emitFailed = false
        var writtenFlows: [String] = []
        for plan in plans {
            let before = finished
            var onProgress: (@Sendable (Int, Int) -> Void)? = nil
            if progress.enabled { onProgress = { @Sendable done, _ in progress.update(before + done, total) } }
            // Exploring: the first failing trial (the results come in order) stops the drawing.
            let found = Locked<TrialResult?>(nil)
            let deadline = Date().addingTimeInterval(exploreSeconds)
            let bounded = o.trials != nil
            let stop: (@Sendable () -> Bool)? = explore ? { @Sendable in found.withLock { $0 != nil } || (!bounded && Date() >= deadline) } : nil
            let flows = Locked((count: 0, steps: 0))
            runner.run(plan, configuration: config, progress: onProgress, stop: stop) { t in
                if explore {
                    if found.withLock({ $0 != nil }) { return }
                    if t.failure != nil { found.withLock { $0 = t } }
                    flows.withLock { $0.count += 1; $0.steps = max($0.steps, t.steps.count) }
                }
                let r = ScenarioResults.vectorResult(plan, t, seed: seed)
                collected.withLock { $0.results.append(r); $0.checks += t.steps.count }
            }
            finished += plan.assignments.count * config.trialCount(plan.scenario)
            Interrupt.holdIfInterrupted()
            guard explore else { continue }
            progress.finish()
            let (count, longest) = flows.withLock { $0 }
            guard let failing = found.withLock({ $0 }) else {
                if !o.common.quiet { stderr("concord: \(plan.scenario.name): \(count) flow\(count == 1 ? "" : "s") run (the longest \(longest) steps): none failed") }
                continue
            }
            let x = FlowExploration(plan: plan, runner: runner, seed: seed, failing: failing, maxRuns: shrinkRuns)
            let shrunk = x.shrink()
            Interrupt.holdIfInterrupted()
            for line in x.describe(shrunk) { stderr("concord: " + line) }
            do {
                let path = try x.write(shrunk, into: emitDir)
                writtenFlows.append(path)
                say("written: \(path)")
                stderr("concord: replay: \(x.replay(shrunk, path: path))")
            } catch {
                stderr("concord: --emit: \(error)")
                emitFailed = true
            }
        }
        progress.finish()
        let (results, checks) = collected.withLock { $0 }
        return (results, checks, writtenFlows, emitFailed)
    }

    /// `--record DIR`: every trial frozen into vector files; whether it failed.
    static func record(_ plans: [ScenarioPlan], runner: ScenarioRunner, config: ScenarioConfiguration, into dir: String, targets: [String]) -> Bool {
        var recordFailed = false
        let assign = config.assign
        let describe = assign.isEmpty ? "every implementation" : assign.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }.joined(separator: ",")
        let recordings = plans.map { ScenarioRecorder.recording($0, runner: runner, configuration: config, into: dir, assignment: describe) }
        // A file that appeared while the trials ran stops the recording before its first file.
        if let obstacle = ScenarioRecorder.obstacle(targets, inside: dir) {
            stderr("concord: --record: \(obstacle); nothing was recorded")
            recordFailed = true
        } else {
            for (plan, var r) in zip(plans, recordings) {
                for n in r.notes { stderr("concord: --record \(plan.scenario.name): \(n)") }
                do { try ScenarioRecorder.write(&r, inside: dir) } catch {
                    stderr("concord: --record: \(error)")
                    recordFailed = true
                }
                for f in r.files { say("recorded: \(f)") }
                if recordFailed { break }
                if r.needingReview > 0 {
                    stderr("concord: --record \(plan.scenario.name): \(r.needingReview) of \(r.vectors) vectors are pending and carry the flag \(ScenarioRecorder.reviewFlag): no library's own code with another implementation agreeing settled them (only the app under test and Concord's own ports answered, a library answered alone, or the libraries disagree); their comments hold every answer")
                }
            }
        }
        return recordFailed
    }

    /// The report says what was run: the seed, the trials, the files (docs/scenarios.md, "Reports").
    static func report(_ result: RunResult, o: Options, seed: UInt64, trials: Int, trial: Int?, files: [String], written writtenFlows: [String]) -> JSON {
        let explore = o.explore, exploreSeconds = o.seconds ?? FlowExploration.defaultSeconds
        var report = JSONReport.make(result, concordVersion: concordVersion)
        if case .object(var top) = report {
            var about: [(String, JSON)] = [("seed", .string(String(seed))), ("trials", .int(Int64(trials))),
                                           ("trial", trial.map { .int(Int64($0)) } ?? .null), ("files", .array(files.map { .string($0) }))]
            // --explore: how long each scenario was explored (null: --trials bounded it) and the flows written.
            if explore {
                about.append(("explore", .object([("seconds", o.trials == nil ? .double(exploreSeconds) : .null),
                                                  ("written", .array(writtenFlows.map { .string($0) }))])))
            }
            top.append(("scenario", .object(about)))
            report = .object(top)
        }
        return report
    }

    /// The files `--record` may write, held to the rule before anything runs: none exists (a
    /// recording never replaces a file), and none is an output of the command (`-o`, `--markdown`,
    /// `--junit`, `--html`, `$GITHUB_STEP_SUMMARY`) or an input, by any spelling. Printed, false.
    static func recordable(_ targets: [String], in recordDir: String?, outputs: [(option: String, path: String)], inputs: [String]) -> Bool {
        guard !targets.isEmpty else { return true }
        if let dir = recordDir, let obstacle = ScenarioRecorder.obstacle(targets, inside: dir) {
            stderr("concord: --record: \(obstacle); nothing was run")
            return false
        }
        let recorded = targets.map { (option: "--record", path: $0) }
        do {
            try OutputPlan.check(outputs: outputs.map { ("--" + $0.option, $0.path) } + recorded, inputs: inputs)
            if let summary = ReportOutput.stepSummary { try OutputPlan.check(outputs: [("$GITHUB_STEP_SUMMARY", summary)] + recorded, inputs: []) }
        } catch {
            stderr("concord: \(error)")
            return false
        }
        return true
    }

    /// The named implementations that did not start and might have taken a role of `s` (its role
    /// lists allow them), joined for a message; nil when none might have.
    static func blockedBy(_ failed: [String], _ s: Scenario) -> String? {
        let might = failed.filter { n in s.roles.contains { $0.implementations?.contains(n) ?? true } }
        return might.isEmpty ? nil : might.joined(separator: ", ")
    }

    struct Missing: Error { var message: String }

    /// What a project file declares, as `scenarioFiles` arguments: each pack it names (a suite
    /// stands for its pack), once, then its vector folders and the scenario files among its
    /// vector files (a vector file is not a scenario).
    static func declared(_ project: ProjectSettings) -> [String] {
        var packs: [String] = []
        for p in project.packs {
            guard let pack = Contracts.named(p)?.name ?? Suites.resolve(p)?.contract, !packs.contains(pack) else { continue }
            packs.append(pack)
        }
        var out = packs.map { "\u{0}pack:" + $0 }
        for path in project.vectors {
            var isDir: ObjCBool = false
            guard FileManager.default.fileExists(atPath: path, isDirectory: &isDir) else { continue }
            if isDir.boolValue {
                if !folder(path).isEmpty { out.append(path) }
            } else if isScenario(path) {
                out.append(path)
            }
        }
        return out
    }

    /// Whether a file's top-level `format` is `concord-scenario/1`.
    static func isScenario(_ f: String) -> Bool {
        guard let bytes = try? InputFile.read(f, regularFileOnly: true),
              let format = try? YAMLParser().parse(bytes).mapping?.first(where: { $0.key.scalarText == "format" })?.value.string else { return false }
        return format == VectorLoader.scenarioFormat
    }

    /// The files the arguments name: files as they are, folders' `.yaml`/`.yml`/`.json` files that
    /// declare `concord-scenario/1` (sorted), pack names as Concord's own `vectors/<pack>/scenarios/`.
    static func scenarioFiles(_ args: [String], home: String) throws(Missing) -> [String] {
        let fm = FileManager.default
        let packs = args.isEmpty ? Contracts.all.map(\.name) : []
        var out: [String] = []
        for a in args + packs.map({ "\u{0}pack:" + $0 }) {
            var isDir: ObjCBool = false
            let isPack = a.hasPrefix("\u{0}pack:")
            let name = isPack ? String(a.dropFirst(6)) : a
            if !isPack && fm.fileExists(atPath: a, isDirectory: &isDir) {
                if !isDir.boolValue { out.append(a); continue }
                out += folder(a)
                continue
            }
            if Contracts.named(name) != nil {
                let dir = (home as NSString).appendingPathComponent("vectors/\(name)/scenarios")
                let found = folder(dir)
                if found.isEmpty && !isPack { throw Missing(message: "pack \(name) has no scenarios under \(dir)") }
                out += found
                continue
            }
            throw Missing(message: "\(a) is neither a file, a folder nor a pack (packs: \(Contracts.all.map(\.name).joined(separator: ", ")))")
        }
        if out.isEmpty { throw Missing(message: "no scenario files under \(args.isEmpty ? (home as NSString).appendingPathComponent("vectors/*/scenarios") : args.map { $0.hasPrefix("\u{0}pack:") ? "pack " + $0.dropFirst(6) : $0 }.joined(separator: " "))") }
        return readOnce(out)
    }

    /// One file named twice (by another spelling, through a link, or named and found in a named
    /// folder) is read once, with a note, as `run` does: it was a name clash with itself.
    static func readOnce(_ files: [String]) -> [String] {
        var seen: [String: String] = [:]   // "device:inode" → the path first read
        return files.filter { f in
            var st = stat()
            guard stat(f, &st) == 0, st.st_mode & S_IFMT == S_IFREG else { return true }
            let id = "\(st.st_dev):\(st.st_ino)"
            guard let first = seen[id] else { seen[id] = f; return true }
            stderr("concord: note: " + (f == first ? "\(Printable.escape(f)): named twice; read once" : "\(Printable.escape(f)): the same file as \(Printable.escape(first)); read once"))
            return false
        }
    }

    /// A folder's scenario files: each `.yaml`/`.yml` file whose top-level `format` is
    /// `concord-scenario/1`, or that does not parse but names that format (the reader then says
    /// where it is broken). A vector file (`concord-vectors/1`) is passed over silently (a pack's
    /// folder holds both); any other file with a note.
    static func folder(_ dir: String) -> [String] {
        guard let items = try? FileManager.default.contentsOfDirectory(atPath: dir) else { return [] }
        var out: [String] = []
        for f in items.filter({ $0.hasSuffix(".yaml") || $0.hasSuffix(".yml") }).sorted().map({ (dir as NSString).appendingPathComponent($0) }) {
            guard let bytes = try? InputFile.read(f, regularFileOnly: true) else {
                stderr("concord: note: \(f) is not a readable regular file, passed over")
                continue
            }
            let format: String?
            do { format = try YAMLParser().parse(bytes).mapping?.first { $0.key.scalarText == "format" }?.value.string } catch {
                if String(decoding: bytes, as: UTF8.self).contains(VectorLoader.scenarioFormat) { out.append(f) } else {
                    stderr("concord: note: \(f) does not parse as YAML and names no scenario format, passed over")
                }
                continue
            }
            if format == VectorLoader.scenarioFormat { out.append(f) } else if format != "concord-vectors/1" {
                stderr("concord: note: \(f) is not a scenario (format \(format.map { "\"\($0)\"" } ?? "missing")), passed over")
            }
        }
        return out
    }
}
