/// The Closer wire strings (CONTRACT.md §5, §6, §8, §10): a prefix and an encoded blob.
public enum Wire {
    public static let field = "enc:v1:"
    public static let sealed = "sealed:v1:"
    public static let commitment = "sha256:"
    public static let keybox = "keybox:v1:"

    /// The blob after `prefix`, decoded strictly; `format` when the prefix or the encoding is wrong.
    public static func decode(_ wire: String, prefix: String, _ alphabet: Base64.Alphabet) throws(ContractError) -> [UInt8] {
        guard wire.hasPrefix(prefix) else {
            let seen = wire.prefix(prefix.count + 4)
            throw ContractError(.format, "expected the prefix \"\(prefix)\", found \"\(seen)…\"")
        }
        do { return try Base64.decode(String(wire.dropFirst(prefix.count)), alphabet) } catch {
            throw ContractError(.format, "after \"\(prefix)\": \(error.message)")
        }
    }

    /// The ids a keybox's contextInfo joins, in the contract's order (§10).
    public static let keyboxContextIds = ["coupleId", "questionId", "senderUserId", "recipientUserId"]

    /// `coupleId|questionId|senderUserId|recipientUserId` (§10): the ids in `keyboxContextIds` order.
    public static func keyboxContext(_ ids: [String]) -> String { ids.joined(separator: "|") }

    /// `"sha256:" + b64url(SHA-256("v1|coupleId|questionId|userId|" || canonical))` (50 characters).
    public static func commitmentHash(coupleId: String, questionId: String, userId: String, canonical: [UInt8],
                                      sha256: ([UInt8]) -> [UInt8]) -> String {
        let input = Array("v1|\(coupleId)|\(questionId)|\(userId)|".utf8) + canonical
        return commitment + Base64.encode(sha256(input), .url)
    }

    /// Ids containing `|` make the commitment input ambiguous: two triples can collide.
    public static func pipeWarning(coupleId: String, questionId: String, userId: String) -> String? {
        let named = [("coupleId", coupleId), ("questionId", questionId), ("userId", userId)].filter { $0.1.contains("|") }
        guard !named.isEmpty else { return nil }
        return "\(named.map(\.0).joined(separator: ", ")) contains '|': the commitment input is ambiguous (another id triple can give the same bytes)"
    }

    /// A keybox's contextInfo joins four ids with `|` (§10): more than three `|` means an id holds one,
    /// so another id quadruple gives the same HKDF info.
    public static func contextInfoPipeWarning(_ contextInfo: String) -> String? {
        let pipes = contextInfo.unicodeScalars.filter { $0 == "|" }.count
        guard pipes > 3 else { return nil }
        return "contextInfo holds \(pipes) '|' where coupleId|questionId|senderUserId|recipientUserId has 3: an id contains '|', so the HKDF info is ambiguous (another id quadruple can give the same bytes)"
    }
}
