import ConcordFormats
import ConcordGeneration
import ConcordImplementations
import ConcordJudging
import ConcordSuites
import ConcordSync
import Foundation

/// Runs exploration (docs/exploration.md): cases of every target on every implementation that runs
/// the op, over a pool of worker threads, until `cases` per op or `seconds` are done; each new
/// signature shrunk at once by the worker that found it, within the same deadline.
public final class Explorer: Sendable {
    public struct Configuration: Sendable {
        public var seed: UInt64
        /// Cases per op (nil: until `seconds`).
        public var cases: Int?
        public var seconds: Double?
        /// Only this case of every op (replay).
        public var onlyCase: Int?
        /// `--shard K/N`: only the cases K−1, K−1+N, K−1+2N, … of every op (`index` from 1), so
        /// that N shards explore disjoint cases whose union, for `cases`, is the unsharded exploration's.
        public var shard: (index: Int, count: Int)?
        /// Worker threads: requests in flight at once (an adapter's pipe holds many).
        public var workers: Int
        /// Re-runs a shrink may spend on one finding, and seconds (a hang's re-runs each wait out
        /// the timeout).
        public var shrinkRuns = 400
        public var shrinkSeconds = 30.0
        /// The limits a case must respect (Argon2 memory); a case past them is skipped, counted.
        public var limits: Limits
        /// A case whose estimated cost (Suite.cost, seconds) is above this is skipped, counted.
        public var maxCaseCost = 0.5
        public init(seed: UInt64, cases: Int? = nil, seconds: Double? = nil, onlyCase: Int? = nil, workers: Int = 2) {
            self.seed = seed
            self.cases = cases
            self.seconds = seconds
            self.onlyCase = onlyCase
            self.workers = workers
            var l = Limits()
            l.maxKdfMemoryKiB = 64 * 1024
            l.maxKdfWork = 1 << 20
            self.limits = l
        }
    }

    /// One op's counts.
    public struct TargetCount: Sendable {
        public var suite: String
        public var op: String?
        /// The implementations that run it here.
        public var implementations: [String]
        public var cases: Int
        public var compared: Int
        public var skipped: Int
        /// What each of `implementations` did with the cases, in that order.
        public var answers: [ExploredTarget.Answers] = []
    }

    public struct Summary: Sendable {
        public var targets: [TargetCount]
        public var findings: [Finding]
        /// `unsupported` answers per implementation (counted apart, never a finding).
        public var unsupported: [String: Int]
        public var seconds: Double
        /// Errors of a shared process that the case, run again alone on a process of its own, did
        /// not give again: requests in flight when that process died (its crash is in `crashes`) or
        /// was declared dead after a timeout.
        public var unconfirmed = 0
        /// Every crash of a shared process, with what it takes to crash a fresh one (`ProcessCrash`).
        public var crashes: [ProcessCrash] = []
        /// The bytes of the cases' inputs (bytes fields, and text as UTF-8), for a rate in bytes per second.
        public var inputBytes = 0
        public var cases: Int { targets.reduce(0) { $0 + $1.cases } }
        public var compared: Int { targets.reduce(0) { $0 + $1.compared } }
        public var skipped: Int { targets.reduce(0) { $0 + $1.skipped } }
    }

    /// Progress: cases so far, findings so far, seconds.
    public typealias Progress = @Sendable (_ cases: Int, _ findings: Int, _ seconds: Double) -> Void

    let configuration: Configuration
    let slots: [Slot]
    let crashWatch: CrashWatch?

    /// `restart`: a new instance of an implementation (by name) to replace one whose process died
    /// (an adapter that crashed or hung is declared dead; exploration goes on with a fresh one). A
    /// process that crashed is checked with fresh ones too (`ProcessCrash`).
    public init(implementations: [any Implementation], configuration: Configuration,
                restart: (@Sendable (String) -> (any Implementation)?)? = nil) {
        self.configuration = configuration
        let watch = restart.map { CrashWatch(restart: $0) }
        crashWatch = watch
        self.slots = implementations.map { Slot($0, restart: restart, watch: watch) }
    }

    /// Which implementations run an op (after `prepare`).
    func oracles(_ t: Target, op: String?) -> [Oracle] {
        slots.enumerated().compactMap { k, s in
            let impl = s.current
            guard impl.support(suite: t.suite.name, op: op) == .runs else { return nil }
            // The explanation rules take a library's own code's value as the expected one (the app
            // under test is the subject: its value is the one explained).
            let outside = WitnessRule.Kind(impl.provenance(suite: t.suite.name)).isLibrary
            if s.restartable {
                return Oracle(slot: k, name: impl.name, outside: outside, run: { [s] request in s.run(request) })
            }
            return Oracle(slot: k, name: impl.name, outside: outside, run: impl.runner(suite: t.suite.name))
        }
    }

    /// A target with the implementations that run it: shared by every worker by reference (a
    /// suite's definition copied per case was a retain and release per field).
    final class Plan: Sendable {
        let target: Target
        let oracles: [Oracle]
        let sealers: [Oracle]
        let openers: [Oracle]
        let producers: [String: Oracle]
        init(target: Target, oracles: [Oracle], sealers: [Oracle], openers: [Oracle], producers: [String: Oracle]) {
            self.target = target
            self.oracles = oracles
            self.sealers = sealers
            self.openers = openers
            self.producers = producers
        }
        var implementations: [String] {
            var seen: [String] = []
            for o in oracles + sealers + openers where !seen.contains(o.name) { seen.append(o.name) }
            return seen
        }
    }

    func plan(_ t: Target) -> Plan {
        var producers: [String: Oracle] = [:]
        for f in t.op.inputs {
            if let p = Cases.producer(of: f.name, in: t), producers[p.name ?? "-"] == nil, let first = oracles(t, op: p.name).first {
                producers[p.name ?? "-"] = first
            }
        }
        if let rt = t.roundtrip {
            return Plan(target: t, oracles: [], sealers: oracles(t, op: rt.sealOp), openers: oracles(t, op: rt.openOp), producers: producers)
        }
        return Plan(target: t, oracles: oracles(t, op: t.op.name), sealers: [], openers: [], producers: producers)
    }

    /// The case's input (cost checked), its note, and what it showed; nil input: skipped.
    func run(_ p: Plan, case k: Int) -> (input: Fields, made: String, result: CaseResult)? {
        let (pairs, made) = Cases.make(p.target, seed: configuration.seed, case: k, produce: { op, input in
            guard let o = p.producers[op ?? "-"], case .outputs(let out) = o.run(Request(suite: p.target.suite.name, op: op, input: fields(input))) else { return nil }
            return out
        })
        let input = fields(pairs)
        if p.target.suite.exceedsLimits(input, configuration.limits) != nil || p.target.suite.cost(input) > configuration.maxCaseCost { return nil }
        return (input, made, judge(p, input))
    }

    func judge(_ p: Plan, _ input: Fields) -> CaseResult {
        let r: CaseResult
        if let rt = p.target.roundtrip {
            r = Judgement.roundtrip(p.target, rt, input, sealers: p.sealers, openers: p.openers)
        } else {
            r = Judgement.direct(p.target, input, p.oracles)
        }
        // An adapter whose process died is replaced, so that the next cases still reach it.
        for o in r.observations where o.kind == .error {
            for name in o.sides.flatMap(\.implementations) {
                slots.first { $0.name == name }?.restartIfDead()
            }
        }
        return r
    }

    /// The plan with `name` answered by a process of its own (started again whenever it dies),
    /// when `name` runs in a process that can be started again.
    func privatePlan(_ p: Plan, replacing name: String) -> (Plan, Slot)? {
        guard let shared = slots.first(where: { $0.name == name }), let restart = shared.restart, let fresh = restart(name) else { return nil }
        fresh.prepare()
        let own = Slot(fresh, restart: restart, maxRestarts: 1000)
        func swap(_ list: [Oracle]) -> [Oracle] {
            list.map { o in o.name == name ? Oracle(slot: o.slot, name: o.name, outside: o.outside, run: { [own] r in own.runRestarting(r) }) : o }
        }
        let producers = p.producers.mapValues { o in swap([o])[0] }
        return (Plan(target: p.target, oracles: swap(p.oracles), sealers: swap(p.sealers), openers: swap(p.openers), producers: producers), own)
    }

    /// Shrinks `input` while `signature` still shows: each field in turn through its smaller
    /// values (Shrink.candidates), an optional field left out, until no step holds or the runs or
    /// the deadline are spent.
    func shrink(_ p: Plan, _ input: Fields, signature: String, deadline: Date?) -> (input: Fields, observation: Observation?, steps: Int) {
        var current = input.map { ($0.key, $0.value) }
        var best: Observation? = nil
        var runs = 0, steps = 0
        let t = p.target
        let grouped = Set(t.op.exactlyOne.flatMap { $0 })
        func holds(_ candidate: [(String, Value)]) -> Bool {
            runs += 1
            let fields = Fields(ordered: candidate)
            if t.suite.exceedsLimits(fields, configuration.limits) != nil { return false }
            guard let o = judge(p, fields).observations.first(where: { $0.signature == signature }) else { return false }
            best = o
            return true
        }
        var progress = true
        while progress {
            progress = false
            var i = 0
            while i < current.count {
                if runs >= configuration.shrinkRuns || deadline.map({ Date() >= $0 }) == true { return (Fields(ordered: current), best, steps) }
                let name = current[i].0
                if Cases.linked(name, in: current, t) { i += 1; continue }
                let optional = t.op.inputs.first { $0.name == name }.map { !$0.required && !grouped.contains(name) } ?? false
                if optional {
                    var c = current
                    c.remove(at: i)
                    if holds(c) { current = c; steps += 1; progress = true; continue }
                }
                var moved = false
                let minimum = t.op.inputs.first { $0.name == name }?.minimum
                for v in Shrink.candidates(current[i].1) where Cases.within(v, minimum) {
                    if runs >= configuration.shrinkRuns { break }
                    var c = current
                    c[i].1 = v
                    if holds(c) { current = c; steps += 1; moved = true; progress = true; break }
                }
                if !moved { i += 1 }
            }
        }
        return (Fields(ordered: current), best, steps)
    }

    /// Explores every target; returns the counts and the findings, each shrunk.
    public func explore(_ targets: [Target], progress: Progress? = nil) -> Summary {
        let start = Date()
        let deadline = configuration.seconds.map { start.addingTimeInterval($0) }
        Parallel.map(slots.count) { k in slots[k].current.prepare() }.forEach { _ in }
        let plans = targets.map(plan)
        let counts = plans.map { _ in (cases: AtomicCounter(), compared: AtomicCounter(), skipped: AtomicCounter()) }
        // Per op and implementation (its place in the op's `implementations`): answered, compared, unsupported, errors.
        let answers = plans.map { p in p.implementations.map { _ in (AtomicCounter(), AtomicCounter(), AtomicCounter(), AtomicCounter()) } }
        let unsupported = slots.map { _ in AtomicCounter() }
        let findings = Locked<[String: Finding]>([:])
        let unconfirmed = AtomicCounter()
        let inputBytes = AtomicCounter()
        // A signature seen again in a lower-numbered case than the one it was found in (the
        // workers take cases out of order): the lowest such case, reported and shrunk after the
        // run, so that the same seed gives the same report whatever the threads' timing.
        let earlier = Locked<[String: (t: Int, k: Int, made: String, input: Fields, sides: [Side])]>([:])
        let seed = configuration.seed

        /// Notes case `k` of target `t` as an occurrence of a known finding, lower than its case.
        @Sendable func sawAgain(_ t: Int, _ k: Int, _ made: String, _ input: Fields, _ o: Observation) {
            earlier.withLock { e in
                if k < (e[o.signature]?.k ?? Int.max) { e[o.signature] = (t, k, made, input, o.sides) }
            }
        }

        /// One case; its counts go to the worker's own tally (`Tally`), added to the shared
        /// counters once per chunk: counters every worker wrote per case kept both cores waiting
        /// for one cache line.
        @Sendable func one(_ t: Int, _ k: Int, _ tally: inout Tally) {
            let p = plans[t]
            guard let (input, made, result) = run(p, case: k) else {
                tally.skipped += 1
                return
            }
            tally.cases += 1
            for v in input.values { if case .bytes(let b) = v { tally.bytes += b.count } else if case .text(let s) = v { tally.bytes += s.utf8.count } }
            if result.compared { tally.compared += 1 }
            for s in result.unsupported { tally.unsupported[s] += 1 }
            tally.count(p, result)
            for seen in result.observations {
                var o = seen
                let known: (Bool, lower: Bool) = findings.withLock { f in
                    guard f[o.signature] != nil else { return (false, false) }
                    f[o.signature]!.occurrences += 1
                    return (true, k < f[o.signature]!.caseNumber)
                }
                if known.0 {
                    if known.lower { sawAgain(t, k, made, input, o) }
                    continue
                }
                // A new error of an implementation behind a process: every request in flight when
                // its process died was answered `error`, so the case is run again, alone, on a
                // process of its own; only an error it gives again is a finding, and it is shrunk
                // there (a crash during the shrink then ends only that process).
                var shrinkPlan = p
                var own: Slot? = nil
                if o.kind == .error, let name = o.sides.first?.implementations.first,
                   let (mine, slot) = privatePlan(p, replacing: name) {
                    own = slot
                    shrinkPlan = mine
                    guard let again = judge(mine, input).observations.first(where: { $0.signature == o.signature }) else {
                        slot.current.shutdown()
                        unconfirmed.add(1)
                        continue
                    }
                    o = again
                }
                defer { own?.current.shutdown() }
                var earlierCase = false
                let isNew: Bool = findings.withLock { f in
                    if f[o.signature] != nil {
                        f[o.signature]!.occurrences += 1
                        if k < f[o.signature]!.caseNumber { earlierCase = true }
                        return false
                    }
                    f[o.signature] = Finding(suite: p.target.suite.name, op: p.target.op.name, kind: o.kind, signature: o.signature, sides: o.sides,
                                             rule: o.rule, seed: seed, caseNumber: k, occurrences: 1, made: made, original: input, input: input,
                                             shrinkSteps: 0,
                                             compared: p.target.roundtrip.flatMap { rt in input[rt.compared].map { (rt.compared, $0) } })
                    return true
                }
                guard isNew else {
                    if earlierCase { sawAgain(t, k, made, input, o) }
                    continue
                }
                shrinkInto(shrinkPlan, input, o.signature)
            }
        }

        /// Shrinks a finding's input on `plan` and records what it shrank to.
        @Sendable func shrinkInto(_ plan: Plan, _ input: Fields, _ signature: String) {
            let budget = Date().addingTimeInterval(configuration.shrinkSeconds)
            let (small, last, steps) = shrink(plan, input, signature: signature, deadline: deadline.map { min($0, budget) } ?? budget)
            findings.withLock { f in
                f[signature]!.input = small
                f[signature]!.shrinkSteps = steps
                if let last { f[signature]!.sides = last.sides }
                if let rt = plan.target.roundtrip, let v = small[rt.compared] { f[signature]!.compared = (rt.compared, v) }
            }
        }

        let active = plans.indices.filter { plans[$0].oracles.count + plans[$0].sealers.count > 0 }
        if let k = configuration.onlyCase {
            for t in active {
                var tally = Tally(slots.count, implementations: plans[t].implementations)
                one(t, k, &tally)
                tally.add(to: counts[t], unsupported, inputBytes, answers[t])
            }
        } else {
            let pool = WorkerPool()
            var next = plans.map { _ in 0 }
            var chunk = plans.map { _ in 16 }
            var remaining = active
            // With a shard, the cases are numbered j = 0, 1, 2, … in it and case j·N + K − 1 is run:
            // below `cases`, that is j < ⌈(cases − K + 1) / N⌉.
            let shard = configuration.shard
            let limit = configuration.cases.map { c in shard.map { s in max(0, (c - (s.index - 1) + s.count - 1) / s.count) } ?? c } ?? Int.max
            while !remaining.isEmpty {
                if let deadline, Date() >= deadline { break }
                for t in remaining {
                    if let deadline, Date() >= deadline { break }
                    let base = next[t], end = min(limit, base &+ chunk[t])
                    let cursor = AtomicCounter(base)
                    let t0 = Date()
                    let slotCount = slots.count
                    // Cases taken 8 at a time (one shared counter step per 8) only in large chunks of
                    // cheap cases: a case may take half a second, and --seconds is kept within one.
                    let step = end - base >= 1024 ? 8 : 1
                    // No more threads than steps of the chunk: a thread with nothing to take would
                    // only be woken and put to sleep again (a thousand of them for 16 cases).
                    pool.perform(threads: min(configuration.workers, (end - base + step - 1) / step)) { _ in
                        var tally = Tally(slotCount, implementations: plans[t].implementations)
                        defer { tally.add(to: counts[t], unsupported, inputBytes, answers[t]) }
                        while true {
                            let first = cursor.add(step) - step
                            if first >= end { return }
                            if let deadline, Date() >= deadline { return }
                            for j in first..<min(end, first + step) { one(t, shard.map { j * $0.count + $0.index - 1 } ?? j, &tally) }
                        }
                    }
                    next[t] = end
                    let took = Date().timeIntervalSince(t0)
                    if took < 0.05 && chunk[t] < 1 << 16 { chunk[t] *= 2 } else if took > 0.2 && chunk[t] > 1 { chunk[t] /= 2 }
                    progress?(counts.reduce(0) { $0 + $1.cases.load() }, findings.withLock { $0.count }, Date().timeIntervalSince(start))
                }
                remaining = remaining.filter { next[$0] < limit }
            }
            pool.stop()
        }
        // A finding first met in a later case than its lowest is reported from the lowest and
        // shrunk again from it (in signature order, one at a time): the cases a run of --cases
        // covers are the same on every run, so the finding is too. A run bounded by --seconds
        // covers cases that depend on the machine's speed, and keeps what it found.
        if configuration.seconds == nil {
            for (signature, e) in earlier.withLock({ $0 }).sorted(by: { $0.key < $1.key }) {
                let p = plans[e.t]
                guard let kind = findings.withLock({ f in f[signature].flatMap { e.k < $0.caseNumber ? $0.kind : nil } }) else { continue }
                var shrinkPlan = p
                var own: Slot? = nil
                defer { own?.current.shutdown() }
                var sides = e.sides
                // An error is a finding only when its case gives it again alone, on a process of
                // its own (as when it was first met): a lower case that does not stays unreported.
                if kind == .error, let name = e.sides.first?.implementations.first, let (mine, slot) = privatePlan(p, replacing: name) {
                    own = slot
                    shrinkPlan = mine
                    guard let again = judge(mine, e.input).observations.first(where: { $0.signature == signature }) else { continue }
                    sides = again.sides
                }
                findings.withLock { f in
                    f[signature]!.caseNumber = e.k
                    f[signature]!.made = e.made
                    f[signature]!.original = e.input
                    f[signature]!.input = e.input
                    f[signature]!.sides = sides
                    f[signature]!.shrinkSteps = 0
                    f[signature]!.compared = p.target.roundtrip.flatMap { rt in e.input[rt.compared].map { (rt.compared, $0) } }
                }
                shrinkInto(shrinkPlan, e.input, signature)
            }
        }
        // Each finding with its testimony over the explored implementations (settle adds others'),
        // in the targets' order, then by the case it was first met in: never the order the
        // workers happened to meet them.
        let place = Dictionary(plans.indices.map { ("\(plans[$0].target.suite.name) \(plans[$0].target.op.name)", $0) }, uniquingKeysWith: { a, _ in a })
        let found = findings.withLock { Array($0.values) }.sorted { a, b in
            let x = place["\(a.suite) \(a.op ?? "")"] ?? Int.max, y = place["\(b.suite) \(b.op ?? "")"] ?? Int.max
            return x != y ? x < y : a.caseNumber != b.caseNumber ? a.caseNumber < b.caseNumber : a.signature < b.signature
        }
        let all = found.map { f in
            var f = f
            f.testimony = testify(f, witnesses: [])?.0
            return f
        }
        var perImplementation: [String: Int] = [:]
        for (k, s) in slots.enumerated() where unsupported[k].load() > 0 { perImplementation[s.name] = unsupported[k].load() }
        return Summary(targets: plans.indices.map { t in
                           TargetCount(suite: plans[t].target.suite.name, op: plans[t].target.op.name, implementations: plans[t].implementations,
                                       cases: counts[t].cases.load(), compared: counts[t].compared.load(), skipped: counts[t].skipped.load(),
                                       answers: answers[t].map { a in
                                           ExploredTarget.Answers(answered: a.0.load(), compared: a.1.load(), unsupported: a.2.load(), errors: a.3.load())
                                       })
                       },
                       findings: all, unsupported: perImplementation, seconds: Date().timeIntervalSince(start), unconfirmed: unconfirmed.load(),
                       crashes: crashWatch?.crashes() ?? [], inputBytes: inputBytes.load())
    }

    /// Stops every implementation it started (and every replacement).
    public func shutdown() { shutdownAll(slots.map(\.current)) }
}

/// Each thread's orders of field names: a case's `Fields` made without the process-wide interning
/// table's lock (both cores took it twice per case).
final class OrderCache {
    var orders: [[String]: Fields.Order] = [:]
}
let orderCache = ThreadLocal { OrderCache() }

/// A case's fields (its names distinct, as generated), their order interned once per thread.
func fields(_ pairs: [(String, Value)]) -> Fields {
    let names = pairs.map(\.0)
    let cache = orderCache.value
    if let o = cache.orders[names] { return Fields(names: o, values: pairs.map(\.1)) }
    guard Set(names).count == names.count else { return Fields(ordered: pairs) }
    let o = Fields.Names.interned(names)
    if cache.orders.count < 4096 { cache.orders[names] = o }
    return Fields(names: o, values: pairs.map(\.1))
}

/// A worker's counts of one chunk.
struct Tally {
    var cases = 0, compared = 0, skipped = 0, bytes = 0
    var unsupported: [Int]
    /// Per implementation of the op (its place in the plan's `implementations`).
    let implementations: [String]
    var answers: [ExploredTarget.Answers]
    init(_ slots: Int, implementations: [String] = []) {
        unsupported = Array(repeating: 0, count: slots)
        self.implementations = implementations
        answers = implementations.map { _ in ExploredTarget.Answers() }
    }

    /// What each implementation of the op did with one case: unsupported, an error (a finding of
    /// its own), or an answer (compared when the case compared two or more).
    mutating func count(_ p: Explorer.Plan, _ r: CaseResult) {
        // The common case, every case: everyone answered (no set is made).
        if r.unsupported.isEmpty && r.observations.isEmpty {
            for k in answers.indices {
                answers[k].answered += 1
                if r.compared { answers[k].compared += 1 }
            }
            return
        }
        let unsupportedNames = Set(r.unsupported.compactMap { k in (p.oracles + p.sealers + p.openers).first { $0.slot == k }?.name })
        let erred = Set(r.observations.filter { $0.kind == .error }.flatMap { $0.sides.prefix(1).flatMap(\.implementations) })
        for (k, name) in implementations.enumerated() {
            if unsupportedNames.contains(name) { answers[k].unsupported += 1 }
            else if erred.contains(name) { answers[k].errors += 1 }
            else {
                answers[k].answered += 1
                if r.compared { answers[k].compared += 1 }
            }
        }
    }

    func add(to c: (cases: AtomicCounter, compared: AtomicCounter, skipped: AtomicCounter), _ u: [AtomicCounter], _ b: AtomicCounter,
             _ a: [(AtomicCounter, AtomicCounter, AtomicCounter, AtomicCounter)] = []) {
        if cases > 0 { c.cases.add(cases) }
        if bytes > 0 { b.add(bytes) }
        if compared > 0 { c.compared.add(compared) }
        if skipped > 0 { c.skipped.add(skipped) }
        for (k, n) in unsupported.enumerated() where n > 0 { u[k].add(n) }
        for (k, x) in answers.enumerated() where k < a.count {
            if x.answered > 0 { a[k].0.add(x.answered) }
            if x.compared > 0 { a[k].1.add(x.compared) }
            if x.unsupported > 0 { a[k].2.add(x.unsupported) }
            if x.errors > 0 { a[k].3.add(x.errors) }
        }
    }
}

/// One implementation's place: the instance in use, replaced when its process died.
final class Slot: Sendable {
    let name: String
    let restart: (@Sendable (String) -> (any Implementation)?)?
    /// The instance, its fresh starts so far, and whether its death was told to `watch`.
    private let state: Locked<(impl: any Implementation, restarts: Int, reported: Bool)>
    /// At most this many fresh starts (20 for an implementation the exploration shares).
    let maxRestarts: Int
    /// Told of each crash of a shared process (nil for a worker's own process).
    let watch: CrashWatch?

    init(_ impl: any Implementation, restart: (@Sendable (String) -> (any Implementation)?)?, maxRestarts: Int = 20, watch: CrashWatch? = nil) {
        name = impl.name
        state = Locked((impl, 0, false))
        self.maxRestarts = maxRestarts
        // In-process implementations are never replaced: their function is taken once per op.
        self.restart = impl.processStarts > 0 || !(impl is InProcessImplementation) ? restart : nil
        self.watch = self.restart == nil ? nil : watch
        self.watch?.watch(impl)
    }
    var restartable: Bool { restart != nil }
    var current: any Implementation { state.withLock { $0.impl } }
    func run(_ r: Request) -> Outcome { current.run(r) }
    /// `run`, and a fresh process after an answer its process died with.
    func runRestarting(_ r: Request) -> Outcome {
        let o = current.run(r)
        if case .error = o { restartIfDead() }
        return o
    }

    /// Replaces the instance when its process has started and is now dead (a request answered
    /// `error` by a process that exited or was declared dead after a timeout).
    func restartIfDead() {
        guard let restart else { return }
        let old: (any Implementation)? = state.withLock { s in
            guard s.impl.processStarts > 0,
                  case .error(let why) = s.impl.run(Request(suite: "", op: nil, input: [:])),
                  why.contains("exited") || why.contains("declared dead") || why.contains("not running") || why.contains("stopped reading") else { return nil }
            if !s.reported {
                s.reported = true
                watch?.died(s.impl, reason: why)
            }
            guard s.restarts < maxRestarts, let fresh = restart(name) else { return nil }
            let old = s.impl
            watch?.watch(fresh)
            fresh.prepare()
            s = (fresh, s.restarts + 1, false)
            return old
        }
        if let old { DispatchQueue.global().async { old.shutdown() } }
    }
}
