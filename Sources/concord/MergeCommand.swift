import ConcordFiles
import ConcordFormats
import ConcordImplementations
import ConcordReport
import ConcordJudging
import ConcordReportFormat
import ConcordYAML
import ConcordWorkflows
import Foundation

/// `concord merge REPORT… [--out PATH] [--markdown …] [--junit …] [--html …]`: shard reports
/// (`run --shard K/N`) combined into the report of one unsharded run (docs/ci.md), with the same
/// report outputs as `run`. Exit 0 when no vector of the merged report failed or errored (and the
/// gate passes), 1 when one did, 2 when a report cannot be read or the reports do not fit together.
enum MergeCommand: Command {
    static let spec = CommandSpec(
        name: "merge", arguments: "REPORT…",
        brief: "combine shard reports into the report of an unsharded run, in every format",
        summary: """
        Combines shard reports (run --shard K/N) into the report of one unsharded run, and writes the same
        outputs as run: the JSON report (default: standard output), Markdown, JUnit, HTML, GitHub annotations
        and $GITHUB_STEP_SUMMARY, with the terminal summary. Only shards of one run merge: the same
        implementations and options, each report consistent (docs/ci.md). Shards of an exploration
        (explore --shard K/N, one --seed) merge into the whole exploration's report, each finding once.
        """,
        options: Options.specs,
        notes: [Common.dashNote, Common.exitNote])

    struct Options: CommandOptions {
        var positional: [String] = []
        var common = SharedOptions()
        var out: String?
        static var args: [Arg<Self>] {
            [
                .value(\.out, .value("out", "PATH", short: "o", aliases: ["report"], "the merged JSON report (default \"-\": standard output)")),
            ] + Common.reportOutputs.map(Arg.shared) + [.shared(Common.maxFileBytes)]
        }
    }

    static func run(_ o: Options) throws(UsageError) -> Int32 {
        let maxBytes = o.common.maxBytes
        guard !o.positional.isEmpty else { throw UsageError("merge needs at least one report: \(spec.usageLine)") }
        // A ledger may name the project's own adapters (concord.yaml's), which ran in the run being read.
        let session = try Common.session(o.common, settings: false)
        let gate = try Common.gate(session, o.common)
        var badLedger = false
        var ledger = try Common.readLedger(session, o.common, failed: &badLedger)
        if badLedger { return 2 }
        let output = try Common.output(session, o.common, json: o.out ?? "-")
        guard output.distinct(from: o.positional) else { return 2 }
        var reports: [JSON] = []
        var texts: [String] = []
        for path in o.positional {
            guard let (json, text) = readReportText(path, maxBytes: maxBytes) else { return 2 }
            reports.append(json)
            texts.append(text)
        }
        // Shards of an exploration (explore --shard K/N) are joined by their own rules, held to
        // Concord's own known differences as explore is.
        let exploration = reports.contains(where: ReportMerge.isExploration)
        if exploration {
            ledger = try usage { () throws(Session.Problem) in try ExploreWorkflow(session.terminal).ledger(session, o.common.ledger, failed: &badLedger) }
            if badLedger { return 2 }
        }
        let merged: JSON
        do {
            merged = exploration ? try ReportMerge.mergeExplorations(reports, names: o.positional) : try ReportMerge.merge(reports, names: o.positional)
        } catch {
            if let r = error.report, let mark = locate(error.path, in: texts[r]) {
                stderr("concord: \(o.positional[r]):\(mark.line):\(mark.column): \(error.message)")
            } else {
                stderr("concord: \(error)")
            }
            return 2
        }
        let result: RunResult
        do { result = try RunResult(report: merged, name: "the merged report") } catch { stderr("concord: \(error)"); return 2 }
        if session.ledgerIsAmbiguous(ledger, among: result.results.lazy.map { $0.vector }) { return 2 }
        let s = result.summary
        stderr("merged \(reports.count) report\(reports.count == 1 ? "" : "s"): \(s.vectors) vectors: "
               + "\(s.passed) passed, \(s.failed) failed, \(s.pending) pending, \(s.errors) errors")
        return output.emit(result, report: merged, gate: gate, ledger: session.judge(ledger, result))
    }
}

/// The line and column of the value at `path` in a report's text, read again with the positioned
/// JSON reader (only when there is a refusal to locate).
func locate(_ path: [ReportMerge.Step], in text: String) -> Mark? {
    guard var node = try? JSONNodeParser(limits: .init(maxDepth: 200, maxBytes: Int.max)).parse(Array(text.utf8)) else { return nil }
    for step in path {
        switch step {
        case .key(let k):
            guard let v = node.mapping?.first(where: { $0.key.scalarText == k })?.value else { return node.mark }
            node = v
        case .index(let i):
            guard let items = node.sequence, items.indices.contains(i) else { return node.mark }
            node = items[i]
        }
    }
    return node.mark
}

/// A JSON file read with a located message on failure (printed); nil then.
func readReport(_ path: String, maxBytes: Int) -> JSON? { readReportText(path, maxBytes: maxBytes)?.json }

/// `readReport`, with the file's text.
func readReportText(_ path: String, maxBytes: Int) -> (json: JSON, text: String)? {
    let bytes: [UInt8]
    do { bytes = try InputFile.read(path, maxBytes: maxBytes, regularFileOnly: true) } catch {
        stderr("concord: \(error)")
        return nil
    }
    guard let text = String(validating: bytes, as: UTF8.self) else {
        let p = InputFile.utf8Problem(bytes)
        stderr("concord: " + (p.map { "\(path):\($0.line):\($0.column): \($0.message)" } ?? "\(path): the file is not UTF-8"))
        return nil
    }
    do {
        return (try JSON.parse(text), text)
    } catch {
        stderr("concord: \(path):\(error.line):\(error.column): invalid JSON: \(error.message)")
        return nil
    }
}
