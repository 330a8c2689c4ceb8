import ConcordImplementations
import ConcordRunner
import Foundation
import Testing

/// Every suite's vector files in vectors/ on the implementations that claim the suite: no
/// failure, no error, and every vector checked by at least one implementation. (Expected values
/// there come from published sources or independent implementations, never from Concord.)
@Suite(.serialized) struct SuiteVectorTests {
    static let suites = ["aes-gcm", "wycheproof", "couple-key-wrap", "invite-phrase", "field", "canonical-json", "commitment",
                         "sealed-answer", "kdf-params"]

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
    @Test(arguments: ["couple-key-wrap", "invite-phrase", "field", "canonical-json", "commitment", "sealed-answer"])
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
}
