import ConcordFiles
import ConcordFormats
import ConcordReport
import ConcordJudging
import ConcordReportFormat
import ConcordWorkflows
import Foundation

/// `concord report REPORT.json [--html …] [--junit …] [--markdown …]`: renders a saved report
/// (`concord-report/1`, from `run` or `merge`) in the other formats, as the run would have.
enum ReportCommand: Command {
    static let spec = CommandSpec(
        name: "report", arguments: "REPORT",
        brief: "render a saved JSON report as Markdown, JUnit, HTML, annotations, terminal summary",
        summary: """
        Renders a saved JSON report (concord-report/1, written by run or merge) as the run would have:
        Markdown, JUnit XML, HTML, GitHub annotations, $GITHUB_STEP_SUMMARY and the terminal summary.
        The exit status is the report's, under the same gate options as run; a report that contradicts itself
        (statuses, counts, names, numbers: docs/report.md) is refused, and one without vectors is never green.
        """,
        options: Options.specs,
        notes: [Common.dashNote, Common.exitNote])

    struct Options: CommandOptions {
        var positional: [String] = []
        var common = SharedOptions()
        static var args: [Arg<Self>] {
            Common.reportOutputs.map(Arg.shared) + [.shared(Common.maxFileBytes)]
        }
    }

    static func run(_ o: Options) throws(UsageError) -> Int32 {
        let maxBytes = o.common.maxBytes
        guard o.positional.count == 1 else { throw UsageError("report needs exactly one report file: \(spec.usageLine)") }
        // A ledger may name the project's own adapters (concord.yaml's), which ran in the run being read.
        let session = try Common.session(o.common, settings: false)
        let gate = try Common.gate(session, o.common)
        var badLedger = false
        var ledger = try Common.readLedger(session, o.common, failed: &badLedger)
        if badLedger { return 2 }
        let output = try Common.output(session, o.common, json: nil)
        let path = o.positional[0]
        guard output.distinct(from: [path]) else { return 2 }
        guard let (json, text) = readReportText(path, maxBytes: maxBytes) else { return 2 }
        // The rules merge and diff hold a report to (ReportCheck): one that breaks them is refused.
        do { try ReportCheck.check(json) } catch {
            let mark = locate(error.path, in: text)
            stderr("concord: \(path)" + (mark.map { ":\($0.line):\($0.column)" } ?? "") + ": \(error.message)")
            return 2
        }
        // An exploration's report is held to Concord's own known differences too, as explore held it.
        if ReportMerge.isExploration(json) {
            ledger = try usage { () throws(Session.Problem) in try ExploreWorkflow(session.terminal).ledger(session, o.common.ledger, failed: &badLedger) }
            if badLedger { return 2 }
        }
        let result: RunResult
        do { result = try RunResult(report: json, name: path) } catch { stderr("concord: \(error)"); return 2 }
        if session.ledgerIsAmbiguous(ledger, among: result.results.lazy.map { $0.vector }) { return 2 }
        return output.emit(result, report: json, gate: gate, ledger: session.judge(ledger, result, shard: ReportMerge.isShard(json)))
    }
}
