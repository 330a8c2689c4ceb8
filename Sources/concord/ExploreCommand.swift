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
import ConcordWorkflows
import Foundation
import ConcordPacks

/// `concord explore [SUITE|PACK…]`: generated inputs on every implementation of every op, the
/// divergences found shrunk and printed with the command that replays them (docs/exploration.md).
enum ExploreCommand: Command {
    static let spec = CommandSpec(
        name: "explore", arguments: "[SUITE|PACK…]",
        brief: "generate inputs for every op of the suites, run them on every implementation, report (and write) the divergences",
        summary: """
        Generates inputs for every op of the chosen suites (default: every suite) from the definitions' field kinds
        and the suites' own vectors, valid ones first and then mutated, runs each on every implementation that
        supports the op and reports where they disagree: other outputs, a refusal of another class, an error, a
        round trip that does not open. Each finding is shrunk to a small input that still diverges, grouped by
        its signature, and printed with the command that replays it; --emit writes it as a vector file.
        Unsupported answers and the ledger's known divergences are counted apart.
        """,
        options: Options.specs,
        notes: ["A finding is ledgered with the vector name SUITE/explore-OP (or a pattern such as SUITE/* with scope: suite) and the implementation that diverges (docs/exploration.md). "
                + "Concord's own known differences (docs/exploration-ledger.yaml) always apply; --ledger (or the project file's ledger:) adds to them.",
                Common.dashNote,
                "exit status: 0 no new finding, 1 a new finding (a crash included), nothing could be compared, or a named implementation did not start (or --fail-on/--require), 2 bad input or a bad option"])

    struct Options: CommandOptions {
        var positional: [String] = []
        var common = SharedOptions()
        var seconds: Double?
        var cases: Int64?
        var seed: String?
        var onlyCase: Int64?
        var emit: String?
        var isolate = false
        var shard: String?
        var report: String?
        static var args: [Arg<Self>] {
            [
                .shared(Common.implementations), .shared(Common.adapter), .shared(Common.project),
                .number(\.seconds, .value("seconds", "T", "explore for T seconds in all (default 10, unless --cases is given)")),
                .integer(\.cases, .value("cases", "N", "explore N cases of every op")),
                .value(\.seed, .value("seed", "S", "the seed (an unsigned integer; default: a new one, printed): the same seed makes the same inputs anywhere")),
                .integer(\.onlyCase, min: 0, .value("case", "K", "run only case K of every op (replaying a finding)")),
                .value(\.emit, .value("emit", "DIR", "write each new finding as a vector file (concord-vectors/1) in DIR, and a crash's kept requests (default for those: reports/)")),
                .integer(\.common.jobs, .value("jobs", "N", short: "j", "worker threads, so requests in flight at once (default: the cores; 8 per core when an adapter is explored; at most \(maxJobs))")),
                .number(\.common.timeout, .value("timeout", "SECONDS", "per-request timeout for adapter processes (default 10: a hang is a finding)")),
                .flag(\.isolate, .flag("isolate", "run each in-process implementation (libsodium, libargon2, openssl, swift) in a process of its own (concord serve), so that its crash is a finding, not the end; slower")),
                .value(\.shard, .value("shard", "K/N", "explore only the cases K-1, K-1+N, K-1+2N, … of every op: N shards of one --seed explore disjoint cases (CI matrices; concord merge joins their reports)")),
                .value(\.report, .value("report", "PATH", short: "o", "the JSON report: one result per explored op and per finding (default reports/explore.json)")),
            ] + Common.reportOutputs.map(Arg.shared) + [.shared(Common.maxFileBytes)]
        }
    }

    /// The most worker threads `-j` takes: requests in flight at once. More only queue in the
    /// adapters (each waits out its --timeout from when it was sent) and wake threads for nothing.
    static let maxJobs = 1024

    static func run(_ o: Options) throws(UsageError) -> Int32 {
        let s = try Common.session(o.common)
        let loader = Common.loader(o.common)
        // What to explore: suite names (or old names) and packs; with none, what the project file
        // declares (its packs, and the suites of its own vectors), else every suite.
        guard let (suites, projectVectors) = try Self.what(o.positional, s.project, loader: loader) else { return 2 }
        let (shard, seed) = try Self.bounds(o)
        let gate = try Common.gate(s, o.common)
        var badLedger = false
        let ledger = try Self.ledger(s, o.common, failed: &badLedger)
        if badLedger { return 2 }
        let output = try Common.output(s, o.common, json: o.report ?? "reports/explore.json")
        guard output.distinct(from: s.project?.vectors ?? []) else { return 2 }
        // With an output on standard output ("-"), what is printed for a person goes to standard error.
        let tell: (String) -> Void = output.stdoutTaken ? { stderr($0) } : { say($0) }
        let names = try usage { () throws(Session.Problem) in try s.names(o.common.implementations) }
        let settings = Catalog.Settings(home: s.home, requestTimeout: o.common.timeout ?? 10)
        let isolation = try Isolation(o.isolate, timeout: o.common.timeout ?? 10)
        var availability = s.policy(names, explicit: o.common.implementations != nil, required: gate.required)
        var impls = try usage { () throws(Session.Problem) in try s.implementations(names, settings: settings, availability: &availability) }
            .map(isolation.apply).filter { $0.startFailure == nil }
        // Every --emit file is checked before anything is explored: nothing is explored that could not be written.
        if let emit = o.emit, !Self.mayEmit(suites, into: emit, seed: seed) { return 2 }
        // Started before anything is explored (docs/gating.md): an implementation the user named that
        // does not start is named with why, the others are explored, and the exit status is 1.
        let starting = impls
        Interrupt.watch(starting)
        let failedNamed = s.start(impls, availability: availability).failedNamed
        let didNotStart = impls.filter { failedNamed.contains($0.name) }.map { availability.didNotStart($0.name, $0.startFailure!) }
        impls = impls.filter { i in
            guard i.startFailure != nil else { return true }
            i.shutdown()
            return false
        }
        let config = Self.configuration(o, seed: seed, shard: shard, adapters: impls.contains { !($0 is InProcessImplementation) })
        let user = s.user
        let restart: @Sendable (String) -> (any Implementation)? = { name in
            (Catalog.make(name, settings: settings) ?? user.first { $0.name == name }?.make(settings)).map(isolation.apply)
        }
        let explorer = Explorer(implementations: impls, configuration: config, restart: restart)
        let summary = Self.explore(explorer, Self.targets(suites, home: s.home, loader: loader, projectVectors: projectVectors), quiet: o.common.quiet)
        let (new, known) = Self.settle(summary.findings, explorer: explorer, ledger: ledger, emitting: o.emit != nil, exploring: impls,
                                       settings: settings, isolation: isolation, watched: starting)
        let implementationList = names.filter { n in impls.contains { $0.name == n } }.joined(separator: ",")
        let replay = { (f: Finding) in "concord explore \(f.suite) --implementations \(implementationList) --seed \(f.seed) --case \(f.caseNumber)" }
        Self.tell(new, known, replay: replay, emitting: o.emit != nil, tell)
        guard let (stateful, wrote, writeFailed) = Self.keep(summary, new: new, emit: o.emit, seed: seed, tell) else { return 2 }
        Self.tellSummary(summary, seed: seed, new: new.count + stateful.count, known: known.count, quiet: o.common.quiet, tell)
        for d in didNotStart { stderr("concord: \(d)") }
        let (result, report) = Self.report(summary, new: new, known: known, stateful: stateful, wrote: wrote, replay: replay, o: o, seed: seed, shard: shard,
                                           suites: suites, starting: starting, explored: impls, config: config)
        let status = output.emit(result, report: report, gate: gate, ledger: s.judge(ledger, result, shard: shard != nil), terminalSummary: false)
        if writeFailed || status == 2 { return 2 }
        if status != 0 || !new.isEmpty || !stateful.isEmpty || !didNotStart.isEmpty { return 1 }
        if summary.compared == 0 {
            stderr("concord: explore compared nothing: no op has two implementations here that answered (name more with --implementations or --adapter)")
            return 1
        }
        return 0
    }

    /// The suites to explore and the project's own vectors (they seed exploration and, with no name
    /// given, say which suites it covers); nil after the message.
    static func what(_ positional: [String], _ project: ProjectSettings?, loader: VectorLoader) throws(UsageError) -> (suites: [Suite], projectVectors: [Vector])? {
        var suites: [Suite] = []
        for name in positional {
            if let suite = Suites.resolve(name) { if !suites.contains(where: { $0.name == suite.name }) { suites.append(suite) }; continue }
            let pack = Suites.list.filter { $0.contract == name }
            guard !pack.isEmpty else {
                let packs = Set(Suites.list.compactMap(\.contract)).sorted()
                throw UsageError("explore: unknown suite or pack \"\(name)\" (suites: concord list; packs: \(packs.joined(separator: ", ")))")
            }
            for suite in pack where !suites.contains(where: { $0.name == suite.name }) { suites.append(suite) }
        }
        // The project's own vectors seed exploration (and, with no name given, say which suites it covers).
        var projectVectors: [Vector] = []
        if let project, !project.vectors.isEmpty {
            let loaded = loader.load(.paths(project.vectors))
            if !loaded.errors.isEmpty {
                for e in loaded.errors { stderr("concord: \(e.file):\(e.line):\(e.column): \(e.message)") }
                stderr("concord: \(loaded.errors.count) error\(loaded.errors.count == 1 ? "" : "s") in the project's vectors (\(project.file)); nothing was explored")
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
            if suites.isEmpty { throw UsageError("explore: \(project.file) declares neither packs nor vectors of a suite: nothing to explore (name a suite or pack)") }
        }
        if suites.isEmpty { suites = Suites.list }
        return (suites, projectVectors)
    }

    /// `--shard` (with its `--seed`), the bound (`--seconds` or `--cases`), the seed, `--emit`'s folder, `--jobs`.
    static func bounds(_ o: Options) throws(UsageError) -> (shard: Shard?, seed: UInt64) {
        var shard: Shard?
        if let k = o.shard { do { shard = try Shard.parse(k) } catch { throw UsageError(error.description) } }
        if shard != nil && o.seed == nil {
            throw UsageError("--shard needs --seed: the shards of one exploration split the cases of one seed (docs/ci.md)")
        }
        if shard != nil && o.onlyCase != nil { throw UsageError("--case replays one case: it takes no --shard") }
        if o.seconds != nil && o.cases != nil { throw UsageError("--seconds and --cases exclude each other: give one") }
        let seed = try usage { () throws(Session.Problem) in try Session.seed(o.seed) }
        if let emit = o.emit {
            var st = stat()
            if emit.isEmpty { throw UsageError("--emit needs a folder") }
            if stat(emit, &st) == 0 && st.st_mode & S_IFMT != S_IFDIR { throw UsageError("--emit \(emit) is not a folder") }
        }
        if let j = o.common.jobs, j > maxJobs {
            throw UsageError("--jobs \(j) is above the limit of \(maxJobs) worker threads (requests in flight at once; docs/exploration.md, \"Speed\")")
        }
        return (shard, seed)
    }

    /// `--isolate`: Concord's in-process implementations behind the adapter protocol, each in a
    /// `concord serve NAME` process, so that a crash (a Swift trap) is an error finding like an adapter's.
    struct Isolation: Sendable {
        let isolate: Bool
        let exe: String
        let timeout: Double
        init(_ isolate: Bool, timeout: Double) throws(UsageError) {
            guard !isolate || Platform.executablePath() != nil else { throw UsageError("--isolate: the path of the concord executable is not known here") }
            self.isolate = isolate
            self.exe = Platform.executablePath() ?? "concord"
            self.timeout = timeout
        }
        @Sendable func apply(_ i: any Implementation) -> any Implementation {
            guard isolate, i is InProcessImplementation else { return i }
            return ExternalAdapter(name: i.name, command: [exe, "serve", i.name], timeout: timeout, origin: .concord)
        }
    }

    /// Whether every file --emit may write may be written (a link, a file explore did not write,
    /// one it cannot read: refused, said).
    static func mayEmit(_ suites: [Suite], into emit: String, seed: UInt64) -> Bool {
        for suite in suites {
            do { try Self.mayEmit(Self.emitPath(emit, suite: suite.name, seed: seed), inside: emit) } catch {
                stderr("concord: --emit: \(error); nothing was explored")
                return false
            }
        }
        return true
    }

    /// Seeds: the suites' own vectors (Concord's vectors/), then the project's, their inputs per op.
    static func targets(_ suites: [Suite], home: String, loader: VectorLoader, projectVectors: [Vector]) -> [Target] {
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
    static func configuration(_ o: Options, seed: UInt64, shard: Shard?, adapters: Bool) -> Explorer.Configuration {
        let cases = o.cases.map(Int.init), onlyCase = o.onlyCase.map(Int.init)
        let cores = ProcessInfo.processInfo.activeProcessorCount
        var config = Explorer.Configuration(seed: seed, cases: onlyCase == nil ? cases : nil,
                                            seconds: onlyCase == nil && cases == nil ? (o.seconds ?? 10) : nil,
                                            onlyCase: onlyCase, workers: Int(o.common.jobs ?? Int64(adapters ? cores * 8 : cores)))
        config.shard = shard.map { ($0.index, $0.count) }
        return config
    }

    /// Explores the targets, with a progress line on a terminal.
    static func explore(_ explorer: Explorer, _ targets: [Target], quiet: Bool) -> Explorer.Summary {
        let progress = ProgressLine.forCommand(quiet: quiet)
        var onProgress: Explorer.Progress? = nil
        if progress.enabled {
            onProgress = { @Sendable (n: Int, f: Int, t: Double) in progress.show(String(format: "  %d cases  %d findings  %.0f s ", n, f, t)) }
        }
        let summary = explorer.explore(targets, progress: onProgress)
        progress.finish()
        Interrupt.holdIfInterrupted()
        return summary
    }

    /// The findings the ledger knows (SUITE/explore-OP on a diverging implementation) and the new
    /// ones, settled (docs/exploration.md, "Whose answer a vector expects"): with --emit, every
    /// implementation of the catalog not explored that is available here runs each new finding's
    /// shrunk input too, so that a library's own code can settle it. A finding whose libraries
    /// disagree brings a finding of its own.
    static func settle(_ findings: [Finding], explorer: Explorer, ledger: Ledger?, emitting: Bool, exploring impls: [any Implementation],
                       settings: Catalog.Settings, isolation: Isolation, watched: [any Implementation]) -> (new: [Finding], known: [(Finding, Ledger.Entry)]) {
        var known: [(Finding, Ledger.Entry)] = []
        var new: [Finding] = []
        for f in findings {
            if let e = ledger.flatMap({ Self.entry($0, for: f) }) { known.append((f, e)) } else { new.append(f) }
        }
        var witnesses: [any Implementation] = []
        if emitting && new.contains(where: { $0.compared == nil }) {
            witnesses = Self.witnesses(exploring: impls.map(\.name), suites: Set(new.map(\.suite)), settings: settings, isolated: isolation.apply,
                                       watched: watched)
        }
        let settled = explorer.settle(new, witnesses: witnesses)
        shutdownAll(witnesses)
        explorer.shutdown()
        Interrupt.holdIfInterrupted()
        new = []
        for f in settled {
            if let e = ledger.flatMap({ Self.entry($0, for: f) }) { known.append((f, e)) } else { new.append(f) }
        }
        return (new, known)
    }

    /// Each new finding with its replay, each known one with its ledger entry.
    static func tell(_ new: [Finding], _ known: [(Finding, Ledger.Entry)], replay: (Finding) -> String, emitting: Bool, _ tell: (String) -> Void) {
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
            stderr("concord: warning: \(b.entry.origin): ledger entry \(b.entry.vector) on \(b.entry.implementation) (scope: \(b.entry.scope!.rawValue)) "
                   + "silences \(whole): it knew \(b.knew == 1 ? "1 finding" : "\(b.knew) findings") of this exploration")
        }
    }

    /// The crashes that need earlier requests (their requests kept) and, with --emit, the new
    /// findings written as vector files; nil after the message when --emit could not write.
    static func keep(_ summary: Explorer.Summary, new: [Finding], emit: String?, seed: UInt64, _ tell: (String) -> Void)
        -> (stateful: [StatefulCrash], wrote: [String], writeFailed: Bool)? {
        // A crash of a shared process that no request in flight gives again alone needs the
        // state of earlier requests: a finding, with those requests kept to replay it.
        let stateful = Self.crashFindings(summary.crashes)
        var wrote: [String] = []
        var writeFailed = false
        for var c in stateful {
            if !c.kept.isEmpty {
                do { c.file = try Self.keep(c, folder: emit ?? "reports", seed: seed) } catch {
                    stderr("concord: cannot keep the requests of \(c.implementation)'s crash: \(error)")
                    writeFailed = true
                }
            }
            Self.printCrash(c, tell)
        }
        if let emit, !new.isEmpty {
            do { wrote = try Self.emit(new, to: emit) } catch { stderr("concord: --emit: \(error)"); return nil }
        }
        for w in wrote { tell("wrote \(w)") }
        return (stateful, wrote, writeFailed)
    }

    /// The summary line (and what was not compared).
    static func tellSummary(_ summary: Explorer.Summary, seed: UInt64, new: Int, known: Int, quiet: Bool, _ tell: (String) -> Void) {
        let compared = summary.compared
        let unsupported = summary.unsupported.keys.sorted().map { "\($0) \(summary.unsupported[$0]!)" }.joined(separator: ", ")
        let lonely = summary.targets.filter { $0.implementations.count < 2 }.map { "\($0.suite)\($0.op.map { " " + $0 } ?? "")" }
        if !lonely.isEmpty && !quiet {
            stderr("concord: not compared (fewer than two implementations here): \(lonely.prefix(12).joined(separator: ", "))\(lonely.count > 12 ? ", …" : "")")
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
    static func report(_ summary: Explorer.Summary, new: [Finding], known: [(Finding, Ledger.Entry)], stateful: [StatefulCrash], wrote: [String],
                       replay: (Finding) -> String, o: Options, seed: UInt64, shard: Shard?, suites: [Suite], starting: [any Implementation],
                       explored impls: [any Implementation], config: Explorer.Configuration) -> (RunResult, JSON) {
        let emit = o.emit, onlyCase = o.onlyCase.map(Int.init)
        let emittedFile = { (f: Finding) -> String? in emit.map { Self.emitPath($0, suite: f.suite, seed: f.seed) }.flatMap { wrote.contains($0) ? $0 : nil } }
        let reported = (new + known.map(\.0)).map { f in
            ExplorationReport.Finding(f, replay: replay(f), verdict: f.testimony.flatMap { f.kind == .librariesDisagree ? nil : Self.verdict($0) },
                                      emitted: new.contains(where: { $0.signature == f.signature }) ? emittedFile(f) : nil)
        }
        let crashes = stateful.map { c in
            ExplorationReport.Crash(implementation: c.implementation,
                                    suite: c.kept.first?.request.suite ?? summary.targets.first { $0.implementations.contains(c.implementation) }?.suite ?? suites[0].name,
                                    reason: c.first.reason,
                                    replay: c.file.map { c.first.command.map(shellQuoted).joined(separator: " ") + " < " + shellQuoted($0) } ?? c.first.command.map(shellQuoted).joined(separator: " "),
                                    seed: seed)
        }
        let infos = starting.map { i in
            ImplementationInfo(name: i.name, version: i.startFailure == nil ? i.version : "not started", startFailure: i.startFailure, processStarts: 1)
        }
        let result = ExplorationReport.result(summary, findings: reported, crashes: crashes, implementations: infos, workers: config.workers)
        var report = JSONReport.make(result, concordVersion: concordVersion)
        report = ExplorationReport.addingOptions(report, seed: seed, cases: config.cases, seconds: config.seconds, onlyCase: onlyCase,
                                                 shard: shard.map { ($0.index, $0.count) }, suites: suites.map(\.name),
                                                 implementations: impls.map(\.name), timeout: o.common.timeout ?? 10, isolate: o.isolate)
        return (result, report)
    }

    /// The ledger an exploration is held to: Concord's own known differences
    /// (docs/exploration-ledger.yaml, always), with --ledger's or the project file's entries added.
    static func ledger(_ s: Session, _ o: SharedOptions, failed: inout Bool) throws(UsageError) -> Ledger? {
        let named = try Common.readLedger(s, o, failed: &failed)
        if failed { return nil }
        let ownPath = (s.home as NSString).appendingPathComponent(ownLedger)
        guard FileManager.default.fileExists(atPath: ownPath) else {
            stderr("concord: warning: \(ownPath) is missing: Concord's own known differences do not apply (CONCORD_HOME names another folder?)")
            return named
        }
        // Named by --ledger itself: read once.
        if let named, (named.file as NSString).resolvingSymlinksInPath == (ownPath as NSString).resolvingSymlinksInPath
            || URL(fileURLWithPath: named.file).standardizedFileURL.path == URL(fileURLWithPath: ownPath).standardizedFileURL.path {
            return named
        }
        let own: Ledger
        do { own = try s.readLedger(ownPath) } catch {
            stderr("concord: \(error.description)")
            failed = true
            return nil
        }
        guard let named else { return own }
        return Ledger(file: named.file, entries: own.entries + named.entries)
    }

    /// Concord's own ledger of known exploration differences, in its home.
    static let ownLedger = "docs/exploration-ledger.yaml"

    /// The implementations of the catalog that were not explored, started, that may witness the
    /// findings of `suites`: those available here that run one of them (the others are shut down).
    static func witnesses(exploring: [String], suites: Set<String>, settings: Catalog.Settings,
                          isolated: @Sendable (any Implementation) -> any Implementation, watched: [any Implementation]) -> [any Implementation] {
        let candidates = Catalog.names.filter { !exploring.contains($0) }.compactMap { Catalog.make($0, settings: settings) }
            .filter { $0.startFailure == nil }.map(isolated)
        Interrupt.watch(watched + candidates)
        DispatchQueue.concurrentPerform(iterations: candidates.count) { k in candidates[k].prepare() }
        return candidates.filter { i in
            if i.startFailure == nil && suites.contains(where: { i.suites.contains($0) }) { return true }
            i.shutdown()
            return false
        }
    }

    /// A finding's line on whose answer its vector expects (with --emit).
    static func verdict(_ t: Testimony) -> String {
        if let (answer, agreed) = t.expected {
            return "vector expects \(answer.label): \(WitnessRule.agreement(agreed))"
        }
        guard case .pending(let why) = t.decision else { return "" }
        return "vector pending (review): " + WitnessRule.explain(why, sides: t.answers.map(\.members))
            + "; answers: " + t.answers.map { a in a.members.map(\.described).joined(separator: ", ") + " " + a.reply.word }.joined(separator: " vs ")
    }

    /// A crash that needs the state of earlier requests, as reported: an implementation's first
    /// such crash (its requests kept), how many of its shared process's crashes were so, of how many.
    struct StatefulCrash {
        var first: ProcessCrash
        var count: Int
        var crashes: Int
        /// Where its requests were kept.
        var file: String?
        var implementation: String { first.implementation }
        var kept: [(id: Int64, request: Request)] { first.kept }
    }

    /// The crashes no request in flight gives again alone (or that could not be checked), one
    /// finding per implementation.
    static func crashFindings(_ crashes: [ProcessCrash]) -> [StatefulCrash] {
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
    static func keep(_ c: StatefulCrash, folder: String, seed: UInt64) throws -> String {
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
    static func printCrash(_ c: StatefulCrash, _ tell: (String) -> Void = { say($0) }) {
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
        tell("  replay: " + f.command.map(shellQuoted).joined(separator: " ") + " < " + shellQuoted(file))
    }

    /// A word as a POSIX shell reads it back.
    static func shellQuoted(_ w: String) -> String {
        let plain = !w.isEmpty && w.unicodeScalars.allSatisfy { $0.isASCII && (CharacterSet.alphanumerics.contains($0) || "/._-=:,+@%".unicodeScalars.contains($0)) }
        return plain ? w : "'" + w.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }

    static func show(_ a: Reply) -> String {
        switch a {
        case .outputs(let o): return o.isEmpty ? "(accepted)" : o.keys.sorted().map { "\($0)=\(o[$0]!.display)" }.joined(separator: " ")
        case .refused(let c, let m): return "\(c.rawValue): \(m)"
        case .error(let why): return why
        }
    }

    /// The ledger entry that knows a finding (`Ledger.entry(exploring:op:sides:)`).
    static func entry(_ ledger: Ledger, for f: Finding) -> Ledger.Entry? {
        ledger.entry(exploring: f.suite, op: f.op, sides: f.sides)
    }

    /// The file --emit writes a suite's findings to.
    static func emitPath(_ dir: String, suite: String, seed: UInt64) -> String {
        (dir as NSString).appendingPathComponent("explore-\(suite)-\(seed).yaml")
    }

    /// Whether --emit may write `path` inside `dir` (FolderOutput: never through a symbolic link, only
    /// a regular file or nothing at the name): nothing there, or a file exploration wrote (it opens
    /// with `VectorDraft.header`). A file it did not write, and one it cannot read to tell, are refused.
    static func mayEmit(_ path: String, inside dir: String) throws(OutputFile.Failure) {
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
    static func emit(_ findings: [Finding], to dir: String) throws -> [String] {
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
                if let e = loaded.errors.first { stderr("concord: explore: the vector \(suiteName)/\(d.id) is not written: \(e.message)") }
                return loaded.errors.isEmpty
            }
            guard !drafts.isEmpty else { continue }
            let path = emitPath(dir, suite: suiteName, seed: bySuite[suiteName]![0].seed)
            try mayEmit(path, inside: dir)
            files.append((path, render(drafts)))
        }
        for f in files { try FolderOutput.write(Array(f.text.utf8), to: f.path, inside: dir, replacing: true) }
        return files.map(\.path)
    }

}
