import ConcordReportFormat

extension ReportComparison {
    /// Markdown for a pull-request comment: the verdict and counts first, then the regressions,
    /// then every other change, each list capped at `limit` rows.
    public static func markdown(_ r: Result, limit: Int = 50) -> String {
        typealias M = MarkdownReport
        var out: [String] = []
        let n = r.regressions
        out.append(n > 0 ? "## ❌ Concord compare: \(n) regression\(n == 1 ? "" : "s")" : "## ✅ Concord compare: no regression")
        out.append("")
        out.append("Base " + M.code(r.base) + " → head " + M.code(r.head) + ", per vector × implementation.")
        out.append("")
        // The counts that are not zero (regressions and unchanged always).
        let shown = titles.filter { r.count($0.0) > 0 }
        out.append("| regressions | " + shown.map { $0.1 + " | " }.joined() + "unchanged |")
        out.append("|---:|" + shown.map { _ in "---:|" }.joined() + "---:|")
        out.append("| \(n) | " + shown.map { String(r.count($0.0)) + " | " }.joined() + "\(r.unchanged) |")
        out.append("")
        func table(_ title: String, _ rows: [Change]) {
            guard !rows.isEmpty else { return }
            out.append("### \(title) (\(rows.count))")
            out.append("")
            out.append("| vector | implementation | base | head | change |")
            out.append("|---|---|---|---|---|")
            for c in rows.prefix(limit) {
                let change = titles.first { $0.0 == c.kind }!.1 + (c.kind == .gone && c.regression ? " (it passed: coverage lost)" : "")
                    + (c.kind == .new && c.regression ? " (fails)" : "") + ((c.kind == .newlySupported || c.kind == .changed) && c.regression ? " (fails)" : "")
                    + (c.detail.map { " (\($0))" } ?? "")
                out.append("| " + M.code(c.vector) + " (" + M.code("\(c.file):\(c.line)") + ") | " + M.code(c.implementation) + " | "
                           + (c.base.map { M.code($0.described) } ?? "—") + " | " + (c.head.map { M.code($0.described) } ?? "—") + " | " + change + " |")
            }
            out.append("")
            out += M.more(rows.count, limit)
        }
        if !r.stoppedOpening.isEmpty {
            out.append("### ❌ Old releases that stopped opening (\(r.stoppedOpening.count))")
            out.append("")
            out.append("| written by | no longer opens on | artifacts |")
            out.append("|---|---|---:|")
            for s in r.stoppedOpening { out.append("| " + M.text(s.release.writer) + " | " + M.code(s.reader) + " | \(s.artifacts.count) |") }
            out.append("")
        }
        table("❌ Regressions", r.changes.filter(\.regression))
        table("✅ Fixed", r.changes.filter { $0.kind == .fixed })
        table("Other changes", r.changes.filter { !$0.regression && $0.kind != .fixed })
        while out.last == "" { out.removeLast() }
        return out.joined(separator: "\n") + "\n"
    }
}
