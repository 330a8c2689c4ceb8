import ConcordExploration
import ConcordJudging
import ConcordReportFormat

extension Ledger {
    /// The entry that knows an exploration finding (docs/exploration.md, "Known differences"): the
    /// finding names `SUITE/explore-OP`, and every side but one is the ledgered implementations'
    /// own doing — each implementation of such a side has an entry naming it whose status is what the
    /// side answered (`fail`: outputs; `refused`: a refusal, of exactly `class` when given; `error`),
    /// and, for an entry with `against`, every other side answered that way.
    /// So an entry never hides another implementation's divergence: with `tink fail` ledgered,
    /// `tink outputs vs swift+jvm refused` is known, but `tink+jvm outputs vs swift refused` is not
    /// (jvm is on that side, unledgered), nor is a third side that disagrees with the other two.
    /// The entry returned is the first side's first implementation's (the first in the file).
    public func entry(exploring suite: String, op: String?, sides: [Side]) -> Entry? {
        knowing(exploring: suite, op: op, sides: sides.map(ExploredFinding.Side.init)).map { entries[$0[0].entry] }
    }

    /// The rule of `entry(exploring:op:sides:)`: nil when the finding is not known, else the entry
    /// (its index) of every implementation of every side it covers, the first side's first.
    public func knowing(exploring suite: String, op: String?, sides: [ExploredFinding.Side]) -> [(implementation: String, entry: Int)]? {
        let name = "\(suite)/\(ExploredTarget.id(op: op))"
        func entry(_ implementation: String, _ answer: ExploredFinding.Answer) -> Int? {
            entries.indices.first { k in
                let e = entries[k]
                guard e.implementation == implementation, e.names(name) else { return false }
                switch (e.status, answer) {
                case (.fail, .outputs), (.error, .error): return true
                case (.refused, .refused(let c)): return e.errorClass.map { $0 == c } ?? true
                default: return false
                }
            }
        }
        // An entry with `against` holds only when every other side answered that way.
        func holds(_ e: Entry, besides k: Int) -> Bool {
            guard let a = e.against else { return true }
            return sides.indices.allSatisfy { j in
                guard j != k else { return true }
                switch (a, sides[j].answer) {
                case (.refused, .refused), (.accepted, .outputs): return true
                default: return false
                }
            }
        }
        let covered = sides.indices.compactMap { k -> [(implementation: String, entry: Int)]? in
            let side = sides[k]
            let known = side.implementations.map { entry($0, side.answer) }
            guard !known.isEmpty, known.allSatisfy({ $0.map { holds(entries[$0], besides: k) } ?? false }) else { return nil }
            return zip(side.implementations, known).map { ($0, $1!) }
        }
        guard !covered.isEmpty, covered.count >= sides.count - 1 else { return nil }
        return covered.flatMap { $0 }
    }
}
