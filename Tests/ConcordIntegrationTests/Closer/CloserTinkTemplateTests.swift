import ConcordFormats
import ConcordImplementations
import ConcordJudging
import ConcordLoading
import ConcordSuites
import Foundation
import Testing
import ConcordTestSupport

/// Issue 28 item 1 (docs/contracts/closer.md §3, "Which Tink template Android uses"): real Tink runs the Closer
/// symmetric suites as Android does, and the `tink-templates.yaml` files hold what Tink's `Aead` writes with
/// keysets of the `AES256_GCM` (TINK, Android's default) and `AES256_GCM_RAW` templates. A TINK value is refused by
/// every contract reader with the prefix named; Android's own keyset reading it, or reading a RAW value, is a
/// divergence whose cause the report names; Android's default in the round trip fails against iOS.
@Suite(.serialized) struct CloserTinkTemplateTests {
    static let suites: Set<String> = ["closer.field", "closer.sealed-answer", "closer.couple-key-wrap", "closer.invite-phrase"]
    static let files = ["field", "sealed-answer", "couple-key-wrap", "invite-phrase"]
        .map { repositoryRoot + "/vectors/closer/\($0)/tink-templates.yaml" }
    static let names = ["tink", "swift", "jvm"]

    static func load(_ paths: [String]) -> [Vector] {
        let loaded = VectorLoader().load(.paths(paths))
        #expect(loaded.errors.isEmpty, "\(loaded.errors)")
        return loaded.vectors
    }

    static let run: RunResult = {
        let impls = names.compactMap { Catalog.make($0, settings: Catalog.Settings(home: repositoryRoot)) }
        defer { impls.forEach { $0.shutdown() } }
        return Runner(implementations: impls).run(load(files))
    }()

    /// tink runs every op it announces for the four suites on real vectors, and passes them.
    @Test func tinkRunsEveryNewSuiteOp() throws {
        var ran: Set<String> = []
        for r in Self.run.results {
            if let m = r.matrix {
                #expect(m.implementations.contains("tink"), "\(r.vector.name): \(m.implementations)")
                #expect(m.cells.flatMap { $0 }.allSatisfy { $0.status == .pass }, "\(r.vector.name): \(m.cells.map { $0.map(\.detail) })")
            } else {
                let tink = try #require(r.implementations.first { $0.implementation == "tink" }, "\(r.vector.name) not run on tink")
                #expect(tink.status == .pass, "\(r.vector.name) on tink: \(tink.status) \(tink.outcome)")
            }
            #expect(r.status == .pass, "\(r.vector.name): \(r.status)")
            ran.insert("\(r.vector.suite) \(r.vector.op ?? "")")
        }
        #expect(ran == ["closer.field decrypt", "closer.field roundtrip", "closer.sealed-answer open",
                        "closer.couple-key-wrap unwrap", "closer.invite-phrase open"], "\(ran.sorted())")
        #expect(Set(Self.run.results.map(\.vector.suite)) == Self.suites)
    }

    /// Every TINK-template value (Tink's own output) is refused `format` by swift, jvm and tink, each naming
    /// the 5-byte TINK prefix with the keyset's key id, never as a bad tag.
    @Test func tinkPrefixedValuesAreRefusedWithThePrefixNamed() throws {
        let invalid = Self.run.results.filter { $0.vector.flags.contains("tink-template") && $0.vector.result == .invalid }
        #expect(invalid.count == 4, "\(invalid.map(\.vector.name))")
        for r in invalid {
            for i in r.implementations {
                guard case .refused(let e) = i.outcome else { Issue.record("\(r.vector.name) on \(i.implementation): \(i.outcome)"); continue }
                #expect(e.errorClass == .format, "\(r.vector.name) on \(i.implementation): \(e)")
                #expect(e.message.contains("5-byte Tink") && e.message.contains("TINK"), "\(r.vector.name) on \(i.implementation): \(e.message)")
            }
            #expect(Set(r.implementations.map(\.implementation)) == Set(Self.names), "\(r.vector.name)")
        }
    }

    /// Android's TINK keyset reading its own value, and reading an iOS (RAW) value: the acceptable vectors
    /// diverge exactly as the open question says, and the divergence names the TINK output prefix as the cause.
    @Test func theDivergenceNamesTheTinkPrefix() throws {
        let acceptable = Self.run.results.filter { $0.vector.flags.contains("tink-template-divergence") }
        #expect(acceptable.count == 2)
        for r in acceptable {
            let d = try #require(r.divergence, "\(r.vector.name) shows no divergence")
            #expect(d.contains("output prefix (0x01 ‖ key id 0x") || d.contains("has output prefix TINK"), "\(r.vector.name): \(d)")
            let refused = Set(r.implementations.filter { if case .refused = $0.outcome { return true }; return false }.map(\.implementation))
            #expect(refused == (r.vector.id == "decrypt-ios-value-on-tink-template-keyset" ? ["tink"] : ["swift", "jvm"]),
                    "\(r.vector.name): \(refused)")
        }
        // The cause is read from the bytes: without keysetJson there is none to name.
        #expect(TinkTemplateDivergence.cause(["wire": .text("enc:v1:AAAA")]) == nil)
    }

    /// The round trip with Android's default keyset (the TINK template): Tink reads its own value, iOS (swift)
    /// and the JVM port refuse it with the prefix named, and Tink's Aead on that keyset refuses theirs.
    @Test func androidsDefaultKeysetFailsTheRoundTripAgainstIOS() throws {
        let own = try #require(Self.run.results.first { $0.vector.id == "decrypt-tink-template-own-keyset" }?.vector)
        guard case .text(let keyset)? = own.input["keysetJson"], case .bytes(let key)? = own.input["coupleKey"] else {
            Issue.record("no keysetJson / coupleKey"); return
        }
        let quoted = String(decoding: try JSONEncoder().encode(keyset), as: UTF8.self)
        let dir = temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let file = dir + "/android-default.yaml"
        try """
        format: concord-vectors/1
        suite: closer.field
        title: "Android's default keyset in the round trip"
        source: "the TINK keyset of vectors/closer/field/tink-templates.yaml"
        vectors:
          - id: roundtrip-android-default
            op: roundtrip
            input:
              coupleKey: {hex: "\(Hex.encode(key))"}
              coupleId: "cpl_tinkTemplates"
              plaintext: {utf8: "Dinner at the harbour"}
              keysetJson: \(quoted)
            expect:
              plaintext: {utf8: "Dinner at the harbour"}

        """.write(toFile: file, atomically: true, encoding: .utf8)
        let impls = Self.names.compactMap { Catalog.make($0, settings: Catalog.Settings(home: repositoryRoot)) }
        defer { impls.forEach { $0.shutdown() } }
        let r = try #require(Runner(implementations: impls).run(Self.load([file])).results.first)
        let m = try #require(r.matrix)
        func cell(_ s: String, _ o: String) -> RoundtripMatrix.Cell {
            m.cells[m.implementations.firstIndex(of: s)!][m.implementations.firstIndex(of: o)!]
        }
        #expect(cell("tink", "tink").status == .pass)
        #expect(cell("swift", "jvm").status == .pass && cell("jvm", "swift").status == .pass)
        for reader in ["swift", "jvm"] {
            #expect(cell("tink", reader).status == .fail)
            #expect(cell("tink", reader).detail?.contains("(format)") == true && cell("tink", reader).detail?.contains("5-byte Tink") == true,
                    "\(cell("tink", reader).detail ?? "nil")")
            #expect(cell(reader, "tink").status == .fail)
            #expect(cell(reader, "tink").detail?.contains("output prefix TINK") == true, "\(cell(reader, "tink").detail ?? "nil")")
        }
        #expect(r.status == .fail)
    }

    /// The explanation rule `tink-prefix` names the prefix on Tink's own output: the TINK-template value
    /// against the same bytes without its 5-byte prefix (what a RAW key with Tink's nonce writes).
    @Test func theTinkPrefixRuleFiresOnTinksOwnValue() throws {
        let v = try #require(Self.run.results.first { $0.vector.id == "decrypt-tink-template" }?.vector)
        guard case .text(let wire)? = v.input["wire"] else { Issue.record("no wire"); return }
        let blob = try Wire.decode(wire, prefix: Wire.field, .standard)
        let raw = Wire.field + Base64.encode(Array(blob.dropFirst(TinkOutputPrefix.length)), .standard)
        let m = try #require(Explanations.match(expected: .text(raw), actual: .text(wire)))
        #expect(m.rule == "tink-prefix")
        #expect(m.text.contains("TINK: 0x01 ‖ key id 0x" + Hex.encode(Array(blob[1..<5]))), "\(m.text)")
    }
}
