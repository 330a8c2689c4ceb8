import ConcordFiles
import ConcordFormats
import ConcordImplementations
import ConcordPrimitives
import ConcordReport
import ConcordJudging
import ConcordLoading
import ConcordReportFormat
import Foundation
import Testing
import ConcordTestSupport
import ConcordSuites

/// RFC 9106 §5.3 with the expected key's last byte changed (0x59 → 0x5a): every implementation
/// that computes it fails at byte 31.
fileprivate func wrongLastByteVector(id: String = "rfc9106-wrong-last-byte", comment: String? = "RFC 9106 §5.3 with the last byte of the key changed") -> Vector {
    var key = rfc9106Tag
    key[31] ^= 0x03
    return Vector(suite: "argon2id", id: id, file: "vectors/primitives/argon2id/wrong.yaml", line: 7, column: 5, comment: comment,
                  flags: ["rfc9106"], op: nil, result: .valid, input: rfc9106Request.input,
                  expect: .outputs([("key", .value(.bytes(key)))]), inputOrder: ["password", "salt", "secret", "associatedData", "params"])
}

/// Delegates to another implementation to seal, and refuses every open with a hostile message:
/// a failing round-trip matrix, in-process, with untrusted text in its details.
fileprivate final class RefusingOpener: Implementation {
    let inner: any Implementation
    let name: String
    init(_ inner: any Implementation, name: String) { self.inner = inner; self.name = name }
    var suites: Set<String> { inner.suites }
    var version: String { "refusing opener <b>1.0</b>" }
    var startFailure: String? { nil }
    func prepare() { inner.prepare() }
    func shutdown() { inner.shutdown() }
    func run(_ request: Request) -> Outcome {
        request.op == "open" ? .refused(ContractError(.authentication, "<img src=x onerror=alert(2)>")) : inner.run(request)
    }
}

@Suite(.serialized) struct HTMLReportTests {
    let settings = Catalog.Settings(home: repositoryRoot, requestTimeout: 60)

    /// Writes the page where `CONCORD_HTML_OUT` says (scripts/screenshot-html reads it), else to a
    /// temporary file; returns the path.
    @discardableResult
    func save(_ html: String, _ name: String) throws -> String {
        let path = ProcessInfo.processInfo.environment["CONCORD_HTML_OUT"] ?? (temporaryFolder() + "/" + name)
        try AtomicFile.write(html, to: path)
        return path
    }

    /// The deliberate mismatch on libargon2 (in-process) and jvm (an adapter, if built): the
    /// page marks byte 31 on both sides, names the field, the offset and the explanation.
    @Test func mismatchIsAlignedAndMarked() throws {
        let impls = ["libargon2", "jvm"].compactMap { Catalog.make($0, settings: settings) }
        defer { impls.forEach { $0.shutdown() } }
        let run = Runner(implementations: impls).run([wrongLastByteVector()])
        let r = try #require(run.results.first)
        #expect(r.status == .fail)
        let lib = try #require(r.implementations.first { $0.implementation == "libargon2" })
        let m = try #require(lib.mismatches.first)
        #expect(m.offset == 31)

        let html = HTMLReport.render(run)
        let path = try save(html, "report.html")
        // Row 0010 holds bytes 16..31: expected ends in 5a, actual in 59, both marked, nothing else marked.
        #expect(html.contains("<mark>5a</mark>"), "\(path)")
        #expect(html.contains("<mark>59</mark>"), "\(path)")
        let mismatchMarks = html.components(separatedBy: "<mark>").count - 1
        #expect(mismatchMarks == 2 * lib.mismatches.count * r.implementations.filter { $0.status == .fail }.count)
        #expect(html.contains("<td class=\"off\">0010</td>"))
        #expect(html.contains("differs at byte <b class=\"off\">31</b>"))
        #expect(html.contains("<code>key</code>"))
        if let e = m.explanation { #expect(html.contains(HTMLReport.escape(e))) }
        // Totals, versions, the matrix cell and the filter buttons.
        #expect(html.contains(HTMLReport.escape(ReferenceArgon2idVersion.text)))
        #expect(html.contains("✗ FAIL"))
        for f in ["all", "fail", "error", "pending", "unsupported", "pass"] { #expect(html.contains("data-filter=\"\(f)\"")) }
        #expect(html.contains("id=\"q\""))
        // The failing suite is open by default.
        #expect(html.contains("<details open data-open=\"true\">"))
    }

    @Test func hexDiffAlignsSixteenBytesPerRowAndMarksOnlyDifferences() {
        let e = [UInt8](0..<40)
        var a = e
        a[17] = 0xff
        a.removeLast(3)
        let h = HTMLReport.hexDiff(e, a)
        #expect(h.contains("<td class=\"off\">0000</td>") && h.contains("<td class=\"off\">0010</td>") && h.contains("<td class=\"off\">0020</td>"))
        #expect(h.contains("<mark>11</mark>") && h.contains("<mark>ff</mark>"))
        // Bytes only the expected side has: marked there, a placeholder on the other.
        #expect(h.contains("<mark>25</mark>") && h.contains("<mark>27</mark>"))
        #expect(h.contains("<span class=\"missing\">··</span>"))
        #expect(!h.contains("<mark>10</mark>") && !h.contains("<mark>00</mark>"))
        // A long value shows the rows around the difference only.
        let big = [UInt8](repeating: 7, count: 4096)
        var big2 = big
        big2[2000] = 8
        let hb = HTMLReport.hexDiff(big, big2)
        #expect(hb.contains("identical rows"))
        #expect(hb.contains("<td class=\"off\">07d0</td>"))
        #expect(hb.components(separatedBy: "<tr class=\"exp").count - 1 <= 5)
    }

    /// Ids, comments, file names, error messages and versions are untrusted: none reaches the
    /// page as markup.
    @Test func hostileStringsAreEscaped() throws {
        let hostile = "<script>alert(1)</script>"
        let v = wrongLastByteVector(id: "x\(hostile)\"'&", comment: "comment \(hostile)")
        var v2 = wrongLastByteVector(id: "y", comment: nil)
        v2.file = "vectors/\(hostile).yaml"
        let libargon2 = try #require(Catalog.make("libargon2", settings: settings))
        let evil = RefusingOpener(libargon2, name: "evil\(hostile)")
        let run = Runner(implementations: [libargon2, evil]).run([v, v2])
        let html = HTMLReport.render(run)
        try save(html, "hostile.html")
        #expect(!html.contains(hostile))
        #expect(!html.contains("<b>1.0</b>"))
        #expect(html.contains("&lt;script&gt;alert(1)&lt;/script&gt;"))
        #expect(html.contains("x&lt;script&gt;alert(1)&lt;/script&gt;&quot;&#39;&amp;"))
        // Exactly one script element: the page's own.
        #expect(html.components(separatedBy: "<script").count - 1 == 1)
        #expect(HTMLReport.escape("a\u{1}b<") == "a&#xFFFD;b&lt;")
    }

    /// Nothing is loaded from anywhere: no URL, and a policy that forbids loads.
    @Test func selfContained() throws {
        let libargon2 = try #require(Catalog.make("libargon2", settings: settings))
        let html = HTMLReport.render(Runner(implementations: [libargon2]).run([wrongLastByteVector()]))
        let lower = html.lowercased()
        #expect(!lower.contains("http://") && !lower.contains("https://"))
        #expect(!lower.contains("src=") && !lower.contains("<link") && !lower.contains("@import") && !lower.contains("url("))
        #expect(html.contains("Content-Security-Policy\" content=\"default-src 'none';"))
        // The policy allows the page's own script by its hash, and nothing else.
        let script = try #require(html.components(separatedBy: "<script>").last?.components(separatedBy: "</script>").first)
        let hash = Data(SHA256.hash(Array(script.utf8))).base64EncodedString()
        #expect(html.contains("script-src 'sha256-\(hash)';"))
    }

    /// A run of 1500 vectors (a few failing, the rest passing): rendered quickly, the passing
    /// suite collapsed, the failing one open, every vector a row.
    @Test func scalesToThousandsOfVectors() throws {
        let impls = ["libargon2", "swift"].compactMap { Catalog.make($0, settings: settings) }
        // 1490 cheap passing vectors (parameter tags), 10 failing Argon2id ones.
        var vectors = (0..<1490).map { k in
            Vector(suite: "closer.kdf-params", id: "tag-\(k)", file: "vectors/closer/kdf-params/bulk.yaml", line: k + 1, column: 1, comment: nil, flags: [],
                   op: nil, result: .valid, input: ["tag": .text("argon2id;v=19;m=\(32 + 8 * k);t=3;p=4")],
                   expect: .outputs([("memoryKiB", .value(.integer(Int64(32 + 8 * k))))]), inputOrder: ["tag"])
        }
        vectors += (0..<10).map { wrongLastByteVector(id: "wrong-\($0)", comment: nil) }
        let run = Runner(implementations: impls).run(vectors)
        #expect(run.summary.failed == 10 && run.summary.passed == 1490)
        let t0 = Date()
        let html = HTMLReport.render(run)
        #expect(Date().timeIntervalSince(t0) < 5)
        #expect(html.components(separatedBy: "<tbody class=\"v\"").count - 1 == 1500)
        #expect(html.contains("<details data-open=\"false\">") && html.contains("<details open data-open=\"true\">"))
        #expect(html.utf8.count < 3_000_000, "\(html.utf8.count) bytes")
        if let out = ProcessInfo.processInfo.environment["CONCORD_HTML_SCALE_OUT"] { try AtomicFile.write(html, to: out) }
    }

    /// A round trip is drawn as a grid (rows seal, columns open), failures listed with their
    /// (escaped) detail.
    @Test func roundtripGrid() throws {
        let loaded = VectorLoader().load(.paths([repositoryRoot + "/vectors/closer/keybox/roundtrip.yaml"]))
        let (vectors, errors) = (loaded.vectors, loaded.errors)
        #expect(errors.isEmpty)
        let v = try #require(vectors.first)
        let swift = try #require(Catalog.make("swift", settings: settings))
        let evil = RefusingOpener(swift, name: "opener")
        let run = Runner(implementations: [swift, evil]).run([v])
        let r = try #require(run.results.first)
        let m = try #require(r.matrix)
        #expect(m.implementations == ["swift", "opener"])
        let html = HTMLReport.render(run)
        try save(html, "roundtrip.html")
        #expect(html.contains("<table class=\"grid\">"))
        #expect(html.contains("round trip: rows seal, columns open"))
        #expect(html.contains("<th scope=\"row\">swift</th><td class=\"cell c-pass\""))
        #expect(html.contains("<th scope=\"row\">opener</th><td class=\"cell c-pass\""))
        // The opener's column fails for both sealers.
        #expect(html.components(separatedBy: "<td class=\"cell c-fail\" title=\"").count - 1 >= 2)
        #expect(html.contains("<b>swift → opener</b>"))
        #expect(html.contains("&lt;img src=x onerror=alert(2)&gt;"))
        #expect(!html.contains("<img"))
    }

    /// Passing suites are collapsed; an empty run is still a page.
    @Test func passingSuitesCollapse() throws {
        let libargon2 = try #require(Catalog.make("libargon2", settings: settings))
        var good = wrongLastByteVector(id: "rfc9106")
        good.expect = .outputs([("key", .value(.bytes(rfc9106Tag)))])
        let html = HTMLReport.render(Runner(implementations: [libargon2]).run([good]))
        #expect(html.contains("<details data-open=\"false\">"))
        #expect(!html.contains("<details open"))
        #expect(!html.contains("<mark>"))
        let empty = HTMLReport.render(Runner(implementations: [libargon2]).run([]))
        #expect(empty.contains("No vectors were run."))
    }
}

/// libargon2's version as the catalog reports it.
private enum ReferenceArgon2idVersion {
    static var text: String { Catalog.make("libargon2", settings: Catalog.Settings(home: repositoryRoot))!.version }
}
