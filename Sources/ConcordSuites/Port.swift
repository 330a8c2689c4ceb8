import ConcordFormats

// What a Swift port of a suite is made of, wherever it lives (a pack's module or the primitives'):
// the request it answers, the handler it registers against the suite's definition, and who wrote
// the code it runs. ConcordImplementations builds its in-process implementations from these.

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
    package func declared(_ p: Provenance) -> SuiteHandler {
        var h = self
        h.provenance = p
        return h
    }
}

/// Typed access to a request's input, refusing a missing or mistyped field with `format`.
extension Request {
    /// A field of the input (`Fields` compares the few names in turn: no hashing).
    @inline(__always)
    package func field(_ key: String) -> Value? { input[key] }

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

