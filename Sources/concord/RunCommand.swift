import ConcordFiles
import ConcordFormats
import ConcordImplementations
import ConcordReport
import ConcordJudging
import ConcordLoading
import ConcordScheduling
import ConcordSuites
import ConcordWorkflows
import Foundation
import ConcordPacks

/// `concord run [PATH|SUITE|PACK…]`: every selected vector on every implementation that supports it.
enum RunCommand: Command {
    static let spec = CommandSpec(
        name: "run", arguments: "[PATH|SUITE|PACK…]",
        brief: "run vectors (files, folders, suite or pack names; default: concord.yaml's, else vectors/) on every implementation",
        summary: """
        Runs vector files or folders (searched recursively, sorted) on every implementation that supports them,
        in parallel. A suite name (argon2id, closer.field or its old name field) or a contract pack (closer)
        selects that suite's or pack's vectors: from the project file's declared vectors and fixture maps when
        they hold any, else from Concord's own vectors ($CONCORD_HOME/vectors), never from a vectors/ folder
        here; an existing path is a path. With no path: what concord.yaml declares (packs, vectors,
        fixture-maps), else vectors/ here when it exists, else Concord's own.
        """,
        options: [
            Common.implementations,
            .value("report", "PATH", short: "o", aliases: ["out"], "the JSON report (default reports/latest.json)"),
        ] + Common.reportOutputs + [
            Common.jobs, Common.timeout,
            Common.maxKdfMemory, Common.maxKdfWork,
            Common.maxFileBytes, Common.maxDepth,
            .value("shard", "K/N", "run only the K-th of N deterministic, cost-balanced slices (CI matrices; concord merge joins them)"),
            .repeatable("captured", "FILE", "add a captured-outputs file (concord-outputs/1) as the implementation captured:NAME"),
            Common.adapter, Common.project,
            .value("repeat", "N", "run the same vectors N times and print checks per second (benchmarking)"),
            .flag("no-shared-kdf", "every vector derives its own KEK (by default a repeated phrase+salt KEK is derived once per run)"),
        ],
        notes: [Common.dashNote, "GITHUB_ACTIONS=true prints ::error/::warning annotations at the vectors' lines.", Common.exitNote])

    static func run(_ o: Options) throws(UsageError) -> Int32 {
        // The report's peak is this process's own, not the size of whatever started it (ResidentMemory).
        ResidentMemory.resetPeak()
        let home = Home.find()
        let selection = VectorSelection(o.positional, project: try Common.projectSettings(o))
        let limits = try Common.limits(o)
        var config = RunConfiguration(limits: limits)
        if let j = try o.integer("jobs") { config.workers = Int(j) }
        let settings = Catalog.Settings(home: home, requestTimeout: try o.number("timeout") ?? 300,
                                        shareDerivations: !o.flags.contains("no-shared-kdf"))
        let user = try Common.userAdapters(o)
        var gate = try Common.gate(o, user: user)
        var badLedger = false
        let ledger = try Common.ledger(o, user: user, failed: &badLedger)
        if badLedger { return 2 }
        _ = try o.integer("max-failures", min: 0)
        let repeats = Int(try o.integer("repeat") ?? 1)
        let names = try o.values["implementations"].map { l throws(UsageError) in try Common.implementationNames(l, option: "--implementations", user: user) }
            ?? Catalog.names + user.map(\.name)
        var shard: Shard?
        if let k = o.values["shard"] { do { shard = try Shard.parse(k) } catch { throw UsageError(error.description) } }
        let reportPath = o.values["report"] ?? "reports/latest.json"
        let output = try ReportOutput(o, json: reportPath)
        var impls = try implementations(names, settings: settings, user: user)
        // The implementations the user named (docs/gating.md): the adapters of --adapter and
        // concord.yaml, every name of --implementations (and, below, every --captured file). One of
        // those that does not start fails the run; a built-in one merely missing here (no Chromium)
        // is reported once and left out, and the run judges what was checked.
        let explicit = o.values["implementations"] != nil ? names : []
        gate.named = names.filter { n in explicit.contains(n) || user.contains { $0.name == n } }
        var notHere: [(name: String, why: String)] = []
        for (k, impl) in impls.enumerated() {
            guard let why = impl.startFailure else { continue }
            if explicit.contains(impl.name) {
                throw UsageError("--implementations names \(impl.name), which is not available here: \(why)")
            }
            notHere.append((impl.name, why))
            impls[k] = NotAvailable(name: impl.name, why: why)
        }
        let load = try Common.loader(o)
        guard var loaded = selection.load(load) else { return 2 }
        if loaded.isEmpty { stderr("concord: no vector files under \(selection.described)"); return 2 }
        guard let opened = Self.openingThePast(loaded, selection: selection, ledger: ledger, loader: load) else { return 2 }
        loaded = opened
        if ledgerIsAmbiguous(ledger, among: loaded) { return 2 }
        // --shard K/N: a deterministic, cost-balanced slice (docs/ci.md); `concord merge` joins the reports.
        guard let costs = Home.costs(home, noteIfMissing: shard != nil) else { return 2 }
        config.costs = costs
        let vectors = shard.map { $0.select(loaded, costs: costs) } ?? loaded
        // --captured FILE: a device run's outputs join as the implementation captured:NAME.
        var capturedFiles: [(implementation: String, file: String, bytes: [UInt8])] = []
        for path in o.lists["captured"] ?? [] {
            let captured: CapturedOutputs
            do {
                captured = try CapturedOutputs.load(path: path, maxBytes: load.yamlLimits.maxBytes, rules: CapturedRules.make(loaded),
                                                    known: Set(loaded.map(\.name)))
            } catch {
                stderr("concord: \(error)")
                return 2
            }
            if impls.contains(where: { $0.name == captured.name }) { throw UsageError("two captured files are both named \(captured.name)") }
            for u in captured.unplaced {
                stderr("concord: \(u.place(in: path)): a result for \(u.vector), which is not among the vectors run")
            }
            impls.append(captured)
            gate.named.append(captured.name)
            // Its bytes, for the report's `inputs` (read again: the reader keeps only the results).
            guard let bytes = try? InputFile.read(path, maxBytes: load.yamlLimits.maxBytes, regularFileOnly: true) else {
                stderr("concord: \(path): the file changed while it was read")
                return 2
            }
            capturedFiles.append((captured.name, path, bytes))
        }

        // An output that is also an input (a file vectors were read from, a captured file), or two
        // outputs on one file: refused before anything runs. (A folder scan passes over Concord's
        // own files, so a report inside the folder run is no input.)
        let inputs = Set(loaded.map(\.file)).sorted() + (o.lists["captured"] ?? [])
        guard output.distinct(from: inputs) else { return 2 }

        // Once, at the top: what is not run here and how to install it (not an error per vector).
        for (name, why) in notHere where !gate.required.contains(name) { stderr("concord: \(name) is not available here, so it is not run: \(why)") }
        for (name, why) in notHere where gate.required.contains(name) { stderr("concord: \(name) is required but not available here: \(why)") }

        Interrupt.watch(impls)
        let runner = Runner(implementations: impls, configuration: config)
        let forced = ProcessInfo.processInfo.environment["CONCORD_PROGRESS"] == "always"
        let progress = ProgressLine(enabled: (isatty(2) == 1 || forced) && !o.flags.contains("quiet"), immediate: forced)
        var onProgress: (@Sendable (Int, Int) -> Void)? = nil
        if progress.enabled { onProgress = { @Sendable done, total in progress.update(done, total) } }
        var result = runner.run(vectors, progress: onProgress)
        Interrupt.holdIfInterrupted()
        progress.finish()
        // --repeat N: run the same plan N times (a benchmarking aid); the report is the last run's.
        if repeats > 1 {
            let t0 = Date()
            result = runner.run(vectors, times: repeats - 1, between: { Interrupt.holdIfInterrupted() })
            let seconds = Date().timeIntervalSince(t0)
            let checks = result.results.reduce(0) { $0 + $1.implementations.count } * (repeats - 1)
            stderr(String(format: "repeat: %d further runs, %d checks in %.3f s: %.0f checks/s", repeats - 1, checks, seconds, Double(checks) / seconds))
        }
        // The adapters exit while the report is written; the run returns once they have.
        closeInputs(impls)
        defer { shutdownAll(impls) }
        // An adapter that did not start: one line at the top, and the vectors nothing else checked say so.
        let unavailable = Set(notHere.map(\.name))
        for i in result.implementations where i.startFailure != nil && !unavailable.contains(i.name) {
            let named = gate.named.contains(i.name) || gate.required.contains(i.name)
            stderr("concord: \(i.name) could not start\(named ? "" : ", so it was not run"): \(i.startFailure!)")
        }
        result = Self.naming(result, notHere: notHere, named: gate.named)

        // What identifies the run for `merge`: every vector loaded (not only this shard's) and the captured files.
        let runInputs = RunInputs.make(loaded, captured: capturedFiles)
        capturedFiles = []
        let options = { (report: JSON) in
            ReportMerge.addingInputs(
                ReportMerge.addingOptions(report, maxKdfMemoryKiB: limits.maxKdfMemoryKiB, maxKdfWork: limits.maxKdfWork, timeout: settings.requestTimeout),
                runInputs)
        }
        let ownPeak = ResidentMemory.ownPeakKiB()
        let adapterPeaks = Dictionary(impls.compactMap { i in i.peakResidentKiB.map { (i.name, $0) } }, uniquingKeysWith: { a, _ in a })
        if let shard {
            var report = JSONReport.make(result, concordVersion: concordVersion)
            report = JSONReport.addingPeaks(report, concordKiB: ownPeak, adapters: adapterPeaks)
            let positions = Dictionary(loaded.enumerated().map { ($0.element.name, $0.offset) }, uniquingKeysWith: { a, _ in a })
            report = options(ReportMerge.annotate(report, shard: shard, of: loaded.count, positions: positions))
            let verdict = Common.judge(ledger, result, shard: true)
            return try output.emit(result, report: report, options: o, gate: gate, ledger: verdict)
        }
        // Without a shard the JSON report is written a result at a time (docs/performance.md).
        let verdict = Common.judge(ledger, result)
        let bytes = { (write: ([UInt8]) throws -> Void) throws in
            try JSONReport.serialize(result, concordVersion: concordVersion, finish: {
                let top = options(JSONReport.addingPeaks($0, concordKiB: ownPeak, adapters: adapterPeaks))
                return verdict.map { JSONReport.addingLedger(top, $0, run: result) } ?? top
            }, into: write)
        }
        return try output.emit(result, report: nil, reportBytes: bytes, options: o, gate: gate, ledger: verdict)
    }

    /// The archive a run opens (docs/archive.md), held to its manifest first: a file changed by hand
    /// stops the run (nil, exit 2). The vectors the ledger retires are left out, said in one line.
    static func openingThePast(_ loaded: [Vector], selection: VectorSelection, ledger: Ledger?, loader: VectorLoader) -> [Vector]? {
        guard let folder = selection.archive, selection.archiveAll || !selection.suites.isEmpty else { return loaded }
        let problems = Archive.check(folder: folder, loader: loader) { ledger?.retirement(of: $0).map { ($0.reason, $0.date) } }
        if !problems.isEmpty {
            for p in problems { stderr("concord: \(p)") }
            stderr("concord: the archive is not as concord archive add left it: nothing was run")
            return nil
        }
        guard let ledger, !ledger.retired.isEmpty else { return loaded }
        let retired = loaded.filter { $0.release != nil && ledger.retirement(of: $0.name) != nil }
        guard let first = retired.first, let why = ledger.retirement(of: first.name) else { return loaded }
        stderr("concord: \(retired.count) archived vector\(retired.count == 1 ? " is" : "s are") retired by the ledger and not run (\(first.name), written by \(first.release!.writer): \(why.reason), retired \(why.date))")
        let names = Set(retired.map(\.name))
        return loaded.filter { !names.contains($0.name) }
    }

    /// The vectors no implementation that started checked, naming the ones that would have: a
    /// built-in one not available here whose suite it is, and every named adapter that did not
    /// start (its suites are unknown without its handshake).
    static func naming(_ run: RunResult, notHere: [(name: String, why: String)], named: [String]) -> RunResult {
        let failed = run.implementations.filter { i in i.startFailure != nil && named.contains(i.name) && !notHere.contains { $0.name == i.name } }
        guard !failed.isEmpty || !notHere.isEmpty else { return run }
        var out = run
        for k in out.results.indices where out.results[k].status == .error && out.results[k].implementations.isEmpty {
            let suite = out.results[k].vector.suite
            guard out.results[k].note == "no selected implementation implements the suite \(suite)" else { continue }
            var why = failed.map { "\($0.name) could not start: \($0.startFailure!)" }
            why += notHere.filter { Suites.expected(of: $0.name).contains(suite) }.map { "\($0.name) is not available here: \($0.why)" }
            guard !why.isEmpty else { continue }
            out.results[k].note = "no implementation that started implements the suite \(suite) (" + why.joined(separator: "; ") + ")"
        }
        return out
    }
}

/// A built-in implementation that is not available on this machine (no Chromium, the JVM adapter
/// not built), left out of a run that did not name it: listed with why, planned for nothing, so
/// its absence is one line, not an error per vector (docs/gating.md).
final class NotAvailable: Implementation {
    let name: String
    let why: String
    init(name: String, why: String) {
        self.name = name
        self.why = why
    }
    var suites: Set<String> { [] }
    var version: String { "unavailable" }
    var startFailure: String? { why }
    func prepare() {}
    func shutdown() {}
    func run(_ request: Request) -> Outcome { .error(why) }
}
