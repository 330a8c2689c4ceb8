import ConcordFiles
import ConcordFormats
import ConcordImplementations
import ConcordReport
import ConcordYAML
import Foundation

/// `concord merge REPORT… [--out PATH]`: shard reports (`run --shard K/N`) combined into the report
/// of one unsharded run (docs/ci.md), written atomically to PATH or to standard output. Exit 0 when
/// no vector of the merged report failed or errored, 1 when one did, 2 when a report cannot be read
/// or the reports do not fit together.
func mergeCommand(_ args: [String]) throws(UsageError) -> Int32 {
    let o = try Options(args, valued: ["out", "max-file-bytes"], flags: [])
    let maxBytes = Int(try o.integer("max-file-bytes") ?? Int64(InputFile.defaultMaxBytes))
    guard !o.positional.isEmpty else { throw UsageError("merge needs at least one report: concord merge REPORT… [--out PATH]") }
    do { try OutputPlan.check(outputs: [("--out", o.values["out"] ?? "-")], inputs: o.positional) } catch {
        stderr("concord: \(error)")
        return 2
    }
    var reports: [JSON] = []
    var texts: [String] = []
    for path in o.positional {
        let bytes: [UInt8]
        do { bytes = try InputFile.read(path, maxBytes: maxBytes) } catch {
            stderr("concord: \(error)")
            return 2
        }
        guard let text = String(validating: bytes, as: UTF8.self) else {
            let p = InputFile.utf8Problem(bytes)
            stderr("concord: " + (p.map { "\(path):\($0.line):\($0.column): \($0.message)" } ?? "\(path): the file is not UTF-8"))
            return 2
        }
        do {
            reports.append(try JSON.parse(text))
            texts.append(text)
        } catch {
            stderr("concord: \(path):\(error.line):\(error.column): invalid JSON: \(error.message)")
            return 2
        }
    }
    let merged: JSON
    do { merged = try ReportMerge.merge(reports, names: o.positional) } catch {
        if let r = error.report, let mark = locate(error.path, in: texts[r]) {
            stderr("concord: \(o.positional[r]):\(mark.line):\(mark.column): \(error.message)")
        } else {
            stderr("concord: \(error)")
        }
        return 2
    }
    let text = merged.serialized(pretty: true) + "\n"
    let out = o.values["out"] ?? "-"
    if out == "-" {
        FileHandle.standardOutput.write(Data(text.utf8))
    } else {
        do { try AtomicFile.write(text, to: out) } catch {
            stderr("concord: cannot write the report \(out): \(error.localizedDescription)")
            return 2
        }
    }
    let s = merged["summary"]
    let line = "merged \(reports.count) report\(reports.count == 1 ? "" : "s"): \(s?["vectors"]?.intValue ?? 0) vectors: "
        + "\(s?["passed"]?.intValue ?? 0) passed, \(s?["failed"]?.intValue ?? 0) failed, \(s?["pending"]?.intValue ?? 0) pending, "
        + "\(s?["errors"]?.intValue ?? 0) errors"
    if out == "-" { stderr(line) } else { print(line); print("report: \(out)") }
    return ReportMerge.exitStatus(merged)
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
