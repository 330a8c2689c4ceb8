import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// A child process started with `posix_spawn` in its own process group, with pipes for its three
/// standard streams and a reaper thread that records its exit. (Foundation's `Process` learns of
/// an exit only through a run loop, which worker threads here do not run.)
public final class Subprocess: @unchecked Sendable {
    public let pid: pid_t
    /// Parent ends of the pipes: write to `stdin`, read `stdout` and `stderr`.
    public let stdin: Int32
    public let stdout: Int32
    public let stderr: Int32

    private let exited = DispatchGroup()
    private let lock = NSLock()
    private var status: Termination?
    private var peak: Int?

    public enum Termination: Sendable, Equatable, CustomStringConvertible {
        case exited(Int32)
        case signaled(Int32)
        public var description: String {
            switch self {
            case .exited(let c): return "exit status \(c)"
            case .signaled(let s): return "killed by signal \(s)"
            }
        }
        /// The shell's convention: the exit code, or 128 + the signal.
        public var code: Int32 {
            switch self {
            case .exited(let c): return c
            case .signaled(let s): return 128 + s
            }
        }
    }

    public struct SpawnError: Error, CustomStringConvertible {
        public var description: String
    }

    private init(pid: pid_t, stdin: Int32, stdout: Int32, stderr: Int32) {
        self.pid = pid
        self.stdin = stdin
        self.stdout = stdout
        self.stderr = stderr
    }

    /// Starts `argv[0]` (a path) with `argv` and `environment` (nil: this process's).
    public static func spawn(_ argv: [String], environment: [String: String]? = nil) throws -> Subprocess {
        guard let exe = argv.first else { throw SpawnError(description: "empty command") }
        var inPipe: [Int32] = [0, 0], outPipe: [Int32] = [0, 0], errPipe: [Int32] = [0, 0]
        // pipe2 is not exported to Swift: pipe, then close-on-exec, under a lock so that a
        // concurrent spawn cannot inherit these descriptors in between.
        Self.spawnLock.lock()
        defer { Self.spawnLock.unlock() }
        for i in 0..<3 {
            let ok = i == 0 ? pipe(&inPipe) : (i == 1 ? pipe(&outPipe) : pipe(&errPipe))
            if ok != 0 { throw SpawnError(description: "pipe: \(String(cString: strerror(errno)))") }
        }
        for fd in inPipe + outPipe + errPipe { _ = fcntl(fd, F_SETFD, FD_CLOEXEC) }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, inPipe[0], 0)
        posix_spawn_file_actions_adddup2(&actions, outPipe[1], 1)
        posix_spawn_file_actions_adddup2(&actions, errPipe[1], 2)
        var attr = posix_spawnattr_t()
        posix_spawnattr_init(&attr)
        defer { posix_spawnattr_destroy(&attr) }
        // Its own process group, so that stopping it also stops anything it started.
        posix_spawnattr_setflags(&attr, Int16(POSIX_SPAWN_SETPGROUP | POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETSIGMASK))
        posix_spawnattr_setpgroup(&attr, 0)
        var defaults = sigset_t()
        sigemptyset(&defaults)
        sigaddset(&defaults, SIGPIPE)
        posix_spawnattr_setsigdefault(&attr, &defaults)
        var empty = sigset_t()
        sigemptyset(&empty)
        posix_spawnattr_setsigmask(&attr, &empty)

        let env = (environment ?? ProcessInfo.processInfo.environment).map { "\($0.key)=\($0.value)" }
        var cArgs: [UnsafeMutablePointer<CChar>?] = argv.map { strdup($0) } + [nil]
        var cEnv: [UnsafeMutablePointer<CChar>?] = env.map { strdup($0) } + [nil]
        defer {
            cArgs.forEach { free($0) }
            cEnv.forEach { free($0) }
        }
        var pid: pid_t = 0
        let rc = posix_spawn(&pid, exe, &actions, &attr, &cArgs, &cEnv)
        close(inPipe[0]); close(outPipe[1]); close(errPipe[1])
        if rc != 0 {
            close(inPipe[1]); close(outPipe[0]); close(errPipe[0])
            throw SpawnError(description: "cannot start \(exe): \(String(cString: strerror(rc)))")
        }
        // posix_spawn returns once the child runs its own program: from here its peak is its own.
        ResidentMemory.resetPeak(of: pid)
        let p = Subprocess(pid: pid, stdin: inPipe[1], stdout: outPipe[0], stderr: errPipe[0])
        p.exited.enter()
        Thread.detachNewThread { [p] in p.reap() }
        return p
    }

    private static let spawnLock = NSLock()

    private func reap() {
        var raw: Int32 = 0
        var usage = rusage()
        while wait4(pid, &raw, 0, &usage) < 0 && errno == EINTR {}
        let t: Termination = (raw & 0x7f) == 0 ? .exited((raw >> 8) & 0xff) : .signaled(raw & 0x7f)
        lock.withLock { status = t; peak = Int(usage.ru_maxrss) }
        exited.leave()
    }

    /// The child's peak resident memory in KiB (its own, not its children's), once it has ended.
    public var peakResidentKiB: Int? { lock.withLock { peak } }

    /// How it ended, or nil while it runs.
    public var termination: Termination? { lock.withLock { status } }

    /// Waits for the exit; nil if `timeout` seconds pass first.
    @discardableResult
    public func wait(timeout: Double = .infinity) -> Termination? {
        if timeout.isInfinite { exited.wait() } else if exited.wait(timeout: .now() + timeout) == .timedOut { return nil }
        return termination
    }

    /// Sends a signal to its whole process group.
    public func signalGroup(_ sig: Int32) {
        _ = Glibc.kill(-pid, sig)
    }

    /// SIGTERM to the group, then SIGKILL if it is still there after `grace` seconds.
    public func stop(grace: Double = 1) {
        signalGroup(SIGTERM)
        if wait(timeout: grace) == nil {
            signalGroup(SIGKILL)
            wait(timeout: 5)
        } else {
            // The leader is gone; make sure nothing it started lingers in the group.
            signalGroup(SIGKILL)
        }
    }
}
