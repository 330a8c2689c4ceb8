import ConcordFormats
import ConcordPrimitives

/// How a handler reports a primitive's `CryptoError`: the contract's refusal classes keep their class,
/// `unsupported` is `Unsupported` (never a pass), a library failure an implementation failure.
package enum PrimitiveRefusal {
    package static func map(_ error: CryptoError) -> Error {
        if let refusal = ContractError(error) { return refusal }
        if case .unsupported(let why) = error { return Unsupported(why) }
        return ImplementationFailure(error.message)
    }

    /// Runs a primitive call, mapping its `CryptoError`.
    package static func run<R>(_ body: () throws(CryptoError) -> R) throws -> R {
        do { return try body() } catch { throw map(error) }
    }

    /// Runs a primitive, turning its refusal into the contract's class with `what` before its
    /// message (a field's name), its `unsupported` into `Unsupported` and a library failure into an
    /// implementation failure.
    package static func call<T>(_ what: String, _ body: () throws(CryptoError) -> T) throws -> T {
        do { return try body() } catch {
            if let c = ContractError(error) { throw ContractError(c.errorClass, what + ": " + c.message) }
            if case .unsupported(let m) = error { throw Unsupported(m) }
            throw ImplementationFailure(what + ": " + error.message)
        }
    }
}

/// A library failed in a way the contract does not name (out of memory, say).
package struct ImplementationFailure: Error, CustomStringConvertible {
    package var description: String
    package init(_ d: String) { description = d }
}
