import ConcordSuites
import ConcordFormats
import ConcordImplementations
import Foundation

public struct RunConfiguration: Sendable {
    /// Jobs in flight at once (in-process calls and adapter requests alike). Default: the cores.
    public var workers: Int
    public var limits: Limits
    public init(workers: Int = ProcessInfo.processInfo.activeProcessorCount, limits: Limits = Limits()) {
        self.workers = max(1, workers)
        self.limits = limits
    }
}

/// Runs vectors on implementations: every (vector, implementation) pair whose suite the
/// implementation claims is one job; jobs run on `workers` threads, heaviest first, so that the
/// run's wall time approaches the sum of the work divided by the cores.
public final class Runner: Sendable {
    public let implementations: [any Implementation]
    public let configuration: RunConfiguration

    public init(implementations: [any Implementation], configuration: RunConfiguration = RunConfiguration()) {
        self.implementations = implementations
        self.configuration = configuration
    }

    struct Job: Sendable {
        var vectorIndex: Int
        var implementationIndex: Int
        var cost: Double
    }

    /// Relative speed of implementations, for scheduling only (measured here: see docs/performance.md).
    static let weight: [String: Double] = ["libsodium": 1, "libargon2": 1.8, "jvm": 3.5]

    /// Whether an adapter is worth starting for these suites: a built-in one when a needed suite's
    /// definition names it; one no definition names (a user's adapter) always.
    static func shouldStart(_ impl: any Implementation, needed: Set<String>) -> Bool {
        let expected = Suites.expected(of: impl.name)
        return expected.isEmpty || !expected.isDisjoint(with: needed)
    }

    public func run(_ vectors: [Vector], progress: (@Sendable (_ done: Int, _ total: Int) -> Void)? = nil) -> RunResult {
        let start = Date()
        // Per vector, indexed by position: why it cannot run (nil: it can), its cost, its suite's
        // definition (an index into `suites`). Names are looked up once per run of vectors of one
        // suite, not hashed per vector.
        var blocked = [String?](repeating: nil, count: vectors.count)
        var roundtrips: [Int] = []
        var costs = [Double](repeating: 0, count: vectors.count)
        var suites: [Suite] = []
        var suiteOf = [Int](repeating: -1, count: vectors.count)
        var suiteIndex: [String: Int] = [:]
        var lastName: String? = nil, last = -1
        for (vi, v) in vectors.enumerated() {
            let name = v.suite
            if name != lastName {
                lastName = name
                if let i = suiteIndex[name] { last = i } else if let def = Suites.all[name] {
                    suites.append(def); last = suites.count - 1; suiteIndex[name] = last
                } else { last = -1 }
            }
            suiteOf[vi] = last
            guard last >= 0 else { blocked[vi] = "unknown suite \(v.suite)"; continue }
            let suite = suites[last]
            if let why = suite.exceedsLimits(v.input, configuration.limits) { blocked[vi] = why; continue }
            if let rt = suite.roundtrip, v.op == rt.op { roundtrips.append(vi); continue }
            costs[vi] = suite.cost(v.input)
        }
        let store = ResultStore(implementations: implementations.count)
        let requests = vectors.map { Request(suite: $0.suite, op: $0.op, input: $0.input, vector: $0.name) }
        let implementations = self.implementations
        // One implementation's jobs, from what it says it supports (an adapter: its handshake). What
        // it announces but cannot run is answered here, never sent.
        let plan: @Sendable (Int) -> [Job] = { [vectors, blocked, costs] ii in
            let impl = implementations[ii]
            let weight = Self.weight[impl.name] ?? 1
            var jobs: [Job] = []
            var slots: ResultSlots? = nil
            // Asked once per run of vectors with the same suite and op.
            var lastKey: (suite: String, op: String?)? = nil
            var lastSupport = Support.absent
            for (vi, v) in vectors.enumerated() where blocked[vi] == nil {
                let suite = v.suite, op = v.op
                let support: Support
                if let k = lastKey, k.suite == suite, k.op == op { support = lastSupport } else {
                    support = impl.support(suite: suite, op: op)
                    lastKey = (suite, op)
                    lastSupport = support
                }
                if support == .absent { continue }
                if slots == nil { slots = store.allocate(ii, count: vectors.count) }
                switch support {
                case .absent: continue
                case .runs: jobs.append(Job(vectorIndex: vi, implementationIndex: ii, cost: costs[vi] * weight))
                case .unsupported(let why): slots!.set(vi, Judge.implementation(impl.name, .unsupported(why), for: v, seconds: 0))
                case .broken(let why): slots!.set(vi, Judge.implementation(impl.name, .error(why), for: v, seconds: 0))
                }
            }
            // Longest first (LPT): the heavy Argon2id jobs do not end up alone at the tail.
            return jobs.sorted { $0.cost > $1.cost }
        }
        // Adapters announce what they run in their handshake: start each one the plan may need at
        // once, and add its jobs when its handshake is in; in-process jobs run meanwhile.
        let needed = Set(suites.map(\.name))
        let starting = implementations.indices.filter { !implementations[$0].isReady && Self.shouldStart(implementations[$0], needed: needed) }
        if !starting.isEmpty {
            let work = PlannedWork(largestKdfMemoryKiB: Self.largestKdfMemoryKiB(vectors, blocked: blocked, costs: costs), workers: configuration.workers)
            for ii in starting { implementations[ii].expect(work) }
        }
        let queue = JobQueue(planners: starting.count)
        for ii in implementations.indices where implementations[ii].isReady { queue.add(plan(ii)) }
        for ii in starting {
            Thread.detachNewThread {
                implementations[ii].prepare()
                queue.add(plan(ii))
                queue.plannerDone()
            }
        }
        let counter = progress.map { _ in Counter() }
        let budgets = ExplanationBudgets(limits: configuration.limits)
        let work: @Sendable () -> Void = { [vectors, requests, budgets] in
            // Cheap jobs are taken in batches: one lock per batch, not per job.
            while case let batch = queue.next(batchBelowCost: 1e-3, size: 32), !batch.isEmpty {
                for job in batch {
                    let impl = implementations[job.implementationIndex]
                    let t0 = DispatchTime.now().uptimeNanoseconds
                    let outcome = impl.run(requests[job.vectorIndex])
                    let seconds = Double(DispatchTime.now().uptimeNanoseconds - t0) / 1e9
                    store.slots(job.implementationIndex)!.set(job.vectorIndex, Judge.implementation(impl.name, outcome, for: vectors[job.vectorIndex], seconds: seconds,
                                                                                                     budget: budgets.forVector(job.vectorIndex)))
                    if let counter, let progress { progress(counter.increment(), queue.total) }
                }
            }
        }
        // A plan of well under a millisecond of in-process work runs on this thread: starting
        // workers would cost more than it saves. (A cheap check is costed 1 µs and takes a few:
        // 250 of them are about a millisecond, where two workers already pay; docs/performance.md.)
        let inline = starting.isEmpty && queue.totalCost < 2.5e-4
        let workers = inline ? 1 : min(configuration.workers, max(1, queue.total + (starting.isEmpty ? 0 : configuration.workers)))
        if inline {
            work()
        } else {
            let group = DispatchGroup()
            for _ in 0..<workers {
                group.enter()
                let thread = Thread {
                    work()
                    group.leave()
                }
                thread.stackSize = 1 << 20
                thread.start()
            }
            group.wait()
        }

        let allSlots = implementations.indices.compactMap { store.slots($0) }
        var results: [VectorResult] = []
        results.reserveCapacity(vectors.count)
        var matrices: [Int: VectorResult] = [:]
        for vi in roundtrips {
            let v = vectors[vi]
            matrices[vi] = Roundtrip.run(v, spec: suites[suiteOf[vi]].roundtrip!, implementations: implementations)
        }
        for (vi, v) in vectors.enumerated() {
            // The slots of the chunk just judged are read no more.
            if vi > 0 && vi % ResultSlots.chunk == 0 { for slots in allSlots { slots.release(chunkOf: vi - 1) } }
            if !matrices.isEmpty, var r = matrices[vi] {
                r.warnings = suites[suiteOf[vi]].warnings(v.input)
                results.append(r)
                continue
            }
            if let why = blocked[vi] {
                results.append(VectorResult(vector: v, status: .error, implementations: [], note: why, divergence: nil))
                continue
            }
            // Each vector's results in implementation order.
            var mine: [ImplementationResult] = []
            mine.reserveCapacity(allSlots.count)
            for slots in allSlots { if let r = slots.get(vi) { mine.append(r) } }
            var r = Judge.vector(v, mine)
            r.warnings = suites[suiteOf[vi]].warnings(v.input)
            results.append(r)
        }
        let infos = implementations.map { ImplementationInfo(name: $0.name, version: $0.version, startFailure: $0.startFailure, processStarts: $0.processStarts) }
        return RunResult(implementations: infos, results: results, summary: RunSummary(results),
                         wallSeconds: Date().timeIntervalSince(start), workers: workers, checks: queue.total)
    }
}

extension Runner {
    /// The largest Argon2 memory (`m=`, KiB) named by a parameter tag (`argon2id;v=19;m=…`) among
    /// the inputs of the vectors that will run and derive something (a cost above 0.1 ms: a tag
    /// that is only parsed, as in `closer.kdf-params`, may name any memory).
    static func largestKdfMemoryKiB(_ vectors: [Vector], blocked: [String?], costs: [Double]) -> Int {
        var largest = 0
        for (vi, v) in vectors.enumerated() where blocked[vi] == nil && costs[vi] > 1e-4 {
            for (_, value) in v.input {
                guard case .text(let tag) = value, tag.hasPrefix("argon2") else { continue }
                for part in tag.split(separator: ";") where part.hasPrefix("m=") {
                    if let m = Int(part.dropFirst(2)), m > largest { largest = m }
                }
            }
        }
        return largest
    }
}

/// Hands out jobs to worker threads, longest first. Jobs arrive in parts: the in-process
/// implementations' at once, each adapter's when its handshake is in (`add`); a worker that finds
/// the queue empty waits while an adapter is still starting.
final class JobQueue: @unchecked Sendable {
    private let condition = NSCondition()
    private var remaining: [Runner.Job] = []
    private var head = 0
    private var planners: Int
    private(set) var total = 0
    private(set) var totalCost = 0.0

    init(planners: Int) { self.planners = planners }

    /// Adds jobs already sorted longest first, merged into what is left.
    func add(_ jobs: [Runner.Job]) {
        guard !jobs.isEmpty else { return }
        condition.lock()
        defer { condition.unlock() }
        let left = remaining[head...]
        var merged: [Runner.Job] = []
        merged.reserveCapacity(left.count + jobs.count)
        var i = left.startIndex, j = 0
        while i < left.endIndex && j < jobs.count {
            if left[i].cost >= jobs[j].cost { merged.append(left[i]); i += 1 } else { merged.append(jobs[j]); j += 1 }
        }
        merged += left[i...]
        merged += jobs[j...]
        remaining = merged
        head = 0
        total += jobs.count
        totalCost += jobs.reduce(0) { $0 + $1.cost }
        condition.broadcast()
    }

    func plannerDone() {
        condition.lock()
        planners -= 1
        condition.broadcast()
        condition.unlock()
    }

    /// The next job, and after it up to `size - 1` more in order while they cost less than
    /// `batchBelowCost` each (an in-process check takes microseconds; a lock per job would cost
    /// as much as the check). Empty when there is nothing left and nothing more will come.
    func next(batchBelowCost: Double = 0, size: Int = 1) -> [Runner.Job] {
        condition.lock()
        defer { condition.unlock() }
        while head >= remaining.count && planners > 0 { condition.wait() }
        guard head < remaining.count else { return [] }
        var batch = [remaining[head]]
        head += 1
        while batch.count < size, head < remaining.count, remaining[head].cost < batchBelowCost, batch[0].cost < batchBelowCost {
            batch.append(remaining[head])
            head += 1
        }
        return batch
    }
}

/// Per implementation, one result slot per vector. Each slot is written once, by the one thread
/// that ran (or planned) its job, and read only after every worker has finished, so no lock guards
/// the slots themselves; allocating an implementation's slots takes the lock.
final class ResultStore: @unchecked Sendable {
    private let lock = NSLock()
    private var perImplementation: [ResultSlots?]
    init(implementations: Int) { perImplementation = Array(repeating: nil, count: implementations) }
    func allocate(_ ii: Int, count: Int) -> ResultSlots {
        lock.withLock {
            if let s = perImplementation[ii] { return s }
            let s = ResultSlots(count: count)
            perImplementation[ii] = s
            return s
        }
    }
    func slots(_ ii: Int) -> ResultSlots? { lock.withLock { perImplementation[ii] } }
}

final class ResultSlots: @unchecked Sendable {
    /// Slots come in chunks, so that those already read can be freed while the results are made
    /// (a run of many small vectors otherwise held every result twice at its peak).
    static let chunk = 4096
    private var chunks: [UnsafeMutableBufferPointer<ImplementationResult?>?]
    init(count: Int) {
        chunks = stride(from: 0, to: count, by: Self.chunk).map { start in
            let b = UnsafeMutableBufferPointer<ImplementationResult?>.allocate(capacity: min(Self.chunk, count - start))
            b.initialize(repeating: nil)
            return b
        }
    }
    deinit {
        for case let b? in chunks { b.deinitialize(); b.deallocate() }
    }
    func set(_ i: Int, _ r: ImplementationResult) { chunks[i / Self.chunk]![i % Self.chunk] = r }
    func get(_ i: Int) -> ImplementationResult? { chunks[i / Self.chunk]![i % Self.chunk] }
    /// Frees the chunk that holds slot `i`: once every worker has finished and its slots were read.
    func release(chunkOf i: Int) {
        guard let b = chunks[i / Self.chunk] else { return }
        b.deinitialize()
        b.deallocate()
        chunks[i / Self.chunk] = nil
    }
}

/// A locked counter, for progress reports only.
final class Counter: @unchecked Sendable {
    private let lock = NSLock()
    private var n = 0
    func increment() -> Int { lock.withLock { n += 1; return n } }
}
