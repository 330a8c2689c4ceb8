import ConcordImplementations
import ConcordJudging

/// The order the HTML report's suite sections and the Markdown suite table show suites in: what
/// needs a person first (docs/html-report.md, docs/reports.md). Within a group, suites keep the
/// order of their first vector in the run.
enum SuiteOrder {
    enum Group: Int, Comparable, CaseIterable {
        /// A vector failed or could not be checked (`fail`, `error`): shown first, open.
        case failing
        /// A vector still has a placeholder (`pending`), none failed: its computed values are there
        /// to be copied, so open.
        case pending
        /// Every vector passed, but one has a divergence, a warning or an unsupported
        /// implementation: closed.
        case noted
        /// Every vector passed on every implementation that ran it, with nothing to note: closed.
        case passing

        static func < (a: Group, b: Group) -> Bool { a.rawValue < b.rawValue }

        /// Whether the suite's section is open when the page is not filtered.
        var isOpen: Bool { self == .failing || self == .pending }
    }

    static func group(_ results: [VectorResult]) -> Group {
        if results.contains(where: { $0.status == .fail || $0.status == .error }) { return .failing }
        if results.contains(where: { $0.status == .pending }) { return .pending }
        if results.contains(where: { r in
            r.divergence != nil || !r.warnings.isEmpty || r.implementations.contains { $0.status == .unsupported }
        }) { return .noted }
        return .passing
    }

    /// The results by suite, suites in report order: by group, then by first appearance in the run.
    static func suites(_ results: [VectorResult]) -> [(suite: String, group: Group, results: [VectorResult])] {
        var order: [String] = []
        var bySuite: [String: [VectorResult]] = [:]
        for r in results {
            if bySuite[r.vector.suite] == nil { order.append(r.vector.suite) }
            bySuite[r.vector.suite, default: []].append(r)
        }
        let grouped = order.map { (suite: $0, group: group(bySuite[$0]!), results: bySuite[$0]!) }
        // Stable: one pass per group, each in run order.
        return Group.allCases.flatMap { g in grouped.filter { $0.group == g } }
    }
}
