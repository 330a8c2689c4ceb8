/// An object interned by `Interner`: it lives as long as the process, so the handle reads it on any
/// thread without counting references (a result per check, written by every worker, would
/// otherwise count references to one object from every core). Only an `Interner` makes one.
public struct Interned<Object: AnyObject & Sendable>: @unchecked Sendable, Equatable {
    @usableFromInline let ref: Unmanaged<Object>
    @usableFromInline init(retaining object: Object) { ref = .passRetained(object) }
    @inlinable @inline(__always)
    public var object: Object { ref.takeUnretainedValue() }
    /// Runs `body` with the object, without a reference count around the call.
    @inlinable @inline(__always)
    public func withObject<R>(_ body: (Object) throws -> R) rethrows -> R { try ref._withUnsafeGuaranteedRef(body) }
    @inlinable public static func == (a: Self, b: Self) -> Bool { a.ref.toOpaque() == b.ref.toOpaque() }
}

/// A table of interned objects, one per key, kept for the process's life (docs/limits.md: what is
/// interned). Looking one up takes the table's lock: once per name, never per check.
public final class Interner<Key: Hashable & Sendable, Object: AnyObject & Sendable>: Sendable {
    @usableFromInline let table = Locked<[Key: Interned<Object>]>([:])
    public init() {}
    /// The object for `key`, made by `make` (under the lock) the first time.
    @inlinable public func intern(_ key: Key, _ make: () -> Object) -> Interned<Object> {
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

/// Elements in memory that is never freed and never written after it is made, read on any thread
/// without counting references: for the parts of an interned object that every check reads (an
/// array there would have its buffer retained and released by every worker at once, and the
/// reference count of one buffer bounced between the cores: 775,000 against 1,006,000 checks a
/// second on two workers, one session).
public struct ImmortalBuffer<Element: Sendable>: @unchecked Sendable {
    @usableFromInline let base: UnsafeMutablePointer<Element>
    public let count: Int
    /// A copy of `elements`, kept for the process's life (make one per interned object only).
    public init(_ elements: [Element]) {
        count = elements.count
        base = .allocate(capacity: max(1, elements.count))
        base.initialize(from: elements, count: elements.count)
    }
    @inlinable @inline(__always)
    public subscript(i: Int) -> Element {
        precondition(i >= 0 && i < count, "ImmortalBuffer: index \(i) of \(count)")
        return base[i]
    }
}
