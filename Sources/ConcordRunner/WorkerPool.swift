import Foundation
#if os(Linux)
import Synchronization
#endif

/// Worker threads started once and kept for the runner's life: each `perform` hands them one body
/// to run, every thread at once, and returns when all have. Each thread gets the same index in every
/// `perform` (the caller 0, the others 1, 2, …), so work split by index stays on one core from one
/// run to the next. Starting threads for every run cost as
/// much as a run of a few hundred cheap checks (`--repeat`, a long-lived library user's runs).
///
/// A thread that finished waits by spinning for a short while (80,000 loads of a counter, 100 to
/// 200 µs) before it sleeps, and so does `perform` for the last thread: a run of a few hundred checks
/// has two hand-overs and a serial part between them, and waking a sleeping thread on this machine
/// took as long as the checks (docs/performance.md).
final class WorkerPool: @unchecked Sendable {
    private let condition = NSCondition()
    /// Set under `condition`'s lock, read under it.
    private var body: (@Sendable (Int) -> Void)? = nil
    /// Bumped (under the lock) by every `perform`: a thread runs each generation's body at most once.
    private let generation = SharedCount()
    /// Threads of the current generation that have not finished.
    private let running = SharedCount()
    /// Threads taking part in the current generation besides the caller (under the lock).
    private var places = 0
    private var started = 0
    private var stopping = false
    /// One `perform` at a time (a runner used from several threads takes turns).
    private let turn = NSLock()
    /// Spins before sleeping (20,000 let the workers fall asleep during the serial part of a
    /// 316-check pass: 1.32 against 1.42 million checks a second, one session).
    static let spins = 80_000

    /// Runs `body` on `threads` threads at once, the calling thread one of them (the others are
    /// started the first time they are needed), and returns when all have finished.
    func perform(threads: Int, _ body: @escaping @Sendable (_ index: Int) -> Void) {
        guard threads > 1 else { return body(0) }
        turn.lock()
        defer { turn.unlock() }
        let others = threads - 1
        condition.lock()
        while started < others {
            started += 1
            let index = started
            let thread = Thread { [self] in loop(index) }
            thread.stackSize = 1 << 20
            thread.start()
        }
        self.body = body
        places = others
        running.store(others)
        generation.add(1)
        condition.broadcast()
        condition.unlock()
        body(0)
        var spun = 0
        while running.load() > 0 && spun < Self.spins { spun += 1 }
        if running.load() > 0 {
            condition.lock()
            while running.load() > 0 { condition.wait() }
            condition.unlock()
        }
        condition.lock()
        self.body = nil
        condition.unlock()
    }

    private func loop(_ index: Int) {
        var seen = 0
        while true {
            var spun = 0
            while generation.load() == seen && spun < Self.spins { spun += 1 }
            condition.lock()
            while generation.load() == seen && !stopping { condition.wait() }
            if stopping { condition.unlock(); return }
            seen = generation.load()
            // Threads beyond `others` (an earlier run wanted more) sit this one out.
            guard index <= places, let body else { condition.unlock(); continue }
            condition.unlock()
            body(index)
            if running.subtract(1) == 0 {
                condition.lock()
                condition.broadcast()
                condition.unlock()
            }
        }
    }

    /// Lets the threads end (they hold no work once `perform` has returned). The threads keep the
    /// pool alive until then: its owner calls this when it is done (`Runner.deinit`).
    func stop() {
        condition.lock()
        stopping = true
        condition.broadcast()
        condition.unlock()
    }
}

/// A counter read and written by several threads: the standard library's `Atomic` on Linux; on
/// Apple platforms, where it needs macOS 15, a locked integer (slower to spin on, and correct).
final class SharedCount: @unchecked Sendable {
    #if os(Linux)
    private let value = Atomic<Int>(0)
    func load() -> Int { value.load(ordering: .acquiring) }
    func store(_ v: Int) { value.store(v, ordering: .releasing) }
    func add(_ v: Int) { value.add(v, ordering: .acquiringAndReleasing) }
    /// The value after subtracting.
    func subtract(_ v: Int) -> Int { value.subtract(v, ordering: .acquiringAndReleasing).newValue }
    #else
    private let lock = NSLock()
    private var value = 0
    func load() -> Int { lock.withLock { value } }
    func store(_ v: Int) { lock.withLock { value = v } }
    func add(_ v: Int) { lock.withLock { value += v } }
    func subtract(_ v: Int) -> Int { lock.withLock { value -= v; return value } }
    #endif
}
