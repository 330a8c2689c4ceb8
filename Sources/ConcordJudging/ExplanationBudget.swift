import ConcordSuites
import ConcordFormats
import ConcordSync
import Foundation

/// What explaining a mismatch may cost. Most rules are a few comparisons; a *costly* rule
/// (`argon2-parameters`, which recomputes Argon2id under other parameters, and `kek-aad`, which
/// derives a §4 or §5 key with one Argon2id at the contract's parameters) is checked
/// against the budget before it runs, and skipped with a sentence when it does not fit:
/// - each hash it would compute obeys the run's limits (`--max-kdf-memory`, `--max-kdf-work`);
/// - all of them together fit in what is left of the budget of one vector (`vectorWork`,
///   KiB·passes: every mismatched field of every implementation's result for it draws on it).
/// Explaining one failing Argon2id vector at t=1000 took 66 s before (70 minutes at t=65535).
public final class ExplanationBudget: Sendable {
    /// The explanation work one vector may spend (all its implementations together), in KiB·passes
    /// (m×t summed over the hashes): about 1–2 s of the reference Argon2id here.
    public static let defaultVectorWork: UInt64 = 1 << 22

    public let limits: Limits
    private let left: Locked<UInt64>
    /// What is left of the budget.
    public var remaining: UInt64 { left.withLock { $0 } }

    public init(limits: Limits = Limits(), vectorWork: UInt64 = ExplanationBudget.defaultVectorWork) {
        self.limits = limits
        left = Locked(vectorWork)
    }

    /// What a costly rule would spend on one input (the kernel's `ExplanationCost`).
    public typealias Cost = ExplanationCost

    /// What the rule of this name (`Explanations.rules`) would spend on this input: its own `cost`;
    /// nil for a cheap rule (or one that will not run).
    public static func cost(of rule: String, context: Fields) -> Cost? {
        Explanations.rules.first { $0.name == rule }?.cost?(context)
    }

    /// Takes the cost of a costly rule from the budget, or says why it does not fit (nothing taken).
    public func spend(_ rule: String, _ cost: Cost) -> String? {
        left.withLock { remaining in
            if cost.memoryKiB > limits.maxKdfMemoryKiB {
                return "\(rule) not tried: it needs Argon2id with \(cost.memoryKiB) KiB, above the limit of "
                    + "\(limits.maxKdfMemoryKiB) KiB (--max-kdf-memory)"
            }
            if cost.largestWork > limits.maxKdfWork {
                return "\(rule) not tried: one of its Argon2id hashes needs \(cost.largestWork) KiB·passes, above the limit of "
                    + "\(limits.maxKdfWork) (--max-kdf-work)"
            }
            if cost.work > remaining {
                return "\(rule) not tried: its \(cost.hashes) Argon2id hashes need \(cost.work) KiB·passes, above the "
                    + "explanation budget left for this vector (\(remaining))"
            }
            remaining -= cost.work
            return nil
        }
    }
}

/// The budgets of a run, one per vector, made when a vector's first mismatch is explained (a
/// passing vector costs nothing).
public final class ExplanationBudgets: Sendable {
    public let limits: Limits
    private let byVector = Locked<[Int: ExplanationBudget]>([:])

    public init(limits: Limits) { self.limits = limits }

    public func forVector(_ index: Int) -> ExplanationBudget {
        byVector.withLock { t in
            if let b = t[index] { return b }
            let b = ExplanationBudget(limits: limits)
            t[index] = b
            return b
        }
    }
}
