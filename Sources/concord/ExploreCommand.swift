import ConcordImplementations
import ConcordScheduling
import ConcordWorkflows
import Foundation

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
        let w = ExploreWorkflow(s.terminal)
        guard let (suites, projectVectors) = try usage({ () throws(Session.Problem) in try w.what(o.positional, s.project, loader: loader) }) else { return 2 }
        let (shard, seed) = try Self.bounds(o)
        let gate = try Common.gate(s, o.common)
        var badLedger = false
        let ledger = try usage { () throws(Session.Problem) in try w.ledger(s, o.common.ledger, failed: &badLedger) }
        if badLedger { return 2 }
        let output = try Common.output(s, o.common, json: o.report ?? "reports/explore.json")
        guard output.distinct(from: s.project?.vectors ?? []) else { return 2 }
        // With an output on standard output ("-"), what is printed for a person goes to standard error.
        let tell: (String) -> Void = output.stdoutTaken ? { stderr($0) } : { say($0) }
        let names = try usage { () throws(Session.Problem) in try s.names(o.common.implementations) }
        let settings = Catalog.Settings(home: s.home, requestTimeout: o.common.timeout ?? 10)
        let isolation = try usage { () throws(Session.Problem) in try ExploreWorkflow.Isolation(o.isolate, timeout: o.common.timeout ?? 10) }
        var availability = s.policy(names, explicit: o.common.implementations != nil, required: gate.required)
        var impls = try usage { () throws(Session.Problem) in try s.implementations(names, settings: settings, availability: &availability) }
            .map(isolation.apply).filter { $0.startFailure == nil }
        // Every --emit file is checked before anything is explored: nothing is explored that could not be written.
        if let emit = o.emit, !w.mayEmit(suites, into: emit, seed: seed) { return 2 }
        // Started before anything is explored (docs/gating.md): an implementation the user named that
        // does not start is named with why, the others are explored, and the exit status is 1.
        let starting = impls
        s.terminal.watch(starting)
        let failedNamed = s.start(impls, availability: availability).failedNamed
        let didNotStart = impls.filter { failedNamed.contains($0.name) }.map { availability.didNotStart($0.name, $0.startFailure!) }
        impls = impls.filter { i in
            guard i.startFailure != nil else { return true }
            i.shutdown()
            return false
        }
        let plan = ExploreWorkflow.Plan(seed: seed, shard: shard, cases: o.cases, seconds: o.seconds, onlyCase: o.onlyCase, jobs: o.common.jobs, emit: o.emit,
                                        timeout: o.common.timeout ?? 10, isolate: o.isolate, quiet: o.common.quiet, version: concordVersion)
        guard let x = w.run(plan, suites: suites, targets: ExploreWorkflow.targets(suites, home: s.home, loader: loader, projectVectors: projectVectors),
                            names: names, exploring: impls, starting: starting, didNotStart: didNotStart, settings: settings, isolation: isolation,
                            user: s.user, ledger: ledger, tell: tell) else { return 2 }
        let (result, report, summary) = (x.result, x.report, x.summary)
        let status = output.emit(result, report: report, gate: gate, ledger: s.judge(ledger, result, shard: shard != nil), terminalSummary: false)
        if x.writeFailed || status == 2 { return 2 }
        if status != 0 || x.newFindings || !didNotStart.isEmpty { return 1 }
        if summary.compared == 0 {
            stderr("concord: explore compared nothing: no op has two implementations here that answered (name more with --implementations or --adapter)")
            return 1
        }
        return 0
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

}
