import ConcordFormats
import ConcordSuites

extension ExplanationRules {
    /// The decimal integers of a text in order, with the text between them (a number's `-` sign
    /// belongs to it).
    static func integerTokens(_ s: String) -> (numbers: [Int64], rest: [String]) {
        var numbers: [Int64] = [], rest: [String] = [], current = "", digits = ""
        var chars = Array(s)
        chars.append(" ")
        var i = 0
        while i < chars.count {
            let c = chars[i]
            if c.isASCII && c.isNumber || (c == "-" && digits.isEmpty && i + 1 < chars.count && chars[i + 1].isASCII && chars[i + 1].isNumber) {
                digits.append(c)
            } else {
                if !digits.isEmpty {
                    guard let n = Int64(digits) else { return ([], []) }   // beyond 64 bits: not a key id
                    numbers.append(n)
                    rest.append(current)
                    current = ""
                    digits = ""
                }
                current.append(c)
            }
            i += 1
        }
        rest.append(current)
        return (numbers, rest)
    }

    /// A Tink key id (an unsigned 32-bit integer, drawn from the full range) read into a signed
    /// 32-bit integer on one side: the same value, or the same text with every other character
    /// equal, except numbers where one side is the other less 2^32 (CONTRACT.md §9; Java's `int`).
    public static let signedKeyId = ExplanationRule(name: "signed-key-id") { expected, actual, _ in
        func wrapped(_ e: Int64, _ a: Int64) -> String? {
            if e >= 1 << 31 && e < 1 << 32 && a == e - (1 << 32) { return "actual" }
            if a >= 1 << 31 && a < 1 << 32 && e == a - (1 << 32) { return "expected" }
            return nil
        }
        func sentence(_ side: String, _ e: Int64, _ a: Int64) -> String {
            let (unsigned, signed) = side == "actual" ? (e, a) : (a, e)
            return "\(side) has key id \(signed) where the other has \(unsigned): the same 32 bits read as a signed integer "
                + "(a Java `int`); Tink key ids are unsigned 32-bit and about half of them are above 2^31 (CONTRACT.md §9)"
        }
        switch (expected, actual) {
        case (.integer(let e), .integer(let a)):
            return wrapped(e, a).map { sentence($0, e, a) }
        case (.text(let e), .text(let a)):
            let te = integerTokens(e), ta = integerTokens(a)
            guard !te.numbers.isEmpty, te.numbers.count == ta.numbers.count, te.rest == ta.rest else { return nil }
            var found: (String, Int64, Int64)? = nil
            for (x, y) in zip(te.numbers, ta.numbers) where x != y {
                guard let side = wrapped(x, y), found == nil || found!.0 == side else { return nil }
                if found == nil { found = (side, x, y) }
            }
            return found.map { sentence($0.0, $0.1, $0.2) }
        default:
            return nil
        }
    }
}
