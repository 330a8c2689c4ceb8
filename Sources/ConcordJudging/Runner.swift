import ConcordFormats
import ConcordImplementations
import ConcordLoading
import ConcordScheduling
import ConcordSync
import Foundation

/// A run: the scheduler runs every check and this module's `Judge` decides each one on the worker
/// that ran it; then round trips are run and every vector is judged from its implementations'
/// verdicts (in ranges on the workers).
public final class Runner: Sendable {
    public var implementations: [any Implementation] { scheduler.implementations }
    public var configuration: RunConfiguration { scheduler.configuration }
    let scheduler: Scheduler

    public init(implementations: [any Implementation], configuration: RunConfiguration = RunConfiguration()) {
        scheduler = Scheduler(implementations: implementations, configuration: configuration)
    }

    public func run(_ vectors: [Vector], progress: (@Sendable (_ done: Int, _ total: Int) -> Void)? = nil) -> RunResult {
        var reusing: [VectorResult]? = nil
        var kept: [Int: ImplementationPlan]? = nil
        return pass(Plan(vectors, limits: configuration.limits), kept: &kept, reusing: &reusing, progress: progress)
    }

    /// Runs the same vectors `times` times on one plan (`--repeat`) and gives the last run's result:
    /// planning, and what each in-process implementation is asked, are worked out once; each pass
    /// judges into the last pass's results array, so the last pass's verdicts are freed on the
    /// workers as they are replaced, not on one thread between passes. `between` runs after each.
    public func run(_ vectors: [Vector], times: Int, between: () -> Void = {}) -> RunResult {
        let plan = Plan(vectors, limits: configuration.limits)
        var kept: [Int: ImplementationPlan]? = [:]
        var results: [VectorResult]? = nil
        var last: RunResult? = nil
        for _ in 0..<max(1, times) {
            if var done = last {
                results = done.results
                done.results = []
                last = nil
            }
            last = pass(plan, kept: &kept, reusing: &results, progress: nil)
            results = nil
            between()
        }
        return last!
    }

    /// One run of a plan. `reusing`: an earlier pass's results over the same vectors, replaced in place.
    func pass(_ plan: Plan, kept: inout [Int: ImplementationPlan]?, reusing: inout [VectorResult]?,
              progress: (@Sendable (_ done: Int, _ total: Int) -> Void)?) -> RunResult {
        let start = Date()
        let implementations = self.implementations
        let judge = CheckVerdicts(implementations: implementations, vectors: plan.vectors,
                                  budgets: ExplanationBudgets(limits: configuration.limits))
        let done = scheduler.execute(plan, judge: judge, kept: &kept, progress: progress)
        var matrices: [Int: VectorResult] = [:]
        for vi in plan.roundtrips {
            matrices[vi] = Roundtrip.run(plan.vectors[vi], spec: plan.suites[Int(plan.suiteOf[vi])].roundtrip!, implementations: implementations)
        }
        let (results, summary) = judgeAll(plan, slots: judge.slots, matrices: matrices, parallel: !done.inline, reusing: &reusing)
        let infos = implementations.map(ImplementationInfo.init)
        return RunResult(implementations: infos, results: results, summary: summary,
                         wallSeconds: Date().timeIntervalSince(start), workers: done.workers, checks: done.checks)
    }
}
