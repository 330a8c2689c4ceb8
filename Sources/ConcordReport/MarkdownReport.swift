import ConcordFormats
import ConcordImplementations
import ConcordJudging
import ConcordLoading
import ConcordReportFormat

/// The Markdown summary (GitHub-flavoured) for a pull-request comment or `$GITHUB_STEP_SUMMARY`:
/// the verdict, totals, a suite × implementation table, then failures first (collapsible, with both
/// values), errors, pending values, divergences and warnings. Long lists are capped. docs/reports.md.
public enum MarkdownReport {
    /// How many entries each list shows before "and N more".
    public static let defaultLimit = 50

    /// With a ledger (docs/ledger.md): its known divergences in a section of their own, apart from
    /// the new failures, and its stale or expired entries.
    public static func render(_ run: RunResult, limit: Int = defaultLimit, ledger: LedgerVerdict? = nil) -> String {
        var out: [String] = []
        let s = run.summary
        let known = ledger?.knownResults(run) ?? []
        let isKnown = { (r: VectorResult) in ledger?.isKnown(r) ?? false }
        let newFailed = s.failed - known.filter { $0.result.status == .fail }.count
        let newErrors = s.errors - known.filter { $0.result.status == .error }.count
        let problems = ledger?.problems ?? []
        let knownNote = known.isEmpty ? "" : " (\(known.count) known, in the ledger)"
        if newFailed > 0 || newErrors > 0 || !problems.isEmpty {
            var parts: [String] = []
            if newFailed > 0 { parts.append("\(newFailed) failed") }
            if newErrors > 0 { parts.append("\(newErrors) " + (newErrors == 1 ? "error" : "errors")) }
            if !problems.isEmpty { parts.append("\(problems.count) stale or expired ledger " + (problems.count == 1 ? "entry" : "entries")) }
            out.append("## ❌ Concord: " + parts.joined(separator: ", ") + " of \(s.vectors) vectors" + knownNote)
        } else {
            out.append("## ✅ Concord: \(s.passed) of \(s.vectors) vectors passed"
                       + (s.pending > 0 ? ", \(s.pending) pending" : "") + knownNote)
        }
        out.append("")
        out.append("| vectors | passed | failed | pending | errors | unsupported | divergences | warnings | time |")
        out.append("|---:|---:|---:|---:|---:|---:|---:|---:|---:|")
        out.append("| \(s.vectors) | \(s.passed) | \(s.failed) | \(s.pending) | \(s.errors) | \(s.unsupported) | \(s.divergences) | \(s.warnings) | "
                   + formatSeconds(run.wallSeconds) + " s |")
        out.append("")
        out.append("<sub>unsupported counts implementation × vector pairs; the other columns count vectors.</sub>")
        out.append("")

        out += matrixTable(run)
        out += releaseTable(run)

        let started = run.implementations.filter { $0.startFailure != nil }
        if !started.isEmpty {
            out.append("**Could not start:**")
            out.append("")
            for i in started { out.append("- " + code(i.name) + ": " + text(i.startFailure!)) }
            out.append("")
        }
        let unclassified = run.implementations.compactMap { UnclassifiedRefusals.line($0.name, in: run) }
        if !unclassified.isEmpty {
            out.append("**Unclassified refusals:**")
            out.append("")
            for u in unclassified { out.append("- " + text(u)) }
            out.append("")
        }

        func bullets(_ title: String, _ lines: [String]) {
            guard !lines.isEmpty else { return }
            out.append("### \(title) (\(lines.count))")
            out.append("")
            for line in lines.prefix(limit) { out.append("- " + text(line)) }
            out.append("")
            out += more(lines.count, limit)
        }
        bullets("❌ Stale or expired ledger entries", problems)
        bullets("⚠️ Ledger entries that silence whole suites", ledger?.warnings ?? [])
        let failures = run.results.filter { $0.status == .fail && !isKnown($0) }
        if !failures.isEmpty {
            out.append("### ❌ Failures (\(failures.count))")
            out.append("")
            for r in failures.prefix(limit) { out += failure(r, run: run) }
            out += more(failures.count, limit)
        }
        let errors = run.results.filter { $0.status == .error && !isKnown($0) }
        if !errors.isEmpty {
            out.append("### ⚠️ Errors (\(errors.count))")
            out.append("")
            for r in errors.prefix(limit) { out += error(r, run: run) }
            out += more(errors.count, limit)
        }
        if !known.isEmpty {
            out.append("### 📒 Known divergences (\(known.count))")
            out.append("")
            out.append("In the ledger (\(code(ledger!.ledger.file))): they do not fail the gate.")
            out.append("")
            out.append("| vector | implementation | does instead | reason |")
            out.append("|---|---|---|---|")
            for k in known.prefix(limit) {
                for (impl, e) in k.entries {
                    let reason = text(e.reason).replacingOccurrences(of: "|", with: "\\|")
                        + (e.link.map { " (" + code($0) + ")" } ?? "") + (e.expires.map { " — until " + $0 } ?? "")
                    out.append("| " + locate(k.result) + " | " + code(impl) + " | " + code(e.described) + " | " + reason + " |")
                }
            }
            out.append("")
            out += more(known.count, limit)
        }
        let pending = run.results.filter { $0.status == .pending }
        if !pending.isEmpty {
            out.append("### ⏳ Pending (\(pending.count))")
            out.append("")
            out.append("Placeholder values computed, never compared:")
            out.append("")
            for r in pending.prefix(limit) { out += pendingEntry(r) }
            out += more(pending.count, limit)
        }
        let divergences = run.results.filter { $0.divergence != nil && $0.status != .pending }
        if !divergences.isEmpty {
            out.append("### ↔️ Divergences (\(divergences.count))")
            out.append("")
            for r in divergences.prefix(limit) { out.append("- " + locate(r) + ": " + text(r.divergence!)) }
            out.append("")
            out += more(divergences.count, limit)
        }
        let warned = run.results.filter { !$0.warnings.isEmpty }
        if !warned.isEmpty {
            out.append("### ⚠️ Warnings (\(warned.count))")
            out.append("")
            for r in warned.prefix(limit) {
                for w in r.warnings { out.append("- " + locate(r) + ": " + text(w)) }
            }
            out.append("")
            out += more(warned.count, limit)
        }
        while out.last == "" { out.removeLast() }
        return out.joined(separator: "\n") + "\n"
    }

    // MARK: Sections

    /// Suite × implementation, each cell the counts per status of that implementation on that suite;
    /// suites in the HTML report's order (`SuiteOrder`: failing and erroring first, then pending,
    /// then those with only something to note, then passing; each group in run order).
    static func matrixTable(_ run: RunResult) -> [String] {
        let names = run.implementations.map(\.name)
        let suites = SuiteOrder.suites(run.results)
        guard !suites.isEmpty else { return [] }
        var out = ["| suite | vectors | " + names.map(code).joined(separator: " | ") + " |",
                   "|---|---:|" + names.map { _ in "---|" }.joined()]
        for s in suites {
            var counts: [String: [ImplementationStatus: Int]] = [:]
            for r in s.results { for i in r.implementations { counts[i.implementation, default: [:]][i.status, default: 0] += 1 } }
            let cells = names.map { name -> String in
                guard let c = counts[name], !c.isEmpty else { return "—" }
                return [(ImplementationStatus.pass, "✅"), (.fail, "❌"), (.error, "⚠️"), (.pending, "⏳"), (.unsupported, "⏭️")]
                    .compactMap { st, icon in c[st].map { "\(icon) \($0) \(st.rawValue)" } }
                    .joined(separator: "<br>")
            }
            out.append("| " + code(s.suite) + " | \(s.results.count) | " + cells.joined(separator: " | ") + " |")
        }
        out.append("")
        return out
    }

    /// The release matrix (docs/archive.md): writers against readers, when the run opened an archive.
    static func releaseTable(_ run: RunResult) -> [String] {
        let m = ReleaseMatrix(run)
        guard !m.isEmpty else { return [] }
        var out = ["**Archived releases** (written by release × platform, opened by each implementation):", "",
                   "| written by | " + m.readers.map(code).joined(separator: " | ") + " |",
                   "|---|" + m.readers.map { _ in "---|" }.joined()]
        for r in m.rows {
            let cells = m.readers.map { name -> String in
                guard let c = r.cells[name], !c.isEmpty else { return "—" }
                return [(ImplementationStatus.pass, "✅", "opens"), (.fail, "❌", "no longer opens"), (.error, "⚠️", "error"), (.pending, "⏳", "pending"), (.unsupported, "⏭️", "unsupported")]
                    .compactMap { st, icon, what in c[st].map { "\(icon) \($0) \(what)" } }
                    .joined(separator: "<br>")
            }
            out.append("| " + text(r.release.writer) + " | " + cells.joined(separator: " | ") + " |")
        }
        out.append("")
        return out
    }

    static func failure(_ r: VectorResult, run: RunResult? = nil) -> [String] {
        var out = ["<details><summary>❌ " + summaryLine(r) + "</summary>", ""]
        if let run, let w = ReleaseMatrix.sentence(r, run: run) { out += ["**" + text(w) + "**", ""] }
        for i in r.implementations where i.status == .fail {
            for m in i.mismatches {
                out.append("**" + text(i.implementation) + "**: " + code(m.field) + " " + ReportText.differs(m)
                           + (m.explanation.map { " — " + text($0) } ?? ""))
                out.append("")
                out += fence(["expected " + ReportText.value(m.expectedValue, m.expected, m.offset),
                              "actual   " + ReportText.value(m.actualValue, m.actual, m.offset)])
                out.append("")
            }
        }
        if let m = r.matrix { out += roundtrip(m) }
        if let f = r.explored?.finding { out += finding(f, r) }
        if let d = r.divergence { out += ["Divergence: " + text(d), ""] }
        if let n = r.note { out += ["Note: " + text(n), ""] }
        out += ["</details>", ""]
        return out
    }

    /// An exploration's finding: its shrunk input, every side's answer, its input classes.
    static func finding(_ f: ExploredFinding, _ r: VectorResult) -> [String] {
        var lines = f.input.map { "input  \($0.key)=\($0.value.display)" }
        for side in f.sides {
            guard let a = side.implementations.lazy.compactMap({ n in r.implementations.first { $0.implementation == n } }).first else { continue }
            let who = side.implementations.joined(separator: "+")
            switch a.outcome {
            case .outputs(let o): lines.append(who + ": " + (o.isEmpty ? "(accepted)" : o.keys.sorted().map { "\($0)=\(o[$0]!.display)" }.joined(separator: " ")))
            case .refused(let e): lines.append(who + ": refused (\(e.errorClass.rawValue)): \(e.message)")
            case .unsupported(let why): lines.append(who + ": unsupported: " + why)
            case .error(let why): lines.append(who + ": error: " + why)
            }
        }
        var out = fence(lines.map { ReportText.clip($0) }) + [""]
        out += ["Input classes: " + (f.classes.isEmpty ? "none named" : f.classes.map(code).joined(separator: " ")), ""]
        if let v = f.verdict { out += ["Vector: " + text(v), ""] }
        return out
    }

    static func error(_ r: VectorResult, run: RunResult? = nil) -> [String] {
        var out = ["<details><summary>⚠️ " + summaryLine(r) + "</summary>", ""]
        if let run, let w = ReleaseMatrix.sentence(r, run: run) { out += ["**" + text(w) + "**", ""] }
        if let n = r.note { out += [text(n), ""] }
        for i in r.implementations where i.status == .error {
            if case .error(let why) = i.outcome { out.append("- **" + text(i.implementation) + "**: " + text(why)) }
        }
        let unsupported = r.implementations.filter { $0.status == .unsupported }
        for i in unsupported {
            if case .unsupported(let why) = i.outcome { out.append("- **" + text(i.implementation) + "** unsupported: " + text(why)) }
        }
        if r.implementations.contains(where: { $0.status == .error || $0.status == .unsupported }) { out.append("") }
        if let m = r.matrix { out += roundtrip(m) }
        out += ["</details>", ""]
        return out
    }

    static func pendingEntry(_ r: VectorResult) -> [String] {
        var out = ["<details><summary>⏳ " + summaryLine(r) + "</summary>", ""]
        var lines: [String] = []
        for i in r.implementations {
            switch i.outcome {
            case .outputs(let o): lines.append(i.implementation + ": " + o.keys.sorted().map { "\($0)=\(o[$0]!.display)" }.joined(separator: " "))
            case .refused(let e): lines.append(i.implementation + ": refused (\(e.errorClass.rawValue)): \(e.message)")
            case .unsupported(let why): lines.append(i.implementation + ": unsupported: " + why)
            case .error(let why): lines.append(i.implementation + ": error: " + why)
            }
        }
        if !lines.isEmpty { out += fence(lines.map { ReportText.clip($0) }); out.append("") }
        out += [r.divergence.map { "**Disagree:** " + text($0) } ?? "The implementations agree.", "", "</details>", ""]
        return out
    }

    /// A round trip's grid as a table: rows seal, columns open.
    static func roundtrip(_ m: RoundtripMatrix) -> [String] {
        var out = ["Round trip (rows seal, columns open):", "",
                   "| sealed by ↓ / opened by → | " + m.implementations.map(code).joined(separator: " | ") + " |",
                   "|---|" + m.implementations.map { _ in "---|" }.joined()]
        for (s, row) in m.cells.enumerated() {
            out.append("| " + code(m.implementations[s]) + " | " + row.map { $0.status.rawValue }.joined(separator: " | ") + " |")
        }
        out.append("")
        for (s, row) in m.cells.enumerated() {
            for (o, c) in row.enumerated() where c.status == .fail || c.status == .error {
                out.append("- " + text(m.implementations[s]) + " → " + text(m.implementations[o]) + ": " + text(c.detail ?? c.status.rawValue))
            }
        }
        if out.last != "" { out.append("") }
        return out
    }

    static func more(_ count: Int, _ limit: Int) -> [String] {
        count > limit ? ["… and \(count - limit) more (see the JSON report)", ""] : []
    }

    /// `suite/id` — `file:line`, in HTML (Markdown is not rendered inside `<summary>`).
    static func summaryLine(_ r: VectorResult) -> String {
        "<code>" + html(r.vector.name) + "</code> — <code>" + html("\(r.vector.file):\(line(r))") + "</code>"
    }

    static func locate(_ r: VectorResult) -> String {
        code(r.vector.name) + " (" + code("\(r.vector.file):\(line(r))") + ")"
    }

    /// A failure's line is its first mismatch's expect entry (when known); else the vector's.
    static func line(_ r: VectorResult) -> Int { r.status == .fail ? r.place.line : r.vector.line }

    static func formatSeconds(_ s: Double) -> String {
        let ms = (s * 100).rounded() / 100
        return "\(ms)"
    }

    // MARK: Escaping

    /// Free text in Markdown (also safe inside a table cell): ASCII punctuation that Markdown or
    /// HTML would act on is backslash-escaped or written as an entity; newlines become spaces.
    static func text(_ s: String) -> String {
        var out = ""
        for c in ReportText.visible(ReportText.clip(s)) {
            switch c {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\\", "`", "*", "_", "[", "]", "|", "#", "~", "!": out += "\\" + String(c)
            case "\n", "\r", "\r\n", "\t": out += " "
            default: out.append(c)
            }
        }
        return out
    }

    /// An inline code span: delimited by more backticks than any run inside, padded when it starts
    /// or ends with a backtick; `|` escaped so it is safe in a table cell (GFM removes the backslash).
    static func code(_ s: String) -> String {
        var t = ReportText.visible(ReportText.clip(s)).replacingOccurrences(of: "\r\n", with: " ").replacingOccurrences(of: "\n", with: " ")
            .replacingOccurrences(of: "\r", with: " ")
        t = t.replacingOccurrences(of: "|", with: "\\|")
        let ticks = String(repeating: "`", count: longestRun(of: "`", in: t) + 1)
        let pad = t.hasPrefix("`") || t.hasSuffix("`") || t.isEmpty ? " " : ""
        return ticks + pad + t + pad + ticks
    }

    /// A fenced code block whose fence is longer than any backtick run in its lines.
    static func fence(_ lines: [String]) -> [String] {
        let n = max(3, lines.map { longestRun(of: "`", in: $0) }.max().map { $0 + 1 } ?? 3)
        let f = String(repeating: "`", count: n)
        return [f] + lines.map { Printable.escape($0) } + [f]   // a line break from input stays inside its line
    }

    static func html(_ s: String) -> String {
        var out = ""
        for c in ReportText.visible(ReportText.clip(s)) {
            switch c {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "|": out += "&#124;"
            case "`": out += "&#96;"
            case "\n", "\r", "\r\n": out += " "
            default: out.append(c)
            }
        }
        return out
    }

    static func longestRun(of ch: Character, in s: String) -> Int {
        var best = 0, cur = 0
        for c in s { if c == ch { cur += 1; best = max(best, cur) } else { cur = 0 } }
        return best
    }
}

/// Text shared by the Markdown, JUnit and annotation formats.
enum ReportText {
    /// Longest text shown for one value or message; longer ones are cut with a note.
    static let maxLength = 2000

    static func clip(_ s: String) -> String {
        s.count <= maxLength ? s : String(s.prefix(maxLength)) + "… (\(s.count) characters)"
    }

    /// Text from input made visible for a format that carries line breaks itself (Markdown,
    /// annotations): `Printable.escape`, the one escaping, keeping tab, LF and CR.
    static func visible(_ s: String) -> String {
        Printable.escape(s, keepingLineBreaks: true)
    }

    /// "differs at byte N" or "differs", then for a wire string where in its decoded blob
    /// ("(blob byte 45: tag, byte 3)").
    static func differs(_ m: Mismatch) -> String {
        (m.offset.map { "differs at byte \($0)" } ?? "differs") + (m.wire.map { " (\($0.text))" } ?? "")
    }

    /// One line: `key differs at byte 31 — explanation`.
    static func headline(_ m: Mismatch) -> String {
        m.field + " " + differs(m) + (m.explanation.map { " — " + $0 } ?? "")
    }

    /// A value as the terminal shows it: bytes in hex (a window around the difference when long).
    static func value(_ v: Value?, _ fallback: String, _ offset: Int?) -> String {
        clip(TerminalSummary.window(v, fallback, offset))
    }

    /// The mismatches of one implementation as plain lines.
    static func mismatchLines(_ i: ImplementationResult) -> [String] {
        i.mismatches.flatMap { m in
            [headline(m),
             "  expected " + value(m.expectedValue, m.expected, m.offset),
             "  actual   " + value(m.actualValue, m.actual, m.offset)]
        }
    }

    /// Why an implementation ended in error or was unsupported.
    static func reason(_ i: ImplementationResult) -> String? {
        switch i.outcome {
        case .error(let why), .unsupported(let why): return why
        case .refused(let e): return "refused (\(e.errorClass.rawValue)): \(e.message)"
        case .outputs(let o): return o.keys.sorted().map { "\($0)=\(o[$0]!.display)" }.joined(separator: " ")
        }
    }
}
