import ConcordFormats
import ConcordImplementations
import ConcordJudging
import ConcordSuites

/// A finding as a vector, ready for a vector file (concord-vectors/1) of its suite.
public struct VectorDraft: Sendable {
    /// What the vector expects.
    public enum Expectation: Sendable {
        /// `result: valid` with these outputs (the op's expect fields, in its order).
        case valid([(String, Value)])
        /// `result: invalid`, with the class (nil: any refusal).
        case invalid(ErrorClass?)
        /// `result: pending`: nothing is expected; every side's answer is in `answers`.
        case pending
    }
    public var id: String
    public var op: String?
    public var expect: Expectation
    public var input: Fields
    /// What the vector's comment says, before the answers and the source.
    public var comment: String
    /// Every side's answer, by its label (implementations and who wrote them), written into the
    /// comment of a pending vector.
    public var answers: [(who: String, answer: Reply)]
    /// `review`: nothing is expected until a person (or an independent implementation) settles it.
    public var needsReview: Bool
    /// How the finding was made and whose answer is expected (or why none is): the vector's part of
    /// the file's `source:`.
    public var source: String

    public var isPending: Bool { if case .pending = expect { return true } else { return false } }
    /// The expected outputs of a valid vector (none otherwise).
    public var outputs: [(String, Value)] { if case .valid(let o) = expect { return o } else { return [] } }
}

extension Finding {
    /// The vector that holds this finding (nil for an error no other implementation answered, and
    /// for libraries' disagreement, whose input the finding it came from holds). A round trip
    /// expects its input's own value. Otherwise the testimony decides (`WitnessRule`): the answer of
    /// the side a library's own code gave with another implementation agreeing; else the vector is
    /// pending, with every side's answer, flagged for review. Never the app under test's answer
    /// alone, never Concord's own ports' alone.
    public func draft(op spec: OpSpec) -> VectorDraft? {
        let id = "explore-\(op ?? "op")-\(seed)-\(caseNumber)"
        let names = sides.map(\.label).joined(separator: " vs ")
        let classes = classes(op: spec)
        let made = "concord explore --seed \(seed) --case \(caseNumber) (\(suite) \(op ?? ""))"
            + (classes.isEmpty ? "" : " [input classes: " + classes.joined(separator: "; ") + "]")
        if let (field, value) = compared {
            return VectorDraft(id: id, op: op, expect: .valid([(field, value)]), input: input, comment: "\(made): \(names)",
                               answers: [], needsReview: false,
                               source: "\(made): \(names); \(rule); expected: the input's own \(field) (a round trip opens to what was sealed, whoever sealed it)")
        }
        guard kind != .librariesDisagree, let t = testimony, !t.answers.isEmpty else { return nil }
        let everyone = t.answers.map(\.label).joined(separator: " vs ")
        guard let (answer, agreed) = t.expected else {
            guard case .pending(let why) = t.decision else { return nil }
            let because = WitnessRule.explain(why, sides: t.answers.map(\.members))
            return VectorDraft(id: id, op: op, expect: .pending, input: input,
                               comment: "\(made): \(names); \(because); nothing is expected until it is settled",
                               answers: t.answers.map { ($0.members.map(\.described).joined(separator: ", "), $0.reply) }, needsReview: true,
                               source: "\(made): \(everyone); \(rule); pending: \(because)")
        }
        let expect: VectorDraft.Expectation
        switch answer.reply {
        case .outputs(let o): expect = .valid(spec.expects.compactMap { f in o[f.name].map { (f.name, $0) } })
        case .refused(let c, _): expect = .invalid(c == .unclassified ? nil : c)
        case .error: return nil
        }
        let agreement = WitnessRule.agreement(agreed)
        return VectorDraft(id: id, op: op, expect: expect, input: input,
                           comment: "\(made): \(names); expect from \(agreed.map(\.name).joined(separator: "+"))",
                           answers: [], needsReview: false, source: "\(made): \(everyone); \(rule); expected: \(agreement)")
    }
}

extension VectorDraft {
    public static let header = "# Written by concord explore"

    /// The vector file (concord-vectors/1) of one suite's drafts; `quote` writes a YAML
    /// double-quoted scalar, `value` a value as a vector file writes it (ConcordWorkflows' Fill
    /// has both, one layer beside this one). Its `source:` names, per vector, the implementations
    /// that agreed on the expected value and who wrote each (or why it is pending).
    public static func file(_ suite: Suite, _ drafts: [VectorDraft], quote: (String) -> String, value: (Value) -> String) -> String {
        var out = [header + " (docs/exploration.md): review each vector before adding it to a suite.",
                   "format: concord-vectors/1", "suite: \(suite.name)",
                   "title: " + quote("Divergences found by concord explore in \(suite.name)"),
                   "source: " + quote("Generated inputs, shrunk, by " + drafts.map(\.source).joined(separator: "; ")
                                      + ". An expected value is the answer of a library's own code that another implementation (a library or a Concord port) agreed with, or a round trip's own input; never the app under test's, never Concord's own ports' alone."),
                   "notes:",
                   "  explored: " + quote("found by concord explore; expect is the answer of a library's own code that another implementation agreed with (the implementations are named in the source), or a round trip's own input"),
                   "  review: " + quote("not settled: no library's own code answered with another implementation agreeing, or the libraries disagree; result: pending, every side's answer in the comment. Settle it (a published value, or an independent implementation) and write the expected value"),
                   "vectors:"]
        var ids = Set<String>()
        for d in drafts {
            // Several findings of one case (the cells of a round trip) get -2, -3, … (ids are unique per suite).
            var id = d.id, n = 1
            while ids.contains(id) { n += 1; id = d.id + "-\(n)" }
            ids.insert(id)
            out.append("  - id: \(id)")
            if let op = d.op { out.append("    op: \(op)") }
            let answers = d.answers.map { "\($0.who) answered \(Self.answer($0.answer, value: value))" }
            out.append("    comment: " + quote(([d.comment] + answers).joined(separator: "; ")))
            out.append("    flags: [explored\(d.needsReview ? ", review" : "")]")
            switch d.expect {
            case .invalid: out.append("    result: invalid")
            case .pending: out.append("    result: pending")
            case .valid: break
            }
            if d.input.isEmpty { out.append("    input: {}") } else { out.append("    input:") }
            for (k, v) in d.input { out.append("      \(k): \(value(v))") }
            switch d.expect {
            case .valid(let outputs):
                if outputs.isEmpty { out.append("    expect: {}") } else { out.append("    expect:") }
                for (k, v) in outputs { out.append("      \(k): \(value(v))") }
            case .invalid(let c?):
                out.append("    expect:")
                out.append("      error: \(c.rawValue)")
            case .invalid(nil), .pending:
                break
            }
        }
        return out.joined(separator: "\n") + "\n"
    }

    /// An answer as a comment shows it: `outputs tag: {hex: …}` (each field as a vector file writes
    /// it, sorted), `accepted` (no outputs), `refused (format: message)`.
    static func answer(_ r: Reply, value: (Value) -> String) -> String {
        switch r {
        case .outputs(let o): return o.isEmpty ? "accepted (no outputs)" : "outputs " + o.keys.sorted().map { "\($0): \(value(o[$0]!))" }.joined(separator: ", ")
        case .refused(let c, let m): return "refused (\(c.rawValue): \(m))"
        case .error(let why): return "error (\(why))"
        }
    }
}
