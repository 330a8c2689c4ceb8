import ConcordLoading
import ConcordSuites
/// One slice of a run (`concord run --shard K/N`): shards 1…N together hold every vector exactly
/// once, the split is the same on every machine and every run, and the shards' expected work is
/// balanced (docs/ci.md).
///
/// The method, in three parts:
/// - vectors whose suites name the same *shared work* (`Suite.sharedWork`: a Closer KEK derived from
///   one secret, salt and parameter set, computed once per implementation in a run) form one unit,
///   costed with that work once; every other vector is a unit of its own. Splitting such a group
///   would make every shard holding part of it derive the key again;
/// - *cheap* units (expected cost below `heavyThreshold`) go to shard `FNV-1a-64(name) mod N` + 1,
///   the name being the vector's UTF-8 name, or a group's smallest work key;
/// - *heavy* units (Argon2id at real parameters, the groups of Closer vectors that derive a key;
///   cost estimated by their suites' `cost`) are packed longest first (by cost, ties by name bytes),
///   each to its hash's shard while that shard's heavy work stays within `1 + heavySlack` times the
///   mean, else to the least loaded shard (bounded-load hashing).
///
/// Stability: adding, removing or renaming a cheap vector that shares no work moves no other
/// vector. Adding a heavy vector (or one that joins or splits a group) can move only heavy units,
/// and only those whose hash shard overflows because of it (a handful in practice: ShardMergeTests
/// measures it). Balance: a shard's heavy work stays within 10 % of the mean or one unit above it,
/// and the cheap work is spread by the hash.
public struct Shard: Sendable, Equatable, CustomStringConvertible {
    /// 1-based.
    public var index: Int
    public var count: Int

    /// Vectors at or above this expected cost (seconds on one implementation) are packed; the
    /// others are hashed. 1 ms: the cost above which the runner schedules a job on its own.
    public static let heavyThreshold = 1e-3

    /// How far above the mean a shard's heavy work may grow before a heavy vector leaves its
    /// hash's shard for the least loaded one.
    public static let heavySlack = 0.1

    public struct ParseError: Error, Sendable, CustomStringConvertible {
        public var description: String
    }

    public init(index: Int, count: Int) {
        precondition(count >= 1 && index >= 1 && index <= count, "shard \(index)/\(count)")
        self.index = index
        self.count = count
    }

    /// `K/N` with 1 ≤ K ≤ N (`2/3`).
    public static func parse(_ s: String) throws(ParseError) -> Shard {
        let parts = s.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 2, let k = Int(parts[0]), let n = Int(parts[1]), parts[0].allSatisfy(\.isASCII),
              parts[1].allSatisfy(\.isASCII) else {
            throw ParseError(description: "--shard needs K/N (shard K of N, 1 ≤ K ≤ N), got \"\(s)\"")
        }
        guard n >= 1, k >= 1, k <= n else {
            throw ParseError(description: "--shard \(s): K must be between 1 and N (N ≥ 1)")
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

    /// The vectors of this shard, in their given order.
    public func select(_ vectors: [Vector]) -> [Vector] {
        select(vectors, cost: Self.cost)
    }

    /// The same, with another cost estimate (tests).
    public func select(_ vectors: [Vector], cost: (Vector) -> Double,
                       sharedWork: (Vector) -> [SharedWork] = Shard.sharedWork) -> [Vector] {
        let assignment = Self.assign(vectors, count: count, cost: cost, sharedWork: sharedWork)
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
            units[u].cost += max(c - works[i].reduce(0) { $0 + $1.cost }, 1e-6)
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
                              sharedWork: (Vector) -> [SharedWork] = Shard.sharedWork) -> [Int] {
        precondition(count >= 1)
        var out = [Int](repeating: 0, count: vectors.count)
        var heavy: [Unit] = []
        for unit in units(vectors, cost: cost, sharedWork: sharedWork) {
            if unit.cost >= heavyThreshold {
                heavy.append(unit)
            } else {
                let s = Int(fnv1a(unit.name) % UInt64(count)) + 1
                for i in unit.members { out[i] = s }
            }
        }
        heavy.sort { $0.cost != $1.cost ? $0.cost > $1.cost : $0.name.lexicographicallyPrecedes($1.name) }
        // Each heavy unit goes to its hash's shard while that shard stays under the capacity,
        // else to the least loaded one: bounded-load hashing, packed longest first.
        let capacity = heavy.reduce(0) { $0 + $1.cost } / Double(count) * (1 + heavySlack)
        // The load of the shards that have heavy work, by 0-based shard; the others carry none.
        // Kept sparse so that nothing grows with N (`--shard 1/9223372036854775807` is legal).
        var load: [Int: Double] = [:]
        for h in heavy {
            var best = Int(fnv1a(h.name) % UInt64(count))
            if let l = load[best], l + h.cost > capacity {
                if load.count < count {
                    // Some shard has no heavy work: the least loaded, the first such one.
                    best = 0
                    while load[best] != nil { best += 1 }
                } else {
                    for s in 0..<count where load[s]! < load[best]! { best = s }
                }
            }
            load[best, default: 0] += h.cost
            for i in h.members { out[i] = best + 1 }
        }
        return out
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
