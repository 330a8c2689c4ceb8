import ConcordFiles
import ConcordReport
import ConcordRunner
import Foundation

/// `concord export [PATH…] --out FILE`: the selected vectors as one `concord-export/1` JSON file
/// (written atomically; `--out -` for standard output). Exit 0, or 2 when the input is unreadable.
func exportCommand(_ args: [String]) throws(UsageError) -> Int32 {
    let o = try Options(args, valued: ["out", "max-file-bytes", "max-depth"], flags: [])
    guard let out = o.values["out"] else { throw UsageError("export needs --out FILE (\"-\" for standard output)") }
    let paths = o.positional.isEmpty ? ["vectors"] : o.positional
    guard let vectors = loadVectors(paths, try loader(o)) else { return 2 }
    if vectors.isEmpty { stderr("concord: no vector files under \(paths.joined(separator: " "))"); return 2 }
    do { try OutputPlan.check(outputs: [("--out", out)], inputs: (try? VectorLoader.scan(paths).files) ?? []) } catch {
        stderr("concord: \(error)")
        return 2
    }
    let json = Export.document(vectors).serialized(pretty: true) + "\n"
    if out == "-" {
        FileHandle.standardOutput.write(Data(json.utf8))
        return 0
    }
    do { try AtomicFile.write(json, to: out) } catch {
        stderr("concord: cannot write \(out): \(error.localizedDescription)")
        return 2
    }
    let placeholders = vectors.filter(\.hasPlaceholder).count
    print("exported \(vectors.count) vectors (\(placeholders) with placeholders) to \(out)")
    return 0
}
