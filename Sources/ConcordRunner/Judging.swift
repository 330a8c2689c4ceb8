import ConcordFormats
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
        let judgeInto: (UnsafeMutablePointer<VectorResult>, Bool) -> RunSummary = { out, assign in
            let judged = Judged(out: out, assign: assign, count: vectors.count, workers: parallel ? self.configuration.workers : 1,
                                slotChunks: allSlots.isEmpty ? 0 : (vectors.count + ResultSlots.chunk - 1) / ResultSlots.chunk)
            let judge: @Sendable (Int) -> Void = { worker in
                var summary = RunSummary()
                while let range = judged.nextRange(worker: worker) {
                    // This range's slots (ranges never cross a chunk): read through pointers, results moved out.
                    let bases = allSlots.compactMap { $0.chunkBase(range.lowerBound) }
                    let chunkStart = range.lowerBound - range.lowerBound % ResultSlots.chunk
                    for vi in range {
                        let v = vectors[vi]
                        var r: VectorResult
                        if !matrices.isEmpty, let m = matrices[vi] {
                            r = m
                            if let w = warnings[Int(plan.suiteOf[vi])] { r.warnings = w(v.input) }
                        } else if let why = plan.blockedReason(vi) {
                            r = VectorResult(vector: v, status: .error, implementations: [], note: why, divergence: nil)
                        } else {
                            // Each vector's results in implementation order.
                            var mine: [ImplementationResult] = []
                            mine.reserveCapacity(bases.count)
                            for b in bases {
                                let slot = b + (vi - chunkStart)
                                if let x = slot.move() { mine.append(x) }
                                slot.initialize(to: nil)
                            }
                            r = Judge.vector(v, mine)
                            if let w = warnings[Int(plan.suiteOf[vi])] { r.warnings = w(v.input) }
                        }
                        summary.add(r)
                        judged.put(vi, r)
                    }
                    if let done = judged.finished(range) { for slots in allSlots { slots.release(chunkOf: done) } }
                }
                judged.add(summary)
            }
            if parallel && vectors.count >= 2 * Judged.smallestRange { self.pool.perform(threads: judged.workers, judge) } else { judge(0) }
            return judged.summary
        }
        if var results = reusing, results.count == vectors.count {
            reusing = nil
            let summary = results.withUnsafeMutableBufferPointer { b in judgeInto(b.baseAddress!, true) }
            return (results, summary)
        }
        var summary = RunSummary()
        let results = [VectorResult](unsafeUninitializedCapacity: vectors.count) { buffer, initialized in
            guard let out = buffer.baseAddress else { return }
            summary = judgeInto(out, false)
            initialized = vectors.count
        }
        return (results, summary)
    }
}

/// The verdicts of a run's vectors, made in ranges by several threads: each range is handed out
/// once, each slot written once, and the array taken when every thread has finished.
final class Judged: @unchecked Sendable {
    /// Ranges of 32 to 256 vectors (powers of two, so a slot chunk holds whole ranges): at least four
    /// a worker when the run is small enough (316 vectors in ranges of 256 left one worker most of
    /// the judging), 256 at most (one lock a range).
    static let smallestRange = 32, largestRange = 256
    let rangeSize: Int
    private let lock = NSLock()
    /// Per worker, its share of the ranges (range indices).
    private var shares: [(next: Int, end: Int)]
    let workers: Int
    private let assign: Bool
    private let count: Int
    private let out: UnsafeMutablePointer<VectorResult>
    /// The counts of every thread's results, once all have finished.
    private(set) var summary = RunSummary()
    /// Per chunk of `ResultSlots.chunk` vectors, how many of its ranges are still being judged.
    private var openRanges: [Int]

    /// `out`: room for `count` results, each put exactly once (`assign`: replacing the results there).
    init(out: UnsafeMutablePointer<VectorResult>, assign: Bool, count: Int, workers: Int, slotChunks: Int) {
        self.count = count
        self.out = out
        self.assign = assign
        var size = Self.largestRange
        while size > Self.smallestRange && count / size < 4 * workers { size /= 2 }
        rangeSize = size
        self.workers = max(1, workers)
        let ranges = (count + size - 1) / size
        shares = (0..<self.workers).map { k in (ranges * k / max(1, workers), ranges * (k + 1) / max(1, workers)) }
        let perChunk = ResultSlots.chunk / size
        openRanges = (0..<slotChunks).map { c in
            let vectorsIn = min(ResultSlots.chunk, count - c * ResultSlots.chunk)
            return min(perChunk, (vectorsIn + size - 1) / size)
        }
    }

    /// The next range for `worker`: its own contiguous share of the ranges first (the vectors whose
    /// checks it most likely ran: see `JobQueue.next`), then the last range of the share with most left.
    func nextRange(worker: Int) -> Range<Int>? {
        lock.withLock {
            let own = worker % shares.count
            let k: Int
            if shares[own].next < shares[own].end {
                k = shares[own].next
                shares[own].next += 1
            } else {
                guard let other = shares.indices.max(by: { shares[$0].end - shares[$0].next < shares[$1].end - shares[$1].next }),
                      shares[other].next < shares[other].end else { return nil }
                shares[other].end -= 1
                k = shares[other].end
            }
            return k * rangeSize..<min(count, (k + 1) * rangeSize)
        }
    }
    func put(_ i: Int, _ r: consuming VectorResult) {
        if assign { (out + i).pointee = r } else { (out + i).initialize(to: r) }
    }
    /// A vector index of the slot chunk this range completed, if it completed one.
    func finished(_ range: Range<Int>) -> Int? {
        lock.withLock {
            let c = range.lowerBound / ResultSlots.chunk
            guard c < openRanges.count else { return nil }
            openRanges[c] -= 1
            return openRanges[c] == 0 ? range.lowerBound : nil
        }
    }
    func add(_ s: RunSummary) { lock.withLock { summary.merge(s) } }
}
