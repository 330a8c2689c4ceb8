/// The one policy every command holds to when an implementation is not available here or does not
/// start (docs/gating.md), with one message form:
///
/// - before anything starts, a built-in one not available here (Catalog's `Unavailable`: no Chromium,
///   an adapter not built) is a bad option when the command line names it (`--implementations`,
///   `--assign`: "--implementations names NAME, which is not available here: WHY", exit 2); else it is
///   left out, said once ("NAME is not available here, so it is not run: WHY", or "NAME is required
///   but not available here: WHY" under `--require`), and planned for nothing;
/// - once started, one that did not start is named with why: one the user named (the command line,
///   an adapter of `--adapter` or the project file, a captured file) fails the run ("NAME could not
///   start: WHY", exit 1, the others still run); any other is left out ("NAME could not start, so it
///   is not run: WHY").
public struct Availability: Sendable {
    /// The names the command line gave, with the option that gave each: one not available here is a refusal.
    public var explicit: [(name: String, option: String)]
    /// Every implementation the user named: one that does not start fails the run.
    public var named: [String]
    /// `--require`'s names.
    public var required: [String]
    /// The built-in implementations left out because they are not available here, with why.
    public private(set) var notHere: [(name: String, why: String)] = []

    public init(explicit: [(name: String, option: String)] = [], named: [String] = [], required: [String] = []) {
        self.explicit = explicit
        self.named = named
        self.required = required
    }

    public struct Refusal: Error, CustomStringConvertible {
        public var description: String
    }

    /// Before anything starts: each implementation not available here is refused when the command
    /// line names it, else replaced by one planned for nothing (`Unavailable`, `suites: []`) and
    /// recorded in `notHere`.
    public mutating func leaveOut(_ impls: [any Implementation]) throws(Refusal) -> [any Implementation] {
        var out: [any Implementation] = []
        for impl in impls {
            guard let why = impl.startFailure else { out.append(impl); continue }
            if let e = explicit.first(where: { $0.name == impl.name }) {
                throw Refusal(description: "\(e.option) names \(impl.name), which is not available here: \(why)")
            }
            notHere.append((impl.name, why))
            out.append(Unavailable(name: impl.name, why: why, suites: []))
        }
        return out
    }

    /// The lines that say what is not run here and why, once, at the top (not an error per vector).
    public var notHereLines: [String] {
        notHere.filter { !required.contains($0.name) }.map { "\($0.name) is not available here, so it is not run: \($0.why)" }
            + notHere.filter { required.contains($0.name) }.map { "\($0.name) is required but not available here: \($0.why)" }
    }

    /// Whether one that does not start fails the run.
    public func isNamed(_ name: String) -> Bool { named.contains(name) || required.contains(name) }

    /// The line for an implementation that did not start.
    public func didNotStart(_ name: String, _ why: String) -> String {
        "\(name) could not start\(isNamed(name) ? "" : ", so it is not run"): \(why)"
    }

    /// After the implementations tried to start (`prepare`): each that did not start, and was not
    /// left out before, is said once (`lines`). One the user named stays (its vectors say it did
    /// not start; `failedNamed` lists it); any other is replaced by one planned for nothing.
    public func started(_ impls: [any Implementation]) -> (implementations: [any Implementation], lines: [String], failedNamed: [String]) {
        var out: [any Implementation] = [], lines: [String] = [], failed: [String] = []
        for impl in impls {
            guard let why = impl.startFailure, !notHere.contains(where: { $0.name == impl.name }) else { out.append(impl); continue }
            lines.append(didNotStart(impl.name, why))
            if isNamed(impl.name) {
                failed.append(impl.name)
                out.append(impl)
            } else {
                impl.shutdown()
                out.append(Unavailable(name: impl.name, why: why, suites: []))
            }
        }
        return (out, lines, failed)
    }
}
