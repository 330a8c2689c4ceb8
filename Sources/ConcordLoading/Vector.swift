import ConcordSuites
import ConcordFormats
import ConcordSync
import Foundation

public enum ResultKind: String, Sendable, CaseIterable {
    case valid, invalid, acceptable
}

/// An expected value, or the placeholder `TODO_ANDROID_RUN` (computed and shown, never compared).
public enum Expected: Sendable, Equatable {
    case value(Value)
    case placeholder

    public static let placeholderText = "TODO_ANDROID_RUN"
}

/// What a vector expects.
public enum Expectation: Sendable {
    /// Output fields, in the order the file wrote them.
    case outputs([(field: String, expected: Expected)])
    /// A refusal, optionally of a given class.
    case error(ErrorClass?)
    /// Nothing stated (only allowed for `acceptable`).
    case none
}

/// One loaded vector, defaults merged, every value decoded.
///
/// A value type whose fields live in one shared, copy-on-write box: a run copies vectors into
/// requests, results and reports many times per check, and a copy is then one reference count, not
/// one per field (docs/performance.md).
public struct Vector: Sendable {
    /// The file, one object for all the vectors of a file. (Not the suite: a check reads the suite,
    /// and counting references to one object per file from every worker made each wait for the
    /// others; a suite's name is the definition's, whose copies count nothing.)
    final class Origin: Sendable {
        let file: String
        init(file: String) { self.file = file }
    }

    /// A vector's file, with its comment and flags when it has them (most do not): one word.
    private enum Place: Sendable {
        case file(Origin)
        case annotated(Notes)
        var origin: Origin {
            switch self { case .file(let o): return o; case .annotated(let n): return n.origin }
        }
        var notes: Notes? { if case .annotated(let n) = self { return n } else { return nil } }
        static func make(_ origin: Origin, _ comment: String?, _ flags: [String]) -> Place {
            comment == nil && flags.isEmpty ? .file(origin) : .annotated(Notes(origin: origin, comment: comment, flags: flags))
        }
    }

    /// What most vectors do not have, in one box most do without.
    private final class Notes: Sendable {
        let origin: Origin
        let comment: String?
        let flags: [String]
        init(origin: Origin, comment: String?, flags: [String]) {
            self.origin = origin
            self.comment = comment
            self.flags = flags
        }
    }

    /// A suite and op, interned: the vectors of a file share one, held without counting (every
    /// worker reads a vector's suite and op for every check).
    final class Kind: Sendable {
        let suite: String
        let op: String?
        private init(_ suite: String, _ op: String?) { self.suite = suite; self.op = op }
        private struct Key: Hashable { let suite: String; let op: String? }
        private static let table = Interner<Key, Kind>()
        static func interned(_ suite: String, _ op: String?) -> Interned<Kind> {
            table.intern(Key(suite: suite, op: op)) {
                // The definition's own strings where there is one (literals: copies count nothing).
                let def = Suites.all[suite].flatMap { $0.name == suite ? $0 : nil }
                let op = op.map { o in def?.ops.first { $0.name == o }?.name ?? o }
                return Kind(def?.name ?? suite, op)
            }
        }
    }

    /// 88 bytes a vector (a run of a million vectors holds them all; docs/performance.md): the suite
    /// and op in one interned word, the file and notes in another. Immutable: a setter makes a new
    /// one (setters are for loading and editing, never for checks).
    private final class Storage: Sendable {
        let kind: Interned<Kind>
        let id: String
        let place: Place
        let line: Int32
        let column: Int32
        let result: ResultKind
        /// Whether the expected outputs are values under distinct names (no placeholder): then a
        /// passing implementation's result keeps a reference to the vector, not its outputs.
        package let hasExpectedOutputs: Bool
        /// In the order the file wrote them (names shared by the vectors of one order).
        let input: Fields
        let expect: Expectation
        init(kind: Interned<Kind>, id: String, place: Place, line: Int32, column: Int32, result: ResultKind, input: Fields, expect: Expectation) {
            self.kind = kind
            self.id = id
            self.place = place
            self.line = line
            self.column = column
            self.result = result
            self.input = input
            self.expect = expect
            self.hasExpectedOutputs = Storage.expectsValues(expect)
        }
        /// Whether `outputs(expect)` gives a dictionary, decided without making one (every vector asks).
        static func expectsValues(_ expect: Expectation) -> Bool {
            guard case .outputs(let fields) = expect else { return false }
            for (i, f) in fields.enumerated() {
                guard case .value = f.expected else { return false }
                for g in fields[..<i] where g.field == f.field { return false }
            }
            return true
        }
        static func outputs(_ expect: Expectation) -> [String: Value]? {
            guard case .outputs(let fields) = expect else { return nil }
            var out: [String: Value] = [:]
            out.reserveCapacity(fields.count)
            for (field, expected) in fields {
                guard case .value(let v) = expected, out.updateValue(v, forKey: field) == nil else { return nil }
            }
            return out
        }
        func with(kind: Interned<Kind>? = nil, id: String? = nil, place: Place? = nil, line: Int32? = nil, column: Int32? = nil,
                  result: ResultKind? = nil, input: Fields? = nil, expect: Expectation? = nil) -> Storage {
            Storage(kind: kind ?? self.kind, id: id ?? self.id, place: place ?? self.place, line: line ?? self.line,
                    column: column ?? self.column, result: result ?? self.result, input: input ?? self.input, expect: expect ?? self.expect)
        }
    }

    private var storage: Storage

    public var suite: String {
        get { storage.kind.object.suite }
        set { storage = storage.with(kind: Kind.interned(newValue, storage.kind.object.op)) }
    }
    public var id: String {
        get { storage.id }
        set { storage = storage.with(id: newValue) }
    }
    public var file: String {
        get { storage.place.origin.file }
        set { let n = storage.place.notes; storage = storage.with(place: .make(Origin(file: newValue), n?.comment, n?.flags ?? [])) }
    }
    public var line: Int {
        get { Int(storage.line) }
        set { storage = storage.with(line: Int32(clamping: newValue)) }
    }
    public var column: Int {
        get { Int(storage.column) }
        set { storage = storage.with(column: Int32(clamping: newValue)) }
    }
    public var comment: String? {
        get { storage.place.notes?.comment }
        set { storage = storage.with(place: .make(storage.place.origin, newValue, storage.place.notes?.flags ?? [])) }
    }
    public var flags: [String] {
        get { storage.place.notes?.flags ?? [] }
        set { storage = storage.with(place: .make(storage.place.origin, storage.place.notes?.comment, newValue)) }
    }
    public var op: String? {
        get { storage.kind.object.op }
        set { storage = storage.with(kind: Kind.interned(storage.kind.object.suite, newValue)) }
    }
    public var result: ResultKind {
        get { storage.result }
        set { storage = storage.with(result: newValue) }
    }
    /// The input fields, in the order the file wrote them.
    public var input: Fields {
        get { storage.input }
        set { storage = storage.with(input: newValue) }
    }
    public var expect: Expectation {
        get { storage.expect }
        set { storage = storage.with(expect: newValue) }
    }
    /// The expected outputs as a dictionary (made when asked): nil unless the vector expects
    /// outputs and every expected field has a value (no placeholder) under a distinct name.
    public var expectedOutputs: [String: Value]? { storage.hasExpectedOutputs ? Storage.outputs(storage.expect) : nil }
    package var hasExpectedOutputs: Bool { storage.hasExpectedOutputs }
    /// The order in which the file wrote the input fields (for reports).
    public var inputOrder: [String] { storage.input.keys }

    public init(suite: String, id: String, file: String, line: Int, column: Int, comment: String?, flags: [String],
                op: String?, result: ResultKind, input: Fields, expect: Expectation) {
        self.init(suite: suite, origin: Origin(file: file), id: id, line: line, column: column, comment: comment, flags: flags,
                  op: op, result: result, input: input, expect: expect)
    }

    /// The vectors of one file share their `origin`; `suite` should be the definition's name.
    init(suite: String, origin: Origin, id: String, line: Int, column: Int, comment: String?, flags: [String],
         op: String?, result: ResultKind, input: Fields, expect: Expectation) {
        storage = Storage(kind: Kind.interned(suite, op), id: id, place: .make(origin, comment, flags),
                          line: Int32(clamping: line), column: Int32(clamping: column), result: result, input: input, expect: expect)
    }

    /// `inputOrder` first (the names the input has), then the input's other names sorted.
    public init(suite: String, id: String, file: String, line: Int, column: Int, comment: String?, flags: [String],
                op: String?, result: ResultKind, input: [String: Value], expect: Expectation, inputOrder: [String]) {
        self.init(suite: suite, id: id, file: file, line: line, column: column, comment: comment, flags: flags, op: op,
                  result: result, input: Fields(input, order: inputOrder), expect: expect)
    }

    /// `input` reordered: `inputOrder` first (the names it has), then its other names sorted.
    public init(suite: String, id: String, file: String, line: Int, column: Int, comment: String?, flags: [String],
                op: String?, result: ResultKind, input: Fields, expect: Expectation, inputOrder: [String]) {
        self.init(suite: suite, id: id, file: file, line: line, column: column, comment: comment, flags: flags, op: op,
                  result: result, input: Fields(input.dictionary, order: inputOrder), expect: expect)
    }

    /// `suite/id`, the vector's name everywhere (made when asked: a run of a million vectors does
    /// not keep a million names).
    public var name: String { suite + "/" + storage.id }

    public var hasPlaceholder: Bool {
        if case .outputs(let fields) = expect { return fields.contains { $0.expected == .placeholder } }
        return false
    }
}

/// A refusal of the input, with where it is.
public struct LoadError: Error, Sendable, CustomStringConvertible {
    public var file: String
    public var line: Int
    public var column: Int
    public var message: String
    /// A Wycheproof file (or schema) that no suite covers: skipped with this message when a folder scan
    /// found it, an error when it was named.
    public var notCovered = false
    public init(file: String, line: Int, column: Int, message: String) {
        self.file = file
        self.line = line
        self.column = column
        self.message = message
    }
    public var description: String { line > 0 ? "\(file):\(line):\(column): \(message)" : "\(file): \(message)" }
}
