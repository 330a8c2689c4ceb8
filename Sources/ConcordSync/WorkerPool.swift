import Foundation

/// Worker threads started once and kept for the owner's life: each `perform` hands them one body
/// to run, every thread at once, and returns when all have. Each thread gets the same index in every
/// `perform` (the caller 0, the others 1, 2, …), so work split by index stays on one core from one
/// run to the next. Starting threads for every run cost as much as a run of a few hundred cheap
/// checks (`--repeat`, a long-lived library user's runs).
///
/// A thread that finished waits by spinning for a short while (80,000 loads of a counter, 100 to
/// 200 µs) before it sleeps, and so does `perform` for the last thread: a run of a few hundred checks
/// has two hand-overs and a serial part between them, and waking a sleeping thread on this machine
/// took as long as the checks (docs/performance.md). Only while every thread has a core of its own,
/// though: with more threads than cores a spinning thread takes the core a working one needs, so
/// then they sleep at once (a thousand threads on two cores, each spinning at every hand-over of a
/// chunk of 16 cases, kept `concord explore -j 1000` from ever finishing).
///
/// Rules: one `perform` at a time (callers on several threads take turns); `body` must not call
/// `perform` on the same pool; what the threads wrote is visible to the caller once `perform`
/// returns (`running` is decremented with release and read with acquire ordering).
public final class WorkerPool: Sendable {
    private struct State: Sendable {
        var body: (@Sendable (Int) -> Void)? = nil
        /// Threads taking part in the current generation besides the caller.
        var places = 0
        var started = 0
        var stopping = false
    }
    private let state = Monitor(State())
    private enum Step { case stop, skip, run(@Sendable (Int) -> Void) }
    /// Bumped (under the monitor's lock) by every `perform`: a thread runs each generation's body at most once.
    private let generation = AtomicCounter()
    /// Threads of the current generation that have not finished.
    private let running = AtomicCounter()
    /// One `perform` at a time.
    private let turn = Lock()
    /// Spins before sleeping (20,000 let the workers fall asleep during the serial part of a
    /// 316-check pass: 1.32 against 1.42 million checks a second, one session).
    public static let spins = 80_000
    /// The cores: more threads than these do not spin.
    private let cores = max(1, ProcessInfo.processInfo.activeProcessorCount)

    public init() {}

    /// Runs `body` on `threads` threads at once, the calling thread one of them (the others are
    /// started the first time they are needed), and returns when all have finished.
    public func perform(threads: Int, _ body: @escaping @Sendable (_ index: Int) -> Void) {
        guard threads > 1 else { return body(0) }
        turn.withLock {
            let others = threads - 1
            let toStart: [Int] = state.withLock(wake: true) { s in
                let first = s.started + 1
                let new = s.started < others ? Array(first...others) : []
                s.started = max(s.started, others)
                s.body = body
                s.places = others
                running.store(others)
                generation.add(1)
                return new
            }
            for index in toStart {
                let thread = Thread { [self] in loop(index) }
                thread.stackSize = 1 << 20
                thread.start()
            }
            body(0)
            var spun = 0
            let spins = threads <= cores ? Self.spins : 0
            while running.load() > 0 && spun < spins { spun += 1 }
            if running.load() > 0 {
                state.wait { _ in running.load() > 0 ? nil : () }
            }
            state.withLock { $0.body = nil }
        }
    }

    private func loop(_ index: Int) {
        var seen = 0
        var crowded = index >= cores
        while true {
            var spun = 0
            let spins = crowded ? 0 : Self.spins
            while generation.load() == seen && spun < spins { spun += 1 }
            let step: Step = state.wait { s in
                if s.stopping { return .stop }
                let g = generation.load()
                guard g != seen else { return nil }
                seen = g
                crowded = s.places + 1 > cores
                // Threads beyond `places` (an earlier run wanted more) sit this one out.
                guard index <= s.places, let body = s.body else { return .skip }
                return .run(body)
            }
            let body: @Sendable (Int) -> Void
            switch step {
            case .stop: return
            case .skip: continue
            case .run(let b): body = b
            }
            body(index)
            if running.subtract(1) == 0 { state.wake() }
        }
    }

    /// Lets the threads end (they hold no work once `perform` has returned). The threads keep the
    /// pool alive until then: its owner calls this when it is done.
    public func stop() {
        state.withLock(wake: true) { $0.stopping = true }
    }
}
