import ConcordFiles
import ConcordFormats
import ConcordImplementations
import ConcordLoading
import ConcordScheduling
import Foundation

/// What `concord fill` does beyond reading its options (docs/fill.md): every file read (a fixture
/// map: its fixture), held distinct, the decision of `--from` or of the live implementations, the
/// plans read back, the files written. Its words go through the session's Terminal.
public struct FillWorkflow {
    /// Where its words go.
    public let terminal: Terminal
    public init(_ terminal: Terminal) { self.terminal = terminal }

    /// The files fill reads and writes: each with its bytes, vectors and placeholders.
    public typealias Files = [(file: String, bytes: [UInt8], vectors: [Vector], placeholders: [Fill.Placeholder])]

    /// Every file read (a fixture map: its fixture, docs/fixture-maps.md); nil after the message.
    public func read(_ paths: [String], load: VectorLoader) -> (files: Files, maps: [String: FixtureMap.Loaded])? {
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
    } catch { terminal.message("concord: \(error)"); return nil }
        return (files, maps)
    }

    /// One file to write is one file: a fixture that is also named as a vector file (or reached by
    /// another path) would be planned twice. A vector name is one vector: answers are looked up by
    /// name, so two files that both define suite/id would take each other's values (run refuses
    /// them too). False after the message.
    public func distinct(_ files: Files) -> Bool {
    var seenFiles: [String: String] = [:]
    for f in files {
        let real = FixtureMap.realPath(f.file)
        if let other = seenFiles[real] {
            terminal.message("concord: \(f.file) and \(other) are the same file, reached twice (a fixture map's fixture named again?): nothing was written")
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
                terminal.message("concord: \(v.name) is defined twice (\(other) and \(f.file)): a vector id is unique in its suite; nothing was written")
                return false
            }
            defined[v.name] = f.file
        }
    }
        return true
    }

    /// The decision of `--from`: each captured value (all files agreeing) checked on the live
    /// implementations first, unless `--trust-captured`; nil after the message.
    public func captured(_ froms: [String], strict: Bool, trust: Bool, files: Files, load: VectorLoader, config: RunConfiguration,
                         live: () throws(Session.Problem) -> [any Implementation]) throws(Session.Problem) -> ((Fill.Placeholder) -> Fill.Decision)? {
        let pending = files.flatMap(\.vectors).filter(\.hasPlaceholder)
        let decide: (Fill.Placeholder) -> Fill.Decision
        var sources: [Fill.Captured] = []
        // Read with the suite definitions' rules, as `run --captured` reads it: a file run refuses, fill refuses.
        let rules = CapturedRules.make(files.flatMap(\.vectors))
        let known = Set(files.flatMap(\.vectors).map(\.name))
        for from in froms {
            do { sources.append(try Fill.Captured.read(from, maxBytes: load.yamlLimits.maxBytes, rules: rules, known: known)) } catch { terminal.message("concord: \(error)"); return nil }
        }
        // An answer for a vector none of the files defines is never used: named where the file
        // holds it (as `run --captured` names it), and with --strict-captured refused.
        for (from, source) in zip(froms, sources) {
            for u in source.unplaced {
                terminal.message("concord: \(strict ? "" : "warning: ")\(u.place(in: from)): a result for \(u.vector), which is not among the vectors of the files filled"
                       + (strict ? " (--strict-captured)" : ": nothing is filled from it"))
            }
        }
        if strict, sources.contains(where: { !$0.unplaced.isEmpty }) {
            terminal.message("concord: the captured files answer vectors the files given do not define (an id renamed or removed since the capture?): nothing was written")
            return nil
        }
        let inputs = Dictionary(pending.map { ($0.name, $0.input) }, uniquingKeysWith: { a, _ in a })
        let captured = { (p: Fill.Placeholder) in Fill.agree(captured: sources, p, context: inputs[p.vector] ?? [:]) }
        if trust {
            decide = { p in
                guard case .fill(let v, let source) = captured(p) else { return captured(p) }
                return .fill(v, source: source + " (--trust-captured: not checked)")
            }
        } else {
            // Each captured value is run on the live implementations before it is written.
            var check = Fill.LiveCheck()
            if !pending.isEmpty {
                let impls = try live()
                terminal.watch(impls)
                let placeholders = files.flatMap(\.placeholders)
                let disagreeing = Set(placeholders.filter { !Fill.disagreement(captured: sources, $0).isEmpty }.map(\.vector))
                check = Fill.liveCheck(pending, placeholders: placeholders, captured: captured, disagreeing: disagreeing,
                                       implementations: impls, configuration: config)
                terminal.holdIfInterrupted()
                shutdownAll(impls)
            }
            decide = { [check] p in check.decide(p, captured: captured(p), disagreeing: Fill.disagreement(captured: sources, p)) }
        }
        return decide
    }

    /// The decision of a live fill: the value at least two live implementations agree on (the
    /// `--require`d among them), who wrote each one's code considered.
    public func live(files: Files, require: [String], config: RunConfiguration,
                     live: () throws(Session.Problem) -> [any Implementation]) throws(Session.Problem) -> (Fill.Placeholder) -> Fill.Decision {
        let pending = files.flatMap(\.vectors).filter(\.hasPlaceholder)
        var answers: Fill.Answers = [:]
        var provenances: Fill.Provenances = [:]
        var programs: [String: String] = [:]
        if !pending.isEmpty {
            let impls = try live()
            terminal.watch(impls)
            answers = Fill.live(pending, implementations: impls, configuration: config)
            // Who wrote each one's code, per suite (an adapter said so in its handshake).
            provenances = Fill.provenances(impls, suites: Set(pending.map(\.suite)))
            programs = Fill.programs(impls)
            terminal.holdIfInterrupted()
            shutdownAll(impls)
        }
        return { [programs] p in
            Fill.agree(p, answers: answers[p.vector] ?? [], require: require,
                       provenance: provenances[String(p.vector.prefix { $0 != "/" })] ?? [:], programs: programs)
        }
    }

    /// Every file's plan, each read back; nil (nothing written) when one would not read back as itself.
    public func plans(_ files: Files, maps: [String: FixtureMap.Loaded], load: VectorLoader,
                      decide: (Fill.Placeholder) -> Fill.Decision) -> [Fill.FilePlan]? {
        let plans = files.map { f in
            maps[f.file].map { FixtureMap.plan($0, decide: decide) }
                ?? Fill.plan(file: f.file, bytes: f.bytes, placeholders: f.placeholders, decide: decide)
        }
        var unsafe = false
        for plan in plans {
            do {
                if let m = maps[plan.file] { try FixtureMap.verify(plan, loader: load, maps: m.maps) } else { try Fill.verify(plan, loader: load) }
            } catch { terminal.message("concord: \(error)"); unsafe = true }
        }
        if unsafe {
            terminal.message("concord: nothing was written")
            return nil
        }
        return plans
    }

    /// Writes each plan (a dry run: prints its diff), saying what was filled and refused. Status
    /// lines go to standard error in a dry run, so that standard output is just the diff.
    public func write(_ plans: [Fill.FilePlan], dryRun: Bool) -> Int32 {
        let say: (String) -> Void = dryRun ? { terminal.message($0) } : { terminal.say($0) }
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
                terminal.out(diff.split(separator: "\n", omittingEmptySubsequences: false).map { Printable.escape(String($0)) }.joined(separator: "\n"))
            } else {
                do { try Fill.commit(plan) } catch {
                terminal.message("concord: \(error)")
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
