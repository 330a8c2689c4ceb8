import ConcordArchive
import ConcordImplementations
import ConcordFormats
import ConcordLoading
import ConcordPacks
import ConcordSuites
import Testing

/// A couple key a release wrapped is an artifact the archive keeps (docs/archive.md): the opening vector
/// `concord archive add` makes of a captured wrap must load, so every output the opening op requires is
/// one the suite's artifact declaration expects. (`unwrap` required `form`, which the declaration cannot
/// give: no wrapped key could be archived; the example's `archive add` stopped at it.)
@Suite struct ArchivedWrapTests {
    /// Every suite: each output its opening op requires in a vector is expected by its artifact declaration.
    @Test func everyOpeningVectorGivesWhatItsOpRequires() {
        for suite in Suites.all.values.sorted(by: { $0.name < $1.name }) {
            for a in suite.artifacts {
                guard let open = suite.op(a.openOp) else { continue }
                let expected = Set(a.expects.map(\.field))
                for f in open.expects where f.required {
                    #expect(expected.contains(f.name), "\(suite.name) \(a.openOp ?? "-") requires \(f.name), which its artifact declaration does not expect")
                }
            }
        }
    }

    /// A captured wrap at the weaker parameters of an old release becomes an `unwrap` vector that loads,
    /// holding the stored tag, and expecting the key the app was given.
    @Test func aCapturedWrapBecomesAnOpeningVectorThatLoads() throws {
        let writer = """
        format: concord-vectors/1
        suite: closer.couple-key-wrap
        title: t
        source: s
        vectors:
          - id: wrap-1
            op: wrap
            input: {phrase: "amber anchor", kdfSalt: {hex: "505152535455565758595a5b5c5d5e5f"}, nonce: {hex: "606162636465666768696a6b"}, coupleKey: {hex: "5e2d9f0c8b7a6d5c4b3a29180f0e0d0c0b0a09080706050403020100ffeeddcc"}}
            expect: {wrappedCoupleKey: TODO_ANDROID_RUN, kdfSalt: TODO_ANDROID_RUN, kdfParams: TODO_ANDROID_RUN}

        """
        let capture = """
        {"format": "concord-outputs/1", "results": [
          {"vector": "closer.couple-key-wrap/wrap-1", "outputs": {"wrappedCoupleKey": "YGFi", "kdfSalt": "UFFSU1RVVldYWVpbXF1eXw==", "kdfParams": "argon2id;v=19;m=19456;t=2;p=1"}}]}
        """
        let vectors = try VectorLoader().load(.bytes(Array(writer.utf8), file: "w.yaml")).vectorsOrFirstError()
        let c = try CapturedOutputs.parse(capture, file: "c.json")
        let sorted = Archive.sort(c, vectors: Dictionary(vectors.map { ($0.name, $0) }, uniquingKeysWith: { a, _ in a }), release: "1.0.0",
                                  platform: "android", places: CapturedOutputs.resultPlaces(capture, count: c.results.count))
        #expect(sorted.refusals.isEmpty, "\(sorted.refusals)")
        let text = Archive.render(sorted.openings, release: Release(name: "1.0.0", platform: "android"), from: "concord archive add c.json --release 1.0.0")
        let loaded = VectorLoader().load(.bytes(Array(text.utf8), file: "a.yaml"))
        #expect(loaded.errors.isEmpty, "\(loaded.errors)")
        let v = try #require(loaded.vectors.first)
        #expect(v.op == "unwrap" && v.input["kdfParams"] == .text("argon2id;v=19;m=19456;t=2;p=1"))
        guard case .outputs(let expect) = v.expect else { Issue.record("\(v.expect)"); return }
        #expect(expect.map(\.field) == ["coupleKey"])
        #expect(expect.first?.expected == .value(.bytes(try Hex.decode("5e2d9f0c8b7a6d5c4b3a29180f0e0d0c0b0a09080706050403020100ffeeddcc"))))
    }
}
