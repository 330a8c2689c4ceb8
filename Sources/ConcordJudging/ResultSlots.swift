import ConcordFormats
import ConcordImplementations
import ConcordLoading
import ConcordScheduling
import ConcordSync

/// Per implementation, its verdicts on a run's vectors (one slot each).
typealias ResultSlots = SlotTable<ImplementationResult>

/// The judge the scheduler is given: per implementation with checks, a `SlotTable` of verdicts
/// (made when its part of the plan is applied), each slot written once, by the one thread that ran
/// (or planned) its check, and read only after every worker has finished (`SlotTable`'s rules, in
/// ConcordSync). An outcome is judged against its vector with the vector's explanation budget
/// (shared by its implementations).
final class CheckVerdicts: CheckJudge {
    private let names: [Interned<ImplementationName>]
    private let budgets: ExplanationBudgets
    private let sinks: Locked<[Sink?]>
    private let vectors: [Vector]

    init(implementations: [any Implementation], vectors: [Vector], budgets: ExplanationBudgets) {
        names = implementations.map { ImplementationName.interned($0.name) }
        self.vectors = vectors
        self.budgets = budgets
        sinks = Locked(Array(repeating: nil, count: implementations.count))
    }

    final class Sink: CheckSink {
        let name: Interned<ImplementationName>
        let slots: ResultSlots
        let budgets: ExplanationBudgets
        init(name: Interned<ImplementationName>, slots: ResultSlots, budgets: ExplanationBudgets) {
            self.name = name
            self.slots = slots
            self.budgets = budgets
        }
        func record(_ outcome: consuming Outcome, vector: borrowing Vector, index: Int, seconds: Double) {
            slots.set(index, Judge.implementation(name, outcome, for: vector, seconds: seconds, budget: budgets.forVector(index)))
        }
    }

    func prepare(implementation ii: Int, vectors: Int, jobs: [Job], decided: [(Int, Outcome)]) {
        let sink = sinks.withLock { t in
            if let s = t[ii] { return s }
            let s = Sink(name: names[ii], slots: ResultSlots(count: vectors), budgets: budgets)
            t[ii] = s
            return s
        }
        for job in jobs { sink.slots.prepare(job.vectorIndex) }
        for (vi, outcome) in decided {
            sink.slots.prepare(vi)
            sink.slots.set(vi, Judge.implementation(names[ii], outcome, for: self.vectors[vi], seconds: 0))
        }
    }

    func sink(implementation ii: Int) -> any CheckSink { sinks.withLock { $0[ii]! } }

    /// Every implementation's verdicts that had any, in implementation order.
    var slots: [ResultSlots] { sinks.withLock { $0.compactMap { $0?.slots } } }
}
