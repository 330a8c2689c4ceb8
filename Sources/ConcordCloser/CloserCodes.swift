import ConcordFormats
import ConcordSuites

/// The syntax of the Closer invite code and recovery phrase (the Closer contract §4): the checks a
/// client makes before it derives anything from them.
public enum CloserCodes {
    /// The invite code alphabet of the server's regex `^[A-HJ-NP-Z2-9]{6}$`: A–Z without I and O, 2–9.
    public static let inviteAlphabet: Set<Unicode.Scalar> = {
        var s = Set<Unicode.Scalar>()
        for v in UInt32(0x41)...0x5A where v != 0x49 && v != 0x4F { s.insert(Unicode.Scalar(v)!) }
        for v in UInt32(0x32)...0x39 { s.insert(Unicode.Scalar(v)!) }
        return s
    }()
    public static let inviteLength = 6
    public static let phraseWords = 10
    public static let wordlistWords = 248

    /// `U+0049 'I'`: a character as a refusal names it (the character itself only when printable ASCII).
    static func describe(_ u: Unicode.Scalar) -> String {
        let hex = String(u.value, radix: 16, uppercase: true)
        let code = "U+" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
        return (0x21...0x7E).contains(u.value) ? "\(code) '\(Character(u))'" : code
    }

    /// Refuses (`format`) a code that does not match `^[A-HJ-NP-Z2-9]{6}$`, naming the first reason.
    public static func validateInviteCode(_ code: String) throws(ContractError) {
        let scalars = Array(code.unicodeScalars)
        for (i, u) in scalars.enumerated() where !inviteAlphabet.contains(u) {
            let why: String
            switch u {
            case "I", "O": why = "I and O are not in the alphabet (they read as 1 and 0)"
            case "0", "1": why = "0 and 1 are not in the alphabet (a Crockford decoder would accept them; the server's regex does not)"
            case "a"..."z": why = "lower case is not in the alphabet (the code is not upper-cased for you)"
            default: why = "outside [A-HJ-NP-Z2-9]"
            }
            throw ContractError(.format, "inviteCode character \(i + 1) is \(describe(u)): \(why)")
        }
        guard scalars.count == inviteLength else {
            throw ContractError(.format, "inviteCode is \(scalars.count) characters; the contract's code is \(inviteLength) of [A-HJ-NP-Z2-9]")
        }
    }

    /// The words of a word-list text: one lower-case ASCII word per line, LF line ends, a final LF allowed;
    /// `parameters` when the text is not such a list of `wordlistWords` distinct words.
    public static func wordlist(_ text: String) throws(ContractError) -> [String] {
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        if lines.last == "" { lines.removeLast() }
        var seen = [String: Int]()
        for (i, w) in lines.enumerated() {
            guard !w.isEmpty, w.unicodeScalars.allSatisfy({ ("a"..."z").contains($0) }) else {
                throw ContractError(.parameters, "wordlist line \(i + 1) is not one lower-case word of a-z")
            }
            if let first = seen[w] { throw ContractError(.parameters, "wordlist line \(i + 1) repeats the word of line \(first + 1)") }
            seen[w] = i
        }
        guard lines.count == wordlistWords else {
            throw ContractError(.parameters, "wordlist has \(lines.count) words; the contract's list has \(wordlistWords)")
        }
        return lines
    }

    /// The index of each word of the phrase in the list (each below 248, so one byte each); `format` for a
    /// phrase that is not ten listed words separated by single ASCII spaces.
    public static func validatePhrase(_ phrase: String, wordlist words: [String]) throws(ContractError) -> [UInt8] {
        let index = Dictionary(uniqueKeysWithValues: words.enumerated().map { ($1, UInt8($0)) })
        let scalars = Array(phrase.unicodeScalars)
        if scalars.first == " " { throw ContractError(.format, "phrase starts with a space") }
        if scalars.last == " " { throw ContractError(.format, "phrase ends with a space") }
        if zip(scalars, scalars.dropFirst()).contains(where: { $0 == " " && $1 == " " }) {
            throw ContractError(.format, "phrase has two spaces in a row; words are separated by one space")
        }
        let parts = scalars.split(separator: " ", omittingEmptySubsequences: false).map { w in
            var s = ""; s.unicodeScalars.append(contentsOf: w); return s
        }
        var out = [UInt8]()
        for (i, w) in parts.enumerated() {
            if let u = w.unicodeScalars.first(where: { !("a"..."z").contains($0) }) {
                let why = ("A"..."Z").contains(u) ? "upper case (the phrase is lower case and is not lower-cased for you)"
                    : (u.properties.isWhitespace ? "white space other than a single U+0020 between words" : "not a lower-case letter")
                throw ContractError(.format, "phrase word \(i + 1) has \(describe(u)): \(why)")
            }
            guard let n = index[w] else { throw ContractError(.format, "phrase word \(i + 1) is not in the word list") }
            out.append(n)
        }
        guard parts.count == phraseWords else {
            throw ContractError(.format, "phrase has \(parts.count) words; the contract's phrase has \(phraseWords)")
        }
        return out
    }
}
