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
        guard let all = selection.load(load, s.terminal) else { return 2 }
        if all.isEmpty { stderr("concord: no vector files under \(selection.described)"); return 2 }
        let w = RunWorkflow(s.terminal)
        guard let loaded = w.openingThePast(all, selection: selection, ledger: ledger, loader: load) else { return 2 }
        if s.ledgerIsAmbiguous(ledger, among: loaded) { return 2 }
        // --shard K/N: a deterministic, cost-balanced slice (docs/ci.md); `concord merge` joins the reports.
        guard let costs = Home.costs(s.home, noteIfMissing: shard != nil) else { return 2 }
        config.costs = costs
        let vectors = shard.map { $0.select(loaded, costs: costs) } ?? loaded
        // --captured FILE: a device run's outputs join as the implementation captured:NAME.
        guard let captured = try usage({ () throws(Session.Problem) in try w.captured(o.captured, loaded: loaded, maxBytes: load.yamlLimits.maxBytes, beside: impls) }) else { return 2 }
        impls += captured.map { $0.outputs as any Implementation }
        gate.named += captured.map { $0.outputs.name }
        // An output that is also an input (a file vectors were read from, a captured file), or two
        // outputs on one file: refused before anything runs. (A folder scan passes over Concord's
        // own files, so a report inside the folder run is no input.)
        guard output.distinct(from: Set(loaded.map { $0.file }).sorted() + o.captured) else { return 2 }
        // Once, at the top: what is not run here and how to install it (not an error per vector).
        for line in availability.notHereLines { stderr("concord: \(line)") }
        var result = w.execute(vectors, impls, config, repeats: Int(o.repeats ?? 1), quiet: o.common.quiet)
        // The adapters exit while the report is written; the run returns once they have.
        closeInputs(impls)
        defer { shutdownAll(impls) }
        // An adapter that did not start: one line at the top, and the vectors nothing else checked say so.
        availability.named = gate.named
        for i in result.implementations where i.startFailure != nil && !availability.notHere.contains(where: { $0.name == i.name }) {
            stderr("concord: " + availability.didNotStart(i.name, i.startFailure!))
        }
        result = RunWorkflow.naming(result, notHere: availability.notHere, named: gate.named)
        // What identifies the run for `merge`: every vector loaded (not only this shard's) and the captured files.
        let inputs = RunInputs.make(loaded, captured: captured.map { ($0.outputs.name, $0.file, $0.bytes) })
        let annotate = { (report: JSON) in
            ReportMerge.addingInputs(ReportMerge.addingOptions(report, maxKdfMemoryKiB: config.limits.maxKdfMemoryKiB, maxKdfWork: config.limits.maxKdfWork,
                                                               timeout: settings.requestTimeout), inputs)
        }
        return w.write(result, loaded: loaded, shard: shard, impls: impls, annotate: annotate, session: s, ledger: ledger, output: output, gate: gate, version: concordVersion)
    }

    /// `--shard K/N`.
    static func shard(_ k: String) throws(Session.Problem) -> Shard {
        do { return try Shard.parse(k) } catch { throw Session.Problem(error.description) }
    }
}
