import ConcordFormats
import ConcordImplementations
import ConcordPrimitives
import ConcordJudging
import ConcordReportFormat
import Foundation

/// The HTML report: one self-contained file (inline CSS and script, no network, no external
/// fonts, scripts or images) with the totals, the matrix of vectors × implementations grouped by
/// suite, filters by status and by name, every mismatch as aligned hex with the differing bytes
/// marked, and round trips as grids (rows seal, columns open).
///
/// Every string that comes from a vector or an implementation (ids, comments, file names, error
/// messages, reasons) is untrusted and escaped; the page also carries a Content-Security-Policy
/// that forbids any load and allows only its own script (by hash), so a missed escape could not
/// run anything or reach the network.
public enum HTMLReport {
    /// The statuses the filter buttons offer, in order.
    static let filters = ["all", "fail", "error", "pending", "unsupported", "pass"]
    /// At most this many 16-byte rows of a hex dump are shown (around the differences).
    static let maxHexRows = 64

    /// With a ledger (docs/ledger.md): a section of its stale or expired entries and known
    /// divergences (with their reasons) under the header, and a "known" badge on each known vector.
    public static func render(_ run: RunResult, ledger: LedgerVerdict? = nil) -> String {
        let scriptHash = Data(SHA256.hash(Array(script.utf8))).base64EncodedString()
        var h = ""
        h.reserveCapacity(64 * 1024 + run.results.count * 600)
        h += "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
        h += "<meta http-equiv=\"Content-Security-Policy\" content=\"default-src 'none'; style-src 'unsafe-inline'; script-src 'sha256-\(scriptHash)'; img-src data:\">\n"
        h += "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n"
        h += "<title>Concord report: \(title(run.summary))</title>\n<style>\(css)</style>\n</head>\n<body>\n"
        h += header(run)
        if let ledger { h += ledgerSection(run, ledger) }
        h += releaseSection(run)
        h += filterBar(run)
        h += "<main id=\"matrix\">\n"
        // Failing and erroring suites first and open, then pending (open), then those with only
        // something to note (closed), then passing (closed); each group in run order (SuiteOrder).
        for s in SuiteOrder.suites(run.results) { h += suiteSection(s.suite, s.results, open: s.group.isOpen, ledger: ledger) }
        if run.results.isEmpty { h += "<p class=\"empty\">No vectors were run.</p>\n" }
        h += "</main>\n"
        h += "<p id=\"nothing\" class=\"empty\" hidden>No vector matches the filter.</p>\n"
        h += "<script>\(script)</script>\n</body>\n</html>\n"
        return h
    }

    // MARK: - Escaping

    /// Escapes text for HTML content and for double- or single-quoted attribute values.
    public static func escape(_ s: String) -> String {
        var out = ""
        out.reserveCapacity(s.utf8.count)
        for c in s.unicodeScalars {
            switch c {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&#39;"
            // Control characters (other than tab and newline) would make the file invalid or hide text.
            case "\u{0}"..."\u{8}", "\u{B}", "\u{C}", "\u{E}"..."\u{1F}", "\u{7F}":
                out += "&#xFFFD;"
            default: out.unicodeScalars.append(c)
            }
        }
        return out
    }

    // MARK: - Header

    static func title(_ s: RunSummary) -> String {
        "\(s.vectors) vectors, \(s.failed) failed, \(s.errors) errors, \(s.pending) pending"
    }

    static func header(_ run: RunResult) -> String {
        let s = run.summary
        var h = "<header>\n<h1>Concord report</h1>\n<div class=\"totals\">\n"
        func total(_ n: Int, _ label: String, _ cls: String) {
            h += "<span class=\"total \(n > 0 ? cls : "zero")\"><b>\(n)</b> \(label)</span>\n"
        }
        total(s.vectors, "vectors", "all")
        total(s.passed, "passed", "pass")
        total(s.failed, "failed", "fail")
        total(s.errors, "errors", "error")
        total(s.pending, "pending", "pending")
        // Vectors, as the filter buttons count them; the pairs in the label.
        let unsupportedVectors = run.results.filter { tags($0).contains("unsupported") }.count
        total(unsupportedVectors, "with an unsupported implementation (\(s.unsupported) implementation × vector)", "unsupported")
        total(s.implementationErrors, "implementation errors", "error")
        total(s.divergences, "divergences", "diverge")
        total(s.warnings, "with warnings", "warn")
        h += "</div>\n"
        h += "<p class=\"meta\">" + String(format: "%.2f s on %d workers", run.wallSeconds, run.workers)
        h += " · exit status \(run.exitStatus)</p>\n"
        h += "<table class=\"impls\">\n<thead><tr><th>implementation</th><th>version</th>"
        for st in statusOrder { h += "<th>\(st.rawValue)</th>" }
        h += "</tr></thead>\n<tbody>\n"
        for info in run.implementations {
            var counts: [ImplementationStatus: Int] = [:]
            for r in run.results { for i in r.implementations where i.implementation == info.name { counts[i.status, default: 0] += 1 } }
            h += "<tr><th scope=\"row\">\(escape(info.name))</th><td class=\"version\">\(escape(info.version))"
            if let f = info.startFailure { h += "<div class=\"startfail\">could not start: \(escape(f))</div>" }
            if let u = UnclassifiedRefusals.line(info.name, in: run) { h += "<div class=\"unclassified\">\(escape(u))</div>" }
            h += "</td>"
            for st in statusOrder {
                let n = counts[st] ?? 0
                h += "<td class=\"num\(n > 0 ? " c-" + st.rawValue : "")\">\(n)</td>"
            }
            h += "</tr>\n"
        }
        h += "</tbody>\n</table>\n</header>\n"
        return h
    }

    /// The ledger's stale or expired entries, then its known divergences with their reasons.
    /// The release matrix (docs/archive.md): the archived artifacts' writers against the readers.
    static func releaseSection(_ run: RunResult) -> String {
        let m = ReleaseMatrix(run)
        guard !m.isEmpty else { return "" }
        var h = "<section class=\"releases\" id=\"releases\">\n<h2>Archived releases</h2>\n"
        h += "<table class=\"matrix\">\n<thead><tr><th class=\"vname\">written by</th>"
        for n in m.readers { h += "<th>\(escape(n))</th>" }
        h += "</tr></thead>\n<tbody>\n"
        for r in m.rows {
            let broken = !ReleaseMatrix.broken(r).isEmpty
            h += "<tr class=\"\(broken ? "c-fail" : "c-pass")\"><td class=\"vname\">\(escape(r.release.writer))</td>"
            for n in m.readers {
                let c = r.cells[n]
                let bad = ((c?[.fail] ?? 0) + (c?[.error] ?? 0)) > 0
                h += "<td class=\"\(bad ? "c-fail" : c == nil ? "c-none" : "c-pass")\">\(escape(ReleaseMatrix.cell(c)))\(bad ? " no longer opens" : "")</td>"
            }
            h += "</tr>\n"
        }
        h += "</tbody></table>\n</section>\n"
        return h
    }

    static func ledgerSection(_ run: RunResult, _ ledger: LedgerVerdict) -> String {
        let known = ledger.knownResults(run)
        var h = "<section class=\"ledger\" id=\"ledger\">\n<h2>Ledger <span class=\"where\">\(escape(ledger.ledger.file))</span></h2>\n"
        if !ledger.problems.isEmpty {
            h += "<ul class=\"stale\">\n"
            for p in ledger.problems { h += "<li class=\"c-fail\">\(escape(p))</li>\n" }
            h += "</ul>\n"
        }
        if !ledger.warnings.isEmpty {
            h += "<ul class=\"broad\">\n"
            for w in ledger.warnings { h += "<li class=\"c-warn\">\(escape(w))</li>\n" }
            h += "</ul>\n"
        }
        if known.isEmpty {
            h += "<p class=\"meta\">No failure of this run is a known divergence.</p>\n"
        } else {
            h += "<p class=\"meta\">\(known.count) known divergence\(known.count == 1 ? "" : "s"): in the ledger, they do not fail the gate.</p>\n"
            h += "<table class=\"impls\">\n<thead><tr><th>vector</th><th>implementation</th><th>does instead</th><th>reason</th></tr></thead>\n<tbody>\n"
            for k in known {
                for (impl, e) in k.entries {
                    h += "<tr><td>\(escape(k.result.vector.name))</td><td>\(escape(impl))</td><td>\(escape(e.described))</td><td>\(escape(e.reason))"
                    if let l = e.link { h += " <span class=\"where\">\(escape(l))</span>" }
                    if let x = e.expires { h += " <span class=\"where\">until \(escape(x))</span>" }
                    h += "</td></tr>\n"
                }
            }
            h += "</tbody>\n</table>\n"
        }
        return h + "</section>\n"
    }

    static let statusOrder: [ImplementationStatus] = [.pass, .fail, .error, .pending, .unsupported]

    static func filterBar(_ run: RunResult) -> String {
        var h = "<nav class=\"filters\" aria-label=\"filters\">\n<span class=\"lbl\">show</span>\n"
        for f in filters {
            let n: Int
            switch f {
            case "all": n = run.results.count
            default: n = run.results.filter { tags($0).contains(f) }.count
            }
            h += "<button type=\"button\" class=\"f f-\(f)\" data-filter=\"\(f)\" aria-pressed=\"\(f == "all")\">\(f) <span class=\"n\">\(n)</span></button>\n"
        }
        h += "<input type=\"search\" id=\"q\" placeholder=\"filter by vector name\" aria-label=\"filter by vector name\">\n"
        h += "<span id=\"shown\" class=\"lbl\"></span>\n</nav>\n"
        return h
    }

    // MARK: - The matrix

    /// The statuses a vector answers to in the filter: its own (so the buttons count what the
    /// header counts), plus `unsupported` when any implementation could not express it.
    static func tags(_ r: VectorResult) -> [String] {
        var t = [r.status.rawValue]
        if r.implementations.contains(where: { $0.status == .unsupported }) { t.append("unsupported") }
        return t
    }

    static func suiteSection(_ suite: String, _ results: [VectorResult], open isOpen: Bool, ledger: LedgerVerdict? = nil) -> String {
        var implementations: [String] = []
        for r in results { for i in r.implementations where !implementations.contains(i.implementation) { implementations.append(i.implementation) } }
        var counts: [VectorStatus: Int] = [:]
        for r in results { counts[r.status, default: 0] += 1 }
        let unsupported = results.reduce(0) { $0 + $1.implementations.filter { $0.status == .unsupported }.count }
        let open = isOpen ? " open" : ""
        var h = "<section class=\"suite\" data-suite=\"\(escape(suite))\">\n"
        h += "<details\(open) data-open=\"\(isOpen)\">\n<summary><span class=\"suitename\">\(escape(suite))</span> "
        h += "<span class=\"count\">\(results.count) vector\(results.count == 1 ? "" : "s")</span>"
        for st in [VectorStatus.pass, .fail, .error, .pending] {
            if let n = counts[st] { h += " <span class=\"badge c-\(st.rawValue)\">\(n) \(st.rawValue)</span>" }
        }
        if unsupported > 0 { h += " <span class=\"badge c-unsupported\">\(unsupported) unsupported</span>" }
        // Why a closed suite is not among the passing ones.
        let diverging = results.filter { $0.divergence != nil }.count, warned = results.filter { !$0.warnings.isEmpty }.count
        if diverging > 0 { h += " <span class=\"badge c-diverge\">\(diverging) diverging</span>" }
        if warned > 0 { h += " <span class=\"badge c-warn\">\(warned) with warnings</span>" }
        h += " <span class=\"shown\"></span></summary>\n"
        h += "<table class=\"matrix\">\n<thead><tr><th class=\"vname\">vector</th><th>status</th>"
        for i in implementations { h += "<th class=\"impl\">\(escape(i))</th>" }
        h += "</tr></thead>\n"
        for r in results { h += vectorRows(r, implementations, known: ledger?.isKnown(r) ?? false) }
        h += "</table>\n</details>\n</section>\n"
        return h
    }

    static func label(_ s: String) -> String {
        switch s {
        case "pass": return "✓ pass"
        case "fail": return "✗ FAIL"
        case "error": return "! ERROR"
        case "pending": return "? pending"
        case "unsupported": return "– unsupported"
        default: return s
        }
    }

    static func reason(_ o: Outcome) -> String? {
        switch o {
        case .outputs: return nil
        case .refused(let e): return "refused (\(e.errorClass.rawValue)): \(e.message)"
        case .unsupported(let why): return "unsupported: \(why)"
        case .error(let why): return "error: \(why)"
        }
    }

    static func vectorRows(_ r: VectorResult, _ implementations: [String], known: Bool = false) -> String {
        let v = r.vector
        let name = v.name
        var h = "<tbody class=\"v\" data-s=\"\(tags(r).joined(separator: " "))\" data-name=\"\(escape(name.lowercased()))\">\n"
        h += "<tr class=\"row s-\(r.status.rawValue)\"><td class=\"vname\"><span class=\"id\">\(escape(v.id))</span>"
        // A failure at the expect entry that differs (its first one's), else the vector.
        h += " <span class=\"where\">\(escape(v.file)):\(r.status == .fail ? r.place.line : v.line)</span>"
        if known { h += " <span class=\"badge c-known\">known (ledger)</span>" }
        if r.divergence != nil { h += " <span class=\"badge c-diverge\">diverges</span>" }
        if !r.warnings.isEmpty { h += " <span class=\"badge c-warn\">warning</span>" }
        if r.matrix != nil { h += " <span class=\"badge c-rt\">round trip</span>" }
        h += "</td><td class=\"cell c-\(r.status.rawValue)\">\(label(r.status.rawValue))</td>"
        for name in implementations {
            if let i = r.implementations.first(where: { $0.implementation == name }) {
                let tip = reason(i.outcome) ?? String(format: "%.3f s", i.seconds)
                h += "<td class=\"cell c-\(i.status.rawValue)\" title=\"\(escape(tip))\">\(label(i.status.rawValue))</td>"
            } else {
                h += "<td class=\"cell c-none\" title=\"not run\">— not run</td>"
            }
        }
        h += "</tr>\n"
        let detail = details(r)
        if !detail.isEmpty {
            h += "<tr class=\"detail\"><td colspan=\"\(implementations.count + 2)\">\n\(detail)</td></tr>\n"
        }
        h += "</tbody>\n"
        return h
    }

    // MARK: - Details

    /// What a person needs to see about a vector that did not simply pass; passing vectors show
    /// only their round-trip grid (collapsed) and any divergence or warning.
    static func details(_ r: VectorResult) -> String {
        var h = ""
        let v = r.vector
        let notable = r.status != .pass
        if notable, let c = v.comment, !c.isEmpty { h += "<p class=\"comment\">\(escape(c))</p>\n" }
        if notable && !v.flags.isEmpty {
            h += "<p class=\"flags\">result <code>\(v.result.rawValue)</code> · flags " + v.flags.map { "<code>\(escape($0))</code>" }.joined(separator: " ") + "</p>\n"
        }
        if let n = r.note { h += "<p class=\"note\"><b>note:</b> \(escape(n))</p>\n" }
        if notable, let rel = v.release {
            let readers = r.implementations.filter { $0.status == .fail || $0.status == .error }.map(\.implementation)
            h += "<p class=\"note\"><b>written by \(escape(rel.writer))</b>" + (readers.isEmpty ? "" : ", no longer opens on \(escape(readers.joined(separator: ", ")))") + "</p>\n"
        }
        if let d = r.divergence { h += "<p class=\"note diverge\"><b>divergence:</b> \(escape(d))</p>\n" }
        for w in r.warnings { h += "<p class=\"note warn\"><b>warning:</b> \(escape(w))</p>\n" }
        // An exploration's finding: its shrunk input, every side's answer, its classes.
        if let f = r.explored?.finding { return h + finding(f, r) }
        for i in r.implementations {
            switch i.status {
            case .fail:
                if i.mismatches.isEmpty, let why = reason(i.outcome) {
                    h += "<div class=\"impl-detail\"><h4>\(escape(i.implementation))</h4><p>\(escape(why))</p></div>\n"
                }
                for m in i.mismatches { h += mismatch(i.implementation, m, file: v.file, line: m.line) }
            case .error:
                h += "<div class=\"impl-detail c-error-b\"><h4>\(escape(i.implementation)): error</h4><pre class=\"msg\">\(escape(reason(i.outcome) ?? ""))</pre></div>\n"
            case .pending:
                h += pendingOutputs(i)
            case .pass, .unsupported:
                if r.status == .pending, i.status == .pass { h += pendingOutputs(i) }
            }
        }
        if let m = r.matrix {
            let bad = m.cells.joined().contains { $0.status != .pass }
            let grid = roundtrip(m)
            h += bad || notable ? grid : "<details class=\"rt\"><summary>round-trip grid</summary>\n\(grid)</details>\n"
        }
        return h
    }

    /// A finding of an exploration (docs/exploration.md, "Reports"): what it is, its input as
    /// shrunk, each side (the implementations that answered alike) with its answer, the classes
    /// its input belongs to, what made its case, whose answer its vector expects, and the replay.
    static func finding(_ f: ExploredFinding, _ r: VectorResult) -> String {
        var h = "<div class=\"finding\"><p class=\"meta\"><b>\(escape(f.kind.rawValue))</b>, first in case \(f.caseNumber) of seed \(f.seed) "
            + "(\(escape(f.made))), \(f.occurrences) case\(f.occurrences == 1 ? "" : "s") in all</p>\n"
        if !f.input.isEmpty {
            h += "<h4>input, shrunk in \(f.shrinkSteps) step\(f.shrinkSteps == 1 ? "" : "s")</h4>\n<table class=\"outputs\">"
            for (k, v) in f.input { h += "<tr><th>\(escape(k))</th><td><code class=\"val\">\(escape(v.display))</code></td></tr>" }
            h += "</table>\n"
        }
        h += "<p><b>input classes:</b> " + (f.classes.isEmpty ? "none named" : f.classes.map { "<code>\(escape($0))</code>" }.joined(separator: " ")) + "</p>\n"
        for side in f.sides {
            let answer = side.implementations.lazy.compactMap { n in r.implementations.first { $0.implementation == n } }.first
            h += "<div class=\"impl-detail\"><h4>\(escape(side.implementations.joined(separator: " + "))): \(escape(side.answer.word))</h4>\n"
            if let a = answer {
                if case .outputs(let o) = a.outcome {
                    if o.isEmpty { h += "<p>(accepted)</p>\n" }
                    else {
                        h += "<table class=\"outputs\">"
                        for k in o.keys.sorted() { h += "<tr><th>\(escape(k))</th><td><code class=\"val\">\(escape(o[k]!.display))</code></td></tr>" }
                        h += "</table>\n"
                    }
                } else if let why = reason(a.outcome) {
                    h += "<pre class=\"msg\">\(escape(why))</pre>\n"
                }
            }
            h += "</div>\n"
        }
        if let v = f.verdict { h += "<p class=\"note\"><b>vector:</b> \(escape(v))</p>\n" }
        if let e = f.emitted { h += "<p class=\"note\"><b>written to:</b> <code>\(escape(e))</code></p>\n" }
        h += "<p class=\"note\"><b>replay:</b> <code>\(escape(f.replay))</code></p>\n"
        return h + "</div>\n"
    }

    static func pendingOutputs(_ i: ImplementationResult) -> String {
        var h = "<div class=\"impl-detail\"><h4>\(escape(i.implementation)): computed</h4>\n"
        switch i.outcome {
        case .outputs(let o):
            h += "<table class=\"outputs\">"
            for k in o.keys.sorted() {
                h += "<tr><th>\(escape(k))</th><td><code class=\"val\">\(escape(o[k]!.display))</code></td></tr>"
            }
            h += "</table>\n"
        default:
            h += "<p>\(escape(reason(i.outcome) ?? ""))</p>\n"
        }
        return h + "</div>\n"
    }

    /// `line`: where the file wrote the field (its expect entry), when known.
    static func mismatch(_ impl: String, _ m: Mismatch, file: String? = nil, line: Int? = nil) -> String {
        var h = "<div class=\"mismatch\">\n<h4>\(escape(impl)): <code>\(escape(m.field))</code> "
        if let off = m.offset {
            h += "differs at byte <b class=\"off\">\(off)</b> (0x\(String(off, radix: 16)))"
        } else {
            h += "differs"
        }
        if let w = m.wire { h += " (\(escape(w.text)))" }
        if let file, let line { h += " <span class=\"where\">\(escape(file)):\(line)" + (m.column.map { ":\($0)" } ?? "") + "</span>" }
        h += "</h4>\n"
        if let e = m.explanation { h += "<p class=\"explanation\">\(escape(e))</p>\n" }
        let e = dumpable(m.expectedValue), a = dumpable(m.actualValue)
        if let e, let a {
            if case .text(let et)? = m.expectedValue, case .text(let at)? = m.actualValue {
                h += textDiff(et, at, offset: m.offset ?? 0)
            }
            h += "<p class=\"lengths\">expected \(e.count) bytes, actual \(a.count) bytes"
            if case .text = m.expectedValue { h += " (UTF-8 of text)" }
            h += "</p>\n"
            h += hexDiff(e, a)
            // The dump elides identical rows: the whole values stay one click away.
            if max(e.count, a.count) > 8 * 16 {
                h += "<details class=\"full\"><summary>whole values (hex)</summary><table class=\"plain\">"
                h += "<tr><th>expected</th><td><code class=\"val\">\(Hex.encode(e))</code></td></tr>"
                h += "<tr><th>actual</th><td><code class=\"val\">\(Hex.encode(a))</code></td></tr></table></details>\n"
            }
        } else {
            h += "<table class=\"plain\"><tr><th>expected</th><td><code>\(escape(m.expected))</code></td></tr>"
            h += "<tr><th>actual</th><td><code>\(escape(m.actual))</code></td></tr></table>\n"
        }
        return h + "</div>\n"
    }

    /// Two texts shown as text, whole, the first differing character of each marked with its
    /// code point and UTF-8 bytes in hex beside it (`offset`: the first differing byte).
    static func textDiff(_ expected: String, _ actual: String, offset: Int) -> String {
        func line(_ label: String, _ text: String) -> String {
            var before = "", marked: Character?, after = ""
            var bytes = 0
            for c in text {
                let n = c.utf8.count
                if marked == nil && bytes + n > offset { marked = c } else if marked == nil { before.append(c) } else { after.append(c) }
                bytes += n
            }
            var h = "<tr><th>\(label)</th><td><code class=\"val text\">\(escape(before))"
            if let marked {
                let scalars = marked.unicodeScalars.map { String(format: "U+%04X", $0.value) }.joined(separator: " ")
                h += "<mark>\(escape(String(marked)))</mark>\(escape(after))</code>"
                h += " <span class=\"char\">byte \(offset): <code>\(Hex.encode(Array(String(marked).utf8)))</code> (\(scalars))</span>"
            } else {
                h += "</code> <span class=\"char\">ends at byte \(bytes)</span>"
            }
            return h + "</td></tr>"
        }
        return "<table class=\"plain textdiff\">" + line("expected", expected) + line("actual", actual) + "</table>\n"
    }

    /// The bytes to draw as hex: raw bytes, or the UTF-8 of text.
    static func dumpable(_ v: Value?) -> [UInt8]? {
        switch v {
        case .bytes(let b)?: return b
        case .text(let s)?: return Array(s.utf8)
        default: return nil
        }
    }

    /// Both values as aligned hex rows of 16 bytes: for each row the expected bytes above the
    /// actual ones, the differing bytes (and the bytes only one side has) in `<mark>`. Long
    /// values show the rows with differences and one row around them; identical runs collapse.
    public static func hexDiff(_ expected: [UInt8], _ actual: [UInt8]) -> String {
        let n = max(expected.count, actual.count)
        let rows = max(1, (n + 15) / 16)
        func differs(_ i: Int) -> Bool { i >= expected.count || i >= actual.count || expected[i] != actual[i] }
        var rowDiffers = [Bool](repeating: false, count: rows)
        for i in 0..<n where differs(i) { rowDiffers[i / 16] = true }
        var show = [Bool](repeating: rows <= 8, count: rows)
        for r in 0..<rows where rowDiffers[r] {
            for k in max(0, r - 1)...min(rows - 1, r + 1) { show[k] = true }
        }
        if rows > 0 { show[0] = true }
        var h = "<table class=\"hex\">\n<thead><tr><th>offset</th><th></th><th class=\"cols\">"
        h += (0..<16).map { String(format: "%02x", $0) + ($0 == 7 ? " " : "") }.joined(separator: " ")
        h += "</th></tr></thead>\n<tbody>\n"
        var shown = 0
        var r = 0
        while r < rows {
            if !show[r] {
                var k = r
                while k < rows && !show[k] { k += 1 }
                h += "<tr class=\"gap\"><td></td><td></td><td>⋯ \(k - r) identical row\(k - r == 1 ? "" : "s") (\((k - r) * 16) bytes)</td></tr>\n"
                r = k
                continue
            }
            if shown == maxHexRows {
                h += "<tr class=\"gap\"><td></td><td></td><td>⋯ \(rows - r) more rows not shown</td></tr>\n"
                break
            }
            shown += 1
            for (label, bytes) in [("expected", expected), ("actual", actual)] {
                h += "<tr class=\"\(label == "expected" ? "exp" : "act")\(rowDiffers[r] ? " d" : "")\">"
                h += "<td class=\"off\">\(label == "expected" ? String(format: "%04x", r * 16) : "")</td><td class=\"lbl\">\(label)</td><td class=\"bytes\">"
                var cells: [String] = []
                for i in r * 16..<r * 16 + 16 {
                    var c: String
                    if i < bytes.count {
                        c = String(format: "%02x", bytes[i])
                        if differs(i) { c = "<mark>\(c)</mark>" }
                    } else {
                        c = i < n ? "<span class=\"missing\">··</span>" : "  "
                    }
                    if i % 16 == 7 { c += " " }
                    cells.append(c)
                }
                h += cells.joined(separator: " ") + "</td></tr>\n"
            }
            r += 1
        }
        h += "</tbody>\n</table>\n"
        return h
    }

    /// A round trip's grid: rows seal, columns open; each cell colored and labeled, the detail
    /// of every failure listed under it.
    static func roundtrip(_ m: RoundtripMatrix) -> String {
        var h = "<div class=\"roundtrip\">\n<table class=\"grid\">\n<caption>round trip: rows seal, columns open</caption>\n"
        h += "<thead><tr><th class=\"corner\">seal ↓ / open →</th>"
        for i in m.implementations { h += "<th scope=\"col\">\(escape(i))</th>" }
        h += "</tr></thead>\n<tbody>\n"
        for (s, row) in m.cells.enumerated() {
            let sealer = s < m.implementations.count ? m.implementations[s] : "?"
            h += "<tr><th scope=\"row\">\(escape(sealer))</th>"
            for (o, c) in row.enumerated() {
                let opener = o < m.implementations.count ? m.implementations[o] : "?"
                let tip = "\(sealer) → \(opener): " + (c.detail ?? c.status.rawValue)
                h += "<td class=\"cell c-\(c.status.rawValue)\" title=\"\(escape(tip))\">\(label(c.status.rawValue))</td>"
            }
            h += "</tr>\n"
        }
        h += "</tbody>\n</table>\n"
        var failures: [String] = []
        for (s, row) in m.cells.enumerated() {
            for (o, c) in row.enumerated() where c.status == .fail || c.status == .error {
                let sealer = s < m.implementations.count ? m.implementations[s] : "?"
                let opener = o < m.implementations.count ? m.implementations[o] : "?"
                failures.append("<li><b>\(escape(sealer)) → \(escape(opener))</b>: \(escape(c.detail ?? c.status.rawValue))</li>")
            }
        }
        if !failures.isEmpty { h += "<ul class=\"rtfail\">" + failures.joined() + "</ul>\n" }
        return h + "</div>\n"
    }

    // MARK: - Style and script

    static let css = """
    :root{--pass:#1a7f37;--pass-bg:#dafbe1;--fail:#b3261e;--fail-bg:#ffd7d5;--error:#9a4a00;--error-bg:#ffe2b8;\
    --pending:#5639a8;--pending-bg:#e6dcff;--uns:#555;--uns-bg:#e8e8e8;--line:#d0d7de;--mark:#ffd400}
    *{box-sizing:border-box}
    body{font:14px/1.45 system-ui,-apple-system,"Segoe UI",sans-serif;margin:0;padding:0 20px 40px;color:#1f2328;background:#fff}
    code,pre,.hex,.val,.where{font-family:ui-monospace,"DejaVu Sans Mono",Menlo,Consolas,monospace}
    header{padding:14px 0 6px;border-bottom:1px solid var(--line)}
    h1{font-size:20px;margin:0 0 8px}
    h4{margin:6px 0 4px;font-size:14px}
    .totals{display:flex;flex-wrap:wrap;gap:6px}
    .total{padding:3px 9px;border-radius:12px;border:1px solid var(--line);background:#f6f8fa}
    .total.zero{color:#777}
    .total.pass{background:var(--pass-bg);color:var(--pass)} .total.fail{background:var(--fail-bg);color:var(--fail)}
    .total.error{background:var(--error-bg);color:var(--error)} .total.pending{background:var(--pending-bg);color:var(--pending)}
    .total.unsupported{background:var(--uns-bg);color:var(--uns)} .total.diverge,.total.warn{background:#fff3c4;color:#7a5b00}
    .meta{color:#57606a;margin:6px 0}
    table{border-collapse:collapse}
    .impls{margin:6px 0 10px} .impls th,.impls td{border:1px solid var(--line);padding:3px 8px;text-align:left;vertical-align:top}
    .impls .num{text-align:right;font-variant-numeric:tabular-nums} .version{max-width:560px}
    .startfail{color:var(--fail)}
    .filters{position:sticky;top:0;z-index:2;background:#fff;padding:8px 0;border-bottom:1px solid var(--line);display:flex;gap:6px;align-items:center;flex-wrap:wrap}
    .filters .lbl{color:#57606a}
    .filters button{font:inherit;padding:3px 10px;border:1px solid var(--line);border-radius:14px;background:#f6f8fa;cursor:pointer}
    .filters button[aria-pressed=true]{background:#1f2328;color:#fff;border-color:#1f2328}
    .filters .n{opacity:.75}
    #q{font:inherit;padding:3px 8px;border:1px solid var(--line);border-radius:6px;min-width:240px}
    section.suite{margin:10px 0}
    section.suite>details>summary{cursor:pointer;padding:6px 4px;font-size:15px;border-bottom:1px solid var(--line)}
    .suitename{font-weight:600}
    .count{color:#57606a}
    .badge{display:inline-block;padding:0 7px;border-radius:10px;font-size:12px;border:1px solid transparent}
    .matrix{width:100%;margin-top:4px}
    .matrix>thead>tr>th{text-align:left;font-weight:600;border-bottom:2px solid var(--line);padding:4px 6px;white-space:nowrap}
    .matrix>tbody>tr>td{border-bottom:1px solid #eaeef2;padding:3px 6px;vertical-align:top}
    .vname{min-width:280px;word-break:break-all} .id{font-weight:600} .where{color:#6e7781;font-size:12px}
    .cell{white-space:nowrap;font-size:12.5px;font-weight:600;text-align:center;width:1%}
    .c-pass{background:var(--pass-bg);color:var(--pass)} .c-fail{background:var(--fail-bg);color:var(--fail)}
    .c-error{background:var(--error-bg);color:var(--error)} .c-pending{background:var(--pending-bg);color:var(--pending)}
    .c-unsupported{background:var(--uns-bg);color:var(--uns)} .c-none{color:#999;font-weight:400}
    .c-diverge,.c-warn,.c-known{background:#fff3c4;color:#7a5b00} .c-rt{background:#ddf4ff;color:#0a3069}
    .matrix>tbody>tr.detail>td{background:#fbfcfd;padding:6px 12px 12px 28px;border-bottom:2px solid var(--line)}
    .comment{color:#424a53;font-style:italic;margin:2px 0} .flags{margin:2px 0;color:#57606a}
    .note{margin:3px 0}
    .mismatch,.impl-detail{margin:8px 0;padding:6px 10px;border-left:4px solid var(--fail);background:#fff}
    .impl-detail{border-left-color:var(--pending)} .impl-detail.c-error-b{border-left-color:var(--error)}
    .explanation{margin:2px 0 6px;padding:4px 8px;background:#fff8c5;border-radius:4px}
    .lengths{margin:2px 0;color:#57606a;font-size:12px}
    .hex{font-size:13px;border:1px solid var(--line)}
    .hex th{font-weight:400;color:#6e7781;text-align:left;padding:2px 8px;border-bottom:1px solid var(--line);white-space:pre}
    .hex td{padding:0 8px;white-space:pre}
    .hex tr.exp td{padding-top:3px} .hex tr.act td{padding-bottom:3px;border-bottom:1px solid #eaeef2}
    .hex .off{color:#6e7781} .hex .lbl{color:#57606a;font-size:12px}
    .hex tr.d .lbl{color:var(--fail);font-weight:600}
    .hex mark{background:var(--mark);color:#000;font-weight:700;outline:1px solid #b08800;border-radius:2px}
    .hex .missing{color:#bbb} .hex .gap td{color:#6e7781;font-style:italic}
    .plain th{text-align:left;padding:2px 8px 2px 0;font-weight:400;color:#57606a} .plain code{word-break:break-all}
    .textdiff code.text{white-space:pre-wrap} .textdiff mark{background:var(--mark);color:#000;font-weight:700;outline:1px solid #b08800;border-radius:2px}
    .textdiff .char{color:#57606a;font-size:12px;white-space:nowrap} details.full summary{cursor:pointer;color:#57606a;font-size:12px}
    pre.msg{white-space:pre-wrap;margin:2px 0}
    .outputs th{text-align:left;padding:1px 10px 1px 0;font-weight:400;color:#57606a} .val{word-break:break-all}
    .roundtrip{margin:6px 0}
    .grid caption{text-align:left;color:#57606a;font-size:12px;padding-bottom:2px}
    .grid th,.grid td{border:1px solid var(--line);padding:3px 8px;font-size:12.5px}
    .grid .cell{width:auto}
    .grid th{background:#f6f8fa;font-weight:600} .grid .corner{font-weight:400;color:#6e7781}
    .rtfail{margin:4px 0;padding-left:20px}
    .empty{color:#57606a;font-style:italic}
    """

    /// The page's only script (allowed by its hash in the Content-Security-Policy). It reads
    /// untrusted strings only through attributes and never writes HTML. A fragment such as
    /// `report.html#status=fail&q=rfc` preselects the filters (a link from CI can point at failures).
    static let script = """
    (function(){
    var status='all',query='';
    var buttons=document.querySelectorAll('button[data-filter]');
    var input=document.getElementById('q');
    function apply(){
      var total=0,filtering=status!=='all'||query!=='';
      document.querySelectorAll('section.suite').forEach(function(sec){
        var n=0,all=0;
        sec.querySelectorAll('tbody.v').forEach(function(tb){
          all++;
          var ok=(status==='all'||tb.getAttribute('data-s').split(' ').indexOf(status)>=0)&&
                 (query===''||tb.getAttribute('data-name').indexOf(query)>=0);
          tb.hidden=!ok; if(ok)n++;
        });
        sec.hidden=n===0; total+=n;
        var d=sec.querySelector('details');
        d.open=filtering?n>0:d.getAttribute('data-open')==='true';
        sec.querySelector('.shown').textContent=filtering?('('+n+' of '+all+' shown)'):'';
      });
      document.getElementById('shown').textContent=filtering?(total+' shown'):'';
      document.getElementById('nothing').hidden=total>0||!document.querySelector('section.suite');
    }
    buttons.forEach(function(b){b.addEventListener('click',function(){
      status=b.getAttribute('data-filter');
      buttons.forEach(function(x){x.setAttribute('aria-pressed',x===b?'true':'false');});
      apply();
    });});
    input.addEventListener('input',function(){query=input.value.trim().toLowerCase();apply();});
    function select(f){
      buttons.forEach(function(x){var on=x.getAttribute('data-filter')===f;x.setAttribute('aria-pressed',on?'true':'false');if(on)status=f;});
    }
    location.hash.slice(1).split('&').forEach(function(p){
      var i=p.indexOf('='),k=p.slice(0,i),v=decodeURIComponent(p.slice(i+1));
      if(k==='status')select(v);
      if(k==='q'){input.value=v;query=v.trim().toLowerCase();}
    });
    apply();
    document.documentElement.setAttribute('data-ready','true');
    })();
    """
}
