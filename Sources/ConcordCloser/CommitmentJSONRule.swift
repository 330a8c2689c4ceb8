import ConcordFormats
import ConcordSuites
import Foundation

extension ExplanationRules {
    /// The JSON forms other writers give an answer, each with what a reader should look for.
    static let answerJSONForms: [(form: Answer.JSONForm, what: String)] = [
        (.init(escapedSlash: true), "with `/` written `\\/`"),
        (.init(asciiOnly: true), "with every non-ASCII character written `\\uXXXX`"),
        (.init(escapedSlash: true, asciiOnly: true), "with `/` written `\\/` and non-ASCII as `\\uXXXX`"),
        (.init(spaced: true), "with a space after every `,` and `:`"),
        (.init(idOrder: .codePoints), "with the option ids sorted by code point, not by UTF-16 code units"),
        (.init(idOrder: .asGiven), "with the option ids unsorted"),
    ]

    /// A `sha256:` commitment (CONTRACT.md §8) that differs because the JSON it hashes is not the
    /// answer's canonical JSON (§7), or the ids before it are joined otherwise: with the ids and the
    /// answer at hand, and expected the contract's own commitment, recomputes the commitment over
    /// the JSON forms other writers produce (`\/`, `\uXXXX`, spaces, unsorted or code-point-sorted
    /// ids, NFC or NFD text) and over other prefixes, and names the one that gives actual and where
    /// its bytes first differ from the canonical ones.
    public static let commitmentJSON = ExplanationRule(name: "commitment-json") { expected, actual, context in
        guard case .text(let e) = expected, case .text(let a) = actual, e.hasPrefix(Wire.commitment), a.hasPrefix(Wire.commitment),
              case .text(let c)? = context["coupleId"], case .text(let q)? = context["questionId"], case .text(let u)? = context["userId"],
              let value = context["answer"], let answer = try? Answer(value) else { return nil }
        func commitment(_ prefix: String, _ json: [UInt8]) -> String {
            Wire.commitment + Base64.encode(crypto.sha256(Array(prefix.utf8) + json), .url)
        }
        let prefix = "v1|\(c)|\(q)|\(u)|", canonical = answer.canonicalJSON
        // The rule's premise: expected is the contract's commitment of this answer.
        guard commitment(prefix, canonical) == e else { return nil }
        func whereItDiffers(_ other: [UInt8]) -> String {
            let k = zip(canonical, other).prefixCount(while: { $0 == $1 })
            func around(_ b: [UInt8]) -> String { Printable.escape(String(decoding: b[k..<min(b.count, k + 16)], as: UTF8.self)) }
            return "from byte \(k) of the JSON: canonical \"\(around(canonical))…\", hashed \"\(around(other))…\""
        }
        for (name, normalize) in [("NFC", { (s: String) in s.precomposedStringWithCanonicalMapping }),
                                  ("NFD", { (s: String) in s.decomposedStringWithCanonicalMapping })] {
            var other = answer
            other.writtenText = answer.writtenText.map(normalize)
            other.selectedOptionIds = answer.selectedOptionIds.map(normalize)
            let json = other.canonicalJSON
            if json != canonical && commitment(prefix, json) == a {
                return "actual's commitment hashes the answer's JSON with its text in \(name) (§7 hashes the text as given, unnormalized): \(whereItDiffers(json))"
            }
        }
        for (form, what) in answerJSONForms {
            let json = answer.json(form)
            guard json != canonical, commitment(prefix, json) == a else { continue }
            return "actual's commitment hashes the answer's JSON \(what), not its canonical form (§7): \(whereItDiffers(json))"
        }
        let prefixes = [("v1|\(c)|\(q)|\(u)", "without the `|` after the ids"), ("\(c)|\(q)|\(u)|", "without `v1|`"),
                        ("", "over the JSON alone, with no `v1|coupleId|questionId|userId|`")]
            + permutations(["coupleId", "questionId", "userId"]).dropFirst().map { order in
                let ids = ["coupleId": c, "questionId": q, "userId": u]
                return ("v1|" + order.map { ids[$0]! }.joined(separator: "|") + "|", "with the ids in the order " + order.joined(separator: "|"))
            }
        for (p, what) in prefixes where commitment(p, canonical) == a {
            return "actual's commitment hashes the canonical JSON \(what); the contract's input is v1|coupleId|questionId|userId| then the JSON (§8)"
        }
        return nil
    }
}
