import ConcordFormats
import ConcordPrimitives

extension ContractError {
    /// The contract refusal a primitive's `CryptoError` stands for: `parameters`, `key`, `format` and
    /// `authentication` keep their class and message. `nil` for `unsupported` (the implementation cannot
    /// express the request: report it as unsupported) and `library` (the library failed: an
    /// implementation failure, never a refusal).
    public init?(_ error: CryptoError) {
        switch error {
        case .parameters(let m): self.init(.parameters, m)
        case .key(let m): self.init(.key, m)
        case .format(let m): self.init(.format, m)
        case .authentication(let m): self.init(.authentication, m)
        case .unsupported, .library: return nil
        }
    }
}
