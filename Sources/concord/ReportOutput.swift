import ConcordFiles
import ConcordFormats
import ConcordReport
import ConcordJudging
import ConcordReportFormat
import Foundation

/// Where a run's (or a saved report's) results go: the JSON report, Markdown, JUnit, HTML,
/// `$GITHUB_STEP_SUMMARY`, GitHub annotations and the terminal summary — the same for `run`,
/// `merge` and `report`. At most one output is standard output (`-`); when one is, everything
/// else meant for a person (summary, annotations) goes to standard error, so that standard
/// output holds exactly that one file.
struct ReportOutput {
    /// (option, path) of each output asked for, the JSON report first.
    var outputs: [(option: String, path: String)] = []
    var stdoutTaken: Bool { outputs.contains { $0.path == "-" } }
    /// Files the command reads besides its own inputs, named by what they are: the project file
    /// and the divergence ledger. An output on one of them is refused as an output on an input is.
    var readAlso: [(role: String, path: String)] = []

    init(_ o: Options, json: String?) throws(UsageError) {
        readAlso = Common.projectFiles(o)
        if let json { outputs.append(("report", json)) }
        for name in ["markdown", "junit", "html"] { if let p = o.values[name] { outputs.append((name, p)) } }
        // /dev/stdout is standard output, written as "-" is (never replaced, whatever is behind it).
        outputs = outputs.map { ($0.option, OutputFile.namesStandardOutput($0.path) ? "-" : $0.path) }
        let dashes = outputs.filter { $0.path == "-" }
        if dashes.count > 1 {
            throw UsageError("only one output can be standard output: " + dashes.map { "--\($0.option) -" }.joined(separator: ", "))
        }
        if let p = outputs.first(where: { $0.path.isEmpty }) { throw UsageError("--\(p.option) needs a path (\"-\" for standard output)") }
    }

    /// An output that is also one of the command's input files (the project file and the ledger
    /// included), or two outputs on one file: refused (printed, false) before anything runs
    /// (OutputPlan, docs/reliability.md).
    /// `$GITHUB_STEP_SUMMARY` is held to the inputs and to the other outputs too: a summary naming
    /// one of them would append Markdown into it.
    func distinct(from inputs: [String]) -> Bool {
        do {
            let summary = Self.stepSummary.map { [("$GITHUB_STEP_SUMMARY", $0)] } ?? []
            try OutputPlan.check(outputs: outputs.map { ("--" + $0.option, $0.path) } + summary, inputs: inputs, roles: readAlso)
        } catch {
            stderr("concord: \(error)")
            return false
        }
        return true
    }

    /// The GitHub Actions step summary's path, when set.
    static var stepSummary: String? {
        guard let s = ProcessInfo.processInfo.environment["GITHUB_STEP_SUMMARY"], !s.isEmpty else { return nil }
        return s
    }

    /// Writes everything, prints the summary, and returns the exit status (the gate's, or 2 when
    /// a file cannot be written).
    /// `reportBytes`: makes the JSON report's bytes (`JSONReport.serialize`), used before `report`;
    /// called when the report is written, handing each chunk to the writer it is given as it is
    /// made, so the report's bytes are never held whole.
    func emit(_ result: RunResult, report: JSON?, reportBytes: ((_ write: ([UInt8]) throws -> Void) throws -> Void)? = nil,
              options o: Options, gate: Gate, ledger: LedgerVerdict? = nil, terminalSummary: Bool = true) throws(UsageError) -> Int32 {
        for (option, path) in outputs {
            let text: String
            switch option {
            case "report":
                if let reportBytes {
                    // Written a chunk at a time as it is made: neither a String nor the whole bytes of a
                    // report that may be hundreds of MB.
                    if path == "-" {
                        try? reportBytes { Streams.out(bytes: $0) }
                        continue
                    }
                    do { try AtomicFile.write(to: path, producing: reportBytes) } catch {
                        stderr(writeFailure(path, error))
                        return 2
                    }
                    continue
                }
                let json = report ?? JSONReport.make(result, concordVersion: concordVersion)
                text = (ledger.map { JSONReport.addingLedger(json, $0, run: result) } ?? json).serialized(pretty: true) + "\n"
            case "markdown": text = MarkdownReport.render(result, ledger: ledger)
            case "junit": text = JUnitReport.render(result, ledger: ledger)
            default: text = HTMLReport.render(result, ledger: ledger)
            }
            if path == "-" {
                Streams.out(text)
                continue
            }
            do { try AtomicFile.write(text, to: path) } catch {
                stderr(writeFailure(path, error))
                return 2
            }
        }
        let env = ProcessInfo.processInfo.environment
        // GitHub Actions: the step summary is appended to (several steps share it).
        // An unwritable summary is a warning: the gate is the exit status, the summary a courtesy.
        if let summary = Self.stepSummary {
            do { try OutputFile.append(summary, Array((MarkdownReport.render(result, ledger: ledger) + "\n").utf8)) } catch {
                stderr("concord: warning: GITHUB_STEP_SUMMARY \(error.path): \(error.message); the summary was not appended")
            }
        }
        // Concord's own lines, already escaped (annotations, the summary), written as they are.
        let raw: (String) -> Void = stdoutTaken ? { stderrRaw($0) } : { print($0) }
        if env["GITHUB_ACTIONS"] == "true" {
            for line in GitHubAnnotations.render(result, ledger: ledger) { raw(line) }
        }
        let (status, reasons) = gate.exitStatus(result, ledger: ledger)
        if !o.flags.contains("quiet") || status != 0 {
            let tty = isatty(stdoutTaken ? 2 : 1) == 1
            let color = tty && (env["NO_COLOR"] ?? "").isEmpty
            let limit = Int(try o.integer("max-failures", min: 0) ?? 20)
            // A command with a summary of its own (explore) prints that instead.
            if terminalSummary {
                let text = TerminalSummary.render(result, verbose: o.flags.contains("verbose"), style: .init(color: color), maxFailures: limit, ledger: ledger)
                raw(String(text.dropLast(text.hasSuffix("\n") ? 1 : 0)))
            }
            for (option, path) in outputs where path != "-" {
                let line = "\(option): \(path)"
                if stdoutTaken { stderr(line) } else { say(line) }
            }
        }
        for r in reasons { stderr("concord: \(r)") }
        return status
    }
}
