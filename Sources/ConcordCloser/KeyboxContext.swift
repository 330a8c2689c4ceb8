import ConcordFormats

extension Wire {
    /// Closer's prefixes by their old names (`CloserWire`'s forms hold them with their layouts).
    public static let field = CloserWire.field.prefix
    public static let sealed = CloserWire.sealed.prefix
    public static let commitment = CloserWire.commitment.prefix
    public static let keybox = CloserWire.keybox.prefix

    /// The ids a keybox's contextInfo joins, in the contract's order (§10).
    public static let keyboxContextIds = ["coupleId", "questionId", "senderUserId", "recipientUserId"]

    /// `coupleId|questionId|senderUserId|recipientUserId` (§10): the ids in `keyboxContextIds` order.
    public static func keyboxContext(_ ids: [String]) -> String { ids.joined(separator: "|") }
}
