import ConcordFormats
import ConcordGeneration
import ConcordImplementations
import ConcordScenarioFormat
import Foundation

/// What makes two failing runs of a flow the same failure: where it stopped (the failing step's or
/// check's line and column in the file), to whom it is laid, and how (a refusal of a class, outputs
/// where a refusal was due, a check, an input that could not be made, an error).
public struct FailureSignature: Sendable, Equatable, CustomStringConvertible {
    public var line: Int, column: Int
    public var blamed: String
    public var kind: String

    public var description: String { "\(kind) at \(line):\(column), laid to \(blamed)" }

    public init?(_ t: TrialResult, _ s: Scenario) {
        guard let f = t.failure else { return nil }
        line = f.line
        column = f.column
        blamed = f.blamed
        if f.isError {
            kind = "an error"
        } else if let id = f.step, let step = s.steps.first(where: { $0.id == id }), step.line == f.line && step.column == f.column {
            switch t.steps.last(where: { $0.step == id })?.outcome {
            case .refused(let e)?: kind = "a refusal (\(e.errorClass.rawValue))"
            case .outputs?: kind = step.refuses == nil ? "a missing output" : "outputs where a refusal is due"
            default: kind = "an input that could not be made"
            }
        } else {
            kind = "a check"
        }
    }
}

/// Shrinks a failing flow to its shortest form (docs/scenarios.md, "Shrinking"): each drawn count
/// to the smallest that still fails the same way, the deliveries to the fewest (and their
/// iterations to the smallest), the steps, blocks and checks the failure does not need left out.
/// Every candidate is run; one that fails otherwise (or passes) is not taken.
public struct FlowShrinker {
    public let scenario: Scenario
    /// Runs a candidate: nil unless it fails the same way; else how many deliveries of each deliver
    /// block it began before it stopped (the later ones never ran).
    let fails: (FlowChoice) -> [String: Int]?
    /// The most candidates run.
    public var maxRuns: Int
    public var deadline: Date?
    public private(set) var runs = 0
    var initial = FlowChoice()

    public init(scenario: Scenario, maxRuns: Int = 400, deadline: Date? = nil, fails: @escaping (FlowChoice) -> [String: Int]?) {
        self.scenario = scenario
        self.fails = fails
        self.maxRuns = maxRuns
        self.deadline = deadline
    }

    var spent: Bool { runs >= maxRuns || (deadline.map { Date() >= $0 } ?? false) }

    /// The deliveries each block began in the last run that failed alike.
    var delivered: [String: Int] = [:]

    mutating func tries(_ c: FlowChoice) -> Bool {
        guard !spent else { return false }
        runs += 1
        guard let d = fails(c) else { return false }
        delivered = d
        return true
    }

    /// The shortest failing flow found from `start` (which fails).
    public mutating func shrink(_ start: FlowChoice, delivered: [String: Int]) -> FlowChoice {
        initial = start
        self.delivered = delivered
        var best = start
        for _ in 0..<4 {
            let before = best
            best = removeItems(best)
            best = shrinkCounts(best)
            best = shrinkDeliveries(best)
            best = shrinkCounts(best)
            best = removeChecks(best)
            if best == before || spent { break }
        }
        return best
    }

    /// The same choice with block `b` run `n` times: its deliveries and order keep the iterations below n.
    func with(_ c: FlowChoice, count n: Int, of b: String) -> FlowChoice {
        var x = c
        x.counts[b] = n
        if x.orders[b] != nil { x.orders[b] = x.orders[b]!.filter { $0 < n } }
        for (d, block) in scenario.flow.deliveries where block.of == b { x.orders[d] = (x.orders[d] ?? []).filter { $0 < n } }
        return x
    }

    /// Each drawn count down to the smallest that fails (a binary search: a candidate is taken only
    /// when it fails, so the result always fails).
    mutating func shrinkCounts(_ c: FlowChoice) -> FlowChoice {
        var best = c
        for item in scenario.flow.items {
            guard case .repeatBlock(let b) = item, !best.removed.contains(b), let r = scenario.flow.repeats[b], r.count.isDrawn,
                  var hi = best.counts[b] else { continue }
            var lo = r.count.least
            // Once shrunk, one fewer is tried first: when it passes, the count stays.
            if hi > lo && c != initial && !tries(with(best, count: hi - 1, of: b)) { continue }
            if case .oneOf(let l) = r.count {
                for n in l.sorted() where n < hi {
                    if tries(with(best, count: n, of: b)) { best = with(best, count: n, of: b); break }
                }
                continue
            }
            while lo < hi && !spent {
                let mid = lo + (hi - lo) / 2
                if tries(with(best, count: mid, of: b)) { hi = mid; best = with(best, count: mid, of: b) } else { lo = mid + 1 }
            }
        }
        return best
    }

    /// Fewer deliveries (halves, quarters, … left out while the failure stays), then each left
    /// delivery's iteration as small as it fails with.
    mutating func shrinkDeliveries(_ c: FlowChoice) -> FlowChoice {
        var best = c
        for (d, block) in scenario.flow.deliveries.sorted(by: { $0.key < $1.key }) where !best.removed.contains(d) && !best.removed.contains(block.of) {
            var list = best.orders[d] ?? []
            // The deliveries after the one the flow stopped at never ran: left out at once.
            if let n = delivered[d], n < list.count {
                var x = best
                x.orders[d] = Array(list.prefix(n))
                if tries(x) { list = x.orders[d]!; best = x }
            }
            var size = list.count / 2
            while size >= 1 && !spent {
                var i = 0
                while i < list.count && !spent {
                    var cand = list
                    cand.removeSubrange(i..<min(list.count, i + size))
                    var x = best
                    x.orders[d] = cand
                    if tries(x) { list = cand; best = x } else { i += size }
                }
                size /= 2
            }
            // The iterations delivered, each as small as still fails (only for a short list).
            guard list.count <= 16 else { continue }
            for k in list.indices where !spent {
                var lo = 0, hi = list[k]
                // Once shrunk, one less is tried first: when it passes, the iteration stays.
                if hi > 0 && c != initial {
                    var cand = list
                    cand[k] = hi - 1
                    var x = best
                    x.orders[d] = cand
                    if !tries(x) { continue }
                    list = cand
                    best = x
                    hi -= 1
                }
                while lo < hi && !spent {
                    let mid = lo + (hi - lo) / 2
                    var cand = list
                    cand[k] = mid
                    var x = best
                    x.orders[d] = cand
                    if tries(x) { hi = mid; list = cand; best = x } else { lo = mid + 1 }
                }
            }
        }
        return best
    }

    /// The steps and blocks the failure does not need, each tried left out (the last first), when
    /// nothing left reads it.
    mutating func removeItems(_ c: FlowChoice) -> FlowChoice {
        var best = c
        var names: [String] = []
        for item in scenario.flow.items {
            names.append(item.name)
            if case .repeatBlock(let b) = item { names += scenario.flow.repeats[b]!.steps }
            if case .deliverBlock(let d) = item {
                let block = scenario.flow.deliveries[d]!
                names += block.steps + block.cases.flatMap(\.steps)
            }
        }
        for n in names.reversed() where !best.removed.contains(n) && !spent {
            guard removable(n, best) else { continue }
            var x = best
            x.removed.insert(n)
            if tries(x) { best = x }
        }
        return best
    }

    /// Whether nothing left in the flow reads `n` (a step, or a block's steps, values and count).
    func removable(_ n: String, _ c: FlowChoice) -> Bool {
        let f = scenario.flow
        var gone = Set([n])
        if let r = f.repeats[n] { gone.formUnion(r.steps) }
        if let d = f.deliveries[n] { gone.formUnion(d.steps + d.cases.flatMap(\.steps)) }
        let blockGone = f.repeats[n] != nil
        if blockGone, f.deliveries.contains(where: { $0.value.of == n && !c.removed.contains($0.key) }) { return false }
        // A block keeps a step (a file cannot write an empty one): the block as a whole is tried apart.
        if let b = f.stepBlock[n] {
            let all = f.repeats[b]?.steps ?? f.deliveries[b].map { $0.steps + $0.cases.flatMap(\.steps) } ?? []
            if all.allSatisfy({ $0 == n || c.removed.contains($0) }) { return false }
        }
        // Roles keep at least one step.
        let left = scenario.steps.filter { !gone.contains($0.id) && !c.removed.contains($0.id) && !c.removed.contains(f.stepBlock[$0.id] ?? "") }
        if left.isEmpty { return false }
        func reads(_ src: Source) -> Bool {
            switch src {
            case .output(let s, _), .input(let s, _): return gone.contains(s)
            case .fresh(let v): return blockGone && f.freshBlock[String(v.split(separator: ".", maxSplits: 1)[0])] == n
            case .carry(let v): return blockGone && f.carryBlock[v] == n
            case .index(let b), .count(let b): return blockGone && b == n
            case .at(let inner, _), .flipped(let inner, _), .flippedText(let inner, _, _, _), .sliced(let inner, _, _), .bytesOf(let inner): return reads(inner)
            case .concat(let parts): return parts.contains(where: reads)
            default: return false
            }
        }
        for step in left where step.input.contains(where: { reads($0.source) }) { return false }
        var k = 0
        for check in scenario.checks {
            if let owner = check.step {
                if gone.contains(owner) || c.removed.contains(owner) { continue }
                if check.equal.contains(where: reads) { return false }
                continue
            }
            defer { k += 1 }
            if c.removedChecks.contains(k) { continue }
            if check.equal.contains(where: reads) { return false }
        }
        for (b, r) in f.repeats where b != n && !c.removed.contains(b) {
            if r.carry.contains(where: { reads($0.first) || reads($0.next) }) { return false }
        }
        return true
    }

    /// The checks (not a step's expect entries) the failure does not need.
    mutating func removeChecks(_ c: FlowChoice) -> FlowChoice {
        var best = c
        let count = scenario.checks.filter { $0.step == nil }.count
        for k in (0..<count).reversed() where !best.removedChecks.contains(k) && !spent {
            var x = best
            x.removedChecks.insert(k)
            if tries(x) { best = x }
        }
        return best
    }
}
