import ConcordFormats
import ConcordJudging
import ConcordScheduling
import Foundation

extension ReportMerge {
    /// Whether a report is an exploration's (`concord explore`: it has an `exploration` field).
    public static func isExploration(_ report: JSON) -> Bool { report[ExplorationReport.key] != nil }

    /// `concord merge` of exploration shards (`explore --shard K/N`, docs/ci.md): the report of
    /// the whole exploration of one seed. Refused: a mix of explorations and runs; a report of
    /// another concord, seed or option set (every field of `exploration` but `shard`); shards of
    /// different counts, one given twice, one missing; more than one report that is not a shard.
    /// Each explored op's counts are added; findings are joined by their name (their signature):
    /// a finding two shards found is one, its occurrences added, its first case the smallest.
    public static func mergeExplorations(_ reports: [JSON], names: [String]? = nil) throws(MergeError) -> JSON {
        func named(_ r: Int) -> String { names.map { $0.indices.contains(r) ? $0[r] : "report \(r + 1)" } ?? "report \(r + 1)" }
        guard !reports.isEmpty else { throw MergeError("nothing to merge: no report given") }
        var about: JSON?
        var concord: JSON?
        var shards: [(index: Int64, count: Int64, report: Int)] = []
        var implementations: [ImplementationInfo] = []
        var results: [VectorResult] = []
        var place: [String: Int] = [:]
        var wall = 0.0
        var workers = 0
        for (r, report) in reports.enumerated() {
            let which = named(r)
            guard report.objectValue != nil else { throw MergeError("\(which) is not a JSON object") }
            do { try ReportCheck.check(report) } catch { throw MergeError(error.message, report: r, named: which, at: error.path) }
            guard let e = report[ExplorationReport.key] else {
                let other = named(reports.firstIndex(where: isExploration) ?? 0)
                throw MergeError("\(which) is a run's report and \(other) an exploration's (concord explore): merge takes the shards of one run, or of one exploration, never a mix",
                                 report: r, named: which, at: [])
            }
            guard let fields = e.objectValue else {
                throw MergeError("exploration must be an object", report: r, named: which, at: [.key(ExplorationReport.key)])
            }
            if let c = report["concord"] {
                if let first = concord, !sameValue(first, c) {
                    throw MergeError("\(which) was written by concord \(c["version"]?.stringValue ?? "?"), \(named(0)) by \(first["version"]?.stringValue ?? "?")",
                                     report: r, named: which, at: [.key("concord")])
                }
                concord = concord ?? c
            }
            // Every field but the shard: the seed, the bound, the suites, the implementations, the options.
            let same = JSON.object(fields.filter { $0.key != "shard" })
            if let first = about, !sameValue(first, same) {
                let keys = (first.objectValue ?? []).map(\.key) + fields.map(\.key).filter { k in first[k] == nil && k != "shard" }
                let k = keys.first { key in !(first[key].flatMap { a in same[key].map { sameValue(a, $0) } } ?? false) } ?? "seed"
                let what = k == "seed" ? "explored seed \(same[k]?.stringValue ?? "(none)"), \(named(0)) seed \(first[k]?.stringValue ?? "(none)"): merge takes the shards of one exploration (the same --seed)"
                    : "was explored with \(k) \(same[k]?.serialized() ?? "(none)"), \(named(0)) with \(first[k]?.serialized() ?? "(none)"): merge takes the shards of one exploration (the same options)"
                throw MergeError(what, report: r, named: which, at: [.key(ExplorationReport.key)] + (same[k] == nil ? [] : [.key(k)]))
            }
            about = about ?? same
            if let s = e["shard"] {
                guard let k = s["index"]?.intValue, let n = s["count"]?.intValue, n >= 1, n <= Int64(Shard.maxCount), k >= 1, k <= n else {
                    throw MergeError("exploration.shard needs index K and count N, 1 ≤ K ≤ N ≤ \(Shard.maxCount)", report: r, named: which,
                                     at: [.key(ExplorationReport.key), .key("shard")])
                }
                shards.append((k, n, r))
            }
            let run: RunResult
            do { run = try RunResult(report: report, name: which) } catch { throw MergeError("\(error)") }
            for i in run.implementations {
                guard let k = implementations.firstIndex(where: { $0.name == i.name }) else { implementations.append(i); continue }
                if !implementations[k].started && i.started { implementations[k] = i }
            }
            wall = max(wall, run.wallSeconds)
            workers = max(workers, run.workers)
            for x in run.results {
                guard let k = place[x.vector.name] else {
                    place[x.vector.name] = results.count
                    results.append(x)
                    continue
                }
                results[k] = joined(results[k], x)
            }
        }
        if reports.count > 1 || !shards.isEmpty {
            guard shards.count == reports.count else {
                let r = reports.indices.first { i in !shards.contains { $0.report == i } } ?? 0
                throw MergeError("\(named(r)) is not a shard (explore --shard K/N): merge joins the shards of one exploration", report: r, named: named(r),
                                 at: [.key(ExplorationReport.key)])
            }
            let n = shards[0].count
            if let other = shards.first(where: { $0.count != n }) {
                throw MergeError("\(named(other.report)) is shard \(other.index)/\(other.count), \(named(shards[0].report)) one of \(n): shards of different splits",
                                 report: other.report, named: named(other.report), at: [.key(ExplorationReport.key), .key("shard"), .key("count")])
            }
            let indices = shards.map(\.index).sorted()
            if let twice = zip(indices, indices.dropFirst()).first(where: { $0.0 == $0.1 })?.0 {
                throw MergeError("shard \(twice)/\(n) is given twice")
            }
            if let missing = missingShards(indices, of: n) {
                throw MergeError("\(missing) missing: the merged report would not hold the whole exploration")
            }
        }
        let run = RunResult(implementations: implementations, results: results, summary: RunSummary(results), wallSeconds: wall, workers: workers)
        guard var top = JSONReport.make(run, concordVersion: "").objectValue else { return .null }
        if let concord, let k = top.firstIndex(where: { $0.key == "concord" }) { top[k].value = concord }
        top.insert((ExplorationReport.key, about ?? .object([])), at: top.firstIndex { $0.key == "results" } ?? top.count)
        return .object(top)
    }

    /// One result of two shards: an explored op's counts added; a finding's occurrences added,
    /// its first case the smaller one's (with that case's input and answers).
    static func joined(_ a: VectorResult, _ b: VectorResult) -> VectorResult {
        switch (a.explored, b.explored) {
        case (.target(let x)?, .target(let y)?):
            return ExplorationReport.targetResult(suite: a.vector.suite, op: a.vector.op, x + y)
        case (.finding(let x)?, .finding(let y)?):
            var first = x.caseNumber <= y.caseNumber ? a : b
            guard case .finding(var f)? = first.explored else { return first }
            f.occurrences = x.occurrences + y.occurrences
            first.explored = .finding(f)
            first.note = ExplorationReport.note(f)
            return first
        default:
            return a
        }
    }
}
