/// The one escaping of text that came from input files (ids, names, versions, values, file names,
/// adapter names, versions and messages) before it is printed to a terminal, a CI log, a GitHub
/// annotation or a Markdown report: every character that could act instead of being read, or that
/// cannot be seen, is written as a visible `\u{XX}`, so that two different texts never print alike.
///
/// Escaped: the controls (C0, DEL, C1: ESC clears a screen, a line break starts a line that GitHub
/// would run as a `::error::` command, U+0085 NEL is a line break too), the line and paragraph
/// separators U+2028/U+2029, every format character (Unicode category Cf: the bidirectional
/// controls of "Trojan Source" reordering, U+200B zero width space, U+2060 word joiner, U+00AD soft
/// hyphen, U+FEFF, the joiners, the tag characters), every space but U+0020 (U+00A0, U+3000…),
/// private-use and unassigned code points (the noncharacters U+FFFE/U+FFFF among them), and
/// the invisible letters and marks that are not Cf (U+034F, U+115F,
/// U+1160, U+17B4, U+17B5, U+180B–U+180F, U+3164, U+FFA0). The escape of `\` is left alone: a
/// literal `\u{1B}` in the input prints as itself, harmless. The variation selectors stay (an
/// emoji's presentation; Concord's own Markdown uses U+FE0F). (issue 26 item 6)
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
        case 0x20...0x7E: return false
        case 0x0...0x1F, 0x7F...0x9F: return true
        case 0x034F, 0x115F, 0x1160, 0x17B4, 0x17B5, 0x180B...0x180F, 0x3164, 0xFFA0: return true
        case 0xFDD0...0xFDEF: return true   // noncharacters
        case _ where u.value & 0xFFFE == 0xFFFE: return true   // U+FFFE, U+FFFF, U+1FFFE…
        default: break
        }
        switch u.properties.generalCategory {
        case .control, .format, .lineSeparator, .paragraphSeparator, .spaceSeparator, .privateUse, .unassigned, .surrogate: return true
        default: return false
        }
    }

    /// A text from input that is shown whole in every report line (an implementation's version):
    /// at most `limit` characters, the rest cut and the cut said (an adapter announced a 50 MB
    /// version string, which every summary printed whole).
    public static func bounded(_ s: String, limit: Int = 200) -> String {
        guard s.utf8.count > limit else { return s }
        let kept = s.unicodeScalars.prefix(limit)
        guard kept.count == limit else { return s }
        return String(String.UnicodeScalarView(kept)) + "… (cut: \(s.utf8.count) bytes)"
    }

    /// `\u{1B}`: the escape of one character.
    public static func visible(_ u: Unicode.Scalar) -> String {
        "\\u{" + String(u.value, radix: 16, uppercase: true) + "}"
    }
}
