import ConcordFiles
import ConcordFormats
import ConcordImplementations
import ConcordReport
import ConcordJudging
import ConcordLoading
import ConcordReportFormat
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
        options: Options.specs,
        notes: [Common.dashNote, "GITHUB_ACTIONS=true prints ::error/::warning annotations at the vectors' lines.", Common.exitNote])

    struct Options: CommandOptions {
        var positional: [String] = []
        var common = SharedOptions()
        var report: String?
        var shard: String?
        var captured: [String] = []
        var repeats: Int64?
        var noSharedKdf = false
        static var args: [Arg<Self>] {
            [
                .shared(Common.implementations),
                .value(\.report, .value("report", "PATH", short: "o", aliases: ["out"], "the JSON report (default reports/latest.json)")),
            ] + Common.reportOutputs.map(Arg.shared) + [
                .shared(Common.jobs), .shared(Common.timeout),
                .shared(Common.maxKdfMemory), .shared(Common.maxKdfWork),
                .shared(Common.maxFileBytes), .shared(Common.maxDepth),
                .value(\.shard, .value("shard", "K/N", "run only the K-th of N deterministic, cost-balanced slices (CI matrices; concord merge joins them)")),
                .list(\.captured, .repeatable("captured", "FILE", "add a captured-outputs file (concord-outputs/1) as the implementation captured:NAME")),
                .shared(Common.adapter), .shared(Common.project),
                .integer(\.repeats, .value("repeat", "N", "run the same vectors N times and print checks per second (benchmarking)")),
                .flag(\.noSharedKdf, .flag("no-shared-kdf", "every vector derives its own KEK (by default a repeated phrase+salt KEK is derived once per run)")),
            ]
        }
    }

    static func run(_ o: Options) throws(UsageError) -> Int32 {
        // The report's peak is this process's own, not the size of whatever started it (ResidentMemory).
        ResidentMemory.resetPeak()
        let s = try Common.session(o.common)
        let selection = s.selection(o.positional)
        var config = RunConfiguration(limits: Common.limits(o.common))
        if let j = o.common.jobs { config.workers = Int(j) }
        let settings = Catalog.Settings(home: s.home, requestTimeout: o.common.timeout ?? 300, shareDerivations: !o.noSharedKdf)
        var gate = try Common.gate(s, o.common)
        var badLedger = false
        let ledger = try Common.readLedger(s, o.common, failed: &badLedger)
        if badLedger { return 2 }
        let names = try usage { () throws(Session.Problem) in try s.names(o.common.implementations) }
        let shard = try o.shard.map { k throws(UsageError) in try usage { () throws(Session.Problem) in try Self.shard(k) } }
        let output = try Common.output(s, o.common, json: o.report ?? "reports/latest.json")
        // The implementations the user named (docs/gating.md): the adapters of --adapter and
        // concord.yaml, every name of --implementations (and, below, every --captured file). One of
        // those that does not start fails the run; a built-in one merely missing here (no Chromium)
        // is reported once and left out, and the run judges what was checked.
        var availability = s.policy(names, explicit: o.common.implementations != nil, required: gate.required)
        gate.named = availability.named
        var impls = try usage { () throws(Session.Problem) in try s.implementations(names, settings: settings, availability: &availability, announce: false) }
        let load = Common.loader(o.common)
        guard var loaded = selection.load(load, s.terminal) else { return 2 }
        if loaded.isEmpty { stderr("concord: no vector files under \(selection.described)"); return 2 }
        guard let opened = Self.openingThePast(loaded, selection: selection, ledger: ledger, loader: load) else { return 2 }
        loaded = opened
        if s.ledgerIsAmbiguous(ledger, among: loaded) { return 2 }
        // --shard K/N: a deterministic, cost-balanced slice (docs/ci.md); `concord merge` joins the reports.
        guard let costs = Home.costs(s.home, noteIfMissing: shard != nil) else { return 2 }
        config.costs = costs
        let vectors = shard.map { $0.select(loaded, costs: costs) } ?? loaded
        // --captured FILE: a device run's outputs join as the implementation captured:NAME.
        guard let captured = try Self.captured(o.captured, loaded: loaded, maxBytes: load.yamlLimits.maxBytes, beside: impls) else { return 2 }
        impls += captured.map { $0.outputs as any Implementation }
        gate.named += captured.map { $0.outputs.name }
        // An output that is also an input (a file vectors were read from, a captured file), or two
        // outputs on one file: refused before anything runs. (A folder scan passes over Concord's
        // own files, so a report inside the folder run is no input.)
        guard output.distinct(from: Set(loaded.map { $0.file }).sorted() + o.captured) else { return 2 }
        // Once, at the top: what is not run here and how to install it (not an error per vector).
        for line in availability.notHereLines { stderr("concord: \(line)") }
        var result = Self.execute(vectors, impls, config, repeats: Int(o.repeats ?? 1), quiet: o.common.quiet)
        // The adapters exit while the report is written; the run returns once they have.
        closeInputs(impls)
        defer { shutdownAll(impls) }
        // An adapter that did not start: one line at the top, and the vectors nothing else checked say so.
        availability.named = gate.named
        for i in result.implementations where i.startFailure != nil && !availability.notHere.contains(where: { $0.name == i.name }) {
            stderr("concord: " + availability.didNotStart(i.name, i.startFailure!))
        }
        result = Self.naming(result, notHere: availability.notHere, named: gate.named)
        // What identifies the run for `merge`: every vector loaded (not only this shard's) and the captured files.
        let inputs = RunInputs.make(loaded, captured: captured.map { ($0.outputs.name, $0.file, $0.bytes) })
        let annotate = { (report: JSON) in
            ReportMerge.addingInputs(ReportMerge.addingOptions(report, maxKdfMemoryKiB: config.limits.maxKdfMemoryKiB, maxKdfWork: config.limits.maxKdfWork,
                                                               timeout: settings.requestTimeout), inputs)
        }
        return Self.write(result, loaded: loaded, shard: shard, impls: impls, annotate: annotate, session: s, ledger: ledger, output: output, gate: gate)
    }

    /// `--shard K/N`.
    static func shard(_ k: String) throws(Session.Problem) -> Shard {
        do { return try Shard.parse(k) } catch { throw Session.Problem(error.description) }
    }

    /// The `--captured` files, read with the rules of the vectors run, each with its bytes (for the
    /// report's `inputs`); nil after a located message.
    static func captured(_ paths: [String], loaded: [Vector], maxBytes: Int, beside impls: [any Implementation]) throws(UsageError)
        -> [(outputs: CapturedOutputs, file: String, bytes: [UInt8])]? {
        var out: [(outputs: CapturedOutputs, file: String, bytes: [UInt8])] = []
        for path in paths {
            let captured: CapturedOutputs
            do {
                captured = try CapturedOutputs.load(path: path, maxBytes: maxBytes, rules: CapturedRules.make(loaded), known: Set(loaded.map(\.name)))
            } catch {
                stderr("concord: \(error)")
                return nil
            }
            if impls.contains(where: { $0.name == captured.name }) || out.contains(where: { $0.outputs.name == captured.name }) {
                throw UsageError("two captured files are both named \(captured.name)")
            }
            for u in captured.unplaced {
                stderr("concord: \(u.place(in: path)): a result for \(u.vector), which is not among the vectors run")
            }
            // Read again: the reader keeps only the results.
            guard let bytes = try? InputFile.read(path, maxBytes: maxBytes, regularFileOnly: true) else {
                stderr("concord: \(path): the file changed while it was read")
                return nil
            }
            out.append((captured, path, bytes))
        }
        return out
    }

    /// Runs the vectors (with a progress line on a terminal), `repeats` times in all (`--repeat`:
    /// a benchmarking aid; the report is the last run's).
    static func execute(_ vectors: [Vector], _ impls: [any Implementation], _ config: RunConfiguration, repeats: Int, quiet: Bool) -> RunResult {
        Interrupt.watch(impls)
        let runner = Runner(implementations: impls, configuration: config)
        let progress = ProgressLine.forCommand(quiet: quiet)
        var onProgress: (@Sendable (Int, Int) -> Void)? = nil
        if progress.enabled { onProgress = { @Sendable done, total in progress.update(done, total) } }
        var result = runner.run(vectors, progress: onProgress)
        Interrupt.holdIfInterrupted()
        progress.finish()
        if repeats > 1 {
            let t0 = Date()
            result = runner.run(vectors, times: repeats - 1, between: { Interrupt.holdIfInterrupted() })
            let seconds = Date().timeIntervalSince(t0)
            let checks = result.results.reduce(0) { $0 + $1.implementations.count } * (repeats - 1)
            stderr(String(format: "repeat: %d further runs, %d checks in %.3f s: %.0f checks/s", repeats - 1, checks, seconds, Double(checks) / seconds))
        }
        return result
    }

    /// Every report format, held to the ledger. A shard's JSON report is annotated for `merge`;
    /// without a shard it is written a result at a time (docs/performance.md).
    static func write(_ result: RunResult, loaded: [Vector], shard: Shard?, impls: [any Implementation], annotate: @escaping (JSON) -> JSON,
                      session s: Session, ledger: Ledger?, output: ReportOutput, gate: Gate) -> Int32 {
        let ownPeak = ResidentMemory.ownPeakKiB()
        let adapterPeaks = Dictionary(impls.compactMap { i in i.peakResidentKiB.map { (i.name, $0) } }, uniquingKeysWith: { a, _ in a })
        if let shard {
            var report = JSONReport.make(result, concordVersion: concordVersion)
            report = JSONReport.addingPeaks(report, concordKiB: ownPeak, adapters: adapterPeaks)
            let positions = Dictionary(loaded.enumerated().map { ($0.element.name, $0.offset) }, uniquingKeysWith: { a, _ in a })
            report = annotate(ReportMerge.annotate(report, shard: shard, of: loaded.count, positions: positions))
            return output.emit(result, report: report, gate: gate, ledger: s.judge(ledger, result, shard: true))
        }
        let verdict = s.judge(ledger, result)
        let bytes = { (write: ([UInt8]) throws -> Void) throws in
            try JSONReport.serialize(result, concordVersion: concordVersion, finish: {
                let top = annotate(JSONReport.addingPeaks($0, concordKiB: ownPeak, adapters: adapterPeaks))
                return verdict.map { JSONReport.addingLedger(top, $0, run: result) } ?? top
            }, into: write)
        }
        return output.emit(result, report: nil, reportBytes: bytes, gate: gate, ledger: verdict)
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
