import ConcordArchive
import ConcordFiles
import ConcordFormats
import ConcordImplementations
import ConcordJudging
import ConcordLoading
import ConcordReport
import ConcordReportFormat
import ConcordScheduling
import ConcordSuites
import Foundation

/// What `concord run` does beyond reading its options (docs/gating.md): the archive opened and
/// held to its manifest, the `--captured` files, the run (repeated with `--repeat`), the vectors
/// no started implementation checked named, every report format. Its words go through the
/// session's Terminal.
public struct RunWorkflow {
    /// Where its words go.
    public let terminal: Terminal
    public init(_ terminal: Terminal) { self.terminal = terminal }


    /// The `--captured` files, read with the rules of the vectors run, each with its bytes (for the
    /// report's `inputs`); nil after a located message.
    public func captured(_ paths: [String], loaded: [Vector], maxBytes: Int, beside impls: [any Implementation]) throws(Session.Problem)
        -> [(outputs: CapturedOutputs, file: String, bytes: [UInt8])]? {
        var out: [(outputs: CapturedOutputs, file: String, bytes: [UInt8])] = []
        for path in paths {
            let captured: CapturedOutputs
            do {
                captured = try CapturedOutputs.load(path: path, maxBytes: maxBytes, rules: CapturedRules.make(loaded), known: Set(loaded.map(\.name)))
            } catch {
                terminal.message("concord: \(error)")
                return nil
            }
            if impls.contains(where: { $0.name == captured.name }) || out.contains(where: { $0.outputs.name == captured.name }) {
                throw Session.Problem("two captured files are both named \(captured.name)")
            }
            for u in captured.unplaced {
                terminal.message("concord: \(u.place(in: path)): a result for \(u.vector), which is not among the vectors run")
            }
            // Read again: the reader keeps only the results.
            guard let bytes = try? InputFile.read(path, maxBytes: maxBytes, regularFileOnly: true) else {
                terminal.message("concord: \(path): the file changed while it was read")
                return nil
            }
            out.append((captured, path, bytes))
        }
        return out
    }

    /// Runs the vectors (with a progress line on a terminal), `repeats` times in all (`--repeat`:
    /// a benchmarking aid; the report is the last run's).
    public func execute(_ vectors: [Vector], _ impls: [any Implementation], _ config: RunConfiguration, repeats: Int, quiet: Bool) -> RunResult {
        terminal.watch(impls)
        let runner = Runner(implementations: impls, configuration: config)
        let progress = terminal.progress(quiet, "checks", true)
        var onProgress: (@Sendable (Int, Int) -> Void)? = nil
        if progress.enabled { onProgress = { @Sendable done, total in progress.update(done, total) } }
        var result = runner.run(vectors, progress: onProgress)
        terminal.holdIfInterrupted()
        progress.finish()
        if repeats > 1 {
            let t0 = Date()
            result = runner.run(vectors, times: repeats - 1, between: { [terminal] in terminal.holdIfInterrupted() })
            let seconds = Date().timeIntervalSince(t0)
            let checks = result.results.reduce(0) { $0 + $1.implementations.count } * (repeats - 1)
            terminal.message(String(format: "repeat: %d further runs, %d checks in %.3f s: %.0f checks/s", repeats - 1, checks, seconds, Double(checks) / seconds))
        }
        return result
    }

    /// Every report format, held to the ledger. A shard's JSON report is annotated for `merge`;
    /// without a shard it is written a result at a time (docs/performance.md).
    public func write(_ result: RunResult, loaded: [Vector], shard: Shard?, impls: [any Implementation], annotate: @escaping (JSON) -> JSON,
                      session s: Session, ledger: Ledger?, output: ReportOutput, gate: Gate, version: String) -> Int32 {
        let ownPeak = ResidentMemory.ownPeakKiB()
        let adapterPeaks = Dictionary(impls.compactMap { i in i.peakResidentKiB.map { (i.name, $0) } }, uniquingKeysWith: { a, _ in a })
        if let shard {
            var report = JSONReport.make(result, concordVersion: version)
            report = JSONReport.addingPeaks(report, concordKiB: ownPeak, adapters: adapterPeaks)
            let positions = Dictionary(loaded.enumerated().map { ($0.element.name, $0.offset) }, uniquingKeysWith: { a, _ in a })
            report = annotate(ReportMerge.annotate(report, shard: shard, of: loaded.count, positions: positions))
            return output.emit(result, report: report, gate: gate, ledger: s.judge(ledger, result, shard: true))
        }
        let verdict = s.judge(ledger, result)
        let bytes = { (write: ([UInt8]) throws -> Void) throws in
            try JSONReport.serialize(result, concordVersion: version, finish: {
                let top = annotate(JSONReport.addingPeaks($0, concordKiB: ownPeak, adapters: adapterPeaks))
                return verdict.map { JSONReport.addingLedger(top, $0, run: result) } ?? top
            }, into: write)
        }
        return output.emit(result, report: nil, reportBytes: bytes, gate: gate, ledger: verdict)
    }

    /// The archive a run opens (docs/archive.md), held to its manifest first: a file changed by hand
    /// stops the run (nil, exit 2). The vectors the ledger retires are left out, said in one line.
    public func openingThePast(_ loaded: [Vector], selection: VectorSelection, ledger: Ledger?, loader: VectorLoader) -> [Vector]? {
        guard let folder = selection.archive, selection.archiveAll || !selection.suites.isEmpty else { return loaded }
        let problems = Archive.check(folder: folder, loader: loader) { ledger?.retirement(of: $0).map { ($0.reason, $0.date) } }
        if !problems.isEmpty {
            for p in problems { terminal.message("concord: \(p)") }
            terminal.message("concord: the archive is not as concord archive add left it: nothing was run")
            return nil
        }
        guard let ledger, !ledger.retired.isEmpty else { return loaded }
        let retired = loaded.filter { $0.release != nil && ledger.retirement(of: $0.name) != nil }
        guard let first = retired.first, let why = ledger.retirement(of: first.name) else { return loaded }
        terminal.message("concord: \(retired.count) archived vector\(retired.count == 1 ? " is" : "s are") retired by the ledger and not run (\(first.name), written by \(first.release!.writer): \(why.reason), retired \(why.date))")
        let names = Set(retired.map(\.name))
        return loaded.filter { !names.contains($0.name) }
    }

    /// The vectors no implementation that started checked, naming the ones that would have: a
    /// built-in one not available here whose suite it is, and every named adapter that did not
    /// start (its suites are unknown without its handshake).
    public static func naming(_ run: RunResult, notHere: [(name: String, why: String)], named: [String]) -> RunResult {
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
