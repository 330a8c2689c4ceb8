import ConcordArchive
import ConcordFormats
import ConcordImplementations
import ConcordLoading
import ConcordSuites
import Foundation
import Testing
import ConcordTestSupport
import ConcordPacks

/// The archive's pure parts (docs/archive.md): the suites' own statements of what they write and
/// how it opens, the making of opening vectors and its refusals, the `release:` field, digests.
@Suite struct ArchiveTests {
    /// Every suite's artifact declaration names ops and fields its definition has: the writing op,
    /// the opening op, stored fields among the writer's outputs, held fields among its inputs, every
    /// required input of the opening op given, the expected fields among the opening op's outputs.
    @Test func everyArtifactDeclarationAgreesWithItsSuite() {
        var declared = 0
        for suite in Suites.all.values.sorted(by: { $0.name < $1.name }) {
            for a in suite.artifacts {
                declared += 1
                let write = suite.op(a.writeOp), open = suite.op(a.openOp)
                #expect(write != nil && open != nil, "\(suite.name): \(a.writeOp ?? "-") → \(a.openOp ?? "-")")
                guard let write, let open else { continue }
                #expect(write.outputNames.contains(a.artifact), "\(suite.name): the artifact \(a.artifact) is no output of \(a.writeOp ?? "-")")
                for (field, source) in a.inputs + a.expects {
                    switch source {
                    case .stored(let x): #expect(write.outputNames.contains(x), "\(suite.name): \(x) is no output of \(a.writeOp ?? "-")")
                    case .held(let x): #expect(write.inputNames.contains(x), "\(suite.name): \(x) is no input of \(a.writeOp ?? "-")")
                    case .privateHalf(let x):
                        #expect(write.inputNames.contains(x), "\(suite.name): \(x) is no input of \(a.writeOp ?? "-")")
                        #expect(a.keyPair != nil, "\(suite.name): \(field) is the reader's private key, and nothing matches it to \(x)")
                    }
                    _ = field
                }
                let given = Set(a.inputs.map(\.field))
                #expect(given.isSubset(of: open.inputNames), "\(suite.name): \(given.subtracting(open.inputNames)) are no inputs of \(a.openOp ?? "-")")
                for f in open.inputs where f.required { #expect(given.contains(f.name), "\(suite.name): \(a.openOp ?? "-") needs \(f.name)") }
                #expect(Set(a.expects.map(\.field)).isSubset(of: open.outputNames), "\(suite.name)")
            }
        }
        // The packs' kept artifacts: Closer's fields, wrapped couple keys, sealed phrases and answers,
        // Sinew's values, JustSend's seals, wraps, chunks and envelopes, SophaxChat's messages, and
        // the two sealed to the reader's public key: Closer's keyboxes and SophaxChat's sealed-sender wires.
        #expect(declared == 14)
    }

    static let writer = """
    format: concord-vectors/1
    suite: justsend.seal
    title: t
    source: s
    vectors:
      - id: seal-1
        op: seal
        input: {key: {hex: "846706da24fcc273dd5eded745cda51079bf1ca03d230b537f74c8c5f3367fe1"}, nonce: {hex: "5a818b92aef1df5eeffb2f93"}, plaintext: {utf8: "hi"}}
        expect: {ciphertext: TODO_ANDROID_RUN, storedNonce: TODO_ANDROID_RUN}
      - id: open-1
        op: open
        input: {key: {hex: "846706da24fcc273dd5eded745cda51079bf1ca03d230b537f74c8c5f3367fe1"}, ciphertext: "AAAA", storedNonce: "AAAA"}
        expect: {plaintext: {utf8: "hi"}}

    """

    func sorted(_ capture: String) throws -> Archive.Sorted {
        let vectors = try VectorLoader().load(.bytes(Array(Self.writer.utf8), file: "w.yaml")).vectorsOrFirstError()
        let c = try CapturedOutputs.parse(capture, file: "c.json")
        return Archive.sort(c, vectors: Dictionary(vectors.map { ($0.name, $0) }, uniquingKeysWith: { a, _ in a }), release: "1.0", platform: "web",
                            places: CapturedOutputs.resultPlaces(capture, count: c.results.count))
    }

    /// An artifact whose opening input the app does not store is refused at birth, naming it and
    /// where the capture holds the answer; with it stored, the opening vector takes the reader's key
    /// from the writing vector and expects what the app was given, never what it wrote.
    @Test func anArtifactIsRefusedWhenWhatOpensItIsNotStored() throws {
        let missing = try sorted("""
        {"format": "concord-outputs/1", "results": [
          {"vector": "justsend.seal/seal-1", "outputs": {"ciphertext": "Zm9v"}}]}
        """)
        #expect(missing.openings.isEmpty)
        #expect(missing.refusals == ["c.json:2:14: justsend.seal/seal-1: its ciphertext could never be opened: justsend.seal open needs storedNonce (stored beside the artifact: the capture's outputs hold only ciphertext)"])

        let whole = try sorted("""
        {"format": "concord-outputs/1", "results": [
          {"vector": "justsend.seal/seal-1", "outputs": {"ciphertext": "Zm9v", "storedNonce": "YmFy"}},
          {"vector": "justsend.seal/open-1", "outputs": {"plaintext": {"utf8": "hi"}}},
          {"vector": "justsend.seal/seal-2", "outputs": {"ciphertext": "Zm9v", "storedNonce": "YmFy"}},
          {"vector": "justsend.seal/seal-1x", "error": "format"},
          {"vector": "argon2id/x", "outputs": {"key": {"hex": "00"}}}]}
        """)
        #expect(whole.openings.count == 1)
        let o = try #require(whole.openings.first)
        #expect(o.id == "archived-1.0-web-seal-1")
        #expect(o.input.map(\.0) == ["key", "ciphertext", "storedNonce"])
        #expect(o.input.first { $0.0 == "storedNonce" }?.1 == .text("YmFy"))
        #expect(o.expect.map(\.0) == ["plaintext"] && o.expect[0].1 == .bytes(Array("hi".utf8)))
        #expect(whole.refusals.count == 1)
        #expect(whole.refusals.first?.hasPrefix("c.json:4:14: justsend.seal/seal-2 holds outputs, but its vector is not among the project's vectors") == true, "\(whole.refusals)")
        #expect(whole.passedOver.contains { $0.contains("justsend.seal/seal-1x: the app refused it, so it wrote no artifact") })
        #expect(whole.passedOver.contains { $0.contains("justsend.seal/open-1: its op open reads, it writes no artifact") })
        #expect(whole.passedOver.contains { $0.contains("argon2id/x: argon2id writes no artifact") })
    }

    /// A sealed-sender wire sealed to RFC 7748's Bob (its public key the writing vector's input),
    /// and what the project gives of Bob's private key: `keys` are the roundtrip vectors' keys.
    static func sealedSender(keys: [String]) -> String {
        """
        format: concord-vectors/1
        suite: sophaxchat.sealed-sender
        title: t
        source: s
        vectors:
          - id: seal-bob
            op: seal
            input: {recipientIdentityKey: {hex: "de9edb7d7b7dc1b4d35b61c2ece435373f8343c85b78674dadfc7e146f882b4f"}, ephemeralPrivateKey: {hex: "77076d0a7318a57d3c16c17251b26645df4c2f87ebc0992ab177fba51db92c2a"}, nonce: {hex: "a776d7b330fc167e6fe87e16"}, plaintext: {utf8: "hi"}}
            expect: {wire: TODO_ANDROID_RUN}

        """ + keys.enumerated().map { i, k in
            "  - id: key-\(i)\n    op: roundtrip\n    input: {recipientIdentityPrivateKey: {hex: \"\(k)\"}, plaintext: {utf8: \"x\"}}\n    expect: {plaintext: {utf8: \"x\"}}\n"
        }.joined()
    }

    func sortedSealedSender(keys: [String]) throws -> Archive.Sorted {
        let vectors = try VectorLoader().load(.bytes(Array(Self.sealedSender(keys: keys).utf8), file: "ss.yaml")).vectorsOrFirstError()
        let capture = """
        {"format": "concord-outputs/1", "results": [
          {"vector": "sophaxchat.sealed-sender/seal-bob", "outputs": {"wire": {"hex": "00"}}}]}
        """
        let c = try CapturedOutputs.parse(capture, file: "c.json")
        return Archive.sort(c, vectors: Dictionary(vectors.map { ($0.name, $0) }, uniquingKeysWith: { a, _ in a }), release: "1", platform: "ios",
                            places: CapturedOutputs.resultPlaces(capture, count: c.results.count))
    }

    /// A wire sealed to the reader's public key opens with the reader's private key, which no
    /// capture of the seal holds: it is found among the project's vectors of the suite whose
    /// private key has exactly that public key (derived by the pack's own X25519), never another
    /// key; when none has it, the artifact is refused at birth naming the public key; two
    /// candidates that are different keys for the one public key (RFC 7748's Bob, and Bob with the
    /// bit X25519 clears set otherwise) are refused, naming both; one key given twice is one key.
    @Test func theReadersPrivateKeyIsFoundByItsPublicHalf() throws {
        let bob = "5dab087e624a8a4b79e17f8b83800ee66f3bb1292618b6fd1c2f8b27ff88e0eb"
        let bobClearedBit = "5dab087e624a8a4b79e17f8b83800ee66f3bb1292618b6fd1c2f8b27ff88e06b"
        let alice = "77076d0a7318a57d3c16c17251b26645df4c2f87ebc0992ab177fba51db92c2a"
        let found = try sortedSealedSender(keys: [alice, bob, bob])
        #expect(found.refusals.isEmpty, "\(found.refusals)")
        let o = try #require(found.openings.first)
        #expect(o.input.map(\.0) == ["recipientIdentityPrivateKey", "wire"])
        #expect(o.input[0].1 == .bytes(try Hex.decode(bob)))
        #expect(o.expect.map(\.0) == ["plaintext"] && o.expect[0].1 == .bytes(Array("hi".utf8)))

        let nowhere = try sortedSealedSender(keys: [alice])
        #expect(nowhere.openings.isEmpty)
        #expect(nowhere.refusals == ["c.json:2:14: sophaxchat.sealed-sender/seal-bob: its wire could never be opened: sophaxchat.sealed-sender open needs recipientIdentityPrivateKey (the recipient's private key for de9edb7d7b7dc1b4d35b61c2ece435373f8343c8… is not among the project's keys: give it in a vector of sophaxchat.sealed-sender whose input holds recipientIdentityPrivateKey, such as a roundtrip vector, docs/archive.md)"])

        let two = try sortedSealedSender(keys: [bob, bobClearedBit])
        #expect(two.openings.isEmpty)
        #expect(two.refusals.count == 1)
        #expect(two.refusals.first?.hasPrefix("c.json:2:14: sophaxchat.sealed-sender/seal-bob: two different private keys of the project have the public key de9edb7d7b7dc1b4d35b61c2ece435373f8343c8… the app sealed to: ss.yaml:") == true, "\(two.refusals)")
        #expect(two.refusals.first?.contains("(sophaxchat.sealed-sender/key-0) and ss.yaml:") == true && two.refusals.first?.contains("(sophaxchat.sealed-sender/key-1) give recipientIdentityPrivateKey as two different keys") == true, "\(two.refusals)")
    }

    /// A keybox's recipient keyset is matched by the pack's own Tink reader: the keyset Concord's
    /// own vectors give for the reference case's public key (written twice, by Tink Python and Tink
    /// Java, with 33-byte coordinates: one key), and no keyset for another public key.
    @Test func aKeyboxOpensWithTheKeysetWhosePublicKeyItWasSealedTo() throws {
        let loaded = VectorLoader().load(.paths([repositoryRoot + "/vectors/closer/keybox"]))
        #expect(loaded.errors.isEmpty)
        let vectors = Dictionary(loaded.vectors.map { ($0.name, $0) }, uniquingKeysWith: { a, _ in a })
        let seal = try #require(vectors["closer.keybox/seal-kat"])
        let spec = try #require(Suites.closerKeybox.artifacts.first)
        let pub = try #require(seal.input["recipientPublicKey"])
        let keysets = loaded.vectors.compactMap { $0.input["recipientPrivateKeyset"] }
        let matching = keysets.filter { spec.keyPair?($0, pub) != nil }
        #expect(!matching.isEmpty)
        #expect(matching.count < keysets.count)
        let answer = Archive.Answer(vector: "closer.keybox/seal-kat", outcome: .outputs(["keybox": .text("keybox:v1:AAAA")]), at: "c.json:1:1")
        let sorted = Archive.sort([answer], vectors: vectors, release: "1", platform: "web")
        #expect(sorted.refusals.isEmpty, "\(sorted.refusals)")
        let o = try #require(sorted.openings.first)
        #expect(o.input.first?.0 == "recipientPrivateKeyset" && matching.contains(o.input[0].1))
        #expect(o.input.contains { $0.0 == "contextInfo" && $0.1 == .text("couple1|q1|alice|bob") })
        #expect(o.expect[0].1 == seal.input["plaintext"])
        // The same keybox sealed to another key (the 32-byte-key case's) opens with that case's keyset only.
        let other = try #require(vectors["closer.keybox/seal-32-byte-key"]?.input["recipientPublicKey"])
        #expect(o.input[0].1 != .null && spec.keyPair?(o.input[0].1, other) == nil)
    }

    static func file(release: String) -> String {
        """
        format: concord-vectors/1
        suite: closer.field
        title: t
        source: s
        release:
        \(release)
        vectors:
          - id: a
            op: decrypt
            input: {coupleKey: {hex: "00"}, coupleId: "c", wire: "enc:v1:AAAA"}
            expect: {plaintext: {hex: ""}}

        """
    }

    /// A vector file's `release:` is read onto every vector of the file; a malformed one is refused
    /// at its place (the loader and the schema agree on its keys).
    @Test func theReleaseFieldIsReadAndHeldToItsRules() throws {
        let ok = VectorLoader().load(.bytes(Array(Self.file(release: "  name: \"3.2.0\"\n  platform: android\n  version: \"app 3.2.0 (Tink 1.15.0)\"\n  confirmed: [tink]").utf8), file: "f.yaml"))
        #expect(ok.errors.isEmpty, "\(ok.errors)")
        let rel = try #require(ok.vectors.first?.release)
        #expect(rel == Release(name: "3.2.0", platform: "android", version: "app 3.2.0 (Tink 1.15.0)", confirmed: ["tink"]))
        #expect(rel.writer == "android 3.2.0 (app 3.2.0 (Tink 1.15.0))")
        // Kept through an edit of the vector's file name.
        var v = ok.vectors[0]
        v.file = "g.yaml"
        #expect(v.release == rel)
        for (release, message) in [("  platform: android", "f.yaml:6:3: missing required field \"name\" in release"),
                                   ("  name: \"\"\n  platform: android", "f.yaml:6:9: invalid release name \"\""),
                                   ("  name: \"1\"\n  platform: \"an droid\"", "f.yaml:7:13: invalid release platform \"an droid\""),
                                   ("  name: \"1\"\n  platform: a\n  when: x", "f.yaml:8:3: unknown field \"when\" in release")] {
            let bad = VectorLoader().load(.bytes(Array(Self.file(release: release).utf8), file: "f.yaml"))
            #expect(bad.errors.first?.description.hasPrefix(message) == true, "\(release): \(bad.errors)")
        }
        let schema = VectorFileSchema.document(suites: Suites.list)
        #expect(schema["properties"]?["release"]?["properties"]?.objectValue?.map(\.key) == ["name", "platform", "version", "device", "captured", "archived", "confirmed"])
    }

    /// A vector's digest changes with what it checks (an input, the expected value) and not with
    /// its comment; a file's with any byte.
    @Test func digestsSeeWhatChanged() throws {
        let base = Self.file(release: "  name: \"1\"\n  platform: a")
        func digest(_ text: String) throws -> String {
            try Archive.digest(VectorLoader().load(.bytes(Array(text.utf8), file: "f.yaml")).vectorsOrFirstError()[0])
        }
        let d = try digest(base)
        #expect(try digest(base.replacingOccurrences(of: "op: decrypt", with: "op: decrypt\n    comment: another")) == d)
        #expect(try digest(base.replacingOccurrences(of: "plaintext: {hex: \"\"}", with: "plaintext: {hex: \"00\"}")) != d)
        #expect(try digest(base.replacingOccurrences(of: "coupleId: \"c\"", with: "coupleId: \"d\"")) != d)
        #expect(Archive.digest(Array(base.utf8)) != Archive.digest(Array((base + " ").utf8)))
        // The manifest reads back as written, and refuses a path outside its release's folder.
        let m = Archive.Manifest(files: [.init(path: "1/a/closer.field.yaml", release: "1", platform: "a", sha256: "ab", vectors: [("closer.field/x", "cd")])])
        let dir = temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        write(m.serialized(), to: dir + "/m.json")
        #expect(try Archive.Manifest.read(dir + "/m.json") == m)
        write(m.serialized().replacingOccurrences(of: "1/a/closer", with: "../closer"), to: dir + "/m.json")
        #expect(throws: Archive.Failure.self) { try Archive.Manifest.read(dir + "/m.json") }
    }
}
