import ConcordFormats
import ConcordImplementations
@testable import ConcordJudging
import ConcordLoading
import ConcordPacks
import ConcordReport
import ConcordReportFormat
import Foundation
import Testing
import ConcordTestSupport

/// Issue 28 item 5: a report points at the expect entry that differs (not the `- id:` line), a
/// fixture-map entry at its value in the fixture, and a wire string's first differing byte is
/// named in its decoded blob (docs/reports.md "Locations").
@Suite struct LocationTests {
    static let wire = "enc:v1:9DCu24rG2mDPj5UlBAo4Z60btxy1u6DgZGwCjdSmFUe/GvdSt961iNwBlsoqpKGNJFa2LjYQXQ=="

    /// The expect entry `wire:` is on line 15, the vector's `- id:` on line 6.
    static let file = """
        format: concord-vectors/1
        suite: closer.field
        title: locations
        source: written for this test
        vectors:
          - id: encrypt-text
            op: encrypt
            comment: "the expect entry is nine lines below the id"
            input:
              coupleKey: {hex: "712a3c7351341f2f432cf850676c4ce7a57a5bd1cba9eb37bab747a94750d78e"}
              coupleId: "cpl_7Hq2xK9mVw"
              plaintext: {utf8: "Pizza night at Luigi's 🍕"}
              nonce: {hex: "f430aedb8ac6da60cf8f9525"}
            expect:
              wire: "\(wire)"
        """

    static func blob(_ wire: String, _ change: (inout [UInt8]) -> Void) throws -> String {
        var b = try Wire.decode(wire, prefix: Wire.field, .standard)
        change(&b)
        return Wire.field + Base64.encode(b, .standard)
    }

    static func run(_ v: Vector, _ actual: Value, field: String = "wire", others: [String: Value] = [:]) -> RunResult {
        let i = Judge.implementation("swift", .outputs(others.merging([field: actual]) { $1 }), for: v, seconds: 0)
        let r = Judge.vector(v, [i])
        return RunResult(implementations: [ImplementationInfo(name: "swift", version: "1", startFailure: nil, processStarts: 0)],
                         results: [r], summary: RunSummary([r]), wallSeconds: 0, workers: 1)
    }

    @Test func aMismatchPointsAtItsExpectEntryInEveryReport() throws {
        let v = try #require(try VectorLoader().load(.bytes(Array(Self.file.utf8), file: "v/loc.yaml")).vectorsOrFirstError().first)
        #expect(v.line == 6)
        #expect(v.expectPlaces == [FieldPlace(field: "wire", line: 15, column: 7)])
        let wrong = try Self.blob(Self.wire) { $0[$0.count - 1] ^= 1 }
        let run = Self.run(v, .text(wrong))
        let m = try #require(run.results[0].implementations[0].mismatches.first)
        #expect(m.line == 15 && m.column == 7)

        let annotation = try #require(GitHubAnnotations.render(run).first)
        #expect(annotation.hasPrefix("::error file=v/loc.yaml,line=15,col=7,title="), "\(annotation)")
        let junit = JUnitReport.render(run)
        #expect(junit.contains("file=\"v/loc.yaml\" line=\"15\""), "\(junit)")
        #expect(!junit.contains("line=\"6\""), "\(junit)")
        let terminal = TerminalSummary.render(run, verbose: false)
        #expect(terminal.contains("FAIL    closer.field/encrypt-text  (v/loc.yaml:15)"), "\(terminal)")
        let html = HTMLReport.render(run)
        #expect(html.contains("<span class=\"where\">v/loc.yaml:15</span>"), "\(html.prefix(200))")
        #expect(MarkdownReport.render(run).contains("v/loc.yaml:15"))
        // The JSON report keeps the vector's line and adds the entry's; read back, it points the same.
        let json = JSONReport.make(run, concordVersion: "test")
        let mj = try #require(json["results"]?.arrayValue?.first?["implementations"]?["swift"]?["mismatch"]?.arrayValue?.first)
        #expect(json["results"]?.arrayValue?.first?["line"]?.intValue == 6)
        #expect(mj["line"]?.intValue == 15 && mj["column"]?.intValue == 7)
        let back = try RunResult(report: json, name: "report")
        #expect(GitHubAnnotations.render(back).first?.hasPrefix("::error file=v/loc.yaml,line=15,col=7,") == true)
    }

    /// A refusal where outputs were expected is the vector's (no entry differs); a stated error class
    /// that differs is at its `error:` entry.
    @Test func anOutcomeMismatchPointsAtTheVectorOrTheErrorEntry() throws {
        let v = try #require(try VectorLoader().load(.bytes(Array(Self.file.utf8), file: "v/loc.yaml")).vectorsOrFirstError().first)
        let refused = Judge.implementation("swift", .refused(ContractError(.format, "no")), for: v, seconds: 0)
        #expect(refused.mismatches.first?.field == "result" && refused.mismatches.first?.line == nil)
        #expect(Judge.vector(v, [refused]).place.line == 6)
        let invalid = Self.file.replacingOccurrences(of: "    op: encrypt\n", with: "    op: encrypt\n    result: invalid\n")
            .replacingOccurrences(of: "      wire: \"\(Self.wire)\"", with: "\n      error: authentication")
        let w = try #require(try VectorLoader().load(.bytes(Array(invalid.utf8), file: "v/loc.yaml")).vectorsOrFirstError().first)
        #expect(w.expectPlaces == [FieldPlace(field: "error", line: 17, column: 7)])
        let other = Judge.implementation("swift", .refused(ContractError(.format, "no")), for: w, seconds: 0)
        #expect(other.mismatches.first?.field == "error" && other.mismatches.first?.line == 17)
    }

    @Test func placesPackOrAreKeptWholeAndFollowTheVector() throws {
        let names = ["a", "b", "c"]
        func vector(_ places: [(Int, Int)], line: Int = 10, column: Int = 5) -> Vector {
            var v = Vector(suite: "aes-gcm", id: "x", file: "f", line: line, column: column, comment: nil, flags: [], op: nil,
                           result: .valid, input: [:], expect: .outputs(names.map { ($0, .value(.bytes([1]))) }), inputOrder: [])
            v.expectPlaces = zip(names, places).map { FieldPlace(field: $0, line: $1.0, column: $1.1) }
            return v
        }
        let layouts: [[(Int, Int)]] = [
            [(14, 7), (15, 7), (17, 7)],               // block, one entry a line (a value over two lines)
            [(10, 400), (10, 700), (10, 1500)],        // one line of JSON
            [(10_000_000, 3), (10_000_001, 9), (12, 1)], // fits no packing: kept whole
            [(14, 7), (15, 9), (16, 7)],               // a flow mapping over lines: kept whole
        ]
        for places in layouts {
            let v = vector(places)
            #expect(v.expectPlaces.map { [$0.line, $0.column] } == places.map { [$0.0, $0.1] }, "\(places)")
            #expect(v.place(of: "b") == (places[1].0, places[1].1))
            // Moving the vector keeps its entries where they are; a comment does too.
            var moved = v
            moved.line = 3
            moved.comment = "c"
            #expect(moved.expectPlaces == v.expectPlaces, "\(places)")
            moved.line = 10_000_005
            #expect(moved.expectPlaces == v.expectPlaces, "\(places)")
        }
        #expect(vector([]).place(of: "a") == (10, 5))
        #expect(vector(layouts[0]).expectPlacesArePacked && vector(layouts[1]).expectPlacesArePacked)
        #expect(!vector(layouts[2]).expectPlacesArePacked && !vector(layouts[3]).expectPlacesArePacked)
        // Places for fields the expectation does not have (or not in its order) keep only the leading ones that match.
        var v = vector([(11, 3), (12, 3), (13, 3)])
        v.expectPlaces = [FieldPlace(field: "a", line: 11, column: 3), FieldPlace(field: "c", line: 13, column: 3)]
        #expect(v.expectPlaces == [FieldPlace(field: "a", line: 11, column: 3)])
        #expect(v.place(of: "c") == (10, 5))
    }

    /// The published files, and the one-line JSON files MemoryPerVectorTests runs: packed, no box.
    @Test func theShippedLayoutsPack() throws {
        let loaded = VectorLoader().load(.paths([repositoryRoot + "/vectors"]))
        let valid = loaded.vectors.filter { !$0.expectPlaces.isEmpty }
        #expect(valid.count > 100)
        let boxed = valid.filter { !$0.expectPlacesArePacked }.map(\.name)
        #expect(boxed.isEmpty, "\(boxed.prefix(10))")
        let gcm = loaded.vectors.filter { $0.suite == "aes-gcm" && $0.expectedOutputs != nil && $0.file.hasSuffix("gcm-spec.yaml") }
        #expect(gcm.count >= 10)
        var text = #"{"format":"concord-vectors/1","suite":"aes-gcm","title":"t","source":"s","vectors":["#
        for (k, v) in gcm.enumerated() {
            let expect = v.expectedOutputs!.keys.sorted().map { #""\#($0)":{"hex":"\#(Hex.encode(v.expectedOutputs![$0]!.bytes!))"}"# }
            let input = v.input.map { #""\#($0.key)":{"hex":"\#(Hex.encode($0.value.bytes ?? []))"}"# }
            text += (k > 0 ? "," : "") + #"{"id":"v\#(k)",\#(v.op.map { #""op":"\#($0)","# } ?? "")"input":{\#(input.joined(separator: ","))},"expect":{\#(expect.joined(separator: ","))}}"#
        }
        text += "]}"
        let one = try VectorLoader().load(.bytes(Array(text.utf8), file: "one.json")).vectorsOrFirstError()
        #expect(one.count == gcm.count && one.allSatisfy { $0.expectPlacesArePacked && $0.expectPlaces.count == $0.expectedOutputs?.count })
    }

    @Test func aFixtureMapEntryPointsAtItsValueInTheFixture() throws {
        let folder = repositoryRoot + "/examples/closer-fixtures"
        let loaded = VectorLoader().load(.paths([folder + "/sealed_answer_canonical_fixtures.concord.yaml"]))
        let v = try #require(loaded.vectors.first { $0.name == "closer.commitment/typical-answer" })
        #expect(v.file.hasSuffix("sealed_answer_canonical_fixtures.json"))
        #expect(v.line == 11)
        #expect(v.expectPlaces.map(\.field) == ["canonicalJson", "commitmentHash"])
        #expect(v.expectPlaces.map(\.line) == [11, 12])
        #expect(v.expectPlaces.map(\.column) == [32, 33])
        let run = Self.run(v, .text("sha256:H_1zJuGINe6mrl6nk7-EOCbR9T5TJprVL8JVv0kHcEX"), field: "commitmentHash",
                           others: ["canonicalJson": try #require(v.expectedOutputs?["canonicalJson"])])
        let junit = JUnitReport.render(run)
        #expect(junit.contains("sealed_answer_canonical_fixtures.json\" line=\"12\""), "\(junit)")
        #expect(GitHubAnnotations.render(run).first?.contains("sealed_answer_canonical_fixtures.json,line=12,col=33,") == true)
        #expect(TerminalSummary.render(run, verbose: false).contains("sealed_answer_canonical_fixtures.json:12)"))
    }

    // MARK: Wire strings

    @Test func aWireMismatchNamesThePartOfTheBlob() throws {
        let w = Self.wire
        let n = try Wire.decode(w, prefix: Wire.field, .standard).count
        let tag = try Self.blob(w) { $0[n - 3] ^= 0x80 }
        #expect(Wire.difference(expected: w, actual: tag, forms: Packs.wireForms) == Wire.Difference(part: "tag", partOffset: 13, blobOffset: n - 3))
        #expect(Wire.difference(expected: w, actual: tag, forms: Packs.wireForms)?.text == "blob byte \(n - 3): tag, byte 13")
        let nonce = try Self.blob(w) { $0[4] ^= 1 }
        #expect(Wire.difference(expected: w, actual: nonce, forms: Packs.wireForms)?.text == "blob byte 4: nonce, byte 4")
        let ct = try Self.blob(w) { $0[14] ^= 1 }
        #expect(Wire.difference(expected: w, actual: ct, forms: Packs.wireForms)?.text == "blob byte 14: ciphertext, byte 2")
        #expect(Wire.difference(expected: w, actual: "enc:v2:" + w.dropFirst(7), forms: Packs.wireForms)?.text == "prefix, byte 5")
        let longer = try Self.blob(w) { $0.append(0) }
        #expect(Wire.difference(expected: w, actual: longer, forms: Packs.wireForms)?.part == "past the end")
        #expect(Wire.difference(expected: w, actual: "enc:v1:%%%", forms: Packs.wireForms) == nil)
        #expect(Wire.difference(expected: "plain text", actual: "plain texz", forms: Packs.wireForms) == nil)
        // A keybox: the Tink prefix, the ephemeral point, the nonce, the ciphertext, the tag (CONTRACT.md §10).
        let box = [UInt8](repeating: 7, count: 5 + 65 + 12 + 32 + 16)
        func keybox(_ k: Int) -> String { var b = box; b[k] ^= 1; return Wire.keybox + Base64.encode(b, .url) }
        let e = Wire.keybox + Base64.encode(box, .url)
        #expect(Wire.difference(expected: e, actual: keybox(2), forms: Packs.wireForms)?.text == "blob byte 2: prefix, byte 2")
        #expect(Wire.difference(expected: e, actual: keybox(6), forms: Packs.wireForms)?.text == "blob byte 6: ephemeral key, byte 1")
        #expect(Wire.difference(expected: e, actual: keybox(71), forms: Packs.wireForms)?.text == "blob byte 71: nonce, byte 1")
        #expect(Wire.difference(expected: e, actual: keybox(82), forms: Packs.wireForms)?.text == "blob byte 82: ciphertext, byte 0")
        #expect(Wire.difference(expected: e, actual: keybox(129), forms: Packs.wireForms)?.text == "blob byte 129: tag, byte 15")
        let sealed = Wire.sealed + Base64.encode(Array(box.prefix(40)), .url)
        var s = Array(box.prefix(40)); s[11] ^= 1
        #expect(Wire.difference(expected: sealed, actual: Wire.sealed + Base64.encode(s, .url), forms: Packs.wireForms)?.text == "blob byte 11: nonce, byte 11")
    }

    @Test func theReportsShowTheBlobOffset() throws {
        let v = try #require(try VectorLoader().load(.bytes(Array(Self.file.utf8), file: "v/loc.yaml")).vectorsOrFirstError().first)
        let n = try Wire.decode(Self.wire, prefix: Wire.field, .standard).count
        let run = Self.run(v, .text(try Self.blob(Self.wire) { $0[n - 1] ^= 1 }))
        let m = try #require(run.results[0].implementations[0].mismatches.first)
        #expect(m.wire == Wire.Difference(part: "tag", partOffset: 15, blobOffset: n - 1))
        let text = "(blob byte \(n - 1): tag, byte 15)"
        #expect(TerminalSummary.render(run, verbose: false).contains("swift: wire differs at byte \(m.offset!) \(text)"))
        #expect(MarkdownReport.render(run).contains(text))
        #expect(HTMLReport.render(run).contains(text))
        #expect(JUnitReport.render(run).contains(text))
        let json = JSONReport.make(run, concordVersion: "test")
        let mj = try #require(json["results"]?.arrayValue?.first?["implementations"]?["swift"]?["mismatch"]?.arrayValue?.first)
        #expect(mj["wire"]?["part"]?.stringValue == "tag" && mj["wire"]?["partOffset"]?.intValue == 15
                && mj["wire"]?["blobOffset"]?.intValue == Int64(n - 1))
        let back = try RunResult(report: json, name: "report")
        #expect(back.results.first?.implementations.first?.mismatches.first?.wire == m.wire)
    }

    /// `concord diff` names the part too, in A's layout.
    @Test func aDiffOfTwoWireStringsNamesThePart() throws {
        func side(_ wire: String, _ file: String) throws -> Diff.Side {
            try Diff.read(text: #"{"format": "concord-outputs/1", "results": [{"vector": "closer.field/encrypt-text", "outputs": {"wire": "\#(wire)"}}]}"#,
                          file: file)
        }
        let n = try Wire.decode(Self.wire, prefix: Wire.field, .standard).count
        let r = Diff.compare(try side(Self.wire, "a.json"), try side(try Self.blob(Self.wire) { $0[n - 16] ^= 1 }, "b.json"))
        #expect(Diff.renderText(r).contains("(blob byte \(n - 16): tag, byte 0)"), "\(Diff.renderText(r))")
        let f = Diff.json(r)["vectors"]?.arrayValue?.first?["fields"]?.arrayValue?.first
        #expect(f?["wire"]?["part"]?.stringValue == "tag" && f?["wire"]?["partOffset"]?.intValue == 0)
    }
}
