import ConcordFormats
import ConcordSuites

/// One request to an implementation: a suite, an optional op, and the merged input of a vector.
public struct Request: Sendable {
    public var suite: String
    public var op: String?
    public var input: [String: Value]
    /// The vector's name (`suite/id`), for implementations that answer by name (a captured file).
    public var vector: String?
    public init(suite: String, op: String? = nil, input: [String: Value], vector: String? = nil) {
        self.suite = suite
        self.op = op
        self.input = input
        self.vector = vector
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
    /// What the run will ask of it, told before `prepare()` (an adapter may size its process to it).
    func expect(_ work: PlannedWork)
    /// Stops what was started. Idempotent.
    func shutdown()
    /// Why it could not start, if it could not.
    var startFailure: String? { get }
    /// Whether a request would be answered without waiting for a start (a scheduling hint).
    var isReady: Bool { get }
    /// How many processes it started so far (adapters start one per run; in-process: 0).
    var processStarts: Int { get }
    /// The peak resident memory, in KiB, of its process once it has stopped (adapters; in-process: nil).
    var peakResidentKiB: Int? { get }
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
    public func expect(_ work: PlannedWork) {}
    public func support(suite: String, op: String?) -> Support { suites.contains(suite) ? .runs : .absent }
    public var processStarts: Int { 0 }
    public var peakResidentKiB: Int? { nil }
    public var isReady: Bool { true }
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
    public init(_ suite: Suite, run: @escaping @Sendable (Request) throws -> [String: Value]) {
        self.suite = suite
        self.run = run
    }
}

/// An implementation living in this process: a name, a version and a handler per suite.
public final class InProcessImplementation: Implementation {
    public let name: String
    public let version: String
    private let handlers: [String: SuiteHandler]
    /// Kept, not computed: the runner asks for every job.
    public let suites: Set<String>

    public init(name: String, version: String, handlers: [SuiteHandler]) {
        self.name = name
        self.version = version
        self.handlers = Dictionary(handlers.map { ($0.suite.name, $0) }, uniquingKeysWith: { a, _ in a })
        self.suites = Set(self.handlers.keys)
    }
    public var startFailure: String? { nil }
    public func prepare() {}
    public func shutdown() {}

    public func run(_ request: Request) -> Outcome {
        guard let h = handlers[request.suite] else {
            return .unsupported("\(name) does not implement the suite \(request.suite)")
        }
        do {
            return .outputs(try h.run(request))
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
    /// A field of a small input found by comparing names, not hashing them: a request has a handful
    /// of fields, and hashing a name costs more than comparing it with each (docs/performance.md).
    @inline(__always)
    func field(_ key: String) -> Value? {
        if input.count > 8 { return input[key] }
        for (k, v) in input where k == key { return v }
        return nil
    }

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
