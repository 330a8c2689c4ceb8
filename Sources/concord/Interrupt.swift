import ConcordImplementations
import Foundation

/// Ctrl-C (SIGINT) or SIGTERM during a command that runs implementations: the adapters started so
/// far are stopped (with anything they started), then "interrupted" is printed on a line of its own
/// and concord exits 130 (128 + SIGINT), as shells expect.
enum Interrupt {
    private static let lock = NSLock()
    nonisolated(unsafe) private static var running: [any Implementation] = []
    nonisolated(unsafe) private static var sources: [DispatchSourceSignal] = []

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
        FileHandle.standardError.write(Data("\ninterrupted\n".utf8))
        let impls = lock.withLock { running }
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
