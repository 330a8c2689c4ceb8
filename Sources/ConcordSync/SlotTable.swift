/// Per index, one slot for a value, in chunks made when first needed (a table whose owner fills a
/// tenth of the indices has about that tenth) and freed once read (a run of many small vectors
/// otherwise held every result twice at its peak).
///
/// Rules: `prepare(i)` by the one thread that plans index i, before any other thread can learn of i
/// (a hand-over through a lock or the pool orders it); `set(i, _)` by the one thread given i;
/// `take(i)` and `release(chunkOf:)` only after every writer of that chunk has finished (after
/// `WorkerPool.perform` returned, or after the hand-over that ended the writes), each chunk released
/// by one thread. Distinct indices may be written by distinct threads at once: the chunk table is
/// plain memory of fixed size, allocated once, never an array that could be copied on write.
public final class SlotTable<Element: Sendable>: @unchecked Sendable {
    @inlinable public static var chunk: Int { 4096 }
    public let count: Int
    @usableFromInline let chunkCount: Int
    @usableFromInline let chunks: UnsafeMutablePointer<UnsafeMutablePointer<Element?>?>

    public init(count: Int) {
        self.count = count
        chunkCount = (count + Self.chunk - 1) / Self.chunk
        chunks = .allocate(capacity: max(1, chunkCount))
        chunks.initialize(repeating: nil, count: max(1, chunkCount))
    }
    deinit {
        for c in 0..<chunkCount { free(c) }
        chunks.deinitialize(count: max(1, chunkCount))
        chunks.deallocate()
    }

    @inlinable func size(_ c: Int) -> Int { min(Self.chunk, count - c * Self.chunk) }
    @inlinable func free(_ c: Int) {
        guard let b = chunks[c] else { return }
        b.deinitialize(count: size(c))
        b.deallocate()
        chunks[c] = nil
    }

    /// Makes the chunk of slot `i` (empty slots) if it has none.
    @inlinable public func prepare(_ i: Int) {
        precondition(i >= 0 && i < count, "SlotTable: slot \(i) of \(count)")
        let c = i / Self.chunk
        guard chunks[c] == nil else { return }
        let b = UnsafeMutablePointer<Element?>.allocate(capacity: size(c))
        b.initialize(repeating: nil, count: size(c))
        chunks[c] = b
    }

    /// Puts a value in slot `i` (prepared), replacing what was there.
    @inlinable @inline(__always)
    public func set(_ i: Int, _ value: consuming Element) {
        precondition(i >= 0 && i < count, "SlotTable: slot \(i) of \(count)")
        guard let b = chunks[i / Self.chunk] else { preconditionFailure("SlotTable: slot \(i) was not prepared") }
        b[i % Self.chunk] = value
    }

    /// Whether slot `i`'s chunk exists (prepared and not released).
    @inlinable public func isPrepared(_ i: Int) -> Bool { i >= 0 && i < count && chunks[i / Self.chunk] != nil }

    /// Moves the value out of slot `i`, leaving it empty (nil when it is empty or its chunk was never made).
    @inlinable @inline(__always)
    public func take(_ i: Int) -> Element? {
        precondition(i >= 0 && i < count, "SlotTable: slot \(i) of \(count)")
        guard let b = chunks[i / Self.chunk] else { return nil }
        let slot = b + i % Self.chunk
        let value = slot.move()
        slot.initialize(to: nil)
        return value
    }

    /// Frees the chunk that holds slot `i` (its values with it).
    @inlinable public func release(chunkOf i: Int) {
        precondition(i >= 0 && i < count, "SlotTable: slot \(i) of \(count)")
        free(i / Self.chunk)
    }
}

/// Assigns into an array from several threads at once: each index by one thread only, and only
/// inside `assign(into:_:)`'s body (the array's storage is made unique first and then left alone, so
/// no copy on write can happen while the threads write). Every element stays initialized throughout:
/// an index nobody writes keeps its old value.
public struct ParallelWriter<Element: Sendable>: @unchecked Sendable {
    @usableFromInline let base: UnsafeMutablePointer<Element>
    public let count: Int

    @usableFromInline init(base: UnsafeMutablePointer<Element>, count: Int) {
        self.base = base
        self.count = count
    }

    /// Runs `body` with a writer over `array`'s elements; the writer must not be used after `body` returns.
    public static func assign<R>(into array: inout [Element], _ body: (ParallelWriter<Element>) throws -> R) rethrows -> R {
        guard !array.isEmpty else { return try body(ParallelWriter(base: UnsafeMutablePointer(bitPattern: MemoryLayout<Element>.alignment)!, count: 0)) }
        return try array.withUnsafeMutableBufferPointer { b in try body(ParallelWriter(base: b.baseAddress!, count: b.count)) }
    }

    /// Replaces element `i`.
    @inlinable @inline(__always)
    public func put(_ i: Int, _ value: consuming Element) {
        precondition(i >= 0 && i < count, "ParallelWriter: index \(i) of \(count)")
        (base + i).pointee = value
    }
}
