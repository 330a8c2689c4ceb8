import ConcordFiles
import ConcordFormats
import ConcordGeneration
import ConcordImplementations
import ConcordJudging
import ConcordLoading
import ConcordScenarioFormat
import ConcordSuites
import Foundation

/// `--record DIR` (docs/scenarios.md, "Recording"): each trial frozen into ordinary vector files,
/// every step a vector of its suite. A step is computed by every implementation that runs it, on the
/// inputs the earlier steps settled; its expected value is decided as exploration decides it
/// (`WitnessRule`: a library's own code with another implementation agreeing; the app's adapter is
/// the subject and never decides, Concord's ports never alone), or is the refusal the scenario
/// states when every implementation refuses so. Otherwise the vector is `result: pending`, every
/// side's answer in its comment, flagged `needs-review`; when they disagree and nothing settles it,
/// the trial is recorded up to that step.
public enum ScenarioRecorder {
    public static let reviewFlag = "needs-review"

    public struct Recording: Sendable {
        /// The files to write and their text, in order (`write` writes them).
        public var texts: [(path: String, text: String)] = []
        /// The files written, in order.
        public var files: [String] = []
        /// What was not recorded and why, and how many vectors need review.
        public var notes: [String] = []
        public var vectors = 0
        public var needingReview = 0
    }

    /// The implementations that gave one answer to a step, with who wrote each one's code.
    struct Side {
        var members: [WitnessRule.Member]
        var outcomes: [Outcome]
        var outcome: Outcome { merged(outcomes) }
    }

    /// Whose answer a recorded vector expects.
    enum Settled {
        /// The answer `agreed` gave (`WitnessRule`).
        case witnessed([WitnessRule.Member])
        /// A refusal of the class the scenario's step states (`refuses:`), which every implementation gave.
        case stated(ErrorClass)
        /// Nothing: the answer is not settled (why).
        case pending(String)
    }

    struct Recorded {
        var suite: Suite
        var step: Step
        var trial: Int
        var input: Fields
        /// The expected answer (the settled side's), or the only one when all agree.
        var outcome: Outcome
        var sides: [Side]
        var settled: Settled
        var isPending: Bool { if case .pending = settled { return true } else { return false } }
    }

    /// The captured-outputs file (`concord-outputs/1`) of an app's answers in a recording: what the
    /// app's adapter, the subject, answered at each recorded step it ran, so that `concord archive
    /// add DIR` keeps the artifacts it wrote (docs/archive.md, "From a scenario recording").
    public static func capturePath(dir: String, scenario: Scenario, seed: UInt64, subject: String) -> String {
        (dir as NSString).appendingPathComponent("\(scenario.name)-seed\(seed)-\(subject).outputs.json")
    }

    /// The file a suite's recorded vectors go to.
    public static func path(dir: String, scenario: Scenario, suite: Suite, seed: UInt64) -> String {
        (dir as NSString).appendingPathComponent("\(suite.name)/\(scenario.name)-seed\(seed).yaml")
    }

    /// The files `record` may write (one per suite of its steps): refused beforehand when one
    /// exists (a recording never replaces a file), or when an output of the command names one.
    public static func paths(dir: String, scenario: Scenario, seed: UInt64) -> [String] {
        var seen = Set<String>()
        return scenario.steps.compactMap { s in seen.insert(s.suite.name).inserted ? path(dir: dir, scenario: scenario, suite: s.suite, seed: seed) : nil }
    }

    /// Why the first of `paths` cannot be recorded (nil: none is in the way): it exists (a
    /// recording never replaces a file), or a symbolic link, a special file or a non-folder is on
    /// its way inside `dir` (FolderOutput: nothing is written through a link, even a dangling one).
    public static func obstacle(_ paths: [String], inside dir: String) -> String? {
        for p in paths {
            do {
                if try FolderOutput.check(p, inside: dir) == .file {
                    return "\(p) exists; a recording never replaces a file (record with another seed, or move it)"
                }
            } catch { return "\(error)" }
        }
        return nil
    }

    /// Records and writes at once (`recording`, then `write`).
    public static func record(_ plan: ScenarioPlan, runner: ScenarioRunner, configuration c: ScenarioConfiguration, into dir: String,
                              assignment: String) throws -> Recording {
        var r = recording(plan, runner: runner, configuration: c, into: dir, assignment: assignment)
        try write(&r, inside: dir)
        return r
    }

    /// Writes a recording's files inside `dir`, in order (each added to `files` once written): new
    /// files only, never through a symbolic link (FolderOutput).
    public static func write(_ r: inout Recording, inside dir: String) throws {
        for (file, text) in r.texts {
            try FolderOutput.write(Array(text.utf8), to: file, inside: dir, replacing: false)
            r.files.append(file)
        }
    }

    /// Every trial of the plan frozen into vector files' texts, nothing written: a command that
    /// records several scenarios checks every target before it writes the first.
    public static func recording(_ plan: ScenarioPlan, runner: ScenarioRunner, configuration c: ScenarioConfiguration, into dir: String,
                                 assignment: String) -> Recording {
        var out = Recording()
        var recorded: [Recorded] = []
        for i in 0..<c.trialCount(plan.scenario) {
            let t = c.trialNumber(i, plan.scenario)
            // The trial's flow (its blocks expanded, a written flow's own values) and its values.
            let (trialPlan, drawn) = ScenarioRunner.flow(plan, seed: c.seed, trial: t)
            let s = trialPlan.scenario
            let values: [String: Value]
            do { values = try drawn.get() } catch {
                out.notes.append("trial \(t) not recorded: \(error.description)")
                continue
            }
            var records: [String: StepRecord] = [:]
            steps: for step in s.steps {
                var input: [(String, Value)] = []
                var unresolved: String? = nil
                for (field, src) in step.input {
                    switch runner.resolve(src, values: values, records: records) {
                    case .success(let v): input.append((field, v))
                    case .failure(let why): unresolved = why.text
                    }
                    if unresolved != nil { break }
                }
                if let unresolved {
                    out.notes.append("trial \(t) recorded up to step \(step.id): \(unresolved)")
                    break
                }
                let fields = Fields(ordered: input)
                var sides: [Side] = []
                for impl in runner.implementations where impl.startFailure == nil && impl.support(suite: step.suite.name, op: step.op) == .runs {
                    let o = runner.ask(impl, step: step, input: fields, trial: t)
                    switch o {
                    case .outputs, .refused: break
                    default: continue
                    }
                    let member = WitnessRule.Member(name: impl.name, kind: WitnessRule.Kind(impl.provenance(suite: step.suite.name)))
                    if let k = sides.firstIndex(where: { ScenarioRunner.agree($0.outcomes[0], o) && ScenarioRunner.agree(o, $0.outcomes[0]) }) {
                        sides[k].members.append(member)
                        sides[k].outcomes.append(o)
                    } else {
                        sides.append(Side(members: [member], outcomes: [o]))
                    }
                }
                guard !sides.isEmpty else {
                    out.notes.append("trial \(t) recorded up to step \(step.id): no implementation answered it")
                    break
                }
                let label = { (side: Side) in side.members.map(\.name).joined(separator: ", ") }
                let settled: Settled
                let chosen: Side
                switch WitnessRule.decide(sides.map(\.members)) {
                case .expect(let k, let agreed):
                    chosen = sides[k]
                    settled = .witnessed(agreed)
                case .pending(let why):
                    let because = WitnessRule.explain(why, sides: sides.map(\.members))
                    // A refusal every implementation gives, of the class the scenario states, is the
                    // scenario's own (published) expectation.
                    if sides.count == 1, case .refused(let e) = sides[0].outcome, let c = step.refuses, e.errorClass.matches(c) {
                        chosen = sides[0]
                        settled = .stated(c)
                    } else if sides.count == 1 {
                        chosen = sides[0]
                        settled = .pending(because)
                    } else {
                        // They disagree and nothing settles it: the step is recorded pending, with
                        // every answer, and the trial ends there (no settled input for what follows).
                        recorded.append(Recorded(suite: step.suite, step: step, trial: t, input: fields, outcome: sides[0].outcome,
                                                 sides: sides, settled: .pending(because)))
                        out.notes.append("trial \(t) recorded up to step \(step.id), pending: the implementations disagree there (\(sides.map(label).joined(separator: " vs "))) and \(because.replacingOccurrences(of: "no independent witness: ", with: "")): run the scenario to see the cause")
                        break steps
                    }
                }
                let record = StepRecord(step: step.id, implementation: chosen.members[0].name, input: fields, outcome: chosen.outcome, seconds: 0)
                if let why = runner.judge(step, record, role: step.role) {
                    let who = sides.count == 1 ? "every implementation answers" : "the answer \(label(chosen)) settled is"
                    out.notes.append("trial \(t) recorded up to step \(step.id): \(who) otherwise than the scenario says (\(why.message))")
                    break
                }
                if sides.count > 1 {
                    let others = sides.filter { $0.members != chosen.members }.map(label).joined(separator: "; ")
                    out.notes.append("trial \(t) step \(step.id): \(others) answered otherwise than \(label(chosen)), whose answer is recorded: its vector fails them")
                }
                records[step.id] = record
                recorded.append(Recorded(suite: step.suite, step: step, trial: t, input: fields, outcome: record.outcome, sides: sides, settled: settled))
            }
        }
        var suites: [Suite] = []
        for r in recorded where !suites.contains(where: { $0.name == r.suite.name }) { suites.append(r.suite) }

        for suite in suites {
            let mine = recorded.filter { $0.suite.name == suite.name }
            let file = path(dir: dir, scenario: plan.scenario, suite: suite, seed: c.seed)
            out.texts.append((file, render(mine, suite: suite, scenario: plan.scenario, seed: c.seed, assignment: assignment)))
            out.vectors += mine.count
            out.needingReview += mine.filter(\.isPending).count
        }
        // Each app's own answers, beside the vectors: what it wrote, for `concord archive add DIR`.
        for (subject, results) in subjects(recorded, scenario: plan.scenario, seed: c.seed) {
            let version = runner.implementations.first { $0.name == subject }?.version
            out.texts.append((capturePath(dir: dir, scenario: plan.scenario, seed: c.seed, subject: subject),
                              capture(subject, version: version, scenario: plan.scenario, seed: c.seed, results: results)))
        }
        return out
    }

    /// Each app's (subject's) own answers to the recorded steps it ran, by its name in the order
    /// first met: its outputs, or its refusal of a stated class (an unclassified one is left out).
    static func subjects(_ recorded: [Recorded], scenario s: Scenario, seed: UInt64) -> [(String, [(String, Outcome)])] {
        var out: [(String, [(String, Outcome)])] = []
        for r in recorded {
            let name = "\(r.suite.name)/\(s.name)-s\(seed)-t\(r.trial)-\(r.step.id)"
            for side in r.sides {
                for (member, outcome) in zip(side.members, side.outcomes) where member.kind == .subject {
                    if case .refused(let e) = outcome, e.errorClass == .unclassified { continue }
                    if let k = out.firstIndex(where: { $0.0 == member.name }) { out[k].1.append((name, outcome)) } else { out.append((member.name, [(name, outcome)])) }
                }
            }
        }
        return out
    }

    /// A subject's answers as a captured-outputs file (`concord-outputs/1`, docs/captured-outputs.md):
    /// its `implementation.platform` names the recording (scenario, seed), its `version` the adapter's.
    static func capture(_ subject: String, version: String?, scenario s: Scenario, seed: UInt64, results: [(String, Outcome)]) -> String {
        var impl: [(String, JSON)] = [("name", .string(subject)),
                                      ("platform", .string("scenario \(s.name) (\((s.file as NSString).lastPathComponent)), seed \(seed), recorded by concord scenario --record"))]
        if let version { impl.append(("version", .string(version))) }
        let lines = results.compactMap { name, outcome -> String? in
            switch outcome {
            case .outputs(let o) where !o.isEmpty:
                let fields = o.keys.sorted().map { "\(JSON.string($0).serialized()): \(VectorFileWriter.value(o[$0]!, json: true))" }.joined(separator: ", ")
                return "  {\"vector\": \(JSON.string(name).serialized()), \"outputs\": {\(fields)}}"
            case .refused(let e):
                return "  {\"vector\": \(JSON.string(name).serialized()), \"error\": \(JSON.string(e.errorClass.rawValue).serialized()), \"message\": \(JSON.string(e.message).serialized())}"
            default: return nil
            }
        }
        return "{\"format\": \"concord-outputs/1\",\n \"implementation\": \(JSON.object(impl).serialized()),\n \"results\": [\n"
            + lines.joined(separator: ",\n") + "]}\n"
    }

    /// The outputs every answer gives (an optional output one left out is left out), or the refusal.
    static func merged(_ answers: [Outcome]) -> Outcome {
        guard case .outputs(var o) = answers[0] else {
            return answers.first { if case .refused(let e) = $0 { return e.errorClass != .unclassified }; return false } ?? answers[0]
        }
        for a in answers.dropFirst() {
            guard case .outputs(let p) = a else { continue }
            o = o.filter { p[$0.key] != nil }
        }
        return .outputs(o)
    }

    static func render(_ items: [Recorded], suite: Suite, scenario s: Scenario, seed: UInt64, assignment: String) -> String {
        // Whose answers are expected, each kind of agreement once with how many vectors rest on it.
        var bases: [(String, Int)] = []
        for r in items {
            let basis: String
            switch r.settled {
            case .witnessed(let agreed): basis = WitnessRule.agreement(agreed)
            case .stated(let c): basis = "the refusal (\(c.rawValue)) the scenario states, which every implementation that ran the step gave"
            case .pending: basis = "nothing: pending (\(reviewFlag)), no independent implementation settled it"
            }
            if let k = bases.firstIndex(where: { $0.0 == basis }) { bases[k].1 += 1 } else { bases.append((basis, 1)) }
        }
        let expected = bases.map { "\($0.0) (\($0.1) vector\($0.1 == 1 ? "" : "s"))" }.joined(separator: "; ")
        var vectors: [Vector] = []
        for r in items {
            let answers = r.sides.map { side in
                side.members.map(\.described).joined(separator: ", ") + " answered " + Self.answer(side.outcome)
            }
            let why: String
            switch r.settled {
            case .witnessed(let agreed): why = "expected: " + WitnessRule.agreement(agreed)
            case .stated(let c): why = "expected: the refusal (\(c.rawValue)) the scenario states"
            case .pending(let because): why = because + "; nothing is expected until it is settled"
            }
            // Every answer, unless one side gave it and the agreement already names it.
            var heard = answers.joined(separator: "; ")
            if r.sides.count == 1, case .witnessed = r.settled { heard = "" }
            let result: ResultKind
            let expect: Expectation
            if r.isPending {
                (result, expect) = (.pending, .none)
            } else {
                switch r.outcome {
                case .refused(let e):
                    (result, expect) = (.invalid, .error(r.step.refuses ?? (e.errorClass == .unclassified ? nil : e.errorClass)))
                case .outputs(let o):
                    let spec = r.suite.op(r.step.op)!
                    (result, expect) = (.valid, .outputs(spec.expects.compactMap { f in o[f.name].map { (f.name, Expected.value($0)) } }))
                default:
                    // Not reached (`record` keeps answers and refusals only): nothing to expect.
                    (result, expect) = (.pending, .none)
                }
            }
            vectors.append(Vector(suite: suite.name, id: "\(s.name)-s\(seed)-t\(r.trial)-\(r.step.id)", file: "", line: 0, column: 0,
                                  comment: "step \(r.step.id) (role \(r.step.role)) of trial \(r.trial): \(why)" + (heard.isEmpty ? "" : "; " + heard),
                                  flags: r.isPending ? [reviewFlag] : [], op: r.step.op, result: result, input: r.input, expect: expect))
        }
        let notes: [VectorFile.Note] = items.contains(where: \.isPending)
            ? [.init(reviewFlag, "Not settled: only the app under test and Concord's own ports answered, a library answered alone, or the libraries disagree; result: pending, every answer in the comment. Settle it against a published source or a library's own code (Tink, libsodium, OpenSSL, BouncyCastle, Web Crypto) that another implementation agrees with, then write the expected value.")]
            : []
        return VectorFileWriter.write(VectorFile(
            suite: suite.name, title: "Recorded from scenario \(s.name) (\(s.title)), seed \(seed)",
            source: "concord scenario \(s.file) --seed \(seed) --record, assignment \(assignment): each step computed by every implementation that runs it, on the inputs the earlier steps settled. Expected: \(expected). An expected value is a library's own code's answer that another implementation (a library or a Concord port) agreed with, never the app under test's, never Concord's own ports' alone; each vector's comment names who answered what. Scenario source: \(s.source)",
            notes: notes, vectors: vectors, header: ["Recorded by concord scenario --record: do not edit by hand; record again."]))
    }

    /// An answer as a comment shows it: `outputs F: V, …` (as a vector file writes each, sorted),
    /// `refused (CLASS: message)`.
    static func answer(_ o: Outcome) -> String {
        switch o {
        case .outputs(let m): return m.isEmpty ? "accepted (no outputs)" : "outputs " + m.keys.sorted().map { "\($0): \(VectorFileWriter.value(m[$0]!, json: false))" }.joined(separator: ", ")
        case .refused(let e): return "refused (\(e.errorClass.rawValue): \(e.message))"
        case .unsupported(let why): return "unsupported (\(why))"
        case .error(let why): return "error (\(why))"
        }
    }
}
