import ConcordImplementations
import Foundation

/// Ctrl-C (SIGINT) or SIGTERM during a command that runs implementations: the adapters started so
/// far are stopped (with anything they started), then "interrupted" is printed on a line of its own
/// and concord exits 130 (128 + SIGINT), as shells expect.
enum Interrupt {
    private static let lock = NSLock()
    nonisolated(unsafe) private static var running: [any Implementation] = []
    nonisolated(unsafe) private static var sources: [DispatchSourceSignal] = []
    nonisolated(unsafe) private static var interrupted = false

    /// Called where a command would go on to write its outputs: once a signal has arrived, the run
    /// it cut short must not write a report or exit with another status, so this thread waits for
    /// the signal handler's exit(130) instead.
    static func holdIfInterrupted() {
        guard lock.withLock({ interrupted }) else { return }
        while true { sleep(60) }
    }

    /// Watch for the signals from now on; `implementations` are stopped when one arrives.
    static func watch(_ implementations: [any Implementation]) {
        lock.withLock {
            running = implementations
            guard sources.isEmpty else { return }
            for sig in [SIGINT, SIGTERM] {
                signal(sig, SIG_IGN)
                let s = DispatchSource.makeSignalSource(signal: sig, queue: .global())
                s.setEventHandler { stop(sig) }
                s.resume()
                sources.append(s)
            }
        }
    }

    private static func stop(_ sig: Int32) {
        let impls: [any Implementation] = lock.withLock {
            interrupted = true
            return running
        }
        FileHandle.standardError.write(Data("\ninterrupted\n".utf8))
        let group = DispatchGroup()
        for impl in impls {
            group.enter()
            Thread.detachNewThread {
                impl.shutdown()
                group.leave()
            }
        }
        _ = group.wait(timeout: .now() + 8)
        exit(128 + sig)
    }
}
