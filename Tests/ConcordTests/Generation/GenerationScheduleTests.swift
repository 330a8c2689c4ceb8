import ConcordExploration
import ConcordFormats
import ConcordGeneration
import ConcordImplementations
import ConcordPacks
import ConcordPrimitives
import ConcordSuites
import ConcordTestSupport
import Testing

/// Issue 44 items 2–5 (docs/exploration.md, "Sizes", "Text and ids", "Rare events", "Structured
/// values", "Spellings"): every class and rare event of the generators' schedules is drawn at its
/// documented rate (over a fixed seed's draws, at least three quarters of rate × draws, the bound
/// docs/exploration.md states), the same seed draws the same values, and what is drawn is what the
/// class says (a searched key's shared secret has its zero bytes, a near-valid tag is refused).
@Suite struct GenerationScheduleTests {
    /// At least three quarters of `rate` × `n`: the documented floor every rate is held to.
    static func floor(_ rate: Double, _ n: Int) -> Int { Int(rate * Double(n) * 3 / 4) }

    // MARK: Sizes

    /// Over 2^18 draws each class is drawn at its rate, each width of `block` and `kibibyte` is met
    /// exact, ±1 and ±16, and a large draw never passes the case's budget.
    @Test func sizeClassesAreDrawnAtTheirRates() {
        let n = 1 << 18
        var rng = SeededRandom(path: ["schedule", "sizes"])
        var counts: [SizeClass: Int] = [:], sizes = Set<Int>()
        var residues = [0, 0, 0]
        for _ in 0..<n {
            let (size, c) = SizeSchedule.draw(rng: &rng)
            counts[c, default: 0] += 1
            sizes.insert(size)
            residues[size % 3] += 1
            switch c {
            case .empty: #expect(size == 0)
            case .tiny: #expect((1...3).contains(size))
            case .small: #expect(SizeSchedule.smallRange.contains(size))
            case .block: #expect(SizeSchedule.blockWidths.contains { SizeSchedule.offsets.contains(size - $0) })
            case .kibibyte: #expect(SizeSchedule.kibibyteWidths.contains { SizeSchedule.offsets.contains(size - $0) })
            case .medium: #expect(size > 64 - 16 && size <= SizeSchedule.mediumMax + 16, "medium \(size)")
            case .large: #expect(size >= SizeSchedule.largeMin - 16 && size <= SizeSchedule.largeMax)
            }
        }
        for (c, weight) in SizeSchedule.rates {
            let rate = Double(weight) / Double(SizeSchedule.denominator)
            #expect(counts[c, default: 0] >= Self.floor(rate, n), "\(c): \(counts[c, default: 0]) of \(n), rate \(rate)")
        }
        for w in SizeSchedule.blockWidths.filter({ $0 >= 16 }) + SizeSchedule.kibibyteWidths + SizeSchedule.mediumWidths {
            for d in SizeSchedule.offsets { #expect(sizes.contains(w + d), "\(w)\(d >= 0 ? "+" : "")\(d) never drawn") }
        }
        #expect(sizes.contains { $0 > 4096 + 16 && $0 < 8192 - 16 }, "no medium size between the widths")
        // Base64's three padding classes (a length of 0, 1 or 2 mod 3) each a quarter of the time or more.
        #expect(residues.allSatisfy { $0 >= n / 4 }, "\(residues)")
        // A large draw with less than 1 MiB of budget left is a medium one; any draw is cut to the budget.
        var small = SeededRandom(path: ["schedule", "budget"])
        for _ in 0..<n {
            let (size, c) = SizeSchedule.draw(budget: 100_000, rng: &small)
            #expect(c != .large && size <= 100_000)
        }
    }

    /// The same path draws the same sizes and classes (integer arithmetic on SeededRandom, whose
    /// reference outputs SeededRandomTests holds); another path other ones.
    @Test func theSameSeedDrawsTheSameSizes() {
        func sizes(_ path: [String]) -> [Int] {
            var rng = SeededRandom(path: path)
            return (0..<4096).map { _ in SizeSchedule.draw(rng: &rng).size }
        }
        #expect(sizes(["a", "1"]) == sizes(["a", "1"]))
        #expect(sizes(["a", "1"]) != sizes(["a", "2"]))
    }

    /// An associated-data field is empty at its rate (1/2, plus the empty class's share of the rest),
    /// a suite's bound is never passed and is itself drawn, and the AES-GCM AAD is marked so.
    @Test func associatedDataIsOftenEmptyAndBoundsHold() {
        let n = 1 << 16
        var rng = SeededRandom(path: ["schedule", "aad"])
        var empty = 0, atBound = 0
        for _ in 0..<n where SizeSchedule.draw(FieldBounds(associatedData: true), rng: &rng).size == 0 { empty += 1 }
        #expect(empty >= Self.floor(0.5 + 0.5 / 16, n), "\(empty) of \(n) empty")
        for _ in 0..<n {
            let s = SizeSchedule.draw(FieldBounds(maxSize: 100), rng: &rng).size
            #expect(s <= 100)
            if s == 100 { atBound += 1 }
        }
        #expect(atBound > 0)
        #expect(Suites.aesGcm.op("seal")!.inputs.first { $0.name == "aad" }!.bounds.associatedData)
        #expect(Suites.hkdfSha256.ops[0].inputs.filter(\.bounds.associatedData).map(\.name) == ["salt", "info"])
    }

    /// A text's length is drawn in characters, UTF-8 bytes and UTF-16 units: each measure puts a
    /// boundary (64 exactly) where the other two measures differ.
    @Test func textLengthsHitABoundaryInEachMeasure() {
        var rng = SeededRandom(path: ["schedule", "text"])
        var pairs = KeyPairs()
        var exact: [TextMeasure: Int] = [:]
        for _ in 0..<20_000 {
            pairs.bytesLeft = SizeSchedule.caseBudget
            let s = FieldGenerators.text(pairs: &pairs, rng: &rng)
            let counts: [TextMeasure: Int] = [.scalars: s.unicodeScalars.count, .utf8: s.utf8.count, .utf16: s.utf16.count]
            for (m, c) in counts where c == 64 && Set(counts.values).count > 1 { exact[m, default: 0] += 1 }
        }
        for m in TextMeasure.allCases { #expect(exact[m, default: 0] >= 3, "\(m): \(exact[m, default: 0]) texts of exactly 64 \(m.rawValue) whose other measures differ") }
    }

    // MARK: Unicode classes

    /// Every class of the catalogue is drawn into texts at its rate (4 in 64, plus the texts of
    /// every class) and into ids (one in two, among twelve), and a finding's input names it.
    @Test func unicodeClassesAreDrawnIntoTextsAndIds() {
        let n = 8000
        var rng = SeededRandom(path: ["schedule", "unicode"])
        var pairs = KeyPairs()
        var inTexts: [UnicodeClass: Int] = [:], inIds: [UnicodeClass: Int] = [:]
        for _ in 0..<n {
            pairs.bytesLeft = SizeSchedule.caseBudget
            for c in UnicodeClasses.classes(of: FieldGenerators.text(pairs: &pairs, rng: &rng)) { inTexts[c, default: 0] += 1 }
            for c in UnicodeClasses.classes(of: FieldGenerators.id(pairs: &pairs, rng: &rng)) { inIds[c, default: 0] += 1 }
        }
        // A text of the empty class (1 in 16 sizes) holds nothing: the floor counts the texts with room.
        let textRate = Double(UnicodeClasses.classRate) / Double(UnicodeClasses.denominator) * 14 / 16
        let idRate = 0.5 / Double(UnicodeClass.allCases.count) * 14 / 16
        for c in UnicodeClass.allCases {
            #expect(inTexts[c, default: 0] >= Self.floor(textRate, n), "\(c.rawValue) in \(inTexts[c, default: 0]) texts of \(n)")
            #expect(inIds[c, default: 0] >= Self.floor(idRate, n), "\(c.rawValue) in \(inIds[c, default: 0]) ids of \(n)")
        }
        // The names a finding gives.
        #expect(UnicodeClasses.classes(of: "a\u{85}b\u{2028}") == [.c1Controls, .lineSeparators])
        #expect(UnicodeClasses.classes(of: "\u{FFFD}\u{1F600}").contains(.bmpTopBesideAstral))
        #expect(UnicodeClasses.classes(of: "\u{E9}") == [.nfcNFDPairs])
        #expect(InputClasses.describe("note", .text("\u{1F600}ab"), forms: Packs.wireForms) == "note: 3 characters (1–3), 6 UTF-8 bytes (6 (small)), 4 UTF-16 units (4 (small)); longest UTF-8 forms")
    }

    // MARK: Rare events

    /// Every searched key has its zero bytes: recomputed by libsodium and OpenSSL (X25519) and
    /// OpenSSL (P-256), each entry's public keys from its private keys.
    @Test func unluckyKeysHaveTheirZeroBytes() throws {
        func bytes(_ h: String?) throws -> [UInt8] { try Hex.decode(try #require(h)) }
        func zeros(_ b: [UInt8]) -> Int { b.prefix { $0 == 0 }.count }
        #expect(UnluckyKeys.entries.count == 28)
        for e in UnluckyKeys.entries {
            let d = try bytes(e.privateHex), q = try bytes(e.publicHex)
            let want = Int(String(e.event.last!))!
            if e.curve == "x25519" {
                for backend in [CryptoBackend.libsodium, .openssl] { #expect(try X25519.publicKey(privateKey: d, backend: backend) == q) }
                if e.event.hasPrefix("shared-secret") {
                    let b = try bytes(e.peerPrivateHex), bq = try bytes(e.peerPublicHex)
                    for backend in [CryptoBackend.libsodium, .openssl] {
                        #expect(try X25519.publicKey(privateKey: b, backend: backend) == bq)
                        let z = try X25519.sharedSecret(privateKey: d, publicKey: bq, backend: backend)
                        #expect(zeros(z) == want, "\(e.event): \(Hex.encode(z))")
                    }
                } else {
                    #expect(zeros(q) == want)
                }
            } else {
                let (x, y) = try NistCurve.p256.publicKey(privateScalar: d)
                #expect(NistCurve.uncompressed(x: x, y: y) == q)
                switch e.event.prefix(1) {
                case "x": #expect(zeros(x) == want)
                case "y": #expect(zeros(y) == want)
                default:
                    let bq = try bytes(e.peerPublicHex)
                    let (bx, by) = try NistCurve.p256.publicKey(privateScalar: try bytes(e.peerPrivateHex))
                    #expect(NistCurve.uncompressed(x: bx, y: by) == bq)
                    let z = try NistCurve.p256.sharedSecret(privateScalar: d, publicPoint: bq)
                    #expect(zeros(z) == want, "\(e.event): \(Hex.encode(z))")
                }
            }
        }
    }

    /// ECDH and X25519 cases meet a shared secret with one and with two leading zero bytes every
    /// few cases (each 1/8 of the curve's cases), a coordinate or a scalar with leading zeros at
    /// their rates; the secret a case's keys make has the zero bytes its note names.
    @Test func rareKeyEventsAreDrawnEveryFewCases() throws {
        let n = 2000
        for curve in [FieldKind.Curve.x25519, .p256] {
            var counts: [String: Int] = [:]
            for k in 0..<n {
                var rng = SeededRandom(path: ["schedule", "keys", curve.rawValue, String(k)])
                var pairs = KeyPairs()
                let d = pairs.pair(curve, rng: &rng).private
                let peer = pairs.peerPublic(curve, rng: &rng)
                for note in pairs.notes { counts[note, default: 0] += 1 }
                if let note = pairs.notes.first(where: { $0.contains("shared-secret") }) {
                    let z = curve == .x25519 ? try X25519.sharedSecret(privateKey: d, publicKey: peer, backend: .libsodium)
                        : try NistCurve.p256.sharedSecret(privateScalar: d, publicPoint: peer)
                    #expect(z.prefix { $0 == 0 }.count == Int(String(note.last!))!, "\(note): \(Hex.encode(z))")
                }
            }
            let c = curve.rawValue
            for zeros in 1...2 {
                #expect(counts["\(c) shared-secret-leading-zeros-\(zeros)", default: 0] >= Self.floor(1.0 / 8, n), "\(counts)")
                #expect(counts["\(c) scalar-leading-zeros-\(zeros)", default: 0] >= Self.floor(3.0 / 4 / 32, n), "\(counts)")
                let coordinate = curve == .p256 ? counts["\(c) x-leading-zeros-\(zeros)", default: 0] + counts["\(c) y-leading-zeros-\(zeros)", default: 0]
                    : counts["\(c) public-leading-zeros-\(zeros)", default: 0]
                #expect(coordinate >= Self.floor(3.0 / 4 * 2 / 32, n), "\(counts)")
            }
        }
    }

    /// Key ids take every class (2^31 − 1, 2^31, 2^31 + 1, 2^32 − 1, small, high bit) one time in
    /// eight; integers take every wrap (255/256, 65535/65536, 2^31, 2^32) and every cap ± 1.
    @Test func keyIdsAndCountersMeetTheirEdges() {
        let n = 20_000
        var rng = SeededRandom(path: ["schedule", "ids"])
        var ids: [String: Int] = [:], exact: Set<UInt32> = []
        for _ in 0..<n {
            let (id, name) = RareEvents.keyId(rng: &rng)
            ids[name, default: 0] += 1
            exact.insert(id)
            if name == "high-bit" { #expect(id >= 1 << 31) }
            if name == "small" { #expect((1...255).contains(id)) }
        }
        for name in Set(RareEvents.keyIdClasses) {
            let rate = Double(RareEvents.keyIdClasses.filter { $0 == name }.count) / Double(RareEvents.keyIdClasses.count)
            #expect(ids[name, default: 0] >= Self.floor(rate, n), "\(name): \(ids[name, default: 0])")
        }
        #expect([0x7FFF_FFFF, 0x8000_0000, 0x8000_0001, 0xFFFF_FFFF].allSatisfy(exact.contains))

        var counts: [Int64: Int] = [:]
        let edges = RareEvents.edges(0, 1 << 32, caps: [1000])
        for _ in 0..<n { counts[FieldGenerators.integer(0, 1 << 32, caps: [1000], rng: &rng), default: 0] += 1 }
        for e in RareEvents.wraps + [999, 1000, 1001] {
            #expect(edges.contains(e))
            #expect(counts[e, default: 0] >= Self.floor(0.5 / Double(edges.count), n), "\(e): \(counts[e, default: 0])")
        }
        // The contracts' caps reach the generator.
        #expect(Suites.sophaxChatRatchet.op("chain-step")!.inputs.first { $0.name == "position" }!.bounds.caps == [1000])
        #expect(InputClasses.describe("position", .integer(1001), caps: [1000], forms: Packs.wireForms) == "position: 1001 (the cap 1000+1)")
        #expect(InputClasses.describe("iteration", .integer(65536), forms: Packs.wireForms) == "iteration: 65536 (2^16)")
    }

    // MARK: Structured values

    /// Drawn keysets are Tink JSON keysets: the valid ones parse to the case's key, the near-valid
    /// ones (one in eight) name their fault; across cases every status, prefix, key-id class,
    /// point format and coordinate length, and one to four keys.
    @Test func keysetsTakeEveryClass() throws {
        var seen = Set<String>(), nearValid = 0, multi = 0
        let n = 400
        for k in 0..<n {
            var rng = SeededRandom(path: ["schedule", "keysets", String(k)])
            var pairs = KeyPairs()
            let json = try #require(pairs.keysetPart("aes-gcm", part: "keysetJson", rng: &rng)?.text)
            let key = pairs.keysetPart("aes-gcm", part: "key", rng: &rng)
            let ecies = try #require(pairs.keysetPart("ecies", part: "privateKeyset", rng: &rng)?.text)
            let wire = try #require(pairs.keysetPart("ecies", part: "publicKey", rng: &rng)?.text)
            let notes = pairs.notes.joined(separator: " | ")
            if notes.contains("near-valid") { nearValid += 1 }
            for word in ["ENABLED", "DISABLED", "DESTROYED", "TINK", "RAW", "LEGACY", "CRUNCHY", "UNCOMPRESSED", "COMPRESSED",
                         "DO_NOT_USE_CRUNCHY_UNCOMPRESSED", "coordinates 33", "coordinates minimal", "2^31-1", "2^31,", "2^31+1", "2^32-1"]
                where (json + ecies + notes).contains(word) { seen.insert(word) }
            if json.components(separatedBy: "keyData").count > 2 { multi += 1 }
            guard !pairs.notes[0].contains("near-valid") else { continue }
            let parsed = try TinkAesGcmKeyset.parse(json)
            #expect(.bytes(parsed.primaryKey) == key)
            if !notes.contains("ECIES keyset") || notes.split(separator: "|").last!.contains("near-valid") { continue }
            let pub = try TinkEciesKeyset.decodePublic(wire: wire)
            #expect(pub.keyId == UInt32(pairs.keysetPart("ecies", part: "keyId", rng: &rng)!.integer!))
            _ = try TinkEciesKeyset.decodePrivateKeys(ecies)
        }
        #expect(seen.count == 16, "never drawn: \(Set(["ENABLED", "DISABLED", "DESTROYED", "TINK", "RAW", "LEGACY", "CRUNCHY", "UNCOMPRESSED", "COMPRESSED", "DO_NOT_USE_CRUNCHY_UNCOMPRESSED", "coordinates 33", "coordinates minimal", "2^31-1", "2^31,", "2^31+1", "2^32-1"]).subtracting(seen))")
        #expect(nearValid >= Self.floor(2.0 / 8, n) && multi >= Self.floor(1.0 / 2, n), "near-valid \(nearValid), several keys \(multi)")
    }

    /// Key forms: a valid DER, PEM or JWK decodes (KeyForms, the strict reader) to the case's key;
    /// a near-valid one (one in four) is refused by it, and names its fault.
    @Test func keyFormsAreValidOrNamedNearValid() throws {
        var faults = Set<String>(), valid = 0
        let n = 1200
        for k in 0..<n {
            var rng = SeededRandom(path: ["schedule", "key-forms", String(k)])
            var pairs = KeyPairs()
            let curve: FieldKind.Curve = k % 2 == 0 ? .x25519 : .p256
            let side: FieldKind.KeySide = k % 4 < 2 ? .private : .peer
            let format = FieldKind.KeyFormat.allCases[k / 4 % 3]
            let v = FieldGenerators.generate(.keyForm(curve, side, format), forms: Packs.wireForms, rng: &rng, pairs: &pairs)
            let note = pairs.notes.last ?? ""
            let form: KeyForms.Form = switch format {
            case .der: .der(v.bytes ?? [])
            case .pem: .pem(v.text ?? "")
            case .jwk: .jwk(v.text ?? "")
            }
            let want = side == .private ? pairs.pair(curve, rng: &rng).private : pairs.peerPublic(curve, rng: &rng)
            let got: [UInt8]? = side == .private
                ? (curve == .x25519 ? try? KeyForms.x25519PrivateKey(form, backend: .libsodium) : try? KeyForms.ecPrivateKey(form, curve: NistCurve.p256))
                : (curve == .x25519 ? try? KeyForms.x25519PublicKey(form) : try? KeyForms.p256PublicKey(form))
            if let r = note.range(of: "near-valid: ") {
                let fault = String(note[r.upperBound...])
                faults.insert(fault)
                // The standard alphabet is the URL one when the key's base64 has neither + nor /.
                if fault != "the standard alphabet" { #expect(got != want, "\(note) was read as the key: \(v.display)") }
            } else {
                valid += 1
                #expect(got == want, "\(note): \(v.display)")
            }
        }
        #expect(valid >= Self.floor(3.0 / 4, n))
        let all = Set(StructuredValues.keyFormFaults.values.flatMap { $0 })
        #expect(faults == all, "never drawn: \(all.subtracting(faults))")
    }

    /// Argon2id tags: the valid ones parse (KdfParams, the contract's grammar) and are cheap; every
    /// near-valid one (one in two) is refused.
    @Test func kdfTagsAreValidOrRefused() {
        var faults = Set<String>()
        var rng = SeededRandom(path: ["schedule", "tags"])
        for _ in 0..<2000 {
            var pairs = KeyPairs()
            let tag = FieldGenerators.generate(.kdfParams, forms: Packs.wireForms, rng: &rng, pairs: &pairs).text!
            let note = pairs.notes.last!
            if let r = note.range(of: "near-valid: ") {
                faults.insert(String(note[r.upperBound...]))
                #expect((try? KdfParams.parse(tag)) == nil, "\(note): \(tag) parses")
            } else {
                let p = try? KdfParams.parse(tag)
                #expect(p != nil && p!.memoryKiB <= 4096 && p!.iterations <= 3, "\(tag)")
            }
        }
        #expect(faults == Set(StructuredValues.tagFaults), "never drawn: \(Set(StructuredValues.tagFaults).subtracting(faults))")
    }

    /// ECDSA signatures: every width class of r and s is drawn (two leading zero bytes among them,
    /// once in 65,536 signatures otherwise), a valid DER one is minimal and converts to the r ‖ s it
    /// was drawn from, every near-valid DER fault is drawn, and P1363 is 64 bytes or a byte either side.
    @Test func ecdsaSignaturesTakeEveryWidthAndFault() throws {
        var rng = SeededRandom(path: ["schedule", "signatures"])
        var widths = Set<String>(), faults = Set<String>(), twoZeros = 0
        for i in 0..<1400 {
            var pairs = KeyPairs()
            let encoding: FieldKind.SignatureEncoding = i % 2 == 0 ? .der : .p1363
            let sig = try #require(FieldGenerators.generate(.ecdsaSignature(encoding), forms: Packs.wireForms, rng: &rng, pairs: &pairs).bytes)
            let note = try #require(pairs.notes.last)
            for w in StructuredValues.integerWidths where note.contains("r \(w),") || note.contains("s \(w),") { widths.insert(w) }
            if let r = note.range(of: "near-valid: ") { faults.insert(String(note[r.upperBound...])); continue }
            switch encoding {
            case .p1363:
                #expect(sig.count == 64 || note.contains("a byte"), "\(note): \(sig.count) bytes")
            case .der:
                // SEQUENCE { INTEGER r, INTEGER s }, each minimal: no redundant zero, never negative.
                #expect(sig[0] == 0x30 && Int(sig[1]) == sig.count - 2, "\(note)")
                var at = 2
                for _ in 0..<2 {
                    #expect(sig[at] == 0x02, "\(note)")
                    let n = Int(sig[at + 1]), c = Array(sig[(at + 2)..<(at + 2 + n)])
                    #expect(c[0] & 0x80 == 0 && !(c.count > 1 && c[0] == 0 && c[1] & 0x80 == 0), "\(note): not minimal")
                    if c.count <= 30 && c != [0] { twoZeros += 1 }
                    at += 2 + n
                }
                #expect(at == sig.count, "\(note)")
            }
        }
        #expect(widths == Set(StructuredValues.integerWidths), "never drawn: \(Set(StructuredValues.integerWidths).subtracting(widths))")
        #expect(faults == Set(StructuredValues.signatureFaults), "never drawn: \(Set(StructuredValues.signatureFaults).subtracting(faults))")
        #expect(twoZeros >= 100, "an integer below 2^240 in \(twoZeros) DER signatures of 700")
    }

    /// A wire string not made by its op has its prefix (or a named variant of it) and a blob of its
    /// layout's length ± 1 or longer, in the wire's alphabet.
    @Test func wiresHaveTheirLayout() throws {
        var rng = SeededRandom(path: ["schedule", "wires"])
        var variants = Set<String>(), lengths = Set<Int>()
        for _ in 0..<600 {
            var pairs = KeyPairs()
            let w = FieldGenerators.generate(.wire(prefix: Wire.field, minimum: 28), forms: Packs.wireForms, rng: &rng, pairs: &pairs).text!
            let note = pairs.notes.last!
            if let r = note.range(of: "near-valid: ") { variants.insert(String(note[r.upperBound...])); continue }
            let blob = try Wire.decode(w, prefix: Wire.field, .standard)
            lengths.insert(blob.count)
        }
        #expect(lengths.isSuperset(of: [27, 28, 29]) && lengths.contains { $0 > 29 })
        #expect(variants == Set(StructuredValues.prefixFaults))
    }

    // MARK: Spellings

    /// Each spelling that applies is drawn at its rate among a text's respellings; the respelt text
    /// is refused by the contracts' strict decoder and decodes to the same bytes when whitespace,
    /// garbage and padding are taken off; a finding's input names it.
    @Test func everySpellingIsDrawnRefusedAndNamed() throws {
        let blob = (0..<100).map { UInt8($0 * 7 % 256) }
        let texts: [(String, Base64.Alphabet?)] = [
            (Base64.encode(blob, .standard), .standard),
            (Wire.sealed + Base64.encode(blob, .url), .url),
            (#"{"key":[{"value":"\#(Base64.encode(blob, .standard))"}]}"#, nil),
            (Hex.encode(blob), nil),
        ]
        var drawn: [Spelling: Int] = [:]
        var rng = SeededRandom(path: ["schedule", "spellings"])
        let n = 4000
        for (text, alphabet) in texts {
            let options = Spellings.applicable(text, forms: Packs.wireForms)
            #expect(!options.isEmpty)
            for _ in 0..<n {
                let (t, sp) = try #require(Spellings.respell(text, forms: Packs.wireForms, rng: &rng))
                drawn[sp, default: 0] += 1
                #expect(t != text)
                if let alphabet {
                    let body = t.hasPrefix(Wire.sealed) ? String(t.dropFirst(Wire.sealed.count)) : t
                    let strict = try? Base64.decode(body, alphabet)
                    #expect(strict != blob || sp == .paddingAdded && alphabet == .url, "\(sp.rawValue) decodes strictly: \(t.debugDescription)")
                }
            }
            for sp in options { #expect(drawn[sp, default: 0] >= Self.floor(1.0 / Double(options.count), n), "\(sp.rawValue) in \(text.prefix(20))") }
            drawn = [:]
        }
        // Every spelling applies somewhere; the absolute ones are named from the text alone.
        let all = Set(texts.flatMap { Spellings.applicable($0.0, forms: Packs.wireForms) })
        #expect(all == Set(Spelling.allCases))
        for sp in Spelling.allCases where ![.paddingMissing, .paddingAdded, .otherAlphabet].contains(sp) {
            let text = texts.first { Spellings.applicable($0.0, forms: Packs.wireForms).contains(sp) }!.0
            let t = try #require(Spellings.respell(text, sp, forms: Packs.wireForms, rng: &rng))
            #expect(Spellings.shown(t, forms: Packs.wireForms).contains(sp), "\(sp.rawValue) not named in \(t.debugDescription): \(Spellings.shown(t, forms: Packs.wireForms))")
            #expect(Spellings.shown(text, forms: Packs.wireForms).isEmpty)
        }
    }

    /// A base64 or wire text field is respelt by mutation: over a fixed seed's mutations of one,
    /// about half are respellings, named `respell:` in the case's description.
    @Test func encodedTextsAreMutatedThroughSpellings() {
        var rng = SeededRandom(path: ["schedule", "mutations"])
        let text = Value.text(Wire.field + Base64.encode(Array(0..<60), .standard))
        var respelt = 0
        let n = 4000
        for _ in 0..<n where Mutations.mutate(text, forms: Packs.wireForms, rng: &rng)!.name.hasPrefix("respell:") { respelt += 1 }
        #expect(respelt >= Self.floor(0.5, n))
    }
}
