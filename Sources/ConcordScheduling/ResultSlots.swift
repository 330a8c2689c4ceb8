import ConcordSync

/// A run's verdicts before the vectors are judged: per implementation, one `SlotTable` slot per
/// vector (made when its plan is applied). Each slot is written once, by the one thread that ran (or
/// planned) its job, and read only after every worker has finished (`SlotTable`'s rules, in ConcordSync).
final class ResultStore<Verdict: Sendable>: Sendable {
    typealias Slots = SlotTable<Verdict>
    private let tables: Locked<[Slots?]>
    init(implementations: Int) { tables = Locked(Array(repeating: nil, count: implementations)) }
    /// Implementation `ii`'s slots, made the first time.
    func allocate(_ ii: Int, count: Int) -> Slots {
        tables.withLock { t in
            if let s = t[ii] { return s }
            let s = Slots(count: count)
            t[ii] = s
            return s
        }
    }
    func slots(_ ii: Int) -> Slots? { tables.withLock { $0[ii] } }
}
