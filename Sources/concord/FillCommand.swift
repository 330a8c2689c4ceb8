import ConcordFiles
import ConcordFormats
import ConcordImplementations
import ConcordLoading
import ConcordScheduling
import ConcordWorkflows
import Foundation

/// `concord fill PATH… [--from CAPTURED]… [--trust-captured] [--implementations a,b] [--dry-run] [--require IMPL,…]`
/// (docs/fill.md). Exit 0 when every placeholder was filled, 1 when some were refused, 2 on
/// unreadable input, a value that would not read back, or a file that changed while fill ran
/// (nothing is written to that file).
enum FillCommand: Command {
    static let spec = CommandSpec(
        name: "fill", arguments: "PATH…",
        brief: "replace TODO_ANDROID_RUN placeholders, editing nothing else",
        summary: """
        Replaces each TODO_ANDROID_RUN placeholder of the vector files (or of every vector file under a folder)
        with the captured value (--from), or with the value at least two live implementations agree on;
        edits only the placeholder's characters, atomically.
        """,
        options: Options.specs,
        notes: ["exit status: 0 every placeholder filled, 1 some were refused, 2 unreadable input, a bad option, or a file that changed meanwhile, 130 interrupted"])

    struct Options: CommandOptions {
        var positional: [String] = []
        var common = SharedOptions()
        var from: [String] = []
        var trustCaptured = false
        var strictCaptured = false
        var dryRun = false
        static var args: [Arg<Self>] {
            [
                .list(\.from, .repeatable("from", "CAPTURED", "take the values from this captured-outputs file (concord-outputs/1) instead of a live run; repeatable (all must agree); each value is checked on the live implementations first")),
                .flag(\.trustCaptured, .flag("trust-captured", "write the captured values without checking them on the live implementations")),
                .flag(\.strictCaptured, .flag("strict-captured", "refuse a --from file that answers a vector none of the PATHs define (by default each such answer is named on standard error); scripts/capture passes it")),
                .value(\.common.implementations, .value("implementations", "NAME,…", aliases: ["implementation"], "the live implementations (default: all)")),
                .value(\.common.require, .value("require", "NAME,…", "a live value must come from (at least) these implementations agreeing")),
                .flag(\.dryRun, .flag("dry-run", short: "n", "write nothing: print what would be filled and the unified diff on standard output")),
                .shared(Common.jobs), .shared(Common.timeout), .shared(Common.maxFileBytes), .shared(Common.maxDepth), .shared(Common.adapter), .shared(Common.project),
            ]
        }
    }

    /// The files fill reads and writes: each with its bytes, vectors and placeholders.
    static func run(_ o: Options) throws(UsageError) -> Int32 {
        guard !o.positional.isEmpty else { throw UsageError("fill needs at least one vector file or folder") }
        let session = try Common.session(o.common, settings: false)
        if o.trustCaptured && o.from.isEmpty { throw UsageError("--trust-captured applies to --from") }
        if o.strictCaptured && o.from.isEmpty { throw UsageError("--strict-captured applies to --from") }
        var require: [String] = []
        if let r = o.common.require {
            guard o.from.isEmpty else { throw UsageError("--require applies to a live fill, not to --from") }
            require = try usage { () throws(Session.Problem) in try session.checkedNames(r, option: "--require") }
        }
        let names = try usage { () throws(Session.Problem) in try session.names(o.common.implementations) }
        let load = Common.loader(o.common)
        // Read everything first: an unreadable file, a file named twice, a captured source that is
        // also a file to fill, a vector defined twice: refused before anything runs or is written.
        guard let paths = Self.paths(o.positional, load: load) else { return 2 }
        do { try OutputPlan.check(outputs: paths.map { ("fill \($0)", $0) }, inputs: o.from) } catch {
            stderr("concord: \(error)")
            return 2
        }
        let w = FillWorkflow(session.terminal)
        guard let (files, maps) = w.read(paths, load: load), w.distinct(files) else { return 2 }
        let settings = Catalog.Settings(home: session.home, requestTimeout: o.common.timeout ?? 300)
        guard let costs = Home.costs(session.home) else { return 2 }
        var config = RunConfiguration(costs: costs)
        if let jobs = o.common.jobs { config.workers = Int(jobs) }
        // The live implementations, held to the one availability policy (Availability).
        var availability = session.policy(names, explicit: o.common.implementations != nil, required: require)
        let live = { () throws(Session.Problem) -> [any Implementation] in try session.implementations(names, settings: settings, availability: &availability) }
        let decide: (Fill.Placeholder) -> Fill.Decision
        if !o.from.isEmpty {
            guard let fromCaptured = try usage({ () throws(Session.Problem) in
                try w.captured(o.from, strict: o.strictCaptured, trust: o.trustCaptured, files: files, load: load, config: config, live: live) }) else { return 2 }
            decide = fromCaptured
        } else {
            decide = try usage { () throws(Session.Problem) in try w.live(files: files, require: require, config: config, live: live) }
        }
        // Plan every file, and read each new text back, before anything is written: a value that
        // would not read back as itself stops the command with nothing written (exit 2).
        guard let plans = w.plans(files, maps: maps, load: load, decide: decide) else { return 2 }
        return w.write(plans, dryRun: o.dryRun)
    }

    /// Folders as `run` reads them; Concord's own files (captured outputs, reports, exports) and
    /// Wycheproof's files found in a folder hold no placeholders and are passed over. A folder
    /// without a vector file is refused, as `run` refuses it. A named path that is not a regular
    /// file (a FIFO, a device) is refused before it is opened: fill edits files in place, and
    /// opening a FIFO to read would wait for a writer forever. Nil after the message.
    static func paths(_ positional: [String], load: VectorLoader) -> [String]? {
    var paths: [String] = []
    do {
        for p in positional {
            var isDir: ObjCBool = false
            if FileManager.default.fileExists(atPath: p, isDirectory: &isDir), isDir.boolValue {
                let found = try VectorLoader.files([p]).filter { OwnFormats.recognise($0, maxBytes: load.yamlLimits.maxBytes) == nil }
                if found.isEmpty { stderr("concord: no vector files under \(p): nothing to fill"); return nil }
                paths += found
            } else if let kind = FixtureMap.specialKind(p) {
                stderr("concord: \(p) is \(kind), not a regular file: fill edits vector files and fixture maps in place (it was not opened)")
                return nil
            } else {
                paths.append(p)
            }
        }
    } catch { stderr("concord: \(error)"); return nil }
        return paths
    }

}
