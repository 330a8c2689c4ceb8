import ConcordImplementations
import ConcordRunner
import Foundation
import Testing

/// Every suite's vector files in vectors/ on the implementations that claim the suite: no
/// failure, no error, and every vector checked by at least one implementation. (Expected values
/// there come from published sources or independent implementations, never from Concord.)
@Suite(.serialized) struct SuiteVectorTests {
    static let suites = ["primitives/aes-gcm", "wycheproof", "closer/couple-key-wrap", "closer/invite-phrase", "closer/field",
                         "closer/canonical-json", "closer/commitment", "closer/sealed-answer", "closer/kdf-params", "closer/keybox",
                         "closer/tink-public-key"]

    @Test(arguments: suites)
    func vectorsPass(folder: String) throws {
        let (vectors, errors) = VectorLoader().load(paths: [repositoryRoot + "/vectors/" + folder])
        #expect(errors.isEmpty, "\(errors)")
        #expect(!vectors.isEmpty)
        let settings = Catalog.Settings(home: repositoryRoot)
        let impls = Catalog.names.compactMap { Catalog.make($0, settings: settings) }
        defer { impls.forEach { $0.shutdown() } }
        let run = Runner(implementations: impls).run(vectors)
        #expect(run.summary.failed == 0 && run.summary.errors == 0 && run.summary.pending == 0,
                "\(run.results.filter { $0.status != .pass }.map { "\($0.vector.name): \($0.status) \($0.implementations.map { "\($0.implementation)=\($0.status)" })" })")
        #expect(run.summary.passed == vectors.count)
    }

    /// The Closer formats must be checked by both sides: the Swift (iOS) and the Java (Android) logic.
    @Test(arguments: ["closer/couple-key-wrap", "closer/invite-phrase", "closer/field", "closer/canonical-json", "closer/commitment",
                       "closer/sealed-answer"])
    func iosAndAndroidLogicBothRunEveryVector(folder: String) throws {
        let (vectors, _) = VectorLoader().load(paths: [repositoryRoot + "/vectors/" + folder])
        let settings = Catalog.Settings(home: repositoryRoot)
        let impls = ["swift", "jvm"].compactMap { Catalog.make($0, settings: settings) }
        defer { impls.forEach { $0.shutdown() } }
        let run = Runner(implementations: impls).run(vectors)
        for r in run.results {
            #expect(r.implementations.map(\.status) == [.pass, .pass], "\(r.vector.name)")
        }
    }

    /// The round-trip matrix: swift, jvm and tink each open every other's keybox.
    @Test func keyboxRoundTripMatrixIsAllPass() throws {
        let (vectors, errors) = VectorLoader().load(paths: [repositoryRoot + "/vectors/closer/keybox/roundtrip.yaml"])
        #expect(errors.isEmpty && !vectors.isEmpty)
        let settings = Catalog.Settings(home: repositoryRoot)
        let impls = ["swift", "jvm", "tink"].compactMap { Catalog.make($0, settings: settings) }
        defer { impls.forEach { $0.shutdown() } }
        for r in Runner(implementations: impls).run(vectors).results {
            let m = try #require(r.matrix)
            #expect(m.implementations == ["swift", "jvm", "tink"])
            #expect(m.cells.flatMap { $0 }.allSatisfy { $0.status == .pass }, "\(r.vector.name): \(m.cells.map { $0.map(\.status) })")
            #expect(r.status == .pass)
        }
    }

    /// A keybox whose context info is wrong fails with `authentication` on every implementation.
    @Test func wrongContextInfoIsAuthenticationEverywhere() throws {
        let (vectors, _) = VectorLoader().load(paths: [repositoryRoot + "/vectors/closer/keybox/invalid.yaml"])
        let v = try #require(vectors.first { $0.id == "invalid-wrong-context" })
        let settings = Catalog.Settings(home: repositoryRoot)
        let impls = ["swift", "jvm", "tink"].compactMap { Catalog.make($0, settings: settings) }
        defer { impls.forEach { $0.shutdown() } }
        let r = Runner(implementations: impls).run([v]).results[0]
        for i in r.implementations {
            guard case .refused(let e) = i.outcome else { Issue.record("\(i.implementation): \(i.outcome)"); continue }
            #expect(e.errorClass == .authentication, "\(i.implementation)")
        }
    }
}
