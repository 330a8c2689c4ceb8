import ConcordFiles
import ConcordFormats
import ConcordReport
import ConcordReportFormat
import Foundation

/// `concord diff A B [--implementation NAME] [--json]`: two captured-outputs files or reports
/// compared per vector and field (docs/captured-and-diff.md). Exit 0 when identical, 1 when not,
/// 2 when an input cannot be read.
enum DiffCommand: Command {
    static let spec = CommandSpec(
        name: "diff", arguments: "A B",
        brief: "compare two captured-outputs files or reports, field by field",
        summary: """
        Compares two captured-outputs files or reports (or one of each) per vector and field, with the first
        differing byte, an aligned hex view and the known cause, naming the sides A and B.
        """,
        options: Options.specs,
        notes: ["exit status: 0 identical, 1 different, 2 an input cannot be read or a bad option"])

    struct Options: CommandOptions {
        var positional: [String] = []
        var common = SharedOptions()
        var implementation: String?
        var json = false
        static var args: [Arg<Self>] {
            [
                .value(\.implementation, .value("implementation", "NAME", aliases: ["implementations"],
                       "for a report: the implementation whose answers are compared (default: the first with an answer); a captured file is one implementation already")),
                .flag(\.json, .flag("json", "print the comparison as JSON (concord-diff/1) instead of text")),
                .shared(Common.maxFileBytes),
            ]
        }
    }

    static func run(_ o: Options) throws(UsageError) -> Int32 {
        let maxBytes = o.common.maxBytes
        guard o.positional.count == 2 else { throw UsageError("diff needs exactly two files: \(spec.usageLine)") }
        let implementation = o.implementation
        if let implementation, implementation.contains(",") { throw UsageError("--implementation takes one name") }
        // The name applies to the reports: a captured file holds one implementation's answers.
        let reports = o.positional.map { isReport($0, maxBytes: maxBytes) }
        if implementation != nil && !reports.contains(true) {
            throw UsageError("--implementation picks an implementation of a report; neither \(o.positional[0]) nor \(o.positional[1]) is a report")
        }
        let a: Diff.Side, b: Diff.Side
        do {
            a = try Diff.read(path: o.positional[0], implementation: reports[0] ? implementation : nil, maxBytes: maxBytes)
            b = try Diff.read(path: o.positional[1], implementation: reports[1] ? implementation : nil, maxBytes: maxBytes)
        } catch {
            // A report that breaks a rule: at the offending value's line and column.
            if let file = error.file, let text = readReportText(file, maxBytes: maxBytes)?.text, let mark = locate(error.path, in: text) {
                stderr("concord: \(file):\(mark.line):\(mark.column): \(error.message)")
            } else {
                stderr("concord: \(error)")
            }
            return 2
        }
        let result = Diff.compare(a, b)
        if o.json {
            Streams.out(Diff.json(result).serialized(pretty: true) + "\n")
        } else {
            Streams.out(Diff.renderText(result))
        }
        return result.identical ? 0 : 1
    }

    static func isReport(_ path: String, maxBytes: Int) -> Bool {
        guard let bytes = try? InputFile.read(path, maxBytes: maxBytes, regularFileOnly: true), let text = String(validating: bytes, as: UTF8.self),
              let json = try? JSON.parse(text) else { return false }
        return json["format"]?.stringValue == JSONReport.format
    }
}
