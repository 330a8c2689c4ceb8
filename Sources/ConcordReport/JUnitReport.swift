import ConcordFormats
import ConcordImplementations
import ConcordJudging

/// JUnit XML for CI test-report readers (GitLab, Jenkins, GitHub test-report actions): one
/// `testsuite` per suite, one `testcase` per vector × implementation. Valid against
/// `schemas/junit.xsd` (the Jenkins xUnit plugin's junit-10.xsd). docs/reports.md.
public enum JUnitReport {
    /// With a ledger (docs/ledger.md): a known divergence is a `skipped` test case saying so, with
    /// its reason; each stale or expired entry a failed test case of the testsuite `concord.ledger`.
    public static func render(_ run: RunResult, ledger: LedgerVerdict? = nil) -> String {
        var suites: [String] = []
        var bySuite: [String: [VectorResult]] = [:]
        for r in run.results {
            if bySuite[r.vector.suite] == nil { suites.append(r.vector.suite) }
            bySuite[r.vector.suite, default: []].append(r)
        }
        var body: [String] = []
        var total = Counts()
        for suite in suites {
            var counts = Counts()
            var cases: [String] = []
            for r in bySuite[suite]! { cases += testcases(r, &counts, ledger: ledger) }
            total.add(counts)
            body.append("  <testsuite name=\"\(attr(suite))\" tests=\"\(counts.tests)\" failures=\"\(counts.failures)\" errors=\"\(counts.errors)\""
                        + " skipped=\"\(counts.skipped)\" time=\"\(seconds(counts.time))\">")
            body += cases
            body.append("  </testsuite>")
        }
        if let ledger, !ledger.problems.isEmpty {
            var cases: [String] = []
            let problems = ledger.problemEntries
            for (entry, kind, message) in problems {
                let e = ledger.ledger.entries[entry]
                cases.append("    <testcase classname=\"concord.ledger\" name=\"\(attr("\(e.vector) [\(e.implementation)] \(kind)"))\" file=\"\(attr(e.originFile))\" line=\"\(e.line)\" time=\"0.000\">")
                cases.append("      <failure message=\"\(attr(ReportText.clip(message)))\" type=\"ledger \(kind)\">" + text(message) + "</failure>")
                cases.append("    </testcase>")
            }
            total.tests += problems.count
            total.failures += problems.count
            body.append("  <testsuite name=\"concord.ledger\" tests=\"\(problems.count)\" failures=\"\(problems.count)\" errors=\"0\" skipped=\"0\" time=\"0.000\">")
            body += cases
            body.append("  </testsuite>")
        }
        var out = ["<?xml version=\"1.0\" encoding=\"UTF-8\"?>",
                   "<testsuites name=\"concord\" tests=\"\(total.tests)\" failures=\"\(total.failures)\" errors=\"\(total.errors)\""
                   + " time=\"\(seconds(run.wallSeconds))\">"]
        out += body
        out.append("</testsuites>")
        return out.joined(separator: "\n") + "\n"
    }

    struct Counts {
        var tests = 0, failures = 0, errors = 0, skipped = 0
        var time = 0.0
        mutating func add(_ o: Counts) {
            tests += o.tests; failures += o.failures; errors += o.errors; skipped += o.skipped; time += o.time
        }
    }

    /// The test cases of one vector: one per implementation that was asked, plus one for the vector
    /// itself when it failed or errored for a reason no implementation's case carries (every
    /// implementation unsupported, a limit exceeded, nobody implements the suite).
    static func testcases(_ r: VectorResult, _ counts: inout Counts, ledger: LedgerVerdict? = nil) -> [String] {
        let v = r.vector
        var out: [String] = []
        func open(_ name: String, _ time: Double, line: Int? = nil) -> String {
            "    <testcase classname=\"\(attr(v.suite))\" name=\"\(attr(name))\" file=\"\(attr(v.file))\" line=\"\(line ?? v.line)\" time=\"\(seconds(time))\""
        }
        for i in r.implementations {
            counts.tests += 1
            counts.time += i.seconds
            // A failure points at the expect entry that differs (its first mismatch's), when known.
            let head = open("\(v.id) [\(i.implementation)]", i.seconds, line: i.status == .fail ? i.mismatches.first?.place(in: v).line : nil)
            if let e = ledger?.entry(r, i.implementation) {
                // A known divergence: skipped (it does not fail the gate), its reason the message.
                counts.skipped += 1
                var lines = ReportText.mismatchLines(i)
                if i.status == .error { lines.append(ReportText.reason(i) ?? "error") }
                lines.append("ledger: \(e.origin)" + (e.link.map { " (\($0))" } ?? ""))
                out.append(head + ">")
                out.append("      <skipped message=\"\(attr(ReportText.clip("known divergence (\(e.described)): " + e.reason)))\">" + text(lines.joined(separator: "\n")) + "</skipped>")
                out.append("    </testcase>")
                continue
            }
            switch i.status {
            case .pass:
                if case .refused(let e) = i.outcome, e.errorClass == .unclassified {
                    // Passed on a refusal whose class was not checked: said so in the test case.
                    out.append(head + ">")
                    out.append("      <system-out>\(text("refused (unclassified: the class matches any expected one): " + e.message))</system-out>")
                    out.append("    </testcase>")
                } else {
                    out.append(head + "/>")
                }
            case .fail:
                counts.failures += 1
                let message = i.mismatches.first.map(ReportText.headline) ?? "failed"
                var lines = ReportText.mismatchLines(i)
                if let m = r.matrix { lines += matrixLines(m) }
                if let d = r.divergence { lines.append("divergence: " + d) }
                lines.append("vector: \(v.file):\(v.line)")
                if let m = i.mismatches.first, let line = m.line, line != v.line {
                    lines.append("\(m.field): \(v.file):\(line)" + (m.column.map { ":\($0)" } ?? ""))
                }
                out.append(head + ">")
                out.append("      <failure message=\"\(attr(message))\" type=\"\(attr(i.mismatches.first?.field == "result" || i.mismatches.first?.field == "error" ? "outcome mismatch" : "value mismatch"))\">"
                           + text(lines.joined(separator: "\n")) + "</failure>")
                out.append("    </testcase>")
            case .error:
                counts.errors += 1
                let why = ReportText.reason(i) ?? "error"
                out.append(head + ">")
                out.append("      <error message=\"\(attr(ReportText.clip(why)))\" type=\"implementation error\">" + text(ReportText.clip(why)) + "</error>")
                out.append("    </testcase>")
            case .unsupported:
                counts.skipped += 1
                out.append(head + ">")
                out.append("      <skipped message=\"\(attr("unsupported: " + ReportText.clip(ReportText.reason(i) ?? "")))\"/>")
                out.append("    </testcase>")
            case .pending:
                counts.skipped += 1
                let values = ReportText.clip(ReportText.reason(i) ?? "")
                out.append(head + ">")
                let why = r.vector.result == .pending ? "pending: the answer is not settled (result: pending), computed, not compared" : "pending: placeholder value computed, not compared"
                out.append("      <skipped message=\"\(attr(why))\">" + text(values) + "</skipped>")
                out.append("    </testcase>")
            }
        }
        let carried = r.implementations.contains { $0.status == .fail || $0.status == .error }
        if (r.status == .error || r.status == .fail) && !carried {
            counts.tests += 1
            let why = ReportText.clip(r.note ?? r.divergence ?? "the vector could not be checked")
            out.append(open(v.id, 0) + ">")
            if r.status == .error {
                counts.errors += 1
                out.append("      <error message=\"\(attr(why))\" type=\"vector error\">" + text(why) + "</error>")
            } else {
                counts.failures += 1
                let lines = [why] + (r.matrix.map(matrixLines) ?? [])
                out.append("      <failure message=\"\(attr(why))\" type=\"vector failure\">" + text(lines.joined(separator: "\n")) + "</failure>")
            }
            out.append("    </testcase>")
        }
        return out
    }

    static func matrixLines(_ m: RoundtripMatrix) -> [String] {
        var lines = ["round trip (rows seal, columns open): " + m.implementations.joined(separator: ", ")]
        for (s, row) in m.cells.enumerated() {
            lines.append("  " + m.implementations[s] + ": " + row.map(\.status.rawValue).joined(separator: " "))
        }
        for (s, row) in m.cells.enumerated() {
            for (o, c) in row.enumerated() where c.status == .fail || c.status == .error {
                lines.append("  \(m.implementations[s]) → \(m.implementations[o]): \(c.detail ?? c.status.rawValue)")
            }
        }
        return lines
    }

    static func seconds(_ s: Double) -> String {
        let ms = Int((max(0, s) * 1000).rounded())
        let frac = String(ms % 1000)
        return "\(ms / 1000)." + String(repeating: "0", count: 3 - frac.count) + frac
    }

    // MARK: Escaping

    /// Whether XML 1.0 allows the scalar at all (§2.2 Char).
    static func allowed(_ u: Unicode.Scalar) -> Bool {
        if Printable.isUnsafe(u, keepingLineBreaks: true) { return false }   // C1, bidi controls: escaped as in every report
        switch u.value {
        case 0x9, 0xA, 0xD, 0x20...0xD7FF, 0xE000...0xFFFD, 0x10000...0x10FFFF: return true
        default: return false
        }
    }

    /// Characters XML 1.0 forbids (most C0 controls, U+FFFE, U+FFFF) become a visible `\u{XX}`.
    static func replaceForbidden(_ u: Unicode.Scalar) -> String {
        Printable.visible(u)
    }

    /// Element content: `&`, `<`, `>` (for `]]>`) escaped; forbidden characters replaced.
    static func text(_ s: String) -> String {
        var out = ""
        out.unicodeScalars.reserveCapacity(s.unicodeScalars.count)
        for u in s.unicodeScalars {
            switch u {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\r": out += "&#13;"
            default: if allowed(u) { out.unicodeScalars.append(u) } else { out += replaceForbidden(u) }
            }
        }
        return out
    }

    /// Attribute values (always double-quoted): also `"` and `'`, and tab, LF and CR as character
    /// references so attribute-value normalisation keeps them.
    static func attr(_ s: String) -> String {
        var out = ""
        for u in s.unicodeScalars {
            switch u {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&apos;"
            case "\t": out += "&#9;"
            case "\n": out += "&#10;"
            case "\r": out += "&#13;"
            default: if allowed(u) { out.unicodeScalars.append(u) } else { out += replaceForbidden(u) }
            }
        }
        return out
    }
}
