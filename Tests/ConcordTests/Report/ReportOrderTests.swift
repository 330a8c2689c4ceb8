import ConcordFormats
import ConcordImplementations
@testable import ConcordJudging
import ConcordLoading
@testable import ConcordReport
@testable import ConcordReportFormat
import Foundation
import Testing
import ConcordTestSupport

/// The HTML report and the Markdown suite table show failing and erroring suites first (open),
/// then pending ones (open), then suites with only something to note (closed), then passing ones
/// (closed), each group in run order (docs/html-report.md, docs/reports.md). The run is built by
/// hand: no adapter starts.
@Suite struct ReportOrderTests {
    static func vector(_ suite: String, _ id: String, line: Int) -> Vector {
        Vector(suite: suite, id: id, file: "vectors/\(suite).yaml", line: line, column: 3, comment: nil, flags: [], op: nil,
               result: .valid, input: rfc9106Request.input, expect: .outputs([("key", .value(.bytes(rfc9106Tag)))]), inputOrder: [])
    }

    static func pass(_ impl: String = "a") -> ImplementationResult {
        ImplementationResult(implementation: impl, status: .pass, outcome: .outputs(["key": .bytes(rfc9106Tag)]), seconds: 0.001)
    }

    /// One vector per entry, in this order; `kind` says what happened to it.
    static func run(_ entries: [(suite: String, kind: String)]) -> RunResult {
        var wrong = rfc9106Tag
        wrong[31] ^= 1
        let results = entries.enumerated().map { n, e -> VectorResult in
            let v = vector(e.suite, "v\(n)", line: 10 + n)
            switch e.kind {
            case "fail":
                let m = Mismatch(field: "key", expected: Hex.encode(rfc9106Tag), actual: Hex.encode(wrong),
                                 expectedValue: .bytes(rfc9106Tag), actualValue: .bytes(wrong), offset: 31, explanation: "key differs — no known cause")
                return VectorResult(vector: v, status: .fail, implementations: [
                    ImplementationResult(implementation: "a", status: .fail, outcome: .outputs(["key": .bytes(wrong)]), mismatches: [m], seconds: 0.001)])
            case "error":
                return VectorResult(vector: v, status: .error, implementations: [
                    ImplementationResult(implementation: "a", status: .error, outcome: .error("a: timed out after 300 s"), seconds: 300)],
                    note: "an implementation could not run it")
            case "pending":
                return VectorResult(vector: v, status: .pending, implementations: [pass()])
            case "warning":
                return VectorResult(vector: v, status: .pass, implementations: [pass()], warnings: ["the id contains |"])
            case "diverge":
                return VectorResult(vector: v, status: .pass, implementations: [pass(), pass("b")], divergence: "a and b differ")
            case "unsupported":
                return VectorResult(vector: v, status: .pass, implementations: [
                    pass(), ImplementationResult(implementation: "b", status: .unsupported, outcome: .unsupported("p = 4"), seconds: 0)])
            default:
                return VectorResult(vector: v, status: .pass, implementations: [pass()])
            }
        }
        return RunResult(implementations: [ImplementationInfo(name: "a", version: "1", startFailure: nil, processStarts: 1),
                                           ImplementationInfo(name: "b", version: "1", startFailure: nil, processStarts: 1)],
                         results: results, summary: RunSummary(results), wallSeconds: 0.5, workers: 1)
    }

    /// The HTML's suite sections in page order, each with whether its `<details>` is open.
    static func sections(_ html: String) -> [(suite: String, open: Bool, vectors: Int)] {
        html.components(separatedBy: "<section class=\"suite\" data-suite=\"").dropFirst().map { part in
            let suite = String(part.prefix { $0 != "\"" })
            let details = part.components(separatedBy: "\n").dropFirst().first ?? ""
            let open = details.hasPrefix("<details open data-open=\"true\">")
            #expect(open || details.hasPrefix("<details data-open=\"false\">"), "\(details)")
            return (suite, open, part.components(separatedBy: "<tbody class=\"v\"").count - 1)
        }
    }

    /// The Markdown suite table's suites, in row order.
    static func tableSuites(_ md: String) -> [String] {
        md.components(separatedBy: "\n").filter { $0.hasPrefix("| `") }.map { line in
            String(line.dropFirst(3).prefix { $0 != "`" })
        }
    }

    @Test func failingAndErroringSuitesComeFirstAndOpenWarningsAfterClosed() {
        let run = Self.run([("passing", "pass"), ("warned", "warning"), ("failing", "fail"), ("erroring", "error")])
        let html = HTMLReport.render(run)
        let s = Self.sections(html)
        #expect(s.map(\.suite) == ["failing", "erroring", "warned", "passing"])
        #expect(s.map(\.open) == [true, true, false, false])
        // Every vector is still there, once.
        #expect(s.map(\.vectors) == [1, 1, 1, 1])
        // A closed suite says why it is not among the passing ones.
        let warned = html.components(separatedBy: "data-suite=\"warned\"")[1].components(separatedBy: "</summary>")[0]
        #expect(warned.contains("<span class=\"badge c-warn\">1 with warnings</span>"), "\(warned)")

        let md = MarkdownReport.render(run)
        #expect(Self.tableSuites(md) == ["failing", "erroring", "warned", "passing"], "\(md)")
        // The failure and the error are still there, failures first.
        let f = md.range(of: "### ❌ Failures (1)"), e = md.range(of: "### ⚠️ Errors (1)")
        #expect(f != nil && e != nil && f!.lowerBound < e!.lowerBound)
        #expect(md.contains("### ⚠️ Warnings (1)"))
    }

    @Test func pendingIsOpenAfterFailuresUnsupportedAndDivergencesAreNotedAndEachGroupKeepsRunOrder() {
        let run = Self.run([("p1", "pass"), ("u", "unsupported"), ("pend", "pending"), ("e", "error"), ("d", "diverge"),
                            ("f", "pass"), ("f", "fail"), ("p2", "pass"), ("pend", "fail"), ("w", "warning"), ("e", "pass")])
        let s = Self.sections(HTMLReport.render(run))
        // `pend` has a failure too: it is failing, in run order with `e` and `f`.
        #expect(s.map(\.suite) == ["pend", "e", "f", "u", "d", "w", "p1", "p2"])
        #expect(s.map(\.open) == [true, true, true, false, false, false, false, false])
        #expect(s.map(\.vectors).reduce(0, +) == run.results.count)
        #expect(Self.tableSuites(MarkdownReport.render(run)) == ["pend", "e", "f", "u", "d", "w", "p1", "p2"])

        let pending = Self.run([("p1", "pass"), ("w", "warning"), ("pend", "pending"), ("f", "fail")])
        let t = Self.sections(HTMLReport.render(pending))
        #expect(t.map(\.suite) == ["f", "pend", "w", "p1"])
        #expect(t.map(\.open) == [true, true, false, false])
        #expect(Self.tableSuites(MarkdownReport.render(pending)) == ["f", "pend", "w", "p1"])
    }
}
