import ConcordPlatform

/// One object per thread, made on the thread's first use and released when the thread ends (the
/// key's destructor); never handed to another thread. For state a C library keeps per call site,
/// such as OpenSSL cipher contexts bound once.
public final class ThreadLocal<Value: AnyObject>: @unchecked Sendable {
    @usableFromInline let key: pthread_key_t
    @usableFromInline let make: @Sendable () -> Value

    public init(_ make: @escaping @Sendable () -> Value) {
        var k = pthread_key_t()
        let rc = pthread_key_create(&k) { p in
            // glibc passes an optional pointer, Darwin a non-optional one: the same code for both.
            let p: UnsafeMutableRawPointer? = p
            guard let p else { return }
            // Any class's retain count is released the same way, whatever its type.
            Unmanaged<AnyObject>.fromOpaque(p).release()
        }
        precondition(rc == 0, "ThreadLocal: pthread_key_create failed (\(rc))")
        key = k
        self.make = make
    }

    /// This thread's object.
    @inlinable @inline(__always)
    public var value: Value {
        if let p = pthread_getspecific(key) { return Unmanaged<Value>.fromOpaque(p).takeUnretainedValue() }
        let v = make()
        pthread_setspecific(key, Unmanaged<Value>.passRetained(v).toOpaque())
        return v
    }
}
