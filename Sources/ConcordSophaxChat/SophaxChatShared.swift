import ConcordFormats
import ConcordSuites

/// What the SophaxChat suites share: their implementations, the key fields and the chain-step limit.
extension Suites {
    static let sophaxChatImplementations = ["swift", "jvm"]

    /// The most chain steps one vector may ask for (a sender-key iteration, a chain position): the
    /// contract sets no bound, the harness does, so that a vector cannot make it loop for hours.
    public static let sophaxChatMaxSteps: Int64 = 100_000

    static func x25519Field(_ name: String, _ doc: String, required: Bool = true) -> FieldSpec {
        FieldSpec(name, .bytes, required: required, (required ? "" : "Optional. ") + doc)
    }

    /// `exceedsLimits` for a suite whose vectors name an iteration or a position to step to.
    static func stepLimit(_ field: String) -> @Sendable (Fields, Limits) -> String? {
        { input, _ in
            guard let n = input[field]?.integer, n > sophaxChatMaxSteps else { return nil }
            return "\(field) \(n) asks for more than \(sophaxChatMaxSteps) chain steps, the harness's limit for one vector"
        }
    }
}
