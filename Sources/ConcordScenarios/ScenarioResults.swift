import ConcordFormats
import ConcordImplementations
import ConcordJudging
import ConcordLoading
import ConcordScenarioFormat

/// A scenario run as a `RunResult`, so every report format, the gate and the ledger treat it as
/// `run`'s (docs/scenarios.md, "Reports"): one result per trial of each assignment, named
/// `scenario:NAME/ROLE=IMPL,…/trial-K`, its implementations those of the assignment.
public enum ScenarioResults {
    /// The suite part of a trial's name.
    public static func suite(_ s: Scenario) -> String { "scenario:" + s.name }

    /// The command that replays one trial exactly.
    public static func replay(_ plan: ScenarioPlan, _ t: TrialResult, seed: UInt64) -> String {
        // A written flow replays from its own seed and trial.
        if plan.scenario.flow.pin != nil { return "concord scenario \(shellQuoted(plan.scenario.file)) --assign \(plan.describe(t.assignment))" }
        return "concord scenario \(shellQuoted(plan.scenario.file)) --seed \(seed) --trial \(t.trial) --assign \(plan.describe(t.assignment))"
    }

    public static func shellQuoted(_ s: String) -> String {
        let plain = s.unicodeScalars.allSatisfy { c in
            (c >= "a" && c <= "z") || (c >= "A" && c <= "Z") || (c >= "0" && c <= "9") || "/._-+:=,".unicodeScalars.contains(c)
        }
        return plain && !s.isEmpty ? s : "'" + s.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }

    public static func vectorResult(_ plan: ScenarioPlan, _ t: TrialResult, seed: UInt64) -> VectorResult {
        let s = plan.scenario
        let failed = t.failure
        let input = failed?.step.flatMap { id in t.steps.first { $0.step == id }?.input } ?? Fields()
        let v = Vector(suite: suite(s), id: "\(plan.describe(t.assignment))/trial-\(t.trial)", file: s.file,
                       line: failed?.line ?? s.line, column: failed?.column ?? 1, comment: nil, flags: [], op: nil, result: .valid,
                       input: input, expect: .none)
        var impls: [ImplementationResult] = []
        for name in t.assignment where !impls.contains(where: { $0.implementation == name }) {
            let mine = t.steps.filter { $0.implementation == name }
            let seconds = mine.reduce(0) { $0 + $1.seconds }
            if let f = failed, f.blamed == name || f.alsoBlamed == name {
                let outcome = f.step.flatMap { id in mine.first { $0.step == id }?.outcome } ?? .outputs([:])
                var m = f.mismatch ?? Mismatch(field: f.step.map { "step \($0)" } ?? "check", expected: "the flow goes on", actual: f.message,
                                               line: f.line, column: f.column)
                m.explanation = [m.explanation, f.message, f.diagnosis].compactMap { $0 }.joined(separator: "; ")
                impls.append(ImplementationResult(implementation: name, status: f.isError ? .error : .fail, outcome: outcome,
                                                  mismatches: f.isError ? [] : [m], seconds: seconds))
            } else {
                impls.append(ImplementationResult(implementation: name, status: .pass, outcome: .outputs([:]), mismatches: [], seconds: seconds))
            }
        }
        guard let f = failed else { return VectorResult(vector: v, status: .pass, implementations: impls) }
        let note = "seed \(seed), trial \(t.trial), \(plan.describe(t.assignment)): \(f.message)"
            + (f.diagnosis.map { "; \($0)" } ?? "") + "; replay: \(replay(plan, t, seed: seed))"
        return VectorResult(vector: v, status: f.isError ? .error : .fail, implementations: impls, note: note)
    }

    /// Every trial of a run, as a run's result.
    public static func runResult(_ plans: [(ScenarioPlan, [TrialResult])], implementations: [any Implementation], seed: UInt64,
                                 wallSeconds: Double, workers: Int) -> RunResult {
        var results: [VectorResult] = []
        for (plan, trials) in plans { for t in trials { results.append(vectorResult(plan, t, seed: seed)) } }
        let checks = plans.reduce(0) { $0 + $1.1.reduce(0) { $0 + $1.steps.count } }
        return runResult(results, checks: checks, implementations: implementations, wallSeconds: wallSeconds, workers: workers)
    }

    /// The same from each trial's result (`vectorResult`) and the steps run (`checks`), as a
    /// streamed run collects them.
    public static func runResult(_ results: [VectorResult], checks: Int, implementations: [any Implementation],
                                 wallSeconds: Double, workers: Int) -> RunResult {
        let infos = implementations.map(ImplementationInfo.init)
        return RunResult(implementations: infos, results: results, summary: RunSummary(results), wallSeconds: wallSeconds,
                         workers: workers, checks: checks)
    }
}
