import ConcordExploration
import ConcordFormats
import ConcordImplementations
@testable import ConcordJudging
import ConcordLoading
@testable import ConcordReport
@testable import ConcordReportFormat
import Foundation
import Testing
import ConcordTestSupport

/// Issue 29 items 4 and 5: the divergence ledger (docs/ledger.md) held to hand-made runs, and
/// `concord compare` (docs/ci.md) classifying the changes between two of them. No adapter starts;
/// the CLI tests render hand-made reports through the binary.
@Suite struct LedgerTests {
    enum Did { case pass, wrong, refused(ErrorClass), error, unsupported, pending, answered([UInt8]) }

    static func vector(_ id: String, suite: String = "closer.field", line: Int = 10) -> Vector {
        Vector(suite: suite, id: id, file: "vectors/\(suite).yaml", line: line, column: 3, comment: nil, flags: [], op: nil,
               result: .valid, input: [:], expect: .outputs([("key", .value(.bytes([1, 2])))]), inputOrder: [])
    }

    static func impl(_ name: String, _ did: Did) -> ImplementationResult {
        switch did {
        case .pass: return ImplementationResult(implementation: name, status: .pass, outcome: .outputs(["key": .bytes([1, 2])]), seconds: 0.001)
        case .wrong:
            let m = Mismatch(field: "key", expected: "0102", actual: "0103", expectedValue: .bytes([1, 2]), actualValue: .bytes([1, 3]),
                             offset: 1, explanation: nil)
            return ImplementationResult(implementation: name, status: .fail, outcome: .outputs(["key": .bytes([1, 3])]), mismatches: [m], seconds: 0.001)
        case .refused(let c):
            let m = Mismatch(field: "result", expected: "outputs", actual: "refused (\(c.rawValue))", expectedValue: nil, actualValue: nil,
                             offset: nil, explanation: nil)
            return ImplementationResult(implementation: name, status: .fail, outcome: .refused(ContractError(c, "no")), mismatches: [m], seconds: 0.001)
        case .error: return ImplementationResult(implementation: name, status: .error, outcome: .error("\(name): timed out"), seconds: 1)
        case .unsupported: return ImplementationResult(implementation: name, status: .unsupported, outcome: .unsupported("no"), seconds: 0)
        case .pending: return ImplementationResult(implementation: name, status: .pending, outcome: .outputs(["key": .bytes([9])]), seconds: 0.001)
        case .answered(let bytes):
            // A wrong answer with these bytes.
            let m = Mismatch(field: "key", expected: "0102", actual: Hex.encode(bytes), expectedValue: .bytes([1, 2]), actualValue: .bytes(bytes),
                             offset: 0, explanation: nil)
            return ImplementationResult(implementation: name, status: .fail, outcome: .outputs(["key": .bytes(bytes)]), mismatches: [m], seconds: 0.001)
        }
    }

    /// One vector per entry: its id and what each implementation did.
    static func run(_ entries: [(id: String, did: [(String, Did)])], suite: String = "closer.field") -> RunResult {
        let results = entries.enumerated().map { n, e -> VectorResult in
            let impls = e.did.map { impl($0.0, $0.1) }
            let status: VectorStatus = impls.contains { $0.status == .fail } ? .fail : impls.contains { $0.status == .error } ? .error
                : impls.contains { $0.status == .pending } ? .pending : .pass
            return VectorResult(vector: vector(e.id, suite: suite, line: 10 + n), status: status, implementations: impls)
        }
        let names = Array(Set(entries.flatMap { $0.did.map(\.0) })).sorted()
        return RunResult(implementations: names.map { ImplementationInfo(name: $0, version: "1", startFailure: nil, processStarts: 1) },
                         results: results, summary: RunSummary(results), wallSeconds: 0.5, workers: 1)
    }

    static func ledger(_ yaml: String) throws -> Ledger { try Ledger.parse(Array(yaml.utf8), file: "l.yaml") }

    /// Each ledger (YAML) is refused with a message that starts with its text.
    static func expectRefused(_ cases: [(yaml: String, message: String)], sourceLocation: SourceLocation = #_sourceLocation) {
        for (yaml, message) in cases {
            do {
                _ = try ledger(yaml)
                Issue.record("accepted: \(yaml)", sourceLocation: sourceLocation)
            } catch {
                #expect("\(error)".hasPrefix(message), "\(error)", sourceLocation: sourceLocation)
            }
        }
    }

    static let refusedFormat = """
    divergences:
      - vector: closer.field/v0
        implementation: swift
        status: refused
        class: format
        reason: "upstream bug #12"
        link: https://example.org/12
    """

    /// An exploration's report (docs/exploration.md, "Reports"): its finding is known by the
    /// exploration rule (every side but one ledgered), the gate passes on it and fails without the
    /// entry; an exploration judges no entry expired or stale; a run of vectors reports an entry that
    /// names exploration findings as not checked, never stale. The report reads back equal, and a
    /// malformed `exploration` object is refused where it is.
    static func explored() -> RunResult {
        let target = ExplorationReport.targetResult(suite: "closer.field", op: "decrypt", ExploredTarget(
            cases: 40, compared: 40, skipped: 0,
            answers: [("swift", .init(answered: 40, compared: 40)), ("tink", .init(answered: 40, compared: 40))]))
        let signature = "closer.field decrypt: tink refused (format) vs swift outputs [accepted or refused]"
        let f = ExploredFinding(kind: .divergence, signature: signature, op: "decrypt", rule: "accepted or refused", seed: 9, caseNumber: 3,
                                occurrences: 2, made: "fresh", input: Fields(ordered: [("wire", .text("enc:v1:AA"))]), shrinkSteps: 1,
                                sides: [.init(implementations: ["tink"], answer: .refused(.format)), .init(implementations: ["swift"], answer: .outputs)],
                                classes: ["wire: 9 characters"], replay: "concord explore closer.field --seed 9 --case 3")
        let id = ExploredFinding.id(op: "decrypt", signature: signature)
        var finding = VectorResult(
            vector: Vector(suite: "closer.field", id: id, file: "explore closer.field", line: 1, column: 1, comment: signature, flags: [], op: "decrypt",
                           result: .pending, input: f.input, expect: .none),
            status: .fail,
            implementations: [ImplementationResult(implementation: "tink", status: .fail, outcome: .refused(ContractError(.format, "bad")), mismatches: [], seconds: 0),
                              ImplementationResult(implementation: "swift", status: .pending, outcome: .outputs(["plaintext": .text("x")]), mismatches: [], seconds: 0)])
        finding.explored = .finding(f)
        let results = [target, finding]
        return RunResult(implementations: ["swift", "tink"].map { ImplementationInfo(name: $0, version: "1", startFailure: nil, processStarts: 1) },
                         results: results, summary: RunSummary(results), wallSeconds: 1, workers: 1)
    }

    @Test func anExplorationsReportIsJudgedByTheExplorationRule() throws {
        let run = Self.explored()
        let name = run.results[1].vector.name
        #expect(name.hasPrefix("closer.field/explore-decrypt-") && name.count == "closer.field/explore-decrypt-".count + 12)
        let ledger = try Self.ledger("""
            divergences:
              - vector: closer.field/explore-decrypt
                implementation: tink
                status: refused
                class: format
                reason: "Tink reads keysetJson alone"
              - vector: closer.field/old
                implementation: swift
                status: fail
                expires: "2001-01-01"
                reason: "long gone"
            """)
        let verdict = ledger.judge(run)
        #expect(verdict.knownVectors == [name])
        #expect(verdict.expired.isEmpty && verdict.stale.isEmpty)
        #expect(Gate().exitStatus(run, ledger: verdict).0 == 0)
        #expect(Gate().exitStatus(run, ledger: nil).0 == 1)
        // Another refusal class is another divergence: not known.
        let other = try Self.ledger("divergences:\n  - vector: closer.field/explore-decrypt\n    implementation: tink\n    status: refused\n    class: parameters\n    reason: r\n")
        #expect(Gate().exitStatus(run, ledger: other.judge(run)).0 == 1)
        // A run of vectors meets no exploration finding: the entry is not checked, never stale.
        let vectors = Self.run([("v1", [("tink", .pass), ("swift", .pass)])])
        let judged = ledger.judge(vectors)
        #expect(!judged.stale.contains { $0.entry == 0 })
        #expect(judged.notChecked.contains { $0.entry == 0 && $0.why.contains("names exploration findings") })

        // The report reads back: the same finding, checked by the reader's rules.
        let json = JSONReport.make(run, concordVersion: "test")
        try ReportCheck.check(json)
        let back = try RunResult(report: json, name: "r.json")
        let f = try #require(back.results.first { $0.vector.name == name }?.explored?.finding)
        #expect(f.signature.hasPrefix("closer.field decrypt: tink refused (format)") && f.sides.map(\.implementations) == [["tink"], ["swift"]])
        #expect(f.input.map(\.key) == ["wire"] && f.classes == ["wire: 9 characters"] && f.occurrences == 2)
        #expect(back.results.first?.explored?.target == run.results[0].explored?.target)
        // A side answer the format does not know is refused at its place.
        let broken = try JSON.parse(json.serialized().replacingOccurrences(of: #""answer":"outputs""#, with: #""answer":"maybe""#))
        #expect(throws: ReportCheck.Problem.self) { try ReportCheck.check(broken) }
        do { try ReportCheck.check(broken) } catch {
            #expect(error.message.contains("sides[1].answer must be outputs, refused or error"), "\(error.message)")
            #expect(error.path.contains(.key("exploration")) && error.path.contains(.key("answer")), "\(error.path)")
        }
    }

    @Test func aRunWhoseOnlyFailuresAreLedgeredPassesTheGateAndEveryFormatShowsThemApart() throws {
        let run = Self.run([("v0", [("swift", .refused(.format)), ("jvm", .pass)]), ("v1", [("swift", .pass), ("jvm", .pass)])])
        let verdict = try Self.ledger(Self.refusedFormat).judge(run, today: "2026-01-01")
        #expect(Gate().exitStatus(run).status == 1)
        let gated = Gate().exitStatus(run, ledger: verdict)
        #expect(gated.status == 0, "\(gated.reasons)")
        #expect(verdict.knownVectors == ["closer.field/v0"] && verdict.stale.isEmpty && verdict.expired.isEmpty)

        let md = MarkdownReport.render(run, ledger: verdict)
        #expect(md.hasPrefix("## ✅ Concord: 1 of 2 vectors passed (1 known, in the ledger)"), "\(md)")
        #expect(md.contains("### 📒 Known divergences (1)") && md.contains("upstream bug \\#12") && !md.contains("### ❌ Failures"), "\(md)")
        let junit = JUnitReport.render(run, ledger: verdict)
        #expect(junit.contains("failures=\"0\"") && junit.contains("<skipped message=\"known divergence (refused (format)): upstream bug #12\">"), "\(junit)")
        let notes = GitHubAnnotations.render(run, ledger: verdict)
        #expect(notes.count == 1 && notes[0].hasPrefix("::notice file=vectors/closer.field.yaml,line=10") && notes[0].contains("upstream bug #12"), "\(notes)")
        let text = TerminalSummary.render(run, ledger: verdict)
        #expect(text.contains("KNOWN   closer.field/v0") && !text.contains("FAIL    "), "\(text)")
        let html = HTMLReport.render(run, ledger: verdict)
        #expect(html.contains("known (ledger)") && html.contains("upstream bug #12"))
        let json = JSONReport.addingLedger(JSONReport.make(run, concordVersion: "t"), verdict, run: run)
        #expect(json["ledger"]?["known"]?.arrayValue?.first?["reason"]?.stringValue == "upstream bug #12")
        #expect(json.objectValue?.last?.key == "results")
        // Without the ledger the same run shows a failure.
        #expect(MarkdownReport.render(run).contains("### ❌ Failures (1)"))
    }

    @Test func aDifferentDivergenceIsANewFailureAndTheEntryStale() throws {
        // Ledgered as refused (format); it now refuses as authentication, or answers wrong bytes.
        for did in [Did.refused(.authentication), .wrong, .error] {
            let run = Self.run([("v0", [("swift", did)])])
            let verdict = try Self.ledger(Self.refusedFormat).judge(run, today: "2026-01-01")
            let gated = Gate().exitStatus(run, ledger: verdict)
            #expect(gated.status == 1 && verdict.knownVectors.isEmpty)
            #expect(gated.reasons.contains("1 vector " + (did.isError ? "could not be checked (error)" : "failed") + " (not in the ledger)"), "\(gated.reasons)")
            #expect(gated.reasons.contains { $0.hasPrefix("l.yaml:2:5: stale ledger entry closer.field/v0 on swift") && $0.contains("no longer diverges as ledgered") }, "\(gated.reasons)")
        }
        // A class left out matches any refusal.
        let any = try Self.ledger("divergences: [{vector: closer.field/v0, implementation: swift, status: refused, reason: r}]")
        let run = Self.run([("v0", [("swift", .refused(.key))])])
        #expect(Gate().exitStatus(run, ledger: any.judge(run)).status == 0)
    }

    /// `against` holds an entry to what the vector expects: `refused` only an invalid vector.
    @Test func anEntryAgainstRefusedKnowsOnlyAnInvalidVector() throws {
        let against = try Self.ledger("divergences: [{vector: closer.field/v0, implementation: swift, status: refused, against: refused, reason: r}]")
        // The helper's vector expects outputs: a refusal of it is not known.
        let run = Self.run([("v0", [("swift", .refused(.key))])])
        #expect(Gate().exitStatus(run, ledger: against.judge(run)).status == 1)
        var invalid = run
        invalid.results[0].vector = Vector(suite: "closer.field", id: "v0", file: "vectors/closer.field.yaml", line: 10, column: 3, comment: nil,
                                           flags: [], op: nil, result: .invalid, input: [:], expect: .error(.format), inputOrder: [])
        #expect(Gate().exitStatus(invalid, ledger: against.judge(invalid)).status == 0)
    }

    @Test func anEntryThatNoLongerDivergesIsStale() throws {
        let run = Self.run([("v0", [("swift", .pass)])])
        let verdict = try Self.ledger(Self.refusedFormat).judge(run, today: "2026-01-01")
        let gated = Gate().exitStatus(run, ledger: verdict)
        #expect(gated.status == 1)
        #expect(gated.reasons == ["l.yaml:2:5: stale ledger entry closer.field/v0 on swift (refused (format)): it no longer diverges: closer.field/v0 passes on swift; remove it (its reason: upstream bug #12)"], "\(gated.reasons)")
        #expect(MarkdownReport.render(run, ledger: verdict).contains("### ❌ Stale or expired ledger entries (1)"))
        #expect(JUnitReport.render(run, ledger: verdict).contains("<testsuite name=\"concord.ledger\" tests=\"1\" failures=\"1\""))
        #expect(GitHubAnnotations.render(run, ledger: verdict).first?.hasPrefix("::error file=l.yaml,line=2,col=5,") == true)
    }

    @Test func anExpiredEntryFailsTheGateFromTheNextDay() throws {
        let ledger = try Self.ledger(Self.refusedFormat + "\n    expires: 2026-03-31\n")
        let run = Self.run([("v0", [("swift", .refused(.format))])])
        #expect(Gate().exitStatus(run, ledger: ledger.judge(run, today: "2026-03-31")).status == 0)
        let late = Gate().exitStatus(run, ledger: ledger.judge(run, today: "2026-04-01"))
        #expect(late.status == 1 && late.reasons == ["l.yaml:2:5: ledger entry closer.field/v0 on swift expired on 2026-03-31 (its reason: upstream bug #12)"], "\(late.reasons)")
    }

    @Test func patternsCoverFamiliesAndEntriesTheRunCannotHoldAreNotChecked() throws {
        let ledger = try Self.ledger("""
        divergences:
          - {vector: "closer.field/long-*", implementation: jvm, status: fail, reason: "BigInteger drops a zero"}
          - {vector: "closer.field/gone-?", implementation: jvm, status: fail, reason: "was renamed"}
          - {vector: "closer.keybox/x", implementation: jvm, status: error, reason: "another suite"}
          - {vector: "closer.field/long-a", implementation: node, status: error, reason: "node is not in this run"}
        """)
        let run = Self.run([("long-a", [("jvm", .wrong)]), ("long-b", [("jvm", .wrong)]), ("short", [("jvm", .pass)])])
        let verdict = ledger.judge(run, today: "2026-01-01")
        #expect(verdict.knownVectors == ["closer.field/long-a", "closer.field/long-b"])
        // A pattern naming no vector of a suite the run holds is stale; the other two are not checked.
        #expect(verdict.stale.map(\.entry) == [1] && verdict.stale[0].why == "this run has no vector matching closer.field/gone-?")
        #expect(verdict.notChecked.map(\.entry) == [2, 3], "\(verdict.notChecked)")
        #expect(Gate().exitStatus(run, ledger: verdict).status == 1)
        // In a shard, an entry naming no vector of the slice is the merge's to hold.
        #expect(ledger.judge(run, today: "2026-01-01", shard: true).stale.isEmpty)
        // Old suite names are the same vectors.
        let old = try Self.ledger("divergences: [{vector: field/short, implementation: jvm, status: fail, reason: r}]")
        let failing = Self.run([("short", [("jvm", .wrong)])])
        #expect(old.judge(failing).knownVectors == ["closer.field/short"])
    }

    @Test func aVectorIsKnownOnlyWhenEveryFailingImplementationIs() throws {
        let run = Self.run([("v0", [("swift", .refused(.format)), ("jvm", .wrong)])])
        let verdict = try Self.ledger(Self.refusedFormat).judge(run, today: "2026-01-01")
        #expect(verdict.knownVectors.isEmpty && verdict.entry(run.results[0], "swift") != nil)
        #expect(Gate().exitStatus(run, ledger: verdict).status == 1)
        let md = MarkdownReport.render(run, ledger: verdict)
        #expect(md.contains("### ❌ Failures (1)") && !md.contains("Known divergences"), "\(md)")
        // JUnit: the known pair is skipped, the other one fails.
        let junit = JUnitReport.render(run, ledger: verdict)
        #expect(junit.contains("failures=\"1\"") && junit.contains("skipped=\"1\""), "\(junit)")
        // The JSON lists the known pair all the same.
        let json = verdict.json(run)
        #expect(json["known"]?.arrayValue?.map { $0["implementation"]?.stringValue } == ["swift"], "\(json.serialized())")
    }

    @Test func aMalformedLedgerIsRefusedAtItsPlace() {
        let cases: [(String, String)] = [
            ("divergences: [{vector: a/b, implementation: swift, status: unsupported, reason: x}]", "l.yaml:1:60: divergences[0].status \"unsupported\" is not one of fail, refused, error (unsupported is never a pass"),
            ("divergences: [{vector: a/b, implementation: swift, status: fail}]", "l.yaml:1:15: divergences[0] has no reason"),
            ("divergences: [{vector: a/b, implementation: swift, status: fail, reason: x, expires: 2025-02-29}]", "l.yaml:1:86: divergences[0].expires \"2025-02-29\" is not a date YYYY-MM-DD"),
            ("divergences: [{vector: a/b, implementation: swift, status: fail, reason: x, colour: red}]", "l.yaml:1:77: divergences[0] has an unknown key \"colour\""),
            ("divergences: [{vector: a/b, implementation: swift, status: fail, class: format, reason: x}]", "l.yaml:1:73: divergences[0].class is the class of a refusal"),
            ("divergences: [{vector: a/b, implementation: swift, status: refused, class: tag, reason: x}]", "l.yaml:1:76: divergences[0].class \"tag\" is not one of"),
            ("divergences: [{vector: a/b, implementation: swift, status: fail, reason: 5}]", "l.yaml:1:74: divergences[0].reason must be a string, found an integer"),
            ("divergences: [{vector: ab, implementation: swift, status: fail, reason: x}]", "l.yaml:1:24: divergences[0].vector \"ab\" is not a vector name"),
            ("divergences:\n  - {vector: a/b, implementation: swift, status: fail, reason: x}\n  - {vector: a/b, implementation: swift, status: error, reason: y}\n", "l.yaml:3:5: divergences[1] names a/b on swift again (first at l.yaml:2:5)"),
            ("format: concord-ledger/2\ndivergences: []", "l.yaml:1:9: format is \"concord-ledger/2\""),
            ("divergence: []", "l.yaml:1:1: the ledger has an unknown key \"divergence\""),
            ("format: concord-ledger/1", "l.yaml:1:1: the ledger has no divergences list"),
            ("divergences: [", "l.yaml:"),
        ]
        Self.expectRefused(cases)
        // An implementation the caller does not know is refused at its place.
        #expect(throws: Ledger.Problem.self) {
            try Ledger.parse(Array("divergences: [{vector: a/b, implementation: swif, status: fail, reason: x}]".utf8), file: "l.yaml") { $0 == "swift" }
        }
    }

    /// The editor's schema names exactly the keys, statuses and classes the reader takes.
    @Test func theSchemaNamesWhatTheReaderTakes() throws {
        let text = try String(contentsOfFile: repositoryRoot + "/schemas/ledger.schema.json", encoding: .utf8)
        let schema = try JSON.parse(text)
        let item = try #require(schema["properties"]?["divergences"]?["items"])
        #expect(schema["properties"]?.objectValue?.map(\.key) == ["format", "divergences", "retired"])
        let retired = try #require(schema["properties"]?["retired"]?["items"])
        #expect(retired["properties"]?.objectValue?.map(\.key) == ["vector", "reason", "date"])
        #expect(retired["required"]?.arrayValue?.compactMap(\.stringValue) == ["vector", "reason", "date"])
        #expect(item["properties"]?.objectValue?.map(\.key) == Ledger.entryKeys)
        #expect(Ledger.entryKeys.contains("against"))
        #expect(item["properties"]?["against"]?["enum"]?.arrayValue?.compactMap(\.stringValue) == Ledger.Against.allCases.map(\.rawValue))
        #expect(item["properties"]?["status"]?["enum"]?.arrayValue?.compactMap(\.stringValue) == Ledger.Divergence.allCases.map(\.rawValue))
        #expect(item["properties"]?["class"]?["enum"]?.arrayValue?.compactMap(\.stringValue) == ErrorClass.allCases.map(\.rawValue))
        #expect(item["required"]?.arrayValue?.compactMap(\.stringValue) == ["vector", "implementation", "status", "reason"])
        // Every key the schema allows is one the reader takes: an entry with all of them reads.
        _ = try LedgerTests.ledger("format: concord-ledger/1\ndivergences: [{vector: a/b, implementation: swift, status: refused, class: key, reason: r, expires: 2030-01-01, link: l}]")
    }

    @Test func globsMatchWholeNames() {
        #expect(Ledger.glob("a/*", "a/b/c") && Ledger.glob("a/?c", "a/bc") && Ledger.glob("*", ""))
        #expect(!Ledger.glob("a/?", "a/bc") && !Ledger.glob("a/b", "a/bc") && !Ledger.glob("*x", "xa"))
        #expect(Ledger.isDate("2024-02-29") && !Ledger.isDate("2023-02-29") && !Ledger.isDate("2024-13-01") && !Ledger.isDate("24-01-01"))
    }

    /// A shadowed entry (an earlier one knows the failure it describes) is stale with its true
    /// reason, naming the earlier entry: never "passes" while the vector fails. Red before: the
    /// reason was "it no longer diverges: closer.field/v0 passes on swift".
    @Test func aShadowedEntryIsStaleAndNamesTheEntryThatShadowsIt() throws {
        let text = """
        divergences:
          - {vector: "closer.field/v*", implementation: swift, status: fail, reason: "swift's field cipher"}
          - {vector: closer.field/v0, implementation: swift, status: fail, reason: "upstream #5"}
        """
        let run = Self.run([("v0", [("swift", .wrong)]), ("v1", [("swift", .wrong)])])
        let verdict = try Self.ledger(text).judge(run, today: "2026-01-01")
        #expect(verdict.knownVectors == ["closer.field/v0", "closer.field/v1"])
        #expect(verdict.stale.map(\.entry) == [1], "\(verdict.stale)")
        let reasons = Gate().exitStatus(run, ledger: verdict).reasons
        #expect(reasons == ["l.yaml:3:5: stale ledger entry closer.field/v0 on swift (fail): an earlier entry knows every failure it describes in this run "
                            + "(l.yaml:2:5: closer.field/v* on swift, fail), so it knows none and its reason is never shown; move it above that entry, "
                            + "or remove it (its reason: upstream #5)"], "\(reasons)")
        #expect(!reasons.joined().contains("passes"))
        #expect(verdict.json(run)["stale"]?.arrayValue?.first?["shadowedBy"]?.stringValue == "l.yaml:2:5")
        #expect(TerminalSummary.render(run, ledger: verdict).contains("        its reason: upstream #5"))
        // Put first, the precise entry knows v0 and the pattern the rest: nothing is stale.
        let reordered = try Self.ledger("""
        divergences:
          - {vector: closer.field/v0, implementation: swift, status: fail, reason: "upstream #5"}
          - {vector: "closer.field/v*", implementation: swift, status: fail, reason: "swift's field cipher"}
        """).judge(run, today: "2026-01-01")
        #expect(reordered.stale.isEmpty && reordered.entry(run.results[0], "swift")?.reason == "upstream #5")
        // An entry describing another divergence than the earlier one is not shadowed by it.
        let other = try Self.ledger(text.replacingOccurrences(of: "{vector: closer.field/v0, implementation: swift, status: fail",
                                                             with: "{vector: closer.field/v0, implementation: swift, status: refused"))
        #expect(other.judge(run, today: "2026-01-01").stale.first?.why == "it no longer diverges as ledgered: closer.field/v0 on swift now fails with a wrong answer")
    }

    /// A ledgered vector that is now pending is not said to pass. Red before ("passes on swift").
    @Test func anEntryOfAVectorNowPendingSaysSo() throws {
        let run = Self.run([("v0", [("swift", .pending)])])
        let verdict = try Self.ledger(Self.refusedFormat).judge(run, today: "2026-01-01")
        #expect(verdict.stale.map(\.why) == ["it no longer diverges as ledgered: closer.field/v0 on swift is now pending (a placeholder: its values are not compared)"])
    }

    /// In a shard, a pattern that knows none of the slice's failures may know another shard's:
    /// the merge holds it. Red before: stale in the shard whose vectors it names pass.
    @Test func aPatternInAShardThatKnowsNothingThereIsNotChecked() throws {
        let ledger = try Self.ledger("divergences: [{vector: \"closer.field/v*\", implementation: swift, status: fail, reason: r}]")
        let slice = Self.run([("v0", [("swift", .pass)])])
        let verdict = ledger.judge(slice, today: "2026-01-01", shard: true)
        #expect(verdict.stale.isEmpty && verdict.notChecked.map(\.entry) == [0], "\(verdict.stale)")
        // The whole run holds it.
        #expect(ledger.judge(slice, today: "2026-01-01").stale.map(\.entry) == [0])
    }

    /// Old suite names are the same vectors in a pattern too, and the same vector spelled twice is
    /// the same entry twice. Red before: `field/v*` knew no `closer.field` vector; both spellings read.
    @Test func oldSuiteNamesInPatternsAndDuplicates() throws {
        let run = Self.run([("v0", [("swift", .wrong)])])
        let old = try Self.ledger("divergences: [{vector: \"field/v*\", implementation: swift, status: fail, reason: r}]")
        #expect(old.judge(run, today: "2026-01-01").knownVectors == ["closer.field/v0"])
        do {
            _ = try Self.ledger("divergences:\n  - {vector: closer.field/a, implementation: swift, status: fail, reason: x}\n  - {vector: field/a, implementation: swift, status: error, reason: y}\n")
            Issue.record("accepted one vector twice")
        } catch {
            #expect("\(error)" == "l.yaml:3:5: divergences[1] names field/a (closer.field/a) on swift again (first at l.yaml:2:5)")
        }
    }

    /// The JSON report's known pair names `against` once. Red before: written twice, a duplicate key.
    @Test func aKnownPairWithAgainstIsOneKeyOnce() throws {
        let ledger = try Self.ledger("divergences: [{vector: closer.field/v0, implementation: swift, status: refused, against: accepted, reason: r}]")
        let run = Self.run([("v0", [("swift", .refused(.key))])])
        let known = try #require(ledger.judge(run).json(run)["known"]?.arrayValue?.first?.objectValue)
        #expect(known.filter { $0.key == "against" }.count == 1, "\(known.map(\.key))")
    }

    /// A pattern that can name every vector of a suite silences it: refused unless the entry says so
    /// with `scope`, and `scope` must say what the pattern names. Red before: `*` read without a word.
    @Test func aPatternThatSilencesAWholeSuiteMustSaySo() throws {
        let cases: [(String, String)] = [
            ("divergences: [{vector: \"*\", implementation: swift, status: fail, reason: x}]",
             "l.yaml:1:24: divergences[0].vector \"*\" names every vector of every suite it matches, so the entry silences all of them on its implementation: say so with scope: suites, or name fewer vectors (docs/ledger.md)"),
            ("divergences: [{vector: \"closer.field/*\", implementation: swift, status: fail, reason: x}]",
             "l.yaml:1:24: divergences[0].vector \"closer.field/*\" names every vector of the suite closer.field, so the entry silences all of them on its implementation: say so with scope: suite"),
            ("divergences: [{vector: \"closer.field/*\", scope: suites, implementation: swift, status: fail, reason: x}]",
             "l.yaml:1:49: divergences[0].scope is suites, but \"closer.field/*\" names every vector of the suite closer.field: write scope: suite"),
            ("divergences: [{vector: \"closer.field/long-*\", scope: suite, implementation: swift, status: fail, reason: x}]",
             "l.yaml:1:54: divergences[0].scope: \"closer.field/long-*\" cannot name every vector of a suite; scope is only for a pattern that can (remove it)"),
            ("divergences: [{vector: closer.field/a, scope: suite, implementation: swift, status: fail, reason: x}]",
             "l.yaml:1:47: divergences[0].scope: \"closer.field/a\" cannot name every vector of a suite"),
            ("divergences: [{vector: \"*\", scope: all, implementation: swift, status: fail, reason: x}]",
             "l.yaml:1:36: divergences[0].scope \"all\" is not one of suite, suites"),
        ]
        Self.expectRefused(cases)
        // With its scope it reads; every other form that names a whole suite needs it too.
        for (pattern, scope) in [("*", "suites"), ("closer.field/*", "suite"), ("field/*", "suite"), ("closer.*", "suites"), ("*/*", "suites"),
                                 ("closer.field/?*", "suite"), ("closer.field/*?", "suite"), ("closer.field*", "suites"), ("?*", "suites"),
                                 ("scenario:closer.couple/*", "suite"), ("c*r.field/**", "suites")] {
            let entry = "{vector: \"\(pattern)\", implementation: swift, status: fail, reason: x}"
            #expect(throws: Ledger.Problem.self, "\(pattern)") { try Self.ledger("divergences: [\(entry)]") }
            let read = try Self.ledger("divergences: [\(entry.replacingOccurrences(of: ", implementation", with: ", scope: \(scope), implementation"))]")
            #expect(read.entries.first?.scope?.rawValue == scope, "\(pattern)")
        }
        // Patterns that name part of a suite only need none.
        for pattern in ["closer.field/long-*", "closer.field/??*", "closer.field/?", "*/long-*", "*x", "closer.field/*/x", "closer.field/???", "/*"] {
            #expect(try Self.ledger("divergences: [{vector: \"\(pattern)\", implementation: swift, status: fail, reason: x}]").entries.count == 1, "\(pattern)")
        }
    }

    /// An entry with a scope is warned of on every run, at its line, with what it silences, in every
    /// format (never a gate failure of its own).
    @Test func anEntryWithAScopeIsWarnedOfWithWhatItSilences() throws {
        let ledger = try Self.ledger("""
        divergences:
          - vector: "closer.field/*"
            scope: suite
            implementation: swift
            status: fail
            reason: "swift's field cipher is being rewritten"
        """)
        let run = Self.run([("v0", [("swift", .wrong)]), ("v1", [("swift", .wrong)]), ("v2", [("swift", .pass)])])
        let verdict = ledger.judge(run, today: "2026-01-01")
        #expect(Gate().exitStatus(run, ledger: verdict).status == 0)
        let warning = "l.yaml:2:5: ledger entry closer.field/* on swift (fail, scope: suite) silences every vector of the suite closer.field: "
            + "it knows 2 failures of this run (of 3 answers of swift it names)"
        #expect(verdict.warnings == [warning], "\(verdict.warnings)")
        #expect(TerminalSummary.render(run, ledger: verdict).contains("BROAD   closer.field/* on swift (fail, scope: suite)  (l.yaml:2:5): silences every vector"))
        #expect(MarkdownReport.render(run, ledger: verdict).contains("### ⚠️ Ledger entries that silence whole suites (1)"))
        #expect(GitHubAnnotations.render(run, ledger: verdict).contains { $0.hasPrefix("::warning file=l.yaml,line=2,col=5,") })
        #expect(HTMLReport.render(run, ledger: verdict).contains("silences every vector of the suite closer.field"))
        let broad = verdict.json(run)["broad"]?.arrayValue?.first
        #expect(broad?["knows"]?.intValue == 2 && broad?["names"]?.intValue == 3 && broad?["scope"]?.stringValue == "suite")
        // An entry without a scope adds no `broad` list to the report.
        #expect(try Self.ledger(Self.refusedFormat).judge(run).json(run)["broad"] == nil)
    }

    // MARK: compare

    @Test func compareClassifiesEveryChangeAndCountsRegressions() throws {
        let base = Self.run([
            ("stays", [("swift", .pass)]), ("breaks", [("swift", .pass)]), ("fixed", [("swift", .wrong)]),
            ("class", [("swift", .refused(.format))]), ("unsup", [("swift", .pass)]), ("gone-pass", [("swift", .pass)]),
            ("gone-fail", [("swift", .wrong)]), ("errs", [("swift", .wrong)]),
        ])
        let head = Self.run([
            ("stays", [("swift", .pass)]), ("breaks", [("swift", .error)]), ("fixed", [("swift", .pass)]),
            ("class", [("swift", .refused(.key))]), ("unsup", [("swift", .unsupported)]), ("new-pass", [("swift", .pass)]),
            ("new-fail", [("swift", .wrong)]), ("errs", [("swift", .error)]),
        ])
        let r = try ReportComparison.compare(base, head, baseName: "base.json", headName: "head.json")
        func kind(_ id: String) -> (ReportComparison.Kind, Bool)? {
            r.changes.first { $0.vector == "closer.field/" + id }.map { ($0.kind, $0.regression) }
        }
        #expect(r.unchanged == 1 && kind("stays") == nil)
        #expect(kind("breaks")! == (.passToFail, true))
        #expect(kind("fixed")! == (.fixed, false))
        #expect(kind("class")! == (.otherClass, true))
        #expect(kind("unsup")! == (.newlyUnsupported, true))
        #expect(kind("gone-pass")! == (.gone, true))
        #expect(kind("gone-fail")! == (.gone, false))
        #expect(kind("new-pass")! == (.new, false))
        #expect(kind("new-fail")! == (.new, true))
        #expect(kind("errs")! == (.failsDifferently, true))
        #expect(r.regressions == 6)
        let md = ReportComparison.markdown(r)
        #expect(md.hasPrefix("## ❌ Concord compare: 6 regressions\n"), "\(md)")
        #expect(md.contains("### ❌ Regressions (6)") && md.contains("### ✅ Fixed (1)"), "\(md)")
        #expect(md.contains("| `closer.field/class` (`vectors/closer.field.yaml:13`) | `swift` | `fail: refused (format)` | `fail: refused (key)` | refused with another class |"), "\(md)")
        let json = ReportComparison.json(r)
        #expect(json["format"]?.stringValue == "concord-compare/1" && json["summary"]?["regressions"]?.intValue == 6)
        // No change at all: no regression.
        let same = try ReportComparison.compare(base, base, baseName: "a", headName: "b")
        #expect(same.regressions == 0 && same.changes.isEmpty && ReportComparison.markdown(same).hasPrefix("## ✅ Concord compare: no regression"))
    }

    /// A pair that becomes pending is no longer compared: coverage lost, a regression. Red before:
    /// `pass → pending` was an "other change".
    @Test func compareCallsAPairThatBecomesPendingARegression() throws {
        let base = Self.run([("p", [("swift", .pass)]), ("f", [("swift", .wrong)]), ("back", [("swift", .pending)]), ("back-fail", [("swift", .pending)])])
        let head = Self.run([("p", [("swift", .pending)]), ("f", [("swift", .pending)]), ("back", [("swift", .pass)]), ("back-fail", [("swift", .wrong)])])
        let json = ReportComparison.json(try ReportComparison.compare(base, head, baseName: "b", headName: "h"))
        func change(_ id: String) -> (kind: String?, regression: Bool?) {
            let c = json["changes"]?.arrayValue?.first { $0["vector"]?.stringValue == "closer.field/" + id }
            return (c?["kind"]?.stringValue, c?["regression"].map { $0.serialized() == "true" })
        }
        #expect(change("p") == ("newly-pending", true))
        #expect(change("f") == ("newly-pending", true))
        // Compared again: a failure that was not shown is a regression, a pass is not.
        #expect(change("back") == ("changed", false))
        #expect(change("back-fail") == ("changed", true))
        #expect(json["summary"]?["regressions"]?.intValue == 3 && json["summary"]?["newly-pending"]?.intValue == 2)
    }

    /// Two different wrong answers are two states: a change with both values. Red before: the
    /// same state, unchanged. A different set of failing implementations is a change per pair.
    @Test func compareTellsTwoWrongAnswersApart() throws {
        let base = Self.run([("v", [("swift", .answered([1, 3]))]), ("same", [("swift", .answered([7]))]),
                             ("moved", [("jvm", .wrong), ("swift", .pass)])])
        let head = Self.run([("v", [("swift", .answered([1, 4]))]), ("same", [("swift", .answered([7]))]),
                             ("moved", [("jvm", .pass), ("swift", .wrong)])])
        let r = try ReportComparison.compare(base, head, baseName: "b", headName: "h")
        let json = ReportComparison.json(r)
        let v = try #require(json["changes"]?.arrayValue?.first { $0["vector"]?.stringValue == "closer.field/v" })
        #expect(v["kind"]?.stringValue == "other-answer" && v["regression"]?.serialized() == "true")
        #expect(v["base"]?["mismatch"]?.arrayValue?.first?["actual"]?["hex"]?.stringValue == "0103")
        #expect(v["head"]?["mismatch"]?.arrayValue?.first?["actual"]?["hex"]?.stringValue == "0104")
        #expect(v["detail"]?.stringValue == "key: another value from byte 1")
        #expect(!(json["changes"]?.arrayValue ?? []).contains { $0["vector"]?.stringValue == "closer.field/same" })
        let moved = (json["changes"]?.arrayValue ?? []).filter { $0["vector"]?.stringValue == "closer.field/moved" }
        #expect(moved.map { "\($0["implementation"]?.stringValue ?? "") \($0["kind"]?.stringValue ?? "")" } == ["jvm fixed", "swift pass-to-fail"])
        let md = ReportComparison.markdown(r)
        #expect(md.contains("| `fail: wrong answer: key = 0103` | `fail: wrong answer: key = 0104` | another wrong answer (key: another value from byte 1) |"), "\(md)")
        // Long values alike at both ends are cut in the middle, and the change says where they differ.
        let long = [UInt8](repeating: 0xab, count: 40)
        var other = long
        other[20] = 0
        let cut = try ReportComparison.compare(Self.run([("v", [("swift", .answered(long))])]), Self.run([("v", [("swift", .answered(other))])]),
                                               baseName: "b", headName: "h")
        #expect(ReportComparison.json(cut)["changes"]?.arrayValue?.first?["detail"]?.stringValue == "key: another value from byte 20")
        #expect(ReportComparison.markdown(cut).contains("abababababababababababab…abababababab (80 characters)"))
    }

    @Test func compareRefusesReportsOfDifferentSuites() {
        let a = Self.run([("v", [("swift", .pass)])])
        let b = Self.run([("v", [("swift", .pass)])], suite: "closer.keybox")
        #expect(throws: ReportComparison.Problem.self) { try ReportComparison.compare(a, b, baseName: "a", headName: "b") }
        let c = Self.run([("v", [("jvm", .pass)])])
        #expect(throws: ReportComparison.Problem.self) { try ReportComparison.compare(a, c, baseName: "a", headName: "c") }
    }
}

extension LedgerTests.Did {
    var isError: Bool { if case .error = self { return true } else { return false } }
}

/// The ledger and compare through the binary: located refusals, exit statuses, the project file's key.
@Suite(.serialized) struct LedgerCLITests {
    func concord(_ args: [String], in dir: String, timeout: Double = 120) throws -> ProcessOutput {
        var env = ProcessInfo.processInfo.environment
        env["CONCORD_HOME"] = repositoryRoot
        env.removeValue(forKey: "GITHUB_ACTIONS")
        env.removeValue(forKey: "GITHUB_STEP_SUMMARY")
        return try runProcess("/bin/sh", ["-c", "cd \"$0\" && exec \"$@\"", dir, concordBinary] + args, environment: env, timeout: timeout)
    }

    func report(_ run: RunResult, to path: String) {
        write(JSONReport.make(run, concordVersion: "test").serialized(pretty: true) + "\n", to: path)
    }

    @Test func reportAndMergeHoldASavedReportToTheLedger() throws {
        let dir = temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        report(LedgerTests.run([("v0", [("swift", .refused(.format)), ("jvm", .pass)])]), to: dir + "/r.json")
        write(LedgerTests.refusedFormat + "\n", to: dir + "/l.yaml")
        let without = try concord(["report", "r.json"], in: dir)
        #expect(without.status == 1, "\(without.stderr)")
        let with = try concord(["report", "r.json", "--ledger", "l.yaml"], in: dir)
        #expect(with.status == 0 && with.stdout.contains("KNOWN   closer.field/v0"), "\(with.stdout)\(with.stderr)")
        // The project file's ledger: key, relative to its folder; adapters still read beside it.
        write("ledger: l.yaml\nadapters: {}\n", to: dir + "/concord.yaml")
        let project = try concord(["report", "r.json"], in: dir)
        #expect(project.status == 0, "\(project.stdout)\(project.stderr)")
        let listed = try concord(["list", "--implementations", "swift"], in: dir)
        #expect(!listed.stderr.contains("unknown key"), "\(listed.stderr)")
        // merge writes the verdict into the JSON report.
        let merged = try concord(["merge", "r.json", "-o", "m.json", "-q"], in: dir)
        #expect(merged.status == 0, "\(merged.stderr)")
        let m = try JSON.parse(String(contentsOfFile: dir + "/m.json", encoding: .utf8))
        #expect(m["ledger"]?["known"]?.arrayValue?.count == 1 && m["ledger"]?["file"]?.stringValue == "l.yaml", "\(m["ledger"]?.serialized() ?? "none")")
        // A stale entry fails; a malformed ledger is a located exit 2.
        report(LedgerTests.run([("v0", [("swift", .pass)])]), to: dir + "/p.json")
        let stale = try concord(["report", "p.json", "-q"], in: dir)
        #expect(stale.status == 1 && stale.stderr.contains("l.yaml:2:5: stale ledger entry closer.field/v0 on swift"), "\(stale.stderr)")
        write("divergences: [{vector: a/b, implementation: swif, status: fail, reason: x}]\n", to: dir + "/bad.yaml")
        let bad = try concord(["report", "r.json", "--ledger", "bad.yaml"], in: dir)
        #expect(bad.status == 2 && bad.stderr.contains("bad.yaml:1:45: divergences[0].implementation: unknown implementation \"swif\""), "\(bad.stderr)")
        write("ledger: 5\n", to: dir + "/concord.yaml")
        let badProject = try concord(["report", "r.json"], in: dir)
        #expect(badProject.status == 2 && badProject.stderr.contains("concord.yaml:1:9: ledger must be the path of the ledger file"), "\(badProject.stderr)")
    }

    @Test func aRunWithALedgerPassesOnKnownFailuresAndItsReportSaysSo() throws {
        let dir = temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        // The vector expects format; saying authentication instead makes every implementation fail by
        // refusing with format (CONTRACT.md §7: scaleValue out of range has no canonical JSON).
        let original = try String(contentsOfFile: repositoryRoot + "/vectors/closer/commitment/invalid.yaml", encoding: .utf8)
        #expect(original.contains("expect: {error: format}"))
        write(original.replacingOccurrences(of: "expect: {error: format}", with: "expect: {error: authentication}"), to: dir + "/v.yaml")
        write("""
        divergences:
          - vector: "closer.commitment/commitment-scale-*"
            implementation: swift
            status: refused
            class: format
            reason: "the vector says authentication \\u001B[2J on purpose"
        """, to: dir + "/l.yaml")
        let plain = try concord(["run", "v.yaml", "--implementations", "swift", "-o", "r0.json", "-q"], in: dir)
        #expect(plain.status == 1, "\(plain.stderr)")
        let out = try concord(["run", "v.yaml", "--implementations", "swift", "-o", "r.json", "--ledger", "l.yaml", "--junit", "j.xml", "--markdown", "m.md"], in: dir)
        #expect(out.status == 0, "\(out.stdout)\(out.stderr)")
        #expect(out.stdout.contains("KNOWN   closer.commitment/commitment-scale-out-of-range") && !out.stdout.contains("\u{1B}"), "\(out.stdout)")
        let md = try String(contentsOfFile: dir + "/m.md", encoding: .utf8)
        #expect(md.contains("Known divergences (1)") && !md.contains("\u{1B}"), "\(md)")
        let report = try JSON.parse(String(contentsOfFile: dir + "/r.json", encoding: .utf8))
        #expect(report["ledger"]?["known"]?.arrayValue?.first?["origin"]?.stringValue == "l.yaml:2:5", "\(report["ledger"]?.serialized() ?? "none")")
        #expect(report.objectValue?.last?.key == "results" && report["summary"]?["failed"]?.intValue == 1)
        // The reason really holds the escape character that the terminal and Markdown did not print.
        #expect(report["ledger"]?["known"]?.arrayValue?.first?["reason"]?.stringValue?.contains("\u{1B}[2J") == true)
        // The JUnit file stays valid against schemas/junit.xsd with the skipped known case.
        if let xmllint = ["/usr/bin/xmllint", "/bin/xmllint"].first(where: { FileManager.default.isExecutableFile(atPath: $0) }) {
            let check = try runProcess(xmllint, ["--noout", "--schema", repositoryRoot + "/schemas/junit.xsd", dir + "/j.xml"])
            #expect(check.status == 0, "\(check.stderr)")
        }
        // The stale entry of a run where it passes: exit 1, the reason on standard error.
        write(original, to: dir + "/v.yaml")
        let stale = try concord(["run", "v.yaml", "--implementations", "swift", "-o", "r2.json", "--ledger", "l.yaml", "-q"], in: dir)
        #expect(stale.status == 1 && stale.stderr.contains("l.yaml:2:5: stale ledger entry closer.commitment/commitment-scale-* on swift"), "\(stale.stderr)")
        // A malformed ledger stops the run before it starts.
        write("divergences: [{vector: a/b, implementation: swift, status: pass, reason: x}]\n", to: dir + "/bad.yaml")
        let bad = try concord(["run", "v.yaml", "--implementations", "swift", "-o", "r3.json", "--ledger", "bad.yaml"], in: dir)
        #expect(bad.status == 2 && bad.stderr.contains("bad.yaml:1:60: divergences[0].status \"pass\"") && !FileManager.default.fileExists(atPath: dir + "/r3.json"), "\(bad.stderr)")
    }

    @Test func validateChecksALedgerAndAFolderScanPassesOverIt() throws {
        let dir = temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        write("format: concord-ledger/1\n" + LedgerTests.refusedFormat + "\n", to: dir + "/v/ledger.yaml")
        let ok = try concord(["validate", "v/ledger.yaml"], in: dir)
        #expect(ok.status == 0 && ok.stdout.contains("(and 1 captured-outputs, report, export or ledger file)"), "\(ok.stdout)\(ok.stderr)")
        write("format: concord-ledger/1\ndivergences: [{vector: a/b, implementation: swift, status: fail}]\n", to: dir + "/v/bad.yaml")
        let bad = try concord(["validate", "v"], in: dir)
        #expect(bad.status == 2 && bad.stdout.contains("invalid v/bad.yaml:2:15: divergences[0] has no reason"), "\(bad.stdout)\(bad.stderr)")
        try FileManager.default.removeItem(atPath: dir + "/v/bad.yaml")
        try FileManager.default.copyItem(atPath: repositoryRoot + "/vectors/closer/commitment/invalid.yaml", toPath: dir + "/v/c.yaml")
        let run = try concord(["run", "v", "--implementations", "swift", "-o", "r.json", "-q"], in: dir)
        #expect(run.status == 0 && run.stderr.contains("v/ledger.yaml: skipped, a divergence ledger (concord-ledger/1) is not a vector file"), "\(run.stderr)")
    }

    @Test func compareExitsOneOnARegressionAndTwoOnReportsThatDoNotFit() throws {
        let dir = temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        report(LedgerTests.run([("v0", [("swift", .pass)]), ("v1", [("swift", .wrong)])]), to: dir + "/base.json")
        report(LedgerTests.run([("v0", [("swift", .refused(.format))]), ("v1", [("swift", .pass)])]), to: dir + "/head.json")
        let same = try concord(["compare", "base.json", "base.json"], in: dir)
        #expect(same.status == 0 && same.stdout.hasPrefix("## ✅ Concord compare: no regression"), "\(same.stdout)\(same.stderr)")
        let worse = try concord(["compare", "base.json", "head.json"], in: dir)
        #expect(worse.status == 1 && worse.stdout.hasPrefix("## ❌ Concord compare: 1 regression\n"), "\(worse.stdout)\(worse.stderr)")
        let json = try concord(["compare", "base.json", "head.json", "--json", "-o", "c.json"], in: dir)
        #expect(json.status == 1 && json.stdout.isEmpty, "\(json.stderr)")
        let c = try JSON.parse(String(contentsOfFile: dir + "/c.json", encoding: .utf8))
        #expect(c["summary"]?["pass-to-fail"]?.intValue == 1 && c["summary"]?["fixed"]?.intValue == 1)
        // Not a report (the comparison itself), another suite, an output that is an input: exit 2.
        let notReport = try concord(["compare", "base.json", "c.json"], in: dir)
        #expect(notReport.status == 2 && notReport.stderr.contains("c.json:2:13: not a concord-report/1 report"), "\(notReport.stderr)")
        report(LedgerTests.run([("v0", [("swift", .pass)])], suite: "closer.keybox"), to: dir + "/other.json")
        let other = try concord(["compare", "base.json", "other.json"], in: dir)
        #expect(other.status == 2 && other.stderr.contains("share no suite"), "\(other.stderr)")
        let clobber = try concord(["compare", "base.json", "head.json", "-o", "head.json"], in: dir)
        #expect(clobber.status == 2, "\(clobber.stderr)")
        let one = try concord(["compare", "base.json"], in: dir)
        #expect(one.status == 2)
    }

    /// A ledger of 100,000 entries reads and is held to a run in linear time. Red before: the
    /// duplicate check compared each entry with every earlier one (20,000 entries took 76 s in a
    /// debug build; 100,000, 25 times that), and each vector was tried on every entry. The timeout
    /// is a guard against that, not a measure (this takes about 15 s in a debug build).
    @Test func aLedgerOf100000EntriesReadsAndJudgesInBoundedTime() throws {
        let dir = temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let vectors = 1000
        report(LedgerTests.run((0..<vectors).map { ("v\($0)", [("swift", .wrong)]) }), to: dir + "/r.json")
        var text = "format: concord-ledger/1\ndivergences:\n"
        for k in 0..<100_000 {
            // 1,000 entries know the run's failures; the others name an implementation not in it.
            let impl = k < vectors ? "swift" : "captured:other\(k % 7)"
            text += "  - vector: closer.field/v\(k)\n    implementation: \(impl)\n    status: fail\n    reason: r\(k)\n"
        }
        write(text, to: dir + "/big.yaml")
        let out = try concord(["report", "r.json", "--ledger", "big.yaml", "-q"], in: dir, timeout: 300)
        #expect(out.status == 0, "exit \(out.status) after \(out.seconds) s: \(out.stderr.prefix(500))")
        // The last entry is read, at its line.
        let last = "captured:other\(99_999 % 7)"
        write(text + "  - {vector: closer.field/v99999, implementation: \"\(last)\", status: fail, reason: again}\n", to: dir + "/twice.yaml")
        let twice = try concord(["report", "r.json", "--ledger", "twice.yaml", "-q"], in: dir, timeout: 300)
        #expect(twice.status == 2 && twice.stderr.contains("twice.yaml:400003:5: divergences[100000] names closer.field/v99999 on \(last) again (first at twice.yaml:399999:5)"),
                "\(twice.stderr.prefix(500))")
    }

    /// A pattern over a whole suite is refused without `scope`; with it, every run warns on standard
    /// error, `--quiet` or not, with what it silences.
    @Test func anEntryThatSilencesASuiteIsRefusedUnlessItSaysSoAndThenWarnedOf() throws {
        let dir = temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        report(LedgerTests.run([("v0", [("swift", .wrong)]), ("v1", [("swift", .pass)])]), to: dir + "/r.json")
        write("divergences:\n  - {vector: \"*\", implementation: swift, status: fail, reason: \"everything\"}\n", to: dir + "/star.yaml")
        let star = try concord(["report", "r.json", "--ledger", "star.yaml", "-q"], in: dir)
        #expect(star.status == 2 && star.stderr.contains("star.yaml:2:14: divergences[0].vector \"*\" names every vector of every suite it matches"), "\(star.stderr)")
        write("divergences:\n  - {vector: \"*\", scope: suites, implementation: swift, status: fail, reason: \"everything\"}\n", to: dir + "/scoped.yaml")
        let scoped = try concord(["report", "r.json", "--ledger", "scoped.yaml", "-q"], in: dir)
        #expect(scoped.status == 0, "\(scoped.stdout)\(scoped.stderr)")
        #expect(scoped.stderr.contains("concord: warning: scoped.yaml:2:5: ledger entry * on swift (fail, scope: suites) silences every vector of every suite it matches: "
                                       + "it knows 1 failure of this run (of 2 answers of swift it names)"), "\(scoped.stderr)")
    }

    /// compare through the binary: another wrong answer is a regression shown with both values.
    @Test func compareShowsAnotherWrongAnswerWithBothValues() throws {
        let dir = temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        report(LedgerTests.run([("v0", [("swift", .answered([1, 3]))])]), to: dir + "/base.json")
        report(LedgerTests.run([("v0", [("swift", .answered([1, 4]))])]), to: dir + "/head.json")
        let out = try concord(["compare", "base.json", "head.json"], in: dir)
        #expect(out.status == 1 && out.stdout.hasPrefix("## ❌ Concord compare: 1 regression\n"), "\(out.stdout)\(out.stderr)")
        #expect(out.stdout.contains("`fail: wrong answer: key = 0103` | `fail: wrong answer: key = 0104` | another wrong answer (key: another value from byte 1)"), "\(out.stdout)")
        let same = try concord(["compare", "base.json", "base.json"], in: dir)
        #expect(same.status == 0, "\(same.stdout)")
    }
}

/// `concord explore`'s use of the ledger (docs/exploration.md, "Known differences"): an entry knows
/// a finding only when every side but one is ledgered implementations' own doing, so an entry never
/// hides another implementation's divergence sitting on its side.
@Suite struct ExplorationLedgerTests {
    static func entry(_ vector: String, _ impl: String, _ status: Ledger.Divergence, _ cls: ErrorClass? = nil) -> Ledger.Entry {
        Ledger.Entry(vector: vector, implementation: impl, status: status, errorClass: cls, reason: "r", origin: "l.yaml:1")
    }
    static let out = Reply.outputs(["x": .bytes([1])])
    static func side(_ names: [String], _ answer: Reply) -> Side { Side(implementations: names, answer: answer, outside: false) }

    @Test func aSideOfLedgeredImplementationsAlone() {
        let ledger = Ledger(file: "l.yaml", entries: [Self.entry("closer.keybox/explore-*", "tink", .fail)])
        let alone = [Self.side(["tink"], Self.out), Self.side(["jvm", "swift"], .refused(.format, "m"))]
        #expect(ledger.entry(exploring: "closer.keybox", op: "open", sides: alone)?.implementation == "tink")
        // jvm beside tink is not ledgered: the finding is new.
        let shared = [Self.side(["jvm", "tink"], Self.out), Self.side(["swift"], .refused(.format, "m"))]
        #expect(ledger.entry(exploring: "closer.keybox", op: "open", sides: shared) == nil)
        // A third side disagreeing with the rest is new too.
        let three = [Self.side(["tink"], Self.out), Self.side(["swift"], .refused(.format, "m")), Self.side(["jvm"], .refused(.key, "m"))]
        #expect(ledger.entry(exploring: "closer.keybox", op: "open", sides: three) == nil)
        // Another suite, or tink refusing where the entry says fail: new.
        #expect(ledger.entry(exploring: "closer.field", op: "decrypt", sides: alone) == nil)
        let refusing = [Self.side(["tink"], .refused(.key, "m")), Self.side(["jvm", "swift"], Self.out)]
        #expect(ledger.entry(exploring: "closer.keybox", op: "open", sides: refusing) == nil)
    }

    @Test func refusalsByClassAndSeveralEntriesOnOneSide() {
        let ledger = Ledger(file: "l.yaml", entries: [Self.entry("closer.field/explore-roundtrip", "swift", .refused, .format),
                                                      Self.entry("closer.field/explore-*", "jvm", .refused, .format)])
        let both = [Self.side(["tink"], Self.out), Self.side(["jvm", "swift"], .refused(.format, "m"))]
        #expect(ledger.entry(exploring: "closer.field", op: "roundtrip", sides: both)?.implementation == "jvm")
        let otherClass = [Self.side(["tink"], Self.out), Self.side(["jvm", "swift"], .refused(.authentication, "m"))]
        #expect(ledger.entry(exploring: "closer.field", op: "roundtrip", sides: otherClass) == nil)
        // swift's entry names only the roundtrip op.
        #expect(ledger.entry(exploring: "closer.field", op: "decrypt", sides: both) == nil)
    }

    /// `against: refused` knows a refusal-class difference only, never a refusal of what the
    /// others accept (the too broad closer.keybox/explore-open entry of the third real run).
    @Test func anEntryAgainstRefusalsKnowsOnlyAClassDifference() throws {
        var e = Self.entry("closer.keybox/explore-open", "tink", .refused, .format)
        e.against = .refused
        let ledger = Ledger(file: "l.yaml", entries: [e])
        let classes = [Self.side(["tink"], .refused(.format, "m")), Self.side(["jvm", "swift"], .refused(.key, "m"))]
        #expect(ledger.entry(exploring: "closer.keybox", op: "open", sides: classes)?.implementation == "tink")
        let accepted = [Self.side(["tink"], .refused(.format, "m")), Self.side(["jvm", "swift"], Self.out)]
        #expect(ledger.entry(exploring: "closer.keybox", op: "open", sides: accepted) == nil)
        e.against = nil
        #expect(Ledger(file: "l.yaml", entries: [e]).entry(exploring: "closer.keybox", op: "open", sides: accepted) != nil)

        let text = "divergences:\n  - vector: \"closer.keybox/explore-open\"\n    implementation: tink\n    status: refused\n    against: refused\n    reason: r\n"
        let read = try Ledger.parse(Array(text.utf8), file: "l.yaml")
        #expect(read.entries.first?.against == .refused && read.entries.first?.described == "refused against refused")
        #expect(throws: (any Error).self) { try Ledger.parse(Array(text.replacingOccurrences(of: "against: refused", with: "against: anything").utf8), file: "l.yaml") }
    }
}

/// A ledger held to a run of a Wycheproof checkout holding a file in two folders (WycheproofReaderTests):
/// an entry may name a vector with more or fewer of its file's folders, a pattern is matched against
/// every spelling, and an entry that names two vectors of the run is refused (`Ledger.ambiguities`).
@Suite struct LedgerCheckoutNameTests {
    /// openssl gives a wrong answer on every aes-gcm vector and passes the others.
    static func run(_ vectors: [Vector]) -> RunResult {
        let results = vectors.map { v -> VectorResult in
            let i = LedgerTests.impl("openssl", v.suite == "aes-gcm" ? .wrong : .pass)
            return VectorResult(vector: v, status: i.status == .fail ? .fail : .pass, implementations: [i])
        }
        return RunResult(implementations: [ImplementationInfo(name: "openssl", version: "1", startFailure: nil, processStarts: 1)],
                         results: results, summary: RunSummary(results), wallSeconds: 0.1, workers: 1)
    }

    static func entries(_ vectors: [String]) throws -> Ledger {
        try LedgerTests.ledger("divergences:\n" + vectors.map { "  - vector: \"\($0)\"\n    implementation: openssl\n    status: fail\n    reason: r\n" }.joined())
    }

    @Test func anEntryNamesACheckoutsVectorWithMoreOrFewerFolders() throws {
        let checkout = fixture("wycheproof-checkout")
        let all = try VectorLoader().load(.paths([checkout])).vectorsOrFirstError()
        let ledger = try Self.entries(["aes-gcm/aes_gcm_test-4", "aes-gcm/wycheproof-checkout/testvectors/aes_gcm_test-1",
                                       "aes-gcm/testvectors_v1/aes_gcm_test-?"])
        #expect(ledger.ambiguities(among: all).isEmpty)
        let v = ledger.judge(Self.run(all))
        #expect(v.known.mapValues { $0["openssl"] } == ["aes-gcm/testvectors_v1/aes_gcm_test-4": 0, "aes-gcm/testvectors/aes_gcm_test-1": 1,
                                                        "aes-gcm/testvectors_v1/aes_gcm_test-1": 2, "aes-gcm/testvectors_v1/aes_gcm_test-2": 2,
                                                        "aes-gcm/testvectors_v1/aes_gcm_test-3": 2, "aes-gcm/testvectors_v1/aes_gcm_test-5": 2])
        #expect(v.stale.isEmpty && v.expired.isEmpty)
        // testvectors_v1/ alone: its vectors have their old names, and the checkout's names name them.
        let v1 = try VectorLoader().load(.paths([checkout + "/testvectors_v1"])).vectorsOrFirstError()
        let alone = try Self.entries(["aes-gcm/aes_gcm_test-4", "aes-gcm/testvectors_v1/aes_gcm_test-?"]).judge(Self.run(v1))
        #expect(alone.known.mapValues { $0["openssl"] } == ["aes-gcm/aes_gcm_test-4": 0, "aes-gcm/aes_gcm_test-1": 1, "aes-gcm/aes_gcm_test-2": 1,
                                                            "aes-gcm/aes_gcm_test-3": 1, "aes-gcm/aes_gcm_test-5": 1])
        #expect(alone.stale.isEmpty)
        // The other folder's name is no vector of that run: stale, as any vector the run does not have.
        let other = try Self.entries(["aes-gcm/testvectors/aes_gcm_test-1"]).judge(Self.run(v1))
        #expect(other.stale.map(\.why) == ["this run has no vector aes-gcm/testvectors/aes_gcm_test-1"])
    }

    @Test func anEntryThatNamesTwoVectorsOfTheRunIsRefusedNamingBoth() throws {
        let checkout = fixture("wycheproof-checkout")
        let all = try VectorLoader().load(.paths([checkout])).vectorsOrFirstError()
        let ledger = try Self.entries(["aes-gcm/aes_gcm_test-*", "aes-gcm/aes_gcm_test-2"])
        #expect(ledger.ambiguities(among: all).map(\.description) == ["l.yaml:6:5: divergences[1].vector \"aes-gcm/aes_gcm_test-2\" names 2 vectors of this run: aes-gcm/testvectors/aes_gcm_test-2 and aes-gcm/testvectors_v1/aes_gcm_test-2; write the one it means"])
        let v1 = try VectorLoader().load(.paths([checkout + "/testvectors_v1"])).vectorsOrFirstError()
        #expect(ledger.ambiguities(among: v1).isEmpty)
        // A pattern names a family: the old spelling covers both folders' files.
        let pattern = try Self.entries(["aes-gcm/aes_gcm_test-*"]).judge(Self.run(all))
        #expect(pattern.knownVectors.count == 8 && pattern.stale.isEmpty)
    }
}
