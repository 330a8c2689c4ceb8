import ConcordFiles
import ConcordFormats
import ConcordJudging
import ConcordReport
import ConcordReportFormat
import Foundation

/// Where a run's (or a saved report's) results go: the JSON report, Markdown, JUnit, HTML,
/// `$GITHUB_STEP_SUMMARY`, GitHub annotations and the terminal summary — the same for `run`,
/// `merge` and `report`. At most one output is standard output (`-`); when one is, everything
/// else meant for a person (summary, annotations) goes to standard error, so that standard
/// output holds exactly that one file.
public struct ReportOutput {
    /// (option, path) of each output asked for, the JSON report first.
    public var outputs: [(option: String, path: String)] = []
    public var stdoutTaken: Bool { outputs.contains { $0.path == "-" } }
    /// Files the command reads besides its own inputs, named by what they are: the project file
    /// and the divergence ledger. An output on one of them is refused as an output on an input is.
    public var readAlso: [(role: String, path: String)] = []
    /// What the terminal summary shows: every vector (`--verbose`), nothing but failures (`--quiet`),
    /// how many failures in full (`--max-failures`).
    public var verbose = false
    public var quiet = false
    public var maxFailures = 20
    /// The version the JSON report names.
    public var version: String
    let terminal: Terminal

    /// The outputs asked for (`json` the JSON report's path, nil for none); `readAlso` the files the
    /// command reads besides its inputs (Session.projectFiles). Two on standard output, or an empty
    /// path, is a refusal.
    public init(json: String?, markdown: String?, junit: String?, html: String?, readAlso: [(role: String, path: String)],
                version: String, terminal: Terminal) throws(Session.Problem) {
        self.readAlso = readAlso
        self.version = version
        self.terminal = terminal
        if let json { outputs.append(("report", json)) }
        for (name, path) in [("markdown", markdown), ("junit", junit), ("html", html)] { if let path { outputs.append((name, path)) } }
        // /dev/stdout is standard output, written as "-" is (never replaced, whatever is behind it).
        outputs = outputs.map { ($0.option, OutputFile.namesStandardOutput($0.path) ? "-" : $0.path) }
        let dashes = outputs.filter { $0.path == "-" }
        if dashes.count > 1 {
            throw Session.Problem("only one output can be standard output: " + dashes.map { "--\($0.option) -" }.joined(separator: ", "))
        }
        if let p = outputs.first(where: { $0.path.isEmpty }) { throw Session.Problem("--\(p.option) needs a path (\"-\" for standard output)") }
    }

    /// An output that is also one of the command's input files (the project file and the ledger
    /// included), or two outputs on one file: refused (printed, false) before anything runs
    /// (OutputPlan, docs/reliability.md).
    /// `$GITHUB_STEP_SUMMARY` is held to the inputs and to the other outputs too: a summary naming
    /// one of them would append Markdown into it.
    public func distinct(from inputs: [String]) -> Bool {
        do {
            let summary = Self.stepSummary.map { [("$GITHUB_STEP_SUMMARY", $0)] } ?? []
            try OutputPlan.check(outputs: outputs.map { ("--" + $0.option, $0.path) } + summary, inputs: inputs, roles: readAlso)
        } catch {
            terminal.message("concord: \(error)")
            return false
        }
        return true
    }

    /// The GitHub Actions step summary's path, when set.
    public static var stepSummary: String? {
        guard let s = ProcessInfo.processInfo.environment["GITHUB_STEP_SUMMARY"], !s.isEmpty else { return nil }
        return s
    }

    /// Writes everything, prints the summary, and returns the exit status (the gate's, or 2 when
    /// a file cannot be written).
    /// `reportBytes`: makes the JSON report's bytes (`JSONReport.serialize`), used before `report`;
    /// called when the report is written, handing each chunk to the writer it is given as it is
    /// made, so the report's bytes are never held whole.
    public func emit(_ result: RunResult, report: JSON?, reportBytes: ((_ write: ([UInt8]) throws -> Void) throws -> Void)? = nil,
                     gate: Gate, ledger: LedgerVerdict? = nil, terminalSummary: Bool = true) -> Int32 {
        let terminal = self.terminal, stdoutTaken = self.stdoutTaken
        let stderr = terminal.message, say = terminal.say, writeFailure = terminal.writeFailure
        for (option, path) in outputs {
            let text: String
            switch option {
            case "report":
                if let reportBytes {
                    // Written a chunk at a time as it is made: neither a String nor the whole bytes of a
                    // report that may be hundreds of MB.
                    if path == "-" {
                        try? reportBytes { terminal.outBytes($0) }
                        continue
                    }
                    do { try AtomicFile.write(to: path, producing: reportBytes) } catch {
                        stderr(writeFailure(path, error))
                        return 2
                    }
                    continue
                }
                let json = report ?? JSONReport.make(result, concordVersion: version)
                text = (ledger.map { JSONReport.addingLedger(json, $0, run: result) } ?? json).serialized(pretty: true) + "\n"
            case "markdown": text = MarkdownReport.render(result, ledger: ledger)
            case "junit": text = JUnitReport.render(result, ledger: ledger)
            default: text = HTMLReport.render(result, ledger: ledger)
            }
            if path == "-" {
                terminal.out(text)
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
        let raw: (String) -> Void = { line in if stdoutTaken { terminal.raw(line) } else { terminal.out(line + "\n") } }
        if env["GITHUB_ACTIONS"] == "true" {
            for line in GitHubAnnotations.render(result, ledger: ledger) { raw(line) }
        }
        let (status, reasons) = gate.exitStatus(result, ledger: ledger)
        if !quiet || status != 0 {
            let tty = terminal.isTerminal(stdoutTaken ? 2 : 1)
            let color = tty && (env["NO_COLOR"] ?? "").isEmpty
            // A command with a summary of its own (explore) prints that instead.
            if terminalSummary {
                let text = TerminalSummary.render(result, verbose: verbose, style: .init(color: color), maxFailures: maxFailures, ledger: ledger)
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
