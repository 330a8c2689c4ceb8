import ConcordFormats
import ConcordScheduling
import ConcordSync
import Foundation

extension Runner {
    /// Each vector judged from its implementations' results, in ranges on the workers (`parallel`),
    /// written in place into the results array; a slot chunk is freed once every vector in it has
    /// been judged. `reusing`: an earlier pass's results over the same vectors (`run(_:times:)`),
    /// replaced in place, so the old verdicts are freed on the workers too.
    func judgeAll(_ plan: Plan, slots allSlots: [ResultSlots], matrices: [Int: VectorResult], parallel: Bool,
                  reusing: inout [VectorResult]?) -> ([VectorResult], RunSummary) {
        let vectors = plan.vectors
        let warnings = plan.warnings
        guard !vectors.isEmpty else { return ([], RunSummary()) }
        // Every element is initialized before the workers write (a vector's own placeholder, a
        // reference count each), so an array is never seen half made.
        var results: [VectorResult]
        if let old = reusing, old.count == vectors.count {
            results = old
            reusing = nil
        } else {
            results = vectors.map { VectorResult(vector: $0, status: .error, implementations: []) }
        }
        let ranges = JudgingRanges(count: vectors.count, workers: parallel ? configuration.workers : 1,
                                   slotChunks: allSlots.isEmpty ? 0 : (vectors.count + ResultSlots.chunk - 1) / ResultSlots.chunk)
        ParallelWriter.assign(into: &results) { out in
            let judge: @Sendable (Int) -> Void = { worker in
                var summary = RunSummary()
                while let range = ranges.next(worker: worker) {
                    for vi in range {
                        let v = vectors[vi]
                        var r: VectorResult
                        if !matrices.isEmpty, let m = matrices[vi] {
                            r = m
                            if let w = warnings[Int(plan.suiteOf[vi])] { r.warnings = w(v.input) }
                        } else if let why = plan.blockedReason(vi) {
                            r = VectorResult(vector: v, status: .error, implementations: [], note: why, divergence: nil)
                        } else {
                            // Each vector's results in implementation order, moved out of their slots.
                            var mine: [ImplementationResult] = []
                            mine.reserveCapacity(allSlots.count)
                            for slots in allSlots { if let x = slots.take(vi) { mine.append(x) } }
                            r = Judge.vector(v, mine)
                            if let w = warnings[Int(plan.suiteOf[vi])] { r.warnings = w(v.input) }
                        }
                        summary.add(r)
                        out.put(vi, r)
                    }
                    if let done = ranges.finished(range) { for slots in allSlots { slots.release(chunkOf: done) } }
                }
                ranges.add(summary)
            }
            if parallel && vectors.count >= 2 * JudgingRanges.smallestRange { scheduler.pool.perform(threads: ranges.workers, judge) } else { judge(0) }
        }
        return (results, ranges.summary)
    }
}

/// The ranges a run's vectors are judged in, handed out to several threads: each range once.
final class JudgingRanges: Sendable {
    /// Ranges of 32 to 256 vectors (powers of two, so a slot chunk holds whole ranges): at least four
    /// a worker when the run is small enough (316 vectors in ranges of 256 left one worker most of
    /// the judging), 256 at most (one lock a range).
    static let smallestRange = 32, largestRange = 256
    let rangeSize: Int
    let workers: Int
    private let count: Int
    private struct State: Sendable {
        /// Per worker, its share of the ranges (range indices).
        var shares: [(next: Int, end: Int)]
        /// Per chunk of `ResultSlots.chunk` vectors, how many of its ranges are still being judged.
        var openRanges: [Int]
        /// The counts of every thread's results.
        var summary = RunSummary()
    }
    private let state: Locked<State>

    init(count: Int, workers: Int, slotChunks: Int) {
        self.count = count
        var size = Self.largestRange
        while size > Self.smallestRange && count / size < 4 * workers { size /= 2 }
        rangeSize = size
        self.workers = max(1, workers)
        let ranges = (count + size - 1) / size
        let w = self.workers
        let perChunk = ResultSlots.chunk / size
        state = Locked(State(
            shares: (0..<w).map { k in (ranges * k / w, ranges * (k + 1) / w) },
            openRanges: (0..<slotChunks).map { c in
                let vectorsIn = min(ResultSlots.chunk, count - c * ResultSlots.chunk)
                return min(perChunk, (vectorsIn + size - 1) / size)
            }))
    }

    /// The next range for `worker`: its own contiguous share of the ranges first (the vectors whose
    /// checks it most likely ran: see `JobQueue.next`), then the last range of the share with most left.
    func next(worker: Int) -> Range<Int>? {
        let size = rangeSize, count = self.count
        return state.withLock { s in
            let own = worker % s.shares.count
            let k: Int
            if s.shares[own].next < s.shares[own].end {
                k = s.shares[own].next
                s.shares[own].next += 1
            } else {
                guard let other = s.shares.indices.max(by: { s.shares[$0].end - s.shares[$0].next < s.shares[$1].end - s.shares[$1].next }),
                      s.shares[other].next < s.shares[other].end else { return nil }
                s.shares[other].end -= 1
                k = s.shares[other].end
            }
            return k * size..<min(count, (k + 1) * size)
        }
    }
    /// A vector index of the slot chunk this range completed, if it completed one.
    func finished(_ range: Range<Int>) -> Int? {
        state.withLock { s in
            let c = range.lowerBound / ResultSlots.chunk
            guard c < s.openRanges.count else { return nil }
            s.openRanges[c] -= 1
            return s.openRanges[c] == 0 ? range.lowerBound : nil
        }
    }
    func add(_ summary: RunSummary) { state.withLock { $0.summary.merge(summary) } }
    var summary: RunSummary { state.withLock { $0.summary } }
}
