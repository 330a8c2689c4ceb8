import ConcordFormats
import ConcordImplementations

/// Where a session's words go. The executable owns the process's standard streams (one writer, a
/// closed pipe, an interrupted write), its signals and its progress line, and hands them here; the
/// session and the workflows never write a stream or take a signal themselves.
public struct Terminal: Sendable {
    /// One message line to standard error, escaped whole (it carries text from input).
    public var message: @Sendable (String) -> Void
    /// Concord's own text to standard error (already escaped), as is.
    public var raw: @Sendable (String) -> Void
    /// Text to standard output, as is.
    public var out: @Sendable (String) -> Void
    /// Bytes to standard output (a report written to `-` a chunk at a time).
    public var outBytes: @Sendable ([UInt8]) -> Void
    /// Whether standard output (1) or standard error (2) is a terminal.
    public var isTerminal: @Sendable (Int32) -> Bool
    /// The message of an output that could not be written.
    public var writeFailure: @Sendable (_ path: String, _ error: any Error) -> String
    /// Implementations a signal must stop (the executable's Interrupt): given once they may start.
    public var watch: @Sendable ([any Implementation]) -> Void = { _ in }
    /// Called where a workflow would go on to write its outputs: once a signal has arrived, it
    /// never returns (the signal's exit comes instead).
    public var holdIfInterrupted: @Sendable () -> Void = {}
    /// A progress line on standard error (`quiet`, what it counts, whether there is anything to count).
    public var progress: @Sendable (_ quiet: Bool, _ unit: String, _ shown: Bool) -> Progress = { _, _, _ in Progress() }

    /// A progress line: counts (`update`), a line of the caller's own (`show`), erased at the end (`finish`).
    public struct Progress: Sendable {
        public var enabled: Bool
        public var update: @Sendable (_ done: Int, _ total: Int) -> Void
        public var show: @Sendable (String) -> Void
        public var finish: @Sendable () -> Void
        public init(enabled: Bool = false, update: @escaping @Sendable (Int, Int) -> Void = { _, _ in },
                    show: @escaping @Sendable (String) -> Void = { _ in }, finish: @escaping @Sendable () -> Void = {}) {
            self.enabled = enabled
            self.update = update
            self.show = show
            self.finish = finish
        }
    }

    public init(message: @escaping @Sendable (String) -> Void, raw: @escaping @Sendable (String) -> Void,
                out: @escaping @Sendable (String) -> Void, outBytes: @escaping @Sendable ([UInt8]) -> Void,
                isTerminal: @escaping @Sendable (Int32) -> Bool, writeFailure: @escaping @Sendable (String, any Error) -> String) {
        self.message = message
        self.raw = raw
        self.out = out
        self.outBytes = outBytes
        self.isTerminal = isTerminal
        self.writeFailure = writeFailure
    }

    /// One line to standard output, escaped as `message` is.
    public func say(_ s: String) { out(Printable.escape(s) + "\n") }
}
