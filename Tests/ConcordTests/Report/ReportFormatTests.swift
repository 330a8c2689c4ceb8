import ConcordFormats
import ConcordImplementations
@testable import ConcordReport
@testable import ConcordReportFormat
import ConcordJudging
import ConcordLoading
import ConcordScheduling
import Foundation
import Testing
import ConcordTestSupport

/// The Markdown, JUnit and GitHub-annotation formats and the gate, on a small real run: libargon2
/// and libsodium on RFC 9106 §5.3 (libsodium cannot do p = 4: unsupported), one vector with a
/// wrong last byte (a failure), one with a placeholder (pending), one of an unknown suite (error).
@Suite(.serialized) struct ReportFormatTests {
    static let awkwardFile = "vectors/primitives/argon2id/odd, name: x.yaml"

    static func vector(_ id: String, line: Int, file: String = "vectors/primitives/argon2id/rfc.yaml", suite: String = "argon2id",
                       expect: ConcordLoading.Expectation) -> Vector {
        Vector(suite: suite, id: id, file: file, line: line, column: 5, comment: nil, flags: [], op: nil,
               result: .valid, input: rfc9106Request.input, expect: expect, inputOrder: [])
    }

    static func makeRun() throws -> RunResult {
        let settings = Catalog.Settings(home: repositoryRoot)
        let impls = try ["libargon2", "libsodium"].map { try #require(Catalog.make($0, settings: settings)) }
        defer { impls.forEach { $0.shutdown() } }
        var wrong = rfc9106Tag
        wrong[31] ^= 1
        let vectors = [
            vector("rfc9106", line: 7, expect: .outputs([("key", .value(.bytes(rfc9106Tag)))])),
            vector("wrong|`byte`<&>\u{1}", line: 25, file: awkwardFile, expect: .outputs([("key", .value(.bytes(wrong)))])),
            vector("todo", line: 40, expect: .outputs([("key", .placeholder)])),
            vector("nobody", line: 3, file: "vectors/x/y.yaml", suite: "no-such-suite", expect: .outputs([("key", .value(.bytes([1])))])),
        ]
        return Runner(implementations: impls, configuration: RunConfiguration(workers: 2)).run(vectors)
    }

    @Test func theRunHasWhatTheFormatsNeed() throws {
        let run = try Self.makeRun()
        #expect(run.results.map(\.status) == [.pass, .fail, .pending, .error])
        #expect(run.results[0].implementations.map(\.status) == [.pass, .unsupported])
        #expect(run.summary.failed == 1 && run.summary.errors == 1 && run.summary.pending == 1)
    }

    // MARK: Markdown

    @Test func markdownPutsTheVerdictTotalsAndFailuresFirst() throws {
        let md = MarkdownReport.render(try Self.makeRun())
        #expect(md.hasPrefix("## ❌ Concord: 1 failed, 1 error of 4 vectors\n"))
        #expect(md.contains("| 4 | 1 | 1 | 1 | 1 | 3 | 0 | 0 |"), "\(md)")
        // The suite × implementation table.
        #expect(md.contains("| suite | vectors | `libargon2` | `libsodium` |"))
        #expect(md.contains("| `argon2id` | 3 | ✅ 1 pass<br>❌ 1 fail<br>⏳ 1 pending | ⏭️ 3 unsupported |"), "\(md)")
        // Failures come before errors and pending values.
        let f = try #require(md.range(of: "### ❌ Failures (1)"))
        let e = try #require(md.range(of: "### ⚠️ Errors (1)"))
        let p = try #require(md.range(of: "### ⏳ Pending (1)"))
        #expect(f.lowerBound < e.lowerBound && e.lowerBound < p.lowerBound)
        // The failure: escaped name and file:line in the summary, the field, the byte, both values.
        #expect(md.contains("<details><summary>❌ <code>argon2id/wrong&#124;&#96;byte&#96;&lt;&amp;&gt;\\u{1}</code> — <code>vectors/primitives/argon2id/odd, name: x.yaml:25</code></summary>"), "\(md)")
        #expect(md.contains("**libargon2**: `key` differs at byte 31"))
        #expect(md.contains("```\nexpected \(Hex.encode(rfc9106Tag.dropLast() + [rfc9106Tag[31] ^ 1]))\nactual   \(Hex.encode(rfc9106Tag))\n```"))
        #expect(md.contains("unknown suite no-such-suite"))
        #expect(md.contains("libargon2: key="))
    }

    @Test func markdownEscapesCodeSpansTextAndFences() {
        #expect(MarkdownReport.code("a|b") == "`a\\|b`")
        #expect(MarkdownReport.code("x`y") == "``x`y``")
        #expect(MarkdownReport.code("`x") == "`` `x ``")
        #expect(MarkdownReport.text("a|b *c* <d> & `e`") == "a\\|b \\*c\\* &lt;d&gt; &amp; \\`e\\`")
        #expect(MarkdownReport.fence(["a ``` b"]) == ["````", "a ``` b", "````"])
    }

    @Test func markdownCapsLongLists() throws {
        var run = try Self.makeRun()
        let failure = run.results[1]
        run.results = (0..<60).map { i in var r = failure; r.vector.id = "f\(i)"; return r }
        run.summary = RunSummary(run.results)
        let md = MarkdownReport.render(run)
        #expect(md.contains("### ❌ Failures (60)"))
        #expect(md.contains("argon2id/f49<"))
        #expect(!md.contains("argon2id/f50<"))
        #expect(md.contains("… and 10 more"))
    }

    @Test func markdownSaysPassWhenAllPass() throws {
        var run = try Self.makeRun()
        run.results = [run.results[0]]
        run.summary = RunSummary(run.results)
        #expect(MarkdownReport.render(run).hasPrefix("## ✅ Concord: 1 of 1 vectors passed\n"))
    }

    // MARK: JUnit

    func xmllint(_ args: [String]) throws -> ProcessOutput {
        let path = ["/usr/bin/xmllint", "/bin/xmllint", "/usr/local/bin/xmllint"].first { FileManager.default.isExecutableFile(atPath: $0) }
        let tool = try #require(path, "xmllint is missing: apt-get install libxml2-utils")
        return try runProcess(tool, args)
    }

    @Test func junitIsValidAgainstTheSchemaAndCountsRight() throws {
        let xml = JUnitReport.render(try Self.makeRun())
        let dir = temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let path = dir + "/junit.xml"
        write(xml, to: path)
        let check = try xmllint(["--noout", "--schema", repositoryRoot + "/schemas/junit.xsd", path])
        #expect(check.status == 0, "\(check.stderr)\n\(xml)")

        func count(_ xpath: String) throws -> String { try xmllint(["--xpath", xpath, path]).stdout.trimmingCharacters(in: .whitespacesAndNewlines) }
        #expect(try count("count(//testsuite)") == "2")
        // 3 vectors × 2 implementations in argon2id, and one case for the vector nobody could run.
        #expect(try count("string(//testsuite[@name='argon2id']/@tests)") == "6")
        #expect(try count("string(//testsuite[@name='argon2id']/@failures)") == "1")
        #expect(try count("string(//testsuite[@name='argon2id']/@skipped)") == "4")
        #expect(try count("string(//testsuite[@name='no-such-suite']/@errors)") == "1")
        #expect(try count("string(/testsuites/@tests)") == "7")
        #expect(try count("count(//testcase/failure)") == "1")
        #expect(try count("count(//testcase/skipped)") == "4")
        #expect(try count("count(//testcase/error)") == "1")
        // The failing case: name, file, line, and the mismatch with both values.
        #expect(try count("string(//testcase[failure]/@name)") == "wrong|`byte`<&>\\u{1} [libargon2]")
        #expect(try count("string(//testcase[failure]/@file)") == Self.awkwardFile)
        #expect(try count("string(//testcase[failure]/@line)") == "25")
        #expect(try count("string(//failure/@message)").hasPrefix("key differs at byte 31"))
        #expect(try count("string(//failure)").contains("actual   \(Hex.encode(rfc9106Tag))"))
        #expect(try count("string(//testcase[@name='rfc9106 [libsodium]']/skipped/@message)").hasPrefix("unsupported: "))
        #expect(try count("string(//testcase[@name='todo [libargon2]']/skipped/@message)").hasPrefix("pending"))
    }

    @Test func junitEscapesEverythingXMLForbids() {
        #expect(JUnitReport.attr("a\"b'c<d>&\n\t\r\u{0}\u{1B}\u{FFFE}") == "a&quot;b&apos;c&lt;d&gt;&amp;&#10;&#9;&#13;\\u{0}\\u{1B}\\u{FFFE}")
        #expect(JUnitReport.text("]]> <x>&\u{7}") == "]]&gt; &lt;x&gt;&amp;\\u{7}")
        #expect(JUnitReport.seconds(1.23456) == "1.235" && JUnitReport.seconds(0.0004) == "0.000" && JUnitReport.seconds(12) == "12.000")
    }

    // MARK: Annotations

    @Test func annotationsPointAtTheVectorsLine() throws {
        var run = try Self.makeRun()
        run.results[0].divergence = "libargon2 and jvm disagree: 50% of\nbytes"
        run.results[0].warnings = ["an id with |"]
        run.summary = RunSummary(run.results)
        let lines = GitHubAnnotations.render(run)
        let errors = lines.filter { $0.hasPrefix("::error ") }
        #expect(errors.count == 2)
        let failure = try #require(errors.first)
        #expect(failure.hasPrefix("::error file=vectors/primitives/argon2id/odd%2C name%3A x.yaml,line=25,title=concord%3A argon2id/wrong|`byte`<&>\\u{1} failed (libargon2)::"), "\(failure)")
        #expect(failure.contains("::libargon2: key differs at byte 31"))
        #expect(failure.contains("%0Alibargon2:   expected \(Hex.encode(rfc9106Tag.dropLast() + [rfc9106Tag[31] ^ 1]))%0Alibargon2:   actual   \(Hex.encode(rfc9106Tag))"))
        #expect(!failure.contains("\n"))
        #expect(errors[1].hasPrefix("::error file=vectors/x/y.yaml,line=3,title=concord%3A no-such-suite/nobody could not be checked::unknown suite"))
        #expect(lines.contains("::warning file=vectors/primitives/argon2id/rfc.yaml,line=7,title=concord%3A argon2id/rfc9106 implementations diverge::libargon2 and jvm disagree: 50%25 of%0Abytes"))
        #expect(lines.contains("::warning file=vectors/primitives/argon2id/rfc.yaml,line=7,title=concord%3A argon2id/rfc9106::an id with |"))
    }

    @Test func annotationEscaping() {
        #expect(GitHubAnnotations.command("warning", file: "a\u{7}", line: 1, title: "t", message: "x\u{1B}[31m") == "::warning file=a\\u{7},line=1,title=t::x\\u{1B}[31m")
        #expect(GitHubAnnotations.escapeData("100%\r\n: ,") == "100%25%0D%0A: ,")
        #expect(GitHubAnnotations.escapeProperty("a:b,c%\n") == "a%3Ab%2Cc%25%0A")
        #expect(GitHubAnnotations.command("error", file: nil, line: nil, title: nil, message: "m") == "::error::m")
    }

    /// The one escaping (issue 12 item 7): C0, DEL, C1, U+2028/2029 and the bidi controls become
    /// visible; a version with a line break never starts a line, in any format that prints it.
    @Test func printableEscapesEveryControlEverywhere() throws {
        let evil = "v\n::error::x\u{1B}[2J\u{7}\u{7F}\u{85}\u{9B}\u{2028}\u{2029}\u{61C}\u{200E}\u{200F}\u{202A}\u{202E}\u{2066}\u{2069}\t\r"
        #expect(Printable.escape(evil) == "v\\u{A}::error::x\\u{1B}[2J\\u{7}\\u{7F}\\u{85}\\u{9B}\\u{2028}\\u{2029}\\u{61C}\\u{200E}\\u{200F}\\u{202A}\\u{202E}\\u{2066}\\u{2069}\\u{9}\\u{D}")
        #expect(Printable.escape(evil, keepingLineBreaks: true).hasPrefix("v\n::error::x\\u{1B}"))
        #expect(Printable.escape("plain: é ✓ 🙂 \\u{1B}") == "plain: é ✓ 🙂 \\u{1B}")
        var run = try Self.makeRun()
        run.implementations[0].version = evil
        run.results[0].warnings = [evil]
        run.summary = RunSummary(run.results)
        func check(_ text: String, _ what: String, tabs: Bool = false) {
            // A tab is harmless where a format keeps it (Markdown, annotation text); nothing else is.
            let raw = text.unicodeScalars.filter { $0 != "\n" && !(tabs && $0 == "\t") && Printable.isUnsafe($0) }
            #expect(raw.isEmpty, "\(what): raw \(raw.map { String($0.value, radix: 16) })")
            for line in text.split(separator: "\n") where line.contains("::error::") {
                #expect(!line.hasPrefix("::error::"), "\(what): \(line)")
            }
        }
        check(TerminalSummary.render(run, verbose: true), "terminal")
        check(GitHubAnnotations.render(run).joined(separator: "\n"), "annotations", tabs: true)
        check(MarkdownReport.render(run), "markdown", tabs: true)
        #expect(TerminalSummary.render(run).contains("v\\u{A}::error::x\\u{1B}[2J"))
    }

    // MARK: Gate

    @Test func gateDefaultsFailOnFailuresAndErrorsOnly() throws {
        let run = try Self.makeRun()
        let (status, reasons) = Gate().exitStatus(run)
        #expect(status == 1)
        #expect(reasons == ["1 vector failed", "1 vector could not be checked (error)"])
        #expect(status == run.exitStatus)

        var clean = run
        clean.results = [run.results[0], run.results[2]]  // a pass with an unsupported pair, and a pending
        clean.results[0].divergence = "they differ"
        clean.summary = RunSummary(clean.results)
        #expect(Gate().exitStatus(clean).status == 0)
        #expect(Gate(failOn: [.error, .pending]).exitStatus(clean).reasons == ["1 vector is pending (--fail-on pending)"])
        #expect(Gate(failOn: [.unsupported]).exitStatus(clean).reasons.first?.hasPrefix("2 implementation × vector pairs were unsupported") == true)
        #expect(Gate(failOn: [.divergence]).exitStatus(clean).reasons == ["1 vector has diverging implementations (--fail-on divergence)"])
    }

    @Test func gateRequiresImplementationsThatStarted() throws {
        var run = try Self.makeRun()
        run.results = [run.results[0]]
        run.summary = RunSummary(run.results)
        var jvm = run.implementations[0]
        jvm.name = "jvm"
        jvm.startFailure = "java not found"
        run.implementations.append(jvm)
        #expect(Gate().exitStatus(run).status == 0)
        #expect(Gate(required: ["libargon2"]).exitStatus(run).status == 0)
        #expect(Gate(required: ["jvm", "tink"]).exitStatus(run).reasons
                == ["jvm is required but could not start: java not found", "tink is required but was not part of the run"])
        #expect(Gate(failOn: [.missing]).exitStatus(run).reasons == ["jvm could not start (--fail-on missing): java not found"])
        // Started but checked nothing (a captured file covering none of the vectors): not a pass.
        var idle = run.implementations[0]
        idle.name = "captured:device"
        run.implementations.append(idle)
        #expect(Gate(required: ["captured:device"]).exitStatus(run).reasons
                == ["captured:device is required but checked no vector (every one was unsupported or an error)"])
    }

    @Test func gateParsesItsFlags() throws {
        #expect(try Gate.conditions("pending, divergence") == [.error, .pending, .divergence])
        #expect(try Gate.conditions("") == [.error])
        #expect(throws: Gate.ParseError.self) { try Gate.conditions("pending,sometimes") }
        #expect(Gate.names("jvm, tink,,") == ["jvm", "tink"])
    }
}
