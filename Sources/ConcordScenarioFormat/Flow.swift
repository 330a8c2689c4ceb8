import ConcordFormats
import ConcordGeneration
import ConcordSuites

// Repetition and choice in a scenario (docs/scenarios.md, "Flows that go long"): a repeat block
// runs its steps N times (N fixed or drawn from a schedule), a deliver block runs its steps once
// per delivery of a repeat block's iterations in a drawn order (permuted, delayed, dropped,
// duplicated), classed by a model of the receiver (a skipped-key cap, a window). A trial draws the
// flow's choices from the seed (`Scenario.choice`) and runs the plain scenario they make
// (`Scenario.expanded`): one step per iteration and delivery, in memory and time linear in them.

/// How many times a block runs (or how often a value is drawn anew): fixed, or drawn per trial.
public enum Count: Sendable, Equatable {
    case fixed(Int)
    /// Drawn from `min...max` by the count schedule (`Count.draw`).
    case range(min: Int, max: Int)
    /// One of these, drawn per trial.
    case oneOf([Int])

    public var least: Int {
        switch self {
        case .fixed(let n): return n
        case .range(let lo, _): return lo
        case .oneOf(let l): return l.min() ?? 0
        }
    }
    public var most: Int {
        switch self {
        case .fixed(let n): return n
        case .range(_, let hi): return hi
        case .oneOf(let l): return l.max() ?? 0
        }
    }
    public var isDrawn: Bool { if case .fixed = self { return false } else { return true } }

    /// The edges of a range, in the order edge trials take them: its largest first (so trial 1 of
    /// every default run is the longest flow), its least, then 2^k − 1, 2^k and 2^k + 1 for every
    /// power of two inside it, ascending.
    public var edges: [Int] {
        switch self {
        case .fixed(let n): return [n]
        case .oneOf(let l): return l
        case .range(let lo, let hi):
            var out = [hi]
            if lo != hi { out.append(lo) }
            var p = 1
            while p - 1 < hi {
                for v in [p - 1, p, p + 1] where v > lo && v < hi && !out.contains(v) { out.append(v) }
                if p > Int.max / 4 { break }
                p *= 2
            }
            return out
        }
    }

    /// The count of trial `trial` (docs/scenarios.md, "The count schedule"): odd trials take the
    /// edges in turn (trial 2k+1 edge k); even trials take an edge 1 time in 4, else a value
    /// log-uniform over the range (a bit length uniform, then a value of that length), so short
    /// and long flows come alike.
    public func draw(trial: Int, rng: inout SeededRandom) -> Int {
        switch self {
        case .fixed(let n): return n
        case .oneOf(let l):
            if trial % 2 == 1 { return l[(trial / 2) % l.count] }
            return l[Int(rng.below(UInt64(l.count)))]
        case .range(let lo, let hi):
            let e = edges
            if trial % 2 == 1 { return e[(trial / 2) % e.count] }
            if rng.chance(1, in: 4) { return e[Int(rng.below(UInt64(e.count)))] }
            if hi - lo < 16 { return lo + Int(rng.below(UInt64(hi - lo + 1))) }
            func bits(_ v: Int) -> Int { v <= 0 ? 0 : Int.bitWidth - v.leadingZeroBitCount }
            let b = bits(lo) + Int(rng.below(UInt64(bits(hi) - bits(lo) + 1)))
            let from = Swift.max(lo, b == 0 ? 0 : 1 << (b - 1)), to = Swift.min(hi, b == 0 ? 0 : (1 << b) - 1)
            return from + Int(rng.below(UInt64(to - from + 1)))
        }
    }

    public var description: String {
        switch self {
        case .fixed(let n): return String(n)
        case .range(let lo, let hi): return "\(lo) to \(hi)"
        case .oneOf(let l): return "one of \(l.map(String.init).joined(separator: ", "))"
        }
    }
}

/// In which order a block's iterations run, or a deliver block delivers them.
public enum Order: Sendable, Equatable {
    case inOrder
    /// Every order equally likely (Fisher–Yates on the trial's stream).
    case shuffled
    /// Each iteration moved back by up to `delay` places (drawn per delivery), dropped `drop`
    /// percent of the time, delivered a second time (its own delay) `duplicate` percent of the
    /// time; `shuffle` first permutes them all.
    case drawn(shuffle: Bool, delay: Count, drop: Int, duplicate: Int)
    /// These iterations, in this order (a written flow's).
    case explicit([Int])

    public var isDrawn: Bool {
        switch self {
        case .inOrder, .explicit: return false
        default: return true
        }
    }

    /// The iterations in delivery order, for a block that ran `count` times.
    public func draw(count: Int, trial: Int, rng: inout SeededRandom) -> [Int] {
        switch self {
        case .inOrder: return Array(0..<count)
        case .explicit(let l): return l.filter { $0 < count }
        case .shuffled: return Self.shuffle(Array(0..<count), &rng)
        case .drawn(let shuffle, let delay, let drop, let duplicate):
            var items = Array(0..<count)
            if shuffle { items = Self.shuffle(items, &rng) }
            // The delay follows the count schedule: edge trials take its edges (trial 1 its largest).
            let d = delay.draw(trial: trial, rng: &rng)
            // Each delivery's place: its place in line plus its delay; ties keep the line's order.
            var keyed: [(key: Int, seq: Int, index: Int)] = []
            keyed.reserveCapacity(count)
            for (place, i) in items.enumerated() {
                if drop > 0 && rng.chance(UInt64(drop), in: 100) { continue }
                keyed.append((place + (d > 0 ? Int(rng.below(UInt64(d) + 1)) : 0), keyed.count, i))
                if duplicate > 0 && rng.chance(UInt64(duplicate), in: 100) {
                    keyed.append((place + (d > 0 ? Int(rng.below(UInt64(d) + 1)) : 0), keyed.count, i))
                }
            }
            keyed.sort { ($0.key, $0.seq) < ($1.key, $1.seq) }
            return keyed.map(\.index)
        }
    }

    static func shuffle(_ a: [Int], _ rng: inout SeededRandom) -> [Int] {
        var a = a
        var k = a.count
        while k > 1 {
            let j = Int(rng.below(UInt64(k)))
            k -= 1
            a.swapAt(k, j)
        }
        return a
    }
}

/// A model of the receiver a deliver block delivers to, which classes each delivery.
public enum Receiver: Sendable, Equatable {
    /// A Double-Ratchet receiver: a message ahead of the next one it expects skips the keys between
    /// and stores them; `skip + stored` above the cap is refused, and the receiver is unchanged.
    case skipCap(Int)
    /// A sender-key receiver at the iteration it expects next: a message more than `window` away
    /// from it, either way, is refused.
    case window(Int)
}

/// How a delivery meets the receiver.
public enum DeliveryClass: String, Sendable, CaseIterable {
    /// The one it expects next (`index == next`).
    case next
    /// Later than that, within the receiver's limit (keys skipped).
    case ahead
    /// Earlier, and not delivered before (its key was stored).
    case late
    /// Delivered before (a duplicate, a replay).
    case again
    /// Past the receiver's limit (`skipCap` or `window`): refused, the receiver unchanged.
    case beyond
}

/// The numbers of one delivery (`{delivery: NAME}`), all integers.
public enum DeliveryValue: String, Sendable, CaseIterable {
    /// The iteration delivered.
    case index
    /// Its place among the deliveries (0 first).
    case ordinal
    /// The iteration the receiver expects next, before this delivery (0 at first).
    case next
    /// `next − 1`: the last iteration the receiver took in order (−1 before any).
    case last
    /// How many iterations it skips to reach this one (`index − next` when ahead or beyond, else 0).
    case skip
    /// How many skipped iterations the receiver holds (stored, not yet delivered) before this one.
    case stored
    /// For a late delivery: the `next` of the delivery that skipped over it (and stored its key).
    case from
    /// For a late delivery: `index − from`, its place in the chain that delivery skipped along.
    case offset
}

/// An iteration named by `of:`.
public enum Iteration: Sendable, Equatable {
    /// K from the start, or (negative) from the end: −1 is the last.
    case literal(Int)
    /// A number of the current delivery.
    case delivery(DeliveryValue)

    public var description: String {
        switch self {
        case .literal(let k): return String(k)
        case .delivery(let v): return "(the delivery's \(v.rawValue))"
        }
    }
}

/// A value passed from one iteration to the next: `first` for iteration 0, then `next` as the
/// previous iteration made it.
public struct Carry: Sendable {
    public var name: String
    public var type: FieldType
    public var first: Source
    public var next: Source
    public var line: Int, column: Int
}

public struct RepeatBlock: Sendable {
    public var name: String
    public var count: Count
    /// The order its iterations run in (`inOrder`, or `shuffled`/a delay when nothing is carried).
    public var order: Order
    /// Its per-iteration fresh values (declared in `Scenario.fresh`), each drawn anew every
    /// `every[name]` iterations (1 when absent).
    public var fresh: [String]
    public var every: [String: Count]
    public var carry: [Carry]
    /// Its steps' ids, in run order.
    public var steps: [String]
    public var line: Int, column: Int
}

public struct DeliveryCase: Sendable {
    public var on: [DeliveryClass]
    public var steps: [String]
    public var line: Int, column: Int
}

public struct DeliverBlock: Sendable {
    public var name: String
    /// The repeat block whose iterations it delivers.
    public var of: String
    public var order: Order
    public var receiver: Receiver?
    /// Run for every delivery, before its case's.
    public var steps: [String]
    public var cases: [DeliveryCase]
    public var line: Int, column: Int

    public func steps(for c: DeliveryClass) -> [String] { steps + (cases.first { $0.on.contains(c) }?.steps ?? []) }
}

/// Where a written flow's values come from: the scenario it was found in, the seed, the trial.
public struct FlowPin: Sendable, Equatable {
    public var from: String
    public var seed: UInt64
    public var trial: Int
    public init(from: String, seed: UInt64, trial: Int) { self.from = from; self.seed = seed; self.trial = trial }
}

public enum FlowItem: Sendable, Equatable {
    case step(String)
    case repeatBlock(String)
    case deliverBlock(String)

    public var name: String {
        switch self {
        case .step(let n), .repeatBlock(let n), .deliverBlock(let n): return n
        }
    }
}

/// A scenario's structure: its steps and blocks in run order.
public struct FlowStructure: Sendable {
    public var items: [FlowItem] = []
    public var repeats: [String: RepeatBlock] = [:]
    public var deliveries: [String: DeliverBlock] = [:]
    /// The block of each per-iteration fresh value and carried value.
    public var freshBlock: [String: String] = [:]
    public var carryBlock: [String: String] = [:]
    /// The block (repeat or deliver) of each step in one (absent: top-level).
    public var stepBlock: [String: String] = [:]
    public var pin: FlowPin? = nil
    public init() {}

    /// Repeat blocks first then deliver blocks, each in run order.
    public var blockNames: [String] { items.compactMap { if case .repeatBlock(let n) = $0 { return n } else { return nil } }
        + items.compactMap { if case .deliverBlock(let n) = $0 { return n } else { return nil } } }
}

/// The choices of one flow: what a trial draws, what shrinking changes, what a written flow fixes.
public struct FlowChoice: Sendable, Equatable {
    /// Per repeat block: how many times it runs.
    public var counts: [String: Int] = [:]
    /// Per per-iteration fresh value with a drawn `every`: how often it is drawn anew.
    public var every: [String: Int] = [:]
    /// Per repeat block run out of order and per deliver block: the iterations, in order.
    public var orders: [String: [Int]] = [:]
    /// Declared steps and blocks left out (shrinking).
    public var removed: Set<String> = []
    /// Top-level checks left out, by their place in `Scenario.checks` among those without a step.
    public var removedChecks: Set<Int> = []
    public init() {}
}

/// The most steps one flow may expand to, and the most iterations of one block: a flow runs in
/// memory linear in its steps (every step's record is kept until the trial ends).
public enum FlowLimits {
    public static let maxSteps = 100_000
    public static let maxCount = 100_000
    public static let maxDelay = 100_000
}

extension Scenario {
    /// Whether the scenario has repetition or choice, or is a written flow.
    public var isPlain: Bool { flow.repeats.isEmpty && flow.deliveries.isEmpty && flow.pin == nil }

    /// The seed and scenario name its values are drawn from, and the trial: a written flow's own.
    public func stream(seed: UInt64, trial: Int) -> (path: [String], trial: Int) {
        if let p = flow.pin { return (Scenario.streamPath(seed: p.seed, scenario: p.from), p.trial) }
        return (Scenario.streamPath(seed: seed, scenario: name), trial)
    }

    /// The choices of trial `trial` of seed `seed`: each from its own stream (`…/trial/K/flow/BLOCK/…`),
    /// so one block's draw does not move another's.
    public func choice(seed: UInt64, trial: Int) -> FlowChoice {
        let (path, t) = stream(seed: seed, trial: trial)
        var c = FlowChoice()
        for b in flow.blockNames {
            let base = path + ["trial", String(t), "flow", b]
            if let r = flow.repeats[b] {
                var rng = SeededRandom(path: base + ["count"])
                c.counts[b] = r.count.draw(trial: t, rng: &rng)
                for f in r.fresh {
                    guard let e = r.every[f], e.isDrawn else { continue }
                    var rng = SeededRandom(path: base + ["every", f])
                    c.every[f] = e.draw(trial: t, rng: &rng)
                }
                if r.order != .inOrder {
                    var rng = SeededRandom(path: base + ["order"])
                    c.orders[b] = r.order.draw(count: c.counts[b]!, trial: t, rng: &rng)
                }
            } else if let d = flow.deliveries[b] {
                var rng = SeededRandom(path: base + ["order"])
                c.orders[b] = d.order.draw(count: c.counts[d.of] ?? 0, trial: t, rng: &rng)
            }
        }
        return c
    }

    /// The plain scenario of one flow: every iteration's and delivery's steps, fresh values and
    /// expect entries made concrete, in run order. A plain scenario is returned as it is.
    public func expanded(_ c: FlowChoice) -> Scenario {
        if flow.repeats.isEmpty && flow.deliveries.isEmpty && c.removed.isEmpty && c.removedChecks.isEmpty { return self }
        var x = FlowExpansion(scenario: self, choice: c)
        return x.run()
    }
}

/// One delivery, classed.
struct Delivered {
    var index: Int
    var ordinal: Int
    var cls: DeliveryClass
    var values: [DeliveryValue: Int]
}

enum ReceiverModel {
    /// Classes each delivery of iterations `0..<count` in `order`, as the receiver meets them (linear).
    static func classify(_ order: [Int], count: Int, receiver: Receiver?) -> [Delivered] {
        var next = 0
        var accepted = [Bool](repeating: false, count: count)
        var storedFrom = [Int](repeating: -1, count: count)   // the `next` when its key was stored
        var stored = 0
        var out: [Delivered] = []
        out.reserveCapacity(order.count)
        for (k, i) in order.enumerated() {
            var v: [DeliveryValue: Int] = [.index: i, .ordinal: k, .next: next, .last: next - 1, .skip: 0, .stored: stored, .from: 0, .offset: 0]
            var cls: DeliveryClass
            if i >= next {
                let skip = i - next
                v[.skip] = skip
                var over = false
                switch receiver {
                case .skipCap(let cap)?: over = skip + stored > cap
                case .window(let w)?: over = skip > w
                case nil: break
                }
                if over {
                    cls = .beyond
                } else {
                    cls = skip == 0 ? .next : .ahead
                    for j in next..<i where !accepted[j] && storedFrom[j] < 0 { storedFrom[j] = next; stored += 1 }
                    accepted[i] = true
                    if storedFrom[i] >= 0 { storedFrom[i] = -1; stored -= 1 }
                    next = i + 1
                }
            } else if accepted[i] {
                cls = .again
                if case .window(let w)? = receiver, next - i > w { cls = .beyond }
            } else {
                cls = .late
                if case .window(let w)? = receiver, next - i > w {
                    cls = .beyond
                } else {
                    let from = storedFrom[i] >= 0 ? storedFrom[i] : 0
                    v[.from] = from
                    v[.offset] = i - from
                    if storedFrom[i] >= 0 { storedFrom[i] = -1; stored -= 1 }
                    accepted[i] = true
                }
            }
            out.append(Delivered(index: i, ordinal: k, cls: cls, values: v))
        }
        return out
    }
}

/// Expands a scenario's blocks for one flow's choices, without recursion on the number of steps.
struct FlowExpansion {
    let s: Scenario
    let c: FlowChoice
    var steps: [Step] = []
    var checks: [Check] = []
    var fresh: [FreshDeclaration] = []
    /// Per repeat block: the carried values each iteration saw, and after the last.
    var carryAt: [String: [[String: Source]]] = [:]
    var carryAfter: [String: [String: Source]] = [:]
    /// Per per-iteration fresh value: how often it is drawn anew.
    var every: [String: Int] = [:]
    let byID: [String: Step]
    let expects: [String: [Check]]

    init(scenario: Scenario, choice: FlowChoice) {
        s = scenario
        c = choice
        byID = Dictionary(scenario.steps.map { ($0.id, $0) }, uniquingKeysWith: { a, _ in a })
        expects = Dictionary(grouping: scenario.checks.filter { $0.step != nil }, by: { $0.step! })
    }

    /// Where a reference is made: in which iteration of which repeat block, in which delivery.
    struct Context {
        var block: String? = nil
        var iteration: Int = 0
        var delivery: (block: String, ordinal: Int, values: [DeliveryValue: Int])? = nil
    }

    func count(_ b: String) -> Int { c.counts[b] ?? s.flow.repeats[b]?.count.least ?? 0 }

    func drawName(_ name: String, iteration i: Int) -> String { "\(name)#\(i / max(1, every[name] ?? 1))" }

    mutating func run() -> Scenario {
        // The file's own fresh values as they are; a block's are declared per draw when it runs.
        fresh = s.fresh.filter { s.flow.freshBlock[$0.name] == nil }
        for item in s.flow.items where !c.removed.contains(item.name) {
            switch item {
            case .step(let id): emit(id, instance: id, Context())
            case .repeatBlock(let b): repeatBlock(s.flow.repeats[b]!)
            case .deliverBlock(let d): deliverBlock(s.flow.deliveries[d]!)
            }
        }
        var k = 0
        for check in s.checks where check.step == nil {
            defer { k += 1 }
            if c.removedChecks.contains(k) { continue }
            var x = check
            x.equal = check.equal.map { rewrite($0, Context()) }
            checks.append(x)
        }
        var out = s
        out.steps = steps
        out.checks = checks
        out.fresh = fresh
        out.flow = FlowStructure()
        out.flow.items = steps.map { .step($0.id) }
        out.flow.pin = s.flow.pin
        return out
    }

    mutating func emit(_ id: String, instance: String, _ ctx: Context) {
        guard var step = byID[id], !c.removed.contains(id) else { return }
        step.id = instance
        step.base = id
        step.input = step.input.map { ($0.field, rewrite($0.source, ctx)) }
        steps.append(step)
        for check in expects[id] ?? [] {
            var x = check
            x.step = instance
            x.equal = check.equal.map { rewrite($0, ctx) }
            checks.append(x)
        }
    }

    mutating func repeatBlock(_ r: RepeatBlock) {
        let n = count(r.name)
        for f in r.fresh { every[f] = c.every[f] ?? (r.every[f].map { $0.least } ?? 1) }
        // Its fresh values, one declaration per draw (`name#r`), each a stream of its own.
        let declared = Dictionary(s.fresh.map { ($0.name, $0) }, uniquingKeysWith: { a, _ in a })
        for f in r.fresh {
            let d = declared[f]!
            let e = max(1, every[f]!)
            let draws = n == 0 ? 0 : (n - 1) / e + 1
            for k in 0..<draws {
                var x = d
                x.name = "\(f)#\(k)"
                if let rot = d.options.rotates, s.flow.freshBlock[rot] == nil {
                    // A chain: the first draw rotates the named keyset, each later one the draw before.
                    x.options.rotates = k == 0 ? rot : "\(f)#\(k - 1)"
                }
                if let peer = d.options.sharedWith, s.flow.freshBlock[peer] == r.name {
                    x.options.sharedWith = drawName(peer, iteration: k * e)
                }
                fresh.append(x)
            }
        }
        var carried: [String: Source] = [:]
        for cv in r.carry { carried[cv.name] = rewrite(cv.first, Context()) }
        let inOrder = c.orders[r.name] == nil
        if !r.carry.isEmpty { carryAt[r.name] = [] }
        let iterations = c.orders[r.name] ?? Array(0..<n)
        for i in iterations where i < n {
            let ctx = Context(block: r.name, iteration: i)
            if !r.carry.isEmpty && inOrder { carryAt[r.name]!.append(carried) }
            for id in r.steps { emit(id, instance: "\(id).\(i)", ctx) }
            if !r.carry.isEmpty && inOrder {
                var next: [String: Source] = [:]
                for cv in r.carry { next[cv.name] = rewrite(cv.next, ctx) }
                carried = next
            }
        }
        carryAfter[r.name] = carried
    }

    mutating func deliverBlock(_ d: DeliverBlock) {
        let n = count(d.of)
        let order = c.orders[d.name] ?? Array(0..<n)
        for x in ReceiverModel.classify(order.filter { $0 < n }, count: n, receiver: d.receiver) {
            let ctx = Context(block: d.of, iteration: x.index, delivery: (d.name, x.ordinal, x.values))
            for id in d.steps(for: x.cls) { emit(id, instance: "\(id).\(x.index).d\(x.ordinal)", ctx) }
        }
    }

    /// A reference made concrete in a context: repeated steps and values named by their instance.
    func rewrite(_ src: Source, _ ctx: Context) -> Source {
        switch src {
        case .literal, .unavailable: return src
        case .fresh(let n):
            let base = n.split(separator: ".", maxSplits: 1).map(String.init)
            guard s.flow.freshBlock[base[0]] != nil else { return src }
            return .fresh(drawName(base[0], iteration: ctx.iteration) + (base.count == 2 ? "." + base[1] : ""))
        case .output(let step, let f), .input(let step, let f):
            guard let b = s.flow.stepBlock[step] else { return src }
            let instance: String
            if s.flow.deliveries[b] != nil {
                guard let d = ctx.delivery else { return .unavailable("step \(step) runs only in a delivery") }
                instance = "\(step).\(ctx.iteration).d\(d.ordinal)"
            } else {
                instance = "\(step).\(ctx.iteration)"
            }
            if c.removed.contains(step) { return .unavailable("step \(step) was left out") }
            if case .output = src { return .output(step: instance, field: f) }
            return .input(step: instance, field: f)
        case .index: return .literal(.integer(Int64(ctx.iteration)))
        case .count(let b): return .literal(.integer(Int64(count(b))))
        case .delivery(let v): return .literal(.integer(Int64(ctx.delivery?.values[v] ?? 0)))
        case .carry(let name):
            let b = s.flow.carryBlock[name]!
            if ctx.block == b {
                guard let at = carryAt[b], ctx.iteration < at.count, let v = at[ctx.iteration][name] else {
                    return .unavailable("carried \(name) of iteration \(ctx.iteration) was not made")
                }
                return v
            }
            return carryAfter[b]?[name] ?? .unavailable("carried \(name): block \(b) did not run")
        case .at(let inner, let k):
            guard let b = Self.block(of: inner, s) else { return rewrite(inner, ctx) }
            let n = count(b)
            var i: Int
            switch k {
            case .literal(let v): i = v < 0 ? n + v : v
            case .delivery(let v): i = ctx.delivery?.values[v] ?? -1
            }
            guard i >= 0 && i < n else {
                return .unavailable("iteration \(i) of \(b) does not exist (it ran \(n) time\(n == 1 ? "" : "s"))")
            }
            return rewrite(inner, Context(block: b, iteration: i))
        case .flipped(let inner, let at): return .flipped(rewrite(inner, ctx), at: at)
        case .flippedText(let inner, let at, let e, let p): return .flippedText(rewrite(inner, ctx), at: at, encoding: e, prefix: p)
        case .sliced(let inner, let from, let to): return .sliced(rewrite(inner, ctx), from: from, to: to)
        case .concat(let parts): return .concat(parts.map { rewrite($0, ctx) })
        case .bytesOf(let inner): return .bytesOf(rewrite(inner, ctx))
        }
    }

    /// The repeat block a reference names a value or step of (nil: a top-level one).
    static func block(of src: Source, _ s: Scenario) -> String? {
        switch src {
        case .fresh(let n): return s.flow.freshBlock[String(n.split(separator: ".", maxSplits: 1)[0])]
        case .output(let step, _), .input(let step, _): return s.flow.stepBlock[step].flatMap { s.flow.repeats[$0] != nil ? $0 : nil }
        case .carry(let n): return s.flow.carryBlock[n]
        default: return nil
        }
    }
}
