import Foundation
import ConcordImplementations
import ConcordJudging
import ConcordScheduling

/// The gating policy: which results make `concord run` exit 1. A failed vector always does; the
/// conditions in `failOn` add to it; `required` names implementations that must have started.
/// docs/gating.md gives the defaults and why.
public struct Gate: Sendable, Equatable {
    public enum Condition: String, Sendable, CaseIterable, Hashable {
        /// A vector could not be checked (crash, timeout, nothing ran it, a limit): on by default.
        case error
        /// A vector still has a `TODO_ANDROID_RUN` placeholder, or is `result: pending` (not settled).
        case pending
        /// An implementation × vector pair was unsupported.
        case unsupported
        /// Implementations gave different answers where `expect` cannot decide (`acceptable` vectors).
        case divergence
        /// An implementation that was asked for could not start.
        case missing
    }

    public static let defaultFailOn: Set<Condition> = [.error]

    public var failOn: Set<Condition>
    public var required: [String]
    /// Implementations the user named (`--adapter`, concord.yaml, `--implementations`): one that
    /// could not start fails the run, whatever `failOn` says (docs/gating.md).
    public var named: [String]

    public init(failOn: Set<Condition> = Gate.defaultFailOn, required: [String] = [], named: [String] = []) {
        self.failOn = failOn
        self.required = required
        self.named = named
    }

    public struct ParseError: Error, Sendable, CustomStringConvertible {
        public var description: String
    }

    /// `--fail-on a,b`: the named conditions added to the defaults (so naming one never silently
    /// turns `error` off). Unknown names are an error listing the known ones.
    public static func conditions(_ list: String) throws(ParseError) -> Set<Condition> {
        var out = defaultFailOn
        for raw in list.split(separator: ",") {
            let name = raw.trimmingCharacters(in: .whitespaces)
            if name.isEmpty { continue }
            guard let c = Condition(rawValue: name) else {
                throw ParseError(description: "--fail-on: unknown condition \(name) (known: "
                                 + Condition.allCases.map(\.rawValue).joined(separator: ", ") + ")")
            }
            out.insert(c)
        }
        return out
    }

    /// `--require a,b`: implementation names, empty items dropped.
    public static func names(_ list: String) -> [String] {
        list.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
    }

    /// Whether an implementation passed, failed or left pending at least one vector.
    static func checkedSomething(_ name: String, _ run: RunResult) -> Bool {
        run.results.contains { r in
            r.implementations.contains { $0.implementation == name && $0.status != .unsupported && $0.status != .error }
        }
    }

    /// 1 with the reasons when the run must not pass the gate, else 0 (reasons empty).
    /// With a ledger (docs/ledger.md): a failed or erroring vector it knows does not fail the gate;
    /// a stale or expired entry does.
    public func exitStatus(_ run: RunResult, ledger: LedgerVerdict? = nil) -> (status: Int32, reasons: [String]) {
        var s = run.summary
        var knownFailed = 0, knownErrors = 0
        if let ledger {
            for r in run.results where ledger.isKnown(r) {
                if r.status == .fail { knownFailed += 1 } else if r.status == .error { knownErrors += 1 }
            }
            s.failed -= knownFailed
            s.errors -= knownErrors
        }
        let notLedgered = ledger == nil ? "" : " (not in the ledger)"
        var reasons: [String] = []
        func n(_ count: Int, _ one: String, _ many: String) -> String { "\(count) \(count == 1 ? one : many)" }
        // A run or report that holds no vector checked nothing: never green (an empty shard, a
        // report with `"results": []`).
        if s.vectors == 0 { reasons.append("no vector was checked: a run or report without results proves nothing") }
        if s.failed > 0 { reasons.append(n(s.failed, "vector", "vectors") + " failed" + notLedgered) }
        if failOn.contains(.error) && s.errors > 0 { reasons.append(n(s.errors, "vector", "vectors") + " could not be checked (error)" + notLedgered) }
        if failOn.contains(.pending) && s.pending > 0 { reasons.append(n(s.pending, "vector is", "vectors are") + " pending (--fail-on pending)") }
        if failOn.contains(.unsupported) && s.unsupported > 0 {
            reasons.append(n(s.unsupported, "implementation × vector pair was", "implementation × vector pairs were") + " unsupported (--fail-on unsupported)")
        }
        if failOn.contains(.divergence) && s.divergences > 0 {
            reasons.append(n(s.divergences, "vector has", "vectors have") + " diverging implementations (--fail-on divergence)")
        }
        if failOn.contains(.missing) {
            for i in run.implementations where i.startFailure != nil {
                reasons.append("\(i.name) could not start (--fail-on missing): \(i.startFailure!)")
            }
        }
        for name in named where !failOn.contains(.missing) && !required.contains(name) {
            if let f = run.implementations.first(where: { $0.name == name })?.startFailure {
                reasons.append("\(name) could not start: \(f)")
            }
        }
        for name in required {
            if let i = run.implementations.first(where: { $0.name == name }) {
                if let f = i.startFailure {
                    if !failOn.contains(.missing) { reasons.append("\(name) is required but could not start: \(f)") }
                } else if !Self.checkedSomething(name, run) {
                    // Started, but answered no vector (a captured file with `results: []`, or every
                    // vector unsupported): a required implementation that checked nothing is missing.
                    reasons.append("\(name) is required but checked no vector (every one was unsupported or an error)")
                }
            } else {
                reasons.append("\(name) is required but was not part of the run")
            }
        }
        reasons += ledger?.problems ?? []
        return (reasons.isEmpty ? 0 : 1, reasons)
    }
}
