/// The app's answer commitment (CONTRACT.md §7):
/// `sha256:` + b64url(SHA-256(UTF-8("v1|coupleId|questionId|userId|") ‖ canonical JSON)).
public enum Commitment {
    public static func hash(coupleId: String, questionId: String, userId: String, canonicalJson: String) -> String {
        let digest = SHA256.hash(Array("v1|\(coupleId)|\(questionId)|\(userId)|".utf8) + Array(canonicalJson.utf8))
        return "sha256:" + base64url(digest)
    }

    /// RFC 4648 §5, without padding.
    static func base64url(_ bytes: [UInt8]) -> String {
        let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_")
        var out = ""
        var i = 0
        while i < bytes.count {
            let n = min(3, bytes.count - i)
            var v = UInt32(bytes[i]) << 16
            if n > 1 { v |= UInt32(bytes[i + 1]) << 8 }
            if n > 2 { v |= UInt32(bytes[i + 2]) }
            for k in 0...n { out.append(alphabet[Int((v >> UInt32(18 - 6 * k)) & 63)]) }
            i += 3
        }
        return out
    }
}
