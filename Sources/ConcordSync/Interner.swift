/// An object interned by `Interner`: it lives as long as the process, so the handle reads it on any
/// thread without counting references (a result per check, written by every worker, would
/// otherwise count references to one object from every core). Only an `Interner` makes one.
public struct Interned<Object: AnyObject & Sendable>: @unchecked Sendable, Equatable {
    private let ref: Unmanaged<Object>
    fileprivate init(retaining object: Object) { ref = .passRetained(object) }
    @inline(__always)
    public var object: Object { ref.takeUnretainedValue() }
    /// Runs `body` with the object, without a reference count around the call.
    @inline(__always)
    public func withObject<R>(_ body: (Object) throws -> R) rethrows -> R { try ref._withUnsafeGuaranteedRef(body) }
    public static func == (a: Self, b: Self) -> Bool { a.ref.toOpaque() == b.ref.toOpaque() }
}

/// A table of interned objects, one per key, kept for the process's life (docs/limits.md: what is
/// interned). Looking one up takes the table's lock: once per name, never per check.
public final class Interner<Key: Hashable & Sendable, Object: AnyObject & Sendable>: Sendable {
    private let table = Locked<[Key: Interned<Object>]>([:])
    public init() {}
    /// The object for `key`, made by `make` (under the lock) the first time.
    public func intern(_ key: Key, _ make: () -> Object) -> Interned<Object> {
        table.withLock { t in
            if let o = t[key] { return o }
            let o = Interned(retaining: make())
            t[key] = o
            return o
        }
    }
    /// How many objects it holds.
    public var count: Int { table.withLock { $0.count } }
}
