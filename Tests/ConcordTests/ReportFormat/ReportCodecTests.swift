import ConcordFormats
import ConcordImplementations
import ConcordJudging
import ConcordLoading
@testable import ConcordReportFormat
import ConcordTestSupport
import Foundation
import Testing

/// The report codec (ConcordReportFormat): every report concord writes — a default run over
/// vectors/ (as two shards and their merge), an exploration (and the merge of its shards), a
/// scenario run — read back (`JSONReport.read`) and written again (`JSONReport.write`) is the same
/// report, byte for byte: what the writer writes, the reader reads, and nothing is lost on the way.
@Suite struct ReportCodecTests {
    func concord(_ args: [String], in dir: String) throws -> ProcessOutput {
        var env = ProcessInfo.processInfo.environment
        env["CONCORD_HOME"] = repositoryRoot
        env.removeValue(forKey: "GITHUB_ACTIONS")
        env.removeValue(forKey: "GITHUB_STEP_SUMMARY")
        return try runProcess("/bin/sh", ["-c", "cd \"$0\" && exec \"$@\"", dir, concordBinary] + args, environment: env, timeout: 600)
    }

    /// The report at `path` read back and written again: the same bytes (the file ends in a newline).
    func expectRoundTrip(_ path: String, _ what: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
        try expectRoundTrip(text: try String(contentsOfFile: path, encoding: .utf8), path, what, sourceLocation: sourceLocation)
    }

    func expectRoundTrip(text: String, _ path: String, _ what: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let json = try JSON.parse(text)
        let saved = try JSONReport.read(json, name: path)
        #expect(!saved.run.results.isEmpty, "\(what): the report holds results", sourceLocation: sourceLocation)
        let back = JSONReport.write(saved).serialized(pretty: true) + "\n"
        guard back != text else { return }
        // The first line that differs, for the message.
        let a = text.split(separator: "\n", omittingEmptySubsequences: false), b = back.split(separator: "\n", omittingEmptySubsequences: false)
        let k = (0..<min(a.count, b.count)).first { a[$0] != b[$0] } ?? min(a.count, b.count)
        Issue.record("\(what) (\(path)) written back differs at line \(k + 1): read \(k < a.count ? String(a[k]) : "(end)"), written \(k < b.count ? String(b[k]) : "(end)")",
                     sourceLocation: sourceLocation)
    }

    @Test func theDefaultRunsShardsAndTheirMergeReadBackAndWriteTheSameReport() throws {
        let dir = temporaryFolder()
        for k in 1...2 {
            let r = try concord(["run", repositoryRoot + "/vectors", "--shard", "\(k)/2", "-o", dir + "/s\(k).json", "-q"], in: dir)
            // Adapters this machine lacks fail to start (exit 1): their `started: false` is read back too.
            #expect(r.status == 0 || r.status == 1, "\(r.stderr)")
            try expectRoundTrip(dir + "/s\(k).json", "shard \(k)/2 of the default run")
        }
        let m = try concord(["merge", dir + "/s1.json", dir + "/s2.json", "-o", dir + "/m.json", "-q"], in: dir)
        #expect(m.status == 0 || m.status == 1, "\(m.stderr)")
        try expectRoundTrip(dir + "/m.json", "the merged default run")
    }

    @Test func anExplorationAndItsMergedShardsReadBackAndWriteTheSameReport() throws {
        let dir = temporaryFolder()
        let common = ["explore", "hmac-sha256", "ed25519", "--implementations", "swift,libsodium,openssl", "--cases", "60", "--seed", "7", "-q"]
        let whole = try concord(common + ["-o", dir + "/e.json"], in: dir)
        #expect(whole.status == 0 || whole.status == 1, "\(whole.stderr)")
        try expectRoundTrip(dir + "/e.json", "an exploration")
        for k in 1...2 {
            let r = try concord(common + ["--shard", "\(k)/2", "-o", dir + "/e\(k).json"], in: dir)
            #expect(r.status == 0 || r.status == 1, "\(r.stderr)")
        }
        let m = try concord(["merge", dir + "/e1.json", dir + "/e2.json", "-o", dir + "/em.json", "-q"], in: dir)
        #expect(m.status == 0 || m.status == 1, "\(m.stderr)")
        try expectRoundTrip(dir + "/em.json", "the merged exploration")
    }

    @Test func aScenarioRunReadsBackAndWritesTheSameReport() throws {
        let dir = temporaryFolder()
        let r = try concord(["scenario", repositoryRoot + "/vectors/closer/scenarios/couple.yaml", "--implementations", "swift", "--seed", "12",
                             "--trials", "2", "-o", dir + "/r.json", "-q"], in: dir)
        #expect(r.status == 0, "\(r.stderr)")
        try expectRoundTrip(dir + "/r.json", "a scenario run")
    }

    /// A report with every optional field the writer knows (a failure's mismatch with its wire
    /// place and explanation, a refusal, an unsupported and an erring implementation, a round-trip
    /// matrix, flags, a comment, a note, a divergence, warnings, a release, an implementation that
    /// could not start) and fields it does not make (kept where they were).
    @Test func everyFieldTheWriterKnowsIsReadBack() throws {
        let text = """
        {
          "format": "concord-report/1",
          "concord": {
            "version": "t"
          },
          "implementations": [
            {
              "name": "swift",
              "version": "1"
            },
            {
              "name": "jvm",
              "version": "not started",
              "startFailure": "jvm: no java",
              "started": false,
              "peakResidentKiB": 12
            }
          ],
          "summary": {
            "vectors": 1,
            "passed": 0,
            "failed": 1,
            "pending": 0,
            "unsupported": 1,
            "errors": 0,
            "implementationErrors": 0,
            "divergences": 1,
            "warnings": 1
          },
          "wallSeconds": 1.5,
          "workers": 2,
          "future": [
            1,
            "kept"
          ],
          "results": [
            {
              "vector": "aes-256-gcm/x",
              "position": 4,
              "file": "v/a.yaml",
              "line": 3,
              "op": "seal",
              "result": "valid",
              "status": "fail",
              "flags": [
                "edge"
              ],
              "comment": "why",
              "note": "a note",
              "divergence": "they differ",
              "warnings": [
                "w"
              ],
              "implementations": {
                "swift": {
                  "status": "fail",
                  "outputs": {
                    "ct": "00ff"
                  },
                  "mismatch": [
                    {
                      "field": "ct",
                      "offset": 1,
                      "wire": {
                        "part": "tag",
                        "partOffset": 0,
                        "blobOffset": 1
                      },
                      "expected": "00fe",
                      "actual": "00ff",
                      "explanation": "the tag"
                    }
                  ],
                  "seconds": 0.25
                },
                "jvm": {
                  "status": "unsupported",
                  "reason": "no such op",
                  "seconds": 0.0
                }
              },
              "matrix": {
                "implementations": [
                  "swift"
                ],
                "cells": [
                  [
                    {
                      "status": "fail",
                      "detail": "did not open"
                    }
                  ]
                ]
              }
            }
          ]
        }

        """
        try expectRoundTrip(text: text, "t.json", "a report with every field")
        #expect(try JSONReport.read(try JSON.parse(text), name: "t.json").run.implementations.map(\.started) == [true, false])
    }

    /// Whether an adapter started is what happened to it, written as `started`, never its version
    /// text: an adapter that answered its handshake announcing the version "not started" started
    /// (`started: true`, read back as started), one the run never started did not (`started:
    /// false`). Before the field, a report said so only by the text "not started".
    @Test func anAdapterThatAnnouncesNotStartedStartedAndTheReportSaysSo() throws {
        let dir = temporaryFolder()
        write("#!/bin/sh\necho '{\"concord-adapter\":1,\"name\":\"t\",\"version\":\"not started\",\"suites\":[\"argon2id\"]}'\nwhile read -r line; do :; done\n",
              to: dir + "/t")
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: dir + "/t")
        let announcing = ExternalAdapter(name: "t", command: [dir + "/t"])
        let idle = ExternalAdapter(name: "u", command: [dir + "/t"])
        announcing.prepare()
        defer { announcing.shutdown() }
        #expect(announcing.version == "not started" && announcing.startFailure == nil)
        let infos = [ImplementationInfo(announcing), ImplementationInfo(idle)]
        #expect(infos.map(\.started) == [true, false])
        let report = JSONReport.make(RunResult(implementations: infos, results: [], summary: RunSummary([]), wallSeconds: 0, workers: 1), concordVersion: "t")
        #expect(report["implementations"]?.arrayValue?.map { $0["started"]?.serialized() } == ["true", "false"])
        #expect(try RunResult(report: report, name: "r.json").implementations.map(\.started) == [true, false])
        // A report written before the field: an entry is never-started when its version reads "not
        // started" and it has no processStarts, or when it has a startFailure (JSONReport.started).
        #expect(JSONReport.started(.object([("name", .string("t")), ("version", .string("not started"))])) == false)
        #expect(JSONReport.started(.object([("name", .string("t")), ("version", .string("not started")), ("processStarts", .int(1))])) == true)
        #expect(JSONReport.started(.object([("name", .string("t")), ("version", .string("unavailable")), ("startFailure", .string("no"))])) == false)
        #expect(JSONReport.started(.object([("name", .string("t")), ("version", .string("1"))])) == true)
    }

    /// A mismatch side is read back as what the run had: a description ("a refusal (format)", a
    /// scenario step's "outputs") stays a description, a value stays a value even when its text is
    /// "(missing)". The report says which in `described`, never leaving the reader to guess from the
    /// field's name or the text. (Before, a scenario step's description came back as the text value
    /// `"a refusal (format)"`, quoted in `concord report`'s output and dumped as bytes in the HTML
    /// report, and a text value "(missing)" came back as a description.)
    @Test func aMismatchSideIsReadBackAsTheDescriptionOrValueItWas() throws {
        let mismatches = [
            Mismatch(field: "step s1", expected: "a refusal (format)", actual: "outputs"),
            Mismatch(field: "name", expected: "\"(missing)\"", actual: "\"x\"", expectedValue: .text("(missing)"), actualValue: .text("x")),
            Mismatch(field: "key", expected: "00ff", actual: "(missing)", expectedValue: .bytes([0, 255])),
            Mismatch(field: "result", expected: "a refusal", actual: "outputs"),
        ]
        let vector = Vector(suite: "aes-256-gcm", id: "x", file: "v/a.yaml", line: 3, column: 1, comment: nil, flags: [], op: nil, result: .valid,
                            input: [:], expect: .none, inputOrder: [])
        let result = VectorResult(vector: vector, status: .fail, implementations: [
            ImplementationResult(implementation: "swift", status: .fail, outcome: .outputs([:]), mismatches: mismatches, seconds: 0),
        ])
        let run = RunResult(implementations: [ImplementationInfo(name: "swift", version: "1", startFailure: nil, processStarts: 0)],
                            results: [result], summary: RunSummary([result]), wallSeconds: 0, workers: 1)
        let report = JSONReport.make(run, concordVersion: "t")
        let back = try RunResult(report: report, name: "r.json").results[0].implementations[0].mismatches
        #expect(back.map(\.expected) == mismatches.map(\.expected) && back.map(\.actual) == mismatches.map(\.actual))
        #expect(back.map { $0.expectedValue?.display } == mismatches.map { $0.expectedValue?.display })
        #expect(back.map { $0.actualValue?.display } == mismatches.map { $0.actualValue?.display })
        // Written only where the rule of older reports would read it wrong (the compare's own
        // `result` mismatch and a value's missing side read right without it).
        let written = report["results"]?.arrayValue?.first?["implementations"]?["swift"]?["mismatch"]?.arrayValue?.map { $0["described"]?.serialized() }
        #expect(written == [#"["expected","actual"]"#, "[]", nil, nil])
    }

    /// Two shards' copies of one exploration finding merge into one whose note is made again from
    /// the merged finding (its first case, every occurrence), never by editing the text of a shard's.
    @Test func aMergedFindingsNoteIsMadeFromTheMergedFinding() throws {
        func copy(case k: Int, occurrences n: Int) -> VectorResult {
            let f = ExploredFinding(kind: .divergence, signature: "hmac-sha256 mac: a outputs vs b refused", op: "mac", rule: "r", seed: 7,
                                    caseNumber: k, occurrences: n, made: "m", input: Fields(), shrinkSteps: 0,
                                    sides: [.init(implementations: ["swift"], answer: .outputs)], replay: "concord explore --case \(k)")
            let vector = Vector(suite: "hmac-sha256", id: "explore-mac-1", file: "explore hmac-sha256", line: 1, column: 1, comment: nil, flags: [],
                                op: "mac", result: .pending, input: [:], expect: .none, inputOrder: [])
            var r = VectorResult(vector: vector, status: .fail, implementations: [], note: "a note of another concord")
            r.explored = .finding(f)
            return r
        }
        let joined = ReportMerge.joined(copy(case: 9, occurrences: 2), copy(case: 4, occurrences: 3))
        #expect(joined.note == "divergence: hmac-sha256 mac: a outputs vs b refused; first in case 4 of seed 7, 5 cases; replay: concord explore --case 4")
    }
}
