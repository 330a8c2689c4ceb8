import ConcordFormats

/// Closer's wire compositions and their warnings (CONTRACT.md §8, §10): the commitment hash and
/// the ids whose `|` makes an input ambiguous. The prefixes themselves are `Wire`'s.
public enum CloserWire {
    /// `"sha256:" + b64url(SHA-256("v1|coupleId|questionId|userId|" || canonical))` (50 characters).
    public static func commitmentHash(coupleId: String, questionId: String, userId: String, canonical: [UInt8],
                                      sha256: ([UInt8]) -> [UInt8]) -> String {
        let input = Array("v1|\(coupleId)|\(questionId)|\(userId)|".utf8) + canonical
        return Wire.commitment + Base64.encode(sha256(input), .url)
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
