#if os(Linux)
import Synchronization
#endif

/// One integer read and changed from any thread, with acquire/release ordering: the standard
/// library's `Atomic` on Linux; on Apple platforms, where it needs macOS 15, a locked integer
/// (slower to spin on, and correct).
public final class AtomicCounter: @unchecked Sendable {
    #if os(Linux)
    @usableFromInline let value: Atomic<Int>
    public init(_ initial: Int = 0) { value = Atomic(initial) }
    @inlinable @inline(__always) public func load() -> Int { value.load(ordering: .acquiring) }
    @inlinable @inline(__always) public func store(_ v: Int) { value.store(v, ordering: .releasing) }
    /// The value after adding.
    @discardableResult @inlinable @inline(__always)
    public func add(_ v: Int) -> Int { value.add(v, ordering: .acquiringAndReleasing).newValue }
    /// The value after subtracting.
    @discardableResult @inlinable @inline(__always)
    public func subtract(_ v: Int) -> Int { value.subtract(v, ordering: .acquiringAndReleasing).newValue }
    #else
    private let state: Locked<Int>
    public init(_ initial: Int = 0) { state = Locked(initial) }
    public func load() -> Int { state.withLock { $0 } }
    public func store(_ v: Int) { state.withLock { $0 = v } }
    @discardableResult public func add(_ v: Int) -> Int { state.withLock { $0 += v; return $0 } }
    @discardableResult public func subtract(_ v: Int) -> Int { state.withLock { $0 -= v; return $0 } }
    #endif
}
