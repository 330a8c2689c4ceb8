import ConcordFormats

/// The type a field's value must have in a vector file.
public enum FieldType: Sendable, Equatable, CustomStringConvertible {
    case bytes, text, integer
    /// `{scaleValue: int|null, selectedOptionIds: [string], writtenText: string|null}` (CONTRACT.md §7).
    case answer

    public var description: String {
        switch self {
        case .bytes: return "bytes ({hex|base64|base64url|utf8: …})"
        case .text: return "a string"
        case .integer: return "an integer"
        case .answer: return "an answer {scaleValue, selectedOptionIds, writtenText}"
        }
    }
}

public struct FieldSpec: Sendable {
    public var name: String
    public var type: FieldType
    public var required: Bool
    /// The smallest integer the field takes (a count of bytes cannot be negative), as the schema's `minimum`.
    public var minimum: Int64?
    public init(_ name: String, _ type: FieldType, required: Bool = true, minimum: Int64? = nil) {
        self.name = name
        self.type = type
        self.required = required
        self.minimum = minimum
    }
}

/// One direction of a suite (`wrap`, `open`, …), or the only one (`name == nil`).
public struct OpSpec: Sendable {
    public var name: String?
    public var inputs: [FieldSpec]
    public var expects: [FieldSpec]
    /// Groups of optional inputs of which a vector must give exactly one.
    public var exactlyOne: [[String]]
    public init(_ name: String?, inputs: [FieldSpec], expects: [FieldSpec], exactlyOne: [[String]] = []) {
        self.name = name
        self.inputs = inputs
        self.expects = expects
        self.exactlyOne = exactlyOne
    }
}

/// How an op with randomized outputs is checked (Tink's cross-language tests do the same): every
/// implementation seals with `sealOp`, every implementation opens every sealed result with
/// `openOp`, and the opened `compared` field must equal the vector's expected one.
public struct RoundtripSpec: Sendable {
    public var op: String
    public var sealOp: String
    public var openOp: String
    /// The seal's output field that becomes the open's input field of the same name.
    public var carried: String
    /// The vector's input fields the open request also takes.
    public var openInputs: [String]
    public var compared: String
    public init(op: String, sealOp: String, openOp: String, carried: String, openInputs: [String], compared: String) {
        self.op = op
        self.sealOp = sealOp
        self.openOp = openOp
        self.carried = carried
        self.openInputs = openInputs
        self.compared = compared
    }
}

/// Resource limits a vector must respect before any implementation is asked to run it.
public struct Limits: Sendable {
    /// Argon2 memory per hash, KiB (`--max-kdf-memory`, default 4 GiB).
    public var maxKdfMemoryKiB: UInt64 = 4 << 20
    /// Argon2 work per hash, KiB × passes (`--max-kdf-work`, default 2^26: ~30 s in libsodium here).
    public var maxKdfWork: UInt64 = 1 << 26
    public init() {}
}

/// A suite: its field vocabulary per op, how heavy a vector is, and what limits it must respect.
/// Adding a suite means one such value (in its own file) registered in `Suites.all`.
public struct Suite: Sendable {
    public var name: String
    public var ops: [OpSpec]
    /// Relative cost of one vector on one implementation, in estimated seconds (for scheduling).
    public var cost: @Sendable ([String: Value]) -> Double
    /// Why a vector exceeds the limits, if it does (the message names the limit and its flag).
    public var exceedsLimits: @Sendable ([String: Value], Limits) -> String?
    /// What is worth flagging about a vector's input even when every implementation agrees.
    public var warnings: @Sendable ([String: Value]) -> [String]
    public var roundtrip: RoundtripSpec?

    public init(name: String, ops: [OpSpec],
                cost: @escaping @Sendable ([String: Value]) -> Double = { _ in 1e-6 },
                exceedsLimits: @escaping @Sendable ([String: Value], Limits) -> String? = { _, _ in nil },
                warnings: @escaping @Sendable ([String: Value]) -> [String] = { _ in [] },
                roundtrip: RoundtripSpec? = nil) {
        self.name = name
        self.ops = ops
        self.cost = cost
        self.exceedsLimits = exceedsLimits
        self.warnings = warnings
        self.roundtrip = roundtrip
    }

    public var opNames: [String] { ops.compactMap(\.name) }
    public func op(_ name: String?) -> OpSpec? { ops.first { $0.name == name } }
    /// Every input field of any op (what `defaults` may hold).
    public var allInputs: [FieldSpec] {
        var seen = Set<String>()
        return ops.flatMap(\.inputs).filter { seen.insert($0.name).inserted }
    }
}

public enum Suites {
    /// Every registered suite, by name.
    public static let all: [String: Suite] = Dictionary(uniqueKeysWithValues: [
        argon2id, kdfParams, aesGcm, coupleKeyWrap, invitePhrase, field, canonicalJSON, commitment, sealedAnswer,
        tinkPublicKey, keybox, ecdhP256, hkdfSha256,
    ].map { ($0.name, $0) })

    public static var names: [String] { all.keys.sorted() }
}
