#if os(Linux)
import Synchronization
#else
import Darwin
#endif

/// A dictionary behind a lock, for the interning tables (field-name orders, implementation names,
/// suite and op pairs): taken once per name looked up, never per check. The standard library's
/// `Mutex` on Linux; on Apple platforms, where `Mutex` needs macOS 15, a pthread mutex (Concord's
/// CLI also builds there).
public final class LockedTable<Key: Hashable & Sendable, Value: Sendable>: @unchecked Sendable {
    #if os(Linux)
    private let mutex = Mutex<[Key: Value]>([:])
    public init() {}
    public func withLock<R>(_ body: (inout [Key: Value]) -> R) -> R { mutex.withLock { body(&$0) } }
    #else
    private var table: [Key: Value] = [:]
    private let mutex: UnsafeMutablePointer<pthread_mutex_t> = {
        let m = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
        pthread_mutex_init(m, nil)
        return m
    }()
    public init() {}
    public func withLock<R>(_ body: (inout [Key: Value]) -> R) -> R {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        return body(&table)
    }
    #endif
}
