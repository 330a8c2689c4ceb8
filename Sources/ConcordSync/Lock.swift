import ConcordPlatform

/// A POSIX mutex (ThreadSanitizer understands it on every platform; the standard library's `Mutex`
/// on Linux takes a futex it cannot see, and it reported the tables behind one as races).
public final class Lock: @unchecked Sendable {
    @usableFromInline let mutex: UnsafeMutablePointer<pthread_mutex_t>
    public init() {
        mutex = .allocate(capacity: 1)
        mutex.initialize(to: pthread_mutex_t())
        pthread_mutex_init(mutex, nil)
    }
    deinit {
        pthread_mutex_destroy(mutex)
        mutex.deinitialize(count: 1)
        mutex.deallocate()
    }
    @inlinable @inline(__always)
    public func withLock<R>(_ body: () throws -> R) rethrows -> R {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        return try body()
    }
}

/// A value only ever touched under its lock. Values are copied out of `withLock`, never aliased.
public final class Locked<State> {
    @usableFromInline let lock = Lock()
    @usableFromInline var state: State
    public init(_ initial: State) { state = initial }
    @inlinable @inline(__always)
    public func withLock<R>(_ body: (inout State) throws -> R) rethrows -> R {
        try lock.withLock { try body(&state) }
    }
}

/// A value under a lock with a condition to wait on: `wait` runs its body under the lock until the
/// body gives a value, sleeping between tries until a `withLock(wake: true)` (or `wake()`).
public final class Monitor<State> {
    @usableFromInline let lock = Lock()
    @usableFromInline let condition: UnsafeMutablePointer<pthread_cond_t>
    @usableFromInline var state: State
    public init(_ initial: State) {
        state = initial
        condition = .allocate(capacity: 1)
        condition.initialize(to: pthread_cond_t())
        pthread_cond_init(condition, nil)
    }
    deinit {
        pthread_cond_destroy(condition)
        condition.deinitialize(count: 1)
        condition.deallocate()
    }
    /// Runs `body` under the lock; with `wake`, wakes every waiter after it.
    @inlinable @inline(__always)
    public func withLock<R>(wake: Bool = false, _ body: (inout State) throws -> R) rethrows -> R {
        pthread_mutex_lock(lock.mutex)
        defer {
            if wake { pthread_cond_broadcast(condition) }
            pthread_mutex_unlock(lock.mutex)
        }
        return try body(&state)
    }
    /// Runs `body` under the lock until it returns a value, waiting for a wake between tries; with
    /// `wake`, wakes every waiter once it has. (The state is never held across the sleep.)
    @inlinable
    public func wait<R>(wake: Bool = false, _ body: (inout State) -> R?) -> R {
        pthread_mutex_lock(lock.mutex)
        defer {
            if wake { pthread_cond_broadcast(condition) }
            pthread_mutex_unlock(lock.mutex)
        }
        while true {
            if let r = body(&state) { return r }
            pthread_cond_wait(condition, lock.mutex)
        }
    }
    /// Wakes every waiter.
    public func wake() {
        pthread_mutex_lock(lock.mutex)
        pthread_cond_broadcast(condition)
        pthread_mutex_unlock(lock.mutex)
    }
}

// Shared between threads only when what they guard may be: the lock orders every access to it.
extension Locked: @unchecked Sendable where State: Sendable {}
extension Monitor: @unchecked Sendable where State: Sendable {}
