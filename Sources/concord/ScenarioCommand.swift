import ConcordFiles
import ConcordFormats
import ConcordImplementations
import ConcordJudging
import ConcordLoading
import ConcordReport
import ConcordScenarios
import ConcordSuites
import ConcordSync
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
        options: [
            Common.implementations,
            .value("assign", "ROLE=IMPL,…", "fix these roles to these implementations (the others take every candidate)"),
            .value("trials", "N", "trials per assignment (default \(ScenarioConfiguration.defaultTrials): odd trials take the values' edges; at most \(ScenarioConfiguration.maxTrials))"),
            .value("seed", "S", "the seed of the fresh values (default: a new one, printed; 0 to 2^64-1)"),
            .value("trial", "K", "run only trial K (a replay, with --seed and --assign)"),
            .value("record", "DIR", "freeze every trial into vector files under DIR (DIR/<suite>/<scenario>-seed<S>.yaml; never replaces a file)"),
            .flag("explore", "draw flows (trials) until one fails, shrink it to its shortest form (fewest steps, smallest counts) and write it as a scenario file that replays exactly"),
            .value("seconds", "T", "with --explore: draw flows of each scenario for at most T seconds (default \(FlowExploration.seconds(FlowExploration.defaultSeconds)); --trials N stops after N flows instead)"),
            .value("emit", "DIR", "with --explore: the folder a shrunk flow is written to (default reports; never replaces a file)"),
            .value("shrink-runs", "N", "with --explore: shrink a failing flow with at most N runs of it (default \(FlowExploration.maxShrinkRuns); 0 writes it as found)"),
            .value("report", "PATH", short: "o", "the JSON report (default reports/scenario.json)"),
        ] + Common.reportOutputs + [
            Common.jobs, Common.timeout, Common.maxFileBytes, Common.maxDepth, Common.adapter, Common.project,
        ],
        notes: [Common.dashNote, "GITHUB_ACTIONS=true prints ::error annotations at the failing steps' lines.", Common.exitNote])

    static func run(_ o: Options) throws(UsageError) -> Int32 {
        let home = Home.find()
        let user = try Common.userAdapters(o)
        var gate = try Common.gate(o, user: user)
        var badLedger = false
        let ledger = try Common.ledger(o, user: user, failed: &badLedger)
        if badLedger { return 2 }
        _ = try o.integer("max-failures", min: 0)
        let explore = o.flags.contains("explore")
        if !explore, let k = ["seconds", "emit", "shrink-runs"].first(where: { o.values[$0] != nil }) { throw UsageError("--\(k) is an option of --explore") }
        let shrinkRuns = Int(try o.integer("shrink-runs", min: 0) ?? Int64(FlowExploration.maxShrinkRuns))
        if explore, let k = ["trial", "record"].first(where: { o.values[$0] != nil }) {
            throw UsageError("--explore draws flows and writes the one that fails: --\(k) is for a run (replay a written flow with concord scenario FILE)")
        }
        if explore && o.values["seconds"] != nil && o.values["trials"] != nil { throw UsageError("--seconds and --trials exclude each other: give one") }
        let exploreSeconds = try o.number("seconds") ?? FlowExploration.defaultSeconds
        let emitDir = o.values["emit"] ?? "reports"
        if explore && emitDir.isEmpty { throw UsageError("--emit needs a folder") }
        let trials = Int(try o.integer("trials", min: 1) ?? Int64(explore ? ScenarioConfiguration.maxTrials : ScenarioConfiguration.defaultTrials))
        if trials > ScenarioConfiguration.maxTrials {
            throw UsageError("--trials \(trials) is above the limit of \(ScenarioConfiguration.maxTrials) trials (the report holds one result per trial of each assignment)")
        }
        let trial = try o.integer("trial", min: 0).map(Int.init)
        if let trial, o.values["trials"] != nil, trial >= trials { throw UsageError("--trial \(trial) is not below --trials \(trials)") }
        let seed: UInt64
        if let s = o.values["seed"] {
            guard let v = UInt64(s) else { throw UsageError("--seed needs an integer from 0 to 18446744073709551615, got \"\(s)\"") }
            seed = v
        } else {
            var g = SystemRandomNumberGenerator()
            seed = g.next() >> 1
        }
        var assign: [String: String] = [:]
        if let a = o.values["assign"] {
            for item in a.split(separator: ",", omittingEmptySubsequences: false) {
                let parts = item.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false).map { $0.trimmingCharacters(in: .whitespaces) }
                guard parts.count == 2, !parts[0].isEmpty, !parts[1].isEmpty else {
                    throw UsageError("--assign needs ROLE=IMPL pairs separated by commas, got \"\(a)\"")
                }
                if assign[parts[0]] != nil { throw UsageError("--assign names the role \(parts[0]) twice") }
                try Common.known(parts[1], option: "--assign", user: user)
                assign[parts[0]] = parts[1]
            }
        }
        let names = try o.values["implementations"].map { l throws(UsageError) in try Common.implementationNames(l, option: "--implementations", user: user) }
            ?? Catalog.names + user.map(\.name)
        for (role, impl) in assign where !names.contains(impl) {
            throw UsageError("--assign \(role)=\(impl): \(impl) is not among --implementations (\(names.joined(separator: ", ")))")
        }
        let explicit = o.values["implementations"] != nil ? names : []
        // The implementations the user named (docs/gating.md): --implementations, --assign, the
        // adapters of --adapter and concord.yaml. One of those that does not start fails the run.
        gate.named = names.filter { n in explicit.contains(n) || user.contains { $0.name == n } || assign.values.contains(n) }

        // The scenario files, read and checked before anything starts.
        // With no argument in an app repository, what its project file declares (docs/scenarios.md):
        // the scenarios of its packs (and of the packs of its suites) and those among its vectors.
        var arguments = o.positional
        if arguments.isEmpty, let project = try Common.projectSettings(o), project.declaresRun {
            arguments = Self.declared(project)
            if arguments.isEmpty {
                stderr("concord: \(project.file) declares no pack with scenarios and no scenario file among its vectors: nothing to run (name a file, folder or pack)")
                return 2
            }
        }
        let files: [String]
        do { files = try scenarioFiles(arguments, home: home) } catch { stderr("concord: \(error.message)"); return 2 }
        let reader = ScenarioReader(limits: try Common.loader(o).yamlLimits)
        var scenarios: [Scenario] = []
        var bad = 0
        for f in files {
            do { scenarios.append(try reader.read(file: f)) } catch { stderr("concord: \(error)"); bad += 1 }
        }
        if bad > 0 { stderr("concord: \(bad) error\(bad == 1 ? "" : "s") in the input; nothing was run"); return 2 }
        var seenNames: [String: String] = [:]
        for s in scenarios {
            if let other = seenNames[s.name] { stderr("concord: \(s.file): scenario name \(s.name) is also \(other)'s"); return 2 }
            seenNames[s.name] = s.file
            // A written flow draws from its own seed and trial (docs/scenarios.md, "Shrinking").
            if let pin = s.flow.pin, o.values["seed"] != nil, pin.seed != seed || (trial != nil && trial != pin.trial) {
                stderr("concord: note: \(Printable.escape(s.file)) is one flow of \(pin.from), seed \(pin.seed), trial \(pin.trial): its values are drawn from those, not from --seed \(seed)\(trial.map { " --trial \($0)" } ?? "")")
            }
        }
        if explore, let problem = FlowExploration.emitProblem(emitDir) { stderr("concord: --emit: \(problem); nothing was run"); return 2 }
        let reportPath = o.values["report"] ?? "reports/scenario.json"
        let output = try ReportOutput(o, json: reportPath)
        guard output.distinct(from: files) else { return 2 }
        // --record: every file it may write is checked before anything runs: none exists, and no
        // output of this command is one of them (docs/scenarios.md, "Recording").
        let recordDir = o.values["record"]
        if recordDir?.isEmpty == true { throw UsageError("--record needs a folder") }
        let targets = recordDir.map { dir in scenarios.flatMap { ScenarioRecorder.paths(dir: dir, scenario: $0, seed: seed) } } ?? []
        guard recordable(targets, in: recordDir, outputs: output.outputs, inputs: files) else { return 2 }

        let settings = Catalog.Settings(home: home, requestTimeout: try o.number("timeout") ?? 300, shareDerivations: true)
        var impls = try implementations(names, settings: settings, user: user)
        // A built-in one named while it is not available here (no Chromium) is a bad option, as in
        // `run`: exit 2 before anything starts.
        for impl in impls where (explicit.contains(impl.name) || assign.values.contains(impl.name)) && !user.contains(where: { $0.name == impl.name }) {
            if let why = impl.startFailure { throw UsageError("\(explicit.contains(impl.name) ? "--implementations" : "--assign") names \(impl.name), which is not available here: \(why)") }
        }
        let workers = Int(try o.integer("jobs") ?? Int64(max(1, ProcessInfo.processInfo.activeProcessorCount)))
        // Every implementation is started before planning: an adapter knows its suites once its handshake arrived.
        let work = PlannedWork(largestKdfMemoryKiB: Int(KdfParams.closer.memoryKiB), workers: workers)
        for i in impls { i.expect(work) }
        Interrupt.watch(impls)
        let starting = impls
        _ = Parallel.map(starting.count) { starting[$0].prepare() }
        var notHere: [(name: String, why: String)] = []
        var failedNamed: [String] = []
        for (k, impl) in impls.enumerated() {
            guard let why = impl.startFailure else { continue }
            if gate.named.contains(impl.name) {
                // Named and not started: the run goes on with the others and fails (exit 1), as `run` does.
                stderr("concord: \(impl.name) could not start: \(why)")
                failedNamed.append(impl.name)
                continue
            }
            notHere.append((impl.name, why))
            impls[k] = NotAvailable(name: impl.name, why: why)
        }
        for (name, why) in notHere { stderr("concord: \(name) is not available here, so it takes no role: \(why)") }

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
        if bad > 0 { shutdownAll(impls); stderr("concord: nothing was run"); return 2 }
        // A named implementation that takes no role in any scenario did not run: the gate fails closed.
        var unused: [String] = []
        for n in gate.named where !plans.contains(where: { p in p.candidates.contains { $0.implementations.contains(n) } }) {
            if impls.first(where: { $0.name == n })?.startFailure == nil { unused.append(n) }
        }

        let config = ScenarioConfiguration(seed: seed, trials: trials, trial: trial, assign: assign, workers: workers)
        let runner = ScenarioRunner(implementations: impls)
        let total = plans.reduce(0) { $0 + $1.assignments.count * config.trialCount($1.scenario) }
        let assignments = plans.reduce(0) { $0 + $1.assignments.count }
        if !o.flags.contains("quiet") {
            if explore {
                let bound = o.values["trials"] != nil ? "at most \(trials) flow\(trials == 1 ? "" : "s")" : "\(FlowExploration.seconds(exploreSeconds)) s"
                stderr("concord: seed \(seed) (replay with --seed \(seed)); exploring the flows of \(plans.count) scenario\(plans.count == 1 ? "" : "s") over \(assignments) assignment\(assignments == 1 ? "" : "s"), \(bound) each")
            } else {
                stderr("concord: seed \(seed) (replay with --seed \(seed)); \(plans.count) scenario\(plans.count == 1 ? "" : "s"), \(total) trial\(total == 1 ? "" : "s") over \(assignments) assignment\(assignments == 1 ? "" : "s")")
            }
        }
        let forced = ProcessInfo.processInfo.environment["CONCORD_PROGRESS"] == "always"
        let progress = ProgressLine(enabled: (isatty(2) == 1 || forced) && !o.flags.contains("quiet") && (!explore || o.values["trials"] != nil), immediate: forced, unit: "trials")
        let start = Date()
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
            let bounded = o.values["trials"] != nil
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
                if !o.flags.contains("quiet") { stderr("concord: \(plan.scenario.name): \(count) flow\(count == 1 ? "" : "s") run (the longest \(longest) steps): none failed") }
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
        var recordFailed = false
        if let dir = recordDir {
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
        }
        // The adapters exit while the report is written; the command returns once they have.
        closeInputs(impls)
        defer { shutdownAll(impls) }
        let (results, checks) = collected.withLock { $0 }
        let result = ScenarioResults.runResult(results, checks: checks, implementations: impls, wallSeconds: Date().timeIntervalSince(start), workers: workers)
        let verdict = Common.judge(ledger, result)
        // The report says what was run: the seed, the trials, the files (docs/scenarios.md, "Reports").
        var report = JSONReport.make(result, concordVersion: concordVersion)
        if case .object(var top) = report {
            var about: [(String, JSON)] = [("seed", .string(String(seed))), ("trials", .int(Int64(trials))),
                                           ("trial", trial.map { .int(Int64($0)) } ?? .null), ("files", .array(files.map { .string($0) }))]
            // --explore: how long each scenario was explored (null: --trials bounded it) and the flows written.
            if explore {
                about.append(("explore", .object([("seconds", o.values["trials"] == nil ? .double(exploreSeconds) : .null),
                                                  ("written", .array(writtenFlows.map { .string($0) }))])))
            }
            top.append(("scenario", .object(about)))
            report = .object(top)
        }
        var status = try output.emit(result, report: report, options: o, gate: gate, ledger: verdict)
        for n in unused {
            stderr("concord: \(n) is named but takes no role in any scenario run: nothing checked it")
            if status == 0 { status = 1 }
        }
        if (recordFailed || emitFailed) && status == 0 { status = 2 }
        return status
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
