import ConcordFormats
import ConcordImplementations
import ConcordJudging
import ConcordReportFormat
import Foundation

/// The terminal summary: a line per failure with the first differing byte and both values,
/// pending values, errors, then totals per status and per implementation.
public enum TerminalSummary {
    /// ANSI colors, only when asked (a TTY without NO_COLOR: the caller decides).
    public struct Style: Sendable {
        public var color: Bool
        public init(color: Bool) { self.color = color }
        func paint(_ s: String, _ code: String) -> String { color ? "\u{1B}[\(code)m\(s)\u{1B}[0m" : s }
        func label(_ s: String) -> String {
            switch s.trimmingCharacters(in: .whitespaces) {
            case "FAIL": return paint(s, "1;31")
            case "ERROR": return paint(s, "1;35")
            case "PENDING", "WARN", "DIVERGE", "KNOWN", "BROAD": return paint(s, "33")
            case "STALE", "EXPIRED": return paint(s, "1;31")
            default: return s
            }
        }
    }

    /// `maxFailures`: failed and erroring vectors shown in full; the others are counted by cause.
    public static func render(_ run: RunResult, verbose: Bool = false, style: Style = Style(color: false), maxFailures: Int = .max,
                              ledger: LedgerVerdict? = nil) -> String {
        render(run, verbose: verbose, maxFailures: maxFailures, ledger: ledger).split(separator: "\n", omittingEmptySubsequences: false).map { line -> String in
            for l in ["FAIL    ", "ERROR   ", "PENDING ", "WARN    ", "DIVERGE ", "KNOWN   ", "STALE   ", "EXPIRED ", "BROAD   "] where line.hasPrefix(l) {
                return style.label(l) + line.dropFirst(l.count)
            }
            return String(line)
        }.joined(separator: "\n")
    }

    /// Suites × implementations: per cell the count of each status (✓ pass, ✗ fail, ! error,
    /// … pending, – unsupported); a dot where the implementation does not run the suite.
    public static func table(_ run: RunResult) -> [String] {
        let impls = run.implementations.map(\.name)
        var cells: [String: [String: [ImplementationStatus: Int]]] = [:]
        for r in run.results {
            for i in r.implementations { cells[r.vector.suite, default: [:]][i.implementation, default: [:]][i.status, default: 0] += 1 }
        }
        let suites = cells.keys.sorted()
        func cell(_ c: [ImplementationStatus: Int]?) -> String {
            guard let c else { return "." }
            let marks: [(ImplementationStatus, String)] = [(.pass, "✓"), (.fail, "✗"), (.error, "!"), (.pending, "…"), (.unsupported, "–")]
            return marks.compactMap { m in c[m.0].map { "\(m.1)\($0)" } }.joined(separator: " ")
        }
        let rows = suites.map { s in [s] + impls.map { cell(cells[s]?[$0]) } }
        let header = ["suite"] + impls
        var widths = header.map(\.count)
        for r in rows { for (k, c) in r.enumerated() { widths[k] = max(widths[k], c.count) } }
        func line(_ r: [String]) -> String {
            "  " + r.enumerated().map { $0.element.padding(toLength: widths[$0.offset], withPad: " ", startingAt: 0) }.joined(separator: "  ")
        }
        return [line(header)] + rows.map(line)
    }

    /// The legend of `table`: every symbol it uses.
    public static let legend = "✓ pass, ✗ fail, ! error, … pending, – unsupported, . not run"

    /// What a failed or erroring vector is grouped by once `maxFailures` were shown in full.
    static func cause(_ r: VectorResult) -> String {
        var parts: [String] = []
        for i in r.implementations where i.status == (r.status == .fail ? .fail : .error) {
            let what: [String]
            if r.status == .fail {
                what = i.mismatches.map { "\($0.field) differs" + ($0.explanation.map { " — \($0)" } ?? "") }
            } else if case .error(let why) = i.outcome {
                what = ["error: \(why)"]
            } else { what = [] }
            for w in what where !parts.contains(w) { parts.append(w) }
        }
        if parts.isEmpty { parts.append(r.note ?? r.status.rawValue) }
        return parts.joined(separator: "; ")
    }

    /// With a ledger (docs/ledger.md): a known divergence is one `KNOWN` block with its reason (never
    /// counted among the failures shown in full); stale and expired entries come first.
    public static func render(_ run: RunResult, verbose: Bool = false, maxFailures: Int = .max, ledger: LedgerVerdict? = nil) -> String {
        var out: [String] = []
        if let ledger {
            for s in ledger.stale {
                let e = ledger.ledger.entries[s.entry]
                out.append("STALE   \(e.vector) on \(e.implementation) (\(e.described))  (\(e.origin)): \(s.why)")
                out.append(ledger.shadowedBy[s.entry] == nil ? "        remove the entry; its reason was: \(e.reason)" : "        its reason: \(e.reason)")
            }
            for k in ledger.expired {
                let e = ledger.ledger.entries[k]
                out.append("EXPIRED \(e.vector) on \(e.implementation) (\(e.described))  (\(e.origin)): expired on \(e.expires!)")
                out.append("        its reason: \(e.reason)")
            }
            // An entry that can silence a whole suite is shown on every run, with what it knows.
            for b in ledger.broad {
                let e = ledger.ledger.entries[b.entry]
                out.append("BROAD   \(e.vector) on \(e.implementation) (\(e.described), scope: \(e.scope!.rawValue))  (\(e.origin)): \(ledger.silences(b))")
            }
            if verbose {
                for s in ledger.notChecked {
                    let e = ledger.ledger.entries[s.entry]
                    out.append("        ledger entry \(e.vector) on \(e.implementation) (\(e.origin)) not checked: \(s.why)")
                }
            }
        }
        // An adapter that died gives every later vector the same reason: print it once.
        var lastError: [String: String] = [:]
        var shown = 0
        var hidden: [(cause: String, count: Int)] = []
        for r in run.results {
            if let ledger, ledger.isKnown(r) {
                out.append("KNOWN   \(r.vector.name)  (\(r.vector.file):\(r.place.line))")
                for i in r.implementations {
                    guard let e = ledger.entry(r, i.implementation) else { continue }
                    out.append("        \(i.implementation): \(e.described), in the ledger (\(e.origin)): \(e.reason)" + (e.link.map { " — \($0)" } ?? ""))
                }
                continue
            }
            if r.status == .fail || r.status == .error {
                if shown >= maxFailures {
                    let c = cause(r)
                    if let k = hidden.firstIndex(where: { $0.cause == c }) { hidden[k].count += 1 } else { hidden.append((c, 1)) }
                    continue
                }
                shown += 1
            }
            switch r.status {
            case .fail:
                // At the expect entry that differs (the first one's), else the vector.
                let at = r.place
                out.append("FAIL    \(r.vector.name)  (\(r.vector.file):\(at.line))")
                if let w = ReleaseMatrix.sentence(r, run: run) { out.append("        \(w)") }
                for i in r.implementations where i.status == .fail {
                    for m in i.mismatches {
                        let line = m.place(in: r.vector).line
                        out += mismatch(i.implementation, m, at: line == at.line ? nil : line)
                    }
                }
                if let d = r.divergence { out.append("        note: \(d)") }
                if let n = r.note { out.append("        note: \(n)") }
            case .error:
                out.append("ERROR   \(r.vector.name)  (\(r.vector.file):\(r.vector.line))" + (r.note.map { ": \($0)" } ?? ""))
                if let w = ReleaseMatrix.sentence(r, run: run) { out.append("        \(w)") }
                for i in r.implementations where i.status == .error {
                    guard case .error(let why) = i.outcome else { continue }
                    if lastError[i.implementation] == why {
                        out.append("        \(i.implementation): the same error as above")
                    } else {
                        out.append("        \(i.implementation): \(why)")
                        lastError[i.implementation] = why
                    }
                }
            case .pending:
                out.append("PENDING \(r.vector.name)  (\(r.vector.file):\(r.vector.line))")
                for i in r.implementations {
                    switch i.outcome {
                    case .outputs(let o):
                        out.append("        \(i.implementation): " + o.keys.sorted().map { "\($0)=\(o[$0]!.display)" }.joined(separator: " "))
                    case .refused(let e):
                        out.append("        \(i.implementation): refused (\(e.errorClass.rawValue)): \(e.message)")
                    case .unsupported(let why):
                        out.append("        \(i.implementation): unsupported: \(why)")
                    case .error(let why):
                        out.append("        \(i.implementation): error: \(why)")
                    }
                }
                out.append("        " + (r.divergence.map { "DISAGREE: \($0)" } ?? "the implementations agree"))
            case .pass:
                if let d = r.divergence { out.append("DIVERGE \(r.vector.name)  (\(r.vector.file):\(r.vector.line)): \(d)") }
                if verbose {
                    out.append("pass    \(r.vector.name)")
                    for i in r.implementations {
                        if case .refused(let e) = i.outcome { out.append("        \(i.implementation) refused (\(e.errorClass.rawValue)): \(e.message)") }
                    }
                }
            }
            if let m = r.matrix, r.status != .pass || verbose { out += matrix(r.vector.name, m) }
            for w in r.warnings { out.append("WARN    \(r.vector.name)  (\(r.vector.file):\(r.vector.line)): \(w)") }
            if verbose {
                for i in r.implementations where i.status == .unsupported {
                    if case .unsupported(let why) = i.outcome { out.append("        \(i.implementation) unsupported: \(why)") }
                }
            }
        }
        if !hidden.isEmpty {
            let more = hidden.reduce(0) { $0 + $1.count }
            out.append("… and \(more) more failed or erroring vector\(more == 1 ? "" : "s") (see the report), by cause:")
            let w = String(hidden.map(\.count).max() ?? 0).count
            for h in hidden.sorted(by: { $0.count > $1.count }) {
                let n = String(h.count)
                out.append("  " + String(repeating: " ", count: w - n.count) + n + " × " + ReportText.visible(ReportText.clip(h.cause)))
            }
        }
        if !out.isEmpty { out.append("") }
        out.append("Suites × implementations (\(legend)):")
        out += table(run)
        out += ReleaseMatrix(run).lines()
        out.append("Implementations:")
        let width = run.implementations.map(\.name.count).max() ?? 0
        for info in run.implementations {
            var counts: [ImplementationStatus: Int] = [:]
            for r in run.results { for i in r.implementations where i.implementation == info.name { counts[i.status, default: 0] += 1 } }
            let parts = [ImplementationStatus.pass, .fail, .pending, .unsupported, .error].compactMap { s in
                counts[s].map { "\($0) \(s.rawValue)" }
            }
            let pad = String(repeating: " ", count: width - info.name.count)
            out.append("  \(info.name)\(pad)  \(info.version)  —  " + (parts.isEmpty ? "no vectors" : parts.joined(separator: ", ")))
            let indent = "  " + String(repeating: " ", count: width) + "  "
            if let f = info.startFailure { out.append(indent + "could not start: \(f)") }
            if let u = UnclassifiedRefusals.line(info.name, in: run) { out.append(indent + u) }
            out += unsupportedReasons(info.name, run).map { indent + $0 }
        }
        let s = run.summary
        var total = "\(s.vectors) vectors: \(s.passed) passed, \(s.failed) failed, \(s.pending) pending, \(s.errors) errors"
        if let ledger, !ledger.knownVectors.isEmpty { total += " (\(ledger.knownVectors.count) of the failed and erroring known: in the ledger)" }
        total += "; \(s.unsupported) unsupported (implementation × vector)"
        total += "; \(checks(run)) checks"
        if s.divergences > 0 { total += "; \(s.divergences) divergences" }
        if s.warnings > 0 { total += "; \(s.warnings) with warnings" }
        total += String(format: "; %.2f s on %d workers", run.wallSeconds, run.workers)
        out.append(total)
        // Every line carries text from input (ids, files, values, versions, messages): escaped, so
        // that none clears the screen or starts a line of its own (a GitHub `::error::` command).
        return out.map { Printable.escape($0) }.joined(separator: "\n") + "\n"
    }

    /// The requests the implementations answered, as the progress line counts them; for a run
    /// read back from a report, the implementation × vector pairs that were not unsupported.
    public static func checks(_ run: RunResult) -> Int {
        run.checks ?? run.results.reduce(0) { $0 + $1.implementations.filter { $0.status != .unsupported }.count }
    }

    /// A round trip's grid: rows seal, columns open.
    static func matrix(_ name: String, _ m: RoundtripMatrix) -> [String] {
        let w = max(8, (m.implementations.map(\.count).max() ?? 0) + 1)
        func pad(_ s: String) -> String { s.padding(toLength: w, withPad: " ", startingAt: 0) }
        var lines = ["        round trip \(name): rows seal, columns open"]
        lines.append("        " + pad("") + m.implementations.map(pad).joined())
        for (i, row) in m.cells.enumerated() {
            lines.append("        " + pad(m.implementations[i]) + row.map { pad($0.status.rawValue) }.joined())
        }
        for (s, row) in m.cells.enumerated() {
            for (o, c) in row.enumerated() where c.status == .fail || c.status == .error {
                lines.append("          \(m.implementations[s]) → \(m.implementations[o]): \(c.detail ?? c.status.rawValue)")
            }
        }
        return lines
    }

    /// Why an implementation was unsupported, grouped by the reason's general part: before any
    /// parenthesis, with numbers ignored, so "p=4" and "p=2", or "not 8" and "not 16", are one line.
    static func unsupportedReasons(_ name: String, _ run: RunResult) -> [String] {
        var counts: [String: Int] = [:]
        var shown: [String: String] = [:]
        var variants: [String: Set<String>] = [:]
        var order: [String] = []
        for r in run.results {
            for i in r.implementations where i.implementation == name {
                guard case .unsupported(let why) = i.outcome else { continue }
                let general = why.components(separatedBy: " (").first ?? why
                var key = ""
                for c in general where !(c.isNumber && key.last == "#") { key.append(c.isNumber ? "#" : c) }
                if counts[key] == nil { order.append(key); shown[key] = general }
                counts[key, default: 0] += 1
                variants[key, default: []].insert(general)
            }
        }
        return order.map { key in
            let more = variants[key]!.count > 1 ? " (and \(variants[key]!.count - 1) similar)" : ""
            return "unsupported ×\(counts[key]!): \(shown[key]!)\(more)"
        }
    }

    /// `line`: the field's line when it is not the one the vector's heading shows.
    static func mismatch(_ impl: String, _ m: Mismatch, at line: Int? = nil) -> [String] {
        var lines: [String] = []
        var head = "        \(impl): \(m.field)"
        if let line { head += " (line \(line))" }
        head += " " + ReportText.differs(m)
        if let e = m.explanation { head += " — \(e)" }
        lines.append(head)
        lines.append("          expected \(window(m.expectedValue, m.expected, m.offset))")
        lines.append("          actual   \(window(m.actualValue, m.actual, m.offset))")
        return lines
    }

    /// Up to 64 bytes shown whole; longer values as a window around the first difference.
    static func window(_ v: Value?, _ fallback: String, _ offset: Int?) -> String {
        guard let v, case .bytes(let b) = v else { return fallback }
        if b.count <= 64 { return b.isEmpty ? "(empty)" : Hex.encode(b) }
        let o = offset ?? 0
        let lo = max(0, o - 16), hi = min(b.count, o + 32)
        return (lo > 0 ? "…" : "") + Hex.encode(Array(b[lo..<hi])) + (hi < b.count ? "…" : "") + " (\(b.count) bytes, showing \(lo)..<\(hi))"
    }
}
