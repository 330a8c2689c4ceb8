import ConcordSuites
import ConcordFormats
import ConcordImplementations

/// An implementation's verdict on one vector.
public enum ImplementationStatus: String, Sendable {
    case pass, fail, error, unsupported
    /// It computed a value for a placeholder: shown, never compared.
    case pending
}

/// A vector's verdict.
public enum VectorStatus: String, Sendable {
    case pass, fail, pending, error
}

/// Where an implementation's answer differs from what was expected.
public struct Mismatch: Sendable {
    /// The field (`key`), or `result` / `error` when the kind of answer differs.
    public var field: String
    public var expected: String
    public var actual: String
    public var expectedValue: Value?
    public var actualValue: Value?
    /// The first differing byte, when both sides are bytes or text.
    public var offset: Int?
    public var explanation: String?
}

public struct ImplementationResult: Sendable {
    public var implementation: String
    // Declared in this order so the status fits in the padding after the outcome (64 bytes a result).
    private var storedOutcome: Outcome
    public var status: ImplementationStatus
    /// What it answered. A pass whose outputs are exactly the vector's expected ones keeps only
    /// that fact (a reference to the vector) and makes the outputs when asked: a run of many small
    /// vectors held one dictionary per result (issue 12 item 9, docs/performance.md).
    public var outcome: Outcome {
        get {
            if let v = outputsOf { return .outputs(v.expectedOutputs ?? [:]) }
            return storedOutcome
        }
        set { storedOutcome = newValue; outputsOf = nil }
    }
    public var mismatches: [Mismatch] {
        get { storedMismatches ?? [] }
        set { storedMismatches = newValue.isEmpty ? nil : newValue }
    }
    /// Wall time of the call as this process saw it.
    public var seconds: Double
    /// nil when there are none.
    private var storedMismatches: [Mismatch]?
    private var outputsOf: Vector?

    /// Whether any mismatch was recorded.
    public var hasMismatches: Bool { storedMismatches != nil }

    init(implementation: String, status: ImplementationStatus, outcome: Outcome, seconds: Double) {
        self.implementation = implementation
        self.status = status
        self.storedOutcome = outcome
        self.storedMismatches = nil
        self.seconds = seconds
    }

    init(implementation: String, status: ImplementationStatus, outcome: Outcome, mismatches: [Mismatch], seconds: Double) {
        self.implementation = implementation
        self.status = status
        self.storedOutcome = outcome
        self.storedMismatches = mismatches.isEmpty ? nil : mismatches
        self.seconds = seconds
    }

    /// The outcome is `v`'s expected outputs (checked by the caller): keep that fact, not a copy.
    mutating func outputsAreExpected(of v: Vector) {
        // Never read while `outputsOf` is set. Not `.outputs([:])`: every result would then count
        // references to the one shared empty dictionary, from every worker at once.
        storedOutcome = .unsupported("")
        outputsOf = v
    }
}

public struct VectorResult: Sendable {
    public var vector: Vector
    public var status: VectorStatus
    public var implementations: [ImplementationResult]
    /// Why the vector itself could not be run, or what is notable (a divergence).
    public var note: String? {
        get { extras?.note }
        set { extra { $0.note = newValue } }
    }
    /// For `acceptable` and placeholder fields: whether the implementations gave the same answer.
    public var divergence: String? {
        get { extras?.divergence }
        set { extra { $0.divergence = newValue } }
    }
    /// What the suite flags about the input whatever the outcome (an id containing `|`, say).
    public var warnings: [String] {
        get { extras?.warnings ?? [] }
        set { extra { $0.warnings = newValue } }
    }
    /// For a round trip: who sealed (rows) and who opened (columns).
    public var matrix: RoundtripMatrix? {
        get { extras?.matrix }
        set { extra { $0.matrix = newValue } }
    }

    /// What most vectors do not have, in one box most do without: a result is then three words.
    private final class Extras: @unchecked Sendable {
        var note: String?
        var divergence: String?
        var warnings: [String] = []
        var matrix: RoundtripMatrix?
        init() {}
        func copy() -> Extras {
            let e = Extras()
            e.note = note; e.divergence = divergence; e.warnings = warnings; e.matrix = matrix
            return e
        }
        var isEmpty: Bool { note == nil && divergence == nil && warnings.isEmpty && matrix == nil }
    }
    private var extras: Extras?

    private mutating func extra(_ change: (Extras) -> Void) {
        if extras == nil { extras = Extras() } else if !isKnownUniquelyReferenced(&extras!) { extras = extras!.copy() }
        change(extras!)
        if extras!.isEmpty { extras = nil }
    }

    public init(vector: Vector, status: VectorStatus, implementations: [ImplementationResult], note: String? = nil,
                divergence: String? = nil, warnings: [String] = [], matrix: RoundtripMatrix? = nil) {
        self.vector = vector
        self.status = status
        self.implementations = implementations
        if note != nil || divergence != nil || !warnings.isEmpty || matrix != nil {
            let e = Extras()
            e.note = note; e.divergence = divergence; e.warnings = warnings; e.matrix = matrix
            extras = e
        }
    }
}

/// The N×N result of a round trip: cell [s][o] is implementation o opening what s sealed.
public struct RoundtripMatrix: Sendable {
    public struct Cell: Sendable {
        public var status: ImplementationStatus
        public var detail: String?
    }
    public var implementations: [String]
    public var cells: [[Cell]]
}

public struct RunSummary: Sendable, Equatable {
    public var vectors = 0
    public var passed = 0
    public var failed = 0
    public var pending = 0
    /// Implementation × vector pairs that were unsupported.
    public var unsupported = 0
    /// Vectors that could not be run.
    public var errors = 0
    /// Implementation × vector pairs that ended in error.
    public var implementationErrors = 0
    public var divergences = 0
    /// Vectors with warnings.
    public var warnings = 0

    public init() {}

    /// The rules of `init(counting:)`, counted on the statuses themselves (no strings built: a run
    /// of a million vectors counts them in one pass).
    public init(_ results: [VectorResult]) {
        for r in results { add(r) }
    }

    /// Counts one more vector's result.
    public mutating func add(_ r: VectorResult) {
        do {
            vectors += 1
            switch r.status {
            case .pass: passed += 1
            case .fail: failed += 1
            case .pending: pending += 1
            case .error: errors += 1
            }
            if r.divergence != nil { divergences += 1 }
            if !r.warnings.isEmpty { warnings += 1 }
            for i in r.implementations {
                if i.status == .unsupported { unsupported += 1 }
                if i.status == .error { implementationErrors += 1 }
            }
        }
    }

    /// Adds another part's counts (results counted on several threads).
    public mutating func merge(_ o: RunSummary) {
        vectors += o.vectors; passed += o.passed; failed += o.failed; pending += o.pending
        unsupported += o.unsupported; errors += o.errors; implementationErrors += o.implementationErrors
        divergences += o.divergences; warnings += o.warnings
    }

    /// The counting rules, on statuses by name (so a merged JSON report counts exactly as a run does):
    /// passed, failed, pending and errors count vectors; unsupported and implementationErrors count
    /// implementation × vector pairs; divergences and warnings count vectors that have one.
    public init(counting items: [(status: String, implementations: [String], divergence: Bool, warnings: Bool)]) {
        for item in items {
            vectors += 1
            switch item.status {
            case VectorStatus.pass.rawValue: passed += 1
            case VectorStatus.fail.rawValue: failed += 1
            case VectorStatus.pending.rawValue: pending += 1
            default: errors += 1
            }
            if item.divergence { divergences += 1 }
            if item.warnings { warnings += 1 }
            for i in item.implementations {
                if i == ImplementationStatus.unsupported.rawValue { unsupported += 1 }
                if i == ImplementationStatus.error.rawValue { implementationErrors += 1 }
            }
        }
    }
}

public struct ImplementationInfo: Sendable {
    public var name: String
    public var version: String
    public var startFailure: String?
    public var processStarts: Int
}

/// Everything a run produced.
public struct RunResult: Sendable {
    public var implementations: [ImplementationInfo]
    public var results: [VectorResult]
    public var summary: RunSummary
    public var wallSeconds: Double
    public var workers: Int
    /// The requests sent to implementations (the jobs the progress line counts); nil for a run
    /// read back from a report, which does not record it.
    public var checks: Int? = nil

    /// Exit status per VECTORS.md: 1 when a vector failed or could not be run, else 0.
    public var exitStatus: Int32 { summary.failed > 0 || summary.errors > 0 ? 1 : 0 }
}
