import ConcordFiles
import ConcordFormats
import ConcordImplementations
import ConcordRunner
import Foundation

/// `concord fill FILE… [--from CAPTURED] [--dry-run] [--require IMPL,…]` (docs/fill.md).
/// Exit 0 when every placeholder was filled, 1 when some were refused, 2 on unreadable input or a
/// file that changed while fill ran (nothing is written to that file).
func fillCommand(_ args: [String]) throws(UsageError) -> Int32 {
    let o = try Options(args, valued: ["from", "require", "timeout", "jobs", "max-file-bytes", "max-depth"], flags: ["dry-run"])
    guard !o.positional.isEmpty else { throw UsageError("fill needs at least one vector file") }
    let dryRun = o.flags.contains("dry-run")
    var require: [String] = []
    if let r = o.values["require"] {
        guard o.values["from"] == nil else { throw UsageError("--require applies to a live fill, not to --from") }
        require = r.split(separator: ",", omittingEmptySubsequences: false).map { $0.trimmingCharacters(in: .whitespaces) }
        for n in require where !Catalog.names.contains(n) {
            throw UsageError("--require: unknown implementation \"\(n)\" (known: \(Catalog.names.joined(separator: ", ")))")
        }
    }
    let load = try loader(o)
    // A file named twice, or a captured source that is also a file to fill: refused before anything runs.
    do { try OutputPlan.check(outputs: o.positional.map { ("fill \($0)", $0) }, inputs: o.values["from"].map { [$0] } ?? []) } catch {
        stderr("concord: \(error)")
        return 2
    }
    // Status lines go to standard error in a dry run, so that standard output is just the diff.
    let say: (String) -> Void = dryRun ? { stderr($0) } : { print(Printable.escape($0)) }

    // Read everything first: an unreadable file stops the command before anything is written.
    var files: [(file: String, bytes: [UInt8], vectors: [Vector], placeholders: [Fill.Placeholder])] = []
    do {
        for f in o.positional {
            let r = try Fill.read(f, loader: load)
            files.append((f, r.bytes, r.vectors, r.placeholders))
        }
    } catch { stderr("concord: \(error)"); return 2 }

    let decide: (Fill.Placeholder) -> Fill.Decision
    if let from = o.values["from"] {
        let captured: Fill.Captured
        do { captured = try Fill.Captured.read(from, maxBytes: load.yamlLimits.maxBytes) } catch { stderr("concord: \(error)"); return 2 }
        decide = { captured.decide($0) }
    } else {
        let settings = Catalog.Settings(home: Home.find(), requestTimeout: try o.number("timeout") ?? 300)
        var config = RunConfiguration()
        if let j = try o.integer("jobs") { config.workers = Int(j) }
        let pending = files.flatMap(\.vectors).filter(\.hasPlaceholder)
        var answers: Fill.Answers = [:]
        if !pending.isEmpty {
            let impls = try implementations(Catalog.names, settings: settings)
            answers = Fill.live(pending, implementations: impls, configuration: config)
            for impl in impls { impl.shutdown() }
        }
        decide = { Fill.agree($0, answers: answers[$0.vector] ?? [], require: require) }
    }

    // Plan every file, and read each new text back, before anything is written: a value that
    // would not read back as itself stops the command with nothing written (exit 2).
    let plans = files.map { Fill.plan(file: $0.file, bytes: $0.bytes, placeholders: $0.placeholders, decide: decide) }
    var unsafe = false
    for plan in plans {
        do { try Fill.verify(plan, loader: load) } catch { stderr("concord: \(error)"); unsafe = true }
    }
    if unsafe {
        stderr("concord: nothing was written")
        return 2
    }
    var filled = 0
    var refused = 0
    var failed = false
    for plan in plans {
        // "filled" is said only once the file holds the value.
        var written = true
        if dryRun {
            let diff = Fill.unifiedDiff(plan.original, plan.updated, path: plan.file)
            print(diff.split(separator: "\n", omittingEmptySubsequences: false).map { Printable.escape(String($0)) }.joined(separator: "\n"), terminator: "")
        } else {
            do { try Fill.commit(plan) } catch { stderr("concord: \(error)"); failed = true; written = false }
        }
        if written {
            for x in plan.filled {
                say("filled  \(plan.file):\(x.placeholder.line):\(x.placeholder.column) \(x.placeholder.vector) \(x.placeholder.field) = \(x.value.display) (\(x.source))")
            }
            filled += plan.filled.count
        }
        for x in plan.refused {
            say("refused \(plan.file):\(x.placeholder.line):\(x.placeholder.column) \(x.placeholder.vector) \(x.placeholder.field): \(x.reason)")
        }
        refused += plan.refused.count
    }
    let total = filled + refused
    say("\(total) placeholder\(total == 1 ? "" : "s"): \(filled) filled, \(refused) refused\(dryRun ? " (dry run: nothing written)" : "")")
    return failed ? 2 : (refused > 0 ? 1 : 0)
}
