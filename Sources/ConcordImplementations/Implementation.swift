import ConcordFormats
import ConcordSuites
import Foundation

/// What an implementation answered.
public enum Outcome: Sendable, Equatable {
    /// It computed these outputs.
    case outputs([String: Value])
    /// It refused the input as the contract says it must (an error class and its message).
    case refused(ContractError)
    /// It cannot express this request (libsodium with p > 1): never a pass, never a failure.
    case unsupported(String)
    /// It crashed, timed out, could not start or answered nonsense.
    case error(String)
}

/// Whether an implementation runs one op of one suite: what planning asks, once `prepare()` returned.
public enum Support: Sendable, Equatable {
    /// It runs it: a job.
    case runs
    /// It does not implement the suite at all: no job, and no entry in the vector's result.
    case absent
    /// It implements the suite but not this op (Tink's AES-GCM draws its own nonce, so no `seal`):
    /// reported `unsupported` with this reason, never sent.
    case unsupported(String)
    /// Its announcement of the suite disagrees with the suite's definition: reported `error` with
    /// this reason, never sent.
    case broken(String)
}

/// An implementation of (part of) the contract, in-process or behind an adapter process.
/// `run` blocks until the answer is there and may be called from many threads at once.
public protocol Implementation: AnyObject, Sendable {
    var name: String { get }
    /// The suites it implements (canonical names). An adapter knows them from its handshake, so
    /// only once `prepare()` has returned; before that the set is empty.
    var suites: Set<String> { get }
    /// Whether it runs this op of this suite (valid once `prepare()` has returned).
    func support(suite: String, op: String?) -> Support
    /// Its version; for an adapter, known once the handshake arrived.
    var version: String { get }
    /// Starts what must be started (a process); in-process implementations do nothing. Idempotent.
    func prepare()
    func run(_ request: Request) -> Outcome
    /// A function that runs requests of one suite, asked once per batch of jobs: what `run` would
    /// answer, without looking the suite up for each request (the default calls `run`).
    func runner(suite: String) -> @Sendable (Request) -> Outcome
    /// What the run will ask of it, told before `prepare()` (an adapter may size its process to it).
    func expect(_ work: PlannedWork)
    /// Stops what was started, and waits for it to end. Idempotent.
    func shutdown()
    /// Tells what was started that the run is over (an adapter's input closed, its peak memory
    /// read) without waiting for it to end; `shutdown()` then waits. Idempotent.
    func closeInput()
    /// Why it could not start, if it could not.
    var startFailure: String? { get }
    /// Whether a request would be answered without waiting for a start (a scheduling hint).
    var isReady: Bool { get }
    /// How many processes it started so far (adapters start one per run; in-process: 0).
    var processStarts: Int { get }
    /// The peak resident memory, in KiB, of its process once it has stopped (adapters; in-process: nil).
    var peakResidentKiB: Int? { get }
    /// The memory its Argon2 requests in flight may hold together, once `expect` has been told the
    /// run's work (nil: no limit the runner need keep). The runner holds back a request that would
    /// go past it, instead of sending it to wait inside the process while a worker waits for it.
    var kdfMemory: KdfMemoryBudget? { get }
    /// Who wrote the code it runs for this suite (canonical name), nil when it does not say (valid
    /// once `prepare()` has returned). Fill counts an undeclared one as Concord's own port.
    func provenance(suite: String) -> Provenance?
}

/// What an implementation's concurrent Argon2 requests may hold (`Implementation.kdfMemory`).
public struct KdfMemoryBudget: Sendable {
    /// KiB for every request in flight together.
    public var capacityKiB: Int
    /// KiB one request holds for an Argon2 memory of `m` KiB.
    public var need: @Sendable (_ m: Int) -> Int
    public init(capacityKiB: Int, need: @escaping @Sendable (_ m: Int) -> Int) {
        self.capacityKiB = capacityKiB
        self.need = need
    }
}

/// What a run will ask of an implementation, known from its plan before the implementation starts.
public struct PlannedWork: Sendable, Equatable {
    /// The largest Argon2 memory (KiB) of any vector in the run: parameter tags among the inputs.
    public var largestKdfMemoryKiB: Int
    /// Requests in flight at once, at most.
    public var workers: Int
    public init(largestKdfMemoryKiB: Int, workers: Int) {
        self.largestKdfMemoryKiB = largestKdfMemoryKiB
        self.workers = workers
    }
}

extension Implementation {
    public func runner(suite: String) -> @Sendable (Request) -> Outcome { { [self] in run($0) } }
    public func expect(_ work: PlannedWork) {}
    public func support(suite: String, op: String?) -> Support { suites.contains(suite) ? .runs : .absent }
    public var processStarts: Int { 0 }
    public var peakResidentKiB: Int? { nil }
    public var isReady: Bool { true }
    public var kdfMemory: KdfMemoryBudget? { nil }
    public func provenance(suite: String) -> Provenance? { nil }
}

/// An implementation living in this process: a name, a version and a handler per suite.
public final class InProcessImplementation: Implementation {
    public let name: String
    public let version: String
    /// Each suite's function only: looking up a `SuiteHandler` copied its whole suite definition
    /// (a reference count per field) for every request.
    private let handlers: [String: @Sendable (Request) throws -> [String: Value]]
    /// Kept, not computed: the runner asks for every job.
    public let suites: Set<String>
    private let provenances: [String: Provenance]

    public init(name: String, version: String, handlers: [SuiteHandler]) {
        self.name = name
        self.version = version
        self.handlers = Dictionary(handlers.map { ($0.suite.name, $0.run) }, uniquingKeysWith: { a, _ in a })
        self.provenances = Dictionary(handlers.compactMap { h in h.provenance.map { (h.suite.name, $0) } }, uniquingKeysWith: { a, _ in a })
        self.suites = Set(self.handlers.keys)
    }
    public func provenance(suite: String) -> Provenance? { provenances[suite] }
    public var startFailure: String? { nil }
    public func prepare() {}
    public func shutdown() {}

    public func run(_ request: Request) -> Outcome { runner(suite: request.suite)(request) }

    public func runner(suite: String) -> @Sendable (Request) -> Outcome {
        let name = name
        guard let h = handlers[suite] else { return { _ in .unsupported("\(name) does not implement the suite \(suite)") } }
        return { Self.outcome(name, h, $0) }
    }

    @inline(__always)
    static func outcome(_ name: String, _ h: @Sendable (Request) throws -> [String: Value], _ request: Request) -> Outcome {
        do {
            return .outputs(try h(request))
        } catch let e as ContractError {
            return .refused(e)
        } catch let u as Unsupported {
            return .unsupported(u.reason)
        } catch {
            return .error("\(name) failed: \(error)")
        }
    }
}

extension Implementation {
    /// Nothing to tell: an in-process implementation, or one whose `shutdown()` does it all.
    public func closeInput() {}
}

/// Closes every adapter's input at once, without waiting: they exit while the caller writes its
/// report (a run's last tenth of a second, on every run), and `shutdownAll` then waits for them.
public func closeInputs(_ implementations: [any Implementation]) {
    for impl in implementations { impl.closeInput() }
}

/// Stops every implementation at once: each adapter's stop waits for its process to end (Chromium
/// takes a few hundred milliseconds), and one after the other those waits added up at the end of
/// every run.
public func shutdownAll(_ implementations: [any Implementation]) {
    let started = implementations.filter { $0.processStarts > 0 }
    guard started.count > 1 else { return implementations.forEach { $0.shutdown() } }
    let group = DispatchGroup()
    for impl in implementations {
        group.enter()
        // A thread each: the stops wait (on a process, up to its timeout), they do not compute.
        Thread.detachNewThread {
            impl.shutdown()
            group.leave()
        }
    }
    group.wait()
}
