import ConcordExploration
import ConcordFormats
import ConcordGeneration
import ConcordImplementations
import ConcordJudging
import ConcordLoading
import ConcordSuites
import ConcordTestSupport
import ConcordWorkflows
import Foundation
import Testing
import ConcordPacks

/// Issue 31 (docs/exploration.md): generated cases are the same for a seed; a planted divergence is
/// found, shrunk and written as a vector that fails on the broken implementation and passes on the
/// good ones; a crash is a finding and not the end; `unsupported` is counted apart.
@Suite struct ExplorationTests {
    static let settings = Catalog.Settings(home: repositoryRoot)
    static var openssl: any Implementation { Catalog.make("openssl", settings: settings)! }
    static var libsodium: any Implementation { Catalog.make("libsodium", settings: settings)! }

    /// An in-process implementation that answers as `base` except where `change` says otherwise
    /// (nil: base's answer), declared Concord's own port unless `provenance` says otherwise.
    final class Planted: Implementation {
        let name: String
        let base: any Implementation
        let change: @Sendable (Request, Outcome) -> Outcome?
        let declared: Provenance
        init(_ name: String, base: any Implementation, provenance: Provenance = .ownPort, change: @escaping @Sendable (Request, Outcome) -> Outcome?) {
            self.name = name
            self.base = base
            self.change = change
            self.declared = provenance
        }
        var suites: Set<String> { base.suites }
        var version: String { "planted" }
        func prepare() {}
        func shutdown() {}
        var startFailure: String? { nil }
        func support(suite: String, op: String?) -> Support { base.support(suite: suite, op: op) }
        func provenance(suite: String) -> Provenance? { declared }
        func run(_ r: Request) -> Outcome {
            let o = base.run(r)
            return change(r, o) ?? o
        }
    }

    static func target(_ suite: Suite, _ op: String) -> Target {
        Target(suite: suite, op: suite.op(op)!)
    }

    // MARK: Field kinds

    /// Every input field of every suite has a generator of its own type: a hint that names another
    /// type (a key kind on a text field) or a type without a generator fails here.
    @Test func everyFieldHasAUsableGenerator() {
        for suite in Suites.list {
            for op in suite.protocolOps {
                for f in op.inputs {
                    guard let kind = f.kind else {
                        Issue.record("\(suite.name) \(op.name ?? "-") \(f.name): no generator for the type \(f.type.rawValue)")
                        continue
                    }
                    #expect(kind.typeName == f.type.rawValue, "\(suite.name) \(op.name ?? "-") \(f.name): a \(kind) hint on a \(f.type.rawValue) field")
                    var rng = SeededRandom(path: ["kinds", suite.name, f.name])
                    var pairs = KeyPairs()
                    let v = FieldGenerators.generate(kind, forms: Packs.wireForms, rng: &rng, pairs: &pairs)
                    #expect(Fill.fits(v, f.type), "\(suite.name) \(f.name): \(kind) made \(v.display)")
                }
            }
        }
        // The hints the definitions give reach the generator: a 12-byte AES-GCM nonce most of the time.
        let nonce = Suites.aesGcm.op("open")!.inputs.first { $0.name == "nonce" }!
        #expect(nonce.kind == .bytes(lengths: [12]))
        var rng = SeededRandom(path: ["nonce"])
        var pairs = KeyPairs()
        let lengths = (0..<200).map { _ in FieldGenerators.generate(nonce.kind!, forms: Packs.wireForms, rng: &rng, pairs: &pairs).bytes!.count }
        #expect(lengths.filter { $0 == 12 }.count > 150 && lengths.contains { $0 != 12 })
    }

    /// A case's Tink AES-GCM keyset holds the case's couple key (unless it is drawn near-valid, one
    /// time in eight), and across cases takes every output prefix and key ids with the high bit set.
    @Test func tinkKeysetKindsHoldTheCasesKey() throws {
        var prefixes = Set<TinkOutputPrefix>(), highBit = false
        for k in 0..<64 {
            var rng = SeededRandom(path: ["keysets", String(k)])
            var pairs = KeyPairs()
            let key = FieldGenerators.generate(.tinkAesGcm(part: "key"), forms: Packs.wireForms, rng: &rng, pairs: &pairs)
            guard case .text(let json) = FieldGenerators.generate(.tinkAesGcm(part: "keysetJson"), forms: Packs.wireForms, rng: &rng, pairs: &pairs) else {
                Issue.record("no keyset text")
                continue
            }
            let wire = FieldGenerators.generate(.tinkEcies(part: "publicKey"), forms: Packs.wireForms, rng: &rng, pairs: &pairs).text ?? ""
            #expect(wire.hasPrefix("pub:v1:"), "\(wire)")
            if pairs.notes[0].contains("near-valid") { continue }
            let keyset = try TinkAesGcmKeyset.parse(json)
            #expect(.bytes(keyset.primaryKey) == key)
            prefixes.insert(keyset.outputPrefixType)
            if keyset.primaryKeyId >= 1 << 31 { highBit = true }
        }
        #expect(prefixes == Set(TinkOutputPrefix.allCases) && highBit)
    }

    /// Every generated or mutated input value has its field's type and respects its minimum, in
    /// every op of every suite; a field another op makes keeps this op's type (`kdfSalt` is bytes
    /// to `closer.couple-key-wrap wrap`, text to `unwrap`).
    @Test func casesKeepTheFieldsTypes() {
        for suite in Suites.list {
            for t in Target.all(suite) {
                // A producer that answers every output of the op it is asked for, of that op's types.
                let produce: Cases.Producer = { op, _ in
                    var out: [String: Value] = [:]
                    for f in suite.op(op)?.expects ?? [] {
                        out[f.name] = f.type == .text ? .text("made") : f.type == .integer ? .integer(1) : f.type == .bytes ? .bytes([1]) : .null
                    }
                    return out
                }
                for k in 0..<40 {
                    let input = Cases.make(t, seed: 8, case: k, produce: produce).input
                    // Exactly one of each group (groups overlap in closer.keybox), every required field.
                    for g in t.op.exactlyOne {
                        #expect(g.filter { n in input.contains { $0.0 == n } }.count == 1, "\(suite.name) \(t.opLabel) case \(k): \(g) in \(input.map(\.0))")
                    }
                    for f in t.op.inputs where f.required {
                        #expect(input.contains { $0.0 == f.name }, "\(suite.name) \(t.opLabel) case \(k): no \(f.name)")
                    }
                    for (name, v) in input {
                        guard let f = t.op.inputs.first(where: { $0.name == name }) else { Issue.record("\(suite.name): \(name) is no input"); continue }
                        #expect(Fill.fits(v, f.type), "\(suite.name) \(t.opLabel) case \(k): \(name) = \(v.display) is not \(f.type.rawValue)")
                        if let m = f.minimum, let i = v.integer { #expect(i >= m, "\(suite.name) \(name) = \(i) < \(m)") }
                    }
                }
            }
        }
    }

    /// The same seed makes the same cases (inputs and notes); another seed, other ones. A valid
    /// AES-GCM open input is made by sealing (the ciphertext and tag another op outputs).
    @Test func sameSeedSameCases() {
        let t = Self.target(Suites.aesGcm, "open")
        let impl = Self.openssl
        let produce: Cases.Producer = { op, input in
            if case .outputs(let o) = impl.run(Request(suite: "aes-gcm", op: op, input: Fields(ordered: input))) { return o }
            return nil
        }
        let a = (0..<64).map { Cases.make(t, seed: 42, case: $0, produce: produce) }
        let b = (0..<64).map { Cases.make(t, seed: 42, case: $0, produce: produce) }
        let c = (0..<64).map { Cases.make(t, seed: 43, case: $0, produce: produce) }
        func same(_ x: [(input: [(String, Value)], made: String)], _ y: [(input: [(String, Value)], made: String)]) -> Bool {
            zip(x, y).allSatisfy { p, q in p.made == q.made && p.input.map(\.0) == q.input.map(\.0) && zip(p.input, q.input).allSatisfy { $0.1 == $1.1 } }
        }
        #expect(same(a, b))
        #expect(!same(a, c))
        // Some cases open as they are (valid first), some are refused (mutations).
        var opened = 0, refused = 0
        for x in a {
            switch impl.run(Request(suite: "aes-gcm", op: "open", input: Fields(ordered: x.input))) {
            case .outputs: opened += 1
            case .refused: refused += 1
            default: break
            }
        }
        #expect(opened > 8 && refused > 8, "opened \(opened), refused \(refused)")
    }

    /// Issue 44: the new classes are as reproducible as the old ones: in suites whose cases draw sizes,
    /// Unicode classes, searched keys, keysets, key forms, tags, wires and spellings, the same seed
    /// makes the same inputs and notes, another seed other ones, and the notes show those draws.
    @Test func sameSeedSameCasesWithEveryClass() {
        let targets = [Self.target(Suites.closerKeybox, "seal"), Self.target(Suites.closerKeybox, "open"), Self.target(Suites.sinewFieldCipher, "decrypt"),
                       Self.target(Suites.closerField, "decrypt")]
            + [Suites.x25519, Suites.ecdhP256, Suites.argon2id, Suites.closerKdfParams, Suites.hkdfSha256].map { Target(suite: $0, op: $0.ops[0]) }
        var notes = ""
        for t in targets {
            // A producer that answers every output of the op it is asked for with fixed values.
            let produce: Cases.Producer = { op, _ in
                var out: [String: Value] = [:]
                for f in t.suite.op(op)?.expects ?? [] { out[f.name] = f.type == .text ? .text("made") : f.type == .integer ? .integer(1) : .bytes([1]) }
                return out
            }
            func cases(_ seed: UInt64) -> [String] {
                (0..<200).map { k in
                    let c = Cases.make(t, seed: seed, case: k, produce: produce)
                    return c.made + " " + c.input.map { "\($0.0)=\($0.1.display)" }.joined(separator: " ")
                }
            }
            let a = cases(7)
            #expect(a == cases(7), "\(t.suite.name) \(t.opLabel)")
            #expect(a != cases(8), "\(t.suite.name) \(t.opLabel)")
            notes += a.joined(separator: "\n")
        }
        for seen in ["shared-secret-leading-zeros-1", "shared-secret-leading-zeros-2", "ECIES keyset", "near-valid", "key as DER", "key as PEM",
                     "key as JWK", "Argon2id tag", "wire of", "respell:"] {
            #expect(notes.contains(seen), "no case drew \(seen)")
        }
    }

    // MARK: Findings

    /// A broken AES-GCM seal (the first ciphertext byte flipped once the plaintext is 3 bytes or
    /// more) is found, shrunk to a 3-byte plaintext, and its drafted vector loads, expects the
    /// libraries' answer, fails on the broken implementation and passes on the good ones.
    @Test func aPlantedDivergenceIsFoundShrunkAndEmitted() throws {
        let broken = Planted("broken", base: Self.openssl) { r, o in
            guard r.op == "seal", case .outputs(var out) = o, var c = out["ciphertext"]?.bytes, c.count >= 3 else { return nil }
            c[0] ^= 1
            out["ciphertext"] = .bytes(c)
            return .outputs(out)
        }
        let explorer = Explorer(implementations: [Self.openssl, Self.libsodium, broken],
                                configuration: Explorer.Configuration(seed: 5, cases: 300, workers: 2))
        let summary = explorer.explore([Self.target(Suites.aesGcm, "seal")])
        #expect(summary.cases == 300)
        let findings = summary.findings
        // Every finding is the broken one's (with libsodium or, for keys it does not take, without).
        #expect(!findings.isEmpty && findings.allSatisfy { $0.signature.hasPrefix("aes-gcm seal: broken outputs vs ") }, "\(findings.map(\.signature))")
        let f = try #require(findings.first { $0.signature.contains("vs openssl+libsodium outputs") })
        #expect(f.occurrences > 1)
        #expect(f.input["plaintext"]?.bytes?.count == 3, "\(f.input["plaintext"]?.display ?? "none")")
        #expect(f.input["aad"]?.bytes == [], "the AAD plays no part: shrunk to nothing")

        // Replaying its case alone finds it again.
        var replay = Explorer.Configuration(seed: 5, workers: 1)
        replay.onlyCase = f.caseNumber
        let again = Explorer(implementations: [Self.openssl, Self.libsodium, broken], configuration: replay).explore([Self.target(Suites.aesGcm, "seal")])
        #expect(again.findings.map(\.signature) == [f.signature])
        #expect(again.findings.first?.input == f.input)

        // The vector: expect from the libraries (outside code), loadable, failing only on broken.
        let draft = try #require(f.draft(op: Suites.aesGcm.op("seal")!))
        #expect(!draft.isPending && draft.outputs.map(\.0) == ["ciphertext", "tag"] && !draft.needsReview)
        let text = VectorDraft.file(Suites.aesGcm, [draft])
        #expect(text.contains("--seed 5 --case \(f.caseNumber)"))
        let loaded = VectorLoader().load(.bytes(Array(text.utf8), file: "explored.yaml"))
        #expect(loaded.errors.isEmpty, "\(loaded.errors)\n\(text)")
        let run = Runner(implementations: [Self.openssl, Self.libsodium, broken]).run(loaded.vectors)
        let statuses = Dictionary(uniqueKeysWithValues: try #require(run.results.first).implementations.map { ($0.implementation, $0.status) })
        #expect(statuses == ["openssl": .pass, "libsodium": .pass, "broken": .fail], "\(statuses)")
    }

    /// The same seed gives the same findings, whatever the workers' timing: each is reported from
    /// the lowest case that shows it, and listed in case order. A broken seal that is slow on some
    /// cases made the workers meet its cases out of order, and the case reported (and the input
    /// shrunk from it) was whichever finished first: two runs of one seed differed.
    @Test func theSameSeedReportsTheSameCasesWhateverTheTiming() throws {
        let slowSometimes = Planted("broken", base: Self.openssl) { r, o in
            guard r.op == "seal", case .outputs(var out) = o, var c = out["ciphertext"]?.bytes, !c.isEmpty else { return nil }
            // Cases of an odd-length plaintext answer late, so a later case often finishes first.
            if c.count % 2 == 1 { usleep(15_000) }
            c[0] ^= 1
            out["ciphertext"] = .bytes(c)
            return .outputs(out)
        }
        let target = Self.target(Suites.aesGcm, "seal")
        func explore() -> [(String, Int, Fields)] {
            Explorer(implementations: [Self.openssl, Self.libsodium, slowSometimes], configuration: Explorer.Configuration(seed: 12, cases: 40, workers: 4))
                .explore([target]).findings.map { ($0.signature, $0.caseNumber, $0.input) }
        }
        let first = explore()
        #expect(!first.isEmpty)
        #expect(first.map(\.1) == first.map(\.1).sorted(), "listed in case order: \(first.map(\.1))")
        for _ in 0..<2 {
            let again = explore()
            #expect(again.map(\.0) == first.map(\.0) && again.map(\.1) == first.map(\.1), "\(again.map(\.1)) vs \(first.map(\.1))")
            #expect(zip(again, first).allSatisfy { $0.2 == $1.2 }, "the same shrunk inputs")
        }
        // Each is the lowest case showing it: no earlier case, alone, shows it.
        for (signature, k, _) in first {
            for earlier in 0..<k {
                var one = Explorer.Configuration(seed: 12, workers: 1)
                one.onlyCase = earlier
                let shown = Explorer(implementations: [Self.openssl, Self.libsodium, slowSometimes], configuration: one).explore([target]).findings.map(\.signature)
                #expect(!shown.contains(signature), "case \(earlier) shows \(signature) too, reported at \(k)")
            }
        }
    }

    /// The app under test is the subject, never the witness (docs/exploration.md, "Whose answer a
    /// vector expects"): an app's ChaCha20-Poly1305 that flips a ciphertext bit, explored against
    /// OpenSSL alone, is a finding whose vector expects nothing (one library is not two): pending,
    /// both answers in its comment, flagged review, never the app's answer. Settled with libsodium,
    /// which was not explored, it expects the libraries' answer, which the app fails. (Before, the
    /// side with code Concord did not write was expected, the app's included: with only Concord's
    /// own ports beside it, the app's answer became the vector's.)
    @Test func theAppUnderTestNeverDecidesAVector() throws {
        let app = Planted("app", base: Self.openssl, provenance: .app) { r, o in
            guard r.op == "seal", case .outputs(var out) = o, var c = out["ciphertext"]?.bytes, c.count >= 3 else { return nil }
            c[0] ^= 1
            out["ciphertext"] = .bytes(c)
            return .outputs(out)
        }
        let target = Self.target(Suites.chacha20Poly1305, "seal")
        let explorer = Explorer(implementations: [Self.openssl, app], configuration: Explorer.Configuration(seed: 4, cases: 200, workers: 2))
        let found = explorer.explore([target]).findings
        let f = try #require(found.first { $0.signature.hasPrefix("chacha20-poly1305 seal: app outputs vs openssl outputs") }, "\(found.map(\.signature))")
        let spec = Suites.chacha20Poly1305.op("seal")!
        let alone = try #require(f.draft(op: spec))
        #expect(alone.isPending && alone.needsReview && alone.outputs.isEmpty)
        #expect(alone.answers.map(\.who) == ["app (the app under test)", "openssl (library: \(Self.libraryName("openssl", spec: "chacha20-poly1305")))"], "\(alone.answers.map(\.who))")
        let text = VectorDraft.file(Suites.chacha20Poly1305, [alone])
        #expect(text.contains("result: pending") && text.contains("flags: [explored, review]") && !text.contains("    expect:"), "\(text)")
        #expect(text.contains("app (the app under test) answered outputs ciphertext: {hex:") && text.contains("openssl (library: "), "\(text)")
        let loaded = VectorLoader().load(.bytes(Array(text.utf8), file: "pending.yaml"))
        #expect(loaded.errors.isEmpty, "\(loaded.errors)")
        // Run, it is pending on both (never a pass), and shows that they disagree.
        let pending = try #require(Runner(implementations: [Self.openssl, app]).run(loaded.vectors).results.first)
        #expect(pending.status == .pending && pending.implementations.allSatisfy { $0.status == .pending })
        #expect(pending.divergence?.contains("app outputs vs openssl outputs") == true, "\(pending.divergence ?? "none")")

        // libsodium, not explored, answers the shrunk input too: two libraries agree, the app fails.
        let settled = explorer.settle(found, witnesses: [Self.libsodium])
        let s = try #require(settled.first { $0.signature == f.signature })
        let draft = try #require(s.draft(op: spec))
        #expect(!draft.isPending && !draft.needsReview && draft.outputs.map(\.0) == ["ciphertext", "tag"])
        #expect(draft.source.contains("expected: openssl (library: ") && draft.source.contains("and libsodium (library: "), "\(draft.source)")
        let file = VectorDraft.file(Suites.chacha20Poly1305, [draft])
        let vectors = VectorLoader().load(.bytes(Array(file.utf8), file: "settled.yaml")).vectors
        let run = try #require(Runner(implementations: [Self.openssl, Self.libsodium, app]).run(vectors).results.first)
        let statuses = Dictionary(uniqueKeysWithValues: run.implementations.map { ($0.implementation, $0.status) })
        #expect(statuses == ["openssl": .pass, "libsodium": .pass, "app": .fail], "\(statuses)")
    }

    /// Libraries that answer a finding's input differently settle nothing (its vector is pending), and
    /// their disagreement is a finding of its own, with no vector of its own; a finding that already is
    /// exactly the libraries' disagreement brings no second one.
    @Test func librariesThatDisagreeAreAFindingOfTheirOwn() throws {
        func broken(_ name: String, _ p: Provenance) -> Planted {
            Planted(name, base: Self.openssl, provenance: p) { r, o in
                guard r.op == "seal", case .outputs(var out) = o, var t = out["tag"]?.bytes, (r.input["plaintext"]?.bytes?.count ?? 0) >= 3 else { return nil }
                t[0] ^= 1
                out["tag"] = .bytes(t)
                return .outputs(out)
            }
        }
        let app = Planted("app", base: Self.openssl, provenance: .app) { _, _ in nil }
        let other = broken("other", .library("another library's own code"))
        let target = Self.target(Suites.aesGcm, "seal")
        let explorer = Explorer(implementations: [Self.openssl, other, app], configuration: Explorer.Configuration(seed: 6, cases: 150, workers: 2))
        let found = explorer.explore([target]).findings
        let f = try #require(found.first { $0.signature.hasPrefix("aes-gcm seal: ") && $0.kind == .divergence }, "\(found.map(\.signature))")
        let settled = explorer.settle(found)
        let mine = try #require(settled.first { $0.signature == f.signature })
        #expect(mine.testimony?.decision.isPending == true)
        let draft = try #require(mine.draft(op: Suites.aesGcm.op("seal")!))
        #expect(draft.isPending && draft.needsReview && draft.comment.contains("the libraries disagree (openssl vs other)"), "\(draft.comment)")
        let own = settled.filter { $0.kind == .librariesDisagree }
        #expect(own.count == 1 && own[0].signature.hasPrefix("aes-gcm seal: libraries disagree: openssl outputs vs other outputs ["), "\(own.map(\.signature))")
        #expect(own[0].sides.flatMap(\.implementations).sorted() == ["openssl", "other"])
        #expect(own[0].draft(op: Suites.aesGcm.op("seal")!) == nil, "its input is the first finding's vector")

        // Without the app, the finding is the libraries' disagreement itself: no second finding.
        let libsOnly = Explorer(implementations: [Self.openssl, broken("other", .library("another library's own code"))],
                                configuration: Explorer.Configuration(seed: 6, cases: 150, workers: 2))
        let plain = libsOnly.explore([target]).findings
        #expect(!plain.isEmpty)
        #expect(libsOnly.settle(plain).allSatisfy { $0.kind != .librariesDisagree })
    }

    /// What an in-process implementation declares for a suite (its library's name).
    static func libraryName(_ name: String, spec suite: String) -> String {
        if case .library(let what)? = Catalog.make(name, settings: settings)!.provenance(suite: suite) { return what }
        return "?"
    }

    /// A refusal of another class is a finding; `unclassified` matches any class and is none.
    @Test func refusalClassesAreCompared() {
        func explore(_ cls: ErrorClass) -> [Finding] {
            let other = Planted("other", base: Self.openssl) { _, o in
                if case .refused(let e) = o { return .refused(ContractError(cls, e.message)) }
                return nil
            }
            return Explorer(implementations: [Self.openssl, other], configuration: Explorer.Configuration(seed: 9, cases: 200, workers: 2))
                .explore([Self.target(Suites.aesGcm, "open")]).findings
        }
        #expect(explore(.unclassified).isEmpty)
        let found = explore(.key)
        #expect(found.count >= 1 && found.allSatisfy { $0.rule == "refusal classes differ" }, "\(found.map(\.signature))")
    }

    /// An implementation that crashes on some inputs (its answer `error`, as an adapter's process
    /// that exited) is a finding with its input, and every case still runs.
    @Test func aCrashIsAFindingNotTheEnd() throws {
        let crashing = Planted("crashing", base: Self.openssl) { r, _ in
            (r.input["plaintext"]?.bytes?.count ?? 0) > 40 ? .error("crashing exited (signal 11)") : nil
        }
        let summary = Explorer(implementations: [Self.openssl, Self.libsodium, crashing],
                               configuration: Explorer.Configuration(seed: 3, cases: 400, workers: 2))
            .explore([Self.target(Suites.aesGcm, "seal")])
        #expect(summary.cases == 400)
        let f = try #require(summary.findings.first { $0.kind == .error })
        #expect(f.signature == "aes-gcm seal: crashing error (crash)")
        #expect(f.input["plaintext"]?.bytes?.count == 41, "shrunk to the shortest plaintext that crashes it")
        #expect(f.draft(op: Suites.aesGcm.op("seal")!) != nil, "the others' answer is the vector's")
    }

    /// `unsupported` answers are counted per implementation, never a finding; one implementation
    /// alone compares nothing.
    @Test func unsupportedIsCountedApart() {
        let refusing = Planted("refusing", base: Self.openssl) { _, _ in .unsupported("not here") }
        let summary = Explorer(implementations: [Self.openssl, refusing], configuration: Explorer.Configuration(seed: 1, cases: 100, workers: 2))
            .explore([Self.target(Suites.aesGcm, "open")])
        #expect(summary.findings.isEmpty)
        #expect(summary.unsupported["refusing"] == 100)
        #expect(summary.compared == 0)
    }

    /// A round trip whose opener finds another value is a finding naming sealer and opener, and
    /// its vector expects the input's value.
    @Test func aBrokenRoundTripIsAFinding() throws {
        let swift = Catalog.make("swift", settings: Self.settings)!
        let broken = Planted("broken", base: swift) { r, o in
            guard r.op == "decrypt", case .outputs(var out) = o, let p = out["plaintext"]?.bytes, !p.isEmpty else { return nil }
            out["plaintext"] = .bytes(Array(p.dropLast()))
            return .outputs(out)
        }
        let summary = Explorer(implementations: [swift, broken], configuration: Explorer.Configuration(seed: 2, cases: 200, workers: 2))
            .explore([Self.target(Suites.closerField, "roundtrip")])
        let f = try #require(summary.findings.first { if case .roundtrip(_, "broken") = $0.kind { return true }; return false })
        // Every finding's vector in one file loads (findings of one case get distinct ids).
        let drafts = summary.findings.compactMap { $0.draft(op: Suites.closerField.op("roundtrip")!) }
        #expect(drafts.count >= 2)
        let text = VectorDraft.file(Suites.closerField, drafts)
        let loaded = VectorLoader().load(.bytes(Array(text.utf8), file: "explored.yaml"))
        #expect(loaded.errors.isEmpty && loaded.vectors.count == drafts.count, "\(loaded.errors)")
        #expect(f.input["plaintext"]?.bytes?.count == 1)
        let draft = try #require(f.draft(op: Suites.closerField.op("roundtrip")!))
        #expect(draft.outputs.map(\.0) == ["plaintext"] && draft.outputs.first?.1 == f.input["plaintext"])
    }

    /// Issue 44 item 2: a bug that needs a message above 4 KiB (an AES-GCM seal that flips its last
    /// ciphertext byte past 4096 bytes of plaintext) is found within 3,000 cases, and the finding
    /// names the size class of its input. The generators before it drew at most 64 bytes (81 with a
    /// mutation's extension), so no number of cases found it.
    @Test func aBugNeedingMoreThan4KiBIsFound() throws {
        let broken = Planted("broken", base: Self.openssl) { r, o in
            guard r.op == "seal", (r.input["plaintext"]?.bytes?.count ?? 0) > 4096, case .outputs(var out) = o,
                  var c = out["ciphertext"]?.bytes, !c.isEmpty else { return nil }
            c[c.count - 1] ^= 1
            out["ciphertext"] = .bytes(c)
            return .outputs(out)
        }
        let summary = Explorer(implementations: [Self.openssl, Self.libsodium, broken],
                               configuration: Explorer.Configuration(seed: 11, cases: 3000, workers: 2))
            .explore([Self.target(Suites.aesGcm, "seal")])
        let f = try #require(summary.findings.first { $0.signature.hasPrefix("aes-gcm seal: broken outputs vs ") }, "\(summary.findings.map(\.signature))")
        let size = f.input["plaintext"]?.bytes?.count ?? 0
        #expect(size > 4096)
        let named = f.classes().first { $0.hasPrefix("plaintext:") } ?? ""
        #expect(named.hasPrefix("plaintext: \(size) bytes, "), "\(f.classes())")
    }

    /// Issue 44 item 5: an implementation that reads base64 leniently (it takes JustSend's `wrapped`
    /// with line breaks, spaces or tabs in it, which every other refuses as `format`) is found, and
    /// the finding names the spelling its shrunk input shows.
    @Test func aLenientDecoderIsFoundAndItsSpellingNamed() throws {
        let swift = Catalog.make("swift", settings: Self.settings)!
        let lenient = Planted("lenient", base: swift) { r, _ in
            guard r.op == "unwrap", case .text(let w)? = r.input["wrapped"] else { return nil }
            let cleaned = String(String.UnicodeScalarView(w.unicodeScalars.filter { !" \n\r\t".unicodeScalars.contains($0) }))
            guard cleaned != w else { return nil }
            let input = Fields(ordered: r.input.map { ($0.key, $0.key == "wrapped" ? .text(cleaned) : $0.value) })
            return swift.run(Request(suite: r.suite, op: r.op, input: input))
        }
        let summary = Explorer(implementations: [swift, lenient], configuration: Explorer.Configuration(seed: 4, cases: 600, workers: 2))
            .explore([Self.target(Suites.justsendWrap, "unwrap")])
        let found = summary.findings.filter { $0.signature.hasPrefix("justsend.wrap unwrap: lenient outputs vs swift refused (format)") }
        #expect(!found.isEmpty, "\(summary.findings.map(\.signature))")
        let whitespace: [Spelling] = [.lineBreaks64, .crlf64, .lineBreaks76, .crlf76, .lineBreakInside, .spacesInside, .tabInside,
                                      .trailingLineBreak, .leadingWhitespace]
        for f in found {
            let wrapped = f.classes().first { $0.hasPrefix("wrapped:") } ?? ""
            #expect(whitespace.contains { wrapped.contains($0.rawValue) }, "\(f.classes()) (\(f.input["wrapped"]?.display ?? ""))")
            #expect(f.made.contains("respell:"), "\(f.made)")
        }
    }

    /// Shrinking moves every kind of value toward a smaller one, and ends.
    @Test func shrinkCandidatesAreSmaller() {
        #expect(Shrink.candidates(.bytes([1, 2, 3, 4])).first == .bytes([]))
        #expect(Shrink.candidates(.bytes([])).isEmpty)
        #expect(Shrink.candidates(.text("a\u{1F600}")).contains(.text("aa")))
        #expect(Shrink.candidates(.integer(10)) == [.integer(0), .integer(5), .integer(9)])
        #expect(Shrink.candidates(.integer(0)).isEmpty)
    }
}
