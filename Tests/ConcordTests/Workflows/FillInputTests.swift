import ConcordFormats
import ConcordImplementations
import ConcordLoading
import Foundation
import Testing
#if canImport(Glibc)
import Glibc
import ConcordTestSupport
#endif

/// Issue 26 items 3 and 6 for fixture maps and fill's input: a value the field's declared encoding
/// cannot hold is refused, never written in another spelling; entries and maps that name one
/// placeholder or one fixture are planned together; special files are refused unopened; errors are
/// located at real places; fill refuses what run refuses (an empty folder, a captured file).
@Suite struct FillInputTests {
    func concord(_ args: [String], timeout: Double = 300) throws -> ProcessOutput {
        var env = ProcessInfo.processInfo.environment
        env["CONCORD_HOME"] = repositoryRoot
        return try runProcess(concordBinary, args, environment: env, timeout: timeout)
    }

    // MARK: Fixture maps

    /// HMAC-SHA256 (RFC 4231 test case 2: key "Jefe", "what do ya want for nothing?") in a fixture.
    static let rfc4231 = "5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843"
    static let fixtureText = """
    {
      "key": "Jefe",
      "message": "what do ya want for nothing?",
      "tag": "TODO_ANDROID_RUN",
      "tag64": "TODO_ANDROID_RUN"
    }

    """

    func map(_ fixture: String, _ entries: [(id: String, tag: String)], input: String = "      message: {pointer: /message, encoding: utf8}\n") -> String {
        "format: concord-fixture-map/1\nfixture: \(fixture)\nentries:\n" + entries.map { e in
            "  - id: \(e.id)\n    suite: hmac-sha256\n    op: compute\n    input:\n      key: {pointer: /key, encoding: utf8}\n\(input)    expect:\n      tag: \(e.tag)\n"
        }.joined()
    }

    func captured(_ ids: [String], _ dir: String) -> String {
        let results = ids.map { #"{"vector": "hmac-sha256/\#($0)", "outputs": {"tag": {"hex": "\#(Self.rfc4231)"}}}"# }.joined(separator: ",")
        write(#"{"format": "concord-outputs/1", "implementation": {"name": "device"}, "results": [\#(results)]}"#, to: dir + "/captured.json")
        return dir + "/captured.json"
    }

    /// An HMAC tag is not UTF-8: through `encoding: utf8` it was written as its hex spelling and reported filled.
    @Test func aValueTheFieldsEncodingCannotHoldIsRefused() throws {
        let dir = temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        write(Self.fixtureText, to: dir + "/f.json")
        write(map("f.json", [("t", "{pointer: /tag, encoding: utf8}")]), to: dir + "/m.concord.yaml")
        let m = try #require(try FixtureMap.read(dir + "/m.concord.yaml", loader: VectorLoader()))
        let plan = FixtureMap.plan(m) { _ in .fill(.bytes(try! Hex.decode(Self.rfc4231)), source: "test") }
        #expect(plan.filled.isEmpty && !plan.changed)
        #expect(plan.refused.first?.reason.contains("not UTF-8 text: it cannot be written in this field's declared encoding (utf8)") == true, "\(plan.refused)")
        // Text that is UTF-8 is written as itself, and reads back through the map.
        let ok = FixtureMap.plan(m) { _ in .fill(.bytes(Array("ünï".utf8)), source: "test") }
        #expect(ok.filled.count == 1 && String(decoding: ok.updated, as: UTF8.self).contains(#""tag": "ünï""#))
        try FixtureMap.verify(ok, loader: VectorLoader(), maps: m.maps)
        // Through the binary: refused (exit 1), the fixture untouched.
        let r = try concord(["fill", dir + "/m.concord.yaml", "--from", captured(["t"], dir), "--trust-captured"])
        #expect(r.status == 1 && r.stdout.contains("refused") && !r.stdout.contains("filled "), "\(r.stdout)\(r.stderr)")
        #expect(try String(contentsOfFile: dir + "/f.json", encoding: .utf8) == Self.fixtureText)
    }

    /// Two entries naming one placeholder crashed fill (SIGILL, "Range requires lowerBound <= upperBound").
    @Test func entriesNamingOnePlaceholderArePlannedTogether() throws {
        let dir = temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        write(Self.fixtureText, to: dir + "/f.json")
        write(map("f.json", [("a", "/tag"), ("b", "{pointer: /tag, encoding: base64}")]), to: dir + "/apart.concord.yaml")
        write(map("f.json", [("a", "/tag"), ("b", "/tag")]), to: dir + "/same.concord.yaml")
        let tag = Value.bytes(try Hex.decode(Self.rfc4231))
        let apart = try #require(try FixtureMap.read(dir + "/apart.concord.yaml", loader: VectorLoader()))
        let a = FixtureMap.plan(apart) { _ in .fill(tag, source: "t") }
        #expect(a.filled.isEmpty && a.refused.count == 2 && !a.changed)
        #expect(a.refused[0].reason.hasPrefix("hmac-sha256/a tag, hmac-sha256/b tag name this one placeholder, and they do not all write the same value"), "\(a.refused)")
        let same = try #require(try FixtureMap.read(dir + "/same.concord.yaml", loader: VectorLoader()))
        let s = FixtureMap.plan(same) { _ in .fill(tag, source: "t") }
        #expect(s.refused.isEmpty && s.filled.count == 2)
        #expect(String(decoding: s.updated, as: UTF8.self) == Self.fixtureText.replacingOccurrences(of: "\"tag\": \"TODO_ANDROID_RUN\"", with: "\"tag\": \"\(Self.rfc4231)\""))
        // One of them refused: neither is written.
        let half = FixtureMap.plan(same) { p in p.vector.hasSuffix("/a") ? .fill(tag, source: "t") : .refuse("no") }
        #expect(half.filled.isEmpty && half.refused.count == 2 && !half.changed)
        // Through the binary, fill and dry run: no crash.
        let cap = captured(["a", "b"], dir)
        let dry = try concord(["fill", dir + "/apart.concord.yaml", "--from", cap, "--trust-captured", "--dry-run"])
        #expect(dry.status == 1 && dry.stderr.contains("name this one placeholder"), "\(dry.status) \(dry.stdout)\(dry.stderr)")
        let real = try concord(["fill", dir + "/same.concord.yaml", "--from", cap, "--trust-captured"])
        #expect(real.status == 0, "\(real.status) \(real.stdout)\(real.stderr)")
        #expect(try String(contentsOfFile: dir + "/f.json", encoding: .utf8).contains("\"tag\": \"\(Self.rfc4231)\""))
    }

    /// Two maps of one fixture half-wrote it, then failed with a false "changed since it was read".
    @Test func mapsOfOneFixtureAreWrittenOnce() throws {
        let dir = temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        write(Self.fixtureText, to: dir + "/f.json")
        write(map("f.json", [("a", "/tag")]), to: dir + "/a.concord.yaml")
        write(map("./sub/../f.json", [("b", "{pointer: /tag64, encoding: base64}")]), to: dir + "/b.concord.yaml")
        try FileManager.default.createDirectory(atPath: dir + "/sub", withIntermediateDirectories: true)
        let r = try concord(["fill", dir + "/a.concord.yaml", dir + "/b.concord.yaml", "--from", captured(["a", "b"], dir), "--trust-captured"])
        #expect(r.status == 0, "\(r.stdout)\(r.stderr)")
        #expect(!r.stderr.contains("changed since it was read"))
        let after = try String(contentsOfFile: dir + "/f.json", encoding: .utf8)
        let base64 = Base64.encode(try Hex.decode(Self.rfc4231), .standard)
        #expect(after == Self.fixtureText.replacingOccurrences(of: "\"tag\": \"TODO_ANDROID_RUN\"", with: "\"tag\": \"\(Self.rfc4231)\"")
                    .replacingOccurrences(of: "\"tag64\": \"TODO_ANDROID_RUN\"", with: "\"tag64\": \"\(base64)\""), "\(after)")
        // Two maps that define one vector (suite/id) would take each other's values: refused, nothing written.
        write(Self.fixtureText, to: dir + "/f.json")
        write(map("f.json", [("a", "/tag64")]), to: dir + "/c.concord.yaml")
        let twice = try concord(["fill", dir + "/a.concord.yaml", dir + "/c.concord.yaml", "--from", dir + "/captured.json", "--trust-captured"])
        #expect(twice.status == 2 && twice.stderr.contains("hmac-sha256/a is defined twice"), "\(twice.stdout)\(twice.stderr)")
        #expect(try String(contentsOfFile: dir + "/f.json", encoding: .utf8) == Self.fixtureText)
    }

    /// `fill` of a FIFO, or of a map whose fixture is a FIFO, waited forever for a writer.
    @Test func specialFilesAreRefusedUnopened() throws {
        let dir = temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        #expect(mkfifo(dir + "/pipe.yaml", 0o600) == 0 && mkfifo(dir + "/pipe.json", 0o600) == 0)
        let named = try concord(["fill", dir + "/pipe.yaml"], timeout: 60)
        #expect(named.status == 2 && named.stderr.contains("pipe.yaml is a FIFO (named pipe), not a regular file"), "\(named.status) \(named.stderr)")
        write(map("pipe.json", [("a", "/tag")]), to: dir + "/m.concord.yaml")
        for command in ["fill", "run"] {
            let r = try concord([command, dir + "/m.concord.yaml"], timeout: 60)
            #expect(r.status == 2 && r.stderr.contains("m.concord.yaml:2:10: the fixture pipe.json is a FIFO (named pipe), not a regular file"),
                    "\(command): \(r.status) \(r.stderr)")
        }
    }

    /// An error the loader found in a map's entries was located in a one-line text made up from
    /// them (`f.json:1:150` in a 6-line fixture); it is located at the entry, in the map.
    @Test func mapErrorsPointAtTheEntry() throws {
        let dir = temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        write(Self.fixtureText, to: dir + "/f.json")
        write(map("f.json", [("a", "/tag"), ("b", "/tag64")], input: ""), to: dir + "/m.concord.yaml")
        let loaded = VectorLoader().load(.paths([dir + "/m.concord.yaml"]))
        let e = try #require(loaded.errors.first)
        #expect(e.file == dir + "/m.concord.yaml" && e.line == 4 && e.column == 5, "\(e)")
        #expect(e.message.hasPrefix("entry a (hmac-sha256): ") && e.message.contains("message"), "\(e)")
        let r = try concord(["fill", dir + "/m.concord.yaml"])
        #expect(r.status == 2 && r.stderr.contains("m.concord.yaml:4:5: entry a (hmac-sha256)"), "\(r.stderr)")
        // A vector read through a map is where its values are in the fixture (its output's line), not at line 1.
        write(map("f.json", [("a", "/tag"), ("b", "/tag64")]), to: dir + "/ok.concord.yaml")
        let ok = VectorLoader().load(.paths([dir + "/ok.concord.yaml"]))
        #expect(ok.errors.isEmpty && ok.vectors.map(\.line) == [4, 5] && ok.vectors.allSatisfy { $0.file == dir + "/f.json" }, "\(ok.vectors.map(\.line))")
    }

    // MARK: Like run

    /// `fill` of an empty folder exited 0 where `run` exits 2.
    @Test func anEmptyFolderIsRefused() throws {
        let dir = temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let r = try concord(["fill", dir])
        #expect(r.status == 2 && r.stderr.contains("no vector files under \(dir)"), "\(r.status) \(r.stderr)")
    }

    /// `fill --from` took a captured file with an output field that `run --captured` refuses.
    @Test func fillReadsCapturedFilesAsRunDoes() throws {
        let dir = temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        write(Self.fixtureText, to: dir + "/f.json")
        write(map("f.json", [("a", "/tag")]), to: dir + "/m.concord.yaml")
        write(#"{"format": "concord-outputs/1", "implementation": {"name": "device"}, "results": [{"vector": "hmac-sha256/a", "outputs": {"tag": {"hex": "\#(Self.rfc4231)"}, "mac": {"hex": "00"}}}]}"#,
              to: dir + "/extra.json")
        let run = try concord(["run", dir + "/m.concord.yaml", "--captured", dir + "/extra.json", "--implementations", "openssl", "--report", dir + "/r.json"])
        let fill = try concord(["fill", dir + "/m.concord.yaml", "--from", dir + "/extra.json", "--trust-captured"])
        #expect(run.status == 2 && run.stderr.contains("has an unknown field \"mac\""), "\(run.stderr)")
        let refusal = run.stderr.split(separator: "\n").first.map(String.init) ?? "?"
        #expect(fill.status == 2 && fill.stderr.contains(refusal), "\(fill.stderr)")
        #expect(try String(contentsOfFile: dir + "/f.json", encoding: .utf8) == Self.fixtureText)
    }

    /// A captured answer for a vector none of the files defines (an id renamed since the capture) was
    /// passed over in silence by `fill --from` (exit 0; `run --captured` named it, without a place).
    /// Now fill and run name each, with where the captured file holds it; fill fills the rest (a
    /// capture may answer more files than those given), and with --strict-captured refuses to write.
    @Test func aCapturedAnswerForAnotherVectorIsNamedWhereItStands() throws {
        let dir = temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        write(Self.fixtureText, to: dir + "/f.json")
        write(map("f.json", [("a", "/tag")]), to: dir + "/m.concord.yaml")
        let cap = captured(["a", "renamed"], dir)
        let place = "\(cap):1:219: a result for hmac-sha256/renamed"
        let run = try concord(["run", dir + "/m.concord.yaml", "--captured", cap, "--implementations", "openssl", "--report", dir + "/r.json"])
        #expect(run.stderr.contains("concord: \(place), which is not among the vectors run"), "\(run.stderr)")
        let strict = try concord(["fill", dir + "/m.concord.yaml", "--from", cap, "--trust-captured", "--strict-captured"])
        #expect(strict.status == 2 && strict.stderr.contains("concord: \(place), which is not among the vectors of the files filled (--strict-captured)"), "\(strict.stderr)")
        #expect(strict.stderr.contains("nothing was written") && strict.stdout.isEmpty, "\(strict.stdout)")
        #expect(try String(contentsOfFile: dir + "/f.json", encoding: .utf8) == Self.fixtureText)
        let fill = try concord(["fill", dir + "/m.concord.yaml", "--from", cap, "--trust-captured"])
        #expect(fill.status == 0 && fill.stderr.contains("concord: warning: \(place), which is not among the vectors of the files filled: nothing is filled from it"),
                "\(fill.status) \(fill.stderr)")
        #expect(fill.stdout.contains("1 placeholder: 1 filled, 0 refused"), "\(fill.stdout)")
        #expect(try concord(["fill", dir + "/m.concord.yaml", "--strict-captured"]).stderr.contains("--strict-captured applies to --from"))
    }
}
