import ConcordExploration
import ConcordFiles
import ConcordFormats
import ConcordImplementations
import ConcordJudging
import ConcordLoading
import ConcordPlatform
import ConcordReport
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
        options: [
            Common.implementations, Common.adapter, Common.project,
            .value("seconds", "T", "explore for T seconds in all (default 10, unless --cases is given)"),
            .value("cases", "N", "explore N cases of every op"),
            .value("seed", "S", "the seed (an unsigned integer; default: from the clock, printed): the same seed makes the same inputs anywhere"),
            .value("case", "K", "run only case K of every op (replaying a finding)"),
            .value("emit", "DIR", "write each new finding as a vector file (concord-vectors/1) in DIR, and a crash's kept requests (default for those: reports/)"),
            .value("jobs", "N", short: "j", "worker threads, so requests in flight at once (default: the cores; 8 per core when an adapter is explored; at most \(maxJobs))"),
            .value("timeout", "SECONDS", "per-request timeout for adapter processes (default 10: a hang is a finding)"),
            .flag("isolate", "run each in-process implementation (libsodium, libargon2, openssl, swift) in a process of its own (concord serve), so that its crash is a finding, not the end; slower"),
            .value("shard", "K/N", "explore only the cases K-1, K-1+N, K-1+2N, … of every op: N shards of one --seed explore disjoint cases (CI matrices; concord merge joins their reports)"),
            .value("report", "PATH", short: "o", "the JSON report: one result per explored op and per finding (default reports/explore.json)"),
        ] + Common.reportOutputs + [Common.maxFileBytes],
        notes: ["A finding is ledgered with the vector name SUITE/explore-OP (or a pattern such as SUITE/* with scope: suite) and the implementation that diverges (docs/exploration.md). "
                + "Concord's own known differences (docs/exploration-ledger.yaml) always apply; --ledger (or the project file's ledger:) adds to them.",
                Common.dashNote,
                "exit status: 0 no new finding, 1 a new finding (a crash included), nothing could be compared, or a named implementation did not start (or --fail-on/--require), 2 bad input or a bad option"])

    /// The most worker threads `-j` takes: requests in flight at once. More only queue in the
    /// adapters (each waits out its --timeout from when it was sent) and wake threads for nothing.
    static let maxJobs = 1024

    static func run(_ o: Options) throws(UsageError) -> Int32 {
        // What to explore: suite names (or old names) and packs; with none, what the project file
        // declares (its packs, and the suites of its own vectors), else every suite.
        let project = try Common.projectSettings(o)
        var suites: [Suite] = []
        for name in o.positional {
            if let s = Suites.resolve(name) { if !suites.contains(where: { $0.name == s.name }) { suites.append(s) }; continue }
            let pack = Suites.list.filter { $0.contract == name }
            guard !pack.isEmpty else {
                let packs = Set(Suites.list.compactMap(\.contract)).sorted()
                throw UsageError("explore: unknown suite or pack \"\(name)\" (suites: concord list; packs: \(packs.joined(separator: ", ")))")
            }
            for s in pack where !suites.contains(where: { $0.name == s.name }) { suites.append(s) }
        }
        // The project's own vectors seed exploration (and, with no name given, say which suites it covers).
        let loader = try Common.loader(o)
        var projectVectors: [Vector] = []
        if let project, !project.vectors.isEmpty {
            let loaded = loader.load(.paths(project.vectors))
            if !loaded.errors.isEmpty {
                for e in loaded.errors { stderr("concord: \(e.file):\(e.line):\(e.column): \(e.message)") }
                stderr("concord: \(loaded.errors.count) error\(loaded.errors.count == 1 ? "" : "s") in the project's vectors (\(project.file)); nothing was explored")
                return 2
            }
            projectVectors = loaded.vectors
        }
        if o.positional.isEmpty, let project, project.declaresRun {
            for name in project.packs {
                let named = Suites.resolve(name).map { [$0] } ?? Suites.list.filter { $0.contract == name }
                for s in named where !suites.contains(where: { $0.name == s.name }) { suites.append(s) }
            }
            for v in projectVectors {
                if let s = Suites.all[v.suite], !suites.contains(where: { $0.name == s.name }) { suites.append(s) }
            }
            if suites.isEmpty { throw UsageError("explore: \(project.file) declares neither packs nor vectors of a suite: nothing to explore (name a suite or pack)") }
        }
        if suites.isEmpty { suites = Suites.list }
        var shard: Shard?
        if let k = o.values["shard"] { do { shard = try Shard.parse(k) } catch { throw UsageError(error.description) } }
        if shard != nil && o.values["seed"] == nil {
            throw UsageError("--shard needs --seed: the shards of one exploration split the cases of one seed (docs/ci.md)")
        }
        if shard != nil && o.values["case"] != nil { throw UsageError("--case replays one case: it takes no --shard") }
        if o.values["seconds"] != nil && o.values["cases"] != nil { throw UsageError("--seconds and --cases exclude each other: give one") }
        let seconds = try o.number("seconds")
        let cases = try o.integer("cases").map(Int.init)
        let onlyCase = try o.integer("case", min: 0).map(Int.init)
        var seed = UInt64(Date().timeIntervalSince1970 * 1000) % 1_000_000_007
        if let s = o.values["seed"] {
            guard let v = UInt64(s) else { throw UsageError("--seed needs an unsigned integer, got \"\(s)\"") }
            seed = v
        }
        let emit = o.values["emit"]
        if let emit {
            var st = stat()
            if emit.isEmpty { throw UsageError("--emit needs a folder") }
            if stat(emit, &st) == 0 && st.st_mode & S_IFMT != S_IFDIR { throw UsageError("--emit \(emit) is not a folder") }
        }
        if let j = try o.integer("jobs"), j > maxJobs {
            throw UsageError("--jobs \(j) is above the limit of \(maxJobs) worker threads (requests in flight at once; docs/exploration.md, \"Speed\")")
        }
        let user = try Common.userAdapters(o)
        let gate = try Common.gate(o, user: user)
        _ = try o.integer("max-failures", min: 0)
        var badLedger = false
        let home = Home.find()
        let ledger = try Self.ledger(o, home: home, user: user, failed: &badLedger)
        if badLedger { return 2 }
        let output = try ReportOutput(o, json: o.values["report"] ?? "reports/explore.json")
        guard output.distinct(from: project?.vectors ?? []) else { return 2 }
        // With an output on standard output ("-"), what is printed for a person goes to standard error.
        let tell: (String) -> Void = output.stdoutTaken ? { stderr($0) } : { say($0) }
        let names = try o.values["implementations"].map { l throws(UsageError) in try Common.implementationNames(l, option: "--implementations", user: user) }
            ?? Catalog.names + user.map(\.name)
        let settings = Catalog.Settings(home: home, requestTimeout: try o.number("timeout") ?? 10)
        // --isolate: Concord's in-process implementations behind the adapter protocol, each in a
        // `concord serve NAME` process, so that a crash (a Swift trap) is an error finding like an adapter's.
        let isolate = o.flags.contains("isolate")
        guard !isolate || Platform.executablePath() != nil else { throw UsageError("--isolate: the path of the concord executable is not known here") }
        let exe = Platform.executablePath() ?? "concord"
        let timeout = try o.number("timeout") ?? 10
        @Sendable func isolated(_ i: any Implementation) -> any Implementation {
            guard isolate, i is InProcessImplementation else { return i }
            return ExternalAdapter(name: i.name, command: [exe, "serve", i.name], timeout: timeout, origin: .concord)
        }
        var impls = try implementations(names, settings: settings, user: user).map(isolated)
        let explicit = o.values["implementations"] != nil
        var missing: [String] = []
        impls = impls.filter { i in
            guard let why = i.startFailure else { return true }
            missing.append("\(i.name) (\(why))")
            return false
        }
        if explicit && !missing.isEmpty { throw UsageError("--implementations names what is not available here: \(missing.joined(separator: "; "))") }
        for m in missing { stderr("concord: not available here, so not explored: \(m)") }
        // Every --emit file is checked before anything is explored (a link, a file explore did not
        // write, one it cannot read): nothing is explored that could not be written.
        if let emit {
            for s in suites {
                do { try Self.mayEmit(Self.emitPath(emit, suite: s.name, seed: seed), inside: emit) } catch {
                    stderr("concord: --emit: \(error); nothing was explored")
                    return 2
                }
            }
        }

        // Started before anything is explored (docs/gating.md): an implementation the user named
        // (--implementations, --adapter, the project file) that does not start (it exits, never says
        // hello, speaks another protocol version, announces nonsense) is named with why, the others
        // are explored, and the exit status is 1; a built-in one not named is one line, left out.
        let named = Set((explicit ? names : []) + user.map(\.name))
        let starting = impls
        Interrupt.watch(starting)
        DispatchQueue.concurrentPerform(iterations: starting.count) { k in starting[k].prepare() }
        var didNotStart: [String] = []
        impls = impls.filter { i in
            guard let why = i.startFailure else { return true }
            if named.contains(i.name) {
                didNotStart.append("\(i.name) could not start: \(why)")
                stderr("concord: \(i.name) could not start: \(why)")
            } else {
                stderr("concord: \(i.name) could not start, so it was not explored: \(why)")
            }
            i.shutdown()
            return false
        }

        // Seeds: the suites' own vectors (Concord's vectors/), then the project's, their inputs per op.
        var targets: [Target] = []
        for s in suites {
            let folder = home + "/" + s.vectorFolder
            var seeds: [String?: [(name: String, input: Fields)]] = [:]
            // An `acceptable` vector is a divergence the suite already names, a pending one is not settled: not seeds.
            let own = FileManager.default.fileExists(atPath: folder) ? loader.load(.paths([folder])).vectors : []
            for v in own + projectVectors.filter({ $0.suite == s.name }) where v.result != .acceptable && v.result != .pending {
                seeds[v.op, default: []].append((v.name, v.input))
            }
            targets += Target.all(s, seeds: seeds)
        }

        let adapters = impls.contains { !($0 is InProcessImplementation) }
        let cores = ProcessInfo.processInfo.activeProcessorCount
        var config = Explorer.Configuration(seed: seed, cases: onlyCase == nil ? cases : nil,
                                            seconds: onlyCase == nil && cases == nil ? (seconds ?? 10) : nil,
                                            onlyCase: onlyCase, workers: Int(try o.integer("jobs") ?? Int64(adapters ? cores * 8 : cores)))
        config.shard = shard.map { ($0.index, $0.count) }
        let restart: @Sendable (String) -> (any Implementation)? = { name in
            (Catalog.make(name, settings: settings) ?? user.first { $0.name == name }?.make(settings)).map(isolated)
        }
        let explorer = Explorer(implementations: impls, configuration: config, restart: restart)
        let forced = ProcessInfo.processInfo.environment["CONCORD_PROGRESS"] == "always"
        let progress = ProgressLine(enabled: (isatty(2) == 1 || forced) && !o.flags.contains("quiet"), immediate: forced)
        var onProgress: Explorer.Progress? = nil
        if progress.enabled {
            onProgress = { @Sendable (n: Int, f: Int, t: Double) in progress.show(String(format: "  %d cases  %d findings  %.0f s ", n, f, t)) }
        }
        let summary = explorer.explore(targets, progress: onProgress)
        progress.finish()
        Interrupt.holdIfInterrupted()

        // Known differences: the ledger's (SUITE/explore-OP on a diverging implementation).
        var known: [(Finding, Ledger.Entry)] = []
        var new: [Finding] = []
        for f in summary.findings {
            if let e = ledger.flatMap({ Self.entry($0, for: f) }) { known.append((f, e)) } else { new.append(f) }
        }
        // Whose answer a vector may expect (docs/exploration.md, "Whose answer a vector expects"):
        // with --emit, every implementation of the catalog not explored that is available here runs
        // each new finding's shrunk input too, so that a library's own code can settle it. A finding
        // whose libraries disagree brings a finding of its own.
        var witnesses: [any Implementation] = []
        if emit != nil && new.contains(where: { $0.compared == nil }) {
            witnesses = Self.witnesses(exploring: impls.map(\.name), suites: Set(new.map(\.suite)), settings: settings, isolated: isolated,
                                       watched: starting)
        }
        let settled = explorer.settle(new, witnesses: witnesses)
        shutdownAll(witnesses)
        explorer.shutdown()
        Interrupt.holdIfInterrupted()
        new = []
        for f in settled {
            if let e = ledger.flatMap({ Self.entry($0, for: f) }) { known.append((f, e)) } else { new.append(f) }
        }
        let implementationList = names.filter { n in impls.contains { $0.name == n } }.joined(separator: ",")
        func replay(_ f: Finding) -> String {
            "concord explore \(f.suite) --implementations \(implementationList) --seed \(f.seed) --case \(f.caseNumber)"
        }
        for f in new {
            tell("finding: \(f.signature)")
            tell("  first in case \(f.caseNumber) (\(f.made)); \(f.occurrences) case\(f.occurrences == 1 ? "" : "s") in all")
            tell("  input classes: " + f.classes(op: Suites.resolve(f.suite)?.op(f.op)).joined(separator: "; "))
            for side in f.sides { tell("  \(side.label): \(Self.show(side.answer))") }
            tell("  input, shrunk in \(f.shrinkSteps) step\(f.shrinkSteps == 1 ? "" : "s"): " + f.input.map { "\($0.key)=\($0.value.display)" }.joined(separator: " "))
            tell("  replay: " + replay(f))
            if emit != nil, let t = f.testimony, f.kind != .librariesDisagree { tell("  " + Self.verdict(t)) }
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
            do { wrote = try Self.emit(new, to: emit) } catch { stderr("concord: --emit: \(error)"); return 2 }
        }
        for w in wrote { tell("wrote \(w)") }
        let compared = summary.compared
        let unsupported = summary.unsupported.keys.sorted().map { "\($0) \(summary.unsupported[$0]!)" }.joined(separator: ", ")
        let lonely = summary.targets.filter { $0.implementations.count < 2 }.map { "\($0.suite)\($0.op.map { " " + $0 } ?? "")" }
        if !lonely.isEmpty && !o.flags.contains("quiet") {
            stderr("concord: not compared (fewer than two implementations here): \(lonely.prefix(12).joined(separator: ", "))\(lonely.count > 12 ? ", …" : "")")
        }
        tell(String(format: "explore: seed %llu, %d cases in %.1f s (%.0f/s), %.2f MiB of input, %d compared, %d skipped (past the limits); %d new finding%@, %d known (ledger)%@",
                   seed, summary.cases, summary.seconds, Double(summary.cases) / max(summary.seconds, 1e-9),
                   Double(summary.inputBytes) / 1_048_576, compared, summary.skipped,
                   new.count + stateful.count, new.count + stateful.count == 1 ? "" : "s", known.count, unsupported.isEmpty ? "" : "; unsupported: " + unsupported))
        if summary.unconfirmed > 0 {
            tell("explore: \(summary.unconfirmed) error\(summary.unconfirmed == 1 ? "" : "s") not given again alone on a process of its own: request\(summary.unconfirmed == 1 ? "" : "s") in flight when \(summary.unconfirmed == 1 ? "its" : "their") process crashed (each crash is a finding: above) or was declared dead after the timeout (no finding: raise --timeout if the machine was loaded)")
        }
        for d in didNotStart { stderr("concord: \(d)") }

        // The report (docs/exploration.md, "Reports"): every output run writes, held to the ledger.
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
        let verdict = Common.judge(ledger, result, shard: shard != nil)
        var report = JSONReport.make(result, concordVersion: concordVersion)
        report = ExplorationReport.addingOptions(report, seed: seed, cases: config.cases, seconds: config.seconds, onlyCase: onlyCase,
                                                 shard: shard.map { ($0.index, $0.count) }, suites: suites.map(\.name),
                                                 implementations: impls.map(\.name), timeout: timeout, isolate: isolate)
        let status = try output.emit(result, report: report, options: o, gate: gate, ledger: verdict, terminalSummary: false)
        if writeFailed || status == 2 { return 2 }
        if status != 0 || !new.isEmpty || !stateful.isEmpty || !didNotStart.isEmpty { return 1 }
        if compared == 0 {
            stderr("concord: explore compared nothing: no op has two implementations here that answered (name more with --implementations or --adapter)")
            return 1
        }
        return 0
    }

    /// The ledger an exploration is held to: Concord's own known differences
    /// (docs/exploration-ledger.yaml, always), with --ledger's or the project file's entries added.
    static func ledger(_ o: Options, home: String, user: [UserAdapter], failed: inout Bool) throws(UsageError) -> Ledger? {
        let named = try Common.ledger(o, user: user, failed: &failed)
        if failed { return nil }
        let ownPath = (home as NSString).appendingPathComponent(ownLedger)
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
        let maxBytes = Int(try o.integer("max-file-bytes") ?? Int64(InputFile.defaultMaxBytes))
        do {
            own = try Ledger.load(path: ownPath, maxBytes: maxBytes) { n in
                Catalog.names.contains(n) || n.hasPrefix("captured:") || user.contains { $0.name == n }
            }
        } catch {
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
