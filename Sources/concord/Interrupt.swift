import ConcordFiles
import ConcordImplementations
import ConcordSync
import Foundation

/// Ctrl-C (SIGINT), SIGTERM or SIGHUP (the terminal went away) during any command: from then on
/// nothing is written (every temporary file being written is removed and none is renamed over
/// its target: `OutputFile.abandonWrites`), no adapter starts, the adapters started so far are
/// stopped (with anything they started, orphans included: `Subprocess.stopEverything`), then
/// "interrupted" is printed on a line of its own (naming the signal when it is not SIGINT) and
/// concord exits 128 + the signal (130, 143, 129), as shells expect.
///
/// The signals are taken by dispatch sources, from the start of every command (`install`): the
/// handler libdispatch installs only records the signal, and `stop` runs on an ordinary thread.
enum Interrupt {
    private struct State: Sendable {
        var running: [any Implementation] = []
        var interrupted = false
    }
    private static let state = Locked(State())
    /// The signal sources, made once (a lazy global: the first `watch` makes them) and kept for the
    /// process's life, never touched again.
    private static let sources = SharedImmutable(signals.map { (sig, _) -> any DispatchSourceSignal in
        signal(sig, SIG_IGN)
        let s = DispatchSource.makeSignalSource(signal: sig, queue: .global())
        s.setEventHandler { stop(sig) }
        s.resume()
        return s
    })

    /// The signals that stop a command, with how the message names them.
    static let signals: [(number: Int32, name: String)] = [(SIGINT, "SIGINT"), (SIGTERM, "SIGTERM"), (SIGHUP, "SIGHUP")]

    /// Called where a command would go on to write its outputs: once a signal has arrived, the run
    /// it cut short must not write a report or exit with another status, so this thread waits for
    /// the signal handler's exit(128 + signal) instead.
    static func holdIfInterrupted() {
        guard state.withLock({ $0.interrupted }) else { return }
        while true { sleep(60) }
    }

    /// Watch for the signals from now on (main.swift, before any command runs).
    static func install() { _ = sources }

    /// `implementations` are stopped when a signal arrives.
    static func watch(_ implementations: [any Implementation]) {
        state.withLock { $0.running = implementations }
        _ = sources
    }

    private static func stop(_ sig: Int32) {
        // A second signal while the first one's stop runs changes nothing.
        let impls: [any Implementation]? = state.withLock { st in
            if st.interrupted { return nil }
            st.interrupted = true
            return st.running
        }
        guard let impls else { return }
        // Nothing is written from now on, and no file half written is left (the main thread may be
        // writing a report: its write throws, and it waits here for the exit below).
        OutputFile.abandonWrites()
        // Nothing starts from now on: an adapter the command was about to start would outlive it.
        Subprocess.refuseNewChildren()
        let name = signals.first { $0.number == sig }.map(\.name) ?? "signal \(sig)"
        // Written with write(2), whatever happens to it: after SIGHUP the terminal may be gone.
        let text = sig == SIGINT ? "\ninterrupted\n" : "\ninterrupted (\(name))\n"
        _ = text.utf8CString.withUnsafeBufferPointer { write(2, $0.baseAddress, $0.count - 1) }
        let group = DispatchGroup()
        for impl in impls {
            group.enter()
            Thread.detachNewThread {
                impl.shutdown()
                group.leave()
            }
        }
        _ = group.wait(timeout: .now() + 8)
        // Whatever is left: an adapter whose shutdown did not finish, its process group, and the
        // descendants that left it (setsid) and were reparented to concord.
        Subprocess.stopEverything()
        exit(128 + sig)
    }
}
