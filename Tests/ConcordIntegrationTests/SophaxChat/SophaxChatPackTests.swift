import ConcordFormats
import ConcordImplementations
import ConcordPrimitives
import ConcordReport
import ConcordJudging
import ConcordLoading
import ConcordReportFormat
import ConcordSuites
import Testing
import ConcordTestSupport

/// The SophaxChat and AskKey packs (issue 17): the seed flaw the harness must show, the round trips
/// across implementations, and the pieces the Swift composition adds (SHA3-256, base32).
@Suite struct SophaxChatPackTests {
    /// The safety-number asymmetry (docs/contracts/sophaxchat.md §6) is a warning on every vector, and
    /// the terminal, Markdown and HTML reports all show it next to each vector's name.
    @Test func safetyNumberAsymmetryIsAWarningInEveryReport() throws {
        let loaded = VectorLoader().load(.paths([repositoryRoot + "/vectors/sophaxchat/safety-number"]))
        #expect(loaded.errors.isEmpty, "\(loaded.errors)")
        let swift = try #require(Catalog.make("swift", settings: Catalog.Settings(home: repositoryRoot)))
        let run = Runner(implementations: [swift]).run(loaded.vectors)
        #expect(run.results.count >= 4)
        let warning = "safety number asymmetry (seed flaw)"
        // Terminal and Markdown: one line per warning, naming the vector.
        let lines = ["terminal": TerminalSummary.render(run), "markdown": MarkdownReport.render(run)]
        // HTML: each vector is one <tbody data-name="…">; its warning is a note inside it.
        let html = HTMLReport.render(run)
        let blocks = html.components(separatedBy: "<tbody class=\"v\"").dropFirst()
        for r in run.results {
            #expect(r.status == .pass, "\(r.vector.name): \(r.status)")
            #expect(r.warnings.count == 1 && r.warnings[0].hasPrefix(warning), "\(r.vector.name): \(r.warnings)")
            for (format, text) in lines {
                let line = text.split(separator: "\n").first { $0.contains(r.vector.name) && $0.contains(warning) }
                #expect(line != nil, "the \(format) report does not show the warning of \(r.vector.name)")
            }
            let block = blocks.first { $0.contains("data-name=\"\(HTMLReport.escape(r.vector.name.lowercased()))\"") }
            #expect(block?.contains("<b>warning:</b> \(warning)") == true, "the HTML report does not show the warning of \(r.vector.name)")
        }
    }

    /// Every round trip of the pack: swift and jvm each open every other's wire.
    @Test(arguments: ["sophaxchat.message", "sophaxchat.group-message", "sophaxchat.sealed-sender"])
    func roundTripMatrixIsAllPass(suite: String) throws {
        let results = DefaultRun.results(of: suite).filter { $0.matrix != nil }
        #expect(!results.isEmpty, "\(suite) has no round-trip vector")
        for r in results {
            let m = try #require(r.matrix)
            #expect(Set(m.implementations).isSuperset(of: ["swift", "jvm"]), "\(m.implementations)")
            #expect(m.cells.flatMap { $0 }.allSatisfy { $0.status == .pass }, "\(r.vector.name): \(m.cells.map { $0.map(\.status) })")
        }
    }

    @Test func sha3OfKnownInputs() {
        // FIPS 202 examples (NIST's SHA3-256 sample values): the empty string and "abc".
        #expect(Hex.encode(SHA3_256.hash([])) == "a7ffc6f8bf1ed76651c14756a061d662f580ff4de43b49fa82d80a4b80f8434a")
        #expect(Hex.encode(SHA3_256.hash(Array("abc".utf8))) == "3a985da74fe225b2045c172d6bd390bd855f086e3e9d525b46bfe24511431532")
    }

    @Test func base32FollowsRFC4648() {
        // RFC 4648 §10, lower case and without padding.
        for (plain, encoded) in [("", ""), ("f", "my"), ("fo", "mzxq"), ("foo", "mzxw6"), ("foob", "mzxw6yq"),
                                 ("fooba", "mzxw6ytb"), ("foobar", "mzxw6ytboi")] {
            #expect(Base32.encode(Array(plain.utf8)) == encoded)
            #expect(Base32.decode(encoded).bytes == Array(plain.utf8))
            #expect(Base32.decode(encoded.uppercased()).bytes == Array(plain.utf8))
        }
        #expect(Base32.decode("mzxw1").badSymbol == 4)
        #expect(Base32.decode("mzxw6=").badSymbol == 5)
        #expect(Base32.decode("m").bytes == nil)  // one symbol cannot end a byte string
        #expect(Base32.decode("my").bytes == [0x66] && Base32.decode("mz").bytes == nil)  // spare bits must be zero
    }
}
