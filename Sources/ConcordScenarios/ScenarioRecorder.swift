import ConcordFiles
import ConcordFormats
import ConcordGeneration
import ConcordImplementations
import ConcordJudging
import ConcordLoading
import ConcordSuites
import ConcordWorkflows
import Foundation

/// `--record DIR` (docs/scenarios.md, "Recording"): each trial frozen into ordinary vector files,
/// every step a vector of its suite. A step is computed by every implementation that runs it, on the
/// inputs the earlier steps agreed on; a value is recorded only when all that answered agree, and it
/// is `valid` only when one of them is not Concord's own port: otherwise it carries the flag
/// `needs-review`. A trial whose implementations disagree is recorded up to the step before.
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

    struct Recorded {
        var suite: Suite
        var step: Step
        var trial: Int
        var input: Fields
        var outcome: Outcome
        var witnesses: [String]
        var outside: [String]
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
        let s = plan.scenario
        let read = s.freshRead
        var out = Recording()
        var recorded: [Recorded] = []
        for i in 0..<c.trialCount {
            let t = c.trialNumber(i)
            let values: [String: Value]
            do { values = try FreshValues.draw(s.fresh, path: ScenarioRunner.path(seed: c.seed, scenario: s.name), trial: t, parts: read) } catch {
                out.notes.append("trial \(t) not recorded: \(error.description)")
                continue
            }
            var records: [String: StepRecord] = [:]
            for step in s.steps {
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
                var answers: [(String, Outcome)] = []
                for impl in runner.implementations where impl.startFailure == nil && impl.support(suite: step.suite.name, op: step.op) == .runs {
                    let o = runner.ask(impl, step: step, input: fields, trial: t)
                    switch o {
                    case .outputs, .refused: answers.append((impl.name, o))
                    default: continue
                    }
                }
                guard let (_, first) = answers.first else {
                    out.notes.append("trial \(t) recorded up to step \(step.id): no implementation answered it")
                    break
                }
                let disagree = answers.filter { !ScenarioRunner.agree(first, $0.1) || !ScenarioRunner.agree($0.1, first) }
                if !disagree.isEmpty {
                    let sides = [answers[0].0] + answers.dropFirst().filter { ScenarioRunner.agree(first, $0.1) }.map(\.0)
                    out.notes.append("trial \(t) recorded up to step \(step.id): the implementations disagree there (\(sides.joined(separator: ", ")) vs \(disagree.map(\.0).joined(separator: ", "))): run the scenario to see the cause")
                    break
                }
                let record = StepRecord(step: step.id, implementation: answers[0].0, input: fields, outcome: merged(answers.map(\.1)), seconds: 0)
                if let why = runner.judge(step, record, role: step.role) {
                    out.notes.append("trial \(t) recorded up to step \(step.id): every implementation answers otherwise than the scenario says (\(why.message))")
                    break
                }
                records[step.id] = record
                let names = answers.map(\.0)
                let outside = names.filter { n in runner.implementations.first { $0.name == n }?.provenance(suite: step.suite.name)?.isOutside ?? false }
                recorded.append(Recorded(suite: step.suite, step: step, trial: t, input: fields, outcome: record.outcome, witnesses: names, outside: outside))
            }
        }
        var suites: [Suite] = []
        for r in recorded where !suites.contains(where: { $0.name == r.suite.name }) { suites.append(r.suite) }
        for suite in suites {
            let mine = recorded.filter { $0.suite.name == suite.name }
            let file = path(dir: dir, scenario: s, suite: suite, seed: c.seed)
            out.texts.append((file, render(mine, suite: suite, scenario: s, seed: c.seed, assignment: assignment)))
            out.vectors += mine.count
            out.needingReview += mine.filter { $0.outside.isEmpty }.count
        }
        return out
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
        let q = Fill.yamlQuoted
        var y = "# Recorded by concord scenario --record: do not edit by hand; record again.\n"
        y += "format: concord-vectors/1\n"
        y += "suite: \(suite.name)\n"
        y += "title: \(q("Recorded from scenario \(s.name) (\(s.title)), seed \(seed)"))\n"
        y += "source: \(q("concord scenario \(s.file) --seed \(seed) --record, assignment \(assignment): each step computed by every implementation that runs it, on the inputs the earlier steps agreed on; each vector's comment names the implementations that agreed, and a vector flagged \(reviewFlag) was computed by Concord's own ports only. Scenario source: \(s.source)"))\n"
        if items.contains(where: { $0.outside.isEmpty }) {
            y += "notes:\n  \(reviewFlag): \(q("Every implementation that computed this value is Concord's own port of the contract: check it against a published source or a library (Tink, libsodium, OpenSSL, BouncyCastle, Web Crypto) or the app's own code before relying on it."))\n"
        }
        y += "vectors:\n"
        for r in items {
            y += "  - id: \(q("\(s.name)-s\(seed)-t\(r.trial)-\(r.step.id)"))\n"
            let witnesses = r.witnesses.map { w in r.outside.contains(w) ? "\(w) (not Concord's own port)" : w }.joined(separator: ", ")
            y += "    comment: \(q("step \(r.step.id) (role \(r.step.role)) of trial \(r.trial): \(witnesses) agreed"))\n"
            if r.outside.isEmpty { y += "    flags: [\(reviewFlag)]\n" }
            if let op = r.step.op { y += "    op: \(op)\n" }
            switch r.outcome {
            case .refused(let e):
                y += "    result: invalid\n"
                y += "    input:\n" + inputLines(r.input)
                if let stated = r.step.refuses ?? (e.errorClass == .unclassified ? nil : e.errorClass) {
                    y += "    expect: {error: \(stated.rawValue)}\n"
                }
            case .outputs(let o):
                y += "    input:\n" + inputLines(r.input)
                let spec = r.suite.op(r.step.op)!
                let lines = spec.expects.compactMap { f in o[f.name].map { "      \(f.name): \(Fill.render($0, json: false))\n" } }
                y += lines.isEmpty ? "    expect: {}\n" : "    expect:\n" + lines.joined()
            default: break
            }
        }
        return y
    }

    static func inputLines(_ f: Fields) -> String {
        f.keys.map { "      \($0): \(Fill.render(f[$0]!, json: false))\n" }.joined()
    }
}
