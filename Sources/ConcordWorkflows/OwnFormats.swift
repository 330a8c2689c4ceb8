import ConcordArchive
import ConcordFiles
import ConcordFormats
import ConcordImplementations
import ConcordReport
import ConcordReportFormat
import ConcordYAML
import Foundation

/// Concord's own files that a folder of vectors may hold beside them (docs/running.md, "Which files
/// a run reads"): captured outputs, reports, exports, an archive's manifest and a divergence ledger.
/// `validate` checks each with its own reader; `fill` passes over them (they hold no placeholder).
public enum OwnFormats {
    /// A regular file that is one of Concord's own outputs, with its format and text; nil for
    /// anything else (a vector file, a pipe, a file that cannot be read: the vector loader says why).
    public static func recognise(_ file: String, maxBytes: Int) -> (format: String, text: String)? {
        // A pipe (`<(…)`) can be read once: it is read as run reads it, as a vector file.
        var st = stat()
        guard stat(file, &st) == 0, (st.st_mode & S_IFMT) == S_IFREG else { return nil }
        // A divergence ledger (docs/ledger.md) names its format: checked by its own reader.
        if !file.lowercased().hasSuffix(".json"), let bytes = try? InputFile.read(file, maxBytes: maxBytes),
           let text = String(validating: bytes, as: UTF8.self), text.contains(Ledger.format),
           let root = try? YAMLParser(expected: "a ledger").parse(bytes),
           root.mapping?.first(where: { $0.key.scalarText == "format" })?.value.string == Ledger.format {
            return (Ledger.format, text)
        }
        guard file.lowercased().hasSuffix(".json"), let bytes = try? InputFile.read(file, maxBytes: maxBytes),
              let text = String(validating: bytes, as: UTF8.self), let json = try? JSON.parse(text),
              let format = json["format"]?.stringValue,
              [CapturedOutputs.format, JSONReport.format, "concord-export/1", Archive.format].contains(format) else { return nil }
        return (format, text)
    }
}
