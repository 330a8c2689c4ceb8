import ConcordSync
import Foundation

/// A progress line on standard error for runs longer than a second (Argon2id at the production
/// parameters is slow), counting the checks the summary line counts, redrawn at most ten times a second and erased at the end. Only on a TTY.
final class ProgressLine: Sendable {
    let enabled: Bool
    /// Draw from the first update (CONCORD_PROGRESS=always, for tests), not after a second.
    let immediate: Bool
    private let start = Date()
    /// When it was last drawn, and whether it was.
    private let drawing = Locked<(last: Date, drawn: Bool)>((.distantPast, false))

    /// What it counts (`checks`; a scenario run counts `trials`).
    let unit: String

    init(enabled: Bool, immediate: Bool = false, unit: String = "checks") { self.enabled = enabled; self.immediate = immediate; self.unit = unit }

    /// A command's progress line: on a terminal (or with CONCORD_PROGRESS=always, drawn at once),
    /// never with --quiet, nor when the command says it has nothing to count (`shown`).
    static func forCommand(quiet: Bool, unit: String = "checks", shown: Bool = true) -> ProgressLine {
        let forced = ProcessInfo.processInfo.environment["CONCORD_PROGRESS"] == "always"
        return ProgressLine(enabled: (isatty(2) == 1 || forced) && !quiet && shown, immediate: forced, unit: unit)
    }

    func update(_ done: Int, _ total: Int) {
        guard enabled else { return }
        let now = Date()
        let start = self.start, immediate = self.immediate, unit = self.unit
        let line: String? = drawing.withLock { d in
            guard immediate || now.timeIntervalSince(start) > 1, now.timeIntervalSince(d.last) > 0.1 || done == total else { return nil }
            d = (now, true)
            return "\r  \(done)/\(total) \(unit)  " + String(format: "%.0f s ", now.timeIntervalSince(start))
        }
        if let line { Streams.errBytes(Array(line.utf8)) }
    }

    /// A line of the caller's own (exploration's counts), drawn as `update` draws.
    func show(_ text: String) {
        guard enabled else { return }
        let now = Date()
        let start = self.start, immediate = self.immediate
        let draw: Bool = drawing.withLock { d in
            guard immediate || now.timeIntervalSince(start) > 1, now.timeIntervalSince(d.last) > 0.1 else { return false }
            d = (now, true)
            return true
        }
        if draw { Streams.errBytes(Array(("\r" + text).utf8)) }
    }

    func finish() {
        guard enabled, drawing.withLock({ $0.drawn }) else { return }
        Streams.errBytes(Array("\r\u{1B}[K".utf8))
    }
}
