import ConcordSuites
import ConcordFormats
import ConcordImplementations
import ConcordLoading
import ConcordPacks
import ConcordSync

/// Judges one implementation's outcome against a vector, and a vector against all of its outcomes.
public enum Judge {
    /// `budget`: what explaining a mismatch may spend (the vector's, shared by its implementations),
    /// asked for at the first mismatch only.
    public static func implementation(_ name: String, _ outcome: Outcome, for v: borrowing Vector, seconds: Double,
                                      budget: @autoclosure () -> ExplanationBudget = ExplanationBudget()) -> ImplementationResult {
        implementation(ImplementationName.interned(name), outcome, for: v, seconds: seconds, budget: budget())
    }

    /// With the implementation's interned name (a worker holds one per batch of checks).
    static func implementation(_ name: Interned<ImplementationName>, _ outcome: consuming Outcome, for v: borrowing Vector, seconds: Double,
                               budget: @autoclosure () -> ExplanationBudget = ExplanationBudget()) -> ImplementationResult {
        // The verdict is decided first and the result made once at the end, the outcome moved into
        // it (a result made first and changed was copied and destroyed again on every check).
        var made: ExplanationBudget? = nil
        var status = ImplementationStatus.pass
        var mismatches: [Mismatch] = []
        var expectedOutputs = false
        switch outcome {
        case .unsupported:
            status = .unsupported
        case .error:
            status = .error
        case .outputs where v.result == .pending, .refused where v.result == .pending:
            // Not settled: the answer is shown, never compared, never a pass.
            status = .pending
        case .outputs(let outputs):
            switch (v.result, v.expect) {
            case (.invalid, .error(let cls)):
                status = .fail
                mismatches = [Mismatch(field: "result", expected: "a refusal" + (cls.map { " (\($0.rawValue))" } ?? ""),
                                       actual: "outputs " + render(outputs), offset: nil,
                                       explanation: "the implementation accepted an input the contract refuses")]
            case (_, .outputs(let fields)):
                var pending = false
                for (field, expected) in fields {
                    guard case .value(let want) = expected else { pending = true; continue }
                    guard let got = Self.output(outputs, field) else {
                        mismatches.append(Mismatch(field: field, expected: want.display, actual: "(missing)",
                                                   expectedValue: want, offset: nil,
                                                   explanation: "the implementation did not output \(field)"))
                        continue
                    }
                    if got != want {
                        if made == nil { made = budget() }
                        mismatches.append(mismatch(field, want, got, context: v.input, budget: made!))
                    }
                }
                status = !mismatches.isEmpty ? .fail : (pending ? .pending : .pass)
                // Outputs that are exactly the expected ones (every field equal, none more): the
                // result keeps a reference to the vector, not a dictionary of its own, which a run of
                // many small vectors held once per implementation (docs/history/2026-11-30-performance-*.md). The outputs
                // it gives back are equal, so everything made from the outcome (the reports) is the same.
                expectedOutputs = status == .pass && outputs.count == fields.count && v.hasExpectedOutputs
            default:
                status = .pass  // acceptable without stated outputs
            }
        case .refused(let e):
            switch (v.result, v.expect) {
            case (.valid, _):
                status = .fail
                mismatches = [Mismatch(field: "result", expected: "outputs", actual: "refused (\(e.errorClass.rawValue)): \(e.message)",
                                       offset: nil, explanation: nil)]
            case (_, .error(let cls?)) where !e.errorClass.matches(cls):
                status = .fail
                mismatches = [Mismatch(field: "error", expected: cls.rawValue, actual: "\(e.errorClass.rawValue): \(e.message)",
                                       offset: nil, explanation: "refused, but for another reason than the vector names")]
            default:
                status = .pass
            }
        }
        if expectedOutputs {
            var r = ImplementationResult(name: name, status: status, outcome: .unsupported(""), seconds: seconds)
            r.outputsAreExpected(of: v)
            return r
        }
        var r = ImplementationResult(name: name, status: status, outcome: outcome, seconds: seconds)
        if !mismatches.isEmpty {
            // Each at its expect entry when the file's place for it is known (`result`: the vector).
            let places = v.expectPlaces
            if !places.isEmpty {
                for k in mismatches.indices {
                    let field = mismatches[k].field == "result" ? nil : mismatches[k].field
                    if let p = places.first(where: { $0.field == field }) {
                        mismatches[k].line = p.line
                        mismatches[k].column = p.column
                    }
                }
            }
            r.mismatches = mismatches
        }
        return r
    }

    /// An output field: a handful of outputs are compared by name, not hashed.
    @inline(__always)
    static func output(_ outputs: [String: Value], _ field: String) -> Value? {
        if outputs.count > 4 { return outputs[field] }
        for (k, v) in outputs where k == field { return v }
        return nil
    }

    static func render(_ outputs: [String: Value]) -> String {
        outputs.keys.sorted().map { "\($0)=\(outputs[$0]!.display)" }.joined(separator: " ")
    }

    /// A byte-level mismatch: the first differing offset of the compared bytes.
    public static func mismatch(_ field: String, _ want: Value, _ got: Value, context: Fields = [:],
                                budget: ExplanationBudget = ExplanationBudget()) -> Mismatch {
        let a = want.comparableBytes, b = got.comparableBytes
        var offset = 0
        while offset < a.count && offset < b.count && a[offset] == b[offset] { offset += 1 }
        var explanation: String? = nil
        if a.count != b.count {
            explanation = "lengths differ: expected \(a.count) bytes, got \(b.count)"
            if offset == min(a.count, b.count) { explanation! += " (one is a prefix of the other)" }
        }
        // The known causes (Explanations.swift): appended to the length note, or "no known cause".
        let cause = Explanations.match(expected: want, actual: got, context: context, budget: budget)?.text
        explanation = [explanation, cause ?? (explanation == nil ? Explanations.noKnownCause : nil)].compactMap { $0 }.joined(separator: "; ")
        var m = Mismatch(field: field, expected: want.display, actual: got.display, expectedValue: want, actualValue: got,
                         offset: offset, explanation: explanation)
        if case .text(let e) = want, case .text(let g) = got { m.wire = Wire.difference(expected: e, actual: g, forms: Packs.wireForms) }
        return m
    }

    /// The vector's verdict from its implementations' verdicts.
    public static func vector(_ v: Vector, _ impls: [ImplementationResult]) -> VectorResult {
        var r = VectorResult(vector: v, status: .pass, implementations: impls, note: nil, divergence: nil)
        // The common case, decided without building anything: every implementation passed a vector
        // whose verdict needs no comparison between them (no placeholder; not `acceptable`, or one
        // implementation only).
        if !impls.isEmpty, impls.allSatisfy({ $0.status == .pass }), v.result != .acceptable || impls.count == 1, !v.hasPlaceholder {
            return r
        }
        let ran = impls.filter { $0.status != .unsupported && $0.status != .error }
        r.divergence = divergence(v, ran)
        if impls.contains(where: { $0.status == .fail }) {
            r.status = .fail
            r.note = unanimousAgainstExpect(ran)
        } else if impls.contains(where: { $0.status == .error }) {
            r.status = .error
            r.note = "an implementation could not run it"
        } else if ran.isEmpty {
            r.status = .error
            r.note = impls.isEmpty ? "no selected implementation implements the suite \(v.suite)"
                                   : "every selected implementation reported it unsupported: nothing checked it"
        } else if v.hasPlaceholder || v.result == .pending {
            r.status = .pending
        }
        return r
    }

    /// A pending vector's answers, grouped when they differ: equal outputs, refusals of one class
    /// (`unclassified` joining the one class stated), `a+b outputs vs c outputs vs d refused (format)`
    /// (the report shows each one's outputs).
    static func pendingDivergence(_ ran: [ImplementationResult]) -> String? {
        var groups: [(answer: String, outputs: [String: Value]?, names: [String])] = []
        var unclassified: [String] = []
        for i in ran {
            switch i.outcome {
            case .outputs(let o):
                if let k = groups.firstIndex(where: { $0.outputs == o }) { groups[k].names.append(i.implementation) }
                else { groups.append(("outputs", o, [i.implementation])) }
            case .refused(let e) where e.errorClass == .unclassified:
                unclassified.append(i.implementation)
            case .refused(let e):
                let word = "refused (\(e.errorClass.rawValue))"
                if let k = groups.firstIndex(where: { $0.outputs == nil && $0.answer == word }) { groups[k].names.append(i.implementation) }
                else { groups.append((word, nil, [i.implementation])) }
            default: continue
            }
        }
        if !unclassified.isEmpty {
            let refusals = groups.indices.filter { groups[$0].outputs == nil }
            if refusals.count == 1 { groups[refusals[0]].names += unclassified } else { groups.append(("refused", nil, unclassified)) }
        }
        guard groups.count > 1 else { return nil }
        let parts = groups.map { g in g.names.sorted().joined(separator: "+") + " " + g.answer }.sorted()
        return "pending vector: the implementations disagree: " + parts.joined(separator: " vs ")
    }

    /// When every implementation that ran failed with the same outputs, the vector's expected
    /// value is the likelier mistake: say so.
    static func unanimousAgainstExpect(_ ran: [ImplementationResult]) -> String? {
        guard ran.count >= 2, ran.allSatisfy({ $0.status == .fail }),
              case .outputs(let first) = ran[0].outcome,
              ran.allSatisfy({ $0.outcome == .outputs(first) }) else { return nil }
        return "all \(ran.count) implementations computed the same outputs and disagree only with expect: check the expected value"
    }

    /// Whether the implementations that ran gave different answers where only agreement can be
    /// checked: placeholder fields, `acceptable` and `pending` vectors.
    static func divergence(_ v: Vector, _ ran: [ImplementationResult]) -> String? {
        guard ran.count > 1 else { return nil }
        if v.result == .pending { return pendingDivergence(ran) }
        if v.result == .acceptable {
            let refused = ran.filter { if case .refused = $0.outcome { return true }; return false }.map(\.implementation)
            if !refused.isEmpty && refused.count < ran.count {
                return "acceptable vector: \(refused.joined(separator: ", ")) refused it, the others accepted it"
                    + (TinkTemplateDivergence.cause(v.input).map { ": " + $0 } ?? "")
            }
        }
        guard case .outputs(let fields) = v.expect else { return nil }
        for (field, expected) in fields where expected == .placeholder {
            var groups: [Value: [String]] = [:]
            for i in ran { if case .outputs(let o) = i.outcome, let x = o[field] { groups[x, default: []].append(i.implementation) } }
            if groups.count > 1 {
                let parts = groups.values.map { $0.sorted().joined(separator: "+") }.sorted()
                return "the implementations disagree on \(field): \(parts.joined(separator: " vs "))"
            }
        }
        return nil
    }
}
