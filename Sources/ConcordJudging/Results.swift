import ConcordSuites
import ConcordFormats
import ConcordImplementations
import ConcordLoading
import ConcordSync
import Foundation

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
    /// Where the vector file wrote the field (its expect entry): nil when not known, and a report
    /// then points at the vector (docs/reports.md "Locations").
    public var line: Int? = nil
    public var column: Int? = nil
    /// For a wire string (`enc:v1:`, `sealed:v1:`, `keybox:v1:`): the first differing byte in the
    /// decoded blob and the part it is in.
    public var wire: Wire.Difference? = nil

    public init(field: String, expected: String, actual: String, expectedValue: Value? = nil, actualValue: Value? = nil,
                offset: Int? = nil, explanation: String? = nil, line: Int? = nil, column: Int? = nil) {
        self.field = field; self.expected = expected; self.actual = actual
        self.expectedValue = expectedValue; self.actualValue = actualValue
        self.offset = offset; self.explanation = explanation; self.line = line; self.column = column
    }
}

extension Mismatch {
    /// The line and column a report points at for this mismatch of `v`: the field's when known,
    /// else the vector's line (and no column: the vector's would point at its `id`).
    public func place(in v: Vector) -> (line: Int, column: Int?) {
        if let line { return (line, column) }
        return (v.line, nil)
    }
}

extension VectorResult {
    /// Where a report points for the vector's failure: its first failing implementation's first
    /// mismatch (the expect entry that differs), else the vector.
    public var place: (line: Int, column: Int?) {
        for i in implementations where i.status == .fail {
            if let m = i.mismatches.first { return m.place(in: vector) }
        }
        return (vector.line, nil)
    }
}

public struct ImplementationResult: Sendable {
    /// 48 bytes: a run of a million vectors holds one per implementation that ran each (issue 12
    /// item 9, docs/history/2026-11-30-performance-*.md). The name is interned and held without counting; mismatches
    /// and "the outputs were the expected ones" share a word; the status fits after the outcome.
    private var name: Interned<ImplementationName>
    private var storedOutcome: Outcome
    public var status: ImplementationStatus
    /// Wall time of the call as this process saw it.
    public var seconds: Double
    private var tail: Tail

    private enum Tail: Sendable {
        case none
        /// The outcome is these outputs, exactly the vector's expected ones: the result keeps a
        /// reference to the vector, not a dictionary of its own (the outputs are made when asked).
        case expectedOutputs(Vector)
        case mismatches([Mismatch])
    }

    public var implementation: String {
        get { name.object.name }
        set { name = ImplementationName.interned(newValue) }
    }
    /// What it answered.
    public var outcome: Outcome {
        get {
            if case .expectedOutputs(let v) = tail { return .outputs(v.expectedOutputs ?? [:]) }
            return storedOutcome
        }
        set {
            storedOutcome = newValue
            if case .expectedOutputs = tail { tail = .none }
        }
    }
    public var mismatches: [Mismatch] {
        get { if case .mismatches(let m) = tail { return m } else { return [] } }
        set {
            if !newValue.isEmpty {
                if case .expectedOutputs(let v) = tail { storedOutcome = .outputs(v.expectedOutputs ?? [:]) }
                tail = .mismatches(newValue)
            } else if case .mismatches = tail { tail = .none }
        }
    }

    /// Whether any mismatch was recorded.
    public var hasMismatches: Bool { if case .mismatches = tail { return true } else { return false } }

    init(implementation: String, status: ImplementationStatus, outcome: Outcome, seconds: Double) {
        self.init(name: ImplementationName.interned(implementation), status: status, outcome: outcome, seconds: seconds)
    }

    /// With an interned name (the workers hold one per batch: interning takes a lock).
    init(name: Interned<ImplementationName>, status: ImplementationStatus, outcome: Outcome, seconds: Double) {
        self.name = name
        self.status = status
        self.storedOutcome = outcome
        self.seconds = seconds
        self.tail = .none
    }

    /// A verdict made outside a vector's judging too (a scenario's trial, docs/scenarios.md).
    public init(implementation: String, status: ImplementationStatus, outcome: Outcome, mismatches: [Mismatch], seconds: Double) {
        self.init(implementation: implementation, status: status, outcome: outcome, seconds: seconds)
        if !mismatches.isEmpty { tail = .mismatches(mismatches) }
    }

    /// The outcome is `v`'s expected outputs (checked by the caller): keep that fact, not a copy.
    mutating func outputsAreExpected(of v: Vector) {
        // Never read while the tail says so. Not `.outputs([:])`: every result would then count
        // references to the one shared empty dictionary, from every worker at once.
        storedOutcome = .unsupported("")
        tail = .expectedOutputs(v)
    }
}

/// An implementation's name, interned: results hold it without counting references (a result per
/// check, written by every worker). Names are few (the run's implementations); a report read back
/// adds its own, and they live as long as the process.
final class ImplementationName: Sendable {
    let name: String
    private init(_ name: String) { self.name = name }

    static func interned(_ name: String) -> Interned<ImplementationName> { table.intern(name) { ImplementationName(name) } }
    private static let table = Interner<String, ImplementationName>()
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
    /// What exploration adds, for a result of an exploration's report (an explored op, a finding).
    public var explored: Explored? {
        get { extras?.explored }
        set { extra { $0.explored = newValue } }
    }

    /// What most vectors do not have, in one box most do without: a result is then three words.
    /// Immutable: a change makes a new box (at most a few per vector, while judging it).
    private final class Extras: Sendable {
        let note: String?
        let divergence: String?
        let warnings: [String]
        let matrix: RoundtripMatrix?
        let explored: Explored?
        init(note: String?, divergence: String?, warnings: [String], matrix: RoundtripMatrix?, explored: Explored?) {
            self.note = note; self.divergence = divergence; self.warnings = warnings; self.matrix = matrix; self.explored = explored
        }
        /// nil when nothing is left.
        static func make(note: String?, divergence: String?, warnings: [String], matrix: RoundtripMatrix?, explored: Explored? = nil) -> Extras? {
            note == nil && divergence == nil && warnings.isEmpty && matrix == nil && explored == nil
                ? nil : Extras(note: note, divergence: divergence, warnings: warnings, matrix: matrix, explored: explored)
        }
    }
    private var extras: Extras?

    private struct ExtraFields {
        var note: String?, divergence: String?, warnings: [String], matrix: RoundtripMatrix?, explored: Explored?
    }
    private mutating func extra(_ change: (inout ExtraFields) -> Void) {
        var f = ExtraFields(note: extras?.note, divergence: extras?.divergence, warnings: extras?.warnings ?? [], matrix: extras?.matrix,
                            explored: extras?.explored)
        change(&f)
        // No box for nothing (most vectors' warnings are set to none).
        if extras == nil && f.note == nil && f.divergence == nil && f.warnings.isEmpty && f.matrix == nil && f.explored == nil { return }
        extras = Extras.make(note: f.note, divergence: f.divergence, warnings: f.warnings, matrix: f.matrix, explored: f.explored)
    }

    public init(vector: Vector, status: VectorStatus, implementations: [ImplementationResult], note: String? = nil,
                divergence: String? = nil, warnings: [String] = [], matrix: RoundtripMatrix? = nil) {
        self.vector = vector
        self.status = status
        self.implementations = implementations
        extras = Extras.make(note: note, divergence: divergence, warnings: warnings, matrix: matrix)
    }
}

/// The N×N result of a round trip: cell [s][o] is implementation o opening what s sealed.
public struct RoundtripMatrix: Sendable {
    public struct Cell: Sendable {
        public var status: ImplementationStatus
        public var detail: String?
        public init(status: ImplementationStatus, detail: String?) { self.status = status; self.detail = detail }
    }
    public var implementations: [String]
    public var cells: [[Cell]]
    public init(implementations: [String], cells: [[Cell]]) { self.implementations = implementations; self.cells = cells }
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
    /// Whether it started in this run: false for an adapter that never answered a handshake (none of
    /// its suites was planned, or it could not start: `startFailure` says why). Decided from what
    /// happened, never from the version text (an adapter may announce any version, "not started" too).
    public var started: Bool
    /// `started` defaults to whether it has no start failure.
    public init(name: String, version: String, startFailure: String?, processStarts: Int, started: Bool? = nil) {
        self.name = name; self.version = version; self.startFailure = startFailure; self.processStarts = processStarts
        self.started = started ?? (startFailure == nil)
    }

    /// What a run knows of `implementation` once it ran: an external adapter started when its
    /// handshake arrived; an in-process implementation or a captured file has nothing to start.
    public init(_ implementation: any Implementation) {
        let failure = implementation.startFailure
        let handshake = (implementation as? ExternalAdapter).map { $0.handshake != nil } ?? true
        self.init(name: implementation.name, version: implementation.version, startFailure: failure,
                  processStarts: implementation.processStarts, started: failure == nil && handshake)
    }
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

    public init(implementations: [ImplementationInfo], results: [VectorResult], summary: RunSummary, wallSeconds: Double,
                workers: Int, checks: Int? = nil) {
        self.implementations = implementations; self.results = results; self.summary = summary
        self.wallSeconds = wallSeconds; self.workers = workers; self.checks = checks
    }

    /// Exit status per VECTORS.md: 1 when a vector failed or could not be run, else 0.
    public var exitStatus: Int32 { summary.failed > 0 || summary.errors > 0 ? 1 : 0 }
}

