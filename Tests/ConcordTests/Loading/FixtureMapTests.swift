import ConcordFormats
import ConcordImplementations
import ConcordJudging
import ConcordLoading
import ConcordWorkflows
import ConcordYAML
import Foundation
import Testing
import ConcordTestSupport

/// Fixture maps (docs/fixture-maps.md) on the shipped Closer example: `run` reads the foreign fixture's
/// entries as vectors; `fill` changes only the placeholders' characters, in the fixture's own encoding.
@Suite struct FixtureMapTests {
    static let folder = repositoryRoot + "/examples/closer-fixtures"
    static let sealedMap = folder + "/sealed_answer_canonical_fixtures.concord.yaml"
    static let argonMap = folder + "/argon2id_canonical_fixtures.concord.yaml"

    func copyExample() throws -> String {
        let dir = NSTemporaryDirectory() + "concord-fixture-map-\(UUID().uuidString)"
        try FileManager.default.copyItem(atPath: Self.folder, toPath: dir)
        return dir
    }

    @Test func runReadsTheEntriesAndChecksTheFilledOne() throws {
        let loaded = VectorLoader().load(.paths([Self.sealedMap, Self.argonMap]))
        #expect(loaded.errors.isEmpty, "\(loaded.errors)")
        #expect(Set(loaded.vectors.map(\.name)) == ["closer.commitment/typical-answer", "closer.commitment/empty-options-null-text",
                                                     "argon2id/closer-known-vector"])
        let swift = try #require(Catalog.make("swift", settings: Catalog.Settings(home: repositoryRoot)))
        defer { swift.shutdown() }
        let run = Runner(implementations: [swift]).run(loaded.vectors)
        let typical = try #require(run.results.first { $0.vector.name == "closer.commitment/typical-answer" })
        #expect(typical.implementations.first?.status == .pass)
        let pending = try #require(run.results.first { $0.vector.name == "closer.commitment/empty-options-null-text" })
        #expect(pending.status == .pending)
    }

    @Test func fillEditsOnlyThePlaceholdersInTheFixturesEncoding() throws {
        let dir = try copyExample()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let m = try #require(try FixtureMap.read(dir + "/argon2id_canonical_fixtures.concord.yaml", loader: VectorLoader()))
        #expect(m.fixture.hasSuffix("argon2id_canonical_fixtures.json"))
        let p = try #require(m.placeholders.first)
        #expect(m.placeholders.count == 1 && p.field == "key" && p.line == 7)
        // the key of libargon2 (the reference C code) and argon2-cffi for these inputs
        let key = try Hex.decode("ee9a855ea815904892c506b72a595511f21ecb775fd1802ba8f3786de56ac226")
        let plan = FixtureMap.plan(m) { _ in .fill(.bytes(key), source: "test") }
        let before = String(decoding: plan.original, as: UTF8.self), after = String(decoding: plan.updated, as: UTF8.self)
        #expect(after == before.replacingOccurrences(of: "\"TODO_ANDROID_RUN\"", with: "\"\(Hex.encode(key))\""))
        try Fill.commit(plan)
        let refilled = try #require(try FixtureMap.read(dir + "/argon2id_canonical_fixtures.concord.yaml", loader: VectorLoader()))
        #expect(refilled.placeholders.isEmpty)
        // a text placeholder is written as a JSON string, with its escapes
        let s = try #require(try FixtureMap.read(dir + "/sealed_answer_canonical_fixtures.concord.yaml", loader: VectorLoader()))
        #expect(s.placeholders.map(\.field).sorted() == ["canonicalJson", "commitmentHash"])
        let sp = FixtureMap.plan(s) { p in p.field == "canonicalJson" ? .fill(.text("{\"a\":1}"), source: "t") : .refuse("no agreement") }
        #expect(String(decoding: sp.updated, as: UTF8.self).contains(#""expectedCanonicalJson": "{\"a\":1}","#))
        #expect(sp.refused.count == 1)
    }

    @Test func aPointerThatIsNotThereIsLocatedInTheMap() throws {
        let dir = try copyExample()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let map = dir + "/argon2id_canonical_fixtures.concord.yaml"
        let text = try String(contentsOfFile: map, encoding: .utf8).replacingOccurrences(of: "/kdfParams", with: "/kdfParamz")
        try text.write(toFile: map, atomically: true, encoding: .utf8)
        let loaded = VectorLoader().load(.paths([map]))
        let e = try #require(loaded.errors.first)
        #expect(e.file == map && e.line == 11 && e.message.contains("/kdfParamz"), "\(e)")
    }

    /// Two entries with one id: the error points at the second entry's id and says the first's line in
    /// the map (it said "first at line 1": a line of the one-line text the entries are read through).
    @Test func aDuplicateIdNamesBothEntriesLinesInTheMap() throws {
        let dir = temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        write(#"{"k": "00", "m": "", "t": "00", "n": 1}"#, to: dir + "/f.json")
        let entry = "    suite: hmac-sha256\n    op: compute\n    input: {key: /k, message: /m}\n    expect: {tag: /t}\n"
        write("format: concord-fixture-map/1\nfixture: f.json\nentries:\n  - id: e\n" + entry + "  - id: other\n" + entry
              + "  - id: e\n" + entry, to: dir + "/m.concord.yaml")
        let e = try #require(VectorLoader().load(.paths([dir + "/m.concord.yaml"])).errors.first)
        #expect(e.description == "\(dir)/m.concord.yaml:14:9: entry e (hmac-sha256): duplicate id \"e\" (first at line 4)")
        // The same id in another suite is another vector.
        write("format: concord-fixture-map/1\nfixture: f.json\nentries:\n  - id: e\n" + entry
              + "  - id: e\n    suite: hkdf-sha256\n    input: {ikm: /k, salt: /m, info: /m, size: /n}\n    expect: {okm: /t}\n", to: dir + "/n.concord.yaml")
        let other = VectorLoader().load(.paths([dir + "/n.concord.yaml"]))
        #expect(other.errors.isEmpty && Set(other.vectors.map(\.name)) == ["hmac-sha256/e", "hkdf-sha256/e"], "\(other.errors)")
    }

    /// Two captures fill a fixture only when they agree with each other and with the live implementations.
    @Test func twoCapturesMustAgreeWithEachOtherAndTheLiveImplementations() throws {
        let dir = try copyExample()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let captures = repositoryRoot + "/Tests/Fixtures/capture/"
        let map = dir + "/argon2id_canonical_fixtures.concord.yaml", fixture = dir + "/argon2id_canonical_fixtures.json"
        let original = try String(contentsOfFile: fixture, encoding: .utf8)
        // the two captures disagree: nothing written, both values shown
        let d = try runProcess(concordBinary, ["fill", map, "--from", captures + "android-outputs.json",
                                               "--from", captures + "ios-outputs-disagree.json"], timeout: 300)
        #expect(d.status == 1, "\(d.stdout)\(d.stderr)")
        #expect(d.stdout.contains("ee9a855ea815904892c506b72a595511f21ecb775fd1802ba8f3786de56ac226")
                && d.stdout.contains("ee9a855ea815904892c506b72a595511f21ecb775fd1802ba8f3786de56ac227"), "\(d.stdout)")
        #expect(try String(contentsOfFile: fixture, encoding: .utf8) == original)
        // the two captures agree with each other but not with the live implementations: nothing written
        let wrong = dir + "/wrong.json"
        try String(contentsOfFile: captures + "ios-outputs-disagree.json", encoding: .utf8).write(toFile: wrong, atomically: true, encoding: .utf8)
        let l = try runProcess(concordBinary, ["fill", map, "--from", captures + "ios-outputs-disagree.json", "--from", wrong], timeout: 300)
        #expect(l.status == 1 && l.stdout.contains("live implementations contradict"), "\(l.stdout)\(l.stderr)")
        #expect(try String(contentsOfFile: fixture, encoding: .utf8) == original)
        // both agree with each other and with the live implementations: written, in the fixture's hex
        let ok = try runProcess(concordBinary, ["fill", map, "--from", captures + "android-outputs.json",
                                                "--from", captures + "ios-outputs.json"], timeout: 300)
        #expect(ok.status == 0, "\(ok.stdout)\(ok.stderr)")
        #expect(try String(contentsOfFile: fixture, encoding: .utf8)
                == original.replacingOccurrences(of: "\"TODO_ANDROID_RUN\"", with: "\"ee9a855ea815904892c506b72a595511f21ecb775fd1802ba8f3786de56ac226\""))
    }
}
