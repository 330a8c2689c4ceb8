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
        guard head < remaining.count else {
            // Drained for good: the jobs are not kept for the rest of the run.
            if planners == 0 && !remaining.isEmpty { remaining = []; head = 0 }
            return []
        }
        var batch = [remaining[head]]
        head += 1
        while batch.count < size, head < remaining.count, remaining[head].cost < batchBelowCost, batch[0].cost < batchBelowCost {
            batch.append(remaining[head])
            head += 1
        }
        return batch
    }
}
