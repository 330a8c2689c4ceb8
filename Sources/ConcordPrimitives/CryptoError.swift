// ConcordPrimitives: thin wrappers over the C libraries, one family per file (`<Family>.swift`, its
// backends as siblings `<Family>+OpenSSL.swift`, `<Family>+Sodium.swift`), all throwing `CryptoError`.
// Not here: parsing formats (DER, PEM, JWK are ConcordFormats') and the contract's refusals (ConcordImplementations).
import ConcordFormats

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
