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
        // Start adapters at once, concurrently with the first in-process jobs.
        for impl in implementations { Thread.detachNewThread { impl.prepare() } }

        var jobs: [Job] = []
        var blocked: [Int: String] = [:]
        for (vi, v) in vectors.enumerated() {
            guard let suite = Suites.all[v.suite] else { blocked[vi] = "unknown suite \(v.suite)"; continue }
            if let why = suite.exceedsLimits(v.input, configuration.limits) { blocked[vi] = why; continue }
            let cost = suite.cost(v.input)
            for (ii, impl) in implementations.enumerated() where impl.suites.contains(v.suite) {
                jobs.append(Job(vectorIndex: vi, implementationIndex: ii, cost: cost * (Self.weight[impl.name] ?? 1)))
            }
        }
        // Longest first (LPT): the heavy Argon2id jobs do not end up alone at the tail.
        let order = jobs.indices.sorted { jobs[$0].cost != jobs[$1].cost ? jobs[$0].cost > jobs[$1].cost : $0 < $1 }
        let slots = Slots(count: jobs.count)
        let queue = JobQueue(order: order, implementationOf: jobs.map(\.implementationIndex), implementations: implementations)
        let group = DispatchGroup()
        let total = jobs.count
        let workers = min(configuration.workers, max(1, total))
        for _ in 0..<workers {
            group.enter()
            let thread = Thread { [jobs, vectors, implementations] in
                while let j = queue.next() {
                    let job = jobs[j]
                    let v = vectors[job.vectorIndex]
                    let impl = implementations[job.implementationIndex]
                    impl.prepare()  // an adapter's start is not the vector's time
                    let t0 = DispatchTime.now().uptimeNanoseconds
                    let outcome = impl.run(Request(suite: v.suite, op: v.op, input: v.input))
                    let seconds = Double(DispatchTime.now().uptimeNanoseconds - t0) / 1e9
                    let done = slots.set(j, Judge.implementation(impl.name, outcome, for: v, seconds: seconds))
                    progress?(done, total)
                }
                group.leave()
            }
            thread.stackSize = 1 << 20
            thread.start()
        }
        group.wait()

        // Jobs were made vector by vector in implementation order, so each vector's results come
        // out in implementation order too.
        var perVector = [[ImplementationResult]](repeating: [], count: vectors.count)
        let filled = slots.values
        for (j, job) in jobs.enumerated() { perVector[job.vectorIndex].append(filled[j]!) }
        var results: [VectorResult] = []
        for (vi, v) in vectors.enumerated() {
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

    init(order: [Int], implementationOf: [Int], implementations: [any Implementation]) {
        remaining = order
        self.implementationOf = implementationOf
        self.implementations = implementations
    }

    func next() -> Int? {
        lock.withLock {
            while head < remaining.count && remaining[head] < 0 { head += 1 }
            guard head < remaining.count else { return nil }
            if !allReady {
                let ready = implementations.map(\.isReady)
                allReady = !ready.contains(false)
                if !allReady, let k = remaining[head...].firstIndex(where: { $0 >= 0 && ready[implementationOf[$0]] }) {
                    defer { remaining[k] = -1 }
                    return remaining[k]
                }
            }
            defer { head += 1 }
            return remaining[head]
        }
    }
}

/// One result slot per job, written by the worker that ran it.
final class Slots: @unchecked Sendable {
    private let lock = NSLock()
    private var storage: [ImplementationResult?]
    private var done = 0
    init(count: Int) { storage = Array(repeating: nil, count: count) }
    func set(_ i: Int, _ r: ImplementationResult) -> Int {
        lock.withLock { storage[i] = r; done += 1; return done }
    }
    var values: [ImplementationResult?] { lock.withLock { storage } }
}
