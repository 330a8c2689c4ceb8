import ConcordFormats
import ConcordSuites
import ConcordYAML
import ConcordPacks

/// A vector file (concord-vectors/1, docs/vector-format.md) as data: what `VectorFileWriter`
/// writes and `VectorFile.read` reads back. `defaults` is not kept: the reader merges them into
/// every vector's input, and the writer writes each vector's input whole.
public struct VectorFile: Sendable {
    /// One flag and what it means (`notes:`), in the file's order.
    public struct Note: Sendable, Equatable {
        public var flag: String
        public var meaning: String
        public init(_ flag: String, _ meaning: String) {
            self.flag = flag
            self.meaning = meaning
        }
    }
    public var suite: String
    public var title: String
    public var source: String
    public var notes: [Note]
    /// The release that wrote an archived file's artifacts (`release:`, docs/archive.md).
    public var release: Release?
    public var vectors: [Vector]
    /// Comment lines written above `format:` (each without its `# `): who wrote the file and why.
    public var header: [String]

    public init(suite: String, title: String, source: String, notes: [Note] = [], release: Release? = nil, vectors: [Vector], header: [String] = []) {
        self.release = release
        self.suite = suite
        self.title = title
        self.source = source
        self.notes = notes
        self.vectors = vectors
        self.header = header
    }

    /// Reads a concord-vectors/1 file whole (YAML or JSON, by `file`'s extension): its title,
    /// source and notes with its vectors, by the loader's rules; the first error is thrown.
    public static func read(_ bytes: [UInt8], file: String, limits: YAMLParser.Limits = .init()) throws(LoadError) -> VectorFile {
        let root: Node
        do {
            root = file.lowercased().hasSuffix(".json") ? try JSONNodeParser(limits: limits).parse(bytes) : try YAMLParser(limits: limits).parse(bytes)
        } catch {
            throw LoadError(file: file, line: error.mark.line, column: error.mark.column, message: error.message)
        }
        var reader = FileReader(file: file)
        let vectors = try reader.read(root)
        if let first = reader.vectorErrors.first { throw first }
        let top = root.mapping ?? []
        func text(_ key: String) -> String { top.first { $0.key.scalarText == key }?.value.string ?? "" }
        let notes = (top.first { $0.key.scalarText == "notes" }?.value.mapping ?? []).map { Note($0.key.scalarText ?? "", $0.value.string ?? "") }
        return VectorFile(suite: Suites.resolve(text("suite"))?.name ?? text("suite"), title: text("title"), source: text("source"),
                          notes: notes, release: vectors.first?.release, vectors: vectors)
    }
}

/// The one writer of concord-vectors/1, beside its reader (`VectorLoader`): `concord fill`'s new
/// values, `explore --emit`'s and `scenario --record`'s files all come from here, and the Python
/// generators (scripts/generate/concordgen/yamlfile.py) follow the same rules, held by one shared
/// table of cases (Tests/Fixtures/vector-writer/rules.tsv, VectorFileWriterTests).
///
/// The rules (docs/vector-format.md "How Concord writes a vector file"):
/// - keys in a fixed order: `format`, `suite`, `title`, `source`, `release`, `notes`, `vectors`; in a vector
///   `id`, `op`, `comment`, `flags`, `result` (left out when valid), `input`, `expect`;
/// - bytes as `{hex: "…"}` (lowercase, quoted: an all-digit hex would read as an integer);
///   integers in decimal; null as `null`; a list in flow style; a record such as an answer (a mapping)
///   in flow style in its member order, or one key a line when that line would pass `width` characters;
/// - text quoted always (`quoted`): single quotes when it holds `"` or `\` and nothing that must
///   be escaped, else double quotes with escapes; a name (id, flag, key) plain when it reads back
///   as the same string under YAML 1.1 and 1.2 (`name`), else double-quoted;
/// - title, source, comments and notes double-quoted on one line; an empty input or output `{}`;
///   a refusal `expect: {error: CLASS}`; a placeholder `TODO_ANDROID_RUN` plain.
public enum VectorFileWriter {
    public static let format = "concord-vectors/1"
    /// The line width past which a record (an answer) is written one key a line.
    public static let width = 110

    /// The file's text (YAML).
    public static func write(_ file: VectorFile) -> String {
        var out = file.header.map { $0.isEmpty ? "#" : "# " + $0 }
        out += ["format: " + format, "suite: " + name(file.suite), "title: " + doubleQuoted(file.title), "source: " + doubleQuoted(file.source)]
        if let r = file.release {
            out += ["release:", "  name: " + doubleQuoted(r.name), "  platform: " + doubleQuoted(r.platform)]
            for (k, v) in [("version", r.version), ("device", r.device), ("captured", r.captured), ("archived", r.archived)] {
                if let v { out.append("  \(k): " + doubleQuoted(v)) }
            }
            if !r.confirmed.isEmpty { out.append("  confirmed: [" + r.confirmed.map(doubleQuoted).joined(separator: ", ") + "]") }
        }
        if !file.notes.isEmpty {
            out.append("notes:")
            for n in file.notes { out.append("  " + name(n.flag) + ": " + doubleQuoted(n.meaning)) }
        }
        out.append("vectors:")
        for v in file.vectors { out += lines(v) }
        return out.joined(separator: "\n") + "\n"
    }

    /// One vector's lines (at the indentation of a file's `vectors:`).
    public static func lines(_ v: Vector) -> [String] {
        var out = ["  - id: " + name(v.id)]
        if let op = v.op { out.append("    op: " + name(op)) }
        if let c = v.comment { out.append("    comment: " + doubleQuoted(c)) }
        if !v.flags.isEmpty { out.append("    flags: [" + v.flags.map(name).joined(separator: ", ") + "]") }
        if v.result != .valid { out.append("    result: " + v.result.rawValue) }
        let input = v.input.map { ($0.key, Expected.value($0.value)) }
        out += mapping("input", input)
        switch v.expect {
        case .outputs(let fields): out += mapping("expect", fields.map { ($0.field, $0.expected) })
        case .error(let c?): out.append("    expect: {error: \(c.rawValue)}")
        case .error(nil), .none: break
        }
        return out
    }

    static func mapping(_ key: String, _ entries: [(String, Expected)]) -> [String] {
        guard !entries.isEmpty else { return ["    \(key): {}"] }
        var out = ["    \(key):"]
        for (k, e) in entries {
            let pad = "      " + name(k) + ": "
            switch e {
            case .placeholder: out.append(pad + Expected.placeholderText)
            case .value(.map(let m)) where (pad + value(.map(m), json: false)).count > width:
                out.append("      " + name(k) + ":")
                for key in mapOrder(m) { out.append("        " + name(key) + ": " + value(m[key]!, json: false)) }
            case .value(let v): out.append(pad + value(v, json: false))
            }
        }
        return out
    }

    /// A record's keys (an answer's) in its member order, then any other sorted (`RecordType.keyOrder`
    /// over the record types the packs define).
    static func mapOrder(_ m: [String: Value], records: [RecordType] = Packs.records) -> [String] {
        RecordType.keyOrder(m, records: records)
    }

    /// A value as a vector file writes it: YAML (`json: false`) or JSON, in flow style; a mapping's
    /// keys in the order of `records` (by default the packs' record types).
    public static func value(_ v: Value, json: Bool, records: [RecordType] = Packs.records) -> String {
        func key(_ k: String) -> String { json ? JSON.string(k).serialized() : name(k) }
        switch v {
        case .bytes(let b): return "{\(key("hex")): \"\(Hex.encode(b))\"}"
        case .text(let s): return json ? JSON.string(s).serialized() : quoted(s)
        case .integer(let i): return String(i)
        case .bool(let b): return b ? "true" : "false"
        case .null: return "null"
        case .list(let l): return "[" + l.map { value($0, json: json, records: records) }.joined(separator: ", ") + "]"
        case .map(let m): return "{" + mapOrder(m, records: records).map { "\(key($0)): \(value(m[$0]!, json: json, records: records))" }.joined(separator: ", ") + "}"
        }
    }

    /// A text value: single-quoted (no escapes: JSON inside stays readable) when it holds `"` or
    /// `\` and nothing that must be escaped, else double-quoted.
    public static func quoted(_ s: String) -> String {
        let special = s.unicodeScalars.contains { $0 == "\"" || $0 == "\\" }
        if special, s.unicodeScalars.allSatisfy({ $0 == "\"" || $0 == "\\" || !mustEscape($0) }) {
            return "'" + s.replacingOccurrences(of: "'", with: "''") + "'"
        }
        return doubleQuoted(s)
    }

    /// A YAML double-quoted scalar that libyaml reads back as exactly `s`: `"` and `\` escaped, tab,
    /// LF and CR as `\t`, `\n`, `\r`, and every character that could act or cannot be seen as
    /// `\uXXXX` (`\UXXXXXXXX` above the BMP, lowercase hex): the controls (C0, DEL, C1), format
    /// characters (Cf: the bidirectional controls, U+FEFF, the zero widths), the line and paragraph
    /// separators, combining marks (Mn, Me: an NFD text stays visibly NFD), private-use, surrogate and
    /// unassigned code points (Unicode's categories as the Swift standard library knows them), and
    /// every space but U+0020.
    public static func doubleQuoted(_ s: String) -> String {
        var out = "\""
        for u in s.unicodeScalars {
            switch u {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\t": out += "\\t"
            case "\r": out += "\\r"
            default:
                if mustEscape(u) {
                    out += u.value <= 0xFFFF ? "\\u" + hex(u.value, 4) : "\\U" + hex(u.value, 8)
                } else {
                    out.unicodeScalars.append(u)
                }
            }
        }
        return out + "\""
    }

    /// The characters `doubleQuoted` writes as an escape (`"` and `\` aside).
    static func mustEscape(_ u: Unicode.Scalar) -> Bool {
        let v = u.value
        if v < 0x20 || (v >= 0x7F && v <= 0x9F) { return true }
        if v < 0x7F { return false }
        switch u.properties.generalCategory {
        case .format, .lineSeparator, .paragraphSeparator, .nonspacingMark, .enclosingMark, .privateUse, .surrogate, .unassigned:
            return true
        case .spaceSeparator:
            return true
        default:
            return false
        }
    }

    /// A name (an id, a flag, a suite, a field): plain when it is `[A-Za-z][A-Za-z0-9._/-]*` and
    /// no word YAML 1.1 reads otherwise (`yes`, `off`, `y`, …), else double-quoted.
    public static func name(_ s: String) -> String {
        let u = Array(s.utf8)
        guard let first = u.first, (first >= 65 && first <= 90) || (first >= 97 && first <= 122),
              u.allSatisfy({ FileReader.isAlnum($0) || $0 == 46 || $0 == 95 || $0 == 47 || $0 == 45 }),
              !yamlWords.contains(s.lowercased()) else { return doubleQuoted(s) }
        return s
    }
    static let yamlWords: Set<String> = ["true", "false", "null", "yes", "no", "on", "off", "y", "n", "~"]

    private static func hex(_ v: UInt32, _ width: Int) -> String {
        let h = String(v, radix: 16)
        return String(repeating: "0", count: max(0, width - h.count)) + h
    }
}
