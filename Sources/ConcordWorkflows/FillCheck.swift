import ConcordScheduling
import ConcordJudging
import ConcordFormats
import ConcordImplementations
import ConcordLoading
import ConcordSuites

/// `fill --from`: captured values are not written on a device's word alone (issue 12 item 3).
/// Several captured files (`--from A --from B`) must agree with each other, and the live
/// implementations that run a vector must compute the captured value; a contradiction leaves the
/// placeholder, showing both values and the explanation, unless `--trust-captured` is given.
extension Fill {
    /// The captured decision over several files: each file with a result for the vector takes part
    /// (a file without one is left out: a device may run a subset), and they must all give the same
    /// value. One file decides alone as before.
    /// `context`: the vector's input, for the explanation rules run between two captures that disagree.
    public static func agree(captured sources: [Captured], _ p: Placeholder, context: Fields = [:]) -> Decision {
        if sources.count == 1 { return sources[0].decide(p) }
        let taking = sources.filter { $0.results[p.vector] != nil }
        guard !taking.isEmpty else {
            return .refuse("no captured file has a result for \(p.vector) (\(sources.map { "captured:\($0.name)" }.joined(separator: ", ")))")
        }
        let decisions = taking.map { ("captured:\($0.name)", $0.decide(p)) }
        let values = filled(decisions)
        if values.count == decisions.count, let first = values.first, values.allSatisfy({ identical($0.1, first.1) }) {
            return .fill(first.1, source: values.map(\.0).joined(separator: ", "))
        }
        var lines = decisions.map { who, d -> String in
            switch d {
            case .fill(let v, _): return "\(who) gave \(VectorFileWriter.value(v, json: false))"
            case .refuse(let why): return why
            }
        }
        // The same rules as a run's mismatches, between the first capture and each that differs.
        if let (firstWho, firstValue) = values.first {
            for (who, v) in values.dropFirst() where !identical(v, firstValue) {
                let cause = Explanations.match(expected: firstValue, actual: v, context: context)?.text ?? Explanations.noKnownCause
                lines.append("\(firstWho) against \(who): " + Explanations.naming(cause, expected: firstWho, actual: who))
            }
        }
        return .refuse("the captured files disagree:\n" + lines.map { "    " + $0 }.joined(separator: "\n"))
    }

    /// The values among named decisions (the refusals left out), in order.
    static func filled(_ decisions: [(String, Decision)]) -> [(String, Value)] {
        decisions.compactMap { who, d in if case .fill(let v, _) = d { return (who, v) } else { return nil } }
    }

    /// Each captured file's value for `p` when they disagree (empty when they agree, when only one
    /// file takes part, or when a file refuses the placeholder).
    public static func disagreement(captured sources: [Captured], _ p: Placeholder) -> [(String, Value)] {
        guard sources.count > 1 else { return [] }
        let values = filled(sources.filter { $0.results[p.vector] != nil }.map { ("captured:\($0.name)", $0.decide(p)) })
        guard let first = values.first, values.contains(where: { !identical($0.1, first.1) }) else { return [] }
        return values
    }

    /// What the live implementations made of the captured values: each vector with a captured
    /// value run with that value in place of its placeholder, so that a live implementation that
    /// computes something else fails it with the runner's own mismatch and explanation.
    public struct LiveCheck: Sendable {
        /// Per vector (`suite/id`): each live implementation's verdict on the captured values.
        public var results: [String: [ImplementationResult]] = [:]

        public init(results: [String: [ImplementationResult]] = [:]) { self.results = results }

        /// The captured decision, confirmed or refused against the live answers. `disagreeing`: when
        /// the captured files disagree, each one's value, so the refusal says which the live
        /// implementations computed.
        public func decide(_ p: Placeholder, captured: Decision, disagreeing: [(String, Value)] = []) -> Decision {
            if case .refuse(let why) = captured, !disagreeing.isEmpty {
                // Each live implementation's value for the field, read once.
                let live = (results[p.vector] ?? []).compactMap { r -> (String, Value)? in
                    if case .outputs(let o) = r.outcome, let got = o[p.field] { return (r.implementation, got) } else { return nil }
                }
                let sides = disagreeing.map { who, value -> String in
                    let same = live.filter { identical($0.1, value) }.map(\.0)
                    return same.isEmpty ? "no live implementation computed \(who)'s value" : "\(same.joined(separator: ", ")) computed \(who)'s value"
                }
                let others = live.filter { l in !disagreeing.contains { identical($0.1, l.1) } }
                    .map { "\($0.0) computed \(VectorFileWriter.value($0.1, json: false)), neither captured value" }
                return .refuse(why + "\n" + (sides + others).map { "    " + $0 }.joined(separator: "\n"))
            }
            guard case .fill(let value, let source) = captured else { return captured }
            let impls = results[p.vector] ?? []
            var confirmed: [String] = [], contradicted: [String] = [], skipped: [String] = []
            for r in impls {
                switch r.status {
                case .unsupported, .error:
                    let why: String
                    switch r.outcome {
                    case .unsupported(let w), .error(let w): why = w
                    default: why = ""
                    }
                    skipped.append("\(r.implementation): \(r.status.rawValue)\(why.isEmpty ? "" : " (\(why))")")
                case .fail where r.mismatches.contains { $0.field == p.field || $0.field == "result" }:
                    let m = r.mismatches.first { $0.field == p.field } ?? r.mismatches.first { $0.field == "result" }!
                    let computed: String
                    if m.field == "result" { computed = m.actual } else if let v = m.actualValue { computed = "computed \(VectorFileWriter.value(v, json: false))" } else { computed = "computed \(m.actual)" }
                    // The runner compared the captured value as "expected": named here as what it is.
                    contradicted.append("\(r.implementation) \(computed)" + (m.explanation.map { ": " + Explanations.naming($0, expected: source, actual: r.implementation) } ?? ""))
                default:
                    if case .outputs(let o) = r.outcome, let got = o[p.field], identical(got, value) { confirmed.append(r.implementation) }
                }
            }
            if contradicted.isEmpty {
                if confirmed.isEmpty { return .fill(value, source: "\(source); no live implementation computed it") }
                return .fill(value, source: "\(source), confirmed by \(confirmed.joined(separator: ", "))")
            }
            let lines = ["\(source) gave \(VectorFileWriter.value(value, json: false))"] + contradicted
                + confirmed.map { "\($0) computed the captured value" } + skipped
            return .refuse("the live implementations contradict the captured value:\n" + lines.map { "    " + $0 }.joined(separator: "\n")
                           + "\n    (--trust-captured writes the captured value anyway)")
        }
    }

    /// Runs every vector that has a captured value for a placeholder, the value in its place, on
    /// the live implementations (those that do not implement a suite report it unsupported).
    /// `disagreeing`: the vectors whose captured files disagree, run as they are (their
    /// placeholders pending) so that each live implementation's value can be set beside the captures.
    public static func liveCheck(_ vectors: [Vector], placeholders: [Placeholder], captured: (Placeholder) -> Decision,
                                 disagreeing: Set<String> = [],
                                 implementations: [any Implementation], configuration: RunConfiguration = RunConfiguration()) -> LiveCheck {
        var values: [String: [String: Value]] = [:]   // vector → field → captured value
        for p in placeholders {
            if case .fill(let v, _) = captured(p), fits(v, p.type) { values[p.vector, default: [:]][p.field] = v }
        }
        var checks: [Vector] = []
        for var v in vectors where v.hasPlaceholder {
            if values[v.name] == nil && disagreeing.contains(v.name) { checks.append(v); continue }
            guard let fields = values[v.name], case .outputs(let expected) = v.expect else { continue }
            v.expect = .outputs(expected.map { e in (e.field, fields[e.field].map { .value($0) } ?? e.expected) })
            checks.append(v)
        }
        guard !checks.isEmpty else { return LiveCheck() }
        let run = Runner(implementations: implementations, configuration: configuration).run(checks)
        var out = LiveCheck()
        for r in run.results { out.results[r.vector.name] = r.implementations }
        return out
    }
}
