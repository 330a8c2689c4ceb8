import ConcordFiles
import ConcordFormats
@testable import ConcordLoading
import ConcordSuites
@testable import ConcordWorkflows
import ConcordYAML
import Foundation
import Testing
import ConcordTestSupport

/// One writer of concord-vectors/1 (`VectorFileWriter`, beside the reader): every vector file of
/// vectors/ reads back equal once written by it; it and the Python generators' writer follow one
/// table of rules (Tests/Fixtures/vector-writer/rules.json, written by hand from
/// docs/vector-format.md); and the two escape the same characters.
@Suite(.serialized) struct VectorFileWriterTests {
    static let rulesPath = repositoryRoot + "/Tests/Fixtures/vector-writer/rules.json"

    static func cases() throws -> [[String: Any]] {
        let data = try Data(contentsOf: URL(fileURLWithPath: rulesPath))
        let doc = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        return try #require(doc["cases"] as? [[String: Any]])
    }

    /// A case's typed value: {hex}, {text}, {answer, order} (its order is the contract's), an integer, null, a list.
    static func value(_ any: Any?) throws -> Value {
        switch any {
        case nil, is NSNull: return .null
        case let d as [String: Any] where d["hex"] != nil: return .bytes(try Hex.decode(d["hex"] as! String))
        case let d as [String: Any] where d["text"] != nil: return .text(d["text"] as! String)
        case let d as [String: Any] where d["answer"] != nil:
            var m: [String: Value] = [:]
            for (k, v) in d["answer"] as! [String: Any] { m[k] = try value(v) }
            return .map(m)
        case let l as [Any]: return .list(try l.map(value))
        case let n as NSNumber: return .integer(n.int64Value)
        default: throw LoadError(file: rulesPath, line: 0, column: 0, message: "a value the rules do not know: \(String(describing: any))")
        }
    }

    /// A vector case as a `Vector` (its input in the case's order).
    static func vector(_ d: [String: Any], order: [String]) throws -> Vector {
        let input = d["input"] as! [String: Any]
        var fields: [(String, Value)] = []
        for k in order where input[k] != nil { fields.append((k, try value(input[k]))) }
        let expect: ConcordLoading.Expectation
        if let e = d["expect"] as? [String: Any] {
            if let c = e["error"] as? String { expect = .error(ErrorClass(rawValue: c)) } else {
                expect = .outputs(try e.keys.sorted().map { k in
                    let v = try value(e[k])
                    return (k, v == .text(Expected.placeholderText) ? Expected.placeholder : Expected.value(v))
                })
            }
        } else {
            expect = .none
        }
        return Vector(suite: "rules", id: d["id"] as! String, file: "", line: 0, column: 0, comment: d["comment"] as? String,
                      flags: d["flags"] as? [String] ?? [], op: d["op"] as? String, result: ResultKind(rawValue: d["result"] as? String ?? "valid")!,
                      input: Fields(ordered: fields), expect: expect)
    }

    /// Concord's writer gives every case's text exactly, and each value's text reads back (libyaml,
    /// the loader's parser) as the very value, scalar for scalar.
    @Test func concordsWriterFollowsTheRules() throws {
        let cases = try Self.cases()
        #expect(cases.count >= 50)
        for (i, c) in cases.enumerated() {
            let kind = c["kind"] as! String, yaml = c["yaml"] as! String
            let got: String
            switch kind {
            case "name": got = VectorFileWriter.name(c["value"] as! String)
            case "doubleQuoted": got = VectorFileWriter.doubleQuoted(c["value"] as! String)
            case "value": got = VectorFileWriter.value(try Self.value(c["value"]), json: false)
            case "entry": got = VectorFileWriter.mapping("input", [(c["key"] as! String, .value(try Self.value(c["value"])))]).dropFirst().joined(separator: "\n")
            case "vector":
                // The input's order as the case's text writes it (JSON objects keep none).
                let d = c["value"] as! [String: Any]
                let order = (d["input"] as! [String: Any]).keys.sorted { yaml.range(of: "      \($0):")!.lowerBound < yaml.range(of: "      \($1):")!.lowerBound }
                got = VectorFileWriter.lines(try Self.vector(d, order: order)).joined(separator: "\n")
            default: Issue.record("case \(i): unknown kind \(kind)"); continue
            }
            #expect(got == yaml, "case \(i) (\(kind)): wrote \(got.debugDescription), the rule is \(yaml.debugDescription)")
            guard kind == "value" || kind == "name" || kind == "doubleQuoted" else { continue }
            let node = try YAMLParser().parse(Array("k: \(yaml)\n".utf8))
            let back = try #require(node.mapping?.first?.value)
            switch kind == "value" ? try Self.value(c["value"]) : .text(c["value"] as! String) {
            case .text(let s): #expect(back.string.map { Array($0.unicodeScalars) } == Array(s.unicodeScalars), "case \(i): \(yaml) reads back as \(back.string ?? "no string")")
            case .bytes(let b): #expect(back.mapping?.first?.value.string == Hex.encode(b))
            case .integer(let n): #expect(back.scalarText == String(n))
            default: break
            }
        }
    }

    /// The generators' writer (scripts/generate/concordgen/yamlfile.py) gives every case's text too.
    @Test func theGeneratorsWriterFollowsTheRules() throws {
        let out = try Self.python(["\(Self.rulesPath)"])
        #expect(out.status == 0, "\(out.stdout)\(out.stderr)")
        #expect(out.stdout.contains("of \(try Self.cases().count) cases as the rules say"), "\(out.stdout)")
    }

    static func python(_ args: [String]) throws -> ProcessOutput {
        let code = "import sys; sys.path.insert(0, sys.argv[1]); from concordgen import rules; sys.exit(rules.main(sys.argv[2:]))"
        return try runProcess("/usr/bin/env", ["python3", "-c", code, repositoryRoot + "/scripts/generate"] + args, timeout: 300)
    }

    /// Over every code point, the two writers escape the same ones, but where one Unicode version
    /// assigns a character the other does not know (Python's unicodedata against Swift's).
    @Test func bothWritersEscapeTheSameCharacters() throws {
        let out = try Self.python(["--escapes"])
        #expect(out.status == 0, "\(out.stderr)")
        var python: [ClosedRange<UInt32>] = [], unassigned: [ClosedRange<UInt32>] = []
        var inCn = false
        for line in out.stdout.split(separator: "\n") {
            if line == "cn" { inCn = true; continue }
            if line.hasPrefix("unicode ") { continue }
            let p = line.split(separator: " ").compactMap { UInt32($0, radix: 16) }
            guard p.count == 2 else { Issue.record("unreadable line \(line)"); return }
            if inCn { unassigned.append(p[0]...p[1]) } else { python.append(p[0]...p[1]) }
        }
        #expect(python.count > 100 && unassigned.count > 100, "\(out.stdout.prefix(200))")
        func member(_ v: UInt32, _ rs: [ClosedRange<UInt32>]) -> Bool {
            var (lo, hi) = (0, rs.count - 1)
            while lo <= hi {
                let mid = (lo + hi) / 2
                if rs[mid].contains(v) { return true }
                if v < rs[mid].lowerBound { hi = mid - 1 } else { lo = mid + 1 }
            }
            return false
        }
        var differ: [String] = []  // hex code points
        for v in UInt32(0)...0x10FFFF where !(0xD800...0xDFFF).contains(v) && v != 0x22 && v != 0x5C {
            let u = Unicode.Scalar(v)!
            let swift = VectorFileWriter.mustEscape(u)
            if swift != member(v, python) && !member(v, unassigned) { differ.append(String(v, radix: 16)) }
        }
        // A character whose category changed between the two Unicode versions (U+1171E, Mn in 14.0,
        // Mc since) may be escaped by one only: allowed when Python's category is not Swift's.
        if !differ.isEmpty {
            let cats = try Self.python(["--categories"] + differ)
            var changed = Set<String>()
            for line in cats.stdout.split(separator: "\n") {
                let p = line.split(separator: " ").map(String.init)
                guard p.count == 2, let v = UInt32(p[0], radix: 16), let u = Unicode.Scalar(v) else { continue }
                if p[1] != Self.category(u) { changed.insert(p[0]) }
            }
            differ.removeAll { changed.contains($0) }
        }
        #expect(differ.isEmpty, "escaped by one writer only: \(differ.prefix(20)) (\(differ.count))")
    }

    /// Unicode's two-letter name of a scalar's general category, as Swift knows it.
    static func category(_ u: Unicode.Scalar) -> String {
        switch u.properties.generalCategory {
        case .uppercaseLetter: return "Lu"
        case .lowercaseLetter: return "Ll"
        case .titlecaseLetter: return "Lt"
        case .modifierLetter: return "Lm"
        case .otherLetter: return "Lo"
        case .nonspacingMark: return "Mn"
        case .spacingMark: return "Mc"
        case .enclosingMark: return "Me"
        case .decimalNumber: return "Nd"
        case .letterNumber: return "Nl"
        case .otherNumber: return "No"
        case .connectorPunctuation: return "Pc"
        case .dashPunctuation: return "Pd"
        case .openPunctuation: return "Ps"
        case .closePunctuation: return "Pe"
        case .initialPunctuation: return "Pi"
        case .finalPunctuation: return "Pf"
        case .otherPunctuation: return "Po"
        case .mathSymbol: return "Sm"
        case .currencySymbol: return "Sc"
        case .modifierSymbol: return "Sk"
        case .otherSymbol: return "So"
        case .spaceSeparator: return "Zs"
        case .lineSeparator: return "Zl"
        case .paragraphSeparator: return "Zp"
        case .control: return "Cc"
        case .format: return "Cf"
        case .surrogate: return "Cs"
        case .privateUse: return "Co"
        case .unassigned: return "Cn"
        @unknown default: return "?"
        }
    }

    // MARK: Round trip

    /// A file's vectors, field by field: the same ids in order, each with the same op, result,
    /// comment, flags, input (names in order, values scalar for scalar) and expectation.
    static func compare(_ a: VectorFile, _ b: VectorFile, _ file: String) {
        #expect(a.suite == b.suite && a.title == b.title && a.source == b.source && a.notes == b.notes, "\(file): the header")
        #expect(a.vectors.map(\.id) == b.vectors.map(\.id), "\(file): the ids")
        for (x, y) in zip(a.vectors, b.vectors) {
            let at = "\(file) \(x.id)"
            #expect(x.suite == y.suite && x.op == y.op && x.result == y.result && x.flags == y.flags, "\(at)")
            #expect(x.comment.map { Array($0.unicodeScalars) } == y.comment.map { Array($0.unicodeScalars) }, "\(at): comment")
            #expect(x.input.keys == y.input.keys, "\(at): input names \(x.input.keys) against \(y.input.keys)")
            for k in x.input.keys { #expect(Fill.identical(x.input[k]!, y.input[k]!), "\(at): input \(k)") }
            switch (x.expect, y.expect) {
            case (.outputs(let p), .outputs(let q)):
                #expect(p.map(\.field) == q.map(\.field), "\(at): expect names")
                for (e, f) in zip(p, q) {
                    switch (e.expected, f.expected) {
                    case (.placeholder, .placeholder): break
                    case (.value(let v), .value(let w)): #expect(Fill.identical(v, w), "\(at): expect \(e.field)")
                    default: Issue.record("\(at): expect \(e.field) \(e.expected) against \(f.expected)")
                    }
                }
            case (.error(let c), .error(let d)): #expect(c == d, "\(at): error class")
            case (.none, .none): break
            default: Issue.record("\(at): expectation \(x.expect) against \(y.expect)")
            }
        }
    }

    /// Every vector file of vectors/ — concord-vectors/1 files in YAML and JSON, and the Wycheproof
    /// files (their vectors with a header made here) — written by the writer and read back is equal,
    /// field by field, to what was read. (There is no scenario recording in vectors/;
    /// ScenarioTests reads back what --record writes.)
    @Test func everyVectorFileReadsBackEqualOnceWritten() throws {
        let files = try VectorLoader.files([repositoryRoot + "/vectors"])
        var checked = 0, vectors = 0
        for path in files {
            let bytes = try InputFile.read(path)
            let original: VectorFile
            let top = try (path.hasSuffix(".json") ? JSONNodeParser().parse(bytes) : YAMLParser().parse(bytes)).mapping ?? []
            let format = top.first { $0.key.scalarText == "format" }?.value.string
            if format == "concord-vectors/1" {
                original = try VectorFile.read(bytes, file: path)
            } else if format == nil && top.contains(where: { $0.key.scalarText == "schema" }) {
                let loaded = try VectorLoader().load(.bytes(bytes, file: path)).vectorsOrFirstError()
                guard let suite = loaded.first?.suite else { continue }
                let flags = Set(loaded.flatMap(\.flags)).sorted()
                original = VectorFile(suite: suite, title: "Wycheproof \(path)", source: "Wycheproof", notes: flags.map { .init($0, "a Wycheproof flag") },
                                      vectors: loaded)
            } else {
                continue  // a scenario file, a fixture map: not a vector file
            }
            let text = VectorFileWriter.write(original)
            let back: VectorFile
            do { back = try VectorFile.read(Array(text.utf8), file: path + ".written.yaml") } catch {
                Issue.record("\(path): the written file does not load: \(error)")
                continue
            }
            Self.compare(original, back, path)
            checked += 1
            vectors += original.vectors.count
        }
        #expect(checked >= 90 && vectors > 5000, "\(checked) files, \(vectors) vectors")
    }

    /// What the reader keeps of a file's top (title, source, notes in order) is what it says.
    @Test func aFileIsReadWhole() throws {
        let text = """
        format: concord-vectors/1
        suite: hmac-sha256
        title: "T \\u00e9"
        source: S
        notes:
          b: second
          a: first
        vectors:
          - {id: x, op: compute, flags: [b], input: {key: {hex: "00"}, message: {utf8: "m"}}, expect: {tag: TODO_ANDROID_RUN}}

        """
        let f = try VectorFile.read(Array(text.utf8), file: "t.yaml")
        #expect(f.suite == "hmac-sha256" && f.title == "T é" && f.source == "S" && f.notes == [.init("b", "second"), .init("a", "first")])
        #expect(f.vectors.count == 1 && f.vectors[0].hasPlaceholder)
        let again = VectorFileWriter.write(f)
        #expect(again.contains("\n      tag: TODO_ANDROID_RUN\n") && again.contains("\n      message: {hex: \"6d\"}\n"), "\(again)")
        Self.compare(f, try VectorFile.read(Array(again.utf8), file: "again.yaml"), "t.yaml")
        #expect(throws: LoadError.self) { try VectorFile.read(Array(text.replacingOccurrences(of: "flags: [b]", with: "flags: [c]").utf8), file: "t.yaml") }
    }
}
