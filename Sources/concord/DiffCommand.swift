import ConcordFiles
import ConcordFormats
import ConcordReport
import Foundation

/// `concord diff A B [--implementation NAME] [--json]`: two captured-outputs files or two reports
/// compared per vector and field (docs/captured-and-diff.md). Exit 0 when identical, 1 when not,
/// 2 when an input cannot be read.
func diffCommand(_ args: [String]) throws(UsageError) -> Int32 {
    let o = try Options(args, valued: ["implementation", "max-file-bytes"], flags: ["json"])
    let maxBytes = Int(try o.integer("max-file-bytes") ?? Int64(InputFile.defaultMaxBytes))
    guard o.positional.count == 2 else { throw UsageError("diff needs exactly two files: concord diff A B [--implementation NAME] [--json]") }
    let implementation = o.values["implementation"]
    let a: Diff.Side, b: Diff.Side
    do {
        a = try Diff.read(path: o.positional[0], implementation: implementation, maxBytes: maxBytes)
        b = try Diff.read(path: o.positional[1], implementation: implementation, maxBytes: maxBytes)
    } catch {
        stderr("concord: \(error)")
        return 2
    }
    let result = Diff.compare(a, b)
    if o.flags.contains("json") {
        print(Diff.json(result).serialized(pretty: true))
    } else {
        print(Diff.renderText(result), terminator: "")
    }
    return result.identical ? 0 : 1
}
