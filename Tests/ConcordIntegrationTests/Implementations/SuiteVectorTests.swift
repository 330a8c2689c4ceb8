import ConcordImplementations
import ConcordJudging
import ConcordLoading
import ConcordSuites
import Foundation
import Testing
import ConcordTestSupport
import ConcordPacks

/// The whole of vectors/, once, on every implementation (cached: the tests below judge it).
/// Expected values there come from published sources or independent implementations, never from
/// Concord.
enum DefaultRun {
    static let loaded = VectorLoader().load(.paths([repositoryRoot + "/vectors"]))
    static let result: (run: RunResult, implementations: [String: Set<String>], handshakes: [String: Handshake]) = {
        let settings = Catalog.Settings(home: repositoryRoot)
        let impls = Catalog.names.compactMap { Catalog.make($0, settings: settings) }
        defer { impls.forEach { $0.shutdown() } }
        let run = Runner(implementations: impls).run(loaded.vectors)
        var handshakes: [String: Handshake] = [:]
        for case let a as ExternalAdapter in impls { handshakes[a.name] = a.handshake }
        return (run, Dictionary(uniqueKeysWithValues: impls.map { ($0.name, $0.suites) }), handshakes)
    }()
    static func results(of suite: String) -> [VectorResult] { result.run.results.filter { $0.vector.suite == suite } }
}

/// The registry is the test plan: every suite's vectors, every implementation its definition names,
/// every adapter's handshake. Leaving out any step of "adding a suite" (docs/design.md) fails here.
@Suite(.serialized) struct SuiteVectorTests {
    @Test func everyFileInVectorsLoadsWithCanonicalNames() {
        #expect(DefaultRun.loaded.errors.isEmpty, "\(DefaultRun.loaded.errors)")
        #expect(DefaultRun.loaded.notes.isEmpty, "vectors/ must use canonical suite names: \(DefaultRun.loaded.notes)")
    }

    /// Every vector of the suite passes on every implementation that runs it; none is left unchecked.
    @Test(arguments: Suites.names)
    func vectorsPass(suite: String) {
        let results = DefaultRun.results(of: suite)
        #expect(!results.isEmpty, "the suite \(suite) has no vectors in vectors/")
        for r in results where r.status != .pass {
            Issue.record("\(r.vector.name) (\(r.vector.file):\(r.vector.line)): \(r.status) \(r.note ?? "") \(r.implementations.map { "\($0.implementation)=\($0.status)" })")
        }
    }

    /// A suite's vectors live in its folder (`vectors/<pack>/<suite>/`, `vectors/primitives/<suite>/`),
    /// or are Wycheproof's files as published.
    @Test(arguments: Suites.names)
    func vectorsLiveInTheSuiteFolder(suite: String) throws {
        let s = try #require(Suites.all[suite])
        for r in DefaultRun.results(of: suite) {
            let file = r.vector.file.replacingOccurrences(of: repositoryRoot + "/", with: "")
            #expect(file.hasPrefix(s.vectorFolder + "/") || file.hasPrefix("vectors/wycheproof/"), "\(r.vector.name) is in \(file)")
        }
    }

    /// Each implementation its definition names implements the suite and runs some of its vectors
    /// (not all `unsupported`); and an implementation that implements a suite is named by its
    /// definition. So a forgotten registration, handler or handshake entry fails, never goes silent.
    @Test(arguments: Suites.names)
    func theImplementationsTheDefinitionNamesRunIt(suite: String) throws {
        let s = try #require(Suites.all[suite])
        let (run, suites, _) = DefaultRun.result
        for name in s.implementations {
            #expect(suites[name]?.contains(suite) == true, "\(name) does not implement \(suite), which its definition says it does")
            let ran = DefaultRun.results(of: suite).filter { r in
                r.implementations.contains { $0.implementation == name && $0.status != .unsupported }
                    || (r.matrix?.implementations.contains(name) ?? false)
            }
            #expect(!ran.isEmpty, "\(name) ran none of the vectors of \(suite)")
        }
        for (name, implemented) in suites where implemented.contains(suite) {
            #expect(s.implementations.contains(name), "\(name) implements \(suite), but the definition does not name it")
        }
        #expect(run.implementations.allSatisfy { $0.startFailure == nil }, "\(run.implementations.compactMap(\.startFailure))")
    }

    /// Every adapter announces its suites in the object form, and agrees with every definition.
    @Test func adaptersAgreeWithTheDefinitions() throws {
        let handshakes = DefaultRun.result.handshakes
        #expect(Set(handshakes.keys) == Set(Catalog.adapters))
        for (name, h) in handshakes {
            #expect(!h.legacy, "\(name) announces its suites without ops and fields")
            #expect(h.unknownSuites.isEmpty, "\(name) announces suites no definition knows: \(h.unknownSuites)")
            #expect(h.disagreements.isEmpty, "\(h.disagreements)")
        }
    }

    /// Each suite has its line in the docs: a heading or a table row naming it in its pack's page
    /// (every suite of a pack) and in docs/vector-format.md's field tables (every suite).
    @Test(arguments: Suites.names)
    func everySuiteIsDocumented(suite: String) throws {
        let s = try #require(Suites.all[suite])
        let pages = ["docs/vector-format.md"] + (s.contract.flatMap { Contracts.named($0)?.doc }.map { [$0] } ?? [])
        for page in pages {
            let text = try String(contentsOfFile: repositoryRoot + "/" + page, encoding: .utf8)
            let named = text.split(separator: "\n").contains { line in
                (line.hasPrefix("#") && line.contains("`\(suite)`")) || line.hasPrefix("| `\(suite)`")
            }
            #expect(named, "\(page) has no heading or table row naming `\(suite)`")
        }
    }

    /// The Closer formats must be checked by both sides: the Swift (iOS) and the Java (Android) logic.
    @Test(arguments: ["closer.couple-key-wrap", "closer.invite-phrase", "closer.field", "closer.canonical-json",
                      "closer.commitment", "closer.sealed-answer", "closer.kdf-params"])
    func iosAndAndroidLogicBothRunEveryVector(suite: String) {
        for r in DefaultRun.results(of: suite) {
            let statuses = Dictionary(uniqueKeysWithValues: r.implementations.map { ($0.implementation, $0.status) })
            #expect(statuses["swift"] == .pass && statuses["jvm"] == .pass, "\(r.vector.name): \(statuses)")
        }
    }

    /// The round-trip matrix: swift, jvm, tink and node each open every other's keybox.
    @Test func keyboxRoundTripMatrixIsAllPass() throws {
        let results = DefaultRun.results(of: "closer.keybox").filter { $0.matrix != nil }
        #expect(!results.isEmpty)
        for r in results {
            let m = try #require(r.matrix)
            #expect(Set(m.implementations).isSuperset(of: ["swift", "jvm", "tink", "node"]), "\(m.implementations)")
            #expect(m.cells.flatMap { $0 }.allSatisfy { $0.status == .pass }, "\(r.vector.name): \(m.cells.map { $0.map(\.status) })")
            #expect(r.status == .pass)
        }
    }

    /// A keybox whose context info is wrong fails with `authentication` on every implementation
    /// that can tell; tink cannot (Tink says "decryption failed" for every failure): `unclassified`.
    @Test func wrongContextInfoIsAuthenticationEverywhere() throws {
        let r = try #require(DefaultRun.results(of: "closer.keybox").first { $0.vector.id == "invalid-wrong-context" })
        #expect(r.implementations.count >= 3)
        for i in r.implementations {
            guard case .refused(let e) = i.outcome else { Issue.record("\(i.implementation): \(i.outcome)"); continue }
            #expect(e.errorClass == (i.implementation == "tink" ? .unclassified : .authentication), "\(i.implementation)")
        }
    }

    /// Vector files written for the old suite names still load, as the canonical suite, with a note.
    @Test func oldSuiteNamesStillLoadWithANote() throws {
        let dir = temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let file = dir + "/old.yaml"
        try """
        format: concord-vectors/1
        suite: kdf-params
        title: t
        source: the contract's own tag
        vectors:
          - id: production
            input: {tag: "argon2id;v=19;m=47104;t=3;p=1"}
            expect: {memoryKiB: 47104, iterations: 3, parallelism: 1, version: 19}
        """.write(toFile: file, atomically: true, encoding: .utf8)
        let r = VectorLoader().load(.paths([file]))
        #expect(r.errors.isEmpty)
        #expect(r.vectors.map(\.name) == ["closer.kdf-params/production"])
        #expect(r.notes.count == 1 && r.notes[0].contains("old.yaml:2:8: suite \"kdf-params\" is now \"closer.kdf-params\""), "\(r.notes)")
    }
}

/// The schema is derived from the definitions: the checked-in file is exactly `concord schema`.
@Suite struct SchemaTests {
    @Test func checkedInSchemaIsTheDerivedOne() throws {
        let checkedIn = try String(contentsOfFile: repositoryRoot + "/schemas/vector-file.schema.json", encoding: .utf8)
        #expect(checkedIn == VectorFileSchema.text(), "schemas/vector-file.schema.json differs from `concord schema`: run `concord schema > schemas/vector-file.schema.json`")
    }

    /// Every suite, and every alias, has its branch and its entry.
    @Test func everySuiteAndAliasHasABranch() throws {
        let text = VectorFileSchema.text()
        for s in Suites.list {
            for n in [s.name] + s.aliases { #expect(text.contains("\"const\": \"\(n)\""), "\(n)") }
            #expect(text.contains("\"$ref\": \"#/$defs/\(s.name)\""))
        }
    }
}
