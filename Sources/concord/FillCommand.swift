import ConcordFiles
import ConcordFormats
import ConcordImplementations
import ConcordRunner
import Foundation

/// `concord fill PATH… [--from CAPTURED] [--dry-run] [--require IMPL,…]` (docs/fill.md).
/// Exit 0 when every placeholder was filled, 1 when some were refused, 2 on unreadable input or a
/// file that changed while fill ran (nothing is written to that file).
enum FillCommand: Command {
    static let spec = CommandSpec(
        name: "fill", arguments: "PATH…",
        brief: "replace TODO_ANDROID_RUN placeholders, editing nothing else",
        summary: """
        Replaces each TODO_ANDROID_RUN placeholder of the vector files (or of every vector file under a folder)
        with the captured value (--from), or with the value at least two live implementations agree on;
        edits only the placeholder's characters, atomically.
        """,
        options: [
            .value("from", "CAPTURED", "take the values from this captured-outputs file (concord-outputs/1) instead of a live run"),
            .value("require", "NAME,…", "a live value must come from (at least) these implementations agreeing"),
            .flag("dry-run", short: "n", "write nothing: print what would be filled and the unified diff on standard output"),
            Common.jobs, Common.timeout, Common.maxFileBytes, Common.maxDepth,
        ],
        notes: ["exit status: 0 every placeholder filled, 1 some were refused, 2 unreadable input, a bad option, or a file that changed meanwhile, 130 interrupted"])

    static func run(_ o: Options) throws(UsageError) -> Int32 {
        guard !o.positional.isEmpty else { throw UsageError("fill needs at least one vector file or folder") }
        let dryRun = o.flags.contains("dry-run")
        var require: [String] = []
        if let r = o.values["require"] {
            guard o.values["from"] == nil else { throw UsageError("--require applies to a live fill, not to --from") }
            require = try Common.implementationNames(r, option: "--require")
        }
        let load = try Common.loader(o)
        let timeout = try o.number("timeout") ?? 300
        let jobs = try o.integer("jobs")
        // Status lines go to standard error in a dry run, so that standard output is just the diff.
        let say: (String) -> Void = dryRun ? { stderr($0) } : { print(Printable.escape($0)) }

        // Folders as `run` reads them; Concord's own files (captured outputs, reports, exports) and
        // Wycheproof's files found in a folder hold no placeholders and are passed over.
        var paths: [String] = []
        do {
            for p in o.positional {
                var isDir: ObjCBool = false
                if FileManager.default.fileExists(atPath: p, isDirectory: &isDir), isDir.boolValue {
                    paths += try VectorLoader.files([p]).filter { ValidateCommand.otherFormat($0, maxBytes: load.yamlLimits.maxBytes) == nil }
                } else {
                    paths.append(p)
                }
            }
        } catch { stderr("concord: \(error)"); return 2 }

        // Read everything first: an unreadable file stops the command before anything is written.
        var files: [(file: String, bytes: [UInt8], vectors: [Vector], placeholders: [Fill.Placeholder])] = []
        var maps: [String: FixtureMap.Loaded] = [:]   // a fixture map: fill edits its fixture (docs/fixture-maps.md)
        do {
            for f in paths {
                if let m = try FixtureMap.read(f, loader: load) {
                    maps[m.fixture] = m
                    files.append((m.fixture, m.bytes, m.vectors, m.placeholders))
                    continue
                }
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
            let settings = Catalog.Settings(home: Home.find(), requestTimeout: timeout)
            var config = RunConfiguration()
            if let jobs { config.workers = Int(jobs) }
            let pending = files.flatMap(\.vectors).filter(\.hasPlaceholder)
            var answers: Fill.Answers = [:]
            if !pending.isEmpty {
                let impls = try implementations(Catalog.names, settings: settings)
                Interrupt.watch(impls)
                answers = Fill.live(pending, implementations: impls, configuration: config)
                for impl in impls { impl.shutdown() }
            }
            decide = { Fill.agree($0, answers: answers[$0.vector] ?? [], require: require) }
        }

        var filled = 0
        var refused = 0
        var failed = false
        let verb = dryRun ? "would fill" : "filled"
        for f in files {
            let plan = maps[f.file].map { FixtureMap.plan($0, decide: decide) }
                ?? Fill.plan(file: f.file, bytes: f.bytes, placeholders: f.placeholders, decide: decide)
            for x in plan.filled {
                say("\(verb)\(dryRun ? "" : " ") \(f.file):\(x.placeholder.line):\(x.placeholder.column) \(x.placeholder.vector) \(x.placeholder.field) = \(x.value.display) (\(x.source))")
            }
            for x in plan.refused {
                say("refused \(f.file):\(x.placeholder.line):\(x.placeholder.column) \(x.placeholder.vector) \(x.placeholder.field): \(x.reason)")
            }
            filled += plan.filled.count
            refused += plan.refused.count
            if dryRun {
                let diff = Fill.unifiedDiff(plan.original, plan.updated, path: f.file)
                print(diff.split(separator: "\n", omittingEmptySubsequences: false).map { Printable.escape(String($0)) }.joined(separator: "\n"), terminator: "")
            } else {
                do { try Fill.commit(plan) } catch { stderr("concord: \(error)"); failed = true }
            }
        }
        let total = filled + refused
        say("\(total) placeholder\(total == 1 ? "" : "s"): \(filled) \(dryRun ? "would be filled" : "filled"), \(refused) refused\(dryRun ? " (dry run: nothing written)" : "")")
        return failed ? 2 : (refused > 0 ? 1 : 0)
    }
}
