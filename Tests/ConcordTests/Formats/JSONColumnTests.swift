import ConcordFormats
import ConcordYAML
import Testing

/// Columns of a JSON vector file's nodes: counted in characters (UTF-8 lead bytes) from the line's
/// start, in constant time per node, so a minified file (one long line) parses in linear time.
struct JSONColumnTests {
    /// Every node's column, checked against a count from the line's start.
    @Test func columnsOnOneLongLineMatchACountFromTheLineStart() throws {
        // One line of 600 items mixing one-, two-, three- and four-byte characters, so the
        // 256-byte checkpoints fall inside multi-byte characters.
        var text = "{\"k\": ["
        var expected: [Int] = []
        for i in 0..<600 {
            if i > 0 { text += ", " }
            expected.append(text.unicodeScalars.count + 1)
            text += "\"\(["a", "\u{E9}", "\u{20AC}", "\u{1F600}"][i % 4])\(i)\""
        }
        text += "],\n \"z\": \"\u{20AC}\"}"
        let root = try JSONNodeParser().parse(Array(text.utf8))
        guard let pairs = root.mapping, let list = pairs.first?.value.sequence else { Issue.record("shape"); return }
        #expect(list.count == 600)
        let columns = list.map(\.mark.column)
        #expect(columns == expected)
        #expect(pairs[1].key.mark == Mark(line: 2, column: 2))
        #expect(pairs[1].value.mark == Mark(line: 2, column: 7))
    }

    /// A duplicate key after multi-byte text on a long line is located at its character column.
    @Test func aRefusalOnALongLineNamesTheCharacterColumn() {
        let pad = String(repeating: "\u{E9}", count: 300)
        let text = "{\"a\": \"\(pad)\", \"a\": 1}"
        do { _ = try JSONNodeParser().parse(Array(text.utf8)); Issue.record("parsed a duplicate key") } catch {
            #expect(error.mark.line == 1)
            #expect(error.mark.column == 7 + 300 + 4)
        }
    }
}
