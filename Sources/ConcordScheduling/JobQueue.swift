import ConcordImplementations
import ConcordSync

/// Hands out jobs to worker threads, longest first. Jobs arrive in parts: the in-process
/// implementations' at once, each adapter's when its handshake is in (`add`); a worker that finds
/// the queue empty waits while an adapter is still starting. All of its state is behind one
/// `Monitor` (ConcordSync): every call takes its lock once.
final class JobQueue: Sendable {
    private let state: Monitor<State>
    /// Per vector index, the Argon2 memory (KiB) of a vector that derives something.
    private let kdfMemory: [Int: Int]

    private struct Held: Sendable {
        /// The memory its Argon2 requests may hold together (nil: any).
        var budget: KdfMemoryBudget?
        /// Its jobs in flight at most while another implementation's jobs wait.
        var share: Int
        var running = 0, hashes = 0, memory = 0
    }

    private struct State: Sendable {
        var remaining: [Job] = []
        var head = 0
        var planners: Int
        var total = 0
        var totalCost = 0.0
        /// Per implementation whose jobs may be held back (`limit`), what it has in flight.
        var held: [Int: Held] = [:]
        /// Per worker, its part of the cheap jobs once every job is in and only cheap ones are left
        /// (`next(worker:of:)`): ranges of `remaining`, taken from the front by their worker and from
        /// the back by a worker whose own part is done.
        var parts: [(next: Int, end: Int)] = []
    }

    init(planners: Int, kdfMemory: [Int: Int] = [:]) {
        state = Monitor(State(planners: planners))
        self.kdfMemory = kdfMemory
    }

    var total: Int { state.withLock { $0.total } }
    var totalCost: Double { state.withLock { $0.totalCost } }

    /// Holds back an implementation's jobs: an Argon2 job that would take its requests in flight past
    /// `budget` (one always runs, whatever it needs), and any job past `share` in flight while
    /// another implementation's job can run instead. (An adapter's requests that its process makes
    /// wait, for memory or for a derivation another request is making, would make a worker wait too:
    /// with every worker waiting on the JVM, a core stood idle for seconds of the default run.)
    func limit(implementation: Int, budget: KdfMemoryBudget?, share: Int) {
        state.withLock(wake: true) { $0.held[implementation] = Held(budget: budget, share: max(1, share)) }
    }

    /// What an Argon2 job holds of its implementation's budget (nil: it holds nothing).
    private func need(_ job: Job, _ s: State) -> Int? {
        guard let b = s.held[job.implementationIndex]?.budget, let m = kdfMemory[job.vectorIndex] else { return nil }
        return b.need(m)
    }

    private func fitsBudget(_ job: Job, _ s: State) -> Bool {
        guard !s.held.isEmpty, let h = s.held[job.implementationIndex], let b = h.budget, let n = need(job, s) else { return true }
        return h.hashes == 0 || h.memory + n <= b.capacityKiB
    }

    private func withinShare(_ job: Job, _ s: State) -> Bool {
        guard !s.held.isEmpty, let h = s.held[job.implementationIndex] else { return true }
        return h.running < h.share
    }

    private func tracked(_ job: Job, _ s: State) -> Bool { !s.held.isEmpty && s.held[job.implementationIndex] != nil }

    private func count(_ job: Job, _ sign: Int, _ s: inout State) {
        guard var h = s.held[job.implementationIndex] else { return }
        let n = need(job, s)
        h.running += sign
        if let n { h.hashes += sign; h.memory += sign * n }
        s.held[job.implementationIndex] = h
    }

    /// Tells the queue a job taken from it has ended (what it held is free again). Only needed for
    /// the jobs of an implementation that `limit` may hold back (the runner calls it for adapters only).
    func finished(_ job: Job) {
        state.withLock(wake: true) { s in
            guard tracked(job, s) else { return }
            count(job, -1, &s)
        }
    }

    /// The first job from `head` on that may run now: within its share if any is, else within its budget.
    private func runnable(_ s: State) -> Int? {
        let head = s.head
        if s.held.isEmpty || (fitsBudget(s.remaining[head], s) && withinShare(s.remaining[head], s)) { return head }
        let rest = s.remaining.indices[head...]
        return rest.first { fitsBudget(s.remaining[$0], s) && withinShare(s.remaining[$0], s) } ?? rest.first { fitsBudget(s.remaining[$0], s) }
    }

    /// Adds jobs already sorted longest first, merged into what is left.
    func add(_ jobs: [Job]) {
        guard !jobs.isEmpty else { return }
        state.withLock(wake: true) { s in
            let left = s.remaining[s.head...]
            var merged: [Job] = []
            merged.reserveCapacity(left.count + jobs.count)
            var i = left.startIndex, j = 0
            while i < left.endIndex && j < jobs.count {
                if left[i].cost >= jobs[j].cost { merged.append(left[i]); i += 1 } else { merged.append(jobs[j]); j += 1 }
            }
            merged += left[i...]
            merged += jobs[j...]
            s.remaining = merged
            s.head = 0
            s.total += jobs.count
            s.totalCost += jobs.reduce(0) { $0 + $1.cost }
        }
    }

    func plannerDone() {
        state.withLock(wake: true) { $0.planners -= 1 }
    }

    /// The next job, and after it up to `size - 1` more in order while they cost less than
    /// `batchBelowCost` each (an in-process check takes microseconds; a lock per job would cost
    /// as much as the check). Empty when there is nothing left and nothing more will come.
    ///
    /// `worker` of `workers`: once only cheap jobs are left, each worker takes its own contiguous
    /// part of them first, so a run repeated over the same vectors (`--repeat`, a library user's
    /// runs) has each vector checked on the same core each time, and the reference counts of its
    /// values stay in that core's cache (two workers taking batches in turn moved them from core to
    /// core on every check).
    func next(batchBelowCost: Double = 0, size: Int = 1, worker: Int = -1, of workers: Int = 1) -> [Job] {
        state.wait { s -> [Job]? in
            if !s.parts.isEmpty || (worker >= 0 && workers > 1),
               let batch = fromPart(Swift.max(0, worker), workers, below: batchBelowCost, size: size, &s) { return batch }
            if s.head < s.remaining.count, let k = runnable(s) {
                // Taken out of order: the jobs before it keep theirs.
                let job = s.remaining[k]
                var i = k
                while i > s.head { s.remaining[i] = s.remaining[i - 1]; i -= 1 }
                s.remaining[s.head] = job
            } else if s.head >= s.remaining.count && s.planners == 0 {
                // Drained for good: the jobs are not kept for the rest of the run.
                if !s.remaining.isEmpty { s.remaining = []; s.head = 0 }
                return []
            } else {
                return nil   // wait for jobs, a planner, or a finished job
            }
            let first = s.remaining[s.head]
            let firstTracked = tracked(first, s)
            if firstTracked { count(first, 1, &s) }
            var batch = [first]
            s.head += 1
            while batch.count < size, s.head < s.remaining.count, s.remaining[s.head].cost < batchBelowCost, batch[0].cost < batchBelowCost,
                  !firstTracked, !tracked(s.remaining[s.head], s) {
                batch.append(s.remaining[s.head])
                s.head += 1
            }
            return batch
        }
    }

    /// A batch from `worker`'s part (see `next`), or nil when parts do not apply: jobs may still
    /// come, a budget holds jobs back, or a job ahead is not cheap.
    private func fromPart(_ worker: Int, _ workers: Int, below cost: Double, size: Int, _ s: inout State) -> [Job]? {
        if s.parts.isEmpty {
            guard s.planners == 0, s.held.isEmpty, s.head < s.remaining.count, s.remaining[s.head].cost < cost else { return nil }
            // Sorted longest first: from the head on, every job is cheap.
            let n = s.remaining.count - s.head
            let head = s.head
            s.parts = (0..<workers).map { k in (head + n * k / workers, head + n * (k + 1) / workers) }
            s.head = s.remaining.count
        }
        let own = worker % s.parts.count
        var take: Range<Int>
        if s.parts[own].next < s.parts[own].end {
            take = s.parts[own].next..<min(s.parts[own].next + size, s.parts[own].end)
            s.parts[own].next = take.upperBound
        } else {
            // Its own part done: the end of the part with most left.
            guard let other = s.parts.indices.max(by: { s.parts[$0].end - s.parts[$0].next < s.parts[$1].end - s.parts[$1].next }),
                  s.parts[other].next < s.parts[other].end else {
                s.remaining = []
                s.head = 0
                return []
            }
            take = max(s.parts[other].next, s.parts[other].end - size)..<s.parts[other].end
            s.parts[other].end = take.lowerBound
        }
        return Array(s.remaining[take])
    }
}
