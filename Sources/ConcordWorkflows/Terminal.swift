import ConcordFormats

/// Where a session's words go. The executable owns the process's standard streams (one writer, a
/// closed pipe, an interrupted write) and hands them here; the session never writes a stream itself.
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
