import ConcordFormats
import ConcordJudging
import ConcordScheduling
import ConcordSuites
import ConcordPacks

/// `concord merge`: shard reports (`concord-report/1`, from `run --shard K/N`) combined into the
/// report one unsharded run would have written (docs/ci.md). Equal to it except for the timing
/// fields (`wallSeconds`, each implementation's `seconds`) and `workers`:
/// - every report must first hold to the rules of `ReportCheck` (statuses, counts, names, numbers);
/// - every report must list the same implementations and carry the same `options` (compared as
///   values) and `inputs` (RunInputs: what the run read): shards of one run (a report of another
///   `--implementations`, or of a run over other files, is refused, naming both and the difference).
///   More than one report of which one does not record its inputs is refused (fail closed);
/// - `implementations` are kept in order of first appearance; the same name must carry the same
///   version everywhere, except that an implementation that never started in a shard (`started:
///   false`: none of its suites there, or it failed to start; in a report before that field, a
///   `startFailure`, or version "not started" without `processStarts`: JSONReport.started) takes
///   the version of a shard where it started, never judged by the version text alone.
///   `startFailure` is the first one any shard saw; `processStarts` the largest
///   (each shard starts each adapter once, as the unsharded run does); it started when it started
///   in any shard;
/// - `results` are concatenated and put back in load order: by file path (UTF-8 bytes, the order
///   the loader walks a folder in), then line. A vector in two reports is refused;
/// - `summary` is counted again from the results, by the rules of `RunSummary`;
/// - `wallSeconds` and `workers` are the largest of the shards' (the wall time of shards run side by side);
/// - when the reports carry a `shard` field (`annotate`), it is checked that they are shards 1…N of
///   the same split (N at most `Shard.maxCount`) and that together they hold every vector, the
///   missing ones named as ranges; the merged report has no `shard` field.
public enum ReportMerge {
    public struct MergeError: Error, Sendable, CustomStringConvertible {
        public var description: String
        /// For a refusal inside one report: which (0-based), where in its JSON, and what (without
        /// the report's name), so that the command can print `file:line:col: message`.
        public var report: Int?
        public var path: [Step] = []
        public var message: String
        public init(_ d: String) { description = d; message = d }
        init(_ message: String, report: Int, named: String, at path: [Step]) {
            description = "\(named): \(message)"
            self.message = message
            self.report = report
            self.path = path
        }
    }

    /// One step into a report's JSON: an object key or an array index.
    public enum Step: Sendable, Equatable { case key(String), index(Int) }

    /// The first number that is not finite (1e999 reads as infinity), with where it is.
    static func nonFinite(_ j: JSON, _ path: [Step] = []) -> [Step]? {
        switch j {
        case .double(let d): return d.isFinite ? nil : path
        case .array(let items):
            for (i, v) in items.enumerated() { if let p = nonFinite(v, path + [.index(i)]) { return p } }
        case .object(let pairs):
            for (k, v) in pairs { if let p = nonFinite(v, path + [.key(k)]) { return p } }
        default: break
        }
        return nil
    }

    static func index(_ s: Step) -> Int { if case .index(let i) = s { return i }; return -1 }

    /// The top-level fields `JSONReport.make` writes, in its order.
    static let coreKeys = ["format", "concord", "implementations", "summary", "wallSeconds", "workers", "peakResidentKiB", "results"]

    /// Whether a report is a shard's (`run --shard K/N`: it has a `shard` field, `annotate`).
    public static func isShard(_ report: JSON) -> Bool { report["shard"] != nil }

    /// A shard report: `report` with `"shard": {"index": K, "count": N, "vectors": TOTAL}` after
    /// `workers`, TOTAL being the number of vectors loaded before the split.
    /// `positions`: each vector's place in the whole run's load order, kept on its result as
    /// `position` so that merge restores the unsharded order whatever paths the run was given.
    public static func annotate(_ report: JSON, shard: Shard, of total: Int, positions: [String: Int] = [:]) -> JSON {
        guard var pairs = report.objectValue else { return report }
        pairs.removeAll { $0.key == "shard" }
        if !positions.isEmpty, let r = pairs.firstIndex(where: { $0.key == "results" }), let results = pairs[r].value.arrayValue {
            pairs[r].value = .array(results.map { result in
                guard var fields = result.objectValue, let name = result["vector"]?.stringValue, let p = positions[name] else { return result }
                fields.removeAll { $0.key == "position" }
                fields.insert(("position", .int(Int64(p))), at: 1)
                return .object(fields)
            })
        }
        let field: (key: String, value: JSON) = ("shard", .object([
            ("index", .int(Int64(shard.index))), ("count", .int(Int64(shard.count))), ("vectors", .int(Int64(total))),
        ]))
        if let w = pairs.firstIndex(where: { $0.key == "workers" }) { pairs.insert(field, at: w + 1) } else { pairs.append(field) }
        return .object(pairs)
    }

    /// The options of a run that change its verdicts (`"options"`, docs/report.md), written by
    /// `run` just before `results`: merge refuses shards whose options differ.
    public static func addingOptions(_ report: JSON, maxKdfMemoryKiB: UInt64, maxKdfWork: UInt64, timeout: Double) -> JSON {
        guard var top = report.objectValue else { return report }
        top.removeAll { $0.key == "options" }
        let field: (key: String, value: JSON) = ("options", .object([
            ("maxKdfMemoryKiB", .int(Int64(clamping: maxKdfMemoryKiB))), ("maxKdfWork", .int(Int64(clamping: maxKdfWork))),
            ("timeout", timeout == timeout.rounded() && abs(timeout) < 1e15 ? .int(Int64(timeout)) : .double(timeout)),
        ]))
        top.insert(field, at: top.firstIndex { $0.key == "results" } ?? top.count)
        return .object(top)
    }

    /// The run's `inputs` (RunInputs), written by `run` after `options`, just before `results`:
    /// merge refuses reports whose inputs differ.
    public static func addingInputs(_ report: JSON, _ inputs: JSON) -> JSON {
        guard var top = report.objectValue else { return report }
        top.removeAll { $0.key == "inputs" }
        top.insert(("inputs", inputs), at: top.firstIndex { $0.key == "results" } ?? top.count)
        return .object(top)
    }

    /// `names`: how to name each report in a refusal (its path); "report N" otherwise.
    public static func merge(_ reports: [JSON], names: [String]? = nil) throws(MergeError) -> JSON {
        func named(_ r: Int) -> String { names.map { $0.indices.contains(r) ? $0[r] : "report \(r + 1)" } ?? "report \(r + 1)" }
        guard !reports.isEmpty else { throw MergeError("nothing to merge: no report given") }
        var concord: JSON?
        var implementations: [(name: String, fields: [(key: String, value: JSON)], started: Bool)] = []
        var results: [(file: [UInt8], line: Int64, order: Int, value: JSON)] = []
        var positioned: [Int: Int64] = [:]
        var seen: [String: Int] = [:]
        var wall: JSON?
        var wallValue = -Double.infinity
        var workers: Int64?
        var peak: Int64?
        var shardInfo: [(index: Int64, count: Int64, total: Int64)] = []
        var extra: [(key: String, value: JSON, from: Int)] = []
        // The first report's implementation names: every shard of one run lists the same ones.
        var firstNames: [String]?

        for (r, report) in reports.enumerated() {
            let which = named(r)
            guard let pairs = report.objectValue else { throw MergeError("\(which) is not a JSON object") }
            // The rules every reader holds a report to (ReportCheck): statuses, counts, names, numbers.
            do { try ReportCheck.check(report) } catch { throw MergeError(error.message, report: r, named: which, at: error.path) }
            // concord version: every shard must come from the same concord.
            if let c = report["concord"] {
                if let first = concord, first.serialized() != c.serialized() {
                    throw MergeError("\(which) was written by concord \(c["version"]?.stringValue ?? "?"), report 1 by \(first["version"]?.stringValue ?? "?")")
                }
                concord = concord ?? c
            }
            guard let impls = report["implementations"]?.arrayValue else { throw MergeError("\(which) has no implementations array") }
            let names = impls.compactMap { $0["name"]?.stringValue }
            if let first = firstNames, Set(first) != Set(names) {
                throw MergeError(differentImplementations(named(0), first, which, names))
            }
            firstNames = firstNames ?? names
            for impl in impls {
                guard let fields = impl.objectValue, let name = impl["name"]?.stringValue else {
                    throw MergeError("\(which): an implementation without a name")
                }
                // Whether it started in this shard: its `started` field (ReportCheck held it to a boolean), or
                // in a report written before that field, the rule those were read by (JSONReport.started).
                let startedHere = JSONReport.started(impl) ?? true
                guard let k = implementations.firstIndex(where: { $0.name == name }) else {
                    implementations.append((name, fields.filter { $0.key != "started" }, startedHere))
                    continue
                }
                var merged = implementations[k].fields
                let startedBefore = implementations[k].started
                implementations[k].started = startedBefore || startedHere
                let v0 = merged.first { $0.key == "version" }?.value.serialized()
                let v1 = impl["version"]?.serialized()
                if v0 != v1, !startedHere {
                    // An adapter with no suite in this shard was not started here: the version is another shard's.
                } else if v0 != v1, !startedBefore {
                    merged.removeAll { $0.key == "version" }
                    merged.append(("version", impl["version"]!))
                } else if v0 != v1 {
                    throw MergeError("\(which): implementation \(name) has version \(impl["version"]?.stringValue ?? "?"), another report \(implementations[k].fields.first { $0.key == "version" }?.value.stringValue ?? "?")")
                }
                for (key, value) in fields where key != "name" && key != "version" && key != "started" {
                    if let i = merged.firstIndex(where: { $0.key == key }) {
                        // Counts and peaks of several shards: the largest.
                        if key == "processStarts" || key == "peakResidentKiB", let a = merged[i].value.intValue, let b = value.intValue, b > a {
                            merged[i].value = .int(b)
                        }
                    } else {
                        merged.append((key, value))
                    }
                }
                implementations[k].fields = order(merged)
            }
            guard let rs = report["results"]?.arrayValue else { throw MergeError("\(which) has no results array") }
            for result in rs {
                guard let name = result["vector"]?.stringValue else { throw MergeError("\(which): a result without a vector name") }
                if let other = seen[Suites.canonicalVectorName(name)] {
                    throw MergeError("vector \(name) is in \(named(other)) and \(which): shards must not overlap")
                }
                seen[Suites.canonicalVectorName(name)] = r
                let file = Array((result["file"]?.stringValue ?? "").utf8)
                var clean = result
                if var fields = result.objectValue, let p = result["position"]?.intValue {
                    fields.removeAll { $0.key == "position" }
                    clean = .object(fields)
                    positioned[results.count] = p
                }
                results.append((file, result["line"]?.intValue ?? 0, results.count, clean))
            }
            if let w = report["wallSeconds"], let d = number(w), d > wallValue { wallValue = d; wall = w }
            if let w = report["workers"]?.intValue { workers = max(workers ?? w, w) }
            if let m = report["peakResidentKiB"]?.intValue { peak = max(peak ?? m, m) }
            if let s = report["shard"] {
                guard let k = s["index"]?.intValue, let n = s["count"]?.intValue, let t = s["vectors"]?.intValue else {
                    throw MergeError("\(which): shard needs index, count and vectors")
                }
                // What `run --shard` accepts (Shard.parse), and no more: a forged count is refused here.
                guard n >= 1, n <= Int64(Shard.maxCount) else {
                    throw MergeError("shard count \(n) is not between 1 and \(Shard.maxCount) (the most run --shard takes)", report: r, named: which,
                                     at: [.key("shard"), .key("count")])
                }
                guard k >= 1, k <= n else {
                    throw MergeError("shard index \(k) is not between 1 and the count, \(n)", report: r, named: which, at: [.key("shard"), .key("index")])
                }
                guard t >= 0 else { throw MergeError("shard vectors \(t) is negative", report: r, named: which, at: [.key("shard"), .key("vectors")]) }
                if let loaded = report["inputs"]?["vectors"]?.intValue, loaded != t {
                    throw MergeError("the shard's run loaded \(t) vectors, its inputs list \(loaded)", report: r, named: which, at: [.key("shard"), .key("vectors")])
                }
                shardInfo.append((k, n, t))
            }
            // A report with the run's options (`run` writes them) merges only with reports that have
            // the same: a shard run without them is not known to be of the same run.
            if r > 0, (report["options"] == nil) != (reports[0]["options"] == nil) {
                let (with, without) = report["options"] == nil ? (named(0), which) : (which, named(0))
                throw MergeError("\(with) records the run's options and \(without) does not: shards of one run are written by the same concord run")
            }
            // What the run read (`run` writes it): reports that do not say cannot be shown to be of one
            // run, so more than one report without it is refused (fail closed), as is a mix.
            if reports.count > 1, report["inputs"] == nil {
                throw MergeError("\(which) does not record the inputs of its run (a report of an older concord, or not written by run): "
                                 + "merge cannot tell whether the reports ran on the same vector files; run the shards again with this concord")
            }
            // A shard's `ledger` verdict is its own slice's: `merge --ledger` holds the whole run to the ledger.
            // `releases` is the shard's slice of the release matrix: made again from the merged results.
            for (key, value) in pairs where !coreKeys.contains(key) && key != "shard" && key != "ledger" && key != "releases" {
                if let e = extra.first(where: { $0.key == key }) {
                    // Compared as values: the same options in another key order are the same options.
                    if key == "options", !sameValue(e.value, value) {
                        throw MergeError(differentOptions(named(e.from), e.value, which, value))
                    }
                    if key == "inputs", let d = RunInputs.difference(e.value, value, named(e.from), which) {
                        throw MergeError("\(named(e.from)) and \(which) ran on different inputs (\(d)): merge takes the shards of one run, over the same vector files")
                    }
                    if !sameValue(e.value, value) {
                        throw MergeError("field \(key) differs between \(named(e.from)) and \(which); cannot merge it")
                    }
                } else {
                    extra.append((key, value, r))
                }
            }
        }

        if !shardInfo.isEmpty {
            guard shardInfo.count == reports.count else { throw MergeError("some reports are shards (run --shard) and some are not") }
            let n = shardInfo[0].count, total = shardInfo[0].total
            guard shardInfo.allSatisfy({ $0.count == n && $0.total == total }) else {
                throw MergeError("the reports are shards of different splits (--shard K/N with different N, or different vectors)")
            }
            // Sorted, the indices give the missing shards as the gaps between them: named as ranges,
            // in memory of the reports' number whatever N is.
            let indices = shardInfo.map(\.index).sorted()
            if let twice = zip(indices, indices.dropFirst()).first(where: { $0.0 == $0.1 })?.0 {
                throw MergeError("shard \(twice)/\(n) is given twice")
            }
            if let missing = missingShards(indices, of: n) {
                throw MergeError("\(missing) missing: the merged report would not hold every vector")
            }
            if Int64(results.count) != total {
                throw MergeError("the shards hold \(results.count) vectors, the run loaded \(total)")
            }
        }

        // Shards recorded each vector's place in the whole run: that order is the unsharded one.
        // Reports without it are put in file-then-line order (a single folder's load order).
        let allPositioned = positioned.count == results.count
        results.sort { a, b in
            if allPositioned { return positioned[a.order]! < positioned[b.order]! }
            if a.file != b.file { return a.file.lexicographicallyPrecedes(b.file) }
            if a.line != b.line { return a.line < b.line }
            return a.order < b.order
        }
        let sorted = results.map(\.value)

        var top: [(key: String, value: JSON)] = [("format", .string(JSONReport.format))]
        if let concord { top.append(("concord", concord)) }
        top.append(("implementations", .array(implementations.map { i in
            // Started in the merged run when it started in any shard (as the unsharded run would have).
            let version = i.fields.first { $0.key == "version" }?.value.stringValue ?? ""
            return .object(order(i.fields + (JSONReport.startedField(started: i.started, version: version).map { [("started", $0)] } ?? [])))
        })))
        top.append(("summary", summary(sorted)))
        if let wall { top.append(("wallSeconds", wall)) }
        if let workers { top.append(("workers", .int(workers))) }
        if let peak { top.append(("peakResidentKiB", .int(peak))) }
        for e in extra { top.append((e.key, e.value)) }
        top.append(("results", .array(sorted)))
        if let run = try? RunResult(report: .object(top), name: "merged"), case let m = ReleaseMatrix(run), !m.isEmpty {
            top.insert(("releases", m.json()), at: top.count - 1)
        }
        return .object(top)
    }

    /// "A ran X, B ran Y": the refusal of shards run with different `--implementations`.
    static func differentImplementations(_ a: String, _ x: [String], _ b: String, _ y: [String]) -> String {
        let onlyA = x.filter { !y.contains($0) }, onlyB = y.filter { !x.contains($0) }
        var parts: [String] = []
        if !onlyA.isEmpty { parts.append("\(onlyA.joined(separator: ", ")) only in \(a)") }
        if !onlyB.isEmpty { parts.append("\(onlyB.joined(separator: ", ")) only in \(b)") }
        return "\(a) and \(b) ran different implementations (\(parts.joined(separator: "; "))): "
            + "merge takes the shards of one run, with the same --implementations"
    }

    /// "A has timeout 300, B 60": the refusal of shards run with different options (compared as
    /// values: key order and the spelling of a number do not count). Options that are not an object
    /// are named whole.
    static func differentOptions(_ a: String, _ x: JSON, _ b: String, _ y: JSON) -> String {
        var diffs: [String] = []
        if let xs = x.objectValue, let ys = y.objectValue {
            let keys = xs.map(\.key) + ys.map(\.key).filter { k in !xs.contains { $0.key == k } }
            for k in keys where !(x[k].flatMap { u in y[k].map { sameValue(u, $0) } } ?? false) {
                diffs.append("\(k) \(x[k]?.serialized() ?? "(none)") in \(a), \(y[k]?.serialized() ?? "(none)") in \(b)")
            }
        }
        if diffs.isEmpty { diffs.append("\(x.serialized()) in \(a), \(y.serialized()) in \(b)") }
        return "\(a) and \(b) were run with different options (\(diffs.joined(separator: "; "))): merge takes the shards of one run"
    }

    /// Whether two JSON values are the same value: objects whatever their key order (a reader of a
    /// report never has two of one key), numbers by value (`300` and `300.0`), arrays in order.
    public static func sameValue(_ a: JSON, _ b: JSON) -> Bool {
        switch (a, b) {
        case (.object(let x), .object(let y)):
            guard x.count == y.count else { return false }
            return x.allSatisfy { p in y.first { $0.key == p.key }.map { sameValue(p.value, $0.value) } ?? false }
        case (.array(let x), .array(let y)):
            return x.count == y.count && zip(x, y).allSatisfy { sameValue($0, $1) }
        case (.int(let x), .int(let y)): return x == y
        case (.double(let x), .double(let y)): return x == y
        case (.int(let i), .double(let d)), (.double(let d), .int(let i)): return Int64(exactly: d) == i
        case (.string(let x), .string(let y)): return x == y
        case (.bool(let x), .bool(let y)): return x == y
        case (.null, .null): return true
        default: return false
        }
    }

    /// The shards of 1…n not among `indices` (sorted, distinct, each in 1…n), named as ranges
    /// (`shards 2/9 to 5/9, 7/9 (5 of 9)`), the first `limit` of them, or nil when none is.
    static func missingShards(_ indices: [Int64], of n: Int64, limit: Int = 10) -> String? {
        var ranges: [ClosedRange<Int64>] = []
        var count: Int64 = 0
        var next: Int64 = 1
        for i in indices + [n + 1] {
            if i > next {
                count += i - next
                if ranges.count <= limit { ranges.append(next...(i - 1)) }
            }
            next = i + 1
        }
        guard count > 0 else { return nil }
        let shown = ranges.prefix(limit).map { r in r.lowerBound == r.upperBound ? "\(r.lowerBound)/\(n)" : "\(r.lowerBound)/\(n) to \(r.upperBound)/\(n)" }
        let more = ranges.count > limit ? ", and more" : ""
        return count == 1 ? "shard \(shown[0])" : "shards \(shown.joined(separator: ", "))\(more) (\(count) of \(n))"
    }

    /// `summary` counted from `results` as `RunSummary` counts: passed, failed, pending and errors
    /// count vectors by status; unsupported and implementationErrors count implementation ×
    /// vector pairs; divergences and warnings count vectors that have one.
    public static func summary(_ results: [JSON]) -> JSON {
        JSONReport.summary(RunSummary(counting: results.map { r in
            (status: r["status"]?.stringValue ?? "",
             implementations: (r["implementations"]?.objectValue ?? []).map { $0.value["status"]?.stringValue ?? "" },
             divergence: r["divergence"].map { !$0.isNull } ?? false,
             warnings: !(r["warnings"]?.arrayValue ?? []).isEmpty)
        }))
    }

    /// The exit status `run` would give the merged report: 1 when a vector failed or errored, or
    /// when it holds no vector (nothing checked is never green).
    public static func exitStatus(_ report: JSON) -> Int32 {
        let failed = report["summary"]?["failed"]?.intValue ?? 0
        let errors = report["summary"]?["errors"]?.intValue ?? 0
        let vectors = report["summary"]?["vectors"]?.intValue ?? 0
        return failed > 0 || errors > 0 || vectors == 0 ? 1 : 0
    }

    /// An implementation's fields in `JSONReport`'s order (name, version, startFailure, processStarts, started, then any other).
    static func order(_ fields: [(key: String, value: JSON)]) -> [(key: String, value: JSON)] {
        let rank = ["name": 0, "version": 1, "startFailure": 2, "processStarts": 3, "started": 4, "peakResidentKiB": 5]
        return fields.enumerated().sorted { a, b in
            let ra = rank[a.element.key] ?? 5, rb = rank[b.element.key] ?? 5
            return ra != rb ? ra < rb : a.offset < b.offset
        }.map(\.element)
    }

    static func number(_ j: JSON) -> Double? {
        switch j {
        case .double(let d): return d
        case .int(let i): return Double(i)
        default: return nil
        }
    }
}
