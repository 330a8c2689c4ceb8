import ConcordImplementations
import Testing

/// The chains and the documents run end to end on both of Concord's ports of the Closer logic.
@Suite struct CloserChainTests {
    @Test(arguments: ["closer.chain", "closer.document"])
    func swiftAndJvmPassEveryVector(suite: String) {
        let results = DefaultRun.results(of: suite)
        #expect(results.count >= 7)
        for r in results {
            let statuses = Dictionary(uniqueKeysWithValues: r.implementations.map { ($0.implementation, $0.status) })
            #expect(statuses["swift"] == .pass && statuses["jvm"] == .pass, "\(r.vector.name): \(statuses)")
        }
    }

    /// A chain whose later step fails reports that step's refusal, not an earlier one's.
    @Test func aBrokenStepIsNamedByItsRefusal() throws {
        let want = ["closer.chain/invite-to-field-other-couples-field": "enc:v1",
                    "closer.chain/keybox-to-answer-other-commitment": "commitment"]
        for (name, words) in want {
            let r = try #require(DefaultRun.result.run.results.first { $0.vector.name == name })
            for x in r.implementations where ["swift", "jvm"].contains(x.implementation) {
                guard case .refused(let e) = x.outcome else { Issue.record("\(name) on \(x.implementation): \(x.outcome)"); continue }
                #expect(e.message.contains(words), "\(name) on \(x.implementation): \(e.message)")
            }
        }
    }
}
