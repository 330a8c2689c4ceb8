import Foundation

/// Per implementation, one result slot per vector. Each slot is written once, by the one thread
/// that ran (or planned) its job, and read only after every worker has finished, so no lock guards
/// the slots themselves; allocating an implementation's slots takes the lock.
final class ResultStore: @unchecked Sendable {
    private let lock = NSLock()
    private var perImplementation: [ResultSlots?]
    init(implementations: Int) { perImplementation = Array(repeating: nil, count: implementations) }
    func allocate(_ ii: Int, count: Int) -> ResultSlots {
        lock.withLock {
            if let s = perImplementation[ii] { return s }
            let s = ResultSlots(count: count)
            perImplementation[ii] = s
            return s
        }
    }
    func slots(_ ii: Int) -> ResultSlots? { lock.withLock { perImplementation[ii] } }
}

final class ResultSlots: @unchecked Sendable {
    /// Slots come in chunks, made when the plan first puts a job in one (an implementation that
    /// runs a tenth of the vectors has slots for about that tenth) and freed once judged (a run of
    /// many small vectors otherwise held every result twice at its peak).
    static let chunk = 4096
    private let count: Int
    private var chunks: [UnsafeMutableBufferPointer<ImplementationResult?>?]
    init(count: Int) {
        self.count = count
        chunks = Array(repeating: nil, count: (count + Self.chunk - 1) / Self.chunk)
    }
    deinit {
        for case let b? in chunks { b.deinitialize(); b.deallocate() }
    }
    /// Makes the chunk of slot `i`: by the one thread planning this implementation, before any of
    /// its jobs are handed out.
    func prepare(_ i: Int) {
        let c = i / Self.chunk
        guard chunks[c] == nil else { return }
        let b = UnsafeMutableBufferPointer<ImplementationResult?>.allocate(capacity: min(Self.chunk, count - c * Self.chunk))
        b.initialize(repeating: nil)
        chunks[c] = b
    }
    func set(_ i: Int, _ r: consuming ImplementationResult) { chunks[i / Self.chunk]![i % Self.chunk] = r }
    /// The first slot of the chunk holding slot `i`, nil if it has none (valid until released).
    func chunkBase(_ i: Int) -> UnsafeMutablePointer<ImplementationResult?>? { chunks[i / Self.chunk]?.baseAddress }
    /// Frees the chunk that holds slot `i`: once every worker has finished and its slots were read.
    func release(chunkOf i: Int) {
        guard let b = chunks[i / Self.chunk] else { return }
        b.deinitialize()
        b.deallocate()
        chunks[i / Self.chunk] = nil
    }
}
