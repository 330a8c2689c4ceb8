import ConcordFormats
import ConcordImplementations
import ConcordJudging
import ConcordSuites

/// One divergence a case showed (a case may show several: two implementations erring, a round
/// trip failing in two cells).
public struct Observation: Sendable {
    public var kind: Finding.Kind
    public var signature: String
    public var sides: [Side]
    public var rule: String
}

/// What a case showed: the divergences, whether at least two implementations' answers were
/// compared, and which implementations answered `unsupported`.
public struct CaseResult: Sendable {
    public var observations: [Observation] = []
    public var compared = false
    public var unsupported: [Int] = []
}

/// One implementation as an oracle sees it: its place, name, whether it is a witness, its function.
struct Oracle: Sendable {
    var slot: Int
    var name: String
    var outside: Bool
    var run: @Sendable (Request) -> Outcome
}

/// The oracles (docs/exploration.md, "What counts as a finding"): every implementation that runs
/// an op must give the same outputs byte for byte, or a refusal of the same class (`unclassified`
/// matches any class); an `error` is a finding of its own; a round trip is sealed by every
/// implementation and opened by every one, and must find its input's value.
enum Judgement {
    static func direct(_ t: Target, _ input: Fields, _ oracles: [Oracle]) -> CaseResult {
        var r = CaseResult()
        var answered: [(Oracle, Reply)] = []
        let request = Request(suite: t.suite.name, op: t.op.name, input: input)
        let names = t.outputNames
        var errors: [(Oracle, String)] = []
        for o in oracles {
            switch o.run(request) {
            case .unsupported: r.unsupported.append(o.slot)
            case .error(let why):
                errors.append((o, why))
            case .refused(let e): answered.append((o, .refused(e.errorClass, e.message)))
            case .outputs(let out):
                answered.append((o, .outputs(out.count == names.count && out.keys.allSatisfy(names.contains) ? out : out.filter { names.contains($0.key) })))
            }
        }
        // An error is a finding of its own; the others' answers are its other sides (the vector's expect).
        for (o, why) in errors {
            var e = errorObservation(t.suite.name, t.opLabel, o, why)
            e.sides += sides(answered).sides
            r.observations.append(e)
        }
        guard answered.count >= 2 else { return r }
        r.compared = true
        if let d = divergence(t.suite.name, t.opLabel, answered, expects: t.expectNames, context: input) {
            r.observations.append(d)
        }
        return r
    }

    static func errorObservation(_ suite: String, _ op: String, _ o: Oracle, _ why: String) -> Observation {
        Observation(kind: .error, signature: "\(suite) \(op): \(o.name) error (\(errorCategory(why)))", sides: [Side(implementations: [o.name], answer: .error(why), outside: o.outside)],
                    rule: "error")
    }

    /// Whether the answers agree, decided without building sides (the common case, every case).
    static func agree(_ answered: [(Oracle, Reply)]) -> Bool {
        guard let first = answered.first else { return true }
        switch first.1 {
        case .outputs(let v):
            for (_, a) in answered.dropFirst() { guard case .outputs(let w) = a, w == v else { return false } }
            return true
        case .refused:
            var stated: ErrorClass? = nil
            for (_, a) in answered {
                guard case .refused(let c, _) = a else { return false }
                if c == .unclassified { continue }
                if let s = stated, s != c { return false }
                stated = c
            }
            return true
        case .error:
            return false
        }
    }

    /// The answers grouped into sides: equal outputs, refusals of one class (`unclassified`
    /// joining the one stated class there is), outputs first.
    static func sides(_ answered: [(Oracle, Reply)]) -> (sides: [Side], outputs: Int, refusals: Int) {
        var outputs: [(value: [String: Value], members: [Oracle])] = []
        var refusals: [(cls: ErrorClass, members: [Oracle], message: String)] = []
        var unclassified: [Oracle] = []
        var unclassifiedMessage = ""
        for (o, a) in answered {
            switch a {
            case .outputs(let v):
                if let k = outputs.firstIndex(where: { $0.value == v }) { outputs[k].members.append(o) } else { outputs.append((v, [o])) }
            case .refused(.unclassified, let m):
                unclassified.append(o)
                unclassifiedMessage = m
            case .refused(let c, let m):
                if let k = refusals.firstIndex(where: { $0.cls == c }) { refusals[k].members.append(o) } else { refusals.append((c, [o], m)) }
            case .error: break
            }
        }
        if !unclassified.isEmpty {
            if refusals.count == 1 { refusals[0].members += unclassified }
            else { refusals.append((.unclassified, unclassified, unclassifiedMessage)) }
        }
        func side(_ members: [Oracle], _ a: Reply) -> Side {
            let sorted = members.sorted { $0.slot < $1.slot }
            return Side(implementations: sorted.map(\.name), answer: a, outside: sorted.contains { $0.outside })
        }
        var sides = outputs.map { side($0.members, .outputs($0.value)) }.sorted { $0.implementations.lexicographicallyPrecedes($1.implementations) }
        sides += refusals.map { side($0.members, .refused($0.cls, $0.message)) }.sorted { $0.answer.word < $1.answer.word }
        return (sides, outputs.count, refusals.count)
    }

    /// What kind of error a message tells of, for the signature: a `hang` (no answer within the
    /// timeout), a `crash` (the process exited), else `error` (nonsense, a fault).
    static func errorCategory(_ why: String) -> String {
        if why.contains("gave no answer within") || why.contains("declared dead") { return "hang" }
        if why.contains("exited") { return "crash" }
        return "error"
    }

    /// The sides of answers that do not all agree, nil when they do.
    static func divergence(_ suite: String, _ op: String, _ answered: [(Oracle, Reply)], expects: [String], context: Fields) -> Observation? {
        if agree(answered) { return nil }
        let (sides, outputs, refusals) = sides(answered)
        guard outputs + refusals > 1 else { return nil }
        let rule: String
        if outputs >= 2 {
            // The first differing field, the witness side's value as the expected one.
            let reference = sides.first(where: { $0.outside }) ?? sides[0]
            let other = sides.first { $0 != reference && $0.answer.word == "outputs" }!
            guard case .outputs(let a) = reference.answer, case .outputs(let b) = other.answer else { return nil }
            let field = expects.first { a[$0] != b[$0] } ?? a.keys.sorted().first { a[$0] != b[$0] }
            if let field, let x = a[field], let y = b[field] {
                rule = Explanations.match(expected: x, actual: y, context: context)?.rule ?? Explanations.noKnownCause
            } else {
                rule = "missing \(field ?? "output")"
            }
        } else if outputs > 0 {
            rule = "accepted or refused"
        } else {
            rule = "refusal classes differ"
        }
        return Observation(kind: .divergence, signature: "\(suite) \(op): " + sides.map(\.label).joined(separator: " vs ") + " [\(rule)]",
                           sides: sides, rule: rule)
    }

    /// A round trip: every sealer seals the input, every opener opens every sealed value and must
    /// find the input's `compared` value.
    static func roundtrip(_ t: Target, _ rt: RoundtripSpec, _ input: Fields, sealers: [Oracle], openers: [Oracle]) -> CaseResult {
        var r = CaseResult()
        let suite = t.suite.name
        let sealRequest = Request(suite: suite, op: rt.sealOp, input: input)
        var sealed: [(Oracle, Reply)] = []
        var carried: [(Oracle, Value)] = []
        for s in sealers {
            switch s.run(sealRequest) {
            case .unsupported: r.unsupported.append(s.slot)
            case .error(let why): r.observations.append(errorObservation(suite, rt.sealOp, s, why))
            case .refused(let e): sealed.append((s, .refused(e.errorClass, e.message)))
            case .outputs(let out):
                // Sealed values are random: only whether a seal was made is compared.
                sealed.append((s, .outputs([:])))
                if let v = out[rt.carried] { carried.append((s, v)) }
                else { r.observations.append(errorObservation(suite, rt.sealOp, s, "\(s.name) sealed without \(rt.carried)")) }
            }
        }
        if sealed.count >= 2 {
            r.compared = true
            if let d = divergence(suite, rt.sealOp, sealed, expects: [], context: input) { r.observations.append(d) }
        }
        let expected = input[rt.compared]
        for (s, value) in carried {
            var fields: [(String, Value)] = [(rt.carried, value)]
            for f in rt.openInputs { if let v = input[f] { fields.append((f, v)) } }
            let request = Request(suite: suite, op: rt.openOp, input: Fields(ordered: fields))
            for o in openers {
                let got = o.run(request)
                let answer: Reply
                var rule = "refused"
                switch got {
                case .unsupported: r.unsupported.append(o.slot); continue
                case .error(let why): r.observations.append(errorObservation(suite, rt.openOp, o, why)); continue
                case .refused(let e): answer = .refused(e.errorClass, e.message)
                case .outputs(let out):
                    r.compared = true
                    guard let expected else { continue }
                    guard let v = out[rt.compared] else { answer = .outputs(out); rule = "missing \(rt.compared)"; break }
                    if v == expected { continue }
                    answer = .outputs([rt.compared: v])
                    rule = Explanations.match(expected: expected, actual: v, context: input)?.rule ?? Explanations.noKnownCause
                }
                r.compared = true
                let sides = [Side(implementations: [s.name], answer: .outputs([rt.carried: value]), outside: s.outside),
                             Side(implementations: [o.name], answer: answer, outside: o.outside)]
                r.observations.append(Observation(kind: .roundtrip(sealer: s.name, opener: o.name),
                                                  signature: "\(suite) \(rt.op): \(s.name) seals, \(o.name) opens: \(answer.word) [\(rule)]",
                                                  sides: sides, rule: rule))
            }
        }
        return r
    }
}
