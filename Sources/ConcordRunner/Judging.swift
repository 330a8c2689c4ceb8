import ConcordFormats
import Foundation

extension Runner {
    /// Each vector judged from its implementations' results, in ranges on the workers (`parallel`),
    /// written in place into the results array; a slot chunk is freed once every vector in it has
    /// been judged.
    func judgeAll(_ vectors: [Vector], slots allSlots: [ResultSlots], blocked: [String?], matrices: [Int: VectorResult],
                  warnings: [(@Sendable (Fields) -> [String])?], suiteOf: [Int], parallel: Bool) -> ([VectorResult], RunSummary) {
        var summary = RunSummary()
        let results = [VectorResult](unsafeUninitializedCapacity: vectors.count) { buffer, initialized in
            guard let out = buffer.baseAddress else { return }
            let judged = Judged(out: out, count: vectors.count,
                                slotChunks: allSlots.isEmpty ? 0 : (vectors.count + ResultSlots.chunk - 1) / ResultSlots.chunk)
            let judge: @Sendable () -> Void = {
                var summary = RunSummary()
                while let range = judged.nextRange() {
                    // This range's slots (ranges never cross a chunk): read through pointers, results moved out.
                    let bases = allSlots.compactMap { $0.chunkBase(range.lowerBound) }
                    let chunkStart = range.lowerBound - range.lowerBound % ResultSlots.chunk
                    for vi in range {
                        let v = vectors[vi]
                        var r: VectorResult
                        if !matrices.isEmpty, let m = matrices[vi] {
                            r = m
                            if let w = warnings[suiteOf[vi]] { r.warnings = w(v.input) }
                        } else if let why = blocked[vi] {
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
                            if let w = warnings[suiteOf[vi]] { r.warnings = w(v.input) }
                        }
                        summary.add(r)
                        judged.put(vi, r)
                    }
                    if let done = judged.finished(range) { for slots in allSlots { slots.release(chunkOf: done) } }
                }
                judged.add(summary)
            }
            if parallel && vectors.count >= Judged.rangeSize { pool.perform(threads: configuration.workers, judge) } else { judge() }
            summary = judged.summary
            initialized = vectors.count
        }
        return (results, summary)
    }
}

/// The verdicts of a run's vectors, made in ranges by several threads: each range is handed out
/// once, each slot written once, and the array taken when every thread has finished.
final class Judged: @unchecked Sendable {
    static let rangeSize = 256
    private let lock = NSLock()
    private let count: Int
    private var nextStart = 0
    private let out: UnsafeMutablePointer<VectorResult>
    /// The counts of every thread's results, once all have finished.
    private(set) var summary = RunSummary()
    /// Per chunk of `ResultSlots.chunk` vectors, how many of its ranges are still being judged.
    private var openRanges: [Int]

    /// `out`: room for `count` results, each put exactly once.
    init(out: UnsafeMutablePointer<VectorResult>, count: Int, slotChunks: Int) {
        self.count = count
        self.out = out
        let perChunk = ResultSlots.chunk / Self.rangeSize
        openRanges = (0..<slotChunks).map { c in
            let vectorsIn = min(ResultSlots.chunk, count - c * ResultSlots.chunk)
            return min(perChunk, (vectorsIn + Self.rangeSize - 1) / Self.rangeSize)
        }
    }

    func nextRange() -> Range<Int>? {
        lock.withLock {
            guard nextStart < count else { return nil }
            let r = nextStart..<min(count, nextStart + Self.rangeSize)
            nextStart = r.upperBound
            return r
        }
    }
    func put(_ i: Int, _ r: consuming VectorResult) { (out + i).initialize(to: r) }
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
