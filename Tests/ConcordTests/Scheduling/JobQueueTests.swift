@testable import ConcordJudging
@testable import ConcordScheduling
import Testing

/// Once only cheap jobs are left, each worker takes its own contiguous part of them first and then
/// the end of another's (a repeated run checks each vector on the same core); every job is handed
/// out exactly once whatever the interleaving. Judging ranges are shared out the same way.
struct JobQueueTests {
    static func cheapJobs(_ n: Int) -> [Job] {
        (0..<n).map { Job(vectorIndex: $0, implementationIndex: 0, cost: 1e-6) }
    }

    @Test func eachWorkerStartsOnItsOwnPart() {
        let queue = JobQueue(planners: 0)
        queue.add(Self.cheapJobs(100))
        #expect(queue.next(batchBelowCost: 1e-3, size: 8, worker: 0, of: 2).map(\.vectorIndex) == Array(0..<8))
        #expect(queue.next(batchBelowCost: 1e-3, size: 8, worker: 1, of: 2).map(\.vectorIndex) == Array(50..<58))
    }

    @Test func everyJobIsHandedOutOnceWhateverTheOrder() {
        for pattern in [[0], [1], [0, 1], [0, 0, 0, 1], [1, 1, 0], [2, 0, 1]] {
            let queue = JobQueue(planners: 0)
            queue.add(Self.cheapJobs(203))
            var seen: [Int] = []
            var i = 0
            while true {
                let worker = pattern[i % pattern.count]
                i += 1
                let batch = queue.next(batchBelowCost: 1e-3, size: 7, worker: worker, of: 3)
                if batch.isEmpty { break }
                seen += batch.map(\.vectorIndex)
            }
            #expect(seen.sorted() == Array(0..<203), "pattern \(pattern): \(seen.count) jobs handed out")
            // Drained: nothing more for anyone.
            #expect(queue.next(batchBelowCost: 1e-3, size: 7, worker: 0, of: 3).isEmpty)
            #expect(queue.next().isEmpty)
        }
    }

    @Test func heavyJobsComeFirstInOrder() {
        let queue = JobQueue(planners: 0)
        queue.add([Job(vectorIndex: 100, implementationIndex: 0, cost: 2)] + Self.cheapJobs(10))
        // The heavy job is not part of any worker's part: it goes first, to whoever asks.
        #expect(queue.next(batchBelowCost: 1e-3, size: 4, worker: 1, of: 2).map(\.vectorIndex) == [100])
        #expect(queue.next(batchBelowCost: 1e-3, size: 4, worker: 1, of: 2).map(\.vectorIndex) == [5, 6, 7, 8])
    }

    @Test func judgingRangesAreSharedOutOnce() {
        let count = 1000
        let judged = JudgingRanges(count: count, workers: 3, slotChunks: 1)
        #expect(judged.rangeSize == 64)   // at least four ranges a worker
        var covered: [Int] = []
        var turn = 0
        while let r = judged.next(worker: [0, 2, 2, 1][turn % 4]) {
            covered += Array(r)
            turn += 1
        }
        #expect(covered.sorted() == Array(0..<count))
    }
}
