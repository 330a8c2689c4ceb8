import ConcordSync

/// A run's results before judging: per implementation, one `SlotTable` slot per vector (made when
/// its plan is applied). Each slot is written once, by the one thread that ran (or planned) its job,
/// and read only after every worker has finished (`SlotTable`'s rules, in ConcordSync).
typealias ResultSlots = SlotTable<ImplementationResult>

final class ResultStore: Sendable {
    private let tables: Locked<[ResultSlots?]>
    init(implementations: Int) { tables = Locked(Array(repeating: nil, count: implementations)) }
    /// Implementation `ii`'s slots, made the first time.
    func allocate(_ ii: Int, count: Int) -> ResultSlots {
        tables.withLock { t in
            if let s = t[ii] { return s }
            let s = ResultSlots(count: count)
            t[ii] = s
            return s
        }
    }
    func slots(_ ii: Int) -> ResultSlots? { tables.withLock { $0[ii] } }
}
