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
import ConcordYAML
import Foundation
import ConcordPacks

/// What `concord scenario` does beyond reading its options (docs/scenarios.md): the scenario
/// files (named, a pack's, or what the project declares), read and checked; `--assign`; each
/// scenario's plan; running the trials (or, with --explore, drawing flows, shrinking the failing
/// one and writing it); `--record`; the report. Its words go through the session's Terminal.
public struct ScenarioWorkflow {
    /// Where its words go.
    public let terminal: Terminal
    public init(_ terminal: Terminal) { self.terminal = terminal }


    /// `--assign ROLE=IMPL,…`, each implementation known.
    public func assignments(_ list: String?, _ s: Session) throws(Session.Problem) -> [String: String] {
        var assign: [String: String] = [:]
        if let a = list {
            for item in a.split(separator: ",", omittingEmptySubsequences: false) {
                let parts = item.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false).map { $0.trimmingCharacters(in: .whitespaces) }
                guard parts.count == 2, !parts[0].isEmpty, !parts[1].isEmpty else {
                    throw Session.Problem("--assign needs ROLE=IMPL pairs separated by commas, got \"\(a)\"")
                }
                if assign[parts[0]] != nil { throw Session.Problem("--assign names the role \(parts[0]) twice") }
                try s.known(parts[1], option: "--assign")
                assign[parts[0]] = parts[1]
            }
        }
        return assign
    }

    /// The scenario files and what they hold, read and checked; nil after the message. With no
    /// argument in an app repository, what its project file declares (docs/scenarios.md): the
    /// scenarios of its packs (and of the packs of its suites) and those among its vectors.
    public func read(_ positional: [String], _ s: Session, limits: YAMLParser.Limits, seedGiven: Bool, seed: UInt64, trial: Int?) -> (files: [String], scenarios: [Scenario])? {
        var arguments = positional
        if arguments.isEmpty, let project = s.project, project.declaresRun {
            arguments = declared(project)
            if arguments.isEmpty {
                terminal.message("concord: \(project.file) declares no pack with scenarios and no scenario file among its vectors: nothing to run (name a file, folder or pack)")
                return nil
            }
        }
        let files: [String]
        do { files = try scenarioFiles(arguments, home: s.home) } catch { terminal.message("concord: \(error.message)"); return nil }
        let reader = ScenarioReader(limits: limits)
        var scenarios: [Scenario] = []
        var bad = 0
        for f in files {
            do { scenarios.append(try reader.read(file: f)) } catch { terminal.message("concord: \(error)"); bad += 1 }
        }
        if bad > 0 { terminal.message("concord: \(bad) error\(bad == 1 ? "" : "s") in the input; nothing was run"); return nil }
        var seenNames: [String: String] = [:]
        for sc in scenarios {
            if let other = seenNames[sc.name] { terminal.message("concord: \(sc.file): scenario name \(sc.name) is also \(other)'s"); return nil }
            seenNames[sc.name] = sc.file
            // A written flow draws from its own seed and trial (docs/scenarios.md, "Shrinking").
            if let pin = sc.flow.pin, seedGiven, pin.seed != seed || (trial != nil && trial != pin.trial) {
                terminal.message("concord: note: \(Printable.escape(sc.file)) is one flow of \(pin.from), seed \(pin.seed), trial \(pin.trial): its values are drawn from those, not from --seed \(seed)\(trial.map { " --trial \($0)" } ?? "")")
            }
        }
        return (files, scenarios)
    }

    /// Each scenario's plan over the implementations that started, and the named implementations
    /// that take no role in any (the gate fails closed on them); nil after the message.
    public func plans(_ scenarios: [Scenario], _ impls: [any Implementation], assign: [String: String], failedNamed: [String],
                      named: [String]) -> (plans: [ScenarioPlan], unused: [String])? {
        var bad = 0
        var plans: [ScenarioPlan] = []
        for s in scenarios {
            do { plans.append(try ScenarioPlan.make(s, implementations: impls, assign: assign)) } catch {
                // A role left without a candidate where a named implementation that did not start might
                // have taken it: that scenario is not run, and the run fails on the implementation (exit 1).
                if let why = blockedBy(failedNamed, s) {
                    terminal.message("concord: scenario \(s.name) is not run (\(why) did not start): \(error.message)")
                    continue
                }
                terminal.message("concord: \(error)")
                bad += 1
            }
        }
        if bad > 0 { shutdownAll(impls); terminal.message("concord: nothing was run"); return nil }
        // A named implementation that takes no role in any scenario did not run: the gate fails closed.
        var unused: [String] = []
        for n in named where !plans.contains(where: { p in p.candidates.contains { $0.implementations.contains(n) } }) {
            if impls.first(where: { $0.name == n })?.startFailure == nil { unused.append(n) }
        }

        return (plans, unused)
    }

    /// Runs every plan's trials (with --explore: draws flows until one fails, shrinks it and writes
    /// it), each trial's result kept as the report's as it comes.
    public func execute(_ plans: [ScenarioPlan], runner: ScenarioRunner, config: ScenarioConfiguration, explore: Bool, seconds: Double?,
                        emit: String?, shrinkRuns: Int64?, trialsGiven: Bool, quiet: Bool) -> (results: [VectorResult], checks: Int, written: [String], emitFailed: Bool) {
        let seed = config.seed, trials = config.trials
        let exploreSeconds = seconds ?? FlowExploration.defaultSeconds
        let emitDir = emit ?? "reports"
        let shrinkRuns = Int(shrinkRuns ?? Int64(FlowExploration.maxShrinkRuns))
        let total = plans.reduce(0) { $0 + $1.assignments.count * config.trialCount($1.scenario) }
        let assignments = plans.reduce(0) { $0 + $1.assignments.count }
        if !quiet {
            if explore {
                let bound = trialsGiven ? "at most \(trials) flow\(trials == 1 ? "" : "s")" : "\(FlowExploration.seconds(exploreSeconds)) s"
                terminal.message("concord: seed \(seed) (replay with --seed \(seed)); exploring the flows of \(plans.count) scenario\(plans.count == 1 ? "" : "s") over \(assignments) assignment\(assignments == 1 ? "" : "s"), \(bound) each")
            } else {
                terminal.message("concord: seed \(seed) (replay with --seed \(seed)); \(plans.count) scenario\(plans.count == 1 ? "" : "s"), \(total) trial\(total == 1 ? "" : "s") over \(assignments) assignment\(assignments == 1 ? "" : "s")")
            }
        }
        let progress = terminal.progress(quiet, "trials", !explore || trialsGiven)
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
            let bounded = trialsGiven
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
            terminal.holdIfInterrupted()
            guard explore else { continue }
            progress.finish()
            let (count, longest) = flows.withLock { $0 }
            guard let failing = found.withLock({ $0 }) else {
                if !quiet { terminal.message("concord: \(plan.scenario.name): \(count) flow\(count == 1 ? "" : "s") run (the longest \(longest) steps): none failed") }
                continue
            }
            let x = FlowExploration(plan: plan, runner: runner, seed: seed, failing: failing, maxRuns: shrinkRuns)
            let shrunk = x.shrink()
            terminal.holdIfInterrupted()
            for line in x.describe(shrunk) { terminal.message("concord: " + line) }
            do {
                let path = try x.write(shrunk, into: emitDir)
                writtenFlows.append(path)
                terminal.say("written: \(path)")
                terminal.message("concord: replay: \(x.replay(shrunk, path: path))")
            } catch {
                terminal.message("concord: --emit: \(error)")
                emitFailed = true
            }
        }
        progress.finish()
        let (results, checks) = collected.withLock { $0 }
        return (results, checks, writtenFlows, emitFailed)
    }

    /// `--record DIR`: every trial frozen into vector files; whether it failed.
    public func record(_ plans: [ScenarioPlan], runner: ScenarioRunner, config: ScenarioConfiguration, into dir: String, targets: [String]) -> Bool {
        var recordFailed = false
        let assign = config.assign
        let describe = assign.isEmpty ? "every implementation" : assign.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }.joined(separator: ",")
        let recordings = plans.map { ScenarioRecorder.recording($0, runner: runner, configuration: config, into: dir, assignment: describe) }
        // A file that appeared while the trials ran (or an app's captured answers that exist: who
        // answered is known once the implementations started) stops the recording before its first file.
        let captures = recordings.flatMap { $0.texts.map(\.path) }.filter { !targets.contains($0) }
        if let obstacle = ScenarioRecorder.obstacle(targets + captures, inside: dir) {
            terminal.message("concord: --record: \(obstacle); nothing was recorded")
            recordFailed = true
        } else {
            for (plan, var r) in zip(plans, recordings) {
                for n in r.notes { terminal.message("concord: --record \(plan.scenario.name): \(n)") }
                do { try ScenarioRecorder.write(&r, inside: dir) } catch {
                    terminal.message("concord: --record: \(error)")
                    recordFailed = true
                }
                for f in r.files { terminal.say("recorded: \(f)") }
                if recordFailed { break }
                if r.needingReview > 0 {
                    terminal.message("concord: --record \(plan.scenario.name): \(r.needingReview) of \(r.vectors) vectors are pending and carry the flag \(ScenarioRecorder.reviewFlag): no library's own code with another implementation agreeing settled them (only the app under test and Concord's own ports answered, a library answered alone, or the libraries disagree); their comments hold every answer")
                }
            }
        }
        return recordFailed
    }

    /// The report says what was run: the seed, the trials, the files (docs/scenarios.md, "Reports").
    public func report(_ result: RunResult, explore: Bool, seconds: Double?, trialsGiven: Bool, version: String, seed: UInt64, trials: Int, trial: Int?, files: [String], written writtenFlows: [String]) -> JSON {
        let exploreSeconds = seconds ?? FlowExploration.defaultSeconds
        var report = JSONReport.make(result, concordVersion: version)
        if case .object(var top) = report {
            var about: [(String, JSON)] = [("seed", .string(String(seed))), ("trials", .int(Int64(trials))),
                                           ("trial", trial.map { .int(Int64($0)) } ?? .null), ("files", .array(files.map { .string($0) }))]
            // --explore: how long each scenario was explored (null: --trials bounded it) and the flows written.
            if explore {
                about.append(("explore", .object([("seconds", !trialsGiven ? .double(exploreSeconds) : .null),
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
    public func recordable(_ targets: [String], in recordDir: String?, outputs: [(option: String, path: String)], inputs: [String]) -> Bool {
        guard !targets.isEmpty else { return true }
        if let dir = recordDir, let obstacle = ScenarioRecorder.obstacle(targets, inside: dir) {
            terminal.message("concord: --record: \(obstacle); nothing was run")
            return false
        }
        let recorded = targets.map { (option: "--record", path: $0) }
        do {
            try OutputPlan.check(outputs: outputs.map { ("--" + $0.option, $0.path) } + recorded, inputs: inputs)
            if let summary = ReportOutput.stepSummary { try OutputPlan.check(outputs: [("$GITHUB_STEP_SUMMARY", summary)] + recorded, inputs: []) }
        } catch {
            terminal.message("concord: \(error)")
            return false
        }
        return true
    }

    /// The named implementations that did not start and might have taken a role of `s` (its role
    /// lists allow them), joined for a message; nil when none might have.
    public func blockedBy(_ failed: [String], _ s: Scenario) -> String? {
        let might = failed.filter { n in s.roles.contains { $0.implementations?.contains(n) ?? true } }
        return might.isEmpty ? nil : might.joined(separator: ", ")
    }

    public struct Missing: Error { public var message: String }

    /// What a project file declares, as `scenarioFiles` arguments: each pack it names (a suite
    /// stands for its pack), once, then its vector folders and the scenario files among its
    /// vector files (a vector file is not a scenario).
    public func declared(_ project: ProjectSettings) -> [String] {
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
    public func isScenario(_ f: String) -> Bool {
        guard let bytes = try? InputFile.read(f, regularFileOnly: true),
              let format = try? YAMLParser().parse(bytes).mapping?.first(where: { $0.key.scalarText == "format" })?.value.string else { return false }
        return format == VectorLoader.scenarioFormat
    }

    /// The files the arguments name: files as they are, folders' `.yaml`/`.yml`/`.json` files that
    /// declare `concord-scenario/1` (sorted), pack names as Concord's own `vectors/<pack>/scenarios/`.
    public func scenarioFiles(_ args: [String], home: String) throws(Missing) -> [String] {
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
    public func readOnce(_ files: [String]) -> [String] {
        var seen: [String: String] = [:]   // "device:inode" → the path first read
        return files.filter { f in
            var st = stat()
            guard stat(f, &st) == 0, st.st_mode & S_IFMT == S_IFREG else { return true }
            let id = "\(st.st_dev):\(st.st_ino)"
            guard let first = seen[id] else { seen[id] = f; return true }
            terminal.message("concord: note: " + (f == first ? "\(Printable.escape(f)): named twice; read once" : "\(Printable.escape(f)): the same file as \(Printable.escape(first)); read once"))
            return false
        }
    }

    /// A folder's scenario files: each `.yaml`/`.yml` file whose top-level `format` is
    /// `concord-scenario/1`, or that does not parse but names that format (the reader then says
    /// where it is broken). A vector file (`concord-vectors/1`) is passed over silently (a pack's
    /// folder holds both); any other file with a note.
    public func folder(_ dir: String) -> [String] {
        guard let items = try? FileManager.default.contentsOfDirectory(atPath: dir) else { return [] }
        var out: [String] = []
        for f in items.filter({ $0.hasSuffix(".yaml") || $0.hasSuffix(".yml") }).sorted().map({ (dir as NSString).appendingPathComponent($0) }) {
            guard let bytes = try? InputFile.read(f, regularFileOnly: true) else {
                terminal.message("concord: note: \(f) is not a readable regular file, passed over")
                continue
            }
            let format: String?
            do { format = try YAMLParser().parse(bytes).mapping?.first { $0.key.scalarText == "format" }?.value.string } catch {
                if String(decoding: bytes, as: UTF8.self).contains(VectorLoader.scenarioFormat) { out.append(f) } else {
                    terminal.message("concord: note: \(f) does not parse as YAML and names no scenario format, passed over")
                }
                continue
            }
            if format == VectorLoader.scenarioFormat { out.append(f) } else if format != "concord-vectors/1" {
                terminal.message("concord: note: \(f) is not a scenario (format \(format.map { "\"\($0)\"" } ?? "missing")), passed over")
            }
        }
        return out
    }
}
