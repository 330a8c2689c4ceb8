import ConcordArchive
import ConcordFiles
import ConcordFormats
import ConcordImplementations
import ConcordJudging
import ConcordLoading
import ConcordReportFormat
import ConcordWorkflows
import ConcordReport
import ConcordYAML
import Foundation

/// `concord validate PATH…`: loads vector files exactly as `run` does and reports every error;
/// captured-outputs files and reports (recognised by their `format`) are checked by their own
/// readers. Runs nothing. Exit 0 when everything is valid, 2 when anything is not.
enum ValidateCommand: Command {
    static let spec = CommandSpec(
        name: "validate", arguments: "PATH…",
        brief: "load vector files, captured files and reports and report every error (nothing runs)",
        summary: """
        Loads vector files (and folders) exactly as run does and reports every error, runs nothing.
        Captured-outputs files (concord-outputs/1) and reports (concord-report/1) are recognised by
        their format and checked by their own readers, as are divergence ledgers (concord-ledger/1);
        exports (concord-export/1) are recognised and skipped.
        """,
        options: Options.specs,
        notes: ["exit status: 0 every file is valid, 2 an error (each printed as invalid FILE:LINE:COLUMN: what was expected)"])

    struct Options: CommandOptions {
        var positional: [String] = []
        var common = SharedOptions()
        static var args: [Arg<Self>] {
            [.shared(Common.maxFileBytes), .shared(Common.maxDepth), .shared(Common.ledger)]
        }
    }

    static func run(_ o: Options) throws(UsageError) -> Int32 {
        guard !o.positional.isEmpty else { throw UsageError("validate needs at least one file or folder") }
        let load = Common.loader(o.common)
        let scan: VectorLoader.Scan
        do { scan = try VectorLoader.scan(o.positional) } catch { stderr("concord: \(error)"); return 2 }
        let files = scan.files
        var vectorFiles: [String] = []
        var errors: [String] = scan.errors.map(\.description)
        for n in scan.notes { stderr("concord: note: \(n)") }
        var others = 0
        // An archive's manifest (docs/archive.md): the archive beside it is held to it, the ledger's
        // retirements allowed (--ledger, else the project file's ledger:).
        var retired: Ledger? = nil
        var ledgerRead = false
        for file in files {
            guard let kind = OwnFormats.recognise(file, maxBytes: load.yamlLimits.maxBytes) else { vectorFiles.append(file); continue }
            others += 1
            if kind.format == Archive.format {
                if !ledgerRead {
                    ledgerRead = true
                    var bad = false
                    retired = try Common.readLedger(try Common.session(o.common, settings: false, tolerant: true), o.common, failed: &bad)
                    if bad { return 2 }
                }
                let folder = (file as NSString).deletingLastPathComponent
                errors += Archive.check(folder: folder.isEmpty ? "." : folder, loader: load) { name in retired?.retirement(of: name).map { ($0.reason, $0.date) } }
                continue
            }
            if let problem = check(file, kind: kind.format, text: kind.text) { errors.append(problem) }
        }
        // The same load as `run`: every file, then ids across files; the vectors are counted, not kept.
        let loaded = vectorFiles.isEmpty ? VectorLoader.Loaded() : load.load(.paths(vectorFiles, named: Set(o.positional)), keepingVectors: false)
        let (count, loadErrors, notes) = (loaded.count, loaded.errors, loaded.notes)
        for n in notes { stderr("concord: note: \(n)") }
        // An archived file that no longer loads is said once, by the archive's check (which says why).
        errors += loadErrors.map(\.description).filter { e in !errors.contains { $0.hasPrefix(e + " (an archived file") } }
        for e in errors { say("invalid \(e)") }
        var line = "\(files.count) files, \(count) vectors"
        if others > 0 { line += " (and \(others) captured-outputs, report, export or ledger file\(others == 1 ? "" : "s"))" }
        print(line + ", \(errors.count) error\(errors.count == 1 ? "" : "s")")
        // Nothing to validate is not a success: a typo in the path must not pass a CI step.
        if files.isEmpty && errors.isEmpty {
            stderr("concord: no vector files (.yaml, .yml, .json) under \(o.positional.joined(separator: " ")): nothing was validated")
            return 2
        }
        return errors.isEmpty ? 0 : 2
    }

    /// The reader's refusal, or nil when the file is valid.
    static func check(_ file: String, kind: String, text: String) -> String? {
        switch kind {
        case CapturedOutputs.format:
            do { _ = try CapturedOutputs.parse(text, file: file) } catch { return error.description }
        case Ledger.format:
            do { _ = try Ledger.parse(Array(text.utf8), file: file) } catch { return error.description }
        case JSONReport.format:
            // The rules report, merge and diff hold a report to (ReportCheck), then its reading.
            guard let json = try? JSON.parse(text) else { return "\(file): invalid JSON" }
            do { try ReportCheck.check(json) } catch {
                return "\(file)" + (locate(error.path, in: text).map { ":\($0.line):\($0.column)" } ?? "") + ": \(error.message)"
            }
            do { _ = try RunResult(report: json, name: file) } catch { return "\(error)" }
        default:
            break
        }
        return nil
    }
}
