extension Fill {
    /// A unified diff of two versions of a file that have the same number of lines (fill never adds
    /// or removes a line break): `---`/`+++` headers, then `@@` hunks of the changed lines with
    /// `context` lines around them; hunks whose context touches are merged. Empty when equal.
    public static func unifiedDiff(_ old: [UInt8], _ new: [UInt8], path: String, context: Int = 3) -> String {
        let a = lines(old)
        let b = lines(new)
        guard a.count == b.count else {
            // Not produced by fill; show the whole file as replaced.
            return "--- a/\(path)\n+++ b/\(path)\n@@ -1,\(a.count) +1,\(b.count) @@\n" +
                a.map { "-\($0)\n" }.joined() + b.map { "+\($0)\n" }.joined()
        }
        let changed = a.indices.filter { a[$0] != b[$0] }
        guard !changed.isEmpty else { return "" }
        var hunks: [(start: Int, end: Int)] = []   // line index ranges, end exclusive
        for i in changed {
            let s = max(0, i - context)
            let e = min(a.count, i + context + 1)
            if let last = hunks.last, s <= last.end { hunks[hunks.count - 1].end = e } else { hunks.append((s, e)) }
        }
        var out = "--- a/\(path)\n+++ b/\(path)\n"
        let noNewlineOld = !old.isEmpty && old.last != 10
        let noNewlineNew = !new.isEmpty && new.last != 10
        for h in hunks {
            let n = h.end - h.start
            out += "@@ -\(h.start + 1),\(n) +\(h.start + 1),\(n) @@\n"
            var i = h.start
            while i < h.end {
                if a[i] == b[i] {
                    out += " \(a[i])\n"
                    if i == a.count - 1 && (noNewlineOld || noNewlineNew) { out += "\\ No newline at end of file\n" }
                    i += 1
                    continue
                }
                // A run of changed lines: the old ones, then the new ones (as git shows them).
                var j = i
                while j < h.end, a[j] != b[j] { j += 1 }
                for k in i..<j {
                    out += "-\(a[k])\n"
                    if k == a.count - 1 && noNewlineOld { out += "\\ No newline at end of file\n" }
                }
                for k in i..<j {
                    out += "+\(b[k])\n"
                    if k == a.count - 1 && noNewlineNew { out += "\\ No newline at end of file\n" }
                }
                i = j
            }
        }
        return out
    }

    /// The file's lines without their line feeds (a final line feed does not start a line).
    static func lines(_ bytes: [UInt8]) -> [String] {
        var parts = bytes.split(separator: 10, omittingEmptySubsequences: false).map { String(decoding: $0, as: UTF8.self) }
        if bytes.last == 10 { parts.removeLast() }
        if bytes.isEmpty { return [] }
        return parts
    }
}
