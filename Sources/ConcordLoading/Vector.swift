import ConcordSuites
import ConcordFormats
import ConcordSync
import Foundation
import ConcordPacks

public enum ResultKind: String, Sendable, CaseIterable {
    case valid, invalid, acceptable
    /// Not settled: no independent implementation decided the answer yet (an explored or recorded
    /// vector whose sides only the app under test and Concord's own ports gave, or whose libraries
    /// disagree). Every implementation runs it and its answer is shown; nothing is compared, it
    /// has no `expect`, and it is never a pass (docs/vector-format.md).
    case pending
}

/// Who wrote an archived artifact (a vector file's `release:`, docs/archive.md): the app's release
/// and platform, the versions its capture names, when it was captured and archived, and which
/// implementations opened it when it was archived.
public struct Release: Sendable, Equatable, Hashable {
    /// The release's name (`3.2.0`): letters, digits, `.`, `_` and `-`.
    public var name: String
    /// The platform that wrote it: the capture's implementation name (`android`).
    public var platform: String
    /// The capture's version string (`app 3.2.0 (Tink 1.15.0)`).
    public var version: String?
    /// The capture's platform string (`Android 15, Pixel 8`).
    public var device: String?
    /// The day the capture file was written, and the day it was archived (`YYYY-MM-DD`).
    public var captured: String?
    public var archived: String?
    /// The implementations that opened every artifact of the file when it was archived.
    public var confirmed: [String]

    public init(name: String, platform: String, version: String? = nil, device: String? = nil, captured: String? = nil,
                archived: String? = nil, confirmed: [String] = []) {
        self.name = name; self.platform = platform; self.version = version; self.device = device
        self.captured = captured; self.archived = archived; self.confirmed = confirmed
    }

    /// `android 3.2.0 (app 3.2.0 (Tink 1.15.0))`: who wrote it, as a failure names it.
    public var writer: String { "\(platform) \(name)" + (version.map { " (\($0))" } ?? "") }
    /// `3.2.0 × android`: a row of the release matrix.
    public var cell: String { "\(name) × \(platform)" }

    /// Whether `name` can name a release (and a folder of the archive): the characters of a vector id.
    public static func validName(_ name: String) -> Bool { VectorID.isValid(name) }
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
    /// Nothing stated (only allowed for `acceptable`, and always so for `pending`).
    case none
}

/// One loaded vector, defaults merged, every value decoded.
///
/// A value type whose fields live in one shared, copy-on-write box: a run copies vectors into
/// requests, results and reports many times per check, and a copy is then one reference count, not
/// one per field (docs/history/2026-11-30-performance-*.md).
public struct Vector: Sendable {
    /// The file, one object for all the vectors of a file. (Not the suite: a check reads the suite,
    /// and counting references to one object per file from every worker made each wait for the
    /// others; a suite's name is the definition's, whose copies count nothing.)
    final class Origin: Sendable {
        let file: String
        /// The release that wrote the file's artifacts, for an archived file (docs/archive.md).
        let release: Release?
        init(file: String, release: Release? = nil) { self.file = file; self.release = release }
    }

    /// A vector's file, with its comment and flags when it has them (most do not): one word.
    private enum Place: Sendable {
        case file(Origin)
        case annotated(Notes)
        var origin: Origin {
            switch self { case .file(let o): return o; case .annotated(let n): return n.origin }
        }
        var notes: Notes? { if case .annotated(let n) = self { return n } else { return nil } }
        static func make(_ origin: Origin, _ comment: String?, _ flags: [String], _ places: [FieldPlace]? = nil) -> Place {
            comment == nil && flags.isEmpty && places == nil
                ? .file(origin) : .annotated(Notes(origin: origin, comment: comment, flags: flags, places: places))
        }
    }

    /// What most vectors do not have, in one box most do without.
    private final class Notes: Sendable {
        let origin: Origin
        let comment: String?
        let flags: [String]
        /// The expect entries' places when they do not pack into the storage (`PackedPlaces`).
        let places: [FieldPlace]?
        init(origin: Origin, comment: String?, flags: [String], places: [FieldPlace]?) {
            self.origin = origin
            self.comment = comment
            self.flags = flags
            self.places = places
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

    /// 88 bytes a vector (a run of a million vectors holds them all; docs/history/2026-11-30-performance-*.md): the suite
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
        /// Where the expect entries are, packed into what was padding (`PackedPlaces`; 0: not
        /// packed, see `place.notes?.places`). Declared here, after the two bytes above, so that
        /// they take no room of their own: the storage stays 88 bytes.
        let placesColumn: UInt16
        let placesLines: UInt32
        /// In the order the file wrote them (names shared by the vectors of one order).
        let input: Fields
        let expect: Expectation
        init(kind: Interned<Kind>, id: String, place: Place, line: Int32, column: Int32, result: ResultKind, input: Fields, expect: Expectation,
             places: [FieldPlace] = []) {
            self.kind = kind
            self.id = id
            self.line = line
            self.column = column
            self.result = result
            self.input = input
            self.expect = expect
            self.hasExpectedOutputs = Storage.expectsValues(expect)
            // Packed when they fit (the common case: one entry a line, or one line of JSON), else
            // kept whole in the notes (a box most vectors do without).
            if places.isEmpty {
                (placesColumn, placesLines) = (0, 0)
                self.place = place.notes?.places == nil ? place : .make(place.origin, place.notes?.comment, place.notes?.flags ?? [])
            } else if places.map(\.field) == Array(Storage.expectNames(expect).prefix(places.count)),
                      let packed = PackedPlaces.pack(places.map { ($0.line, $0.column) }, line: Int(line), column: Int(column)) {
                (placesColumn, placesLines) = packed
                self.place = place.notes?.places == nil ? place : .make(place.origin, place.notes?.comment, place.notes?.flags ?? [])
            } else {
                (placesColumn, placesLines) = (0, 0)
                self.place = .make(place.origin, place.notes?.comment, place.notes?.flags ?? [], places)
            }
        }
        /// The names of the expect entries, in the file's order (`error` for a stated refusal).
        static func expectNames(_ expect: Expectation) -> [String] {
            switch expect {
            case .outputs(let fields): return fields.map(\.field)
            case .error: return ["error"]
            case .none: return []
            }
        }
        /// Where the expect entries are, in the file's order (those known).
        var places: [FieldPlace] {
            if let whole = place.notes?.places { return whole }
            guard placesColumn != 0 else { return [] }
            let names = Storage.expectNames(expect)
            let at = PackedPlaces.unpack(placesColumn, placesLines, count: names.count, line: Int(line), column: Int(column))
            return zip(names, at).map { FieldPlace(field: $0, line: $1.line, column: $1.column) }
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
                  result: ResultKind? = nil, input: Fields? = nil, expect: Expectation? = nil, places: [FieldPlace]? = nil) -> Storage {
            // The places are kept (re-packed against a new line or column); those of entries the
            // new expectation does not have are dropped.
            let names = Storage.expectNames(expect ?? self.expect)
            var kept: [FieldPlace] = []
            for p in places ?? self.places { if kept.count < names.count && names[kept.count] == p.field { kept.append(p) } else { break } }
            return Storage(kind: kind ?? self.kind, id: id ?? self.id, place: place ?? self.place, line: line ?? self.line,
                           column: column ?? self.column, result: result ?? self.result, input: input ?? self.input, expect: expect ?? self.expect,
                           places: kept)
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
        set { let n = storage.place.notes; storage = storage.with(place: .make(Origin(file: newValue, release: release), n?.comment, n?.flags ?? [])) }
    }
    /// The release and platform that wrote this archived artifact (its file's `release:`), nil for
    /// any other vector.
    public var release: Release? {
        get { storage.place.origin.release }
        set { let n = storage.place.notes; storage = storage.with(place: .make(Origin(file: file, release: newValue), n?.comment, n?.flags ?? [])) }
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
        set { storage = storage.with(place: .make(storage.place.origin, newValue, storage.place.notes?.flags ?? [], storage.place.notes?.places)) }
    }
    public var flags: [String] {
        get { storage.place.notes?.flags ?? [] }
        set { storage = storage.with(place: .make(storage.place.origin, storage.place.notes?.comment, newValue, storage.place.notes?.places)) }
    }
    /// Where the file wrote each expect entry (its key), in the file's order: one per output field,
    /// or `error` for a stated refusal; empty when not known (a vector made in code, a Wycheproof
    /// file). Setting places whose fields are not the expectation's, in its order, keeps the
    /// leading ones that are. docs/reports.md "Locations".
    public var expectPlaces: [FieldPlace] {
        get { storage.places }
        set { storage = storage.with(places: newValue) }
    }
    /// Whether the expect entries' places take no room of their own (packed into the storage).
    package var expectPlacesArePacked: Bool { storage.place.notes?.places == nil }
    /// Where a report points for `field`: its expect entry when known, else the vector.
    public func place(of field: String) -> (line: Int, column: Int) {
        for p in storage.places where p.field == field { return (p.line, p.column) }
        return (line, column)
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
         op: String?, result: ResultKind, input: Fields, expect: Expectation, expectPlaces: [FieldPlace] = []) {
        storage = Storage(kind: Kind.interned(suite, op), id: id, place: .make(origin, comment, flags),
                          line: Int32(clamping: line), column: Int32(clamping: column), result: result, input: input, expect: expect,
                          places: expectPlaces)
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

/// Where the file wrote one expect entry: the line and column (1-based, in characters) of its key.
public struct FieldPlace: Sendable, Equatable {
    public var field: String
    public var line: Int
    public var column: Int
    public init(field: String, line: Int, column: Int) {
        self.field = field
        self.line = line
        self.column = column
    }
}

/// The expect entries' places in 48 bits, relative to the vector's own place, for the layouts
/// nearly every file has (a vector is 88 bytes, and a million are held: docs/history/2026-11-30-performance-*.md):
/// - `column`: the first entry's column, or (on the vector's line) its distance from the vector's
///   column; 0 means "not packed".
/// - `lines`: bits 0–9 the first entry's line after the vector's; bits 10–11 the layout; bits 12–31:
///   - block (0): each next entry at the first one's column, 1–15 lines after the previous one
///     (a nibble each, up to 5 more entries);
///   - short block (1): the same, 1–3 lines after the previous one (2 bits each, up to 10 more);
///   - inline (2): each next entry on the first one's line, 1–1023 columns after the previous one
///     (10 bits each, up to 2 more entries: a vector file written as one line of JSON).
/// Other layouts are kept whole in the vector's notes.
enum PackedPlaces {
    /// Bits per next entry, how many fit, and the largest step, by layout.
    static let modes: [(bits: Int, count: Int, max: Int)] = [(4, 5, 15), (2, 10, 3), (10, 2, 1023)]

    static func pack(_ places: [(line: Int, column: Int)], line: Int, column: Int) -> (UInt16, UInt32)? {
        guard let first = places.first else { return nil }
        let dl = first.line - line
        guard dl >= 0, dl < 1024 else { return nil }
        let c = dl == 0 ? first.column - column : first.column
        guard c >= 1, c <= 0xFFFF else { return nil }
        let rest = Array(places.dropFirst())
        if rest.isEmpty { return (UInt16(c), UInt32(dl)) }
        let block = rest.allSatisfy { $0.column == first.column }
        let inline = rest.allSatisfy { $0.line == first.line }
        for (mode, m) in modes.enumerated() where (mode == 2 ? inline : block) && rest.count <= m.count {
            var lines = UInt32(dl) | UInt32(mode) << 10
            var prev = first, fits = true
            for (k, p) in rest.enumerated() {
                let d = mode == 2 ? p.column - prev.column : p.line - prev.line
                guard d >= 1, d <= m.max else { fits = false; break }
                lines |= UInt32(d) << (12 + m.bits * k)
                prev = p
            }
            if fits { return (UInt16(c), lines) }
        }
        return nil
    }

    static func unpack(_ c: UInt16, _ lines: UInt32, count: Int, line: Int, column: Int) -> [(line: Int, column: Int)] {
        guard c != 0, count > 0 else { return [] }
        let dl = Int(lines & 0x3FF)
        var p = (line: line + dl, column: dl == 0 ? column + Int(c) : Int(c))
        var out = [p]
        let mode = Int((lines >> 10) & 3)
        guard mode < modes.count else { return out }
        let m = modes[mode]
        for k in 0..<min(count - 1, m.count) {
            let d = Int((lines >> (12 + m.bits * k)) & UInt32((1 << m.bits) - 1))
            guard d > 0 else { break }
            if mode == 2 { p.column += d } else { p.line += d }
            out.append(p)
        }
        return out
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
