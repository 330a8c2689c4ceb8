import ConcordSync
import Foundation
import ConcordPlatform

/// A child process started with `posix_spawn` in its own process group, with pipes for its three
/// standard streams and a reaper thread that records its exit. (Foundation's `Process` learns of
/// an exit only through a run loop, which worker threads here do not run.)
public final class Subprocess: Sendable {
    public let pid: pid_t
    /// Parent ends of the pipes: write to `stdin`, read `stdout` and `stderr`.
    public let stdin: Int32
    public let stdout: Int32
    public let stderr: Int32

    private let exited = DispatchGroup()
    /// How it ended and its peak, once its reaper saw the exit.
    private let ended = Locked<(status: Termination?, peak: Int?)>((nil, nil))
    /// This process's own peak, read once the child runs its program: on Linux `wait4`'s figure
    /// for the child is at least the spawner's mark at the exec (the kernel keeps the old memory's
    /// mark across exec, and posix_spawn's child shares the spawner's memory until then), so only a
    /// figure above this one is the child's own.
    private let spawnerPeakKiB = Locked<Int>(0)

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
        // pipe2 is not exported to Swift: pipe, then close-on-exec, under the registry's lock so
        // that a concurrent spawn cannot inherit these descriptors in between. (The child closes
        // every descriptor but 0, 1 and 2 as well: Platform.spawnKeepsOnlyStandardDescriptors.)
        try registry.withLock { try spawn(argv, environment: environment, &$0) }
    }

    private static func spawn(_ argv: [String], environment: [String: String]?, _ registry: inout Registry) throws -> Subprocess {
        guard let exe = argv.first else { throw SpawnError(description: "empty command") }
        var inPipe: [Int32] = [0, 0], outPipe: [Int32] = [0, 0], errPipe: [Int32] = [0, 0]
        // Once concord is stopping (a signal, or the end of the command) nothing new starts: a
        // process started after the others were stopped would outlive concord.
        if registry.closing { throw SpawnError(description: "cannot start \(exe): concord is stopping") }
        for i in 0..<3 {
            let ok = i == 0 ? pipe(&inPipe) : (i == 1 ? pipe(&outPipe) : pipe(&errPipe))
            if ok != 0 { throw SpawnError(description: "pipe: \(String(cString: strerror(errno)))") }
        }
        for fd in inPipe + outPipe + errPipe { _ = fcntl(fd, F_SETFD, FD_CLOEXEC) }
        var actions = Platform.emptySpawnFileActions()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, inPipe[0], 0)
        posix_spawn_file_actions_adddup2(&actions, outPipe[1], 1)
        posix_spawn_file_actions_adddup2(&actions, errPipe[1], 2)
        // Its own process group, so that stopping it also stops anything it started.
        var flags = Int32(POSIX_SPAWN_SETPGROUP | POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETSIGMASK)
        // Nothing else this process has open (another thread's file, a library's descriptor) goes
        // to the child.
        let closing = Platform.spawnKeepsOnlyStandardDescriptors(&actions, flags: &flags)
        if closing != 0 {
            for fd in inPipe + outPipe + errPipe { close(fd) }
            throw SpawnError(description: "cannot start \(exe): \(String(cString: strerror(closing)))")
        }
        var attr = Platform.emptySpawnAttributes()
        posix_spawnattr_init(&attr)
        defer { posix_spawnattr_destroy(&attr) }
        posix_spawnattr_setflags(&attr, Int16(flags))
        posix_spawnattr_setpgroup(&attr, 0)
        // Concord ignores SIGPIPE, and SIGINT, SIGTERM and SIGHUP while it watches for them
        // (Interrupt): the child gets the default actions back, so SIGTERM stops it.
        var defaults = sigset_t()
        sigemptyset(&defaults)
        for sig in [SIGPIPE, SIGINT, SIGTERM, SIGHUP] { sigaddset(&defaults, sig) }
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
        p.spawnerPeakKiB.withLock { $0 = ResidentMemory.ownPeakKiB() }
        registry.live[pid] = p
        registry.everStarted = true
        p.exited.enter()
        Thread.detachNewThread { [p] in p.reap() }
        return p
    }

    /// The children started here and not yet reaped (each by its own reaper thread), and whether
    /// concord is stopping (no new child then); its lock is also held while a child is spawned.
    private struct Registry: Sendable {
        var live: [pid_t: Subprocess] = [:]
        var closing = false
        var everStarted = false
    }
    private static let registry = Locked(Registry())

    private func reap() {
        var raw: Int32 = 0
        var usage = rusage()
        while wait4(pid, &raw, 0, &usage) < 0 && errno == EINTR {}
        let t: Termination = (raw & 0x7f) == 0 ? .exited((raw >> 8) & 0xff) : .signaled(raw & 0x7f)
        let figure = Platform.maxResidentKiB(usage), spawner = spawnerPeakKiB.withLock { $0 }
        ended.withLock { $0 = (t, figure > spawner ? figure : nil) }
        Self.registry.withLock { _ = $0.live.removeValue(forKey: pid) }
        exited.leave()
    }

    /// The child's peak resident memory in KiB, once it has ended: `wait4`'s figure when it is
    /// above what this process held at the spawn (then it can only be the child's own), else nil
    /// (the figure is this process's, and the child's own peak was at most that): a caller that
    /// needs it then samples `ResidentMemory.peakKiB(of:)` while the child runs.
    public var peakResidentKiB: Int? { ended.withLock { $0.peak } }

    /// How it ended, or nil while it runs.
    public var termination: Termination? { ended.withLock { $0.status } }

    /// Waits for the exit; nil if `timeout` seconds pass first.
    @discardableResult
    public func wait(timeout: Double = .infinity) -> Termination? {
        if timeout.isInfinite { exited.wait() } else if exited.wait(timeout: .now() + timeout) == .timedOut { return nil }
        return termination
    }

    /// Sends a signal to its whole process group.
    public func signalGroup(_ sig: Int32) {
        Platform.send(sig, to: -pid)
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

// MARK: - Nothing outlives concord

extension Subprocess {
    /// Makes concord a child subreaper (Linux, `prctl(PR_SET_CHILD_SUBREAPER)`; Platform): a descendant whose
    /// parent ends is reparented to concord rather than to init, even one that left its process
    /// group and session (`setsid`), so that `stopEverything` finds it. False where that is not
    /// possible (other systems: there only the process groups are stopped).
    @discardableResult
    public static func adoptOrphans() -> Bool {
        Platform.becomeChildSubreaper()
    }

    /// From now on no child starts (`spawn` throws "concord is stopping"); returns the children
    /// still running.
    @discardableResult
    public static func refuseNewChildren() -> [Subprocess] {
        registry.withLock { r in
            r.closing = true
            return Array(r.live.values)
        }
    }

    /// The end of concord (a normal end or a signal): no new child starts; every child still
    /// running is stopped with its process group (SIGTERM, then SIGKILL after `grace` seconds);
    /// then every other descendant that is still there (reparented to concord by `adoptOrphans`) is
    /// sent SIGTERM, SIGKILL after `grace`, and reaped. Returns the number of such orphans found.
    @discardableResult
    public static func stopEverything(grace: Double = 1) -> Int {
        let (running, any) = registry.withLock { r -> ([Subprocess], Bool) in
            r.closing = true
            return (Array(r.live.values), r.everStarted)
        }
        guard any else { return 0 }
        let deadline = Date().addingTimeInterval(grace)
        for p in running { p.signalGroup(SIGTERM) }
        for p in running {
            if p.wait(timeout: max(0, deadline.timeIntervalSinceNow)) == nil {
                p.signalGroup(SIGKILL)
                p.wait(timeout: 5)
            } else {
                p.signalGroup(SIGKILL)
            }
        }
        return stopOrphans(grace: grace)
    }

    /// Concord's children that no `Subprocess` owns (orphans reparented to it): SIGTERM, SIGKILL
    /// after `grace`, each reaped by its pid (never `wait(-1)`, which would take the exit of a child
    /// a reaper thread waits for). Their own children are reparented to concord in turn and found by
    /// the next look, for at most `grace` + 5 seconds in all.
    static func stopOrphans(grace: Double) -> Int {
        let me = getpid()
        let start = Date()
        var told: [pid_t: Date] = [:]
        var found = Set<pid_t>()
        while Date().timeIntervalSince(start) < grace + 5 {
            let owned = registry.withLock { Set($0.live.keys) }
            let orphans = childProcesses(of: me).filter { !owned.contains($0) }
            if orphans.isEmpty { break }
            for pid in orphans {
                found.insert(pid)
                var raw: Int32 = 0
                if waitpid(pid, &raw, WNOHANG) == pid { continue }  // it had ended: reaped
                if let when = told[pid] {
                    if Date().timeIntervalSince(when) >= grace { Platform.send(SIGKILL, to: pid) }
                } else {
                    Platform.send(SIGTERM, to: pid)
                    told[pid] = Date()
                }
            }
            usleep(10_000)
        }
        return found.count
    }

    /// The processes whose parent is `parent` (Platform: /proc on Linux, sysctl on macOS).
    static func childProcesses(of parent: pid_t) -> [pid_t] { Platform.childProcesses(of: parent) }
}
