import ConcordFormats
import ConcordSync
import Foundation

/// The one writer of standard output and standard error (issue 26, items 5 and 6). Every line
/// `concord` prints goes through here: `print` (shadowed below), `say`, `stderr`, `stderrRaw`, the
/// progress line and the outputs written to `-`.
///
/// - Everything is written with write(2), in full (a short write is continued, EINTR retried).
/// - Standard output is buffered and its complete lines are flushed **before anything goes to
///   standard error**, and a message to standard error is one write: a run piped with `2>&1` never
///   has a message land inside a line or a UTF-8 sequence of standard output. A partial last line
///   waits in the buffer for its end (or the exit); a buffer without a line break is cut only
///   between UTF-8 sequences.
/// - SIGPIPE is ignored, so a reader that went away is an error (EPIPE) rather than a death; a
///   full (ENOSPC), closed (EBADF) or otherwise unwritable standard output prints one line,
///   `concord: cannot write standard output: …`, drops what follows, and the exit status is 2.
/// - A standard stream closed when concord starts (`>&-`) is held by /dev/null (standard output
///   opened read-only, so that writing it fails with EBADF and is reported): no file concord opens
///   later can become descriptor 1 or 2 and receive the summary.
enum Streams {
    struct State: Sendable {
        /// Standard output not yet written.
        var pending: [UInt8] = []
        /// Why standard output cannot be written, once it could not (the rest is dropped).
        var failure: String? = nil
        var stdoutClosedAtStart = false
        var unwrittenStatus: Int32 = 2
        var stdoutIsTerminal = false
    }

    /// The streams' state behind one lock (ConcordSync's `Locked`): every thread that prints
    /// (workers' progress, the main thread) takes it for each write.
    private static let state = Locked(State())

    /// The state, changed in place under the lock.
    private static func locked<R>(_ body: (inout State) -> R) -> R { state.withLock { body(&$0) } }

    /// Standard output is flushed at its last line break once this much is buffered.
    static let bufferBytes = 1 << 16

    /// At start, before anything is opened or printed.
    static func prepare() {
        signal(SIGPIPE, SIG_IGN)
        var closed = [false, false, false]
        for fd in Int32(0)...2 where fcntl(fd, F_GETFD) < 0 && errno == EBADF {
            closed[Int(fd)] = true
            let n = open("/dev/null", fd == 2 ? O_WRONLY : O_RDONLY)
            if n >= 0 && n != fd { dup2(n, fd); close(n) }
        }
        // An exit elsewhere (Interrupt's exit(130)) still writes what was printed, as stdio's buffer was.
        atexit { _ = Streams.finish(0) }
        let tty = isatty(1) == 1
        locked { st in
            st.stdoutClosedAtStart = closed[1]
            st.stdoutIsTerminal = tty
        }
    }

    /// Text for standard output.
    static func out(_ s: String) { out(bytes: Array(s.utf8)) }

    static func out(bytes: [UInt8]) {
        locked { st in
            guard st.failure == nil else { return }
            st.pending += bytes
            if st.stdoutIsTerminal || st.pending.count >= bufferBytes { flushLines(&st) }
        }
    }

    /// Text for standard output written at once, with everything before it (an adapter's answer
    /// line, which its reader waits for); false once standard output cannot be written.
    static func outNow(_ s: String) -> Bool {
        locked { st in
            guard st.failure == nil else { return false }
            st.pending += Array(s.utf8)
            flushLines(&st)
            return st.failure == nil
        }
    }

    /// One message for standard error (a line break added when missing), after standard output's
    /// complete lines.
    static func err(_ s: String) { errBytes(Array((s.hasSuffix("\n") ? s : s + "\n").utf8)) }

    /// Bytes for standard error as they are (the progress line's carriage returns).
    static func errBytes(_ bytes: [UInt8]) {
        locked { st in
            flushLines(&st)
            _ = writeAll(2, bytes)   // a standard error that cannot be written has no one to tell
        }
    }

    /// Flushes everything; the exit status: `status`, or (2 unless `unwrittenOutputExits` said
    /// otherwise) when standard output could not be written.
    static func finish(_ status: Int32) -> Int32 {
        locked { st in
            flush(&st, upTo: st.pending.count)
            return st.failure == nil ? status : (status == 130 ? 130 : st.unwrittenStatus)
        }
    }

    /// The exit status when standard output could not be written (an adapter's is 1: serve).
    static func unwrittenOutputExits(_ status: Int32) { locked { $0.unwrittenStatus = status } }

    /// Writes the buffer up to its last line break; a buffer over `bufferBytes` without one, up to
    /// its last complete UTF-8 sequence.
    private static func flushLines(_ st: inout State) {
        if let nl = st.pending.lastIndex(of: 10) {
            flush(&st, upTo: nl + 1)
        } else if st.pending.count >= bufferBytes {
            var end = st.pending.count
            // Back over continuation bytes to a lead byte, which starts the sequence left for later.
            while end > 0 && st.pending[end - 1] & 0xC0 == 0x80 { end -= 1 }
            if end > 0 && st.pending[end - 1] >= 0xC0 { end -= 1 }
            flush(&st, upTo: end)
        }
    }

    private static func flush(_ st: inout State, upTo end: Int) {
        guard end > 0, st.failure == nil else { st.pending.removeAll(); return }
        let e = writeAll(1, Array(st.pending[0..<end]))
        st.pending.removeFirst(end)
        guard e != 0 else { return }
        let why: String
        switch e {
        case EPIPE: why = "its reader has gone (broken pipe)"
        case EBADF: why = st.stdoutClosedAtStart ? "it is closed" : String(cString: strerror(e))
        default: why = String(cString: strerror(e))
        }
        st.failure = why
        st.pending.removeAll()
        _ = writeAll(2, Array("concord: cannot write standard output: \(why)\n".utf8))
    }

    /// write(2) until every byte is written; 0, or the errno of the failure.
    private static func writeAll(_ fd: Int32, _ bytes: [UInt8]) -> Int32 {
        var done = 0
        while done < bytes.count {
            let n = bytes.withUnsafeBytes { write(fd, $0.baseAddress! + done, bytes.count - done) }
            if n < 0 {
                if errno == EINTR { continue }
                return errno
            }
            done += n
        }
        return 0
    }
}

/// `print` in this module is Streams' (standard output buffered, flushed before standard error).
func print(_ items: Any..., separator: String = " ", terminator: String = "\n") {
    Streams.out(items.map { "\($0)" }.joined(separator: separator) + terminator)
}
