import ConcordFormats
import ConcordSuites

extension ExplanationRules {
    /// CONTRACT.md §6's trap "a missing or different prefix" (and the same slip on `sealed:v1:`,
    /// `keybox:v1:`, `sha256:` and `pub:v1:` strings): one side is a wire string with one of the
    /// contract's prefixes, the other is the same blob (the same bytes, in any encoding) with no
    /// prefix, or behind another one (a known prefix of another kind, or any short text ending in `:`
    /// such as `enc:v2:`). Names the two prefixes. Pure: a few string and base64 comparisons.
    public static let wirePrefix = ExplanationRule(name: "wire-prefix") { expected, actual, _ in
        guard case .text(let e) = expected, case .text(let a) = actual else { return nil }
        /// The other side's prefix when `other` is `w`'s blob without `w`'s prefix or behind another
        /// one ("" for none); nil when it is not.
        func otherPrefix(_ w: (prefix: String, blob: String, form: WireForm), _ other: String) -> String? {
            guard !w.blob.isEmpty else { return nil }
            var head: String
            if let o = wire(other) {
                guard o.prefix != w.prefix else { return nil }   // the same prefix: another rule's
                head = o.prefix
                if !sameBytes(o.blob, w.blob) { return nil }
            } else if sameBytes(other, w.blob) {
                head = ""
            } else if other.hasSuffix(w.blob) {
                head = String(other.dropLast(w.blob.count))
                guard head.hasSuffix(":"), head.count <= 16, !head.contains(where: { $0.isWhitespace }) else { return nil }
            } else {
                return nil
            }
            return head
        }
        func sameBytes(_ x: String, _ y: String) -> Bool {
            if same(x, y) { return true }
            let dx = decodings(x), dy = decodings(y)
            return dx.contains { dy.contains($0) }
        }
        func quoted(_ p: String) -> String { "\"\(p.unicodeScalars.map { $0.escaped(asASCII: true) }.joined())\"" }
        if let we = wire(e), let head = otherPrefix(we, a) {
            return head.isEmpty
                ? "the same blob without the \(quoted(we.prefix)) prefix: actual is the bare blob, expected the wire string (CONTRACT.md §6)"
                : "the same blob behind another prefix: actual starts \(quoted(head)), expected \(quoted(we.prefix)) (CONTRACT.md §6)"
        }
        if let wa = wire(a), wire(e) == nil, let head = otherPrefix(wa, e) {
            return head.isEmpty
                ? "the same blob without the \(quoted(wa.prefix)) prefix: expected is the bare blob, actual the wire string (CONTRACT.md §6)"
                : "the same blob behind another prefix: expected starts \(quoted(head)), actual \(quoted(wa.prefix)) (CONTRACT.md §6)"
        }
        return nil
    }
}
