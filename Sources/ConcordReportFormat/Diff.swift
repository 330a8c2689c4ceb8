import ConcordFiles
import ConcordFormats
import ConcordImplementations
import ConcordJudging
import ConcordLoading
import ConcordSuites
import Foundation
import ConcordPacks

/// `concord diff A B`: two captured-outputs files or two reports compared vector by vector and
/// field by field, with no vector files needed.
public enum Diff {
    public enum Status: String, Sendable {
        case same, different
        case onlyInA = "only-in-a"
        case onlyInB = "only-in-b"
    }

    public struct Field: Sendable {
        public var field: String
        public var status: Status
        public var a: Value?
        public var b: Value?
        /// The first differing byte (of the bytes, or of the UTF-8 of a text).
        public var offset: Int?
        public var explanation: String?
    }

    public struct Vector: Sendable {
        public var vector: String
        public var fields: [Field]
        public var status: Status {
            if fields.allSatisfy({ $0.status == .same }) { return .same }
            if fields.allSatisfy({ $0.status == .onlyInA }) { return .onlyInA }
            if fields.allSatisfy({ $0.status == .onlyInB }) { return .onlyInB }
            return .different
        }
    }

    /// One side: a name for it and its answers by vector name. An answer is its fields; a refusal
    /// is the one field `error` holding its class.
    public struct Side: Sendable {
        public var label: String
        public var answers: [(vector: String, fields: [(String, Value)])]
    }

    public struct Result: Sendable {
        public var a: Side
        public var b: Side
        public var vectors: [Vector]
        /// Every vector the same, and at least one compared: two files without answers are not
        /// "identical", they show nothing (exit 1).
        public var identical: Bool { !vectors.isEmpty && vectors.allSatisfy { $0.status == .same } }
        public func count(_ s: Status) -> Int { vectors.filter { $0.status == s }.count }
    }

    public struct ReadError: Error, Sendable, CustomStringConvertible {
        public var description: String
        /// For a report that breaks a rule of ReportCheck: its file, where in its JSON, and what
        /// (without the file's name), so that the command can print `file:line:column: message`.
        public var file: String?
        public var path: [ReportMerge.Step] = []
        public var message: String
        public init(_ d: String) { description = d; message = d }
        init(_ message: String, file: String, at path: [ReportMerge.Step]) {
            description = "\(file): \(message)"
            self.message = message
            self.file = file
            self.path = path
        }
    }

    // MARK: reading

    /// Reads a captured-outputs file or a report; for a report, each vector's answer is the one
    /// of `implementation`, or of the first implementation that has outputs.
    public static func read(path: String, implementation: String? = nil, maxBytes: Int = InputFile.defaultMaxBytes) throws(ReadError) -> Side {
        let bytes: [UInt8]
        do { bytes = try InputFile.read(path, maxBytes: maxBytes, regularFileOnly: true) } catch { throw ReadError(error.description) }
        guard let text = String(validating: bytes, as: UTF8.self) else {
            let p = InputFile.utf8Problem(bytes)
            throw ReadError(p.map { "\(path):\($0.line):\($0.column): \($0.message)" } ?? "\(path): the file is not UTF-8")
        }
        return try read(text: text, file: path, implementation: implementation)
    }

    public static func read(text: String, file: String, implementation: String? = nil) throws(ReadError) -> Side {
        if text.hasPrefix("\u{FEFF}") { throw ReadError("\(file):1:1: the file starts with a byte order mark; save it as UTF-8 without BOM") }
        let json: JSON
        do { json = try JSON.parse(text) } catch {
            throw ReadError("\(file):\(error.line):\(error.column): invalid JSON: \(error.message)")
        }
        switch json["format"]?.stringValue {
        case CapturedOutputs.format?:
            let c: CapturedOutputs
            // The suites' rules, as `run --captured` applies them: known vector names, each suite's fields.
            do { c = try CapturedOutputs.parse(text, file: file, rules: CapturedRules.make([])) } catch { throw ReadError(error.description) }
            if let want = implementation, want != c.name, "captured:" + want != c.name {
                throw ReadError("\(file): the captured file is \(c.name), not \(want)")
            }
            return Side(label: "\(file) (\(c.name))", answers: c.results.map { (Suites.canonicalVectorName($0.vector), fields($0.outcome)) })
        case JSONReport.format?:
            return try report(json, file: file, implementation: implementation)
        default:
            throw ReadError("\(file): \"format\" must be concord-outputs/1 or concord-report/1")
        }
    }

    static func fields(_ o: Outcome) -> [(String, Value)] {
        switch o {
        case .outputs(let out): return out.keys.sorted().map { ($0, out[$0]!) }
        case .refused(let e): return [("error", .text(e.errorClass.rawValue))]
        case .unsupported, .error: return []
        }
    }

    static func report(_ json: JSON, file: String, implementation: String?) throws(ReadError) -> Side {
        // The rules report and merge hold a report to (ReportCheck).
        do { try ReportCheck.check(json) } catch { throw ReadError(error.message, file: file, at: error.path) }
        guard let results = json["results"]?.arrayValue else { throw ReadError("\(file): the report has no \"results\" array") }
        if let want = implementation {
            let names = json["implementations"]?.arrayValue?.compactMap { $0["name"]?.stringValue } ?? []
            if !names.contains(want) { throw ReadError("\(file): the report has no implementation \(want) (it has \(names.joined(separator: ", ")))") }
        }
        var answers: [(vector: String, fields: [(String, Value)])] = []
        var used = Set<String>()
        for (i, r) in results.enumerated() {
            guard let name = r["vector"]?.stringValue, let impls = r["implementations"]?.objectValue else {
                throw ReadError("\(file): results[\(i)] lacks \"vector\" or \"implementations\"")
            }
            let chosen = implementation.flatMap { w in impls.first { $0.key == w } }
                ?? (implementation == nil ? impls.first { $0.value["outputs"] != nil } ?? impls.first { $0.value["error"] != nil } : nil)
            guard let (who, answer) = chosen else { continue }
            var f: [(String, Value)] = []
            if let out = answer["outputs"]?.objectValue {
                for (k, v) in out {
                    do { f.append((k, try Value(json: v))) } catch {
                        throw ReadError("\(file): results[\(i)] (\(name)) \(who).outputs.\(k): \(error.message)")
                    }
                }
                f.sort { $0.0 < $1.0 }
            } else if let cls = answer["error"]?.stringValue {
                f = [("error", .text(cls))]
            } else { continue }
            used.insert(who)
            answers.append((name, f))
        }
        let label = "\(file) (report, " + (implementation ?? used.sorted().joined(separator: "/")) + ")"
        return Side(label: label, answers: answers)
    }

    // MARK: comparing

    public static func compare(_ a: Side, _ b: Side) -> Result {
        let bBy = Dictionary(b.answers.map { ($0.vector, $0.fields) }, uniquingKeysWith: { x, _ in x })
        let aNames = Set(a.answers.map(\.vector))
        var out: [Vector] = []
        for (name, fa) in a.answers {
            guard let fb = bBy[name] else {
                out.append(Vector(vector: name, fields: fa.map { Field(field: $0.0, status: .onlyInA, a: $0.1) }))
                continue
            }
            out.append(Vector(vector: name, fields: compareFields(fa, fb)))
        }
        for (name, fb) in b.answers where !aNames.contains(name) {
            out.append(Vector(vector: name, fields: fb.map { Field(field: $0.0, status: .onlyInB, b: $0.1) }))
        }
        return Result(a: a, b: b, vectors: out)
    }

    static func compareFields(_ fa: [(String, Value)], _ fb: [(String, Value)]) -> [Field] {
        let bBy = Dictionary(fb, uniquingKeysWith: { x, _ in x })
        let aKeys = Set(fa.map(\.0))
        var out: [Field] = []
        for (k, va) in fa {
            guard let vb = bBy[k] else { out.append(Field(field: k, status: .onlyInA, a: va)); continue }
            // Bytes too: String's == equates NFC and NFD texts, which are different bytes.
            if va == vb { out.append(Field(field: k, status: .same, a: va, b: vb)); continue }
            let x = va.comparableBytes, y = vb.comparableBytes
            var o = 0
            while o < x.count && o < y.count && x[o] == y[o] { o += 1 }
            out.append(Field(field: k, status: .different, a: va, b: vb, offset: o,
                             explanation: namingSides(Explanations.explain(expected: va, actual: vb))))
        }
        for (k, vb) in fb where !aKeys.contains(k) { out.append(Field(field: k, status: .onlyInB, b: vb)) }
        return out
    }

    /// An explanation in the words of a diff: neither side is the expected one, so "expected" and
    /// "actual" become A and B ("A is URL-safe base64, B is standard").
    public static func namingSides(_ e: String) -> String { Explanations.naming(e, expected: "A", actual: "B") }

    // MARK: rendering

    /// The aligned hex view of two byte strings: 16 bytes per row, an offset column, the rows of
    /// A and B one under the other, and `^^` under each differing byte. Rows without a difference
    /// are elided beyond one row of context; at most `maxRows` rows of differences are shown.
    public static func hexView(_ a: [UInt8], _ b: [UInt8], maxRows: Int = 8) -> [String] {
        let rows = (max(a.count, b.count) + 15) / 16
        func differs(_ r: Int) -> Bool {
            (r * 16..<min(r * 16 + 16, max(a.count, b.count))).contains { i in i >= a.count || i >= b.count || a[i] != b[i] }
        }
        let diffRows = (0..<rows).filter(differs)
        var show = Set<Int>()
        for r in diffRows.prefix(maxRows) { for c in max(0, r - 1)...min(rows - 1, r + 1) { show.insert(c) } }
        var lines: [String] = []
        var last = -1
        func cells(_ v: [UInt8], _ r: Int) -> String {
            (0..<16).compactMap { j in let i = r * 16 + j; return i < v.count ? Hex.encode([v[i]]) : nil }.joined(separator: " ")
        }
        for r in show.sorted() {
            if last >= 0 && r > last + 1 || last < 0 && r > 0 { lines.append("        …") }
            last = r
            let off = String(r * 16, radix: 16)
            lines.append(String(repeating: "0", count: max(0, 6 - off.count)) + off + "  A " + cells(a, r))
            lines.append("        B " + cells(b, r))
            if differs(r) {
                let marks = (0..<16).map { j -> String in
                    let i = r * 16 + j
                    guard i < max(a.count, b.count) else { return "  " }
                    return i >= a.count || i >= b.count || a[i] != b[i] ? "^^" : "  "
                }.joined(separator: " ")
                lines.append("          " + marks.replacingOccurrences(of: "\\s+$", with: "", options: .regularExpression))
            }
        }
        if last >= 0 && last < rows - 1 { lines.append("        …") }
        if diffRows.count > maxRows { lines.append("          (\(diffRows.count - maxRows) more rows differ)") }
        return lines
    }

    public static func renderText(_ r: Result) -> String {
        var out: [String] = ["A: \(r.a.label)", "B: \(r.b.label)", ""]
        for v in r.vectors where v.status != .same {
            switch v.status {
            case .onlyInA: out.append("ONLY A  \(v.vector)")
            case .onlyInB: out.append("ONLY B  \(v.vector)")
            default: out.append("DIFF    \(v.vector)")
            }
            guard v.status == .different else { continue }
            for f in v.fields {
                switch f.status {
                case .same: out.append("        \(f.field): same")
                case .onlyInA: out.append("        \(f.field): only in A: \(f.a!.display)")
                case .onlyInB: out.append("        \(f.field): only in B: \(f.b!.display)")
                case .different:
                    let x = f.a!.comparableBytes, y = f.b!.comparableBytes
                    var head = "        \(f.field): differs at byte \(f.offset!)"
                    if let w = wire(f) { head += " (\(w.text))" }
                    if x.count != y.count { head += " (A \(x.count) bytes, B \(y.count))" }
                    if let e = f.explanation { head += " — \(e)" }
                    out.append(head)
                    if f.a!.bytes == nil || f.b!.bytes == nil {
                        out.append("          A \(clip(f.a!.display))")
                        out.append("          B \(clip(f.b!.display))")
                    }
                    out += hexView(x, y).map { "        " + $0 }
                }
            }
        }
        if r.vectors.isEmpty {
            out.append("nothing to compare: neither A nor B holds an answer (a file without results is never identical)")
        } else if !r.vectors.contains(where: { $0.status != .same }) { out.append("identical") }
        out.append("")
        out.append("\(r.vectors.count) vectors: \(r.count(.same)) same, \(r.count(.different)) different, "
                   + "\(r.count(.onlyInA)) only in A, \(r.count(.onlyInB)) only in B")
        return out.map { Printable.escape($0) }.joined(separator: "\n") + "\n"   // text from input, escaped per line
    }

    static func clip(_ s: String) -> String { s.count <= 120 ? s : String(s.prefix(117)) + "…" }

    /// Where two wire strings differ in their decoded blob, in A's layout (reports.md "Locations").
    static func wire(_ f: Field) -> Wire.Difference? {
        guard case .text(let a)? = f.a, case .text(let b)? = f.b else { return nil }
        return Wire.difference(expected: a, actual: b, forms: Packs.wireForms)
    }

    /// The machine-readable form (`concord-diff/1`).
    public static func json(_ r: Result) -> JSON {
        .object([
            ("format", .string("concord-diff/1")),
            ("a", .string(r.a.label)), ("b", .string(r.b.label)),
            ("identical", .bool(r.identical)),
            ("summary", .object([("vectors", .int(Int64(r.vectors.count))), ("same", .int(Int64(r.count(.same)))),
                                 ("different", .int(Int64(r.count(.different)))), ("onlyInA", .int(Int64(r.count(.onlyInA)))),
                                 ("onlyInB", .int(Int64(r.count(.onlyInB))))])),
            ("vectors", .array(r.vectors.map { v in
                .object([("vector", .string(v.vector)), ("status", .string(v.status.rawValue)),
                         ("fields", .array(v.fields.map { f in
                             var o: [(key: String, value: JSON)] = [("field", .string(f.field)), ("status", .string(f.status.rawValue))]
                             if let off = f.offset { o.append(("offset", .int(Int64(off)))) }
                             if let w = wire(f) {
                                 var x: [(key: String, value: JSON)] = [("part", .string(w.part)), ("partOffset", .int(Int64(w.partOffset)))]
                                 if let b = w.blobOffset { x.append(("blobOffset", .int(Int64(b)))) }
                                 o.append(("wire", .object(x)))
                             }
                             if let a = f.a { o.append(("a", a.json)) }
                             if let b = f.b { o.append(("b", b.json)) }
                             if let e = f.explanation { o.append(("explanation", .string(e))) }
                             return .object(o)
                         }))])
            })),
        ])
    }
}
