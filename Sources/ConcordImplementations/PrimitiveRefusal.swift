import ConcordFormats
import ConcordPrimitives
import ConcordSuites

/// How a handler reports a primitive's `CryptoError`: the contract's refusal classes keep their class,
/// `unsupported` is `Unsupported` (never a pass), a library failure an implementation failure.
enum PrimitiveRefusal {
    static func map(_ error: CryptoError) -> Error {
        if let refusal = ContractError(error) { return refusal }
        if case .unsupported(let why) = error { return Unsupported(why) }
        return ImplementationFailure(error.message)
    }

    /// Runs a primitive call, mapping its `CryptoError`.
    static func run<R>(_ body: () throws(CryptoError) -> R) throws -> R {
        do { return try body() } catch { throw map(error) }
    }
}
