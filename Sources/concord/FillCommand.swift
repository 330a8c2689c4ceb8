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
    typealias Files = [(file: String, bytes: [UInt8], vectors: [Vector], placeholders: [Fill.Placeholder])]

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
        guard let (files, maps) = Self.read(paths, load: load), Self.distinct(files) else { return 2 }
        let settings = Catalog.Settings(home: session.home, requestTimeout: o.common.timeout ?? 300)
        guard let costs = Home.costs(session.home) else { return 2 }
        var config = RunConfiguration(costs: costs)
        if let jobs = o.common.jobs { config.workers = Int(jobs) }
        // The live implementations, held to the one availability policy (Availability).
        var availability = session.policy(names, explicit: o.common.implementations != nil, required: require)
        let live = { () throws(UsageError) -> [any Implementation] in
            try usage { () throws(Session.Problem) in try session.implementations(names, settings: settings, availability: &availability) }
        }
        let decide: (Fill.Placeholder) -> Fill.Decision
        if !o.from.isEmpty {
            guard let fromCaptured = try Self.captured(o, files: files, load: load, config: config, live: live) else { return 2 }
            decide = fromCaptured
        } else {
            decide = try Self.live(files: files, require: require, config: config, live: live)
        }
        // Plan every file, and read each new text back, before anything is written: a value that
        // would not read back as itself stops the command with nothing written (exit 2).
        guard let plans = Self.plans(files, maps: maps, load: load, decide: decide) else { return 2 }
        return Self.write(plans, dryRun: o.dryRun)
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
                let found = try VectorLoader.files([p]).filter { ValidateCommand.otherFormat($0, maxBytes: load.yamlLimits.maxBytes) == nil }
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

    /// Every file read (a fixture map: its fixture, docs/fixture-maps.md); nil after the message.
    static func read(_ paths: [String], load: VectorLoader) -> (files: Files, maps: [String: FixtureMap.Loaded])? {
    var files: [(file: String, bytes: [UInt8], vectors: [Vector], placeholders: [Fill.Placeholder])] = []
    var maps: [String: FixtureMap.Loaded] = [:]   // a fixture map: fill edits its fixture (docs/fixture-maps.md)
    do {
        var loadedMaps: [FixtureMap.Loaded] = []
        for f in paths {
            if let m = try FixtureMap.read(f, loader: load) {
                loadedMaps.append(m)
                continue
            }
            let r = try Fill.read(f, loader: load)
            files.append((f, r.bytes, r.vectors, r.placeholders))
        }
        // Several maps of one fixture are planned together: one plan, one read-back, one write.
        for m in FixtureMap.merge(loadedMaps) {
            maps[m.fixture] = m
            files.append((m.fixture, m.bytes, m.vectors, m.placeholders))
        }
    } catch { stderr("concord: \(error)"); return nil }
        return (files, maps)
    }

    /// One file to write is one file: a fixture that is also named as a vector file (or reached by
    /// another path) would be planned twice. A vector name is one vector: answers are looked up by
    /// name, so two files that both define suite/id would take each other's values (run refuses
    /// them too). False after the message.
    static func distinct(_ files: Files) -> Bool {
    var seenFiles: [String: String] = [:]
    for f in files {
        let real = FixtureMap.realPath(f.file)
        if let other = seenFiles[real] {
            stderr("concord: \(f.file) and \(other) are the same file, reached twice (a fixture map's fixture named again?): nothing was written")
            return false
        }
        seenFiles[real] = f.file
    }
    // A vector name is one vector: answers are looked up by name, so two files that both define
    // suite/id would take each other's values (run refuses them too).
    var defined: [String: String] = [:]
    for f in files {
        for v in f.vectors {
            if let other = defined[v.name] {
                stderr("concord: \(v.name) is defined twice (\(other) and \(f.file)): a vector id is unique in its suite; nothing was written")
                return false
            }
            defined[v.name] = f.file
        }
    }
        return true
    }

    /// The decision of `--from`: each captured value (all files agreeing) checked on the live
    /// implementations first, unless `--trust-captured`; nil after the message.
    static func captured(_ o: Options, files: Files, load: VectorLoader, config: RunConfiguration,
                         live: () throws(UsageError) -> [any Implementation]) throws(UsageError) -> ((Fill.Placeholder) -> Fill.Decision)? {
        let froms = o.from
        let pending = files.flatMap(\.vectors).filter(\.hasPlaceholder)
        let decide: (Fill.Placeholder) -> Fill.Decision
        var sources: [Fill.Captured] = []
        // Read with the suite definitions' rules, as `run --captured` reads it: a file run refuses, fill refuses.
        let rules = CapturedRules.make(files.flatMap(\.vectors))
        let known = Set(files.flatMap(\.vectors).map(\.name))
        for from in froms {
            do { sources.append(try Fill.Captured.read(from, maxBytes: load.yamlLimits.maxBytes, rules: rules, known: known)) } catch { stderr("concord: \(error)"); return nil }
        }
        // An answer for a vector none of the files defines is never used: named where the file
        // holds it (as `run --captured` names it), and with --strict-captured refused.
        let strict = o.strictCaptured
        for (from, source) in zip(froms, sources) {
            for u in source.unplaced {
                stderr("concord: \(strict ? "" : "warning: ")\(u.place(in: from)): a result for \(u.vector), which is not among the vectors of the files filled"
                       + (strict ? " (--strict-captured)" : ": nothing is filled from it"))
            }
        }
        if strict, sources.contains(where: { !$0.unplaced.isEmpty }) {
            stderr("concord: the captured files answer vectors the files given do not define (an id renamed or removed since the capture?): nothing was written")
            return nil
        }
        let inputs = Dictionary(pending.map { ($0.name, $0.input) }, uniquingKeysWith: { a, _ in a })
        let captured = { (p: Fill.Placeholder) in Fill.agree(captured: sources, p, context: inputs[p.vector] ?? [:]) }
        if o.trustCaptured {
            decide = { p in
                guard case .fill(let v, let source) = captured(p) else { return captured(p) }
                return .fill(v, source: source + " (--trust-captured: not checked)")
            }
        } else {
            // Each captured value is run on the live implementations before it is written.
            var check = Fill.LiveCheck()
            if !pending.isEmpty {
                let impls = try live()
                Interrupt.watch(impls)
                let placeholders = files.flatMap(\.placeholders)
                let disagreeing = Set(placeholders.filter { !Fill.disagreement(captured: sources, $0).isEmpty }.map(\.vector))
                check = Fill.liveCheck(pending, placeholders: placeholders, captured: captured, disagreeing: disagreeing,
                                       implementations: impls, configuration: config)
                Interrupt.holdIfInterrupted()
                shutdownAll(impls)
            }
            decide = { [check] p in check.decide(p, captured: captured(p), disagreeing: Fill.disagreement(captured: sources, p)) }
        }
        return decide
    }

    /// The decision of a live fill: the value at least two live implementations agree on (the
    /// `--require`d among them), who wrote each one's code considered.
    static func live(files: Files, require: [String], config: RunConfiguration,
                     live: () throws(UsageError) -> [any Implementation]) throws(UsageError) -> (Fill.Placeholder) -> Fill.Decision {
        let pending = files.flatMap(\.vectors).filter(\.hasPlaceholder)
        var answers: Fill.Answers = [:]
        var provenances: Fill.Provenances = [:]
        var programs: [String: String] = [:]
        if !pending.isEmpty {
            let impls = try live()
            Interrupt.watch(impls)
            answers = Fill.live(pending, implementations: impls, configuration: config)
            // Who wrote each one's code, per suite (an adapter said so in its handshake).
            provenances = Fill.provenances(impls, suites: Set(pending.map(\.suite)))
            programs = Fill.programs(impls)
            Interrupt.holdIfInterrupted()
            shutdownAll(impls)
        }
        return { [programs] p in
            Fill.agree(p, answers: answers[p.vector] ?? [], require: require,
                       provenance: provenances[String(p.vector.prefix { $0 != "/" })] ?? [:], programs: programs)
        }
    }

    /// Every file's plan, each read back; nil (nothing written) when one would not read back as itself.
    static func plans(_ files: Files, maps: [String: FixtureMap.Loaded], load: VectorLoader,
                      decide: (Fill.Placeholder) -> Fill.Decision) -> [Fill.FilePlan]? {
        let plans = files.map { f in
            maps[f.file].map { FixtureMap.plan($0, decide: decide) }
                ?? Fill.plan(file: f.file, bytes: f.bytes, placeholders: f.placeholders, decide: decide)
        }
        var unsafe = false
        for plan in plans {
            do {
                if let m = maps[plan.file] { try FixtureMap.verify(plan, loader: load, maps: m.maps) } else { try Fill.verify(plan, loader: load) }
            } catch { stderr("concord: \(error)"); unsafe = true }
        }
        if unsafe {
            stderr("concord: nothing was written")
            return nil
        }
        return plans
    }

    /// Writes each plan (a dry run: prints its diff), saying what was filled and refused. Status
    /// lines go to standard error in a dry run, so that standard output is just the diff.
    static func write(_ plans: [Fill.FilePlan], dryRun: Bool) -> Int32 {
        let say: (String) -> Void = dryRun ? { stderr($0) } : { print(Printable.escape($0)) }
        var filled = 0
        var refused = 0
        var failed = false
        var unwritten = 0   // filled in the plan, but the file could not be written
        let verb = dryRun ? "would fill" : "filled"
        for plan in plans {
            // "filled" is said only once the file holds the value.
            var written = true
            if dryRun {
                let diff = Fill.unifiedDiff(plan.original, plan.updated, path: plan.file)
                print(diff.split(separator: "\n", omittingEmptySubsequences: false).map { Printable.escape(String($0)) }.joined(separator: "\n"), terminator: "")
            } else {
                do { try Fill.commit(plan) } catch {
                stderr("concord: \(error)")
                failed = true
                written = false
                unwritten += plan.filled.count
            }
            }
            if written {
                for x in plan.filled {
                    say("\(verb)\(dryRun ? "" : " ") \(plan.file):\(x.placeholder.line):\(x.placeholder.column) \(x.placeholder.vector) \(x.placeholder.field) = \(x.value.display) (\(x.source))")
                }
                filled += plan.filled.count
            }
            for x in plan.refused {
                // A reason of several lines (who computed what) is printed line by line, each escaped.
                let lines = x.reason.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
                say("refused \(plan.file):\(x.placeholder.line):\(x.placeholder.column) \(x.placeholder.vector) \(x.placeholder.field): \(lines[0])")
                lines.dropFirst().forEach(say)
            }
            refused += plan.refused.count
        }
        let total = filled + refused + unwritten
        say("\(total) placeholder\(total == 1 ? "" : "s"): \(filled) \(dryRun ? "would be filled" : "filled"), \(refused) refused"
            + (unwritten > 0 ? ", \(unwritten) not written (the file could not be written)" : "") + (dryRun ? " (dry run: nothing written)" : ""))
        return failed ? 2 : (refused > 0 ? 1 : 0)
    }
}
