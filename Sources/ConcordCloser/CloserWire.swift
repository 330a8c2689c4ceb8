import ConcordFormats

/// Closer's wire forms (CONTRACT.md §3, §6, §8, §10), which its pack declares (`CloserPack.pack`'s
/// `wireForms`), its compositions and their warnings: the commitment hash and the ids whose `|`
/// makes an input ambiguous.
public enum CloserWire {
    /// §6: a field, `enc:v1:` + b64(nonce ‖ ciphertext ‖ tag) under the couple key.
    public static let field = WireForm(prefix: "enc:v1:", alphabet: .standard, blob: .aesGcm)
    /// §8: a sealed answer, `sealed:v1:` + b64url(nonce ‖ ciphertext ‖ tag) under the one-time key.
    public static let sealed = WireForm(prefix: "sealed:v1:", alphabet: .url, blob: .aesGcm)
    /// §10: a keybox, `keybox:v1:` + b64url of Tink's ECIES ciphertext: its output prefix
    /// `0x01 ‖ keyId`, the ephemeral P-256 point, the nonce, the AES-128-GCM ciphertext and tag.
    public static let keybox = WireForm(prefix: "keybox:v1:", alphabet: .url, blob: .parts(head: [
        WireForm.Part("prefix", 5, role: .tinkOutputPrefix), WireForm.Part("ephemeral key", 65, role: .publicKey(.p256)),
        WireForm.Part("nonce", 12),
    ], tag: 16))
    /// §8: a commitment, `sha256:` + b64url(SHA-256(…)), one digest.
    public static let commitment = WireForm(prefix: "sha256:", alphabet: .url, blob: .whole)
    /// Every form Closer puts on the wire, with the recipient's public keyset (`pub:v1:`, §10,
    /// declared beside Tink's ECIES keyset reader: `TinkEciesKeyset.publicWire`).
    public static let forms = [field, sealed, keybox, commitment, TinkEciesKeyset.publicWire]

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
