import COpenSSL

/// Pointers for the C calls: libsodium's parameters are `nonnull` and an empty array has no base
/// address, so an empty input is passed as a one-byte dummy with its length of zero.
enum CBytes {
    @inline(__always)
    static func with<R>(_ b: [UInt8], _ body: (UnsafePointer<UInt8>) -> R) -> R {
        if b.isEmpty { var z: UInt8 = 0; return withUnsafePointer(to: &z) { body($0) } }
        return b.withUnsafeBufferPointer { body($0.baseAddress!) }
    }

    @inline(__always)
    static func withMutable<R>(_ b: inout [UInt8], _ body: (UnsafeMutablePointer<UInt8>) -> R) -> R {
        if b.isEmpty { var z: UInt8 = 0; return withUnsafeMutablePointer(to: &z) { body($0) } }
        return b.withUnsafeMutableBufferPointer { body($0.baseAddress!) }
    }

    /// Empties OpenSSL's per-thread error queue after an expected failure, and returns its first message.
    @discardableResult
    static func drainOpenSSLErrors() -> String? {
        let code = ERR_get_error()
        var first: String?
        if code != 0 {
            var buf = [CChar](repeating: 0, count: 256)
            ERR_error_string_n(code, &buf, buf.count)
            first = String(decoding: buf.prefix(while: { $0 != 0 }).map { UInt8(bitPattern: $0) }, as: UTF8.self)
        }
        ERR_clear_error()
        return first
    }

    /// Constant-time comparison of equal-length byte strings.
    static func equal(_ a: [UInt8], _ b: [UInt8]) -> Bool {
        guard a.count == b.count else { return false }
        var d: UInt8 = 0
        for i in 0..<a.count { d |= a[i] ^ b[i] }
        return d == 0
    }
}
