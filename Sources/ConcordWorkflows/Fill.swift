import ConcordLoading
import ConcordFiles
import ConcordFormats
import ConcordSuites
import ConcordYAML
import Foundation
import ConcordPacks

/// `concord fill`: replaces `TODO_ANDROID_RUN` placeholders in vector files with computed values,
/// editing only the placeholder's characters (docs/fill.md). Where a value comes from (a captured
/// file, or live implementations that agree) is in FillSources.swift; the diff in FillDiff.swift.
public enum Fill {
    /// A placeholder as the file wrote it (defined with the loading of fixture maps).
    public typealias Placeholder = ConcordLoading.Placeholder

    /// What to put in place of one placeholder.
    public enum Decision: Sendable, Equatable {
        /// The value, and who computed it (`captured:android`, `libsodium, libargon2`).
        case fill(Value, source: String)
        /// Why it stays a placeholder.
        case refuse(String)
    }

    /// Input that cannot be read, or a file that cannot (or must not) be written: exit status 2.
    public struct Failure: Error, Sendable, CustomStringConvertible {
        public var description: String
        public init(_ d: String) { description = d }
    }

    /// The edit of one file: its bytes as read, as they will be written, and every decision.
    public struct FilePlan: Sendable {
        public var file: String
        public var original: [UInt8]
        public var updated: [UInt8]
        public var filled: [(placeholder: Placeholder, value: Value, source: String)] = []
        public var refused: [(placeholder: Placeholder, reason: String)] = []
        public var changed: Bool { original != updated }
    }

    static let token = Array(Expected.placeholderText.utf8)

    static func isJSON(_ file: String) -> Bool { file.lowercased().hasSuffix(".json") }

    // MARK: Reading

    /// Reads a vector file: its bytes, its vectors (the loader must accept it) and its placeholders.
    public static func read(_ file: String, loader: VectorLoader = VectorLoader()) throws(Failure) -> (bytes: [UInt8], vectors: [Vector], placeholders: [Placeholder]) {
        let bytes: [UInt8]
        do { bytes = try InputFile.read(file, maxBytes: loader.yamlLimits.maxBytes) } catch { throw Failure(error.description) }
        let vectors: [Vector]
        do { vectors = try loader.load(.bytes(bytes, file: file)).vectorsOrFirstError() } catch { throw Failure("\(error)") }
        return (bytes, vectors, try placeholders(in: bytes, file: file, limits: loader.yamlLimits))
    }

    /// The placeholders of a file, found in its node tree (a pass apart from the loader, which does
    /// not keep positions of expected values). The file is assumed to be one the loader accepts.
    public static func placeholders(in bytes: [UInt8], file: String, limits: YAMLParser.Limits = .init()) throws(Failure) -> [Placeholder] {
        let root: Node
        do {
            root = isJSON(file) ? try JSONNodeParser(limits: limits).parse(bytes) : try YAMLParser(limits: limits).parse(bytes)
        } catch { throw Failure("\(file):\(error)") }
        guard let top = root.mapping,
              let suiteName = top.first(where: { $0.key.scalarText == "suite" })?.value.string,
              let suite = Suites.resolve(suiteName),
              let items = top.first(where: { $0.key.scalarText == "vectors" })?.value.sequence else { return [] }
        var out: [Placeholder] = []
        for item in items {
            guard let pairs = item.mapping,
                  let id = pairs.first(where: { $0.key.scalarText == "id" })?.value.string,
                  let expect = pairs.first(where: { $0.key.scalarText == "expect" })?.value.mapping else { continue }
            let opName = pairs.first(where: { $0.key.scalarText == "op" })?.value.string
            guard let op = suite.op(opName) else { continue }
            for (k, v) in expect where v.string == Expected.placeholderText {
                guard let name = k.scalarText, let spec = op.expects.first(where: { $0.name == name }) else { continue }
                out.append(Placeholder(vector: "\(suite.name)/\(id)", field: name, type: spec.type,
                                       line: v.mark.line, column: v.mark.column))
            }
        }
        return out
    }

    // MARK: Locating and rendering

    /// The byte offset of a 1-based line and a column counted in characters (UTF-8 continuation
    /// bytes are not columns, as in libyaml and the JSON parser).
    public static func byteOffset(line: Int, column: Int, in b: [UInt8], json: Bool = false) -> Int? {
        byteOffset(line: line, column: column, in: b, lineStarts: lineStarts(b, json: json))
    }

    /// The length of the line break at `i` (0 if there is none). YAML (libyaml) breaks lines at
    /// LF, CR, CR LF, NEL, U+2028 and U+2029, so a file with lone CRs has lines as libyaml counts
    /// them; JSON at LF only, as the JSON reader counts them.
    static func lineBreak(at i: Int, in b: [UInt8], json: Bool) -> Int {
        switch b[i] {
        case 10: return 1
        case 13 where !json: return i + 1 < b.count && b[i + 1] == 10 ? 2 : 1
        case 0xC2 where !json && i + 1 < b.count && b[i + 1] == 0x85: return 2
        case 0xE2 where !json && i + 2 < b.count && b[i + 1] == 0x80 && (b[i + 2] == 0xA8 || b[i + 2] == 0xA9): return 3
        default: return 0
        }
    }

    /// The byte offset at which each line starts (index 0 = line 1): built once per file, so that
    /// locating n placeholders costs n short scans, not n scans from the top.
    public static func lineStarts(_ b: [UInt8], json: Bool = false) -> [Int] {
        var starts = [0]
        var i = 0
        while i < b.count {
            let n = b[i] == 10 || b[i] == 13 || b[i] >= 0xC2 ? lineBreak(at: i, in: b, json: json) : 0
            if n > 0 { i += n; starts.append(i) } else { i += 1 }
        }
        return starts
    }

    static func byteOffset(line: Int, column: Int, in b: [UInt8], lineStarts: [Int], json: Bool = false) -> Int? {
        guard line >= 1, line <= lineStarts.count else { return nil }
        var i = lineStarts[line - 1]
        var c = 1
        while c < column {
            guard i < b.count, lineBreak(at: i, in: b, json: json) == 0 else { return nil }
            i += 1
            while i < b.count, b[i] & 0xC0 == 0x80 { i += 1 }
            c += 1
        }
        return i
    }

    /// The byte range of the placeholder scalar at its mark: `TODO_ANDROID_RUN` plain (YAML), or
    /// quoted (`"…"` in JSON and YAML, `'…'` in YAML). Nil when the bytes there are anything else.
    public static func range(of p: Placeholder, in b: [UInt8], json: Bool) -> Range<Int>? {
        range(of: p, in: b, json: json, lineStarts: lineStarts(b, json: json))
    }

    static func range(of p: Placeholder, in b: [UInt8], json: Bool, lineStarts: [Int]) -> Range<Int>? {
        guard let at = byteOffset(line: p.line, column: p.column, in: b, lineStarts: lineStarts, json: json) else { return nil }
        func isToken(at i: Int) -> Bool { i + token.count <= b.count && Array(b[i..<i + token.count]) == token }
        if !json, isToken(at: at) { return at..<at + token.count }
        if at < b.count, b[at] == 34 || (!json && b[at] == 39), isToken(at: at + 1),
           at + token.count + 1 < b.count, b[at + token.count + 1] == b[at] {
            return at..<at + token.count + 2
        }
        return nil
    }

    /// Whether a value has the type a field needs: a record's (an answer's) is a mapping of exactly
    /// its members, each of its member type, as the loader reads it back.
    public static func fits(_ v: Value, _ t: FieldType) -> Bool {
        switch (v, t) {
        case (.bytes, .bytes), (.text, .text), (.integer, .integer): return true
        case (.map, .record(let r)): return r.problem(v) == nil
        default: return false
        }
    }

    static func kind(_ v: Value) -> String {
        switch v {
        case .bytes: return "bytes"
        case .text: return "text"
        case .integer: return "an integer"
        case .map: return "a mapping"
        default: return v.display
        }
    }

    // MARK: Planning and writing

    /// One placeholder's planned edit: its byte range, the new text, the value and who gave it; or
    /// why it stays.
    public struct Edit: Sendable {
        public var range: Range<Int>
        public var text: [UInt8]
        public var value: Value
        public var source: String
    }
    public struct Item: Sendable {
        public var placeholder: Placeholder
        public var edit: Result<Edit, Refusal>
        public init(placeholder: Placeholder, edit: Result<Edit, Refusal>) {
            self.placeholder = placeholder
            self.edit = edit
        }
    }
    /// Why a placeholder stays (a `Result` failure).
    public struct Refusal: Error, Sendable, ExpressibleByStringInterpolation {
        public var reason: String
        public init(stringLiteral s: String) { reason = s }
        public init(stringInterpolation: DefaultStringInterpolation) { reason = String(stringInterpolation: stringInterpolation) }
        public init(_ s: String) { reason = s }
    }

    /// Applies a decision to every placeholder.
    public static func plan(file: String, bytes: [UInt8], placeholders: [Placeholder],
                            decide: (Placeholder) -> Decision) -> FilePlan {
        let json = isJSON(file)
        let starts = lineStarts(bytes, json: json)
        var items: [Item] = []
        for p in placeholders {
            switch decide(p) {
            case .refuse(let why):
                items.append(Item(placeholder: p, edit: .failure(Refusal(why))))
            case .fill(let value, let source):
                guard fits(value, p.type) else {
                    items.append(Item(placeholder: p, edit: .failure("\(source) gave \(kind(value)) (\(value.display)) where \(p.field) needs \(p.type)")))
                    continue
                }
                guard let r = range(of: p, in: bytes, json: json, lineStarts: starts) else {
                    items.append(Item(placeholder: p, edit: .failure("the file does not hold \(Expected.placeholderText) at \(p.line):\(p.column) as written; edit it by hand")))
                    continue
                }
                items.append(Item(placeholder: p, edit: .success(Edit(range: r, text: Array(VectorFileWriter.value(value, json: json).utf8), value: value, source: source))))
            }
        }
        return assemble(file: file, bytes: bytes, items)
    }

    /// The plan of a file from each placeholder's planned edit. Placeholders at one place (two
    /// fixture-map entries naming one pointer, several maps of one fixture, a YAML alias) are one
    /// edit when every one of them writes the very same text there; otherwise every one of them is
    /// refused, saying why. Edits never overlap: one that would is refused, never applied.
    public static func assemble(file: String, bytes: [UInt8], _ items: [Item]) -> FilePlan {
        var plan = FilePlan(file: file, original: bytes, updated: bytes)
        var groups: [[Item]] = []
        var at: [String: Int] = [:]
        for item in items {
            let key = "\(item.placeholder.line):\(item.placeholder.column)"
            if let i = at[key] { groups[i].append(item) } else { at[key] = groups.count; groups.append([item]) }
        }
        var edits: [Edit] = []
        for group in groups {
            let planned = group.compactMap { try? $0.edit.get() }
            if group.count > 1 {
                let names = group.map { "\($0.placeholder.vector) \($0.placeholder.field)" }.joined(separator: ", ")
                if planned.count == group.count, let first = planned.first, planned.allSatisfy({ $0.text == first.text && $0.range == first.range }) {
                    edits.append(first)
                    for (item, e) in zip(group, planned) { plan.filled.append((item.placeholder, e.value, e.source + "; \(names) name this one placeholder")) }
                } else {
                    let why = group.map { item -> String in
                        switch item.edit {
                        case .success(let e): return "\(item.placeholder.vector) \(item.placeholder.field) would write \(String(decoding: e.text, as: UTF8.self))"
                        case .failure(let r): return "\(item.placeholder.vector) \(item.placeholder.field): \(r.reason)"
                        }
                    }
                    for item in group {
                        plan.refused.append((item.placeholder, "\(names) name this one placeholder, and they do not all write the same value:\n"
                                             + why.map { "    " + $0 }.joined(separator: "\n")))
                    }
                }
                continue
            }
            switch group[0].edit {
            case .success(let e):
                edits.append(e)
                plan.filled.append((group[0].placeholder, e.value, e.source))
            case .failure(let r):
                plan.refused.append((group[0].placeholder, r.reason))
            }
        }
        // One pass from the top: the unchanged stretches and the new values in order.
        if !edits.isEmpty {
            var out = [UInt8]()
            out.reserveCapacity(bytes.count + edits.reduce(0) { $0 + $1.text.count })
            var at = 0
            for e in edits.sorted(by: { $0.range.lowerBound < $1.range.lowerBound }) {
                guard e.range.lowerBound >= at, e.range.upperBound <= bytes.count else {
                    // Never reached by the planning above (one edit per place); refused rather than trusted.
                    if let i = plan.filled.firstIndex(where: { $0.value == e.value && $0.source == e.source }) {
                        let f = plan.filled.remove(at: i)
                        plan.refused.append((f.placeholder, "its place overlaps another placeholder's; edit it by hand"))
                    }
                    continue
                }
                out += bytes[at..<e.range.lowerBound]
                out += e.text
                at = e.range.upperBound
            }
            out += bytes[at...]
            plan.updated = out
        }
        return plan
    }

    /// Reads the plan's new bytes back with the loader that read the file and checks that every
    /// filled value reads back exactly (scalar for scalar: Swift's `==` on strings would let a
    /// normalization pass). Throws, and nothing must be written, when the file would not load or
    /// a value would read back as something else.
    public static func verify(_ plan: FilePlan, loader: VectorLoader = VectorLoader()) throws(Failure) {
        guard plan.changed else { return }
        let vectors: [Vector]
        do { vectors = try loader.load(.bytes(plan.updated, file: plan.file)).vectorsOrFirstError() } catch {
            throw Failure("\(plan.file): the filled file would not load (\(error)); nothing was written to it")
        }
        var fields: [String: [String: Expected]] = [:]
        for v in vectors {
            if case .outputs(let f) = v.expect { fields[v.name] = Dictionary(f.map { ($0.field, $0.expected) }, uniquingKeysWith: { a, _ in a }) }
        }
        for (p, value, _) in plan.filled {
            let back = fields[p.vector]?[p.field]
            guard case .value(let read)? = back, identical(read, value) else {
                let seen: String
                switch back {
                case .value(let v)?: seen = "reads back as \(v.display)"
                case .placeholder?: seen = "still reads as \(Expected.placeholderText)"
                case nil: seen = "is missing"
                }
                throw Failure("\(plan.file):\(p.line):\(p.column): \(p.vector) \(p.field): the value written (\(value.display)) \(seen) when the filled file is loaded again; nothing was written to it")
            }
        }
    }

    /// Equal, with text compared scalar for scalar.
    static func identical(_ a: Value, _ b: Value) -> Bool {
        switch (a, b) {
        case (.text(let x), .text(let y)): return Array(x.unicodeScalars) == Array(y.unicodeScalars)
        case (.list(let x), .list(let y)): return x.count == y.count && zip(x, y).allSatisfy { identical($0, $1) }
        case (.map(let x), .map(let y)): return x.count == y.count && x.allSatisfy { k, v in y[k].map { identical(v, $0) } ?? false }
        default: return a == b
        }
    }

    /// Writes the plan's bytes atomically (a temporary file in the same folder, then rename),
    /// refusing when the file on disk is no longer the one that was read.
    public static func commit(_ plan: FilePlan) throws(Failure) {
        guard plan.changed else { return }
        // The new text is on disk before the check that the file is still the one read, and the
        // rename follows at once (OutputFile: a kill at any moment leaves the old or the new file).
        do {
            try OutputFile.replace(plan.file, with: plan.updated, tag: "fill") {
                // Read no more than the original's length: a file that grew has changed.
                guard let now = try? InputFile.read(plan.file, maxBytes: plan.original.count), now == plan.original else {
                    throw Failure("\(plan.file) changed since it was read; nothing was written to it (run fill again)")
                }
            }
        } catch let e as Failure {
            throw e
        } catch {
            throw Failure("\(error)")
        }
    }
}
