import ConcordFormats

extension Wire {
    /// The ids a keybox's contextInfo joins, in the contract's order (§10).
    public static let keyboxContextIds = ["coupleId", "questionId", "senderUserId", "recipientUserId"]

    /// `coupleId|questionId|senderUserId|recipientUserId` (§10): the ids in `keyboxContextIds` order.
    public static func keyboxContext(_ ids: [String]) -> String { ids.joined(separator: "|") }
}
