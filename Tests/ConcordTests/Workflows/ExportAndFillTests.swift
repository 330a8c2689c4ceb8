import ConcordFormats
import ConcordImplementations
import ConcordJudging
import ConcordLoading
import ConcordWorkflows
import Foundation
import Testing
import ConcordTestSupport

/// `concord export` and `concord fill` through the library: export content, filling YAML and JSON
/// fixtures byte-exactly from a captured file and from live implementations, refusals, dry runs.
@Suite struct ExportAndFillTests {
    // A comment, quoting, a flow mapping with non-ASCII text before its placeholder (columns count
    // characters, not bytes), and a block placeholder.
    static let yamlFixture = """
    # a hand-written file: every byte but the placeholders must survive
    format: concord-vectors/1
    suite: argon2id
    title: 'fill fixture'
    source: "captured on a phone"   # trailing comment
    defaults:
      params: "argon2id;v=19;m=64;t=1;p=1"
    vectors:
      - id: block
        comment: ünïcödé comment
        input:
          password: {utf8: "glow river"}
          salt: {hex: 000102030405060708090a0b0c0d0e0f}
        expect:
          key: TODO_ANDROID_RUN     # filled by concord fill
      - {id: flow, input: {password: {utf8: "ünï ☃"}, salt: {base64: "AAECAwQFBgcICQoLDA0ODw=="}}, expect: {key: TODO_ANDROID_RUN}}
      - id: known
        input: {password: {utf8: "x"}, salt: {hex: "00000000000000000000000000000000"}}
        expect: {key: {hex: "00"}}

    """

    static let jsonFixture = """
    {
      "format": "concord-vectors/1",
      "suite": "canonical-json",
      "title": "json fill fixture",
      "source": "captured",
      "vectors": [
        {"id": "e-free", "input": {"answer": {"scaleValue": 3, "selectedOptionIds": ["b", "a"], "writtenText": "hé \\"q\\""}},
         "comment": "ünï ☃", "expect": {"json": "TODO_ANDROID_RUN"}},
        {"id": "other", "input": {"answer": {"scaleValue": null, "selectedOptionIds": [], "writtenText": null}},
         "expect": {"json": "{\\"scaleValue\\":null}"}}
      ]
    }

    """

    static let capturedJSON = """
    {"format": "concord-outputs/1",
     "implementation": {"name": "android", "platform": "Android 15"},
     "results": [
       {"vector": "argon2id/block", "outputs": {"key": {"hex": "00112233445566778899aabbccddeeff00112233445566778899aabbccddeeff"}}},
       {"vector": "argon2id/flow", "outputs": {"key": {"base64": "AAECAw=="}}},
       {"vector": "canonical-json/e-free", "outputs": {"json": "{\\"scaleValue\\":3,\\"writtenText\\":\\"hé \\\\\\"q\\\\\\"\\"}"}},
       {"vector": "kdf-params/x", "error": "parameters"}]}
    """

    func temp(_ name: String, _ text: String) -> (dir: String, path: String) {
        let dir = temporaryFolder()
        write(text, to: dir + "/" + name)
        return (dir, dir + "/" + name)
    }

    func lines(_ path: String) throws -> [String] {
        try String(contentsOfFile: path, encoding: .utf8).components(separatedBy: "\n")
    }

    // MARK: Export

    @Test func exportGivesHexAndBase64AndMarksPlaceholders() throws {
        let vectors = try VectorLoader().load(.bytes(Array(Self.yamlFixture.utf8), file: "f.yaml")).vectorsOrFirstError()
        let doc = try JSON.parse(Export.document(vectors).serialized())
        #expect(doc["format"]?.stringValue == "concord-export/1")
        let items = try #require(doc["vectors"]?.arrayValue)
        #expect(items.count == 3)
        let block = items[0]
        #expect(block["name"]?.stringValue == "argon2id/block")
        #expect(block["result"]?.stringValue == "valid")
        #expect(block["line"]?.intValue == 9)
        #expect(block["comment"]?.stringValue == "ünïcödé comment")
        #expect(block["input"]?["salt"]?["hex"]?.stringValue == "000102030405060708090a0b0c0d0e0f")
        #expect(block["input"]?["salt"]?["base64"]?.stringValue == "AAECAwQFBgcICQoLDA0ODw==")
        #expect(block["input"]?["password"]?["base64"]?.stringValue == "Z2xvdyByaXZlcg==")
        #expect(block["input"]?["params"]?.stringValue == "argon2id;v=19;m=64;t=1;p=1", "defaults are merged")
        #expect(block["expect"]?["key"]?["placeholder"] != nil)
        #expect(items[2]["expect"]?["key"]?["hex"]?.stringValue == "00")
        #expect(items[2]["expect"]?["key"]?["base64"]?.stringValue == "AA==")
    }

    @Test func exportOfErrorsAndAnswers() throws {
        let vectors = try VectorLoader().load(.bytes(Array(Self.jsonFixture.utf8), file: "f.json")).vectorsOrFirstError()
        let v = Export.vector(vectors[0])
        #expect(v["input"]?["answer"]?["scaleValue"]?.intValue == 3)
        #expect(v["input"]?["answer"]?["selectedOptionIds"]?.arrayValue?.count == 2)
        let invalid = try VectorLoader().load(.bytes(Array("""
        format: concord-vectors/1
        suite: kdf-params
        title: t
        source: s
        vectors:
          - {id: v16, result: invalid, input: {tag: "argon2id;v=16;m=8;t=1;p=1"}, expect: {error: parameters}}
        """.utf8), file: "k.yaml")).vectorsOrFirstError()
        #expect(Export.vector(invalid[0])["expect"]?["error"]?.stringValue == "parameters")
    }

    // MARK: Fill from a captured file

    @Test func fillYAMLFromCapturedChangesOnlyThePlaceholderLines() throws {
        let (dir, path) = temp("v.yaml", Self.yamlFixture)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let before = try lines(path)
        let captured = try Fill.Captured.parse(Self.capturedJSON, file: "c.json")
        let read = try Fill.read(path)
        #expect(read.placeholders.map(\.vector) == ["argon2id/block", "argon2id/flow"])
        let plan = Fill.plan(file: path, bytes: read.bytes, placeholders: read.placeholders, decide: captured.decide)
        #expect(plan.refused.isEmpty)
        try Fill.commit(plan)
        let after = try lines(path)
        #expect(after.count == before.count)
        let changed = before.indices.filter { before[$0] != after[$0] }
        #expect(changed == [14, 15])
        #expect(after[14] == "      key: {hex: \"00112233445566778899aabbccddeeff00112233445566778899aabbccddeeff\"}     # filled by concord fill")
        #expect(after[15] == "  - {id: flow, input: {password: {utf8: \"ünï ☃\"}, salt: {base64: \"AAECAwQFBgcICQoLDA0ODw==\"}}, expect: {key: {hex: \"00010203\"}}}")
        let vectors = try VectorLoader().load(.paths([path])).vectorsOrFirstError()
        #expect(!vectors.contains { $0.hasPlaceholder })
        guard case .outputs(let f) = vectors[1].expect else { Issue.record("no outputs"); return }
        #expect(f[0].expected == .value(.bytes([0, 1, 2, 3])))
    }

    @Test func fillJSONFromCapturedEscapesText() throws {
        let (dir, path) = temp("v.json", Self.jsonFixture)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let before = try lines(path)
        let captured = try Fill.Captured.parse(Self.capturedJSON, file: "c.json")
        let read = try Fill.read(path)
        let plan = Fill.plan(file: path, bytes: read.bytes, placeholders: read.placeholders, decide: captured.decide)
        #expect(plan.filled.count == 1 && plan.refused.isEmpty)
        try Fill.commit(plan)
        let after = try lines(path)
        #expect(before.indices.filter { before[$0] != after[$0] } == [7])
        #expect(after[7] == #"     "comment": "ünï ☃", "expect": {"json": "{\"scaleValue\":3,\"writtenText\":\"hé \\\"q\\\"\"}"}},"#)
        let vectors = try VectorLoader().load(.paths([path])).vectorsOrFirstError()
        #expect(!vectors.contains { $0.hasPlaceholder })
        guard case .outputs(let f) = vectors[0].expect else { Issue.record("no outputs"); return }
        #expect(f[0].expected == .value(.text(#"{"scaleValue":3,"writtenText":"hé \"q\""}"#)))
    }

    @Test func capturedRefusalsAndWrongTypesStayPlaceholders() throws {
        let captured = try Fill.Captured.parse(#"""
        {"format": "concord-outputs/1", "implementation": {"name": "ios"},
         "results": [{"vector": "argon2id/block", "error": "authentication"},
                     {"vector": "argon2id/flow", "outputs": {"key": "not bytes"}}]}
        """#, file: "c.json")
        let read = try Fill.read(temp("v.yaml", Self.yamlFixture).path)
        let plan = Fill.plan(file: "v.yaml", bytes: read.bytes, placeholders: read.placeholders, decide: captured.decide)
        #expect(plan.filled.isEmpty && !plan.changed)
        #expect(plan.refused.map(\.reason) == ["captured:ios refused it (authentication: refused, without a message)",
                                               "captured:ios gave text (\"not bytes\") where key needs bytes ({hex|base64|base64url|utf8: …})"])
        #expect(throws: Fill.Failure.self) { try Fill.Captured.parse(#"{"format": "concord-report/1"}"#, file: "r.json") }
    }

    @Test func refusesWhenTheFileChangedSinceItWasRead() throws {
        let (dir, path) = temp("v.yaml", Self.yamlFixture)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let captured = try Fill.Captured.parse(Self.capturedJSON, file: "c.json")
        let read = try Fill.read(path)
        let plan = Fill.plan(file: path, bytes: read.bytes, placeholders: read.placeholders, decide: captured.decide)
        let edited = Self.yamlFixture.replacingOccurrences(of: "fill fixture", with: "edited meanwhile")
        write(edited, to: path)
        #expect(throws: Fill.Failure.self) { try Fill.commit(plan) }
        #expect(try String(contentsOfFile: path, encoding: .utf8) == edited)
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir) == ["v.yaml"], "no temporary file is left")
    }

    @Test func dryRunDiffShowsOnlyPlaceholderLinesAndWritesNothing() throws {
        let (dir, path) = temp("v.yaml", Self.yamlFixture)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let captured = try Fill.Captured.parse(Self.capturedJSON, file: "c.json")
        let read = try Fill.read(path)
        let plan = Fill.plan(file: path, bytes: read.bytes, placeholders: read.placeholders, decide: captured.decide)
        let diff = Fill.unifiedDiff(plan.original, plan.updated, path: "v.yaml")
        #expect(diff.hasPrefix("--- a/v.yaml\n+++ b/v.yaml\n@@ -12,8 +12,8 @@\n"))
        #expect(diff.contains("\n-      key: TODO_ANDROID_RUN     # filled by concord fill\n-  - {id: flow,"))
        #expect(diff.contains("\n+      key: {hex: \"0011"))
        #expect(diff.split(separator: "\n").filter { $0.hasPrefix("-") || $0.hasPrefix("+") }.count == 6)
        #expect(try String(contentsOfFile: path, encoding: .utf8) == Self.yamlFixture)
        #expect(Fill.unifiedDiff(plan.original, plan.original, path: "v.yaml") == "")
    }

    @Test func diffHunksAreSeparatedAndMerged() {
        let old = (1...20).map { "line \($0)" }.joined(separator: "\n") + "\n"
        var newLines = (1...20).map { "line \($0)" }
        newLines[1] = "two"; newLines[4] = "five"; newLines[17] = "eighteen"
        let diff = Fill.unifiedDiff(Array(old.utf8), Array((newLines.joined(separator: "\n") + "\n").utf8), path: "f")
        #expect(diff.components(separatedBy: "\n").filter { $0.hasPrefix("@@") } == ["@@ -1,8 +1,8 @@", "@@ -15,6 +15,6 @@"])
    }

    // MARK: What fill writes reads back (issue 12 item 2)

    static let textFixture = """
    format: concord-vectors/1
    suite: closer.canonical-json
    title: t
    source: s
    vectors:
      - id: x
        input: {answer: {scaleValue: null, selectedOptionIds: [], writtenText: null}}
        expect: {json: TODO_ANDROID_RUN}

    """

    /// Written raw inside YAML double quotes, NEL, DEL, U+FFFF, U+2028 and the like were read back
    /// as other text (a line break folded to a space) or made libyaml refuse the file.
    @Test func textYAMLWouldNotReadBackVerbatimIsEscaped() throws {
        let text = "a\u{85}b\u{7F}c\u{FFFF}d\u{2028}e\u{2029}f\u{202E}g\u{FEFF}h\u{1}i\u{9F}j\t\"\\ é😀\r\n end "
        let (dir, path) = temp("v.yaml", Self.textFixture)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let read = try Fill.read(path)
        let plan = Fill.plan(file: path, bytes: read.bytes, placeholders: read.placeholders) { _ in .fill(.text(text), source: "test") }
        #expect(plan.filled.count == 1)
        try Fill.verify(plan)
        try Fill.commit(plan)
        let line = try lines(path)[7]
        // The one spelling of the format (VectorFileWriter, the generators' too): `\uXXXX`, lowercase.
        #expect(line == #"    expect: {json: "a\u0085b\u007fc\uffffd\u2028e\u2029f\u202eg\ufeffh\u0001i\u009fj\t\"\\ é😀\r\n end "}"#, "\(line)")
        let vectors = try VectorLoader().load(.paths([path])).vectorsOrFirstError()
        guard case .outputs(let f) = vectors[0].expect, case .value(.text(let back)) = f[0].expected else {
            Issue.record("no text read back"); return
        }
        #expect(Array(back.unicodeScalars) == Array(text.unicodeScalars))
    }

    /// The check after building the new bytes: a value that would read back as something else (here
    /// the old rendering, NEL raw inside double quotes, read as a folded space) stops the write.
    @Test func aValueThatWouldNotReadBackWritesNothing() throws {
        let (dir, path) = temp("v.yaml", Self.textFixture)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let read = try Fill.read(path)
        var plan = Fill.plan(file: path, bytes: read.bytes, placeholders: read.placeholders) { _ in .fill(.text("a\u{85}b"), source: "test") }
        try Fill.verify(plan)
        plan.updated = Array(Self.textFixture.replacingOccurrences(of: "TODO_ANDROID_RUN", with: "\"a\u{85}b\"").utf8)
        #expect(throws: Fill.Failure.self) { try Fill.verify(plan) }
        plan.updated = Array(Self.textFixture.replacingOccurrences(of: "TODO_ANDROID_RUN", with: "\"a\u{2028}b").utf8)
        #expect(throws: Fill.Failure.self) { try Fill.verify(plan) }
        // Canonically equivalent is not equal: é precomposed read back where e + U+0301 was filled.
        plan = Fill.plan(file: path, bytes: read.bytes, placeholders: read.placeholders) { _ in .fill(.text("e\u{301}"), source: "test") }
        plan.updated = Array(Self.textFixture.replacingOccurrences(of: "TODO_ANDROID_RUN", with: "\"\u{E9}\"").utf8)
        #expect(throws: Fill.Failure.self) { try Fill.verify(plan) }
        #expect(FileManager.default.contents(atPath: path) == Data(Self.textFixture.utf8))
    }

    /// A file with lone CR line ends was refused ("does not hold TODO_ANDROID_RUN at 14:12 as
    /// written"): libyaml counts CR as a line break, the placeholder search did not.
    @Test func loneCRAndCRLFFilesFillLikeTheOthers() throws {
        for ending in ["\r", "\r\n"] {
            let text = Self.yamlFixture.replacingOccurrences(of: "\n", with: ending)
            let (dir, path) = temp("v.yaml", text)
            defer { try? FileManager.default.removeItem(atPath: dir) }
            let captured = try Fill.Captured.parse(Self.capturedJSON, file: "c.json")
            let read = try Fill.read(path)
            let plan = Fill.plan(file: path, bytes: read.bytes, placeholders: read.placeholders, decide: captured.decide)
            #expect(plan.refused.isEmpty && plan.filled.count == 2, "\(plan.refused.map(\.reason))")
            try Fill.verify(plan)
            try Fill.commit(plan)
            let vectors = try VectorLoader().load(.paths([path])).vectorsOrFirstError()
            #expect(vectors.count == 3 && !vectors.contains { $0.hasPlaceholder })
            let after = try #require(FileManager.default.contents(atPath: path))
            #expect(after.filter { $0 == 10 }.count == (ending == "\r" ? 0 : text.utf8.filter { $0 == 10 }.count))
        }
    }

    @Test func columnsCountCharactersNotBytes() {
        let b = Array("ab\nü☃x\n".utf8)
        #expect(Fill.byteOffset(line: 2, column: 3, in: b) == 8)
        #expect(Fill.byteOffset(line: 1, column: 1, in: b) == 0)
        #expect(Fill.byteOffset(line: 4, column: 1, in: b) == nil)
    }

    // MARK: Live fill

    static let liveFixture = """
    format: concord-vectors/1
    suite: argon2id
    title: live
    source: libsodium and libargon2 agreed
    vectors:
      - id: small
        input: {password: {utf8: "pw"}, salt: {hex: "000102030405060708090a0b0c0d0e0f"}, params: "argon2id;v=19;m=64;t=1;p=1"}
        expect: {key: TODO_ANDROID_RUN}

    """

    @Test func liveFillWhenTwoImplementationsAgree() throws {
        let (dir, path) = temp("live.yaml", Self.liveFixture)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let settings = Catalog.Settings(home: repositoryRoot)
        let impls = ["libsodium", "libargon2"].compactMap { Catalog.make($0, settings: settings) }
        let read = try Fill.read(path)
        let answers = Fill.live(read.vectors, implementations: impls)
        let provenance = Fill.provenances(impls, suites: ["argon2id"])["argon2id"] ?? [:]
        let plan = Fill.plan(file: path, bytes: read.bytes, placeholders: read.placeholders) {
            Fill.agree($0, answers: answers[$0.vector] ?? [], require: [], provenance: provenance)
        }
        #expect(plan.refused.isEmpty)
        #expect(plan.filled.first?.source.hasPrefix("libsodium, libargon2; witnesses not written by Concord: libsodium (library: libsodium crypto_pwhash") == true,
                "\(plan.filled)")
        try Fill.commit(plan)
        // The filled file now passes on both implementations.
        let vectors = try VectorLoader().load(.paths([path])).vectorsOrFirstError()
        #expect(!vectors[0].hasPlaceholder)
        let run = Runner(implementations: impls).run(vectors)
        #expect(run.results[0].status == .pass)
        // --require jvm: jvm was not among them.
        let required = Fill.agree(read.placeholders[0], answers: answers["argon2id/small"] ?? [], require: ["jvm"], provenance: provenance)
        guard case .refuse(let why) = required else { Issue.record("expected a refusal"); return }
        #expect(why.contains("jvm: not run"))
    }

    @Test func disagreementIsRefusedAndShowsWhoComputedWhat() {
        let p = Fill.Placeholder(vector: "argon2id/x", field: "key", type: .bytes, line: 1, column: 1)
        let d = Fill.agree(p, answers: [("libsodium", .outputs(["key": .bytes([1])])), ("libargon2", .outputs(["key": .bytes([2])])),
                                        ("jvm", .unsupported("off"))], require: [], provenance: ["libsodium": .library("s"), "libargon2": .library("a")])
        #expect(d == .refuse("the implementations disagree:\n    libsodium (library: s) computed {hex: \"01\"}\n    libargon2 (library: a) computed {hex: \"02\"}\n    jvm: unsupported (off)"))
        let one = Fill.agree(p, answers: [("libsodium", .outputs(["key": .bytes([1])]))], require: [], provenance: ["libsodium": .library("s")])
        guard case .refuse(let why) = one else { Issue.record("expected a refusal"); return }
        #expect(why.hasPrefix("only libsodium computed it; at least two independent implementations must agree"))
    }

    // MARK: Captured values checked live (issue 12 item 3)

    /// A captured value every live implementation contradicted was written without a word. Now
    /// each is run on the live implementations with the value in place of its placeholder: a
    /// contradiction refuses it, showing both values and the runner's explanation; several
    /// captured files must agree (a file without a result for the vector is left out).
    @Test func capturedValuesAreCheckedAgainstTheLiveImplementations() throws {
        let text = try String(contentsOfFile: fixture("hostile/base/fixture.yaml"), encoding: .utf8)
        let (dir, path) = temp("v.yaml", text)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        // libargon2's key for the hostile base vector (scripts/generate/hostile_corpus.py), and one byte off.
        let good = "9c493022877348e034719bce110c99301e5d4d16acacc6a829000ff2044b1b0c"
        let bad = String(good.dropLast(2)) + "00"
        func captured(_ name: String, _ hex: String?) throws -> Fill.Captured {
            let results = hex.map { #"[{"vector": "argon2id/basic", "outputs": {"key": {"hex": "\#($0)"}}}]"# } ?? "[]"
            return try Fill.Captured.parse(#"{"format": "concord-outputs/1", "implementation": {"name": "\#(name)"}, "results": \#(results)}"#,
                                           file: name + ".json")
        }
        let settings = Catalog.Settings(home: repositoryRoot)
        let impls = ["libsodium", "libargon2"].compactMap { Catalog.make($0, settings: settings) }
        let read = try Fill.read(path)
        let p = try #require(read.placeholders.first)
        let input = try #require(read.vectors.first { $0.name == p.vector }).input
        func checked(_ sources: [Fill.Captured]) -> Fill.Decision {
            let disagreeing = Set(read.placeholders.filter { !Fill.disagreement(captured: sources, $0).isEmpty }.map(\.vector))
            let check = Fill.liveCheck(read.vectors, placeholders: read.placeholders, captured: { Fill.agree(captured: sources, $0, context: input) },
                                       disagreeing: disagreeing, implementations: impls)
            return check.decide(p, captured: Fill.agree(captured: sources, p, context: input), disagreeing: Fill.disagreement(captured: sources, p))
        }
        let goodKey = Value.bytes(try Hex.decode(good))
        #expect(checked([try captured("a", good)]) == .fill(goodKey, source: "captured:a, confirmed by libsodium, libargon2"))
        guard case .refuse(let why) = checked([try captured("a", bad)]) else { Issue.record("a contradicted value was accepted"); return }
        #expect(why.hasPrefix("the live implementations contradict the captured value:\n    captured:a gave {hex: \"\(bad)\"}\n"), "\(why)")
        #expect(why.contains("    libsodium computed {hex: \"\(good)\"}: "), "\(why)")
        #expect(why.contains("    libargon2 computed {hex: \"\(good)\"}: "), "\(why)")
        #expect(why.contains(Explanations.noKnownCause) && why.hasSuffix("(--trust-captured writes the captured value anyway)"), "\(why)")
        // Several captured files.
        #expect(checked([try captured("a", good), try captured("b", good)]) == .fill(goodKey, source: "captured:a, captured:b, confirmed by libsodium, libargon2"))
        #expect(checked([try captured("a", good), try captured("b", nil)]) == .fill(goodKey, source: "captured:a, confirmed by libsodium, libargon2"))
        guard case .refuse(let apart) = checked([try captured("a", good), try captured("b", bad)]) else { Issue.record("disagreeing files were accepted"); return }
        // The rules run between the two captures, named by their files, and the live implementations
        // say which side they computed (issue 28 item 4).
        #expect(apart.hasPrefix("the captured files disagree:\n    captured:a gave {hex: \"\(good)\"}\n    captured:b gave {hex: \"\(bad)\"}\n    captured:a against captured:b: "), "\(apart)")
        #expect(apart.hasSuffix("\n    libsodium, libargon2 computed captured:a's value\n    no live implementation computed captured:b's value"), "\(apart)")
        #expect(!apart.contains("expected") && !apart.contains("actual"), "\(apart)")
        let swapped = checked([try captured("a", bad), try captured("b", good)])
        guard case .refuse(let other) = swapped else { Issue.record("disagreeing files were accepted"); return }
        #expect(other.hasSuffix("\n    no live implementation computed captured:a's value\n    libsodium, libargon2 computed captured:b's value"), "\(other)")
        // No live implementation of the suite: the captured value stands, and the source says so.
        let alone = Fill.liveCheck(read.vectors, placeholders: read.placeholders, captured: { _ in .fill(goodKey, source: "captured:a") },
                                   implementations: [])
        #expect(alone.decide(p, captured: .fill(goodKey, source: "captured:a")) == .fill(goodKey, source: "captured:a; no live implementation computed it"))
    }

    /// Two captured files that disagree are compared with the run's rules, each side named by its
    /// file (issue 28 item 4): one wrote URL-safe base64 where the other wrote standard base64.
    @Test func disagreeingCapturesAreExplainedByName() throws {
        let p = Fill.Placeholder(vector: "closer.field/x", field: "wire", type: .text, line: 3, column: 9)
        func captured(_ name: String, _ wire: String) throws -> Fill.Captured {
            try Fill.Captured.parse(#"{"format": "concord-outputs/1", "implementation": {"name": "\#(name)"}, "results": [{"vector": "closer.field/x", "outputs": {"wire": "\#(wire)"}}]}"#,
                                    file: name + ".json")
        }
        let blob: [UInt8] = [0xfb, 0xff, 0xfe] + [UInt8](repeating: 7, count: 40)
        let ios = "enc:v1:" + Base64.encode(blob, .standard), android = "enc:v1:" + Base64.encode(blob, .url)
        guard case .refuse(let why) = Fill.agree(captured: [try captured("ios", ios), try captured("android", android)], p) else {
            Issue.record("disagreeing captures were accepted"); return
        }
        let last = try #require(why.split(separator: "\n").last.map(String.init))
        #expect(last.hasPrefix("    captured:ios against captured:android: "), "\(why)")
        #expect(last.contains("captured:ios") && last.contains("captured:android") && !last.contains("expected") && !last.contains("actual"), "\(last)")
        #expect(!last.contains(Explanations.noKnownCause), "\(last)")
    }
}
