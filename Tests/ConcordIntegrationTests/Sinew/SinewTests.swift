import ConcordFormats
import ConcordImplementations
import ConcordSuites
import Foundation
import Testing
import ConcordTestSupport
import ConcordSinew

/// What the Sinew FieldCipher pack checks beyond "every vector passes" (docs/contracts/sinew.md): values
/// cross between real Tink and the layout readers, the RAW/LEGACY divergence is exactly the expected one,
/// and fresh nonces make two encryptions of one value differ on every implementation.
@Suite(.serialized) struct SinewTests {
    /// The round-trip matrix: swift, jvm, tink, node and webcrypto each decrypt every other's value (so a
    /// swift-made value decrypts on real Tink, and a Tink-made one on swift and in the browser).
    @Test func roundTripMatrixIsAllPass() throws {
        let results = DefaultRun.results(of: "sinew.field-cipher").filter { $0.matrix != nil }
        #expect(results.count >= 2)
        for r in results {
            let m = try #require(r.matrix)
            #expect(Set(m.implementations).isSuperset(of: ["swift", "jvm", "tink", "node", "webcrypto"]), "\(m.implementations)")
            #expect(m.cells.flatMap { $0 }.allSatisfy { $0.status == .pass }, "\(r.vector.name): \(m.cells.map { $0.map(\.status) })")
        }
    }

    /// Values real Tink encrypted (its own nonces, Tink-made keysets) decrypt on swift, jvm, node and webcrypto.
    @Test func tinkMadeValuesDecryptOnTheLayoutReaders() throws {
        let results = DefaultRun.results(of: "sinew.field-cipher").filter { $0.vector.file.hasSuffix("tink-made.yaml") }
        #expect(results.count >= 3)
        for r in results {
            let statuses = Dictionary(uniqueKeysWithValues: r.implementations.map { ($0.implementation, $0.status) })
            #expect(["swift", "jvm", "tink", "node", "webcrypto"].allSatisfy { statuses[$0] == .pass }, "\(r.vector.name): \(statuses)")
        }
    }

    /// RAW and LEGACY keys: Tink decrypts to the expected plaintext, the layout readers (swift, jvm, node,
    /// webcrypto) refuse; the vector passes
    /// and shows the divergence.
    @Test func rawAndLegacyKeysAreTheFlaggedDivergence() throws {
        let results = DefaultRun.results(of: "sinew.field-cipher").filter { $0.vector.flags.contains("raw-legacy-divergence") }
        #expect(results.count == 2)
        for r in results {
            #expect(r.status == .pass)
            #expect(r.divergence != nil, "\(r.vector.name) shows no divergence")
            for i in r.implementations {
                switch (i.implementation, i.outcome) {
                case ("tink", .outputs(let o)): #expect(i.status == .pass && o["plaintext"] != nil)
                case ("swift", .refused), ("jvm", .refused), ("node", .refused), ("webcrypto", .refused): break
                default: Issue.record("\(r.vector.name): \(i.implementation) \(i.outcome)")
                }
            }
        }
    }

    /// Two encryptions of the same value by one implementation differ (fresh nonces), and both decrypt.
    @Test(arguments: ["swift", "jvm", "tink", "node", "webcrypto"])
    func twoEncryptionsDiffer(implementation: String) throws {
        let impl = try #require(Catalog.make(implementation, settings: Catalog.Settings(home: repositoryRoot)))
        impl.prepare()
        defer { impl.shutdown() }
        let keys = #"[{"keyId": 305419896, "key": "000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f"}]"#
        let input: Fields = ["keys": .text(keys), "primaryKeyId": .integer(305419896), "context": .text("user:1"),
                                      "plaintext": .text("same value")]
        var values: [String] = []
        for _ in 0..<2 {
            guard case .outputs(let o) = impl.run(Request(suite: "sinew.field-cipher", op: "roundtrip-seal", input: input)),
                  case .text(let v)? = o["value"] else { Issue.record("\(implementation) did not encrypt"); return }
            values.append(v)
        }
        #expect(values[0] != values[1], "\(implementation) encrypted one value twice to the same bytes")
        let ring = try SinewKeyring.list(keys, primaryKeyId: nil)
        for v in values {
            #expect(try SinewFieldCipher.decrypt(ring, context: "user:1", value: v) == "same value")
            // The header: version 0x01, then the key id big-endian.
            #expect(Array(try Base64.decode(v, .standard).prefix(5)) == [0x01, 0x12, 0x34, 0x56, 0x78])
        }
    }
}
