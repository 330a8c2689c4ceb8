import ConcordImplementations
import Foundation

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
    /// Per implementation whose jobs may be held back (`limit`), what it has in flight; per vector
    /// index, the Argon2 memory (KiB) of a vector that derives something.
    private var held: [Int: Held] = [:]
    private let kdfMemory: [Int: Int]

    private struct Held {
        /// The memory its Argon2 requests may hold together (nil: any).
        var budget: KdfMemoryBudget?
        /// Its jobs in flight at most while another implementation's jobs wait.
        var share: Int
        var running = 0, hashes = 0, memory = 0
    }

    init(planners: Int, kdfMemory: [Int: Int] = [:]) {
        self.planners = planners
        self.kdfMemory = kdfMemory
    }

    /// Holds back an implementation's jobs: an Argon2 job that would take its requests in flight past
    /// `budget` (one always runs, whatever it needs), and any job past `share` in flight while
    /// another implementation's job can run instead. (An adapter's requests that its process makes
    /// wait, for memory or for a derivation another request is making, would make a worker wait too:
    /// with every worker waiting on the JVM, a core stood idle for seconds of the default run.)
    func limit(implementation: Int, budget: KdfMemoryBudget?, share: Int) {
        condition.lock()
        held[implementation] = Held(budget: budget, share: max(1, share))
        condition.unlock()
    }

    /// What an Argon2 job holds of its implementation's budget (nil: it holds nothing).
    private func need(_ job: Runner.Job) -> Int? {
        guard let b = held[job.implementationIndex]?.budget, let m = kdfMemory[job.vectorIndex] else { return nil }
        return b.need(m)
    }

    private func fitsBudget(_ job: Runner.Job) -> Bool {
        guard !held.isEmpty, let h = held[job.implementationIndex], let b = h.budget, let n = need(job) else { return true }
        return h.hashes == 0 || h.memory + n <= b.capacityKiB
    }

    private func withinShare(_ job: Runner.Job) -> Bool {
        guard !held.isEmpty, let h = held[job.implementationIndex] else { return true }
        return h.running < h.share
    }

    private func tracked(_ job: Runner.Job) -> Bool { !held.isEmpty && held[job.implementationIndex] != nil }

    private func count(_ job: Runner.Job, _ sign: Int) {
        guard var h = held[job.implementationIndex] else { return }
        h.running += sign
        if let n = need(job) { h.hashes += sign; h.memory += sign * n }
        held[job.implementationIndex] = h
    }

    /// Tells the queue a job taken from it has ended (what it held is free again).
    func finished(_ job: Runner.Job) {
        guard !held.isEmpty else { return }
        condition.lock()
        defer { condition.unlock() }
        guard tracked(job) else { return }
        count(job, -1)
        condition.broadcast()
    }

    /// The first job from `head` on that may run now: within its share if any is, else within its budget.
    private func runnable() -> Int? {
        if held.isEmpty || (fitsBudget(remaining[head]) && withinShare(remaining[head])) { return head }
        let rest = remaining.indices[head...]
        return rest.first { fitsBudget(remaining[$0]) && withinShare(remaining[$0]) } ?? rest.first { fitsBudget(remaining[$0]) }
    }

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

    /// Per worker, its part of the cheap jobs once every job is in and only cheap ones are left
    /// (`next(worker:of:)`): ranges of `remaining`, taken from the front by their worker and from the
    /// back by a worker whose own part is done.
    private var parts: [(next: Int, end: Int)] = []

    /// The next job, and after it up to `size - 1` more in order while they cost less than
    /// `batchBelowCost` each (an in-process check takes microseconds; a lock per job would cost
    /// as much as the check). Empty when there is nothing left and nothing more will come.
    ///
    /// `worker` of `workers`: once only cheap jobs are left, each worker takes its own contiguous
    /// part of them first, so a run repeated over the same vectors (`--repeat`, a library user's
    /// runs) has each vector checked on the same core each time, and the reference counts of its
    /// values stay in that core's cache (two workers taking batches in turn moved them from core to
    /// core on every check).
    func next(batchBelowCost: Double = 0, size: Int = 1, worker: Int = -1, of workers: Int = 1) -> [Runner.Job] {
        condition.lock()
        defer { condition.unlock() }
        if !parts.isEmpty || (worker >= 0 && workers > 1),
           let batch = fromPart(Swift.max(0, worker), workers, below: batchBelowCost, size: size) { return batch }
        while true {
            if head < remaining.count, let k = runnable() {
                // Taken out of order: the jobs before it keep theirs.
                let job = remaining[k]
                var i = k
                while i > head { remaining[i] = remaining[i - 1]; i -= 1 }
                remaining[head] = job
                break
            } else if head >= remaining.count && planners == 0 {
                // Drained for good: the jobs are not kept for the rest of the run.
                if !remaining.isEmpty { remaining = []; head = 0 }
                return []
            }
            condition.wait()
        }
        let first = remaining[head]
        if tracked(first) { count(first, 1) }
        var batch = [first]
        head += 1
        while batch.count < size, head < remaining.count, remaining[head].cost < batchBelowCost, batch[0].cost < batchBelowCost,
              !tracked(remaining[head]), !tracked(first) {
            batch.append(remaining[head])
            head += 1
        }
        return batch
    }

    /// A batch from `worker`'s part (see `next`), or nil when parts do not apply: jobs may still
    /// come, a budget holds jobs back, or a job ahead is not cheap.
    private func fromPart(_ worker: Int, _ workers: Int, below cost: Double, size: Int) -> [Runner.Job]? {
        if parts.isEmpty {
            guard planners == 0, held.isEmpty, head < remaining.count, remaining[head].cost < cost else { return nil }
            // Sorted longest first: from the head on, every job is cheap.
            let n = remaining.count - head
            parts = (0..<workers).map { k in (head + n * k / workers, head + n * (k + 1) / workers) }
            head = remaining.count
        }
        let own = worker % parts.count
        var take: Range<Int>
        if parts[own].next < parts[own].end {
            take = parts[own].next..<min(parts[own].next + size, parts[own].end)
            parts[own].next = take.upperBound
        } else {
            // Its own part done: the end of the part with most left.
            guard let other = parts.indices.max(by: { parts[$0].end - parts[$0].next < parts[$1].end - parts[$1].next }),
                  parts[other].next < parts[other].end else {
                remaining = []
                head = 0
                return []
            }
            take = max(parts[other].next, parts[other].end - size)..<parts[other].end
            parts[other].end = take.lowerBound
        }
        return Array(remaining[take])
    }
}
