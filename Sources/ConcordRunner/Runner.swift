import ConcordSuites
import ConcordFormats
import ConcordImplementations
import Foundation

public struct RunConfiguration: Sendable {
    /// Heavy jobs in flight at once (in-process calls and adapter requests alike; each adapter's
    /// cheap requests also run on a lane of their own). Default: the cores.
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
    /// The worker threads, started at the first run that needs them and kept for the next.
    let pool = WorkerPool()

    public init(implementations: [any Implementation], configuration: RunConfiguration = RunConfiguration()) {
        self.implementations = implementations
        self.configuration = configuration
    }
    deinit { pool.stop() }

    /// 16 bytes: a run of a million vectors holds one per (vector, implementation) until it is taken.
    struct Job: Sendable {
        private var vector: Int32
        private var implementation: Int32
        var cost: Double
        init(vectorIndex: Int, implementationIndex: Int, cost: Double) {
            vector = Int32(vectorIndex)
            implementation = Int32(implementationIndex)
            self.cost = cost
        }
        var vectorIndex: Int { Int(vector) }
        var implementationIndex: Int { Int(implementation) }
    }

    /// Below this estimated cost (seconds) an adapter's job goes to the adapter's lane.
    static let laneCost = 1e-3

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
        // The current suite's rules, taken out of its definition once per run of its vectors (a
        // definition is a struct of many references: copying it per vector cost a count each).
        var exceeds: @Sendable (Fields, Limits) -> String? = { _, _ in nil }
        var cost: @Sendable (Fields) -> Double = { _ in 0 }
        var roundtripOp: String? = nil
        for (vi, v) in vectors.enumerated() {
            let name = v.suite
            if name != lastName {
                lastName = name
                if let i = suiteIndex[name] { last = i } else if let def = Suites.all[name] {
                    suites.append(def); last = suites.count - 1; suiteIndex[name] = last
                } else { last = -1 }
                roundtripOp = nil
                if last >= 0 {
                    exceeds = suites[last].exceedsLimits
                    cost = suites[last].cost
                    roundtripOp = suites[last].roundtrip.map(\.op)
                }
            }
            suiteOf[vi] = last
            guard last >= 0 else { blocked[vi] = "unknown suite \(v.suite)"; continue }
            if let why = exceeds(v.input, configuration.limits) { blocked[vi] = why; continue }
            if let rt = roundtripOp, v.op == rt { roundtrips.append(vi); continue }
            costs[vi] = cost(v.input)
        }
        let warnings: [(@Sendable (Fields) -> [String])?] = suites.map { $0.hasWarnings ? $0.warnings : nil }
        let store = ResultStore(implementations: implementations.count)
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
                slots!.prepare(vi)
                switch support {
                case .absent: continue
                case .runs: jobs.append(Job(vectorIndex: vi, implementationIndex: ii, cost: costs[vi] * weight))
                case .unsupported(let why): slots!.set(vi, Judge.implementation(impl.name, .unsupported(why), for: v, seconds: 0))
                case .broken(let why): slots!.set(vi, Judge.implementation(impl.name, .error(why), for: v, seconds: 0))
                }
            }
            // Longest first (LPT): the heavy Argon2id jobs do not end up alone at the tail. (Most
            // plans of cheap checks are already in order: all cost the same.)
            var ordered = true
            for i in jobs.indices.dropFirst() where jobs[i - 1].cost < jobs[i].cost { ordered = false; break }
            return ordered ? jobs : jobs.sorted { $0.cost > $1.cost }
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
        // Each adapter started for this run also has a lane: a thread of its own for its cheap
        // requests (each well under a millisecond of the adapter's time, spent mostly waiting on the
        // pipe), beside the workers. Longest first put them all at the end of the run, where one
        // request at a time per worker to a single-threaded process left the cores idle.
        let lanes = starting.map { _ in JobQueue(planners: 1) }
        for ii in implementations.indices where implementations[ii].isReady { queue.add(plan(ii)) }
        for (k, ii) in starting.enumerated() {
            Thread.detachNewThread {
                implementations[ii].prepare()
                let jobs = plan(ii)
                lanes[k].add(jobs.filter { $0.cost < Self.laneCost })
                queue.add(jobs.filter { $0.cost >= Self.laneCost })
                lanes[k].plannerDone()
                queue.plannerDone()
            }
        }
        let counter = progress.map { _ in Counter() }
        let total: @Sendable () -> Int = { lanes.reduce(queue.total) { $0 + $1.total } }
        let budgets = ExplanationBudgets(limits: configuration.limits)
        let drain: @Sendable (JobQueue) -> Void = { [vectors, budgets] queue in
            // The last reason this thread was given for an unsupported request or a refusal: the same
            // text again (libsodium refusing every AES-128 key, say) is kept once, not once a vector.
            var reasons = Reasons()
            // Cheap jobs are taken in batches: one lock per batch, not per job. A job's time runs from
            // the end of the one before it in the batch (one clock reading a job, not two).
            while case let batch = queue.next(batchBelowCost: 1e-3, size: 32), !batch.isEmpty {
                var t0 = DispatchTime.now().uptimeNanoseconds
                // What a job needs of its implementation, taken once per batch while the implementation
                // and suite stay the same: objects every worker shares are not counted per check.
                var current = -1, currentSuite = ""
                var slots: ResultSlots? = nil, implName = "", run: (@Sendable (Request) -> Outcome)? = nil
                for job in batch {
                    let v = vectors[job.vectorIndex]
                    if job.implementationIndex != current || v.suite != currentSuite {
                        current = job.implementationIndex
                        currentSuite = v.suite
                        let impl = implementations[current]
                        implName = impl.name
                        run = impl.runner(suite: currentSuite)
                        slots = store.slots(current)
                    }
                    // Made here, not kept per vector: a request is a few references to the vector's parts.
                    let outcome = reasons.shared(run!(Request(suite: v.suite, op: v.op, input: v.input, vectorID: v.id)))
                    let t1 = DispatchTime.now().uptimeNanoseconds
                    let seconds = Double(t1 - t0) / 1e9
                    t0 = t1
                    slots!.set(job.vectorIndex, Judge.implementation(implName, outcome, for: v, seconds: seconds,
                                                                     budget: budgets.forVector(job.vectorIndex)))
                    if let counter, let progress { progress(counter.increment(), total()) }
                }
            }
        }
        // A worker drains the queue, then helps the lanes.
        let work: @Sendable () -> Void = {
            drain(queue)
            for lane in lanes { drain(lane) }
        }
        // A plan of well under a millisecond of in-process work runs on this thread: starting
        // workers would cost more than it saves. (A cheap check is costed 1 µs and takes a few:
        // 250 of them are about a millisecond, where two workers already pay; docs/performance.md.)
        let inline = starting.isEmpty && queue.totalCost < 2.5e-4
        let workers = inline ? 1 : min(configuration.workers, max(1, queue.total + (starting.isEmpty ? 0 : configuration.workers)))
        let laneThreads = DispatchGroup()
        for lane in lanes {
            laneThreads.enter()
            Thread.detachNewThread {
                drain(lane)
                laneThreads.leave()
            }
        }
        if inline { work() } else { pool.perform(threads: workers, work) }
        laneThreads.wait()

        let allSlots = implementations.indices.compactMap { store.slots($0) }
        var matrices: [Int: VectorResult] = [:]
        for vi in roundtrips {
            matrices[vi] = Roundtrip.run(vectors[vi], spec: suites[suiteOf[vi]].roundtrip!, implementations: implementations)
        }
        let (results, summary) = judgeAll(vectors, slots: allSlots, blocked: blocked, matrices: matrices,
                                          warnings: warnings, suiteOf: suiteOf, parallel: !inline)
        let infos = implementations.map { ImplementationInfo(name: $0.name, version: $0.version, startFailure: $0.startFailure, processStarts: $0.processStarts) }
        return RunResult(implementations: infos, results: results, summary: summary,
                         wallSeconds: Date().timeIntervalSince(start), workers: workers, checks: total())
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

/// A locked counter, for progress reports only.
final class Counter: @unchecked Sendable {
    private let lock = NSLock()
    private var n = 0
    func increment() -> Int { lock.withLock { n += 1; return n } }
}
