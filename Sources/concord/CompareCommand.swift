import ConcordFiles
import ConcordFormats
import ConcordReport
import ConcordJudging
import ConcordReportFormat
import Foundation

/// `concord compare BASE HEAD [--json] [-o PATH]`: two JSON reports (a pull request's and the main
/// branch's saved one) compared per vector × implementation (docs/ci.md). Exit 0 without a
/// regression, 1 with one, 2 when a report cannot be read or the two are not of one project.
enum CompareCommand: Command {
    static let spec = CommandSpec(
        name: "compare", arguments: "BASE HEAD",
        brief: "compare two JSON reports per vector × implementation: regressions, fixes, new, gone",
        summary: """
        Compares two JSON reports (concord-report/1: BASE, say the main branch's saved one, and HEAD, the pull
        request's) per vector × implementation: pass → fail or error, fail → pass, new, gone, newly unsupported or
        pending, refused with another class, another wrong answer. Prints Markdown fit for a pull-request comment
        (counts first), or JSON.
        """,
        options: Options.specs,
        notes: ["A pair that passed in BASE and is gone from HEAD, or is now unsupported or pending, is a regression (coverage lost); so is a wrong answer with other values; docs/ci.md.",
                "exit status: 0 no regression, 1 a regression, 2 a report cannot be read, they are not two runs of one project (a shard, no shared suite or implementation), or a bad option"])

    struct Options: CommandOptions {
        var positional: [String] = []
        var common = SharedOptions()
        var json = false
        var out: String?
        static var args: [Arg<Self>] {
            [
                .flag(\.json, .flag("json", "print the comparison as JSON (concord-compare/1) instead of Markdown")),
                .value(\.out, .value("out", "PATH", short: "o", "write the comparison to this file instead of standard output")),
                .shared(Common.maxFileBytes),
            ]
        }
    }

    static func run(_ o: Options) throws(UsageError) -> Int32 {
        let maxBytes = o.common.maxBytes
        guard o.positional.count == 2 else { throw UsageError("compare needs exactly two reports, BASE and HEAD: \(spec.usageLine)") }
        var out = o.out
        if out?.isEmpty == true { throw UsageError("--out needs a path (\"-\" for standard output)") }
        if let p = out, OutputFile.namesStandardOutput(p) { out = nil }
        if let out {
            do { try OutputPlan.check(outputs: [("--out", out)], inputs: o.positional) } catch {
                stderr("concord: \(error)")
                return 2
            }
        }
        var runs: [RunResult] = []
        var jsons: [JSON] = []
        for path in o.positional {
            guard let (json, text) = readReportText(path, maxBytes: maxBytes) else { return 2 }
            do { try ReportCheck.check(json) } catch {
                let mark = locate(error.path, in: text)
                stderr("concord: \(path)" + (mark.map { ":\($0.line):\($0.column)" } ?? "") + ": \(error.message)")
                return 2
            }
            do { runs.append(try RunResult(report: json, name: path)) } catch { stderr("concord: \(error)"); return 2 }
            jsons.append(json)
        }
        let result: ReportComparison.Result
        do {
            try ReportComparison.check(base: jsons[0], head: jsons[1], baseName: o.positional[0], headName: o.positional[1])
            result = try ReportComparison.compare(runs[0], runs[1], baseName: o.positional[0], headName: o.positional[1])
        } catch {
            stderr("concord: \(error)")
            return 2
        }
        let text = o.json ? ReportComparison.json(result).serialized(pretty: true) + "\n" : ReportComparison.markdown(result)
        if let out {
            do { try AtomicFile.write(text, to: out) } catch {
                stderr(writeFailure(out, error))
                return 2
            }
            let n = result.regressions
            stderr(n == 0 ? "compare: no regression (\(result.changes.count) changes): \(out)" : "compare: \(n) regression\(n == 1 ? "" : "s"): \(out)")
        } else {
            Streams.out(text)
        }
        return result.regressions > 0 ? 1 : 0
    }
}
