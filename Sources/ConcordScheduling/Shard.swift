import ConcordLoading
import ConcordSuites
import ConcordPacks
/// One slice of a run (`concord run --shard K/N`): shards 1…N together hold every vector exactly
/// once, the split is the same on every machine and every run, and the shards' expected work —
/// each adapter's start included — is balanced (docs/ci.md).
///
/// The method, in three parts:
/// - vectors whose suites name the same *shared work* (`Suite.sharedWork`: a Closer KEK derived from
///   one secret, salt and parameter set, computed once per implementation in a run) form one unit,
///   costed with that work once; every other vector is a unit of its own. Splitting such a group
///   would make every shard holding part of it derive the key again;
/// - *heavy* units (expected cost at or above `heavyThreshold`: Argon2id at real parameters, the
///   groups of Closer vectors that derive a key) are placed one by one; the *cheap* ones of a suite
///   are placed together, as one item (cut in slices by their hash when one suite's cheap work is
///   more than a shard's share): a shard running part of a suite pays its adapters' warm-up for it;
/// - a shard starts every adapter its vectors' suites name (`Suite.implementations`; the runner
///   starts no other), at a fixed cost each (`CostTable.start`). Items are packed (`pack`) so that each
///   adapter is started on as few shards as the balance allows: webcrypto's suites (Chromium) on
///   one shard when they fit there, then node's, then the rest, largest first, to the least
///   loaded shard.
///
/// The plan depends only on the vectors, their suites' definitions, the cost table (data/costs.tsv:
/// every shard of a run must read the same one) and N: not on what is installed
/// (a missing adapter changes no shard), nor on the order of the vectors (every sum is of integer
/// nanoseconds, every tie broken by name). Stability: an item moves only when a change before it in
/// the packing order changes a shard's load at a bound (ShardMergeTests measures how many).
public struct Shard: Sendable, Equatable, CustomStringConvertible {
    /// 1-based.
    public var index: Int
    public var count: Int

    /// Vectors at or above this expected cost (seconds on one implementation) are placed one by one;
    /// the others with their suite's. 1 ms: the cost above which the runner schedules a job on its own.
    public static let heavyThreshold = 1e-3

    /// The measured figures the plan costs vectors and adapters' starts with (`CostTable`: a data
    /// file `scripts/bench-shard-costs` writes): a cheap vector's CPU on each implementation of its
    /// suite, each adapter's start, and each implementation's CPU per second of a suite's estimated
    /// cost (heavy work), the weight the scheduler uses too.
    /// A vector's expected CPU on every implementation its suite names, in nanoseconds (integers:
    /// sums that do not depend on the order of the vectors): its estimated cost on each, at least a
    /// cheap check's.
    static func planNanoseconds(cost: Double, suite: String, implementations: [String], costs: CostTable) -> Int64 {
        let names = implementations.isEmpty ? [""] : implementations
        let seconds = names.reduce(0.0) { $0 + max(cost * costs.weight($1), costs.check(suite, $1)) }
        return Int64((seconds * 1e9).rounded())
    }

    static func startNanoseconds(_ implementation: String, _ costs: CostTable) -> Int64 {
        Int64((costs.start(implementation) * 1e9).rounded())
    }

    /// The implementations a vector's suite names (its definition's list): what its shard starts,
    /// the same on every machine whatever is installed there.
    public static func implementations(_ v: Vector) -> [String] {
        Suites.all[v.suite]?.implementations ?? []
    }

    public struct ParseError: Error, Sendable, CustomStringConvertible {
        public var description: String
    }

    public init(index: Int, count: Int) {
        precondition(count >= 1 && index >= 1 && index <= count, "shard \(index)/\(count)")
        self.index = index
        self.count = count
    }

    /// The most shards a run may be split into (docs/ci.md): far beyond any CI matrix (GitHub's
    /// holds 256 jobs), and few enough that `merge` can be given every report on one command line.
    /// `merge` refuses a report claiming more.
    public static let maxCount = 10_000

    /// `K/N` with 1 ≤ K ≤ N ≤ `maxCount` (`2/3`).
    public static func parse(_ s: String) throws(ParseError) -> Shard {
        let parts = s.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 2, let k = Int(parts[0]), let n = Int(parts[1]), parts[0].allSatisfy(\.isASCII),
              parts[1].allSatisfy(\.isASCII) else {
            throw ParseError(description: "--shard needs K/N (shard K of N, 1 ≤ K ≤ N), got \"\(s)\"")
        }
        guard n >= 1, k >= 1, k <= n else {
            throw ParseError(description: "--shard \(s): K must be between 1 and N (N ≥ 1)")
        }
        guard n <= maxCount else {
            throw ParseError(description: "--shard \(s): at most \(maxCount) shards (N ≤ \(maxCount)); a CI matrix needs far fewer")
        }
        return Shard(index: k, count: n)
    }

    public var description: String { "\(index)/\(count)" }

    /// The expected cost of a vector on one implementation (its suite's estimate).
    public static func cost(_ v: Vector) -> Double {
        Suites.all[v.suite]?.cost(v.input) ?? 1e-6
    }

    /// The costly work a vector shares with others (its suite's `sharedWork`).
    public static func sharedWork(_ v: Vector) -> [SharedWork] {
        Suites.all[v.suite]?.sharedWork(v.input) ?? []
    }

    /// The vectors of this shard, in their given order, by the plan made with `costs`.
    public func select(_ vectors: [Vector], costs: CostTable) -> [Vector] {
        select(vectors, cost: Self.cost, costs: costs)
    }

    /// The same, with another cost estimate (tests).
    public func select(_ vectors: [Vector], cost: (Vector) -> Double,
                       sharedWork: (Vector) -> [SharedWork] = Shard.sharedWork,
                       implementations: (Vector) -> [String] = Shard.implementations, costs: CostTable) -> [Vector] {
        let assignment = Self.assign(vectors, count: count, cost: cost, sharedWork: sharedWork, implementations: implementations, costs: costs)
        return vectors.indices.filter { assignment[$0] == index }.map { vectors[$0] }
    }

    /// What is placed as one: a vector, or the vectors that share costly work (one KEK derived
    /// once per implementation), with the work counted once. `name` is what it is hashed by: the
    /// vector's name, or the group's smallest work key.
    struct Unit {
        var members: [Int]
        var cost: Double
        var name: [UInt8]
        /// A group's shared work, each key's cost once.
        var work: [String: Double] = [:]
        /// Each member's cost beyond its shared work, and the keys of its shared work (a group's
        /// members only, in `members`' order): found once here, read by every slack's `items`.
        var own: [Double] = []
        var keys: [[String]] = []
    }

    /// Vectors joined by shared work (transitively: a vector naming two keys joins their groups),
    /// each group one unit costed once per key; every other vector a unit of its own.
    static func units(_ vectors: [Vector], cost: (Vector) -> Double, sharedWork: (Vector) -> [SharedWork]) -> [Unit] {
        var parent = Array(vectors.indices)
        func root(_ i: Int) -> Int {
            var i = i
            while parent[i] != i { parent[i] = parent[parent[i]]; i = parent[i] }
            return i
        }
        var holder: [String: Int] = [:]  // work key → the first vector naming it
        var works: [[SharedWork]] = []
        works.reserveCapacity(vectors.count)
        for (i, v) in vectors.enumerated() {
            let w = sharedWork(v)
            works.append(w)
            for work in w {
                if let j = holder[work.key] {
                    let (a, b) = (root(i), root(j))
                    if a != b { parent[max(a, b)] = min(a, b) }
                } else {
                    holder[work.key] = i
                }
            }
        }
        var unitOf: [Int: Int] = [:]  // root → unit index
        var units: [Unit] = []
        for (i, v) in vectors.enumerated() {
            let c = cost(v)
            if works[i].isEmpty {
                units.append(Unit(members: [i], cost: c, name: Array(v.name.utf8)))
                continue
            }
            let r = root(i)
            let u: Int
            if let known = unitOf[r] { u = known } else {
                u = units.count
                unitOf[r] = u
                units.append(Unit(members: [], cost: 0, name: []))
            }
            units[u].members.append(i)
            // What the vector costs beyond its shared work (at least a cheap check's), plus each
            // key's work once.
            let own = max(c - works[i].reduce(0) { $0 + $1.cost }, 1e-6)
            units[u].cost += own
            units[u].own.append(own)
            units[u].keys.append(works[i].map(\.key))
            for w in works[i] { units[u].work[w.key] = max(units[u].work[w.key] ?? 0, w.cost) }
        }
        for u in units.indices where !units[u].work.isEmpty {
            units[u].cost += units[u].work.values.reduce(0, +)
            units[u].name = units[u].work.keys.map { Array($0.utf8) }.min { $0.lexicographicallyPrecedes($1) }!
        }
        return units
    }

    /// The shard (1…count) of every vector, by position.
    public static func assign(_ vectors: [Vector], count: Int, cost: (Vector) -> Double = Shard.cost,
                              sharedWork: (Vector) -> [SharedWork] = Shard.sharedWork,
                              implementations: (Vector) -> [String] = Shard.implementations, costs: CostTable) -> [Int] {
        precondition(count >= 1)
        var out = [Int](repeating: 0, count: vectors.count)
        for (item, s) in plan(vectors, count: count, cost: cost, sharedWork: sharedWork, implementations: implementations, costs: costs).placed {
            for i in item.members { out[i] = s }
        }
        return out
    }

    /// The slacks the plan is made with (`packSlack`'s candidates, for the slicing and the packing
    /// alike), the tightest first. A tight slack balances the work best but can send a small item
    /// to a shard that must start Chromium for it alone: four shards of the default run
    /// (2026-12-04) started Chromium and Node again, 3 s of CPU by the plan's own figures, for
    /// four items of 1 s that overflowed the shard already starting them by 0.04 s. A looser slack
    /// lets that shard take them.
    public static let slacks = [0.05, 0.10, 0.15, 0.20]

    /// The bars of issue 29 (docs/ci.md), applied to the plan's own model (`loads`): a shard's
    /// expected CPU at most this much above the unsharded run's share (every item, each adapter
    /// started once, and those every item needs once per shard: what no plan can avoid).
    public static let wallBar = 1.10

    /// How far the model's figure for one shard may be from what it takes: a plan this close to
    /// the bar by the model counts as meeting it, so that a plan starting an adapter on fewer
    /// shards is not passed over for one the model puts a few percent lower: about the cost table's
    /// error on runs it was not fitted on (docs/performance.md).
    public static let modelError = 1.10

    /// The items and where each goes (1-based), with the slack chosen: of the plans of `slacks`,
    /// those whose most loaded shard meets `wallBar` by the model, within its error (`modelError`);
    /// of those, the one with the least CPU together (the fewest adapters started again); ties,
    /// and when none meets the bar, the least loaded most loaded shard, then the tighter slack.
    /// Pure as before: the same candidates, in the same order, on every machine.
    static func plan(_ vectors: [Vector], count: Int, cost: (Vector) -> Double, sharedWork: (Vector) -> [SharedWork],
                     implementations: (Vector) -> [String], costs: CostTable) -> (placed: [(Item, Int)], slack: Double) {
        var best: (placed: [(Item, Int)], slack: Double, meets: Bool, top: Int64, sum: Int64)? = nil
        // The units do not depend on the slack: found once, not once per candidate.
        let found = units(vectors, cost: cost, sharedWork: sharedWork)
        for slack in slacks {
            let items = items(vectors, count: count, slack: slack, cost: cost, sharedWork: sharedWork, implementations: implementations,
                              costs: costs, units: found)
            let placed = pack(items, count: count, slack: slack, costs: costs)
            let l = loads(placed, count: count, costs: costs)
            let (top, sum) = (l.max() ?? 0, l.reduce(0, +))
            let meets = Double(top) <= wallBar * modelError * unavoidable(items, count: count, costs: costs) / Double(count)
            let better: Bool
            if let b = best {
                if meets != b.meets { better = meets }
                else if meets && sum != b.sum { better = sum < b.sum }
                else { better = top < b.top || (top == b.top && sum < b.sum) }
            } else {
                better = true
            }
            if better { best = (placed, slack, meets, top, sum) }
            // One shard, or a shard for every item: every slack gives the same plan.
            if count == 1 || placed.count <= count { break }
        }
        return (best!.placed, best!.slack)
    }

    /// The CPU no plan avoids, in nanoseconds: every item's, each adapter's start once, and the
    /// starts of those every item needs on every other shard too.
    static func unavoidable(_ items: [Item], count: Int, costs: CostTable) -> Double {
        var total = Double(items.reduce(Int64(0)) { $0 + $1.cost })
        for a in Set(items.flatMap(\.needs)).sorted() {
            let everywhere = items.allSatisfy { $0.needs.contains(a) }
            total += Double(startNanoseconds(a, costs)) * (everywhere ? Double(min(count, items.count)) : 1)
        }
        return total
    }

    /// Each shard's (0-based) expected CPU in nanoseconds: its items' costs plus the start of
    /// every adapter they need, once.
    static func loads(_ placed: [(Item, Int)], count: Int, costs: CostTable) -> [Int64] {
        var loads = [Int64](repeating: 0, count: min(count, placed.count))
        var needs = [Set<String>](repeating: [], count: loads.count)
        for (item, s) in placed {
            loads[s - 1] += item.cost
            needs[s - 1].formUnion(item.needs)
        }
        for s in loads.indices { loads[s] += needs[s].reduce(Int64(0)) { $0 + startNanoseconds($1, costs) } }
        return loads
    }

    /// What the plan expects each shard (0-based) to cost, in CPU seconds: its items' costs plus
    /// the start of every adapter it needs (tests; `scripts/bench` measures what they really take).
    public static func plannedLoads(_ vectors: [Vector], count: Int, costs: CostTable) -> (loads: [Double], largestItem: Double, slack: Double) {
        let (placed, slack) = plan(vectors, count: count, cost: Shard.cost, sharedWork: Shard.sharedWork, implementations: Shard.implementations, costs: costs)
        var loads = [Double](repeating: 0, count: count)
        for (s, l) in Self.loads(placed, count: count, costs: costs).enumerated() { loads[s] = Double(l) / 1e9 }
        return (loads, Double(placed.map(\.0.cost).max() ?? 0) / 1e9, slack)
    }

    /// What is placed as one: a heavy unit, or a suite's cheap vectors (all of them, or a slice).
    struct Item {
        var members: [Int]
        /// Expected CPU on every implementation its suites name, in nanoseconds (integers: sums
        /// that do not depend on the order of the vectors).
        var cost: Int64
        var name: [UInt8]
        /// The implementations with a start cost (`CostTable.start`) that its suites name, sorted.
        var needs: [String]
        /// What placing it apart from the others of its adapters would add: the start costs of its
        /// needs, less those every item has (the JVM: every suite names it).
        var avoidable: Int64 = 0
    }

    /// The heavy units, each an item, and the cheap ones, an item per suite — cut by their hash into
    /// slices when one suite's cheap work is above a shard's share.
    /// `units`: the vectors' units when already found (`units(_:cost:sharedWork:)`).
    static func items(_ vectors: [Vector], count: Int, slack: Double = packSlack, cost: (Vector) -> Double,
                      sharedWork: (Vector) -> [SharedWork], implementations: (Vector) -> [String], costs: CostTable,
                      units found: [Unit]? = nil) -> [Item] {
        func needs(_ i: Int) -> Set<String> { Set(implementations(vectors[i]).filter { costs.start($0) > 0 }) }
        var items: [Item] = []
        var bySuite: [String: [(unit: Unit, cost: Int64)]] = [:]
        var cheapTotal: Int64 = 0
        for unit in found ?? units(vectors, cost: cost, sharedWork: sharedWork) {
            guard unit.cost >= heavyThreshold else {
                // As measured (`CostTable.check`): a cheap check's cost on each implementation its suite names.
                let ns = unit.members.reduce(Int64(0)) { sum, i in
                    sum + implementations(vectors[i]).reduce(Int64(0)) { $0 + Int64((costs.check(vectors[i].suite, $1) * 1e9).rounded()) }
                }
                // A cheap group of several suites goes with its first member's.
                bySuite[vectors[unit.members[0]].suite, default: []].append((unit, ns))
                cheapTotal += ns
                continue
            }
            // Each member's own work beyond what it shares, plus each shared key's once, on every
            // implementation of the member's suite.
            var ns: Int64 = 0
            var keyWeight: [String: Double] = [:]
            for (k, i) in unit.members.enumerated() {
                let v = vectors[i]
                let impls = implementations(v)
                // A lone vector (no shared work) is its own cost; a group's member, what `units` found.
                let own = unit.work.isEmpty ? unit.cost : unit.own[k]
                ns += planNanoseconds(cost: own, suite: v.suite, implementations: impls, costs: costs)
                let w = impls.reduce(0.0) { $0 + costs.weight($1) }
                if !unit.work.isEmpty { for key in unit.keys[k] { keyWeight[key] = max(keyWeight[key] ?? 0, w) } }
            }
            for key in unit.work.keys.sorted() { ns += Int64((unit.work[key]! * keyWeight[key, default: 1] * 1e9).rounded()) }
            let n = unit.members.reduce(into: Set<String>()) { $0.formUnion(needs($1)) }
            items.append(Item(members: unit.members, cost: ns, name: unit.name, needs: n.sorted()))
        }
        // A suite's cheap work above this is cut into slices (four shards of the default run cut
        // ecdh-p256's Wycheproof vectors in two).
        let sliceCapacity = Double(cheapTotal) / Double(count) * (1 + slack)
        for (suite, units) in bySuite {
            let n = units.reduce(into: Set<String>()) { $0.formUnion(needs($1.unit.members[0])) }.sorted()
            let total = units.reduce(Int64(0)) { $0 + $1.cost }
            let pieces = Double(total) > sliceCapacity ? Int(min(Double(units.count), (Double(total) / sliceCapacity).rounded(.up))) : 1
            if pieces <= 1 {
                items.append(Item(members: units.flatMap(\.unit.members), cost: total, name: Array(suite.utf8), needs: n))
                continue
            }
            var slices = [Item](repeating: Item(members: [], cost: 0, name: [], needs: n), count: pieces)
            for (u, c) in units {
                let k = Int(fnv1a(u.name) % UInt64(pieces))
                slices[k].members += u.members
                slices[k].cost += c
            }
            for k in slices.indices where !slices[k].members.isEmpty {
                slices[k].name = Array(suite.utf8) + [0] + Array(String(k).utf8)
                items.append(slices[k])
            }
        }
        // Every item's adapters: starting them costs each shard the same, wherever items go.
        let everywhere = items.dropFirst().reduce(Set(items.first?.needs ?? [])) { $0.intersection($1.needs) }
        for k in items.indices {
            items[k].avoidable = items[k].needs.reduce(Int64(0)) { everywhere.contains($1) ? $0 : $0 + startNanoseconds($1, costs) }
        }
        return items
    }

    /// How far above the mean (start costs included) a shard's work may grow before an item goes
    /// to a shard that has to start one more adapter for it: the tightest of `slacks`, the default
    /// of `items` and `pack` (tests).
    public static let packSlack = slacks[0]

    /// Places the items (docs/ci.md): those with the costliest adapters to start apart first, then
    /// largest first, ties by name; each to the shard it adds least to — its cost plus the start of
    /// every adapter it needs that the shard does not start yet — among the shards it leaves within
    /// `1 + slack` of the mean (every adapter started once, those every item needs once per
    /// shard), then the least loaded; when it fits in none, the shard
    /// it leaves least loaded. Each item's vectors with its 1-based shard.
    static func pack(_ items: [Item], count: Int, slack: Double = packSlack, costs: CostTable) -> [(Item, Int)] {
        guard !items.isEmpty else { return [] }
        if count == 1 { return items.map { ($0, 1) } }
        let items = items.sorted {
            if $0.avoidable != $1.avoidable { return $0.avoidable > $1.avoidable }
            if $0.cost != $1.cost { return $0.cost > $1.cost }
            return $0.name.lexicographicallyPrecedes($1.name)
        }
        // With a shard for every item, each has one of its own: nothing to weigh, and nothing
        // allocated in proportion to N (`--shard 1/9223372036854775807` is legal).
        if count >= items.count { return items.enumerated().map { ($1, $0 + 1) } }
        let needs = Set(items.flatMap(\.needs)).sorted()
        let capacity = unavoidable(items, count: count, costs: costs) / Double(count) * (1 + slack)
        // The shards in use, grouped by the adapters they start: within a group an item adds the
        // same to each, so only the least loaded of each group (ties: the lowest index) is weighed.
        // A few groups (one per set of adapters), whatever N and the number of items.
        var groups: [[String]: MinLoads] = [:]
        // The adapters every item needs (the JVM) start on every shard whatever the plan: every
        // shard begins with them, so the rest is spread largest first to the least loaded.
        let everywhere = needs.filter { a in items.allSatisfy { $0.needs.contains(a) } }
        let base = everywhere.reduce(0.0) { $0 + Double(startNanoseconds($1, costs)) }
        for s in 0..<count { groups[everywhere, default: MinLoads()].insert(load: base, index: s) }
        let opened = count
        var out: [(Item, Int)] = []
        out.reserveCapacity(items.count)
        for item in items {
            var best: (key: [String], load: Double, index: Int, added: Double)? = nil
            var fallback: (key: [String], load: Double, index: Int, added: Double)? = nil
            for key in groups.keys.sorted(by: { $0.lexicographicallyPrecedes($1) }) {
                guard let (load, index) = groups[key]!.min else { continue }
                let started = Set(key)
                let added = Double(item.cost) + item.needs.reduce(0.0) { started.contains($1) ? $0 : $0 + Double(startNanoseconds($1, costs)) }
                if load + added <= capacity,
                   best.map({ added < $0.added || (added == $0.added && (load, index) < ($0.load, $0.index)) }) ?? true {
                    best = (key, load, index, added)
                }
                if fallback.map({ (load + added, index) < ($0.load + $0.added, $0.index) }) ?? true {
                    fallback = (key, load, index, added)
                }
            }
            let chosen: (key: [String], load: Double, index: Int, added: Double)
            var fresh = false
            if let best {
                chosen = best
            } else if opened < count {
                // (Every shard is open from the start.)
                chosen = ([], 0, opened, 0)
                fresh = true
            } else {
                chosen = fallback!
            }
            if !fresh { groups[chosen.key]!.removeMin() }
            let key = Set(chosen.key).union(item.needs).sorted()
            groups[key, default: MinLoads()].insert(load: chosen.load + chosen.added, index: chosen.index)
            out.append((item, chosen.index + 1))
        }
        return out
    }

    /// Shards by (load, index), least first: a binary heap.
    struct MinLoads {
        private var heap: [(load: Double, index: Int)] = []
        var min: (Double, Int)? { heap.first.map { ($0.load, $0.index) } }
        private static func less(_ a: (load: Double, index: Int), _ b: (load: Double, index: Int)) -> Bool {
            a.load != b.load ? a.load < b.load : a.index < b.index
        }
        mutating func insert(load: Double, index: Int) {
            heap.append((load, index))
            var i = heap.count - 1
            while i > 0, Self.less(heap[i], heap[(i - 1) / 2]) {
                heap.swapAt(i, (i - 1) / 2)
                i = (i - 1) / 2
            }
        }
        mutating func removeMin() {
            heap.swapAt(0, heap.count - 1)
            heap.removeLast()
            var i = 0
            while true {
                var m = i
                for c in [2 * i + 1, 2 * i + 2] where c < heap.count && Self.less(heap[c], heap[m]) { m = c }
                if m == i { return }
                heap.swapAt(i, m)
                i = m
            }
        }
    }

    /// FNV-1a, 64 bits, of the UTF-8 bytes: the same everywhere, unlike Swift's seeded `Hasher`.
    public static func fnv1a(_ s: String) -> UInt64 { fnv1a(Array(s.utf8)) }

    static func fnv1a(_ bytes: [UInt8]) -> UInt64 {
        var h: UInt64 = 0xcbf2_9ce4_8422_2325
        for b in bytes {
            h ^= UInt64(b)
            h = h &* 0x0000_0100_0000_01b3
        }
        return h
    }
}
