import ConcordFormats
import ConcordSuites

extension ExplanationRules {
    /// The separators tried besides the contract's `|`.
    static let contextSeparators = ["|", ":", ",", "/", ""]

    /// Every order of `items` (24 for the four ids), the given order first.
    static func permutations(_ items: [String]) -> [[String]] {
        guard items.count > 1 else { return [items] }
        var out: [[String]] = []
        for (i, x) in items.enumerated() {
            var rest = items
            rest.remove(at: i)
            for p in permutations(rest) { out.append([x] + p) }
        }
        return out
    }

    /// A keybox sealed from the four ids (no `contextInfo`) that differs: reseals with the vector's ephemeral
    /// key and IV for every other order (and separator) of the ids, and names the one that gives `actual`.
    public static let keyboxContextOrder = ExplanationRule(name: "keybox-context-order") { expected, actual, context in
        guard case .text(let e) = expected, case .text(let a) = actual, e.hasPrefix(Wire.keybox), a.hasPrefix(Wire.keybox),
              context["contextInfo"] == nil, case .text(let pub)? = context["recipientPublicKey"],
              case .bytes(let plaintext)? = context["plaintext"], case .bytes(let scalar)? = context["ephemeralPrivateKey"],
              case .bytes(let iv)? = context["iv"], let key = try? TinkEciesKeyset.parsePublic(wire: pub) else { return nil }
        var ids: [String: String] = [:]
        for k in Wire.keyboxContextIds {
            guard case .text(let v)? = context[k] else { return nil }
            ids[k] = v
        }
        for separator in contextSeparators {
            for order in permutations(Wire.keyboxContextIds) where !(separator == "|" && order == Wire.keyboxContextIds) {
                let info = Array(order.map { ids[$0]! }.joined(separator: separator).utf8)
                guard let ct = try? Ecies.seal(to: key, contextInfo: info, plaintext: plaintext, ephemeralScalar: scalar, iv: iv),
                      Wire.keybox + Base64.encode(ct, .url) == a else { continue }
                let how = separator == "|" ? "" : separator.isEmpty ? " with no separator" : " with \"\(separator)\""
                return "actual joined the ids as \(order.joined(separator: separator.isEmpty ? "+" : separator))\(how); the contract's contextInfo is coupleId|questionId|senderUserId|recipientUserId (CONTRACT.md §10)"
            }
        }
        return nil
    }
}
