import ConcordFormats
import ConcordImplementations
import ConcordJudging

/// Refusals an implementation could not classify (`unclassified`, issue 12 item 10): they match
/// any expected class, so every report says how many each implementation gave, apart from the
/// refusals whose class was checked. (The JSON report keeps `"error": "unclassified"` per result.)
public enum UnclassifiedRefusals {
    public static func count(_ implementation: String, in run: RunResult) -> Int {
        run.results.reduce(0) { n, r in
            n + r.implementations.filter { i in
                guard i.implementation == implementation, case .refused(let e) = i.outcome else { return false }
                return e.errorClass == .unclassified
            }.count
        }
    }

    /// "3 unclassified refusals (…)" for an implementation that gave any, else nil.
    public static func line(_ implementation: String, in run: RunResult) -> String? {
        let n = count(implementation, in: run)
        guard n > 0 else { return nil }
        return "\(n) unclassified refusal\(n == 1 ? "" : "s") (\(implementation) could not tell their class: such a refusal matches any class a vector expects, unchecked)"
    }
}
