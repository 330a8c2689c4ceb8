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

    public func run(_ vectors: [Vector], progress: (@Sendable (_ done: Int, _ total: Int) -> Void)? = nil) -> RunResult {
        let start = Date()
        // Start the adapters the plan needs at once, concurrently with the first in-process jobs
        // (an adapter with no suite among these vectors is not started at all).
        let needed = Set(vectors.map(\.suite))
        for impl in implementations where !impl.isReady && !impl.suites.isDisjoint(with: needed) {
            Thread.detachNewThread { impl.prepare() }
        }

        var jobs: [Job] = []
        var blocked: [Int: String] = [:]
        var roundtrips: [Int] = []
        for (vi, v) in vectors.enumerated() {
            guard let suite = Suites.all[v.suite] else { blocked[vi] = "unknown suite \(v.suite)"; continue }
            if let why = suite.exceedsLimits(v.input, configuration.limits) { blocked[vi] = why; continue }
            if let rt = suite.roundtrip, v.op == rt.op { roundtrips.append(vi); continue }
            let cost = suite.cost(v.input)
            for (ii, impl) in implementations.enumerated() where impl.suites.contains(v.suite) {
                jobs.append(Job(vectorIndex: vi, implementationIndex: ii, cost: cost * (Self.weight[impl.name] ?? 1)))
            }
        }
        // Longest first (LPT): the heavy Argon2id jobs do not end up alone at the tail.
        let order = jobs.indices.sorted { jobs[$0].cost != jobs[$1].cost ? jobs[$0].cost > jobs[$1].cost : $0 < $1 }
        let slots = Slots(count: jobs.count)
        let queue = JobQueue(order: order, implementationOf: jobs.map(\.implementationIndex), implementations: implementations,
                             cost: jobs.map(\.cost))
        let requests = vectors.map { Request(suite: $0.suite, op: $0.op, input: $0.input, vector: $0.name) }
        let total = jobs.count
        let counter = progress.map { _ in Counter() }
        let budgets = ExplanationBudgets(limits: configuration.limits)
        let work: @Sendable () -> Void = { [jobs, vectors, implementations, requests, budgets] in
            // Cheap jobs are taken in batches: one lock per batch, not per job.
            while case let batch = queue.next(batchBelowCost: 1e-3, size: 32), !batch.isEmpty {
                for j in batch {
                    let job = jobs[j]
                    let impl = implementations[job.implementationIndex]
                    impl.prepare()  // an adapter's start is not the vector's time
                    let t0 = DispatchTime.now().uptimeNanoseconds
                    let outcome = impl.run(requests[job.vectorIndex])
                    let seconds = Double(DispatchTime.now().uptimeNanoseconds - t0) / 1e9
                    slots.set(j, Judge.implementation(impl.name, outcome, for: vectors[job.vectorIndex], seconds: seconds,
                                                            budget: budgets.forVector(job.vectorIndex)))
                    if let counter, let progress { progress(counter.increment(), total) }
                }
            }
        }
        // A plan of a few milliseconds of in-process work runs on this thread: starting workers
        // would cost more than it saves.
        let inline = jobs.reduce(0) { $0 + $1.cost } < 2e-3 && implementations.allSatisfy(\.isReady)
        let workers = inline ? 1 : min(configuration.workers, max(1, total))
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

        // Jobs were made vector by vector in implementation order, so each vector's results come
        // out in implementation order too.
        var perVector = [[ImplementationResult]](repeating: [], count: vectors.count)
        let filled = slots.values
        for (j, job) in jobs.enumerated() { perVector[job.vectorIndex].append(filled[j]!) }
        var results: [VectorResult] = []
        var matrices: [Int: VectorResult] = [:]
        for vi in roundtrips {
            let v = vectors[vi]
            matrices[vi] = Roundtrip.run(v, spec: Suites.all[v.suite]!.roundtrip!, implementations: implementations)
        }
        for (vi, v) in vectors.enumerated() {
            if var r = matrices[vi] {
                r.warnings = Suites.all[v.suite]?.warnings(v.input) ?? []
                results.append(r)
                continue
            }
            if let why = blocked[vi] {
                results.append(VectorResult(vector: v, status: .error, implementations: [], note: why, divergence: nil))
                continue
            }
            var r = Judge.vector(v, perVector[vi])
            r.warnings = Suites.all[v.suite]?.warnings(v.input) ?? []
            results.append(r)
        }
        let infos = implementations.map { ImplementationInfo(name: $0.name, version: $0.version, startFailure: $0.startFailure, processStarts: $0.processStarts) }
        return RunResult(implementations: infos, results: results, summary: RunSummary(results),
                         wallSeconds: Date().timeIntervalSince(start), workers: workers)
    }
}

/// Hands out job indices to worker threads: the first job in order whose implementation is ready,
/// so that workers compute in-process vectors while an adapter is still starting instead of
/// waiting for it; when only not-yet-ready implementations are left, the first job in order.
final class JobQueue: @unchecked Sendable {
    private let lock = NSLock()
    private var remaining: [Int]
    private var head = 0
    private let implementationOf: [Int]
    private let implementations: [any Implementation]
    /// Once every implementation is ready, jobs are simply taken in order.
    private var allReady = false

    private let cost: [Double]

    init(order: [Int], implementationOf: [Int], implementations: [any Implementation], cost: [Double]) {
        remaining = order
        self.cost = cost
        self.implementationOf = implementationOf
        self.implementations = implementations
    }

    /// The next job, and after it up to `size - 1` more in order while they cost less than
    /// `batchBelowCost` each (an in-process check takes microseconds; a lock per job would cost
    /// as much as the check).
    func next(batchBelowCost: Double = 0, size: Int = 1) -> [Int] {
        lock.withLock {
            while head < remaining.count && remaining[head] < 0 { head += 1 }
            guard head < remaining.count else { return [] }
            if !allReady {
                let ready = implementations.map(\.isReady)
                allReady = !ready.contains(false)
                if !allReady, let k = remaining[head...].firstIndex(where: { $0 >= 0 && ready[implementationOf[$0]] }) {
                    defer { remaining[k] = -1 }
                    return [remaining[k]]
                }
            }
            var batch = [remaining[head]]
            head += 1
            while batch.count < size, head < remaining.count, remaining[head] >= 0, cost[remaining[head]] < batchBelowCost,
                  cost[batch[0]] < batchBelowCost {
                batch.append(remaining[head])
                head += 1
            }
            return batch
        }
    }
}

/// One result slot per job. Each slot is written once, by the one worker that ran its job, and
/// read only after every worker has finished (`DispatchGroup.wait`), so no lock is needed.
final class Slots: @unchecked Sendable {
    private let storage: UnsafeMutableBufferPointer<ImplementationResult?>
    init(count: Int) {
        storage = .allocate(capacity: count)
        storage.initialize(repeating: nil)
    }
    deinit {
        storage.baseAddress?.deinitialize(count: storage.count)
        storage.deallocate()
    }
    func set(_ i: Int, _ r: ImplementationResult) { storage[i] = r }
    var values: [ImplementationResult?] { Array(storage) }
}

/// A locked counter, for progress reports only.
final class Counter: @unchecked Sendable {
    private let lock = NSLock()
    private var n = 0
    func increment() -> Int { lock.withLock { n += 1; return n } }
}
