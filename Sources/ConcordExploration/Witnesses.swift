import ConcordFormats
import ConcordImplementations
import ConcordJudging
import ConcordSuites
import ConcordPacks

/// Every implementation's answer to a finding's shrunk input, grouped as exploration groups
/// answers, each implementation with who wrote its code for the suite, and the witness rule's
/// decision (docs/exploration.md, "Whose answer a vector expects").
public struct Testimony: Sendable {
    /// The implementations that gave one answer.
    public struct Answer: Sendable {
        public var members: [WitnessRule.Member]
        public var reply: Reply
        public var label: String { members.map(\.name).joined(separator: "+") + " " + reply.word }
    }
    public var answers: [Answer]
    /// Implementations asked that gave nothing to compare (unsupported, an error), with why.
    public var silent: [(name: String, why: String)]
    public var decision: WitnessRule.Decision

    /// The expected answer and who agreed on it, nil when pending.
    public var expected: (answer: Answer, agreed: [WitnessRule.Member])? {
        if case .expect(let k, let agreed) = decision { return (answers[k], agreed) }
        return nil
    }
}

extension Explorer {
    /// Each finding's testimony: its sides (the explored implementations' answers to its shrunk
    /// input), joined by the answers of `witnesses` (implementations not explored, asked only now,
    /// prepared by the caller) to the same input, judged by `WitnessRule`. A finding whose libraries
    /// disagree (explored or asked) brings a `librariesDisagree` finding of its own, once per
    /// signature, unless it already is exactly that disagreement. Round trips are left as they are.
    public func settle(_ findings: [Finding], witnesses: [any Implementation] = []) -> [Finding] {
        var out: [Finding] = []
        var seen = Set(findings.map(\.signature))
        for var f in findings {
            guard let (testimony, disagreement) = testify(f, witnesses: witnesses) else { out.append(f); continue }
            f.testimony = testimony
            out.append(f)
            if let d = disagreement, seen.insert(d.signature).inserted { out.append(d) }
        }
        return out
    }

    /// Who wrote an explored implementation's code for a suite, as the rule counts it.
    func kind(_ name: String, suite: String) -> WitnessRule.Kind {
        WitnessRule.Kind(slots.first { $0.name == name }?.current.provenance(suite: suite))
    }

    func testify(_ f: Finding, witnesses: [any Implementation]) -> (Testimony, Finding?)? {
        guard f.compared == nil, f.kind == .divergence || f.kind == .error, let suite = Suites.all[f.suite],
              suite.roundtrip?.op == nil || suite.roundtrip?.op != f.op, let spec = suite.op(f.op) else { return nil }
        var kinds: [String: WitnessRule.Kind] = [:]
        var answered: [(Oracle, Reply)] = []
        var silent: [(name: String, why: String)] = []
        var asked = Set<String>()
        for side in f.sides {
            for name in side.implementations {
                asked.insert(name)
                if case .error(let why) = side.answer { silent.append((name, why)); continue }
                kinds[name] = kind(name, suite: f.suite)
                answered.append((Oracle(slot: answered.count, name: name, outside: kinds[name]!.isLibrary, run: { _ in .unsupported("") }), side.answer))
            }
        }
        let explored = Set(slots.map(\.name))
        let names = spec.outputNames
        let request = Request(suite: f.suite, op: f.op, input: f.input)
        for impl in witnesses where !asked.contains(impl.name) && !explored.contains(impl.name) && impl.startFailure == nil
            && impl.support(suite: f.suite, op: f.op) == .runs {
            asked.insert(impl.name)
            let reply: Reply
            switch impl.run(request) {
            case .outputs(let o): reply = .outputs(o.filter { names.contains($0.key) })
            case .refused(let e): reply = .refused(e.errorClass, e.message)
            case .unsupported(let why): silent.append((impl.name, "unsupported: " + why)); continue
            case .error(let why): silent.append((impl.name, "error: " + why)); continue
            }
            kinds[impl.name] = WitnessRule.Kind(impl.provenance(suite: f.suite))
            answered.append((Oracle(slot: answered.count, name: impl.name, outside: kinds[impl.name]!.isLibrary, run: { _ in .unsupported("") }), reply))
        }
        let grouped = Judgement.sides(answered).sides
        let answers = grouped.map { s in
            Testimony.Answer(members: s.implementations.map { WitnessRule.Member(name: $0, kind: kinds[$0]!) }, reply: s.answer)
        }
        let decision = WitnessRule.decide(answers.map(\.members))
        let testimony = Testimony(answers: answers, silent: silent, decision: decision)
        guard case .pending(.librariesDisagree(let k)) = decision else { return (testimony, nil) }
        // The libraries' own disagreement, as a finding of its own: their answers only.
        let libraries = answered.filter { kinds[$0.0.name]!.isLibrary }
        let alreadyIt = answered.count == libraries.count && f.kind == .divergence
        guard !alreadyIt, k.count > 1,
              let d = Judgement.divergence(f.suite, f.op ?? "-", libraries, expects: spec.expects.map(\.name), context: f.input) else { return (testimony, nil) }
        var own = f
        own.kind = .librariesDisagree
        own.signature = "\(f.suite) \(f.op ?? "-"): libraries disagree: " + d.sides.map(\.label).joined(separator: " vs ") + " [\(d.rule)]"
        own.sides = d.sides
        own.rule = d.rule
        own.occurrences = 1
        own.testimony = testimony
        return (testimony, own)
    }
}
