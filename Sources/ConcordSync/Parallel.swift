import Dispatch

/// Blocking work spread over the cores.
public enum Parallel {
    /// `body(0)`, …, `body(count - 1)` on Dispatch's threads, the results in order. Each result is
    /// put under a lock by the thread that made it and read after every thread has finished.
    public static func map<T: Sendable>(_ count: Int, _ body: @Sendable (Int) -> T) -> [T] {
        guard count > 1 else { return (0..<count).map(body) }
        let results = Locked<[T?]>(Array(repeating: nil, count: count))
        DispatchQueue.concurrentPerform(iterations: count) { i in
            let r = body(i)
            results.withLock { $0[i] = r }
        }
        return results.withLock { r in r.map { $0! } }
    }
}

/// A C library's object that is immutable once made and documented as safe to share between
/// threads (OpenSSL's fetched `EVP_CIPHER`, a constant C string): made once at initialization and
/// never written, so any thread may read it.
public struct SharedImmutable<Value>: @unchecked Sendable {
    public let value: Value
    public init(_ value: Value) { self.value = value }
}
