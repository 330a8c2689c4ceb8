/// The one escaping of text that came from input files (ids, names, versions, values, file names,
/// adapter names, versions and messages) before it is printed to a terminal, a CI log, a GitHub
/// annotation or a Markdown report: every character that could act instead of being read is
/// written as a visible `\u{XX}`.
///
/// Escaped: the C0 controls (ESC clears a screen, a line break starts a line that GitHub would run
/// as a `::error::` command), DEL, the C1 controls (U+0085 NEL is a line break too), the line and
/// paragraph separators U+2028/U+2029, and the bidirectional controls (U+061C, U+200E/U+200F,
/// U+202A–U+202E, U+2066–U+2069: "Trojan Source" reordering). The escape of `\` is left alone: a
/// literal `\u{1B}` in the input prints as itself, harmless.
public enum Printable {
    /// `s` with the characters above escaped. `keepingLineBreaks` keeps tab, LF and CR, for the
    /// formats that carry line breaks safely themselves (annotations encode them as `%0A`,
    /// Markdown code blocks are split into lines first); a terminal line never keeps them.
    public static func escape(_ s: String, keepingLineBreaks: Bool = false) -> String {
        guard s.unicodeScalars.contains(where: { isUnsafe($0, keepingLineBreaks: keepingLineBreaks) }) else { return s }
        var out = ""
        out.unicodeScalars.reserveCapacity(s.unicodeScalars.count + 16)
        for u in s.unicodeScalars {
            if isUnsafe(u, keepingLineBreaks: keepingLineBreaks) { out += visible(u) } else { out.unicodeScalars.append(u) }
        }
        return out
    }

    /// Whether `escape` rewrites this character.
    public static func isUnsafe(_ u: Unicode.Scalar, keepingLineBreaks: Bool = false) -> Bool {
        switch u.value {
        case 0x9, 0xA, 0xD: return !keepingLineBreaks
        case 0x0...0x1F, 0x7F...0x9F: return true
        case 0x2028, 0x2029: return true
        case 0x061C, 0x200E, 0x200F, 0x202A...0x202E, 0x2066...0x2069: return true
        default: return false
        }
    }

    /// `\u{1B}`: the escape of one character.
    public static func visible(_ u: Unicode.Scalar) -> String {
        "\\u{" + String(u.value, radix: 16, uppercase: true) + "}"
    }
}
