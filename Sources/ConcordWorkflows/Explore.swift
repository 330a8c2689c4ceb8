import ConcordExploration
import ConcordFiles
import ConcordFormats
import ConcordImplementations
import ConcordJudging
import ConcordLoading
import ConcordPlatform
import ConcordReport
import ConcordReportFormat
import ConcordScheduling
import ConcordSuites
import Foundation

/// What `concord explore` does beyond reading its options (docs/exploration.md): the suites to
/// explore, the seeds, the isolation of in-process implementations, exploring, settling the
/// findings against the ledger and the witnesses, printing them, keeping a crash's requests,
/// writing --emit's vector files and the report. Its words go through the session's Terminal.
public struct ExploreWorkflow {
    /// Where its words go.
    public let terminal: Terminal
    public init(_ terminal: Terminal) { self.terminal = terminal }

    /// What the command line asks of one exploration, as typed values.
    public struct Plan {
        public var seed: UInt64, shard: Shard?, cases: Int64?, seconds: Double?, onlyCase: Int64?, jobs: Int64?, emit: String?
        public var timeout: Double, isolate: Bool, quiet: Bool, version: String
        public init(seed: UInt64, shard: Shard?, cases: Int64?, seconds: Double?, onlyCase: Int64?, jobs: Int64?, emit: String?,
                    timeout: Double, isolate: Bool, quiet: Bool, version: String) {
            (self.seed, self.shard, self.cases, self.seconds, self.onlyCase, self.jobs, self.emit) = (seed, shard, cases, seconds, onlyCase, jobs, emit)
            (self.timeout, self.isolate, self.quiet, self.version) = (timeout, isolate, quiet, version)
        }
    }

    /// What an exploration leaves for the report and the exit status.
    public struct Outcome {
        public var result: RunResult
        public var report: JSON
        public var summary: Explorer.Summary
        /// A new finding, a crash's included.
        public var newFindings: Bool
        /// A crash's requests could not be kept.
        public var writeFailed: Bool
    }

    /// Explores `targets` on the started implementations (`impls`; `starting`: every one made),
    /// settles, tells (`tell`: the lines for a person) and keeps the findings, and makes the report;
    /// nil after the message when --emit could not write.
    public func run(_ plan: Plan, suites: [Suite], targets: [Target], names: [String], exploring impls: [any Implementation],
                    starting: [any Implementation], didNotStart: [String], settings: Catalog.Settings, isolation: Isolation,
                    user: [UserAdapter], ledger: Ledger?, tell: (String) -> Void) -> Outcome? {
        let (seed, shard) = (plan.seed, plan.shard)
        let config = Self.configuration(seed: seed, shard: shard, cases: plan.cases, seconds: plan.seconds, onlyCase: plan.onlyCase, jobs: plan.jobs,
                                        adapters: impls.contains { !($0 is InProcessImplementation) })
        let restart: @Sendable (String) -> (any Implementation)? = { name in
            (Catalog.make(name, settings: settings) ?? user.first { $0.name == name }?.make(settings)).map(isolation.apply)
        }
        let explorer = Explorer(implementations: impls, configuration: config, restart: restart)
        let summary = explore(explorer, targets, quiet: plan.quiet)
        let (new, known) = settle(summary.findings, explorer: explorer, ledger: ledger, emitting: plan.emit != nil, exploring: impls,
                                  settings: settings, isolation: isolation, watched: starting)
        let implementationList = names.filter { n in impls.contains { $0.name == n } }.joined(separator: ",")
        let replay = { (f: Finding) in "concord explore \(f.suite) --implementations \(implementationList) --seed \(f.seed) --case \(f.caseNumber)" }
        self.tell(new, known, replay: replay, emitting: plan.emit != nil, tell)
        guard let (stateful, wrote, writeFailed) = keep(summary, new: new, emit: plan.emit, seed: seed, tell) else { return nil }
        tellSummary(summary, seed: seed, new: new.count + stateful.count, known: known.count, quiet: plan.quiet, tell)
        for d in didNotStart { terminal.message("concord: \(d)") }
        let (result, report) = self.report(summary, new: new, known: known, stateful: stateful, wrote: wrote, replay: replay, emit: plan.emit,
                                           onlyCase: plan.onlyCase, timeout: plan.timeout, isolate: plan.isolate, version: plan.version, seed: seed,
                                           shard: shard, suites: suites, starting: starting, explored: impls, config: config)
        return Outcome(result: result, report: report, summary: summary, newFindings: !new.isEmpty || !stateful.isEmpty, writeFailed: writeFailed)
    }

    /// The suites to explore and the project's own vectors (they seed exploration and, with no name
    /// given, say which suites it covers); nil after the message.
    public func what(_ positional: [String], _ project: ProjectSettings?, loader: VectorLoader) throws(Session.Problem) -> (suites: [Suite], projectVectors: [Vector])? {
        var suites: [Suite] = []
        for name in positional {
            if let suite = Suites.resolve(name) { if !suites.contains(where: { $0.name == suite.name }) { suites.append(suite) }; continue }
            let pack = Suites.list.filter { $0.contract == name }
            guard !pack.isEmpty else {
                let packs = Set(Suites.list.compactMap(\.contract)).sorted()
                throw Session.Problem("explore: unknown suite or pack \"\(name)\" (suites: concord list; packs: \(packs.joined(separator: ", ")))")
            }
            for suite in pack where !suites.contains(where: { $0.name == suite.name }) { suites.append(suite) }
        }
        // The project's own vectors seed exploration (and, with no name given, say which suites it covers).
        var projectVectors: [Vector] = []
        if let project, !project.vectors.isEmpty {
            let loaded = loader.load(.paths(project.vectors))
            if !loaded.errors.isEmpty {
                for e in loaded.errors { terminal.message("concord: \(e.file):\(e.line):\(e.column): \(e.message)") }
                terminal.message("concord: \(loaded.errors.count) error\(loaded.errors.count == 1 ? "" : "s") in the project's vectors (\(project.file)); nothing was explored")
                return nil
            }
            projectVectors = loaded.vectors
        }
        if positional.isEmpty, let project, project.declaresRun {
            for name in project.packs {
                let named = Suites.resolve(name).map { [$0] } ?? Suites.list.filter { $0.contract == name }
                for suite in named where !suites.contains(where: { $0.name == suite.name }) { suites.append(suite) }
            }
            for v in projectVectors {
                if let suite = Suites.all[v.suite], !suites.contains(where: { $0.name == suite.name }) { suites.append(suite) }
            }
            if suites.isEmpty { throw Session.Problem("explore: \(project.file) declares neither packs nor vectors of a suite: nothing to explore (name a suite or pack)") }
        }
        if suites.isEmpty { suites = Suites.list }
        return (suites, projectVectors)
    }

    /// `--isolate`: Concord's in-process implementations behind the adapter protocol, each in a
    /// `concord serve NAME` process, so that a crash (a Swift trap) is an error finding like an adapter's.
    public struct Isolation: Sendable {
        let isolate: Bool
        let exe: String
        let timeout: Double
        public init(_ isolate: Bool, timeout: Double) throws(Session.Problem) {
            guard !isolate || Platform.executablePath() != nil else { throw Session.Problem("--isolate: the path of the concord executable is not known here") }
            self.isolate = isolate
            self.exe = Platform.executablePath() ?? "concord"
            self.timeout = timeout
        }
        @Sendable public func apply(_ i: any Implementation) -> any Implementation {
            guard isolate, i is InProcessImplementation else { return i }
            return ExternalAdapter(name: i.name, command: [exe, "serve", i.name], timeout: timeout, origin: .concord)
        }
    }

    /// Whether every file --emit may write may be written (a link, a file explore did not write,
    /// one it cannot read: refused, said).
    public func mayEmit(_ suites: [Suite], into emit: String, seed: UInt64) -> Bool {
        for suite in suites {
            do { try Self.mayEmit(Self.emitPath(emit, suite: suite.name, seed: seed), inside: emit) } catch {
                terminal.message("concord: --emit: \(error); nothing was explored")
                return false
            }
        }
        return true
    }

    /// Seeds: the suites' own vectors (Concord's vectors/), then the project's, their inputs per op.
    public static func targets(_ suites: [Suite], home: String, loader: VectorLoader, projectVectors: [Vector]) -> [Target] {
        var targets: [Target] = []
        for suite in suites {
            let folder = home + "/" + suite.vectorFolder
            var seeds: [String?: [(name: String, input: Fields)]] = [:]
            // An `acceptable` vector is a divergence the suite already names, a pending one is not settled: not seeds.
            let own = FileManager.default.fileExists(atPath: folder) ? loader.load(.paths([folder])).vectors : []
            for v in own + projectVectors.filter({ $0.suite == suite.name }) where v.result != .acceptable && v.result != .pending {
                seeds[v.op, default: []].append((v.name, v.input))
            }
            targets += Target.all(suite, seeds: seeds)
        }
        return targets
    }

    /// What bounds the exploration (`--cases`, `--seconds`, `--case`, `--shard`) and its workers.
    public static func configuration(seed: UInt64, shard: Shard?, cases: Int64?, seconds: Double?, onlyCase: Int64?, jobs: Int64?,
                                     adapters: Bool) -> Explorer.Configuration {
        let cases = cases.map(Int.init), onlyCase = onlyCase.map(Int.init)
        let cores = ProcessInfo.processInfo.activeProcessorCount
        var config = Explorer.Configuration(seed: seed, cases: onlyCase == nil ? cases : nil,
                                            seconds: onlyCase == nil && cases == nil ? (seconds ?? 10) : nil,
                                            onlyCase: onlyCase, workers: Int(jobs ?? Int64(adapters ? cores * 8 : cores)))
        config.shard = shard.map { ($0.index, $0.count) }
        return config
    }

    /// Explores the targets, with a progress line on a terminal.
    public func explore(_ explorer: Explorer, _ targets: [Target], quiet: Bool) -> Explorer.Summary {
        let progress = terminal.progress(quiet, "checks", true)
        var onProgress: Explorer.Progress? = nil
        if progress.enabled {
            onProgress = { @Sendable (n: Int, f: Int, t: Double) in progress.show(String(format: "  %d cases  %d findings  %.0f s ", n, f, t)) }
        }
        let summary = explorer.explore(targets, progress: onProgress)
        progress.finish()
        terminal.holdIfInterrupted()
        return summary
    }

    /// The findings the ledger knows (SUITE/explore-OP on a diverging implementation) and the new
    /// ones, settled (docs/exploration.md, "Whose answer a vector expects"): with --emit, every
    /// implementation of the catalog not explored that is available here runs each new finding's
    /// shrunk input too, so that a library's own code can settle it. A finding whose libraries
    /// disagree brings a finding of its own.
    public func settle(_ findings: [Finding], explorer: Explorer, ledger: Ledger?, emitting: Bool, exploring impls: [any Implementation],
                       settings: Catalog.Settings, isolation: Isolation, watched: [any Implementation]) -> (new: [Finding], known: [(Finding, Ledger.Entry)]) {
        var known: [(Finding, Ledger.Entry)] = []
        var new: [Finding] = []
        for f in findings {
            if let e = ledger.flatMap({ Self.entry($0, for: f) }) { known.append((f, e)) } else { new.append(f) }
        }
        var witnesses: [any Implementation] = []
        if emitting && new.contains(where: { $0.compared == nil }) {
            witnesses = self.witnesses(exploring: impls.map(\.name), suites: Set(new.map(\.suite)), settings: settings, isolated: isolation.apply,
                                       watched: watched)
        }
        let settled = explorer.settle(new, witnesses: witnesses)
        shutdownAll(witnesses)
        explorer.shutdown()
        terminal.holdIfInterrupted()
        new = []
        for f in settled {
            if let e = ledger.flatMap({ Self.entry($0, for: f) }) { known.append((f, e)) } else { new.append(f) }
        }
        return (new, known)
    }

    /// Each new finding with its replay, each known one with its ledger entry.
    public func tell(_ new: [Finding], _ known: [(Finding, Ledger.Entry)], replay: (Finding) -> String, emitting: Bool, _ tell: (String) -> Void) {
        for f in new {
            tell("finding: \(f.signature)")
            tell("  first in case \(f.caseNumber) (\(f.made)); \(f.occurrences) case\(f.occurrences == 1 ? "" : "s") in all")
            tell("  input classes: " + f.classes(op: Suites.resolve(f.suite)?.op(f.op)).joined(separator: "; "))
            for side in f.sides { tell("  \(side.label): \(Self.show(side.answer))") }
            tell("  input, shrunk in \(f.shrinkSteps) step\(f.shrinkSteps == 1 ? "" : "s"): " + f.input.map { "\($0.key)=\($0.value.display)" }.joined(separator: " "))
            tell("  replay: " + replay(f))
            if emitting, let t = f.testimony, f.kind != .librariesDisagree { tell("  " + Self.verdict(t)) }
        }
        for (f, e) in known { tell("known: \(f.signature) (ledgered at \(e.origin): \(e.reason))") }
        // An entry that can silence a whole suite is never silent itself (as in run, report,
        // merge and scenario): one warning per such entry, `--quiet` or not, with what it knew here.
        var broad: [(entry: Ledger.Entry, knew: Int)] = []
        for (_, e) in known where e.scope != nil {
            if let i = broad.firstIndex(where: { $0.entry.origin == e.origin }) { broad[i].knew += 1 } else { broad.append((e, 1)) }
        }
        for b in broad {
            let whole = b.entry.scope == .suite ? "every finding of the suite \(b.entry.vector.prefix { $0 != "/" })" : "every finding of every suite it matches"
            terminal.message("concord: warning: \(b.entry.origin): ledger entry \(b.entry.vector) on \(b.entry.implementation) (scope: \(b.entry.scope!.rawValue)) "
                   + "silences \(whole): it knew \(b.knew == 1 ? "1 finding" : "\(b.knew) findings") of this exploration")
        }
    }

    /// The crashes that need earlier requests (their requests kept) and, with --emit, the new
    /// findings written as vector files; nil after the message when --emit could not write.
    public func keep(_ summary: Explorer.Summary, new: [Finding], emit: String?, seed: UInt64, _ tell: (String) -> Void)
        -> (stateful: [StatefulCrash], wrote: [String], writeFailed: Bool)? {
        // A crash of a shared process that no request in flight gives again alone needs the
        // state of earlier requests: a finding, with those requests kept to replay it.
        // (Each crash keeps where its requests went: the report's replay line names that file.)
        var stateful = Self.crashFindings(summary.crashes)
        var wrote: [String] = []
        var writeFailed = false
        for k in stateful.indices {
            if !stateful[k].kept.isEmpty {
                do { stateful[k].file = try Self.keep(stateful[k], folder: emit ?? "reports", seed: seed) } catch {
                    terminal.message("concord: cannot keep the requests of \(stateful[k].implementation)'s crash: \(error)")
                    writeFailed = true
                }
            }
            printCrash(stateful[k], tell)
        }
        if let emit, !new.isEmpty {
            do { wrote = try self.emit(new, to: emit) } catch { terminal.message("concord: --emit: \(error)"); return nil }
        }
        for w in wrote { tell("wrote \(w)") }
        return (stateful, wrote, writeFailed)
    }

    /// The summary line (and what was not compared).
    public func tellSummary(_ summary: Explorer.Summary, seed: UInt64, new: Int, known: Int, quiet: Bool, _ tell: (String) -> Void) {
        let compared = summary.compared
        let unsupported = summary.unsupported.keys.sorted().map { "\($0) \(summary.unsupported[$0]!)" }.joined(separator: ", ")
        let lonely = summary.targets.filter { $0.implementations.count < 2 }.map { "\($0.suite)\($0.op.map { " " + $0 } ?? "")" }
        if !lonely.isEmpty && !quiet {
            terminal.message("concord: not compared (fewer than two implementations here): \(lonely.prefix(12).joined(separator: ", "))\(lonely.count > 12 ? ", …" : "")")
        }
        tell(String(format: "explore: seed %llu, %d cases in %.1f s (%.0f/s), %.2f MiB of input, %d compared, %d skipped (past the limits); %d new finding%@, %d known (ledger)%@",
                   seed, summary.cases, summary.seconds, Double(summary.cases) / max(summary.seconds, 1e-9),
                   Double(summary.inputBytes) / 1_048_576, compared, summary.skipped,
                   new, new == 1 ? "" : "s", known, unsupported.isEmpty ? "" : "; unsupported: " + unsupported))
        if summary.unconfirmed > 0 {
            tell("explore: \(summary.unconfirmed) error\(summary.unconfirmed == 1 ? "" : "s") not given again alone on a process of its own: request\(summary.unconfirmed == 1 ? "" : "s") in flight when \(summary.unconfirmed == 1 ? "its" : "their") process crashed (each crash is a finding: above) or was declared dead after the timeout (no finding: raise --timeout if the machine was loaded)")
        }
    }

    /// The report (docs/exploration.md, "Reports"): every output run writes, held to the ledger.
    public func report(_ summary: Explorer.Summary, new: [Finding], known: [(Finding, Ledger.Entry)], stateful: [StatefulCrash], wrote: [String],
                       replay: (Finding) -> String, emit: String?, onlyCase: Int64?, timeout: Double, isolate: Bool, version: String, seed: UInt64, shard: Shard?, suites: [Suite], starting: [any Implementation],
                       explored impls: [any Implementation], config: Explorer.Configuration) -> (RunResult, JSON) {
        let onlyCase = onlyCase.map(Int.init)
        let emittedFile = { (f: Finding) -> String? in emit.map { Self.emitPath($0, suite: f.suite, seed: f.seed) }.flatMap { wrote.contains($0) ? $0 : nil } }
        let reported = (new + known.map(\.0)).map { f in
            ExplorationReport.Finding(f, replay: replay(f), verdict: f.testimony.flatMap { f.kind == .librariesDisagree ? nil : Self.verdict($0) },
                                      emitted: new.contains(where: { $0.signature == f.signature }) ? emittedFile(f) : nil)
        }
        let crashes = stateful.map { c in
            ExplorationReport.Crash(implementation: c.implementation,
                                    suite: c.kept.first?.request.suite ?? summary.targets.first { $0.implementations.contains(c.implementation) }?.suite ?? suites[0].name,
                                    reason: c.first.reason,
                                    replay: c.file.map { c.first.command.map(Self.shellQuoted).joined(separator: " ") + " < " + Self.shellQuoted($0) } ?? c.first.command.map(Self.shellQuoted).joined(separator: " "),
                                    seed: seed)
        }
        let infos = starting.map { i in
            ImplementationInfo(name: i.name, version: i.startFailure == nil ? i.version : "not started", startFailure: i.startFailure, processStarts: 1)
        }
        let result = ExplorationReport.result(summary, findings: reported, crashes: crashes, implementations: infos, workers: config.workers)
        var report = JSONReport.make(result, concordVersion: version)
        report = ExplorationReport.addingOptions(report, seed: seed, cases: config.cases, seconds: config.seconds, onlyCase: onlyCase,
                                                 shard: shard.map { ($0.index, $0.count) }, suites: suites.map(\.name),
                                                 implementations: impls.map(\.name), timeout: timeout, isolate: isolate)
        return (result, report)
    }

    /// The ledger an exploration is held to: Concord's own known differences
    /// (docs/exploration-ledger.yaml, always), with --ledger's or the project file's entries added.
    public func ledger(_ s: Session, _ path: String?, failed: inout Bool) throws(Session.Problem) -> Ledger? {
        var bad = false
        let named = try s.ledger(path, failed: &bad)
        failed = failed || bad
        if failed { return nil }
        let ownPath = (s.home as NSString).appendingPathComponent(Self.ownLedger)
        guard FileManager.default.fileExists(atPath: ownPath) else {
            terminal.message("concord: warning: \(ownPath) is missing: Concord's own known differences do not apply (CONCORD_HOME names another folder?)")
            return named
        }
        // Named by --ledger itself: read once.
        if let named, (named.file as NSString).resolvingSymlinksInPath == (ownPath as NSString).resolvingSymlinksInPath
            || URL(fileURLWithPath: named.file).standardizedFileURL.path == URL(fileURLWithPath: ownPath).standardizedFileURL.path {
            return named
        }
        let own: Ledger
        do throws(Ledger.Problem) { own = try s.readLedger(ownPath) } catch {
            terminal.message("concord: \(error.description)")
            failed = true
            return nil
        }
        guard let named else { return own }
        return Ledger(file: named.file, entries: own.entries + named.entries)
    }

    /// Concord's own ledger of known exploration differences, in its home.
    public static let ownLedger = "docs/exploration-ledger.yaml"

    /// The implementations of the catalog that were not explored, started, that may witness the
    /// findings of `suites`: those available here that run one of them (the others are shut down).
    public func witnesses(exploring: [String], suites: Set<String>, settings: Catalog.Settings,
                          isolated: @Sendable (any Implementation) -> any Implementation, watched: [any Implementation]) -> [any Implementation] {
        let candidates = Catalog.names.filter { !exploring.contains($0) }.compactMap { Catalog.make($0, settings: settings) }
            .filter { $0.startFailure == nil }.map(isolated)
        terminal.watch(watched + candidates)
        DispatchQueue.concurrentPerform(iterations: candidates.count) { k in candidates[k].prepare() }
        return candidates.filter { i in
            if i.startFailure == nil && suites.contains(where: { i.suites.contains($0) }) { return true }
            i.shutdown()
            return false
        }
    }

    /// A finding's line on whose answer its vector expects (with --emit).
    public static func verdict(_ t: Testimony) -> String {
        if let (answer, agreed) = t.expected {
            return "vector expects \(answer.label): \(WitnessRule.agreement(agreed))"
        }
        guard case .pending(let why) = t.decision else { return "" }
        return "vector pending (review): " + WitnessRule.explain(why, sides: t.answers.map(\.members))
            + "; answers: " + t.answers.map { a in a.members.map(\.described).joined(separator: ", ") + " " + a.reply.word }.joined(separator: " vs ")
    }

    /// A crash that needs the state of earlier requests, as reported: an implementation's first
    /// such crash (its requests kept), how many of its shared process's crashes were so, of how many.
    public struct StatefulCrash {
        public var first: ProcessCrash
        public var count: Int
        public var crashes: Int
        /// Where its requests were kept.
        public var file: String?
        public var implementation: String { first.implementation }
        public var kept: [(id: Int64, request: Request)] { first.kept }
    }

    /// The crashes no request in flight gives again alone (or that could not be checked), one
    /// finding per implementation.
    public static func crashFindings(_ crashes: [ProcessCrash]) -> [StatefulCrash] {
        var order: [String] = []
        for c in crashes where !order.contains(c.implementation) { order.append(c.implementation) }
        return order.compactMap { name in
            let all = crashes.filter { $0.implementation == name }
            let needing = all.filter(\.needsEarlierRequests)
            guard let first = needing.first(where: { !$0.kept.isEmpty }) ?? needing.first else { return nil }
            return StatefulCrash(first: first, count: needing.count, crashes: all.count)
        }
    }

    /// Writes a crash's kept requests, one protocol line each as it was sent (`ADAPTER < FILE`
    /// replays it), to a new file `explore-crash-NAME-SEED.jsonl` (`-2`, `-3`, … when taken) in
    /// `folder` (FolderOutput: never replacing a file, never through a link).
    public static func keep(_ c: StatefulCrash, folder: String, seed: UInt64) throws -> String {
        let bytes = Array(c.kept.map { ExternalAdapter.line(id: $0.id, $0.request) }.joined().utf8)
        for n in 1...1000 {
            let path = (folder as NSString).appendingPathComponent("explore-crash-\(c.implementation)-\(seed)\(n == 1 ? "" : "-\(n)").jsonl")
            if try FolderOutput.check(path, inside: folder) == .file { continue }
            try FolderOutput.write(bytes, to: path, inside: folder, replacing: false)
            return path
        }
        throw OutputFile.Failure(path: folder, message: "holds 1000 files of this crash's name already")
    }

    /// Prints a crash that needs earlier requests, with what replays it.
    public func printCrash(_ c: StatefulCrash, _ tell: (String) -> Void) {
        let f = c.first
        let times = { (n: Int) in n == 1 ? "once" : "\(n) times" }
        tell("finding: \(c.implementation) crash (needs earlier requests)")
        tell("  its process crashed \(times(c.crashes)) while exploring; at \(c.count == c.crashes ? (c.count == 1 ? "that crash" : "each") : "\(c.count) of those crashes"), "
            + "no request in flight crashes a fresh process alone: the crash needs the state earlier requests left")
        tell("  \(c.implementation): \(f.reason)")
        if let why = f.unchecked, f.kept.isEmpty || f.replayed == nil {
            tell("  not checked further: \(why)")
        }
        guard let file = c.file else {
            if f.kept.isEmpty { tell("  its requests were not kept (no request was sent to that process)") }
            return
        }
        let before = f.kept.count == f.sent ? "the \(f.sent) requests" : "the last \(f.kept.count) of the \(f.sent) requests"
        tell("  kept: \(before) that process was sent, \(f.inFlight) in flight when it crashed, in \(file) (one request a line, as sent)")
        if let (crash, at) = f.replayed {
            tell("  replayed in order on a fresh process, they crash it again at request \(at): \(crash)")
        } else if f.unchecked == nil {
            tell("  replayed in order on a fresh process, they do not crash it: it may need more of its history than was kept, requests in flight at once, or its end came from outside it")
        }
        tell("  replay: " + f.command.map(Self.shellQuoted).joined(separator: " ") + " < " + Self.shellQuoted(file))
    }

    /// A word as a POSIX shell reads it back.
    public static func shellQuoted(_ w: String) -> String {
        let plain = !w.isEmpty && w.unicodeScalars.allSatisfy { $0.isASCII && (CharacterSet.alphanumerics.contains($0) || "/._-=:,+@%".unicodeScalars.contains($0)) }
        return plain ? w : "'" + w.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }

    public static func show(_ a: Reply) -> String {
        switch a {
        case .outputs(let o): return o.isEmpty ? "(accepted)" : o.keys.sorted().map { "\($0)=\(o[$0]!.display)" }.joined(separator: " ")
        case .refused(let c, let m): return "\(c.rawValue): \(m)"
        case .error(let why): return why
        }
    }

    /// The ledger entry that knows a finding (`Ledger.entry(exploring:op:sides:)`).
    public static func entry(_ ledger: Ledger, for f: Finding) -> Ledger.Entry? {
        ledger.entry(exploring: f.suite, op: f.op, sides: f.sides)
    }

    /// The file --emit writes a suite's findings to.
    public static func emitPath(_ dir: String, suite: String, seed: UInt64) -> String {
        (dir as NSString).appendingPathComponent("explore-\(suite)-\(seed).yaml")
    }

    /// Whether --emit may write `path` inside `dir` (FolderOutput: never through a symbolic link, only
    /// a regular file or nothing at the name): nothing there, or a file exploration wrote (it opens
    /// with `VectorDraft.header`). A file it did not write, and one it cannot read to tell, are refused.
    public static func mayEmit(_ path: String, inside dir: String) throws(OutputFile.Failure) {
        guard try FolderOutput.check(path, inside: dir) == .file else { return }
        let header = Array(VectorDraft.header.utf8)
        let head: [UInt8]
        do { head = try FolderOutput.head(path, bytes: header.count) } catch {
            throw OutputFile.Failure(path: path, message: "exists and cannot be read (\(error.message)), so it cannot be told from a file concord explore wrote: not replaced")
        }
        if head != header { throw OutputFile.Failure(path: path, message: "exists and was not written by concord explore: not replaced") }
    }

    /// One vector file per suite: `explore-SUITE-SEED.yaml` in the folder (made when missing); an
    /// existing file of that name is replaced only when exploration wrote it. Every file is checked
    /// (`mayEmit`) before the first is written.
    public func emit(_ findings: [Finding], to dir: String) throws -> [String] {
        var bySuite: [String: [Finding]] = [:]
        var order: [String] = []
        for f in findings {
            if bySuite[f.suite] == nil { order.append(f.suite) }
            bySuite[f.suite, default: []].append(f)
        }
        var files: [(path: String, text: String)] = []
        for suiteName in order {
            guard let suite = Suites.all[suiteName] else { continue }
            let render = { (d: [VectorDraft]) in VectorDraft.file(suite, d) }
            // Each vector is held to the loader before it is written: one the format cannot hold is
            // named and left out, never written broken.
            let drafts = bySuite[suiteName]!.compactMap { f in suite.op(f.op).flatMap { f.draft(op: $0) } }.filter { d in
                let loaded = VectorLoader().load(.bytes(Array(render([d]).utf8), file: d.id))
                if let e = loaded.errors.first { terminal.message("concord: explore: the vector \(suiteName)/\(d.id) is not written: \(e.message)") }
                return loaded.errors.isEmpty
            }
            guard !drafts.isEmpty else { continue }
            let path = Self.emitPath(dir, suite: suiteName, seed: bySuite[suiteName]![0].seed)
            try Self.mayEmit(path, inside: dir)
            files.append((path, render(drafts)))
        }
        for f in files { try FolderOutput.write(Array(f.text.utf8), to: f.path, inside: dir, replacing: true) }
        return files.map(\.path)
    }

}
