import ConcordFormats
import ConcordSuites

extension ExplanationRules {
    /// sophaxchat.md §2's trap, the header bound as associated data (Signal's habit; the seed binds
    /// nothing): a `sophaxchat.message` wire (`nonce ‖ ciphertext ‖ tag`, ChaCha20-Poly1305) with the
    /// vector's `messageKey` at hand, where expected opens with the empty AAD and actual has the same
    /// nonce and ciphertext but another tag that does not (the same key and nonce give the same
    /// keystream, so only the AAD can change the tag alone). Names the slip; the header's bytes are
    /// not recomputed, since the seed leaves its JSON open (the AAD could be any of its spellings).
    public static let messageAAD = ExplanationRule(name: "message-aad") { expected, actual, context in
        guard case .bytes(let e) = expected, case .bytes(let a) = actual, e.count == a.count, e.count >= 28,
              case .bytes(let key)? = context["messageKey"], key.count == 32,
              e.dropLast(16).elementsEqual(a.dropLast(16)), !e.suffix(16).elementsEqual(a.suffix(16)) else { return nil }
        let nonce = Array(e.prefix(12))
        guard crypto.chacha20Poly1305Opens(key: key, nonce: nonce, aad: [], sealed: Array(e.dropFirst(12))),
              !crypto.chacha20Poly1305Opens(key: key, nonce: nonce, aad: [], sealed: Array(a.dropFirst(12))) else { return nil }
        return "the same nonce and ciphertext with another tag: actual was sealed with associated data (the header bound as Signal binds it?); SophaxChat's message AAD is empty (sophaxchat.md §2), and expected opens with it"
    }
}
