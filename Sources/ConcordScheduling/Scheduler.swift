// Scheduling: which implementation runs which vector when, on how many threads, heaviest first;
// it hands each check's outcome to the judge it is given and never decides a verdict itself.
import ConcordFormats
import ConcordImplementations
import ConcordLoading
import ConcordSuites
import ConcordSync
import Foundation
import ConcordPacks

public struct RunConfiguration: Sendable {
    /// Heavy jobs in flight at once (in-process calls and adapter requests alike; each adapter's
    /// cheap requests also run on a lane of their own). Default: the cores.
    public var workers: Int
    public var limits: Limits
    /// Each implementation's CPU per second of a suite's estimated cost (`CostTable.weight`, the
    /// figure the shard plan uses too): heavy jobs are ordered and placed by cost × weight.
    public var costs: CostTable
    public init(workers: Int = ProcessInfo.processInfo.activeProcessorCount, limits: Limits = Limits(), costs: CostTable = .fallback) {
        self.workers = max(1, workers)
        self.limits = limits
        self.costs = costs
    }
}

/// One (vector, implementation) pair to run. 16 bytes: a run of a million vectors holds one per
/// (vector, implementation) until it is taken.
public struct Job: Sendable {
    private var vector: Int32
    private var implementation: Int32
    public var cost: Double
    public init(vectorIndex: Int, implementationIndex: Int, cost: Double) {
        vector = Int32(vectorIndex)
        implementation = Int32(implementationIndex)
        self.cost = cost
    }
    public var vectorIndex: Int { Int(vector) }
    public var implementationIndex: Int { Int(implementation) }
}

/// Where a run's checks go: the judging module's judge, which decides each verdict on the worker
/// that ran the check as soon as it ends (so a million vectors' outputs are never held at once) and
/// keeps the verdicts. Scheduling never looks inside one.
public protocol CheckJudge: Sendable {
    /// Implementation `implementation` will have checks among `vectors` vectors: called once, when its
    /// part of the plan is applied (on the thread that planned it), before any of its checks runs.
    /// `jobs`: the vectors it will be asked; `decided`: outcomes known without asking it
    /// (unsupported, broken), judged now.
    func prepare(implementation: Int, vectors: Int, jobs: [Job], decided: [(Int, Outcome)])
    /// Where implementation `implementation`'s checks are recorded (asked once per batch of checks).
    func sink(implementation: Int) -> any CheckSink
}

/// One implementation's verdicts: `record` is called once per vector it was asked, on the worker
/// that ran the check, never twice for one vector.
public protocol CheckSink: Sendable {
    func record(_ outcome: consuming Outcome, vector: borrowing Vector, index: Int, seconds: Double)
}

/// What a run's checks took.
public struct Executed: Sendable {
    /// Threads the checks ran on; `inline`: on the calling thread alone.
    public let workers: Int
    public let inline: Bool
    /// Checks run (jobs handed out).
    public let checks: Int
}

/// Runs vectors on implementations: every (vector, implementation) pair whose suite the
/// implementation claims is one job; jobs run on `workers` threads, heaviest first, so that the
/// run's wall time approaches the sum of the work divided by the cores.
public final class Scheduler: Sendable {
    public let implementations: [any Implementation]
    public let configuration: RunConfiguration
    /// The worker threads, started at the first run that needs them and kept for the next.
    public let pool = WorkerPool()

    public init(implementations: [any Implementation], configuration: RunConfiguration = RunConfiguration()) {
        self.implementations = implementations
        self.configuration = configuration
    }
    deinit { pool.stop() }

    /// What a job of `implementation` is costed with: its suite's estimate times this, the cost
    /// table's weight (`CostTable.weight`), the very figure the shard plan costs heavy work with.
    package func weight(of implementation: String) -> Double { configuration.costs.weight(implementation) }

    /// Below this estimated cost (seconds) an adapter's job goes to the adapter's lane.
    static let laneCost = 1e-3

    /// Whether an adapter is worth starting for these suites: a built-in one when a needed suite's
    /// definition names it; one no definition names (a user's adapter) always.
    static func shouldStart(_ impl: any Implementation, needed: Set<String>) -> Bool {
        let expected = Suites.expected(of: impl.name)
        return expected.isEmpty || !expected.isDisjoint(with: needed)
    }

    /// Runs a plan's jobs. `kept` (when not nil): what in-process implementations are asked, kept
    /// for the next pass by the one thread that runs the passes (`--repeat`).
    public func execute(_ plan: Plan, judge: any CheckJudge, kept: inout [Int: ImplementationPlan]?,
                        progress: (@Sendable (_ done: Int, _ total: Int) -> Void)?) -> Executed {
        let vectors = plan.vectors
        let implementations = self.implementations
        let weights = implementations.map { self.weight(of: $0.name) }
        let weight: @Sendable (Int) -> Double = { weights[$0] }
        let needed = Set(plan.suites.map(\.name))
        let starting = implementations.indices.filter { !implementations[$0].isReady && Self.shouldStart(implementations[$0], needed: needed) }
        var kdfMemory: [Int: Int] = [:]
        if !starting.isEmpty {
            kdfMemory = plan.kdfMemoryKiB()
            let work = PlannedWork(largestKdfMemoryKiB: kdfMemory.values.max() ?? 0, workers: configuration.workers)
            for ii in starting { implementations[ii].expect(work) }
        }
        let queue = JobQueue(planners: starting.count, kdfMemory: kdfMemory)
        // Only the adapters started here can have their jobs held back (`JobQueue.limit`): the
        // queue hears of a finished job of theirs, never of an in-process one (no lock per check).
        // Per implementation index (an array: this is read on every check).
        let limited = implementations.indices.map { starting.contains($0) }
        // Each adapter started for this run also has a lane: a thread of its own for its cheap
        // requests (each well under a millisecond of the adapter's time, spent mostly waiting on the
        // pipe), beside the workers. Longest first put them all at the end of the run, where one
        // request at a time per worker to a single-threaded process left the cores idle.
        let lanes = starting.map { _ in JobQueue(planners: 1) }
        for ii in implementations.indices where implementations[ii].isReady {
            let part = kept?[ii] ?? plan.implementationPlan(ii, implementations[ii], weight: weight(ii))
            if kept != nil { kept![ii] = part }
            queue.add(part.apply(implementation: ii, plan: plan, judge: judge))
        }
        // An adapter's heavy requests take at most all workers but one while other jobs wait.
        let share = configuration.workers - 1
        for (k, ii) in starting.enumerated() {
            Thread.detachNewThread {
                implementations[ii].prepare()
                queue.limit(implementation: ii, budget: implementations[ii].kdfMemory, share: share)
                let jobs = plan.implementationPlan(ii, implementations[ii], weight: weight(ii))
                    .apply(implementation: ii, plan: plan, judge: judge)
                lanes[k].add(jobs.filter { $0.cost < Self.laneCost })
                queue.add(jobs.filter { $0.cost >= Self.laneCost })
                lanes[k].plannerDone()
                queue.plannerDone()
            }
        }
        // A plan of well under a millisecond of in-process work runs on this thread: starting
        // workers would cost more than it saves. (A cheap check is costed 1 µs and takes a few:
        // 250 of them are about a millisecond, where two workers already pay; docs/history/2026-11-30-performance-*.md.)
        let inline = starting.isEmpty && queue.totalCost < 2.5e-4
        let workers = inline ? 1 : min(configuration.workers, max(1, queue.total + (starting.isEmpty ? 0 : configuration.workers)))
        let counter = progress.map { _ in AtomicCounter() }
        let total: @Sendable () -> Int = { lanes.reduce(queue.total) { $0 + $1.total } }
        let drain: @Sendable (JobQueue, Int) -> Void = { [vectors] queue, worker in
            // The last reason this thread was given for an unsupported request or a refusal: the same
            // text again (libsodium refusing every AES-128 key, say) is kept once, not once a vector.
            var reasons = Reasons()
            // Cheap jobs are taken in batches: one lock per batch, not per job. A job's time runs from
            // the end of the one before it in the batch (one clock reading a job, not two).
            while case let batch = queue.next(batchBelowCost: 1e-3, size: 32, worker: worker, of: workers), !batch.isEmpty {
                var t0 = DispatchTime.now().uptimeNanoseconds
                // What a job needs of its implementation, taken once per batch while the implementation
                // and suite stay the same: objects every worker shares are not counted per check.
                var current = -1, currentSuite = ""
                var sink: (any CheckSink)? = nil, run: (@Sendable (Request) -> Outcome)? = nil
                for job in batch {
                    let v = vectors[job.vectorIndex]
                    if job.implementationIndex != current || v.suite != currentSuite {
                        current = job.implementationIndex
                        currentSuite = v.suite
                        run = implementations[current].runner(suite: currentSuite)
                        sink = judge.sink(implementation: current)
                    }
                    // Made here, not kept per vector: a request is a few references to the vector's parts.
                    let outcome = reasons.shared(run!(Request(suite: v.suite, op: v.op, input: v.input, vectorID: v.id)))
                    let t1 = DispatchTime.now().uptimeNanoseconds
                    let seconds = Double(t1 - t0) / 1e9
                    t0 = t1
                    sink!.record(outcome, vector: v, index: job.vectorIndex, seconds: seconds)
                    if limited[job.implementationIndex] { queue.finished(job) }
                    if let counter, let progress { progress(counter.add(1), total()) }
                }
            }
        }
        // A worker drains the queue, then helps the lanes.
        let work: @Sendable (Int) -> Void = { worker in
            drain(queue, worker)
            for lane in lanes { drain(lane, -1) }
        }
        let laneThreads = DispatchGroup()
        for lane in lanes {
            laneThreads.enter()
            Thread.detachNewThread {
                drain(lane, -1)
                laneThreads.leave()
            }
        }
        if inline { work(0) } else { pool.perform(threads: workers, work) }
        laneThreads.wait()
        return Executed(workers: workers, inline: inline, checks: total())
    }
}

/// One thread's last unsupported reason and refusal message: an equal text is replaced by the one
/// kept, so a run of many vectors refused for one reason holds that text once (per thread: a text
/// shared between threads would have its references counted by both).
struct Reasons {
    private var unsupported = ""
    private var refusal = ""
    mutating func shared(_ outcome: Outcome) -> Outcome {
        switch outcome {
        case .unsupported(let why):
            if why == unsupported { return .unsupported(unsupported) }
            unsupported = why
        case .refused(let e):
            if e.message == refusal {
                var kept = e
                kept.message = refusal
                return .refused(kept)
            }
            refusal = e.message
        default: break
        }
        return outcome
    }
}
