import ConcordFormats
import ConcordSuites
import Foundation

/// One request to an implementation: a suite, an optional op, and the merged input of a vector.
public struct Request: Sendable {
    public var suite: String
    public var op: String?
    public var input: Fields
    private var vectorName: String?
    private var vectorID: String?
    /// The vector's name (`suite/id`), for implementations that answer by name (a captured file):
    /// made when asked, not for every request.
    public var vector: String? {
        get { vectorName ?? vectorID.map { suite + "/" + $0 } }
        set { vectorName = newValue; vectorID = nil }
    }
    public init(suite: String, op: String? = nil, input: Fields, vector: String? = nil) {
        self.suite = suite
        self.op = op
        self.input = input
        self.vectorName = vector
    }
    /// The request of the vector `suite/id`.
    public init(suite: String, op: String?, input: Fields, vectorID: String) {
        self.suite = suite
        self.op = op
        self.input = input
        self.vectorID = vectorID
    }
}

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

/// Who wrote the code an implementation runs for one suite (docs/fill.md, "Whose values count"):
/// `fill` writes a live value only when at least one implementation that computed it is not
/// Concord's own port.
public enum Provenance: Sendable, Equatable, Hashable, CustomStringConvertible {
    /// Concord's own port of the contract (or of a primitive): code written in this repository,
    /// even when it calls a library for the parts underneath.
    case ownPort
    /// A library's own code, called directly for the suite's computation (named:
    /// `libsodium crypto_pwhash`, `Tink HybridDecrypt`).
    case library(String)
    /// The app's own code: a user adapter (`--adapter`, `concord.yaml`) or a captured file.
    case app
    /// A library's own code as a built-in adapter slot's program claims it, when the environment
    /// pointed the slot at a program Concord does not start (`by`: `CONCORD_NODE=/x`): Concord cannot
    /// tell what that program ran, so the claim is shown and never counted as a witness.
    case claimed(library: String, by: String)

    /// Not written by Concord, as far as Concord can tell: a witness for `fill`.
    public var isOutside: Bool {
        switch self {
        case .library, .app: return true
        case .ownPort, .claimed: return false
        }
    }

    public var description: String {
        switch self {
        case .ownPort: return "Concord's own port"
        case .library(let what): return "library: \(what)"
        case .app: return "the app's own code"
        case .claimed(let what, let by): return "claims library: \(what), but \(by) names the program that answered: not counted as a witness"
        }
    }
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

/// A handler throws this when it cannot express a request.
public struct Unsupported: Error, Sendable {
    public var reason: String
    public init(_ reason: String) { self.reason = reason }
}

/// One suite as one in-process implementation computes it, registered against the suite's
/// definition (never a name typed again).
public struct SuiteHandler: Sendable {
    public var suite: Suite
    public var run: @Sendable (Request) throws -> [String: Value]
    /// Who wrote the code it runs, declared where an implementation registers it (Catalog.make):
    /// nil until then, and a test holds that no registered handler leaves it nil.
    public var provenance: Provenance?
    public init(_ suite: Suite, run: @escaping @Sendable (Request) throws -> [String: Value]) {
        self.suite = suite
        self.run = run
    }

    /// This handler, declared Concord's own port.
    public var ownPort: SuiteHandler { declared(.ownPort) }
    /// This handler, declared a direct call of a library's own code.
    public func library(_ what: String) -> SuiteHandler { declared(.library(what)) }
    func declared(_ p: Provenance) -> SuiteHandler {
        var h = self
        h.provenance = p
        return h
    }
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

/// Typed access to a request's input, refusing a missing or mistyped field with `format`.
extension Request {
    /// A field of the input (`Fields` compares the few names in turn: no hashing).
    @inline(__always)
    func field(_ key: String) -> Value? { input[key] }

    public func bytes(_ key: String) throws(ContractError) -> [UInt8] {
        guard let v = field(key) else { throw ContractError(.format, "missing input \(key)") }
        guard let b = v.bytes else { throw ContractError(.format, "input \(key) must be bytes") }
        return b
    }
    public func optionalBytes(_ key: String) throws(ContractError) -> [UInt8]? {
        guard let v = field(key), v != .null else { return nil }
        guard let b = v.bytes else { throw ContractError(.format, "input \(key) must be bytes") }
        return b
    }
    public func text(_ key: String) throws(ContractError) -> String {
        guard let v = input[key] else { throw ContractError(.format, "missing input \(key)") }
        guard let s = v.text else { throw ContractError(.format, "input \(key) must be text") }
        return s
    }
    public func optionalInteger(_ key: String) throws(ContractError) -> Int64? {
        guard let v = input[key], v != .null else { return nil }
        guard let i = v.integer else { throw ContractError(.format, "input \(key) must be an integer") }
        return i
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
