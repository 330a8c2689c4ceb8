import ConcordFiles
import ConcordFormats
import ConcordSuites
import ConcordYAML
import Foundation

/// `concord fill`: replaces `TODO_ANDROID_RUN` placeholders in vector files with computed values,
/// editing only the placeholder's characters (docs/fill.md). Where a value comes from (a captured
/// file, or live implementations that agree) is in FillSources.swift; the diff in FillDiff.swift.
public enum Fill {
    /// A placeholder as the file wrote it: the vector, the expect field, its type, and the position
    /// of the scalar (1-based line, column in characters).
    public struct Placeholder: Sendable, Equatable {
        public var vector: String
        public var field: String
        public var type: FieldType
        public var line: Int
        public var column: Int
        public init(vector: String, field: String, type: FieldType, line: Int, column: Int) {
            self.vector = vector
            self.field = field
            self.type = type
            self.line = line
            self.column = column
        }
    }

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
        do { vectors = try loader.load(bytes: bytes, file: file) } catch { throw Failure("\(error)") }
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
    public static func byteOffset(line: Int, column: Int, in b: [UInt8]) -> Int? {
        byteOffset(line: line, column: column, in: b, lineStarts: lineStarts(b))
    }

    /// The byte offset at which each line starts (index 0 = line 1): built once per file, so that
    /// locating n placeholders costs n short scans, not n scans from the top.
    public static func lineStarts(_ b: [UInt8]) -> [Int] {
        var starts = [0]
        for (i, c) in b.enumerated() where c == 10 { starts.append(i + 1) }
        return starts
    }

    static func byteOffset(line: Int, column: Int, in b: [UInt8], lineStarts: [Int]) -> Int? {
        guard line >= 1, line <= lineStarts.count else { return nil }
        var i = lineStarts[line - 1]
        var c = 1
        while c < column {
            guard i < b.count, b[i] != 10 else { return nil }
            i += 1
            while i < b.count, b[i] & 0xC0 == 0x80 { i += 1 }
            c += 1
        }
        return i
    }

    /// The byte range of the placeholder scalar at its mark: `TODO_ANDROID_RUN` plain (YAML), or
    /// quoted (`"…"` in JSON and YAML, `'…'` in YAML). Nil when the bytes there are anything else.
    public static func range(of p: Placeholder, in b: [UInt8], json: Bool) -> Range<Int>? {
        range(of: p, in: b, json: json, lineStarts: lineStarts(b))
    }

    static func range(of p: Placeholder, in b: [UInt8], json: Bool, lineStarts: [Int]) -> Range<Int>? {
        guard let at = byteOffset(line: p.line, column: p.column, in: b, lineStarts: lineStarts) else { return nil }
        func isToken(at i: Int) -> Bool { i + token.count <= b.count && Array(b[i..<i + token.count]) == token }
        if !json, isToken(at: at) { return at..<at + token.count }
        if at < b.count, b[at] == 34 || (!json && b[at] == 39), isToken(at: at + 1),
           at + token.count + 1 < b.count, b[at + token.count + 1] == b[at] {
            return at..<at + token.count + 2
        }
        return nil
    }

    /// A value as the file would write it: bytes `{hex: "…"}` (YAML) / `{"hex": "…"}` (JSON), text
    /// a double-quoted string with escapes, integers plain, an answer a flow mapping.
    public static func render(_ v: Value, json: Bool) -> String {
        func key(_ k: String) -> String { json ? JSON.string(k).serialized() : k }
        switch v {
        case .bytes(let b): return "{\(key("hex")): \"\(Hex.encode(b))\"}"
        case .text(let s): return JSON.string(s).serialized()
        case .integer(let i): return String(i)
        case .bool(let b): return b ? "true" : "false"
        case .null: return "null"
        case .list(let l): return "[" + l.map { render($0, json: json) }.joined(separator: ", ") + "]"
        case .map(let m):
            let answerOrder = ["scaleValue", "selectedOptionIds", "writtenText"]
            let keys = answerOrder.filter { m[$0] != nil } + m.keys.filter { !answerOrder.contains($0) }.sorted()
            return "{" + keys.map { "\(key($0)): \(render(m[$0]!, json: json))" }.joined(separator: ", ") + "}"
        }
    }

    /// Whether a value has the type a field needs.
    public static func fits(_ v: Value, _ t: FieldType) -> Bool {
        switch (v, t) {
        case (.bytes, .bytes), (.text, .text), (.integer, .integer), (.map, .answer): return true
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

    /// Applies a decision to every placeholder; edits are made back to front so offsets hold.
    public static func plan(file: String, bytes: [UInt8], placeholders: [Placeholder],
                            decide: (Placeholder) -> Decision) -> FilePlan {
        var plan = FilePlan(file: file, original: bytes, updated: bytes)
        var edits: [(Range<Int>, [UInt8])] = []
        let json = isJSON(file)
        let starts = lineStarts(bytes)
        for p in placeholders {
            switch decide(p) {
            case .refuse(let why):
                plan.refused.append((p, why))
            case .fill(let value, let source):
                guard fits(value, p.type) else {
                    plan.refused.append((p, "\(source) gave \(kind(value)) (\(value.display)) where \(p.field) needs \(p.type)"))
                    continue
                }
                guard let r = range(of: p, in: bytes, json: json, lineStarts: starts) else {
                    plan.refused.append((p, "the file does not hold \(Expected.placeholderText) at \(p.line):\(p.column) as written; edit it by hand"))
                    continue
                }
                edits.append((r, Array(render(value, json: json).utf8)))
                plan.filled.append((p, value, source))
            }
        }
        // One pass from the top: the unchanged stretches and the new values in order.
        if !edits.isEmpty {
            var out = [UInt8]()
            out.reserveCapacity(bytes.count + edits.reduce(0) { $0 + $1.1.count })
            var at = 0
            for (r, text) in edits.sorted(by: { $0.0.lowerBound < $1.0.lowerBound }) {
                out += bytes[at..<r.lowerBound]
                out += text
                at = r.upperBound
            }
            out += bytes[at...]
            plan.updated = out
        }
        return plan
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
