import ConcordFormats
import ConcordGeneration
import ConcordImplementations
import ConcordJudging
import ConcordLoading
import ConcordPrimitives
@testable import ConcordScenarios
@testable import ConcordScenarioFormat
import ConcordSuites
import ConcordTestSupport
import ConcordYAML
import Foundation
import Testing
import ConcordPacks
import ConcordCloser

/// Issue 30: scenarios (docs/scenarios.md). The reader locates every mistake; the same seed makes the
/// same values; the edge schedule meets a leading-zero ECDH secret in every default run; a planted
/// slip is found at its step, laid to its implementation and explained; a crash fails only its
/// trials; a recording loads and passes.
@Suite struct ScenarioTests {
    static let swift = BrokenImplementationTests.swift
    static let couple = repositoryRoot + "/vectors/closer/scenarios/couple.yaml"

    static func read(_ text: String, file: String = "test.yaml") throws(LoadError) -> Scenario {
        try ScenarioReader().read(bytes: Array(text.utf8), file: file)
    }

    /// A small scenario on primitive suites: A seals with AES-GCM, B opens; both sides of an ECDH agree.
    static let primitives = """
    format: concord-scenario/1
    name: test.primitives
    title: "AES-GCM across two roles, and an ECDH both ways"
    source: "test"
    roles:
      sealer: "seals"
      opener: "opens"
    fresh:
      key: {kind: bytes, length: 32}
      nonce: {kind: bytes, length: 12}
      message: {kind: bytes, lengths: [0, 1, 16, 33]}
      alice: {kind: p256-key-pair}
      bob: {kind: p256-key-pair, sharedWith: alice}
    steps:
      - id: seal
        role: sealer
        suite: aes-gcm
        op: seal
        input:
          key: {fresh: key}
          nonce: {fresh: nonce}
          aad: {utf8: "ctx"}
          plaintext: {fresh: message}
      - id: open
        role: opener
        suite: aes-gcm
        op: open
        input:
          key: {fresh: key}
          nonce: {input: seal.nonce}
          aad: {utf8: "ctx"}
          ciphertext: {output: seal.ciphertext}
          tag: {output: seal.tag}
        expect:
          plaintext: {fresh: message}
      - id: tampered
        role: opener
        suite: aes-gcm
        op: open
        input:
          key: {fresh: key}
          nonce: {fresh: nonce}
          aad: {utf8: "ctx"}
          ciphertext: {output: seal.ciphertext}
          tag: {output: seal.tag, flip: -1}
        refuses: authentication
      - id: alice-side
        role: sealer
        suite: ecdh-p256
        input:
          private: {fresh: alice.private}
          public: {fresh: bob.public}
      - id: bob-side
        role: opener
        suite: ecdh-p256
        input:
          private: {fresh: bob.private}
          public: {fresh: alice.public}
    checks:
      - equal: [{output: alice-side.shared}, {output: bob-side.shared}]
        why: "both sides of an ECDH compute one secret"
    """

    // MARK: Reading

    @Test func theReaderLocatesEveryMistake() throws {
        #expect(throws: Never.self) { try Self.read(Self.primitives) }
        // (what is replaced, by what, a fragment of the message, the line it must point at)
        let cases: [(String, String, String, Int)] = [
            ("    role: opener\n    suite: aes-gcm\n    op: open\n    input:\n      key: {fresh: key}\n      nonce: {input: seal.nonce}",
             "    role: closer\n    suite: aes-gcm\n    op: open\n    input:\n      key: {fresh: key}\n      nonce: {input: seal.nonce}",
             "unknown role \"closer\"", 25),
            ("suite: ecdh-p256\n    input:\n      private: {fresh: bob", "suite: ecdh-p257\n    input:\n      private: {fresh: bob", "unknown suite \"ecdh-p257\"", 55),
            ("op: seal", "op: sael", "has no op \"sael\"", 18),
            ("aad: {utf8: \"ctx\"}\n      plaintext", "aad: {utf8: \"ctx\"}\n      plaintxt", "unknown field \"plaintxt\"", 23),
            ("tag: {output: seal.tag}", "tag: {output: seal.tags}", "has no output tags", 33),
            ("nonce: {input: seal.nonce}", "nonce: {fresh: message.private}", "has no part private", 30),
            ("private: {fresh: alice.private}", "private: {fresh: alice}", "which has parts: name one", 51),
            ("nonce: {input: seal.nonce}", "nonce: {output: open.plaintext}", "step open reads its own open.plaintext", 24),
            ("equal: [{output: alice-side.shared}, {output: bob-side.shared}]", "equal: [{hex: \"00\"}, {hex: \"00\"}]", "compares literals only", 60),
            ("equal: [{output: alice-side.shared}, {output: bob-side.shared}]", "equal: [{output: tampered.plaintext}, {output: bob-side.shared}]", "is refused (authentication)", 60),
            ("format: concord-scenario/1", "format: concord-vectors/1", "a vector file: concord run runs it", 1),
            ("      aad: {utf8: \"ctx\"}\n      plaintext: {fresh: message}", "      aad: \"ctx\"\n      plaintext: {fresh: message}", "expected a mapping with exactly one encoding", 22),
            ("bob: {kind: p256-key-pair, sharedWith: alice}", "bob: {kind: p256-key-pair, sharedWith: key}", "must be a p256-key-pair or tink-ecies-p256-keyset", 9),
        ]
        for (old, new, fragment, line) in cases where !fragment.isEmpty {
            #expect(Self.primitives.contains(old), "the case's text is not in the scenario: \(old)")
            let text = Self.primitives.replacingOccurrences(of: old, with: new)
            do {
                _ = try Self.read(text)
                Issue.record("read without error after replacing \(old) by \(new)")
            } catch {
                #expect(error.message.contains(fragment), "\(error)")
                #expect(error.line == line, "\(fragment): at line \(error.line), expected \(line): \(error)")
                #expect(error.file == "test.yaml")
            }
        }
    }

    @Test func aCycleOfStepsIsNamed() throws {
        let text = Self.primitives.replacingOccurrences(of: "      nonce: {fresh: nonce}\n      aad: {utf8: \"ctx\"}\n      plaintext: {fresh: message}\n  - id: open",
                                                        with: "      nonce: {output: open.plaintext}\n      aad: {utf8: \"ctx\"}\n      plaintext: {fresh: message}\n  - id: open")
        #expect(text != Self.primitives)
        let e = try #require(throws: LoadError.self) { try Self.read(text) }
        #expect(e.message.contains("cycle: seal → open → seal") || e.message.contains("cycle: open → seal → open"), "\(e)")
    }

    @Test func aTypeMismatchNamesBothTypes() throws {
        let text = Self.primitives.replacingOccurrences(of: "aad: {utf8: \"ctx\"}\n      plaintext: {fresh: message}",
                                                        with: "aad: {utf8: \"ctx\"}\n      plaintext: {fresh: alice.private}\n      key2: 1")
        let e = try #require(throws: LoadError.self) { try Self.read(text) }
        #expect(e.message.contains("unknown field \"key2\""), "\(e)")
        let coupleText = try String(contentsOfFile: Self.couple, encoding: .utf8)
            .replacingOccurrences(of: "      coupleId: {fresh: coupleId}\n      plaintext: {fresh: fieldA}", with: "      coupleId: {fresh: coupleKey}\n      plaintext: {fresh: fieldA}")
        let e2 = try #require(throws: LoadError.self) { try Self.read(coupleText) }
        #expect(e2.message.contains("fresh coupleKey is bytes, but coupleId takes text"), "\(e2)")
    }

    /// Issue 43 item 22: a file of another kind given as a scenario is named as what it is, at its
    /// format (a vector file was refused for its field `suite`, a scenario's own message never reached).
    @Test func anotherKindOfFileIsNamedAsWhatItIs() throws {
        let cases: [(String, String, Int, Int)] = [
            ("vectors/primitives/aes-gcm/closer.yaml", "found \"concord-vectors/1\" (a vector file: concord run runs it)", 2, 9),
            ("vectors/wycheproof/aes_gcm_test.json", "this is a Wycheproof file (concord run runs it), not a scenario", 1, 1),
        ]
        for (file, fragment, line, column) in cases {
            let e = try #require(throws: LoadError.self, "\(file) was read") { try ScenarioReader().read(file: repositoryRoot + "/" + file) }
            #expect(e.message.contains(fragment), "\(file): \(e)")
            #expect(e.line == line && e.column == column, "\(file): \(e)")
        }
        let ledger = "format: concord-ledger/1\ndivergences: []\n"
        let e = try #require(throws: LoadError.self) { try Self.read(ledger) }
        #expect(e.message.contains("found \"concord-ledger/1\" (a divergence ledger)") && e.line == 1, "\(e)")
    }

    @Test func thePackScenariosRead() throws {
        let s = try ScenarioReader().read(file: Self.couple)
        #expect(s.name == "closer.couple")
        #expect(s.roles.map(\.name) == ["inviter", "invitee", "server", "reader"])
        #expect(s.steps.count == 16)
    }

    /// The corpus the schema is checked on (scripts/test runs check-schema.py --expect-verdicts on
    /// it): the reader gives each file the same verdict, at the place its header names.
    @Test func theReaderAndTheSchemaAgreeOnTheCorpus() throws {
        let dir = fixture("scenario-files")
        let files = try FileManager.default.contentsOfDirectory(atPath: dir).filter { $0.hasSuffix(".yaml") }.sorted()
        #expect(files.count >= 6)
        for f in files {
            let path = dir + "/" + f
            let lines = try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n", omittingEmptySubsequences: false)
            if lines[0] == "# expect: valid" {
                #expect(throws: Never.self) { try ScenarioReader().read(file: path) }
                continue
            }
            #expect(lines[0] == "# expect: invalid", "\(f): no verdict header")
            let header = try #require(lines[1].wholeMatch(of: #/# error: (\d+):(\d+) (.+)/#), "\(f): no error header")
            let e = try #require(throws: LoadError.self, "\(f) was read") { try ScenarioReader().read(file: path) }
            #expect(e.line == Int(header.1)! && e.column == Int(header.2)!, "\(f): \(e)")
            #expect(e.message.contains(header.3), "\(f): \(e)")
        }
    }

    @Test func theCheckedInSchemaIsTheDerivedOne() throws {
        let checkedIn = try String(contentsOfFile: repositoryRoot + "/schemas/scenario-file.schema.json", encoding: .utf8)
        #expect(checkedIn == ScenarioFileSchema.text(), "schemas/scenario-file.schema.json differs: run `concord schema --scenario > schemas/scenario-file.schema.json`")
        // Every suite and every fresh kind is in it: a new one cannot be forgotten.
        for s in Suites.list { #expect(checkedIn.contains("\"\(s.name)\""), "\(s.name) is not in the scenario schema") }
        for k in Packs.all.freshKinds { #expect(checkedIn.contains("\"\(k.rawValue)\""), "\(k.rawValue) is not in the scenario schema") }
    }

    /// docs/scenarios.md's table names every scenario file of every pack, and every pack has one.
    @Test func theScenariosPageListsEveryScenario() throws {
        let page = try String(contentsOfFile: repositoryRoot + "/docs/scenarios.md", encoding: .utf8)
        let table = try #require(page.components(separatedBy: "## The pack scenarios").dropFirst().first?.components(separatedBy: "\n## ").first)
        for pack in Contracts.all {
            let dir = repositoryRoot + "/vectors/\(pack.name)/scenarios"
            let files = ((try? FileManager.default.contentsOfDirectory(atPath: dir)) ?? []).filter { $0.hasSuffix(".yaml") }.sorted()
            for f in files {
                #expect(table.contains("`vectors/\(pack.name)/scenarios/\(f)`"), "docs/scenarios.md's table does not list vectors/\(pack.name)/scenarios/\(f)")
                #expect(throws: Never.self) { try ScenarioReader().read(file: dir + "/" + f) }
            }
        }
    }

    /// `n` HMAC steps, each reading the next one's tag (a forward reference); with `cycle`, the last
    /// reads the first's, else a literal.
    static func chain(_ n: Int, cycle: Bool) -> String {
        var y = "format: concord-scenario/1\nname: test.chain\ntitle: \"t\"\nsource: \"t\"\nroles:\n  r: \"r\"\nsteps:\n"
        for i in 0..<n {
            let message = i < n - 1 ? "{output: s\(i + 1).tag}" : cycle ? "{output: s0.tag}" : "{hex: \"00\"}"
            y += "  - {id: s\(i), role: r, suite: hmac-sha256, op: compute, input: {key: {hex: \"0b\"}, message: \(message)}}\n"
        }
        return y
    }

    /// Issue 43 item 9: steps are ordered without recursion (the reader's recursive sort overflowed
    /// the stack from about 8,000 chained forward references). 10,000 are read from a file; 100,000
    /// are ordered by the reader's sort itself (reading 100,000 steps of YAML takes a minute in a
    /// debug build): each step after the one it reads.
    @Test func chainedForwardReferencesAreOrdered() throws {
        let s = try Self.read(Self.chain(10_000, cycle: false))
        #expect(s.steps.map(\.id) == (0..<10_000).reversed().map { "s\($0)" })
        let n = 100_000
        var reading = Reading(file: "chain.yaml", freshKinds: Packs.all.freshKinds)
        let hmac = try #require(Suites.resolve("hmac-sha256"))
        for i in 0..<n {
            let message: Source = i < n - 1 ? .output(step: "s\(i + 1)", field: "tag") : .literal(.bytes([0]))
            let step = Step(id: "s\(i)", role: "r", suite: hmac, op: "compute", input: [("key", .literal(.bytes([11]))), ("message", message)],
                            refuses: nil, line: i + 8, column: 5)
            reading.steps[step.id] = (step, Node(.scalar(step.id, .string), at: Mark(line: i + 8, column: 5)))
        }
        let r = reading
        let order = try r.topological((0..<n).map { "s\($0)" }, reads: { id in r.steps[id]!.step.input.flatMap(\.source.steps) })
        #expect(order == (0..<n).reversed().map { "s\($0)" })
    }

    /// Issue 43 item 9: a cycle of 10,000 steps (a stack overflow) and one of 10,000 fresh values are
    /// refused where they close, named by their ends and their length.
    @Test func aLongCycleIsNamedShortly() throws {
        let e = try #require(throws: LoadError.self) { try Self.read(Self.chain(10_000, cycle: true)) }
        #expect(e.message == "the steps read each other in a cycle of 10000 steps: s0 → s1 → s2 → s3 → s4 → … (9991 more) → s9996 → s9997 → s9998 → s9999 → s0",
                "\(e)")
        #expect(e.line == 8 && e.column == 5, "\(e)")
        var fresh = "format: concord-scenario/1\nname: test.keys\ntitle: \"t\"\nsource: \"t\"\nroles:\n  r: \"r\"\nfresh:\n"
        for i in 0..<10_000 { fresh += "  k\(i): {kind: tink-aes-gcm-keyset, rotates: k\((i + 1) % 10_000)}\n" }
        fresh += "steps:\n  - {id: a, role: r, suite: hmac-sha256, op: compute, input: {key: {hex: \"0b\"}, message: {hex: \"00\"}}}\n"
        let f = try #require(throws: LoadError.self) { try Self.read(fresh) }
        #expect(f.message == "fresh values depend on each other in a cycle: k0 → k1 → k2 → k3 → k4 → … (9991 more) → k9996 → k9997 → k9998 → k9999 → k0",
                "\(f)")
        #expect(f.line == 8, "\(f)")
    }

    /// Issue 43 items 9 and 16: a chain of 20,000 keysets, each rotating the one before, is drawn
    /// without recursion and in time linear in its length (a rotation re-read the whole keyset before
    /// it: 1,500 took 15 s a trial). Only the parts read are written: the last keyset holds every
    /// key of the chain, in order, each id once.
    @Test func aLongRotationChainIsDrawnWithoutRecursion() throws {
        let n = 20_000
        var declarations = [FreshDeclaration(name: "k0", kind: .tinkAesGcmKeyset, options: FreshOptions())]
        for i in 1..<n {
            var o = FreshOptions()
            o.rotates = "k\(i - 1)"
            declarations.append(FreshDeclaration(name: "k\(i)", kind: .tinkAesGcmKeyset, options: o))
        }
        let last = "k\(n - 1)"
        let v = try FreshValues.draw(declarations, path: ["t"], trial: 1, parts: [last + ".keysetJson", "k0.keys"])
        #expect(v["k5.keysetJson"] == nil && v["k0.keysetJson"] == nil && v["k0.keys"] != nil)
        let keyset = try TinkAesGcmKeyset.parse(try #require(v[last + ".keysetJson"]?.text))
        let json = try JSON.parse(try #require(v[last + ".keysetJson"]?.text))
        let ids = try #require(json["key"]?.arrayValue).map { $0["keyId"]?.intValue ?? -1 }
        #expect(ids.count == n && Set(ids).count == n)
        #expect(ids == (0..<n).map { v["k\($0).keyId"]?.integer ?? -2 }, "the keys are the chain's, in order")
        #expect(keyset.primaryKey == v[last + ".key"]?.bytes)
        // A part read is the one drawing everything makes; a value does not depend on the chain after it.
        let few = Array(declarations.prefix(3))
        let all = try FreshValues.draw(few, path: ["t"], trial: 1)
        let one = try FreshValues.draw(few, path: ["t"], trial: 1, parts: ["k2.keysetJson"])
        #expect(one["k2.keysetJson"] != nil && one["k2.keysetJson"] == all["k2.keysetJson"] && one["k1.keysetJson"] == nil)
        #expect(all["k2.key"] == v["k2.key"] && all["k2.keyId"] == v["k2.keyId"])
    }

    /// A `recovery-phrase` is Closer's kind (`Pack.freshKinds`), drawn from its stand-in word list:
    /// the reader finds it among the packs' kinds, and a reader given only the generic kinds refuses
    /// it, located, as any unknown kind (ConcordGeneration names no pack: PackRoomTests).
    @Test func aRecoveryPhraseIsDrawnFromItsPacksWords() throws {
        let file = repositoryRoot + "/vectors/closer/scenarios/recovery.yaml"
        let bytes = Array(try Data(contentsOf: URL(fileURLWithPath: file)))
        let scenario = try ScenarioReader().read(bytes: bytes, file: file)
        let phrases = scenario.fresh.filter { $0.kind.name == "recovery-phrase" }
        #expect(!phrases.isEmpty)
        let words = try String(contentsOfFile: repositoryRoot + "/scripts/generate/data/closer-standin-wordlist.txt", encoding: .utf8)
            .split(separator: "\n").map(String.init)
        for d in phrases {
            let drawn = try #require(try FreshValues.draw([d], path: ["t"], trial: 1)[d.name]?.text)
            let parts = drawn.split(separator: " ").map(String.init)
            #expect(parts.count == 10 && parts.allSatisfy(words.contains), "\(drawn)")
        }
        let e = try #require(throws: LoadError.self) { try ScenarioReader(freshKinds: FreshKind.generic).read(bytes: bytes, file: file) }
        #expect(e.message.hasPrefix("unknown kind \"recovery-phrase\" (expected one of: bytes, text, id, integer,") && e.line > 0, "\(e)")
    }

    // MARK: Seeds and edges

    /// The reference implementations' own outputs: xoshiro256** from the state (1, 2, 3, 4), and
    /// SplitMix64 from 0 (the first value Vigna's splitmix64.c prints).
    @Test func theGeneratorsAreTheReferenceOnes() {
        var r = SeededRandom(state: (1, 2, 3, 4))
        #expect([r.next(), r.next(), r.next(), r.next()] == [11520, 0, 1_509_978_240, 1_215_971_899_390_074_240])
        var x: UInt64 = 0
        #expect(SeededRandom.splitMix64(&x) == 0xE220_A839_7B1D_CDAF)
        #expect(SeededRandom.splitMix64(&x) == 0x6E78_9E6A_A1B9_65F4)
    }

    @Test func theSameSeedMakesTheSameValuesAndAnotherSeedOthers() throws {
        let s = try ScenarioReader().read(file: Self.couple)
        let a = try FreshValues.draw(s.fresh, path: ScenarioRunner.path(seed: 7, scenario: s.name), trial: 2)
        let b = try FreshValues.draw(s.fresh, path: ScenarioRunner.path(seed: 7, scenario: s.name), trial: 2)
        let c = try FreshValues.draw(s.fresh, path: ScenarioRunner.path(seed: 8, scenario: s.name), trial: 2)
        #expect(a == b)
        #expect(a["coupleKey"] != c["coupleKey"] && a["phrase"] != c["phrase"])
        // A value does not move when another is added (each has its own stream).
        var more = s.fresh
        more.insert(FreshDeclaration(name: "extra", kind: .bytes, options: FreshOptions()), at: 0)
        let d = try FreshValues.draw(more, path: ScenarioRunner.path(seed: 7, scenario: s.name), trial: 2)
        #expect(d["coupleKey"] == a["coupleKey"] && d["recipient.privateKeyset"] == a["recipient.privateKeyset"])
        // Each value has the shape its kind promises.
        #expect(a["coupleKey"]?.bytes?.count == 32)
        #expect(a["phrase"]?.text?.split(separator: " ").count == 10)
        let code = try #require(a["inviteCode"]?.text)
        #expect(code.count == 6)
        #expect(throws: Never.self) { try CloserCodes.validateInviteCode(code) }
        let keyset = try #require(a["recipient.privateKeyset"]?.text)
        let decoded = try TinkEciesKeyset.decode(keyset)
        #expect(decoded.scalar == a["recipient.private"]?.bytes)
        #expect(try TinkEciesKeyset.decodePublic(wire: try #require(a["recipient.publicKey"]?.text)) == decoded.publicKey)
    }

    /// `template:` makes the keyset Tink writes for that template: key size, prefix, point format.
    @Test func tinkTemplatesMakeTheirKeysets() throws {
        let text = Self.primitives.replacingOccurrences(of: "  alice: {kind: p256-key-pair}\n",
            with: "  alice: {kind: p256-key-pair}\n  raw16: {kind: tink-aes-gcm-keyset, template: AES128_GCM_RAW}\n  tink32: {kind: tink-aes-gcm-keyset, template: AES256_GCM}\n  squeezed: {kind: tink-ecies-p256-keyset, template: ECIES_P256_COMPRESSED_HKDF_HMAC_SHA256_AES128_GCM_RAW}\n")
        let s = try Self.read(text)
        let v = try FreshValues.draw(s.fresh, path: ["t"], trial: 0)
        let raw = try TinkAesGcmKeyset.parse(try #require(v["raw16.keysetJson"]?.text))
        #expect(raw.primaryKey.count == 16 && raw.outputPrefixType == .raw)
        let tink = try TinkAesGcmKeyset.parse(try #require(v["tink32.keysetJson"]?.text))
        #expect(tink.primaryKey.count == 32 && tink.outputPrefixType == .tink)
        let ecies = try TinkEciesKeyset.decode(try #require(v["squeezed.privateKeyset"]?.text)).publicKey
        #expect(ecies.pointFormat == "COMPRESSED" && ecies.outputPrefix == .raw && ecies.demKeySize == 16)
        let bad = text.replacingOccurrences(of: "template: AES256_GCM}", with: "template: AES512_GCM}")
        let e = try #require(throws: LoadError.self) { try Self.read(bad) }
        #expect(e.message.contains("unknown template \"AES512_GCM\""), "\(e)")
    }

    /// Issue 30 item 6: a default run (4 trials) of a scenario that does ECDH meets a shared secret
    /// with a leading zero byte, whatever the seed; a Tink key id at or above 2^31 too.
    @Test func aDefaultRunMeetsALeadingZeroSharedSecret() throws {
        let s = try ScenarioReader().read(file: Self.couple)
        var uniformZeros = 0
        for seed in UInt64(0)..<40 {
            var zero = false, highKeyId = false
            for t in 0..<ScenarioConfiguration.defaultTrials {
                let v = try FreshValues.draw(s.fresh, path: ScenarioRunner.path(seed: seed, scenario: s.name), trial: t)
                let shared = try NistCurve.p256.sharedSecret(privateScalar: try #require(v["ephemeral.private"]?.bytes),
                                                            publicPoint: try #require(v["recipient.public"]?.bytes))
                if shared[0] == 0 { zero = true; if t % 2 == 0 { uniformZeros += 1 } }
                if let id = v["recipient.keyId"]?.integer, id >= 1 << 31 { highKeyId = true }
            }
            #expect(zero, "seed \(seed): no leading-zero shared secret in a default run")
            #expect(highKeyId, "seed \(seed): no key id at or above 2^31 in a default run")
        }
        #expect(uniformZeros < 40, "the even trials are not all edges")
    }

    // MARK: Running

    static func plan(_ s: Scenario, _ impls: [any Implementation], assign: [String: String] = [:]) throws -> ScenarioPlan {
        for i in impls { i.prepare() }
        return try ScenarioPlan.make(s, implementations: impls, assign: assign)
    }

    @Test func theCoupleScenarioPassesOnSwift() throws {
        let s = try ScenarioReader().read(file: Self.couple)
        let plan = try Self.plan(s, [Self.swift])
        #expect(plan.assignments == [["swift", "swift", "swift", "swift"]])
        let trials = ScenarioRunner(implementations: [Self.swift]).run(plan, configuration: ScenarioConfiguration(seed: 3))
        #expect(trials.count == 4)
        for t in trials { #expect(t.failure == nil, "\(t.failure?.message ?? "")") }
        #expect(trials.allSatisfy { $0.steps.count == s.steps.count })
    }

    @Test func primitivesRunOnEveryPairAndAgree() throws {
        let s = try Self.read(Self.primitives)
        let impls = ["libsodium", "openssl", "swift"].compactMap { Catalog.make($0, settings: Catalog.Settings(home: repositoryRoot)) }
        let plan = try Self.plan(s, impls)
        // openssl runs aes-gcm and ecdh-p256; libsodium has no ecdh-p256; swift neither primitive.
        #expect(plan.candidates.map(\.implementations) == [["openssl"], ["openssl"]], "\(plan.candidates)")
        let trials = ScenarioRunner(implementations: impls).run(plan, configuration: ScenarioConfiguration(seed: 1, trials: 6))
        #expect(trials.count == 6 && trials.allSatisfy { $0.failure == nil }, "\(trials.compactMap { $0.failure?.message })")
    }

    /// A `swift` whose field encryption uses the empty AAD: found at the step it did, laid to it
    /// when two implementations that run the step disagree with it (`swift` and a twin of it), the
    /// replay command names the assignment, and the trials it takes no part in pass.
    @Test func aPlantedSlipIsFoundAtItsStep() throws {
        let s = try ScenarioReader().read(file: Self.couple)
        let broken = Self.emptyAADField("broken")
        let twin = Planted(name: "twin") { _ in nil }
        let impls: [any Implementation] = [Self.swift, twin, broken]
        let plan = try Self.plan(s, impls, assign: ["server": "swift", "reader": "swift", "invitee": "swift"])
        #expect(plan.assignments.contains(["broken", "swift", "swift", "swift"]))
        let trials = ScenarioRunner(implementations: impls).run(plan, configuration: ScenarioConfiguration(seed: 5, trials: 2))
        for t in trials {
            if t.assignment[0] != "broken" { #expect(t.failure == nil); continue }
            let f = try #require(t.failure, "the broken inviter's trial passed")
            #expect(f.step == "invitee-reads", "\(f.message)")
            #expect(f.blamed == "broken" && f.alsoBlamed == nil, "\(f.message)")
            let d = try #require(f.diagnosis)
            #expect(d.hasPrefix("first divergence at step inviter-writes (closer.field encrypt), done by broken as inviter: swift, twin compute another wire"), "\(d)")
            #expect(d.contains("sealed with another AAD: broken opens with no AAD, swift with coupleId"), "the explanation rule different-aad: \(d)")
            let r = ScenarioResults.vectorResult(plan, t, seed: 5)
            #expect(r.status == .fail)
            #expect(r.vector.name == "scenario:closer.couple/inviter=broken,invitee=swift,server=swift,reader=swift/trial-\(t.trial)")
            #expect(r.implementations.first { $0.implementation == "broken" }?.status == .fail)
            #expect(r.implementations.first { $0.implementation == "swift" }?.status == .pass)
            #expect(r.note?.contains("replay: concord scenario \(Self.couple) --seed 5 --trial \(t.trial) --assign inviter=broken,invitee=swift,server=swift,reader=swift") == true, "\(r.note ?? "")")
        }
    }

    /// One against one settles nothing: with only `swift` and the broken one running the step, the
    /// failure is laid to both (the report shows both failing) and the diagnosis says why, never
    /// to the one whose step happened to be assigned. Before, the report showed the assigned one
    /// failing and the other passing: a planted adapter receiving from Concord's port passed.
    @Test func aDivergenceOfTwoIsLaidToBoth() throws {
        let s = try ScenarioReader().read(file: Self.couple)
        let broken = Self.emptyAADField("broken")
        let impls: [any Implementation] = [Self.swift, broken]
        let plan = try Self.plan(s, impls, assign: ["server": "swift", "reader": "swift", "invitee": "broken"])
        let trials = ScenarioRunner(implementations: impls).run(plan, configuration: ScenarioConfiguration(seed: 5, trials: 1))
        let t = try #require(trials.first { $0.assignment[0] == "swift" && $0.failure != nil }, "no trial failed")
        let f = try #require(t.failure)
        #expect(Set([f.blamed, f.alsoBlamed]) == ["swift", "broken"], "\(f.blamed) \(String(describing: f.alsoBlamed))")
        #expect(f.diagnosis?.contains("no third implementation runs this step, so neither") == true, "\(f.diagnosis ?? "")")
        let r = ScenarioResults.vectorResult(plan, t, seed: 5)
        #expect(r.implementations.first { $0.implementation == "broken" }?.status == .fail)
        #expect(r.implementations.first { $0.implementation == "swift" }?.status == .fail)
    }

    /// A `swift` whose `closer.field encrypt` seals with the empty AAD.
    static func emptyAADField(_ name: String) -> Planted {
        Planted(name: name) { r in
            guard r.suite == "closer.field", r.op == "encrypt" else { return nil }
            let wire = try Closer.encryptField(coupleKey: try r.bytes("coupleKey"), coupleId: "", plaintext: try r.bytes("plaintext"),
                                               nonce: try r.bytes("nonce"))
            return .outputs(["wire": .text(wire)])
        }
    }

    /// An implementation that crashes on one step is an error in the trials it takes part in, named;
    /// every other trial still runs and passes.
    @Test func aCrashFailsOnlyItsTrials() throws {
        let s = try ScenarioReader().read(file: Self.couple)
        let crashing = Planted(name: "crashing") { r in
            r.suite == "closer.keybox" && r.op == "open" ? .error("the adapter exited with signal 11") : nil
        }
        let impls: [any Implementation] = [Self.swift, crashing]
        let plan = try Self.plan(s, impls, assign: ["inviter": "swift", "invitee": "swift", "server": "swift"])
        let trials = ScenarioRunner(implementations: impls).run(plan, configuration: ScenarioConfiguration(seed: 9, trials: 2))
        #expect(trials.count == 4)
        for t in trials {
            if t.assignment[3] == "swift" { #expect(t.failure == nil); continue }
            let f = try #require(t.failure)
            #expect(f.isError && f.blamed == "crashing" && f.step == "open-keybox", "\(f.message)")
            #expect(f.message.contains("crashing (as reader) failed: the adapter exited with signal 11"))
            #expect(ScenarioResults.vectorResult(plan, t, seed: 9).status == .error)
        }
    }

    @Test func aRoleNobodyCanTakeIsRefusedWithTheReasons() throws {
        let s = try ScenarioReader().read(file: Self.couple)
        let sodium = try #require(Catalog.make("libsodium", settings: Catalog.Settings(home: repositoryRoot)))
        let e = try #require(throws: LoadError.self) { try Self.plan(s, [sodium]) }
        #expect(e.message.contains("no selected implementation can take role inviter"), "\(e)")
        #expect(e.message.contains("libsodium: step wrap: it does not implement closer.couple-key-wrap"), "\(e)")
        #expect(e.line == 12)
        let e2 = try #require(throws: LoadError.self) { try Self.plan(s, [Self.swift], assign: ["writer": "swift"]) }
        #expect(e2.message.contains("--assign names the role writer"), "\(e2)")
    }

    /// The value forms beyond references: concat, bytesOf, slice, a flip inside an encoded text, and
    /// a differ check; each used where a slip would make the scenario fail.
    static let forms = """
    format: concord-scenario/1
    name: test.forms
    title: "concat, bytesOf, slice, flip of an encoded text, differ"
    source: "test"
    roles:
      macer: "computes and verifies MACs"
      wrapper: "wraps a key"
    fresh:
      key: {kind: bytes, length: 32}
      word: {kind: text, alphabet: ascii, length: 5}
      ark: {kind: bytes, length: 32}
      nonce: {kind: bytes, length: 12}
    steps:
      - id: mac
        role: macer
        suite: hmac-sha256
        op: compute
        input:
          key: {fresh: key}
          message: {concat: [{bytesOf: {fresh: word}}, {hex: "00ff"}]}
      - id: verify-short
        role: macer
        suite: hmac-sha256
        op: verify
        input:
          key: {fresh: key}
          message: {concat: [{bytesOf: {fresh: word}}, {hex: "00ff"}]}
          tag: {output: mac.tag, slice: [0, 16]}
      - id: verify-flipped
        role: macer
        suite: hmac-sha256
        op: verify
        input:
          key: {fresh: key}
          message: {concat: [{bytesOf: {fresh: word}}, {hex: "00ff"}]}
          tag: {output: mac.tag, slice: [-16], flip: 3}
        refuses: authentication
      - id: wrap
        role: wrapper
        suite: justsend.wrap
        op: wrap
        input:
          wrappingKey: {fresh: key}
          key: {fresh: ark}
          nonce: {fresh: nonce}
      - id: tampered
        role: wrapper
        suite: justsend.wrap
        op: unwrap
        input:
          wrappingKey: {fresh: key}
          wrapped: {output: wrap.wrapped, flip: -1, encoding: base64}
        refuses: authentication
    checks:
      - differ: [{output: mac.tag}, {concat: [{fresh: key}]}]
    """

    @Test func theValueFormsComputeWhatTheySay() throws {
        // concat of one value is refused; fix the check first.
        #expect(throws: LoadError.self) { try Self.read(Self.forms) }
        let text = Self.forms.replacingOccurrences(of: "{concat: [{fresh: key}]}", with: "{fresh: key}")
        let s = try Self.read(text)
        let impls = ["openssl", "swift"].compactMap { Catalog.make($0, settings: Catalog.Settings(home: repositoryRoot)) }
        let plan = try Self.plan(s, impls)
        #expect(plan.assignments == [["openssl", "swift"]])
        let runner = ScenarioRunner(implementations: impls)
        let trials = runner.run(plan, configuration: ScenarioConfiguration(seed: 1, trials: 2))
        for t in trials { #expect(t.failure == nil, "\(t.failure?.message ?? "")") }
        // The message really was word ‖ 00ff, and the tag the first 16 bytes.
        let t = try #require(trials.first)
        let mac = try #require(t.steps.first { $0.step == "mac" })
        let word = try #require(try FreshValues.draw(s.fresh, path: ScenarioRunner.path(seed: 1, scenario: s.name), trial: 0)["word"]?.text)
        #expect(mac.input["message"] == .bytes(Array(word.utf8) + [0x00, 0xff]))
        guard case .outputs(let o) = mac.outcome, case .bytes(let tag)? = o["tag"] else { Issue.record("no tag"); return }
        #expect(t.steps.first { $0.step == "verify-short" }?.input["tag"] == .bytes(Array(tag[0..<16])))
        var flipped = Array(tag[16...]); flipped[3] ^= 1
        #expect(t.steps.first { $0.step == "verify-flipped" }?.input["tag"] == .bytes(flipped))
        // The flipped wrap is the wrap's base64 with its last byte changed, and nothing else.
        guard case .outputs(let w) = try #require(t.steps.first { $0.step == "wrap" }).outcome, case .text(let wrapped)? = w["wrapped"],
              case .text(let tampered)? = t.steps.first(where: { $0.step == "tampered" })?.input["wrapped"] else { Issue.record("no wrap"); return }
        var raw = try Base64.decode(wrapped, .standard); raw[raw.count - 1] ^= 1
        #expect(tampered == Base64.encode(raw, .standard) && tampered != wrapped)
        // differ fails when the values are equal.
        let same = try Self.read(text.replacingOccurrences(of: "differ: [{output: mac.tag}, {fresh: key}]", with: "differ: [{output: mac.tag}, {output: mac.tag}]"))
        let f = ScenarioRunner(implementations: impls).run(try Self.plan(same, impls), configuration: ScenarioConfiguration(seed: 1, trials: 1))[0].failure
        #expect(f?.message.contains("are equal") == true && f?.message.contains("must differ") == true, "\(f?.message ?? "passed")")
        // A flip of a text without its encoding is located.
        let noEncoding = text.replacingOccurrences(of: "flip: -1, encoding: base64}", with: "flip: -1}")
        let e = try #require(throws: LoadError.self) { try Self.read(noEncoding) }
        #expect(e.message.contains("flip on a text needs its encoding"), "\(e)")
    }

    // MARK: Recording

    /// A recorded vector expects only what a library's own code and another implementation agreed
    /// on, or a refusal the scenario states (docs/scenarios.md, "Recording"; the rule is
    /// exploration's, `WitnessRule`). With Concord's own port alone, every computed value is pending
    /// (no expect, the answer in its comment, flagged needs-review) and the stated refusals are plain
    /// invalid vectors; nothing recorded fails it, and nothing pending passes. (Before, a value only
    /// Concord's ports computed was written as the expected one, flagged.)
    @Test func aRecordingExpectsOnlyWhatALibraryAndAnotherSettled() throws {
        let dir = temporaryFolder()
        let s = try ScenarioReader().read(file: Self.couple)
        let plan = try Self.plan(s, [Self.swift])
        let runner = ScenarioRunner(implementations: [Self.swift])
        let config = ScenarioConfiguration(seed: 11, trials: 2)
        let rec = try ScenarioRecorder.record(plan, runner: runner, configuration: config, into: dir, assignment: "every implementation")
        #expect(rec.notes.isEmpty, "\(rec.notes)")
        #expect(rec.vectors == 2 * s.steps.count)
        let refusing = s.steps.filter { $0.refuses != nil }.count
        #expect(refusing > 0 && rec.needingReview == 2 * (s.steps.count - refusing), "swift is Concord's own port: only the stated refusals are settled")
        let loaded = VectorLoader().load(.paths([dir]))
        #expect(loaded.errors.isEmpty, "\(loaded.errors)")
        #expect(loaded.vectors.count == rec.vectors)
        for v in loaded.vectors {
            if v.result == .pending {
                #expect(v.flags == [ScenarioRecorder.reviewFlag] && v.comment?.contains("swift (Concord's own port) answered ") == true, "\(v.name): \(v.comment ?? "")")
            } else {
                #expect(v.result == .invalid && v.flags.isEmpty && v.comment?.contains("the refusal (") == true, "\(v.name): \(v.comment ?? "")")
            }
        }
        let results = Runner(implementations: [Self.swift]).run(loaded.vectors).results
        #expect(results.allSatisfy { $0.status == ($0.vector.result == .pending ? .pending : .pass) }, "\(results.map { "\($0.vector.name) \($0.status)" })")

        // openssl and libsodium are libraries' own code: what both computed is plainly valid; the
        // ECDH steps only openssl runs are pending (one library alone is not two).
        let prim = try Self.read(Self.primitives)
        let openssl = try #require(Catalog.make("openssl", settings: Catalog.Settings(home: repositoryRoot)))
        let sodium = try #require(Catalog.make("libsodium", settings: Catalog.Settings(home: repositoryRoot)))
        let dir2 = temporaryFolder()
        let r2 = try ScenarioRecorder.record(try Self.plan(prim, [openssl, sodium]), runner: ScenarioRunner(implementations: [openssl, sodium]),
                                             configuration: ScenarioConfiguration(seed: 2, trials: 1), into: dir2, assignment: "every implementation")
        #expect(r2.needingReview == 2 && r2.vectors == 5, "\(r2.notes)")
        let l2 = VectorLoader().load(.paths([dir2]))
        #expect(l2.errors.isEmpty)
        #expect(l2.vectors.filter { $0.suite == "aes-gcm" }.allSatisfy { $0.flags.isEmpty && $0.result != .pending })
        #expect(l2.vectors.filter { $0.suite == "ecdh-p256" }.allSatisfy { $0.result == .pending && $0.comment?.contains("openssl is the only library") == true })
        let text = try String(contentsOfFile: ScenarioRecorder.path(dir: dir2, scenario: prim, suite: Suites.aesGcm, seed: 2), encoding: .utf8)
        #expect(text.contains("Expected: openssl (library: ") && text.contains("and libsodium (library: "), "the source names who agreed: \(text)")
        #expect(Runner(implementations: [openssl, sodium]).run(l2.vectors).results.allSatisfy { $0.status == ($0.vector.result == .pending ? .pending : .pass) })
    }

    /// The app under test is the subject of a recording, never its witness: an app whose AES-GCM tag
    /// is wrong, recorded with OpenSSL and libsodium, gives vectors that expect the libraries' answer
    /// (and fail the app), and the flow goes on from it; with only Concord's own port beside it, the
    /// step where they disagree is pending with both answers and the trial stops there. (Before, a
    /// disagreement stopped the recording at the step before, and agreement with the app counted it
    /// as a witness.)
    @Test func aRecordingNeverExpectsTheAppUnderTest() throws {
        let openssl = try #require(Catalog.make("openssl", settings: Catalog.Settings(home: repositoryRoot)))
        let sodium = try #require(Catalog.make("libsodium", settings: Catalog.Settings(home: repositoryRoot)))
        let app = Planted(name: "app", base: openssl, provenance: .app) { r in
            guard r.op == "seal", case .outputs(var o) = openssl.run(r), var tag = o["tag"]?.bytes else { return nil }
            tag[0] ^= 1
            o["tag"] = .bytes(tag)
            return .outputs(o)
        }
        let prim = try Self.read(Self.primitives)
        let dir = temporaryFolder()
        let impls: [any Implementation] = [openssl, sodium, app]
        let rec = try ScenarioRecorder.record(try Self.plan(prim, impls), runner: ScenarioRunner(implementations: impls),
                                              configuration: ScenarioConfiguration(seed: 2, trials: 1), into: dir, assignment: "every implementation")
        #expect(rec.notes.contains { $0.contains("step seal: app answered otherwise than openssl, libsodium") }, "\(rec.notes)")
        let loaded = VectorLoader().load(.paths([dir]))
        #expect(loaded.errors.isEmpty && loaded.vectors.count == 5, "\(loaded.errors) \(rec.notes)")
        let seal = try #require(loaded.vectors.first { $0.id.hasSuffix("-seal") })
        #expect(seal.result == .valid && seal.comment?.contains("app (the app under test) answered outputs") == true, "\(seal.comment ?? "")")
        let results = Runner(implementations: impls).run([seal]).results[0].implementations
        let statuses = Dictionary(uniqueKeysWithValues: results.map { ($0.implementation, $0.status) })
        #expect(statuses == ["openssl": .pass, "libsodium": .pass, "app": .fail], "\(statuses)")

        // The app against Concord's own port alone: pending, both answers, and the trial ends there.
        let field = try ScenarioReader().read(file: Self.couple)
        let swiftApp = Planted(name: "app", provenance: .app) { r in
            guard r.suite == "closer.field", r.op == "encrypt", case .outputs(var o) = ScenarioTests.swift.run(r), case .text(let w)? = o["wire"] else { return nil }
            o["wire"] = .text(w + "A")
            return .outputs(o)
        }
        let pair: [any Implementation] = [Self.swift, swiftApp]
        let dir2 = temporaryFolder()
        let r2 = try ScenarioRecorder.record(try Self.plan(field, pair), runner: ScenarioRunner(implementations: pair),
                                             configuration: ScenarioConfiguration(seed: 5, trials: 1), into: dir2, assignment: "every implementation")
        #expect(r2.notes.contains { $0.contains(", pending: the implementations disagree there (") && $0.contains("no library's own code answered") }, "\(r2.notes)")
        let l2 = VectorLoader().load(.paths([dir2]))
        #expect(l2.errors.isEmpty, "\(l2.errors)")
        let encrypt = try #require(l2.vectors.first { $0.suite == "closer.field" && $0.op == "encrypt" })
        #expect(encrypt.result == .pending && encrypt.flags == [ScenarioRecorder.reviewFlag])
        #expect(encrypt.comment?.contains("swift (Concord's own port) answered outputs wire: ") == true
                && encrypt.comment?.contains("app (the app under test) answered outputs wire: ") == true, "\(encrypt.comment ?? "")")
        #expect(l2.vectors.filter { $0.suite == "closer.field" }.last?.name == encrypt.name, "the trial stops at the step that diverged")
    }
}

/// `base` (`swift` by default), except where `plant` answers (nil: the real answer); it declares
/// `provenance` (nil: nothing, so Concord's own port).
final class Planted: Implementation {
    let name: String
    let base: any Implementation
    let declared: Provenance?
    let plant: @Sendable (Request) throws -> Outcome?
    init(name: String, base: any Implementation = ScenarioTests.swift, provenance: Provenance? = nil, plant: @escaping @Sendable (Request) throws -> Outcome?) {
        self.name = name
        self.base = base
        self.declared = provenance
        self.plant = plant
    }
    func provenance(suite: String) -> Provenance? { declared }
    func support(suite: String, op: String?) -> Support { base.support(suite: suite, op: op) }
    var suites: Set<String> { base.suites }
    var version: String { "planted" }
    var startFailure: String? { nil }
    func prepare() {}
    func shutdown() {}
    func run(_ request: Request) -> Outcome {
        do {
            if let o = try plant(request) { return o }
        } catch let e as ContractError { return .refused(e) } catch { return .error("\(error)") }
        return base.run(request)
    }
}
