import ConcordFormats
import ConcordSuites

extension ExplanationRules {
    /// A `sealed:v1:` answer sealed with the three ids of its AAD (CONTRACT.md §8:
    /// `coupleId|questionId|userId`) in another order or joined with another separator: with the
    /// one-time key at hand, opens actual under every other order (and separator) of the ids and
    /// names the one it opens with. Tried before `different-aad` and `only-the-tag`, which could only
    /// say that the AAD differs.
    public static let sealedAnswerAADOrder = ExplanationRule(name: "sealed-answer-aad-order") { expected, actual, context in
        guard case .text(let a) = actual, a.hasPrefix(Wire.sealed), case .text(let e) = expected, e.hasPrefix(Wire.sealed),
              case .bytes(let key)? = context["oneTimeKey"], key.count == 32 else { return nil }
        let names = ["coupleId", "questionId", "userId"]
        var ids: [String: String] = [:]
        for k in names {
            guard case .text(let v)? = context[k] else { return nil }
            ids[k] = v
        }
        let blobs = decodings(String(a.dropFirst(Wire.sealed.count)))
        guard !blobs.isEmpty else { return nil }
        func opens(_ aad: String) -> Bool { blobs.contains { crypto.aesGcmOpens(key: key, aad: Array(aad.utf8), blob: $0) } }
        // The contract's own AAD opening actual is no other order: another rule says what differs.
        guard !opens(names.map { ids[$0]! }.joined(separator: "|")) else { return nil }
        for separator in contextSeparators {
            for order in permutations(names) where !(separator == "|" && order == names) {
                guard opens(order.map { ids[$0]! }.joined(separator: separator)) else { continue }
                let how = separator == "|" ? "" : separator.isEmpty ? " with no separator" : " with \"\(separator)\""
                return "actual's AAD joined the ids as \(order.joined(separator: separator.isEmpty ? "+" : separator))\(how); "
                    + "the contract's sealed-answer AAD is coupleId|questionId|userId (CONTRACT.md §8)"
            }
        }
        return nil
    }
}
