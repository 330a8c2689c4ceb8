import ConcordFormats
import ConcordImplementations
import ConcordPrimitives
import ConcordReport
import ConcordJudging
import ConcordLoading
import ConcordReportFormat
import ConcordSuites
@testable import ConcordScheduling
import Foundation
import Testing
import ConcordTestSupport
import ConcordPacks

/// `--shard K/N` (every vector exactly once, balanced, stable) and `concord merge` (shards merged
/// equal the unsharded report, timing aside): docs/ci.md.
@Suite(.serialized) struct ShardMergeTests {
    /// The plan's properties below are held against a fixed table (the figures of 2026-12-06), not
    /// against data/costs.tsv, which `scripts/bench-shard-costs` rewrites: a new measurement may
    /// move items, and what is tested is the method. `theShippedCostTable…` reads the shipped one.
    static let costs: CostTable = {
        do { return try CostTable.load(repositoryRoot + "/Tests/Fixtures/costs/2026-12-06.tsv").table } catch { preconditionFailure("\(error)") }
    }()

    static let all: [Vector] = {
        let loaded = VectorLoader().load(.paths([repositoryRoot + "/vectors"]))
        let (vectors, errors) = (loaded.vectors, loaded.errors)
        precondition(errors.isEmpty, "\(errors)")
        return vectors
    }()

    /// A copy of `v` under another id (a vector "added" to the corpus).
    static func renamed(_ v: Vector, _ id: String) -> Vector {
        var c = v
        c.id = id
        return c
    }

    // MARK: Shard

    @Test func parseAcceptsKOfNAndRefusesTheRest() throws {
        #expect(try Shard.parse("1/3") == Shard(index: 1, count: 3))
        #expect(try Shard.parse("3/3") == Shard(index: 3, count: 3))
        #expect(try Shard.parse("1/1") == Shard(index: 1, count: 1))
        for bad in ["0/3", "4/3", "3", "/3", "1/", "a/b", "1/0", " 1/3", "1/3/3", "-1/3", "1/-3", "", "１/3"] {
            #expect(throws: Shard.ParseError.self, "\(bad)") { try Shard.parse(bad) }
        }
        // At most 10,000 shards (docs/ci.md): merge lists what is missing of N, so N is held to a sane size.
        #expect(try Shard.parse("10000/10000") == Shard(index: 10000, count: 10000))
        for huge in ["1/10001", "1/100000000", "4294967296/4294967296"] {
            do { _ = try Shard.parse(huge); Issue.record("\(huge) accepted") } catch {
                #expect(error.description.contains("at most 10000 shards"), "\(error)")
            }
        }
        #expect(Shard(index: 2, count: 5).description == "2/5")
    }

    /// A shard count of 2^32 or 2^63 − 1 is legal and costs nothing in proportion to N (it
    /// allocated 8·N bytes, then crashed: issue 12). With more shards than vectors, every heavy
    /// vector stays at its hash's shard or goes to an empty one.
    @Test func hugeShardCountsCostNothingInProportion() {
        for n in [4_294_967_296, Int.max] {
            let a = Shard.assign(Self.all, count: n, costs: Self.costs)
            #expect(a.count == Self.all.count)
            #expect(a.allSatisfy { $0 >= 1 && $0 <= n })
            #expect(Set(a).count > Self.all.count / 2, "the vectors spread over many shards")
        }
        // Tiny capacity: every heavy vector overflows its hash's shard and takes the first empty one.
        let heavy = Self.all.filter { Shard.cost($0) >= Shard.heavyThreshold }
        #expect(heavy.count >= 2)
        let spread = Shard.assign(heavy, count: Int.max, cost: { _ in 1 }, sharedWork: { _ in [] }, costs: Self.costs)
        #expect(Set(spread).count == heavy.count, "one heavy vector per shard")
        // With their shared work, the vectors that derive one key are one unit: one shard per key.
        let grouped = Shard.assign(heavy, count: Int.max, cost: { _ in 1 }, costs: Self.costs)
        let keys = Set(heavy.compactMap { Shard.sharedWork($0).first?.key })
        let alone = heavy.filter { Shard.sharedWork($0).isEmpty }.count
        #expect(Set(grouped).count == keys.count + alone, "one shard per key or lone vector")
    }

    @Test func fnv1aIsTheStandardOne() {
        // Published FNV-1a 64 values (the empty string is the offset basis).
        #expect(Shard.fnv1a("") == 0xcbf2_9ce4_8422_2325)
        #expect(Shard.fnv1a("a") == 0xaf63_dc4c_8601_ec8c)
        #expect(Shard.fnv1a("foobar") == 0x8594_4171_f739_67e8)
    }

    @Test(arguments: 1...5) func everyVectorInExactlyOneShard(n: Int) {
        let vectors = Self.all
        #expect(vectors.count > 100)
        var count: [String: Int] = [:]
        for k in 1...n {
            let slice = Shard(index: k, count: n).select(vectors, costs: Self.costs)
            // A shard keeps the load order.
            let position = Dictionary(uniqueKeysWithValues: vectors.enumerated().map { ($1.name, $0) })
            let positions = slice.map { position[$0.name]! }
            #expect(positions == positions.sorted())
            for v in slice { count[v.name, default: 0] += 1 }
        }
        #expect(count.count == vectors.count)
        #expect(count.values.allSatisfy { $0 == 1 })
        if n > 1 { // every shard has work
            for k in 1...n { #expect(!Shard(index: k, count: n).select(vectors, costs: Self.costs).isEmpty) }
        }
    }

    /// More shards than suites, about as many as items, and more than items (each its own): every
    /// vector still has exactly one shard in 1…N, the shards used are the ones the plan opened,
    /// and a key's vectors still share one.
    @Test(arguments: [8, 64, 300, 5000, 100_000]) func everyVectorInOneShardOfMany(n: Int) {
        let vectors = Self.all
        let a = Shard.assign(vectors, count: n, costs: Self.costs)
        #expect(a.count == vectors.count)
        #expect(a.allSatisfy { $0 >= 1 && $0 <= n })
        let used = Set(a)
        #expect(used.count == min(n, used.max()!), "shards are opened in order: \(used.count) used, up to \(used.max()!)")
        var byKey: [String: Set<Int>] = [:]
        for (v, s) in zip(vectors, a) { for w in Shard.sharedWork(v) { byKey[w.key, default: []].insert(s) } }
        #expect(byKey.values.allSatisfy { $0.count == 1 })
    }

    /// The plan depends on the vectors, not on their order: reversed, rotated and interleaved, every
    /// vector gets the same shard (every sum is of integer nanoseconds, every tie broken by name).
    @Test(arguments: 2...5) func samePlanWhateverTheOrder(n: Int) {
        let vectors = Self.all
        let a = Shard.assign(vectors, count: n, costs: Self.costs)
        let byName = Dictionary(uniqueKeysWithValues: zip(vectors.map(\.name), a))
        let half = vectors.count / 2
        let orders: [[Vector]] = [
            vectors.reversed(), Array(vectors[half...] + vectors[..<half]),
            vectors.indices.sorted { ($0 % 7, $0) < ($1 % 7, $1) }.map { vectors[$0] },
        ]
        for order in orders {
            let b = Shard.assign(order, count: n, costs: Self.costs)
            #expect(zip(order, b).allSatisfy { byName[$0.name] == $1 })
        }
    }

    /// The shards that start an adapter, by the suites' definitions (what the runner starts).
    static func starting(_ impl: String, _ vectors: [Vector], _ a: [Int]) -> Set<Int> {
        Set(zip(vectors, a).filter { Shard.implementations($0.0).contains(impl) }.map(\.1))
    }

    /// Starting an adapter costs a shard the same whatever it runs there (Chromium for webcrypto
    /// ≈ 1.2 s of CPU: the cost table's `start` row): with two shards, every vector whose suite names webcrypto
    /// is on one of them, and so is every one whose suite names node; with four, webcrypto's
    /// vectors (a quarter of the work, ecdh-p256's Wycheproof file most of it) take at most two.
    /// By name alone, as before, every shard started both.
    @Test func eachAdapterStartsOnAsFewShardsAsTheBalanceAllows() {
        let vectors = Self.all
        let web = vectors.filter { Shard.implementations($0).contains("webcrypto") }
        #expect(web.count > 1000, "enough that a split by name would spread them")
        let byName = vectors.map { Int(Shard.fnv1a($0.name) % 2) + 1 }
        #expect(Self.starting("webcrypto", vectors, byName).count == 2)
        let two = Shard.assign(vectors, count: 2, costs: Self.costs)
        #expect(Self.starting("webcrypto", vectors, two).count == 1)
        #expect(Self.starting("node", vectors, two).count == 1)
        let four = Shard.assign(vectors, count: 4, costs: Self.costs)
        #expect(Self.starting("webcrypto", vectors, four).count <= 2)
        #expect(Self.starting("node", vectors, four).count <= 2)
        // The JVM is named by every suite: every shard starts it, whatever the plan.
        for n in 2...5 { #expect(Self.starting("jvm", vectors, Shard.assign(vectors, count: n, costs: Self.costs)).count == n) }
    }

    /// A suite's cheap vectors are placed together: a shard running part of a suite pays its
    /// adapters' warm-up for it (the JVM compiling the same code again). With two shards no suite's
    /// cheap vectors are split; with four at most one suite's (one above a shard's share is cut by hash).
    @Test(arguments: [2, 4]) func aSuitesCheapVectorsStayTogether(n: Int) {
        let vectors = Self.all
        let a = Shard.assign(vectors, count: n, costs: Self.costs)
        var shards: [String: Set<Int>] = [:]
        for (v, s) in zip(vectors, a) where Shard.cost(v) < Shard.heavyThreshold && Shard.sharedWork(v).isEmpty {
            shards[v.suite, default: []].insert(s)
        }
        #expect(shards.count > 20)
        let split = shards.filter { $0.value.count > 1 }.keys.sorted()
        #expect(n == 2 ? split.isEmpty : split.count <= 1, "split: \(split)")
    }

    /// The expected work of each shard: every vector's cost beyond its shared work, plus each
    /// shared key's work once per shard that holds a vector naming it.
    static func work(_ vectors: [Vector], _ assignment: [Int], _ n: Int) -> [Double] {
        var load = [Double](repeating: 0, count: n)
        var keys: [Set<String>] = Array(repeating: [], count: n)
        for (v, s) in zip(vectors, assignment) {
            let works = Shard.sharedWork(v)
            load[s - 1] += max(Shard.cost(v) - works.reduce(0) { $0 + $1.cost }, 1e-6)
            for w in works where keys[s - 1].insert(w.key).inserted { load[s - 1] += w.cost }
        }
        return load
    }

    /// Balanced by the plan's own model (each item's expected CPU on its suites' implementations,
    /// plus each adapter's start once per shard that starts it): no shard above 110 % of the mean
    /// or the mean plus its largest item. What the shards really take, only `scripts/bench` says.
    @Test(arguments: 2...5) func balancedByExpectedCost(n: Int) {
        let vectors = Self.all
        let (load, largest, slack) = Shard.plannedLoads(vectors, count: n, costs: Self.costs)
        let mean = load.reduce(0, +) / Double(n)
        #expect(load.max()! <= max(1.1 * mean, mean + largest), "loads \(load), mean \(mean)")
        print("shard N=\(n): planned CPU \(load.map { ($0 * 100).rounded() / 100 }) s, mean \((mean * 100).rounded() / 100), slack \(slack)")
        // The shards do no work twice: heavy work, each shared key counted once per shard that
        // holds it, adds up to the unsharded run's.
        let heavy = Self.work(vectors, Shard.assign(vectors, count: n, costs: Self.costs), n)
        let whole = Self.work(vectors, [Int](repeating: 1, count: vectors.count), 1)[0]
        #expect(abs(heavy.reduce(0, +) - whole) < 1e-9, "\(heavy) against \(whole) whole")
        #expect(vectors.filter { Shard.cost($0) >= Shard.heavyThreshold }.count >= n)
    }

    /// The shipped cost table (data/costs.tsv, what `concord run` reads) names suites and
    /// implementations that exist: a renamed suite, or an implementation a suite no longer names,
    /// would fall back to the `*` figures silently. Every suite of the corpus with cheap vectors is
    /// measured, on every adapter it names (in-process checks cost microseconds and may be left out).
    @Test func theShippedCostTableNamesWhatExists() throws {
        let (table, missing) = try CostTable.load(repositoryRoot + "/" + CostTable.path)
        #expect(!missing, "no \(CostTable.path)")
        for (suite, costs) in table.checks where suite != "*" {
            let def = Suites.all[suite]
            #expect(def != nil, "the cost table names \(suite), which is no suite")
            for (name, seconds) in costs {
                #expect(def?.implementations.contains(name) ?? false, "the cost table: \(suite) does not name \(name)")
                #expect(seconds > 0 && seconds < 0.1)
            }
        }
        // Only an adapter has a process to start: an in-process implementation starts nothing.
        for (name, _) in table.starts { #expect(Catalog.adapters.contains(name), "a start row names \(name), which is no adapter") }
        let suites = Set(Self.all.filter { Shard.cost($0) < Shard.heavyThreshold }.map(\.suite))
        for suite in suites {
            let adapters = Suites.all[suite]!.implementations.filter { Catalog.adapters.contains($0) }
            for a in adapters { #expect(table.checks[suite]?[a] != nil, "no measured cost for \(suite) on \(a)") }
        }
        // Every implementation that runs heavy work (Argon2id at real parameters) has a weight.
        let heavy = Set(Self.all.filter { Shard.cost($0) >= Shard.heavyThreshold }.flatMap(Shard.implementations))
        for name in heavy { #expect(table.weights[name] != nil, "no weight for \(name), which runs heavy vectors") }
    }

    /// The plan is made from the table (no figure of the plan's in the source): making one suite's
    /// cheap checks on the JVM a hundred times dearer in the table moves vectors between shards, and
    /// the planned loads follow the table's start cost for Chromium.
    @Test func thePlanReadsTheCostTable() throws {
        let vectors = Self.all
        let before = Shard.assign(vectors, count: 3, costs: Self.costs)
        var text = try String(contentsOfFile: repositoryRoot + "/Tests/Fixtures/costs/2026-12-06.tsv", encoding: .utf8)
        let row = "check\tx25519\tjvm\t4.7e-04\n"
        #expect(text.contains(row))
        text = text.replacingOccurrences(of: row, with: "check\tx25519\tjvm\t4.7e-02\n")
        let dearer = try CostTable.parse(Array(text.utf8), file: "dearer.tsv")
        #expect(dearer.check("x25519", "jvm") == 4.7e-2 && Self.costs.check("x25519", "jvm") == 4.7e-4)
        let after = Shard.assign(vectors, count: 3, costs: dearer)
        let moved = zip(before, after).filter { $0 != $1 }.count
        #expect(moved > 0, "the plan did not change with the table")
        // One start cost: Chromium's start, ten seconds dearer, is in the planned loads once per shard that starts it.
        let slow = try CostTable.parse(Array(text.replacingOccurrences(of: "start\t*\twebcrypto\t1.16\n", with: "start\t*\twebcrypto\t11.16\n").utf8), file: "slow.tsv")
        let one = Shard.plannedLoads(vectors, count: 1, costs: dearer).loads[0]
        let oneSlow = Shard.plannedLoads(vectors, count: 1, costs: slow).loads[0]
        #expect(abs(oneSlow - one - 10) < 1e-6, "\(one) → \(oneSlow)")
    }

    /// Without a table (no data/costs.tsv) the plan still splits every vector exactly once, by the
    /// fallback figures (documented in docs/ci.md): never a crash.
    @Test func withoutATableThePlanUsesTheFallback() throws {
        let (table, missing) = try CostTable.load(NSTemporaryDirectory() + "/no-such-\(getpid())/costs.tsv")
        #expect(missing && table == .fallback)
        #expect(table.check("aes-gcm", "jvm") == CostTable.fallbackCheck && table.start("webcrypto") == 0 && table.weight("jvm") == 1)
        let vectors = Self.all
        var seen = [Int](repeating: 0, count: vectors.count)
        for (i, s) in Shard.assign(vectors, count: 3, costs: table).enumerated() { #expect((1...3).contains(s)); seen[i] += 1 }
        #expect(seen.allSatisfy { $0 == 1 })
    }

    /// The plan kept is the best of its slacks by the plan's own model: its most loaded shard
    /// meets the wall bar within the model's error (every N here can), no other candidate that
    /// does needs less CPU together, and it starts Chromium (webcrypto) on no more shards than the
    /// tightest slack's plan. Up to four shards of the default run start Chromium once (four only
    /// because a plan within the model's error of the bar counts: the tightest slack starts it
    /// twice); five start it twice, where the tightest slack starts it three times (the costs of
    /// 2026-12-06). The shards starting each adapter are printed.
    @Test(arguments: 2...6) func thePlanKeptIsTheBestOfItsSlacks(n: Int) {
        let vectors = Self.all
        func placed(_ slack: Double) -> [(Shard.Item, Int)] {
            Shard.pack(Shard.items(vectors, count: n, slack: slack, cost: Shard.cost, sharedWork: Shard.sharedWork,
                                   implementations: Shard.implementations, costs: Self.costs), count: n, slack: slack, costs: Self.costs)
        }
        let (kept, slack) = Shard.plan(vectors, count: n, cost: Shard.cost, sharedWork: Shard.sharedWork, implementations: Shard.implementations,
                                       costs: Self.costs)
        #expect(Shard.slacks.contains(slack))
        let items = Shard.items(vectors, count: n, cost: Shard.cost, sharedWork: Shard.sharedWork, implementations: Shard.implementations,
                               costs: Self.costs)
        let bar = Shard.wallBar * Shard.modelError * Shard.unavoidable(items, count: n, costs: Self.costs) / Double(n)
        let keptLoads = Shard.loads(kept, count: n, costs: Self.costs)
        #expect(Double(keptLoads.max()!) <= bar, "loads \(keptLoads), bar \(bar)")
        for s in Shard.slacks {
            let l = Shard.loads(placed(s), count: n, costs: Self.costs)
            if Double(l.max()!) <= bar { #expect(keptLoads.reduce(0, +) <= l.reduce(0, +), "slack \(s) meets the bar with less CPU") }
        }
        func starting(_ p: [(Shard.Item, Int)], _ adapter: String) -> Int { Set(p.filter { $0.0.needs.contains(adapter) }.map(\.1)).count }
        #expect(starting(kept, "webcrypto") <= starting(placed(Shard.slacks[0]), "webcrypto"))
        #expect(starting(kept, "webcrypto") >= 1)
        if n <= 4 { #expect(starting(kept, "webcrypto") == 1) }
        if n == 4 { #expect(starting(placed(Shard.slacks[0]), "webcrypto") == 2) }
        if n == 5 { #expect(starting(kept, "webcrypto") == 2 && starting(placed(Shard.slacks[0]), "webcrypto") == 3) }
        // Every vector in exactly one kept item.
        #expect(kept.flatMap(\.0.members).sorted() == Array(vectors.indices))
        print("shard N=\(n): slack \(slack); shards starting webcrypto \(starting(kept, "webcrypto")) (tightest slack: \(starting(placed(Shard.slacks[0]), "webcrypto"))), node \(starting(kept, "node")), jvm \(starting(kept, "jvm"))")
    }

    /// Vectors that derive the same KEK (one Argon2id at 46 MiB, computed once per implementation
    /// in a run) stay in one shard: split, each shard holding part of the group derives it again
    /// (issue 29: two shards of vectors/closer took 1.7× the CPU of one run). Split by name alone,
    /// as before, they do not.
    @Test(arguments: 2...5) func vectorsSharingAKeyShareAShard(n: Int) {
        let vectors = Self.all
        var byKey: [String: [Int]] = [:]
        for (i, v) in vectors.enumerated() { for w in Shard.sharedWork(v) { byKey[w.key, default: []].append(i) } }
        let shared = byKey.filter { $0.value.count > 1 }
        #expect(shared.count >= 5, "the corpus has keys several vectors derive")
        #expect(shared.values.reduce(0) { $0 + $1.count } >= 40)
        func split(_ a: [Int]) -> Int { shared.values.filter { Set($0.map { a[$0] }).count > 1 }.count }
        #expect(split(Shard.assign(vectors, count: n, costs: Self.costs)) == 0)
        #expect(split(vectors.map { Int(Shard.fnv1a($0.name) % UInt64(n)) + 1 }) > 0, "by name alone, groups split")
    }

    /// Stability, measured rather than promised: packing by cost moves whole items when a change
    /// before them shifts a load across a bound (docs/ci.md). An added vector joins its suite's
    /// item (or is an item of its own) and every vector still has one shard; how many others move
    /// is printed. Removing the added vector restores the plan exactly.
    @Test(arguments: 2...5) func addingAVectorMovesWholeItems(n: Int) {
        let vectors = Self.all
        let before = Shard.assign(vectors, count: n, costs: Self.costs)
        let cheap = vectors.first { $0.suite == "closer.kdf-params" }!
        let heavy = vectors.filter { Shard.cost($0) >= Shard.heavyThreshold && Shard.sharedWork($0).isEmpty }
        for (label, template) in [("cheap", cheap), ("heavy", heavy.max { Shard.cost($0) < Shard.cost($1) }!)] {
            let after = Shard.assign(vectors + [Self.renamed(template, "zz-added")], count: n, costs: Self.costs)
            #expect(after.allSatisfy { $0 >= 1 && $0 <= n })
            if label == "cheap" {
                let suite = zip(vectors, after).filter { $0.0.suite == cheap.suite && Shard.sharedWork($0.0).isEmpty }.map(\.1)
                #expect(Set(suite + [after.last!]).count == 1, "the added vector joins its suite's item")
            }
            let moved = zip(before, after).filter { $0 != $1 }.count
            print("shard N=\(n): adding a \(label) vector moved \(moved) of \(vectors.count)")
        }
        #expect(Shard.assign(vectors, count: n, costs: Self.costs) == before)
    }

    // MARK: Merge

    /// In sorted order, as a folder scan would give them (merge without shard annotations restores file-then-line order).
    static let cheapPaths = ["closer/canonical-json", "closer/field", "closer/kdf-params", "closer/sealed-answer", "primitives/aes-gcm",
                             "primitives/argon2id/small-params.yaml", "wycheproof/hkdf_sha256_test.json"].map { repositoryRoot + "/vectors/" + $0 }
    static let cheapImplementations = ["libsodium", "openssl", "swift"]

    static func report(_ vectors: [Vector]) -> JSON {
        let settings = Catalog.Settings(home: repositoryRoot)
        let impls = cheapImplementations.map { Catalog.make($0, settings: settings)! }
        let run = Runner(implementations: impls, configuration: RunConfiguration(workers: 2)).run(vectors)
        return JSONReport.make(run, concordVersion: "0.1.0")
    }

    /// The report without what may differ between two runs of the same vectors.
    static func withoutTiming(_ j: JSON) -> JSON {
        guard var pairs = j.objectValue else { return j }
        pairs.removeAll { $0.key == "wallSeconds" || $0.key == "workers" || $0.key == "peakResidentKiB" }
        return .object(pairs.map { pair in
            if pair.key == "implementations", let list = pair.value.arrayValue {
                return (pair.key, .array(list.map { .object($0.objectValue!.filter { $0.key != "peakResidentKiB" }) }))
            }
            guard pair.key == "results", let results = pair.value.arrayValue else { return pair }
            return (pair.key, .array(results.map { r in
                // A round trip's seals (closer.field's, issue 28) are fresh randomness: their outputs differ between any two runs.
                let roundTrip = r["matrix"] != nil
                return .object(r.objectValue!.map { field in
                    guard field.key == "implementations", let impls = field.value.objectValue else { return field }
                    return (field.key, .object(impls.map { ($0.key, .object($0.value.objectValue!.filter {
                        $0.key != "seconds" && !(roundTrip && $0.key == "outputs") })) }))
                })
            }))
        })
    }

    @Test func shardsMergedEqualTheUnshardedReport() throws {
        let loaded = VectorLoader().load(.paths(Self.cheapPaths))
        let (vectors, errors) = (loaded.vectors, loaded.errors)
        #expect(errors.isEmpty)
        #expect(vectors.count > 50)
        let whole = Self.report(vectors)
        // The counting rules of RunSummary, recounted from the JSON.
        #expect(ReportMerge.summary(whole["results"]!.arrayValue!).serialized() == whole["summary"]!.serialized())
        #expect(whole["summary"]!["unsupported"]!.intValue! > 0, "the set should exercise pair counts too")

        // Each shard says what its run read: every vector loaded, the same for all three.
        let inputs = RunInputs.make(vectors)
        let shards = (1...3).map { k in
            let shard = Shard(index: k, count: 3)
            return ReportMerge.addingInputs(ReportMerge.annotate(Self.report(shard.select(vectors, costs: Self.costs)), shard: shard, of: vectors.count), inputs)
        }
        #expect(shards.allSatisfy { !$0["results"]!.arrayValue!.isEmpty })
        for order in [[0, 1, 2], [2, 0, 1], [1, 2, 0]] {
            let merged = try ReportMerge.merge(order.map { shards[$0] })
            #expect(merged["shard"] == nil)
            #expect(Self.withoutTiming(merged).serialized(pretty: true) == Self.withoutTiming(ReportMerge.addingInputs(whole, inputs)).serialized(pretty: true))
        }
        // Without the shard annotation too.
        let plain = shards.map { s in JSON.object(s.objectValue!.filter { $0.key != "shard" }) }
        #expect(Self.withoutTiming(try ReportMerge.merge(plain)).serialized() == Self.withoutTiming(ReportMerge.addingInputs(whole, inputs)).serialized())
    }

    @Test func loadOrderIsFileThenLine() {
        // What merge sorts by reproduces the order `run` writes (the loader's) for the whole corpus.
        let vectors = Self.all
        let sorted = vectors.enumerated().sorted { a, b in
            let fa = Array(a.element.file.utf8), fb = Array(b.element.file.utf8)
            if fa != fb { return fa.lexicographicallyPrecedes(fb) }
            return a.element.line != b.element.line ? a.element.line < b.element.line : a.offset < b.offset
        }.map(\.element.name)
        #expect(sorted == vectors.map(\.name))
        // (file, line) names a vector: no tie is left to chance.
        #expect(Set(vectors.map { "\($0.file):\($0.line)" }).count == vectors.count)
    }

    /// The `inputs` of the tiny reports' run (RunInputs' shape; what a run read, made up).
    static let tinyInputs = JSON.object([("sha256", .string(String(repeating: "ab", count: 32))), ("vectors", .int(3)),
                                         ("files", .array([.object([("file", .string("v/s.yaml")), ("vectors", .int(3)),
                                                                    ("sha256", .string(String(repeating: "cd", count: 32)))])]))])

    static func tiny(_ impls: [(String, String)], _ results: [(String, String, Int, String)], shard: (Int, Int, Int)? = nil,
                     inputs: JSON? = tinyInputs) -> JSON {
        var top: [(key: String, value: JSON)] = [
            ("format", .string("concord-report/1")), ("concord", .object([("version", .string("0.1.0"))])),
            ("implementations", .array(impls.map { .object([("name", .string($0.0)), ("version", .string($0.1))]) })),
            ("wallSeconds", .double(0.5)), ("workers", .int(2)),
        ]
        if let s = shard {
            top.append(("shard", .object([("index", .int(Int64(s.0))), ("count", .int(Int64(s.1))), ("vectors", .int(Int64(s.2)))])))
        }
        if let inputs { top.append(("inputs", inputs)) }
        top.append(("results", .array(results.map { r in
            .object([("vector", .string(r.0)), ("file", .string(r.1)), ("line", .int(Int64(r.2))), ("result", .string("valid")),
                     ("status", .string(r.3)), ("implementations", .object([("a", .object([("status", .string(r.3 == "error" ? "error" : r.3))]))]))])
        })))
        // The counts of its results (ReportCheck holds every report to them).
        top.insert(("summary", ReportMerge.summary(top.last!.value.arrayValue!)), at: 3)
        return .object(top)
    }

    @Test func mergeRefusesWhatDoesNotFit() throws {
        let a = Self.tiny([("a", "1")], [("argon2id/x", "v/s.yaml", 3, "pass")])
        let b = Self.tiny([("a", "1")], [("argon2id/y", "v/s.yaml", 9, "fail")])
        let merged = try ReportMerge.merge([b, a])
        #expect(merged["results"]?.arrayValue?.compactMap { $0["vector"]?.stringValue } == ["argon2id/x", "argon2id/y"])
        #expect(merged["summary"]?["vectors"]?.intValue == 2 && merged["summary"]?["failed"]?.intValue == 1)
        #expect(ReportMerge.exitStatus(merged) == 1)
        #expect(ReportMerge.exitStatus(try ReportMerge.merge([a])) == 0)

        func refused(_ reports: [JSON], _ words: String) {
            do {
                _ = try ReportMerge.merge(reports)
                Issue.record("merged, expected a refusal mentioning \(words)")
            } catch {
                #expect(error.description.contains(words), "\(error)")
            }
        }
        refused([], "no report")
        refused([a, a], "argon2id/x is in report 1 and report 2")
        refused([a, Self.tiny([("a", "2")], [("argon2id/y", "v/s.yaml", 9, "pass")])], "implementation a has version 2")
        refused([a, .object([("format", .string("concord-outputs/1"))])], "not a concord-report/1")
        refused([.array([])], "not a JSON object")
        let s1 = Self.tiny([("a", "1")], [("argon2id/x", "v/s.yaml", 3, "pass")], shard: (1, 3, 3))
        let s2 = Self.tiny([("a", "1")], [("argon2id/y", "v/s.yaml", 5, "pass")], shard: (2, 3, 3))
        let s3 = Self.tiny([("a", "1")], [("argon2id/z", "v/s.yaml", 7, "pass")], shard: (3, 3, 3))
        #expect(try ReportMerge.merge([s3, s1, s2])["summary"]?["passed"]?.intValue == 3)
        refused([s1, s2], "shard 3/3 missing")
        refused([s1, s2, Self.tiny([("a", "1")], [("argon2id/w", "v/s.yaml", 1, "pass")])], "some reports are shards")
        refused([s1, s2, Self.tiny([("a", "1")], [("argon2id/z", "v/s.yaml", 7, "pass")], shard: (3, 4, 3))], "different splits")
        refused([s1, s2, Self.tiny([("a", "1")], [("argon2id/z", "v/s.yaml", 7, "pass")], shard: (2, 3, 3))], "shard 2/3 is given twice")
        refused([s1, s2, Self.tiny([("a", "1")], [], shard: (3, 3, 3))], "hold 2 vectors, the run loaded 3")
        // Lenient no more (issue 12 item 8): a result without its file, a vector of no known
        // suite, a number that is not finite, an implementation failing a vector marked pass.
        refused([Self.tiny([("a", "1")], [("argon2id/x", "", 3, "pass")])], "has no \"file\"")
        refused([Self.tiny([("a", "1")], [("nosuch/x", "v/s.yaml", 3, "pass")])], "unknown suite \"nosuch\"")
        refused([Self.tiny([("a", "1")], [("argon2id/x/y", "v/s.yaml", 3, "pass")])], "invalid id")
        var infinite = Self.tiny([("a", "1")], [("argon2id/x", "v/s.yaml", 3, "pass")])
        infinite = .object(infinite.objectValue!.map { $0.key == "wallSeconds" ? ($0.key, .double(.infinity)) : $0 })
        refused([infinite], "not finite")
        let lying = JSON.object(a.objectValue!.map { p in
            guard p.key == "results" else { return p }
            return (p.key, .array([.object(p.value.arrayValue![0].objectValue!.map { f in
                f.key == "implementations" ? (f.key, .object([("a", .object([("status", .string("fail"))]))])) : f })]))
        })
        refused([lying], "argon2id/x is pass but a failed it")
        do {
            _ = try ReportMerge.merge([lying], names: ["r.json"])
        } catch {
            #expect(error.report == 0 && error.path == [.key("results"), .index(0), .key("status")])
        }
    }

    /// Shards of one run list the same implementations: reports of runs with different
    /// `--implementations` are refused (a union let `--require b` pass on half the vectors: issue 26).
    @Test func implementationsMustBeTheSame() throws {
        let a = Self.tiny([("a", "1"), ("b", "2")], [("argon2id/x", "v/s.yaml", 3, "pass")])
        let b = Self.tiny([("a", "1"), ("c", "3")], [("argon2id/y", "v/s.yaml", 9, "pass")])
        #expect(throws: ReportMerge.MergeError.self) { try ReportMerge.merge([a, b]) }
        do { _ = try ReportMerge.merge([a, b], names: ["s1.json", "s2.json"]) } catch {
            #expect(error.description == "s1.json and s2.json ran different implementations (b only in s1.json; c only in s2.json): "
                    + "merge takes the shards of one run, with the same --implementations", "\(error)")
        }
        // The same names in another order are the same run's.
        let c = Self.tiny([("b", "2"), ("a", "1")], [("argon2id/y", "v/s.yaml", 9, "pass")])
        #expect(try ReportMerge.merge([a, c])["implementations"]?.arrayValue?.compactMap { $0["name"]?.stringValue } == ["a", "b"])
    }

    /// An adapter none of whose suites fell in a shard is not started there (version "not started"):
    /// the merge takes the version of the shard that started it, in either order.
    /// Two different versions of started adapters are still refused. (The app recipe's gate failed on
    /// this once the packing plan kept tink's vectors in one shard.)
    @Test func anAdapterAShardNeverStartedTakesTheOtherShardsVersion() throws {
        let started = Self.withStarts(Self.tiny([("a", "1"), ("t", "Tink 1.16.1")], [("argon2id/x", "v/s.yaml", 3, "pass")]), "t", 1)
        let idle = Self.tiny([("a", "1"), ("t", "not started")], [("argon2id/y", "v/s.yaml", 9, "pass")])
        for pair in [[started, idle], [idle, started]] {
            let t = try ReportMerge.merge(pair)["implementations"]?.arrayValue?.first { $0["name"]?.stringValue == "t" }
            #expect(t?["version"]?.stringValue == "Tink 1.16.1")
            #expect(t?["processStarts"]?.intValue == 1)
        }
        // Not started in every shard: it stays "not started".
        let idle2 = Self.tiny([("a", "1"), ("t", "not started")], [("argon2id/x", "v/s.yaml", 3, "pass")])
        #expect(try ReportMerge.merge([idle, idle2])["implementations"]?.arrayValue?.last?["version"]?.stringValue == "not started")
        // A started adapter whose version differs is another run's.
        let other = Self.withStarts(Self.tiny([("a", "1"), ("t", "Tink 1.15.0")], [("argon2id/y", "v/s.yaml", 9, "pass")]), "t", 1)
        #expect(throws: ReportMerge.MergeError.self) { try ReportMerge.merge([started, other]) }
        // An adapter that started and announced "not started" as its version is not an idle one:
        // judged by processStarts and startFailure, not by the text, so the versions differ.
        let spoof = Self.withStarts(idle, "t", 1)
        for pair in [[started, spoof], [spoof, started]] {
            #expect(throws: ReportMerge.MergeError.self) { try ReportMerge.merge(pair) }
        }
        // One that failed to start in a shard: merged, its start failure kept (the gate fails on it).
        let failed = Self.withStarts(idle, "t", nil, failure: "t: no such program")
        let t = try ReportMerge.merge([started, failed])["implementations"]?.arrayValue?.last
        #expect(t?["version"]?.stringValue == "Tink 1.16.1")
        #expect(t?["startFailure"]?.stringValue == "t: no such program")
    }

    /// Whether an implementation started is its report's `started` field, never its version text:
    /// one whose version is literally "not started" but that started (`started: true`; a captured
    /// file or an in-process implementation has no process to count) is not an idle one, so a shard
    /// where it has another version is another run's, refused. (Merge took the text for the fact
    /// before the field: it merged them, the other shard's version winning.) One that did not start
    /// in a shard (`started: false`) takes the version of the shard where it did, whatever its text.
    @Test func anImplementationThatStartedIsNeverTakenForIdleByItsVersionText() throws {
        let literal = Self.withStarted(Self.tiny([("a", "1"), ("t", "not started")], [("argon2id/x", "v/s.yaml", 3, "pass")]), "t", true)
        let other = Self.tiny([("a", "1"), ("t", "2")], [("argon2id/y", "v/s.yaml", 9, "pass")])
        for pair in [[literal, other], [other, literal]] {
            #expect(throws: ReportMerge.MergeError.self) { try ReportMerge.merge(pair) }
        }
        // Two shards of it: merged, and still said to have started (its version reads "not started").
        let again = Self.withStarted(Self.tiny([("a", "1"), ("t", "not started")], [("argon2id/y", "v/s.yaml", 9, "pass")]), "t", true)
        let both = try ReportMerge.merge([literal, again])["implementations"]?.arrayValue?.last
        #expect(both?["version"]?.stringValue == "not started" && both?["started"]?.serialized() == "true")
        // Not started in a shard, whatever its version reads: the version of the shard where it started.
        let idle = Self.withStarted(Self.tiny([("a", "1"), ("t", "0.9")], [("argon2id/x", "v/s.yaml", 3, "pass")]), "t", false)
        for pair in [[idle, other], [other, idle]] {
            let t = try ReportMerge.merge(pair)["implementations"]?.arrayValue?.last
            #expect(t?["version"]?.stringValue == "2" && t?["started"] == nil, "\(t?.serialized() ?? "")")
        }
        // Not started anywhere: said so.
        let idle2 = Self.withStarted(Self.tiny([("a", "1"), ("t", "0.9")], [("argon2id/y", "v/s.yaml", 9, "pass")]), "t", false)
        #expect(try ReportMerge.merge([idle, idle2])["implementations"]?.arrayValue?.last?["started"]?.serialized() == "false")
        // A `started` that is not a boolean is refused (ReportCheck), naming where.
        let bad = Self.withStarted(literal, "t", nil, raw: .string("yes"))
        do { _ = try ReportMerge.merge([bad, other]) ; Issue.record("merged a report whose started is a string") } catch {
            #expect(error.message == "implementations[1].started must be true or false" && error.path == [.key("implementations"), .index(1), .key("started")])
        }
    }

    static func withStarted(_ report: JSON, _ name: String, _ started: Bool?, raw: JSON? = nil) -> JSON {
        .object(report.objectValue!.map { pair in
            guard pair.key == "implementations", let list = pair.value.arrayValue else { return pair }
            return (pair.key, .array(list.map { impl in
                guard impl["name"]?.stringValue == name else { return impl }
                var fields = impl.objectValue!.filter { $0.key != "started" }
                if let v = raw ?? started.map(JSON.bool) { fields.append(("started", v)) }
                return .object(fields)
            }))
        })
    }

    static func withStarts(_ report: JSON, _ name: String, _ starts: Int?, failure: String? = nil) -> JSON {
        .object(report.objectValue!.map { pair in
            guard pair.key == "implementations", let list = pair.value.arrayValue else { return pair }
            return (pair.key, .array(list.map { impl in
                guard impl["name"]?.stringValue == name else { return impl }
                var fields = impl.objectValue!
                if let f = failure { fields.append(("startFailure", .string(f))) }
                if let s = starts { fields.append(("processStarts", .int(Int64(s)))) }
                return .object(fields)
            }))
        })
    }

    @Test func peaksMergeAsTheLargest() throws {
        let a = JSONReport.addingPeaks(Self.tiny([("a", "1")], [("argon2id/x", "v/s.yaml", 3, "pass")]), concordKiB: 300, adapters: ["a": 50])
        let b = JSONReport.addingPeaks(Self.tiny([("a", "1")], [("argon2id/y", "v/s.yaml", 9, "pass")]), concordKiB: 200, adapters: ["a": 70])
        let merged = try ReportMerge.merge([a, b])
        #expect(merged["peakResidentKiB"]?.intValue == 300)
        #expect(merged["implementations"]?.arrayValue?.first?["peakResidentKiB"]?.intValue == 70)
    }

    /// A report with `key` set to `value`, just before `results`.
    static func with(_ report: JSON, _ key: String, _ value: JSON) -> JSON {
        var top = report.objectValue!.filter { $0.key != key }
        top.insert((key, value), at: top.firstIndex { $0.key == "results" }!)
        return .object(top)
    }

    static func refusal(_ reports: [JSON], names: [String]? = nil) -> ReportMerge.MergeError? {
        do { _ = try ReportMerge.merge(reports, names: names); return nil } catch { return error }
    }

    /// Shards of two runs over different vector files are not one run: run A (whose t2 fails) and run
    /// B (the same file fixed) gave shards that merged green (issue 43). Each report says what its run
    /// read (`inputs`: every vector loaded, per file); merge refuses reports whose inputs differ,
    /// naming both reports and what differs, and refuses more than one report that does not say.
    @Test func shardsOfRunsOverOtherInputsAreRefused() throws {
        func loaded(_ text: String, _ file: String) throws -> [Vector] { try VectorLoader().load(.bytes(Array(text.utf8), file: file)).vectorsOrFirstError() }
        let text = """
        {"format": "concord-vectors/1", "suite": "closer.kdf-params", "title": "t", "source": "s", "vectors": [
          {"id": "t1", "input": {"tag": "argon2id;v=19;m=64;t=1;p=1"}, "expect": {"memoryKiB": 64, "iterations": 1, "parallelism": 1, "version": 19}},
          {"id": "t2", "input": {"tag": "argon2id;v=19;m=65;t=1;p=1"}, "expect": {"memoryKiB": 66, "iterations": 1, "parallelism": 1, "version": 19}}]}
        """
        let a = RunInputs.make(try loaded(text, "v/k.json"))
        // Loaded again: the same inputs. The same file with one expected value fixed, or under another name: not.
        #expect(RunInputs.make(try loaded(text, "v/k.json")).serialized() == a.serialized())
        let fixed = RunInputs.make(try loaded(text.replacingOccurrences(of: "\"memoryKiB\": 66", with: "\"memoryKiB\": 65"), "v/k.json"))
        let moved = RunInputs.make(try loaded(text, "w/k.json"))
        #expect(fixed["sha256"]?.stringValue != a["sha256"]?.stringValue && moved["sha256"]?.stringValue != a["sha256"]?.stringValue)
        #expect(a["vectors"]?.intValue == 2 && a["files"]?.arrayValue?.count == 1 && a["files"]?.arrayValue?[0]["vectors"]?.intValue == 2)
        // `sha256` is SHA-256 of the documented lines (docs/report.md), one per file.
        let f = a["files"]!.arrayValue![0]
        let line = "vectors\tv/k.json\t2\t\(f["sha256"]!.stringValue!)\n"
        #expect(a["sha256"]?.stringValue == Hex.encode(SHA256.hash(Array(line.utf8))))

        let s1 = Self.tiny([("a", "1")], [("argon2id/x", "v/s.yaml", 3, "pass")], shard: (1, 2, 2), inputs: a)
        let s2 = Self.tiny([("a", "1")], [("argon2id/y", "v/s.yaml", 9, "pass")], shard: (2, 2, 2), inputs: fixed)
        let e = try #require(Self.refusal([s1, s2], names: ["s1.json", "s2.json"]))
        #expect(e.description.hasPrefix("s1.json and s2.json ran on different inputs (v/k.json's vectors differ (2 vectors, sha256 "), "\(e)")
        #expect(e.description.hasSuffix("in s2.json)): merge takes the shards of one run, over the same vector files"), "\(e)")
        let m = try #require(Self.refusal([s1, Self.with(s2, "inputs", moved)], names: ["s1.json", "s2.json"]))
        #expect(m.description.contains("(v/k.json only in s1.json; w/k.json only in s2.json)"), "\(m)")
        // The same inputs in another key order are the same; the shards of one run merge.
        let reordered = JSON.object(a.objectValue!.reversed())
        #expect(try ReportMerge.merge([s1, Self.with(s2, "inputs", reordered)])["inputs"]?.serialized() == a.serialized())
        // A report that does not say what it read merges alone, never with another (fail closed).
        let old = Self.tiny([("a", "1")], [("argon2id/y", "v/s.yaml", 9, "pass")], shard: (2, 2, 2), inputs: nil)
        let o = try #require(Self.refusal([s1, old], names: ["s1.json", "old.json"]))
        #expect(o.description.contains("old.json does not record the inputs of its run"), "\(o)")
        #expect(Self.refusal([Self.tiny([("a", "1")], [("argon2id/y", "v/s.yaml", 9, "pass")], inputs: nil)]) == nil)
        // A shard whose inputs count other vectors than its split is refused at its place.
        let lying = try #require(Self.refusal([Self.tiny([("a", "1")], [("argon2id/x", "v/s.yaml", 3, "pass")], shard: (1, 1, 5), inputs: a)]))
        #expect(lying.path == [.key("shard"), .key("vectors")] && lying.message.contains("its inputs list 2"), "\(lying)")
    }

    /// The same options written in another key order, or a number spelled `300.0`, are the same
    /// options (merge refused them, "different options ()"); options that differ are named.
    @Test func optionsAreComparedAsValues() throws {
        let options = JSON.object([("maxKdfMemoryKiB", .int(4_194_304)), ("maxKdfWork", .int(67_108_864)), ("timeout", .int(300))])
        let a = Self.with(Self.tiny([("a", "1")], [("argon2id/x", "v/s.yaml", 3, "pass")]), "options", options)
        let b = Self.tiny([("a", "1")], [("argon2id/y", "v/s.yaml", 9, "pass")])
        let reordered = JSON.object(options.objectValue!.reversed())
        let spelled = JSON.object([("timeout", .double(300)), ("maxKdfWork", .int(67_108_864)), ("maxKdfMemoryKiB", .int(4_194_304))])
        for same in [reordered, spelled] {
            #expect(try ReportMerge.merge([a, Self.with(b, "options", same)])["options"]?.serialized() == options.serialized())
        }
        let shorter = JSON.object([("timeout", .int(60)), ("maxKdfWork", .int(67_108_864)), ("maxKdfMemoryKiB", .int(4_194_304))])
        #expect(Self.refusal([a, Self.with(b, "options", shorter)], names: ["s1.json", "s2.json"])?.description
                == "s1.json and s2.json were run with different options (timeout 300 in s1.json, 60 in s2.json): merge takes the shards of one run")
        // Options that are not an object are named whole, never as "()".
        let odd = try #require(Self.refusal([a, Self.with(b, "options", .array([]))], names: ["s1.json", "s2.json"]))
        #expect(odd.description.contains("(\(options.serialized()) in s1.json, [] in s2.json)") && !odd.description.contains("()"), "\(odd)")
    }

    /// The shards missing from a merge are named as ranges, with their count, in memory of the
    /// reports given (it listed each one: a report of shard 1/100000000 grew merge past 3 GiB);
    /// a shard count above `run --shard`'s limit, or an index outside 1…N, is refused at its place.
    @Test func missingShardsAreNamedAsRanges() throws {
        func shard(_ k: Int, _ n: Int) -> JSON { Self.tiny([("a", "1")], [("argon2id/x\(k)", "v/s.yaml", k, "pass")], shard: (k, n, 3)) }
        #expect(Self.refusal([shard(1, 10_000), shard(5_000, 10_000)])?.description
                == "shards 2/10000 to 4999/10000, 5001/10000 to 10000/10000 (9998 of 10000) missing: the merged report would not hold every vector")
        #expect(Self.refusal([shard(1, 3), shard(2, 3)])?.description == "shard 3/3 missing: the merged report would not hold every vector")
        // Thirteen gaps: the first ten, and a word that there are more.
        let every = Self.refusal(stride(from: 2, through: 24, by: 2).map { shard($0, 30) })?.description ?? ""
        #expect(every.hasPrefix("shards 1/30, 3/30, 5/30, 7/30, 9/30, 11/30, 13/30, 15/30, 17/30, 19/30, and more (18 of 30) missing"), "\(every)")
        for (k, n, field, words) in [(1, 100_000_000, "count", "shard count 100000000 is not between 1 and 10000"),
                                     (1, 0, "count", "shard count 0 is not between 1"), (4, 3, "index", "shard index 4 is not between 1 and the count, 3")] {
            let e = try #require(Self.refusal([shard(k, n)], names: ["forged.json"]))
            #expect(e.report == 0 && e.path == [.key("shard"), .key(field)] && e.message.contains(words), "\(e)")
        }
    }

    // MARK: Through the binary

    /// Always run (it was gated on words `concord help` never printed, so it never ran: issue 27
    /// item 6): a binary without `run --shard` or `merge` fails here.
    @Test func binaryShardsAndMergeEqualTheUnshardedRun() throws {
        let dir = temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        var env = ProcessInfo.processInfo.environment
        env["CONCORD_HOME"] = repositoryRoot
        let base = Self.cheapPaths + ["--implementations", Self.cheapImplementations.joined(separator: ",")]
        let whole = try runProcess(concordBinary, ["run"] + base + ["--report", dir + "/whole.json", "--quiet"], environment: env)
        #expect(whole.status == 0 || whole.status == 1, "\(whole.stderr)")
        var paths: [String] = []
        var statuses: [Int32] = []
        for k in 1...3 {
            let p = dir + "/shard-\(k).json"
            let r = try runProcess(concordBinary, ["run"] + base + ["--shard", "\(k)/3", "--report", p, "--quiet"], environment: env)
            // The failing vectors may all sit in one shard: each shard passes or fails on its own.
            #expect(r.status == 0 || r.status == 1, "\(r.stderr)")
            statuses.append(r.status)
            paths.append(p)
        }
        #expect(statuses.max() == whole.status, "a shard fails where the whole run does")
        let m = try runProcess(concordBinary, ["merge"] + paths.reversed() + ["--out", dir + "/merged.json"], environment: env)
        #expect(m.status == whole.status, "\(m.stdout)\(m.stderr)")
        let a = try JSON.parse(String(contentsOfFile: dir + "/whole.json", encoding: .utf8))
        let b = try JSON.parse(String(contentsOfFile: dir + "/merged.json", encoding: .utf8))
        #expect(Self.withoutTiming(a).serialized(pretty: true) == Self.withoutTiming(b).serialized(pretty: true))
        // Standard output by default; an unreadable report is exit 2.
        let out = try runProcess(concordBinary, ["merge"] + paths, environment: env)
        #expect(Self.withoutTiming(try JSON.parse(out.stdout)).serialized() == Self.withoutTiming(b).serialized())
        #expect(try runProcess(concordBinary, ["merge", dir + "/nope.json"], environment: env).status == 2)
        #expect(try runProcess(concordBinary, ["merge", paths[0], paths[0]], environment: env).status == 2)
        #expect(try runProcess(concordBinary, ["run"] + base + ["--shard", "4/3"], environment: env).status == 2)
    }

    /// As the red team ran it: shard 1 of run A (its vector t2 fails) and shard 2 of run B (the same
    /// file fixed, in another folder, or at the same path in another checkout) merged green, exit 0,
    /// while run A alone fails. Refused now, exit 2, naming both reports and the file.
    @Test func binaryShardsOfTwoRunsOverOtherFilesDoNotMerge() throws {
        let dir = temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        var env = ProcessInfo.processInfo.environment
        env["CONCORD_HOME"] = repositoryRoot
        let vectors = (1...4).map { i in
            "  - {id: t\(i), input: {tag: \"argon2id;v=19;m=\(64 + i);t=1;p=1\"}, expect: {memoryKiB: \(i == 2 ? 0 : 64 + i), iterations: 1, parallelism: 1, version: 19}}"
        }
        let failing = "format: concord-vectors/1\nsuite: closer.kdf-params\ntitle: t\nsource: s\nvectors:\n" + vectors.joined(separator: "\n") + "\n"
        let fixed = failing.replacingOccurrences(of: "memoryKiB: 0,", with: "memoryKiB: 66,")
        write(failing, to: dir + "/a/v/k.yaml")
        write(fixed, to: dir + "/b/v/k.yaml")
        func run(_ folder: String, _ args: [String]) throws -> ProcessOutput {
            try runProcess("/bin/sh", ["-c", "cd \"$0\" && exec \"$@\"", folder, concordBinary, "run"] + args + ["--implementations", "swift", "-q"],
                           environment: env, timeout: 120)
        }
        let whole = try run(dir + "/a", ["v", "-o", dir + "/a.json"])
        #expect(whole.status == 1, "run A fails: \(whole.stderr)")
        for (folder, name, k) in [("a", "a1", 1), ("a", "a2", 2), ("b", "b2", 2)] {
            let r = try run(dir + "/" + folder, ["v", "--shard", "\(k)/2", "-o", dir + "/\(name).json"])
            #expect(r.status == 0 || r.status == 1, "\(r.stderr)")
        }
        // The same path, v/k.yaml, with other contents: what differs is the file's vectors.
        let mixed = try runProcess(concordBinary, ["merge", dir + "/a1.json", dir + "/b2.json", "-o", dir + "/m.json"], environment: env)
        #expect(mixed.status == 2 && mixed.stderr.contains("a1.json and \(dir)/b2.json ran on different inputs (v/k.yaml's vectors differ (4 vectors, sha256 "),
                "\(mixed.stderr)")
        #expect(!FileManager.default.fileExists(atPath: dir + "/m.json"))
        // Other paths: each file is named as only in one of them.
        let b = try run(dir + "/b", [dir + "/b/v", "--shard", "2/2", "-o", dir + "/b2p.json"])
        #expect(b.status == 0 || b.status == 1, "\(b.stderr)")
        let other = try runProcess(concordBinary, ["merge", dir + "/a1.json", dir + "/b2p.json"], environment: env)
        #expect(other.status == 2 && other.stderr.contains("(v/k.yaml only in \(dir)/a1.json; \(dir)/b/v/k.yaml only in \(dir)/b2p.json)"), "\(other.stderr)")
        // The shards of run A merge, and fail as run A does.
        let same = try runProcess(concordBinary, ["merge", dir + "/a1.json", dir + "/a2.json", "-o", dir + "/m.json", "-q"], environment: env)
        #expect(same.status == 1, "\(same.stderr)")
    }
}
