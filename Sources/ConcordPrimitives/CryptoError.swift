// ConcordPrimitives: thin wrappers over the C libraries, one family per file (`<Family>.swift`, its
// backends as siblings `<Family>+OpenSSL.swift`, `<Family>+Sodium.swift`), all throwing `CryptoError`.
import ConcordFormats
import COpenSSL
import CSodium

/// The C library a primitive of the issue-14 families runs on. Each family (`ChaCha20Poly1305`,
/// `X25519`, `Ed25519`, `HMACSHA256`, …) has one portable API taking a `CryptoBackend`; the
/// backends are sibling files (`<Family>+OpenSSL.swift`, `<Family>+Sodium.swift`).
public enum CryptoBackend: String, Sendable, CaseIterable {
    case openssl
    case libsodium

    /// The library's own version string.
    public var libraryVersion: String {
        switch self {
        case .openssl: return String(cString: OpenSSL_version(Int32(OPENSSL_VERSION)))
        case .libsodium: return "libsodium " + SodiumArgon2id.version
        }
    }
}

/// Why a primitive did not produce a result: the one error type of every family and backend. The
/// cases follow the contract's error classes (`parameters`, `key`, `format`, `authentication`),
/// plus what a backend cannot express and an unexpected library failure (or a refusal of the
/// library's own that the contract does not name, such as Argon2 out of memory).
public enum CryptoError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The backend cannot express this request (never a pass).
    case unsupported(String)
    /// A key, nonce, tag or signature of a size the primitive does not take.
    case parameters(String)
    /// A key the primitive refuses: not on the curve, out of range, or an all-zero shared secret.
    case key(String)
    /// A malformed encoding: DER, PEM, JWK or a signature's structure.
    case format(String)
    /// A tag or signature that does not verify.
    case authentication(String)
    /// The library failed where it should not have.
    case library(String)

    public var message: String {
        switch self {
        case .unsupported(let m), .parameters(let m), .key(let m), .format(let m), .authentication(let m), .library(let m): return m
        }
    }

    /// The contract's error class name (`unsupported` and `library` have none).
    public var errorClassName: String? {
        switch self {
        case .parameters: return "parameters"
        case .key: return "key"
        case .format: return "format"
        case .authentication: return "authentication"
        case .unsupported, .library: return nil
        }
    }

    public var description: String {
        switch self {
        case .unsupported(let m): return "unsupported: \(m)"
        case .parameters(let m): return "parameters: \(m)"
        case .key(let m): return "key: \(m)"
        case .format(let m): return "format: \(m)"
        case .authentication(let m): return "authentication: \(m)"
        case .library(let m): return "library: \(m)"
        }
    }
}

extension CryptoError {
    /// A refusal of ConcordFormats' pure parsers (DER, say) as a primitive's error: its class and message kept.
    public init(_ error: ContractError) {
        switch error.errorClass {
        case .parameters: self = .parameters(error.message)
        case .key: self = .key(error.message)
        case .authentication: self = .authentication(error.message)
        case .format, .unclassified: self = .format(error.message)
        }
    }
}

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
