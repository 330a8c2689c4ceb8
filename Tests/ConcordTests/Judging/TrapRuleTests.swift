import ConcordFormats
import ConcordImplementations
import ConcordJudging
import ConcordLoading
import ConcordPrimitives
import ConcordSuites
import Foundation
import Testing
import ConcordTestSupport
import ConcordJustSend
import ConcordCloser

/// Issue 28 item 2, "a rule for every trap the contracts list" (docs/captured-and-diff.md, "The
/// contracts' traps"): each trap that had no rule is planted in a broken variant of the real `swift`
/// implementation, run end to end on the pack's own vectors, and the run must name it; each new rule
/// also stays silent on an unrelated mismatch.
@Suite struct TrapRuleTests {
    static let loaded = VectorLoader().load(.paths([repositoryRoot + "/vectors/closer/keybox/closer.yaml",
                                                    repositoryRoot + "/vectors/closer/invite-phrase/closer.yaml",
                                                    repositoryRoot + "/vectors/closer/couple-key-wrap/closer.yaml",
                                                    repositoryRoot + "/vectors/closer/field/closer.yaml",
                                                    repositoryRoot + "/vectors/closer/sealed-answer/closer.yaml",
                                                    repositoryRoot + "/vectors/sophaxchat/x3dh",
                                                    repositoryRoot + "/vectors/sophaxchat/message",
                                                    repositoryRoot + "/vectors/sophaxchat/sealed-sender",
                                                    repositoryRoot + "/vectors/justsend/device-envelope",
                                                    repositoryRoot + "/vectors/justsend/recovery-code",
                                                    repositoryRoot + "/vectors/askkey/signature-encoding"]))
    static let swift = BrokenImplementationTests.swift
    static func real(_ r: Request) throws -> [String: Value] { try BrokenImplementationTests.real(r) }

    /// The explanation of the first mismatch of each failing vector among `ids` (of `suite`) on
    /// `handler`, by vector name; every vector named must fail.
    static func explanations(_ handler: SuiteHandler, suite: String, ids: [String], field: String? = nil) throws -> [String: String] {
        #expect(loaded.errors.isEmpty, "\(loaded.errors)")
        let names = Set(ids.map { "\(suite)/\($0)" })
        let vectors = loaded.vectors.filter { names.contains($0.name) }
        #expect(vectors.count == ids.count, "missing vectors: \(names.subtracting(vectors.map(\.name)))")
        // The real implementation passes them: the mismatch is the planted slip's.
        #expect(Runner(implementations: [swift]).run(vectors).results.allSatisfy { $0.status == .pass })
        let impl = InProcessImplementation(name: "swift", version: "test", handlers: [handler])
        var out: [String: String] = [:]
        for r in Runner(implementations: [impl]).run(vectors).results {
            let m = try #require(r.implementations.first?.mismatches.first { field == nil || $0.field == field }, "\(r.vector.name) did not fail")
            out[r.vector.id] = m.explanation ?? ""
        }
        return out
    }

    // MARK: CONTRACT.md §10, a non-empty hkdf_salt ignored

    /// A keybox `seal` that ignores the key's hkdf_salt.
    static let saltIgnoredSeal = SuiteHandler(Suites.closerKeybox) { r in
        let out = try real(r)
        guard r.op == "seal", case .text(let info)? = r.input["contextInfo"] else { return out }
        var key = try TinkEciesKeyset.parsePublic(wire: try r.text("recipientPublicKey"))
        key.hkdfSalt = []
        let ct = try Ecies.seal(to: key, contextInfo: Array(info.utf8), plaintext: try r.bytes("plaintext"),
                                ephemeralScalar: try r.bytes("ephemeralPrivateKey"), iv: try r.bytes("iv"))
        return out.merging(["keybox": .text(Wire.keybox + Base64.encode(ct, .url))]) { $1 }
    }

    @Test func anIgnoredHkdfSaltIsExplained() throws {
        let e = try Self.explanations(Self.saltIgnoredSeal, suite: "closer.keybox", ids: ["seal-hkdf-salt"])
        #expect(e["seal-hkdf-salt"]?.contains("actual ignored the recipient key's non-empty `hkdf_salt`") == true, "\(e)")
    }

    // MARK: CONTRACT.md §9, an AES-256 DEM

    /// A keybox `seal` that uses AES-256-GCM (a 32-byte DEM key) whatever the key's dem_params say.
    static let aes256DemSeal = SuiteHandler(Suites.closerKeybox) { r in
        let out = try real(r)
        guard r.op == "seal", case .text(let info)? = r.input["contextInfo"] else { return out }
        var key = try TinkEciesKeyset.parsePublic(wire: try r.text("recipientPublicKey"))
        key.demKeySize = 32
        let ct = try Ecies.seal(to: key, contextInfo: Array(info.utf8), plaintext: try r.bytes("plaintext"),
                                ephemeralScalar: try r.bytes("ephemeralPrivateKey"), iv: try r.bytes("iv"))
        return out.merging(["keybox": .text(Wire.keybox + Base64.encode(ct, .url))]) { $1 }
    }

    @Test func anAES256DemIsExplained() throws {
        let e = try Self.explanations(Self.aes256DemSeal, suite: "closer.keybox", ids: ["seal-kat", "seal-empty-plaintext"])
        for (id, text) in e {
            #expect(text.contains("actual sealed with an AES-GCM DEM of the other key size"), "\(id): \(text)")
        }
        // Silent when the bytes are not that slip's: the ignored-salt keybox is named as that, not as a DEM size.
        let other = try Self.explanations(Self.saltIgnoredSeal, suite: "closer.keybox", ids: ["seal-hkdf-salt"])
        #expect(other["seal-hkdf-salt"]?.contains("DEM of the other key size") == false, "\(other)")
    }

    /// The ephemeral coordinates through a big integer: keybox-composition names it (the vectors that
    /// catch it are BrokenImplementationTests.theLeadingZeroVectorsCatchAMinimalCoordinate's).
    @Test func aMinimalEphemeralCoordinateIsExplained() throws {
        let broken = BrokenImplementationTests.bigIntegerKeybox(secret: { $0 }, coordinate: BrokenImplementationTests.minimal)
        let e = try Self.explanations(broken, suite: "closer.keybox", ids: ["seal-non-ascii-context"])
        #expect(e["seal-non-ascii-context"]?.contains("actual wrote the ephemeral point's coordinates without their leading zero bytes") == true, "\(e)")
    }

    // MARK: CONTRACT.md §5, a Tink prefix after the salt

    /// An invite-phrase `seal` on Tink's AES256_GCM template: salt ‖ 0x01 ‖ key id ‖ nonce ‖ ct ‖ tag.
    static let prefixAfterSalt = SuiteHandler(Suites.closerInvitePhrase) { r in
        var out = try real(r)
        guard r.op == "seal", case .text(let v)? = out["encryptedRecoveryPhrase"] else { return out }
        let b = try Base64.decode(v, .standard)
        out["encryptedRecoveryPhrase"] = .text(Base64.encode(Array(b[..<16]) + [0x01, 0x2c, 0x3d, 0x4e, 0x5f] + Array(b[16...]), .standard))
        return out
    }

    @Test func aTinkPrefixAfterTheSaltIsExplained() throws {
        let e = try Self.explanations(Self.prefixAfterSalt, suite: "closer.invite-phrase", ids: ["seal-1", "seal-first-byte-01"])
        for (id, text) in e {
            #expect(text.contains("actual carries a Tink output prefix (TINK: 0x01 ‖ key id 0x2c3d4e5f) after the 16-byte salt"), "\(id): \(text)")
        }
    }

    @Test func tinkPrefixAfterSaltIsSilentOtherwise() throws {
        let salt = [UInt8](repeating: 7, count: 16), rest = Array(0..<40).map { UInt8($0 * 11 & 0xff) }
        let plain = Value.text(Base64.encode(salt + rest, .standard))
        let rule = ExplanationRules.tinkPrefixAfterSalt
        #expect(rule.explain(plain, .text(Base64.encode(salt + [1, 9, 9, 9, 9] + rest, .standard)), ["salt": .bytes(salt)]) != nil)
        // a prefix in front of the salt (tink-prefix's), another salt, a marker that is no Tink prefix, other bytes
        #expect(rule.explain(plain, .text(Base64.encode([1, 9, 9, 9, 9] + salt + rest, .standard)), [:]) == nil)
        #expect(rule.explain(plain, .text(Base64.encode(salt + [1, 9, 9, 9, 9] + rest, .standard)), ["salt": .bytes([UInt8](repeating: 8, count: 16))]) == nil)
        #expect(rule.explain(plain, .text(Base64.encode(salt + [2, 9, 9, 9, 9] + rest, .standard)), [:]) == nil)
        #expect(rule.explain(plain, .text(Base64.encode(salt + [1, 9, 9, 9, 9] + rest.reversed(), .standard)), [:]) == nil)
    }

    // MARK: CONTRACT.md §4 and §5, the two AADs swapped

    /// A couple-key `wrap` sealed with the invite path's AAD, and an invite-phrase `seal` with the wrap's.
    static let swappedAADs: [SuiteHandler] = [
        SuiteHandler(Suites.closerCoupleKeyWrap) { r in
            var out = try real(r)
            guard r.op == "wrap", case .bytes(let plaintext)? = r.input["coupleKey"] else { return out }
            let kek = try Closer.kek(secret: try r.text("phrase"), salt: try r.bytes("kdfSalt"))
            out["wrappedCoupleKey"] = .text(Base64.encode(try Closer.seal(key: kek, nonce: try r.bytes("nonce"), aad: CloserAAD.invitePhrase.bytes,
                                                                          plaintext: plaintext), .standard))
            return out
        },
        SuiteHandler(Suites.closerInvitePhrase) { r in
            var out = try real(r)
            guard r.op == "seal" else { return out }
            let salt = try r.bytes("salt"), key = try Closer.kek(secret: try r.text("inviteCode"), salt: salt)
            out["encryptedRecoveryPhrase"] = .text(Base64.encode(salt + (try Closer.seal(key: key, nonce: try r.bytes("nonce"), aad: CloserAAD.coupleKey.bytes,
                                                                                          plaintext: Array(try r.text("phrase").utf8))), .standard))
            return out
        },
    ]

    @Test func theSwappedWrapAndInviteAADsAreExplained() throws {
        let wrap = try Self.explanations(Self.swappedAADs[0], suite: "closer.couple-key-wrap", ids: ["wrap-raw"], field: "wrappedCoupleKey")
        #expect(wrap["wrap-raw"]?.contains("sealed with another AAD: actual opens with \"closer_invite_phrase\" (the invite AAD), expected with \"closer_couple_key\" (the wrap AAD), the AAD of the couple key wrap (§4)") == true, "\(wrap)")
        let invite = try Self.explanations(Self.swappedAADs[1], suite: "closer.invite-phrase", ids: ["seal-1"])
        #expect(invite["seal-1"]?.contains("actual opens with \"closer_couple_key\" (the wrap AAD), expected with \"closer_invite_phrase\" (the invite AAD), the AAD of the invite-phrase seal (§5)") == true, "\(invite)")
    }

    @Test func kekAADIsSilentOtherwiseAndKeepsTheBudget() throws {
        let v = try #require(Self.loaded.vectors.first { $0.name == "closer.invite-phrase/seal-1" })
        guard case .outputs(let outs) = v.expect, case .value(let expected)? = outs.first(where: { $0.field == "encryptedRecoveryPhrase" })?.expected,
              case .text(let text) = expected else { Issue.record("no value"); return }
        var b = try Base64.decode(text, .standard)
        b[b.count - 1] ^= 1
        let corrupt = Value.text(Base64.encode(b, .standard))
        let rule = ExplanationRules.kekAAD
        // a value that opens with no AAD; an expected value that does not open; no secret in the input
        #expect(rule.explain(expected, corrupt, v.input) == nil)
        #expect(rule.explain(corrupt, expected, v.input) == nil)
        #expect(rule.explain(expected, corrupt, [:]) == nil)
        // costly: one Argon2id at the contract's parameters, skipped with a sentence when the budget is spent
        let cost = try #require(ExplanationBudget.cost(of: "kek-aad", context: v.input))
        #expect(cost.hashes == 1 && cost.work == 47104 * 3)
        let m = Explanations.match(expected: expected, actual: corrupt, context: v.input, budget: ExplanationBudget(vectorWork: 0))
        #expect(m?.rule == Explanations.skippedRule && m?.text.contains("kek-aad not tried") == true, "\(String(describing: m))")
    }

    // MARK: CONTRACT.md §6, a missing or different prefix

    /// A field `encrypt` that writes `prefix` where the contract writes `enc:v1:`.
    static func fieldPrefixed(_ prefix: String) -> SuiteHandler {
        SuiteHandler(Suites.closerField) { r in
            var out = try real(r)
            guard r.op == "encrypt", case .text(let w)? = out["wire"] else { return out }
            out["wire"] = .text(prefix + w.dropFirst(Wire.field.count))
            return out
        }
    }

    @Test func aMissingOrOtherPrefixIsExplained() throws {
        let bare = try Self.explanations(Self.fieldPrefixed(""), suite: "closer.field", ids: ["encrypt-text", "encrypt-empty"])
        for (id, text) in bare {
            #expect(text.contains("the same blob without the \"enc:v1:\" prefix: actual is the bare blob"), "\(id): \(text)")
        }
        let v2 = try Self.explanations(Self.fieldPrefixed("enc:v2:"), suite: "closer.field", ids: ["encrypt-text"])
        #expect(v2["encrypt-text"]?.contains("behind another prefix: actual starts \"enc:v2:\", expected \"enc:v1:\"") == true, "\(v2)")
        let sealed = try Self.explanations(Self.fieldPrefixed(Wire.sealed), suite: "closer.field", ids: ["encrypt-text"])
        #expect(sealed["encrypt-text"]?.contains("actual starts \"sealed:v1:\"") == true, "\(sealed)")
    }

    /// A field `encrypt` that normalizes the coupleId (to NFD, as Foundation's file-system APIs do) before it is the AAD.
    static let normalizedCoupleId = SuiteHandler(Suites.closerField) { r in
        var out = try real(r)
        guard r.op == "encrypt" else { return out }
        out["wire"] = .text(try Closer.encryptField(coupleKey: try r.bytes("coupleKey"), coupleId: try r.text("coupleId").decomposedStringWithCanonicalMapping,
                                                    plaintext: try r.bytes("plaintext"), nonce: try r.bytes("nonce")))
        return out
    }

    @Test func aNormalizedCoupleIdIsExplained() throws {
        let e = try Self.explanations(Self.normalizedCoupleId, suite: "closer.field", ids: ["encrypt-non-ascii-couple-id"])
        let t = try #require(e["encrypt-non-ascii-couple-id"])
        #expect(t.contains("sealed with another AAD: actual opens with the coupleId in NFD (normalized; the contract's field AAD is the coupleId's UTF-8 as given), expected with coupleId"), "\(t)")
        // An ASCII coupleId has no other form: nothing more is tried.
        #expect(ExplanationRules.contractAADs(["coupleId": .text("c1")]).count == CloserAAD.all(coupleId: "c1", questionId: nil, userId: nil).count)
    }

    @Test func wirePrefixIsSilentOtherwise() {
        let rule = ExplanationRules.wirePrefix
        let blob = Base64.encode(Array(0..<40).map { UInt8($0 * 7 & 0xff) }, .url), other = Base64.encode(Array(0..<40).map { UInt8($0 * 5 & 0xff) }, .url)
        #expect(rule.explain(.text("enc:v1:" + blob), .text(blob), [:]) != nil)
        // the same prefix (the encoding rule's), another blob, a head that is no prefix
        #expect(rule.explain(.text("enc:v1:" + blob), .text("enc:v1:" + other), [:]) == nil)
        #expect(rule.explain(.text("enc:v1:" + blob), .text(other), [:]) == nil)
        #expect(rule.explain(.text("enc:v1:" + blob), .text("enc:v2:" + other), [:]) == nil)
        #expect(rule.explain(.text("enc:v1:" + blob), .text("x" + blob), [:]) == nil)
        #expect(rule.explain(.text("abc"), .text("abd"), [:]) == nil)
    }

    // MARK: CONTRACT.md §8, a plaintext that decrypts but is not canonical

    /// A sealed-answer `seal` that encrypts the answer re-serialized with spaces (a JSON library's
    /// pretty form) instead of the canonical bytes.
    static let reserialized = SuiteHandler(Suites.closerSealedAnswer) { r in
        var out = try real(r)
        guard r.op == "seal" else { return out }
        let aad = CloserAAD.sealedAnswer(coupleId: try r.text("coupleId"), questionId: try r.text("questionId"), userId: try r.text("userId")).bytes
        let blob = try Closer.seal(key: try r.bytes("oneTimeKey"), nonce: try r.bytes("nonce"), aad: aad,
                                   plaintext: try r.answer("answer").json(.init(spaced: true)))
        out["encryptedPayload"] = .text(Wire.sealed + Base64.encode(blob, .url))
        return out
    }

    @Test func aNonCanonicalPlaintextIsExplained() throws {
        let e = try Self.explanations(Self.reserialized, suite: "closer.sealed-answer", ids: ["seal-basic", "seal-utf16-sort"], field: "encryptedPayload")
        for (id, text) in e {
            #expect(text.contains("both open under the vector's key with") && text.contains("to different plaintexts: the same JSON but for whitespace or escaping"),
                    "\(id): \(text)")
        }
    }

    @Test func sealedPlaintextIsSilentOtherwise() throws {
        let key = [UInt8](repeating: 0x42, count: 32), nonce = [UInt8](repeating: 9, count: 12)
        func sealed(_ aad: String, _ p: String, key k: [UInt8] = key) throws -> Value {
            .text(Wire.field + Base64.encode(try Closer.seal(key: k, nonce: nonce, aad: Array(aad.utf8), plaintext: Array(p.utf8)), .standard))
        }
        let context: Fields = ["coupleKey": .bytes(key), "coupleId": .text("c1")]
        let rule = ExplanationRules.sealedPlaintext
        #expect(rule.explain(try sealed("c1", "hello"), try sealed("c1", "hellp"), context)?.contains("differ from byte 4") == true)
        // another AAD (different-aad's), another key, no key in the input, no wire strings
        #expect(rule.explain(try sealed("c1", "hello"), try sealed("c2", "hellp"), context) == nil)
        #expect(rule.explain(try sealed("c1", "hello"), try sealed("c1", "hellp", key: [UInt8](repeating: 1, count: 32)), context) == nil)
        #expect(rule.explain(try sealed("c1", "hello"), try sealed("c1", "hellp"), ["coupleId": .text("c1")]) == nil)
        #expect(rule.explain(.text("abc"), .text("abd"), context) == nil)
    }

    // MARK: CONTRACT.md §7, U+2028 or a control character escaped as \uXXXX

    @Test func aUnicodeEscapeIsExplained() throws {
        let canonical = "{\"scaleValue\":null,\"selectedOptionIds\":[],\"writtenText\":\"a\u{2028}b\u{01}c\u{1F600}\"}"
        let escaped = "{\"scaleValue\":null,\"selectedOptionIds\":[],\"writtenText\":\"a\\u2028b\\u0001c\\ud83d\\ude00\"}"
        let t = try #require(ExplanationRules.jsonForm.explain(.text(canonical), .text(escaped), [:]))
        #expect(t == "the same JSON but for escaping: actual writes U+2028, U+0001, U+1F600 as \\uXXXX where the other side writes the character itself", "\(t)")
        #expect(Explanations.match(expected: .text(canonical), actual: .text(escaped))?.rule == "json-form")
        // another character escaped, an escaped backslash kept as written
        #expect(ExplanationRules.jsonForm.explain(.text(canonical), .text(escaped.replacingOccurrences(of: "u0001", with: "u0002")), [:]) == nil)
        #expect(ExplanationRules.jsonForm.explain(.text("{\"a\":\"\\\\u0041\"}"), .text("{\"a\":\"A\"}"), [:]) == nil)
    }

    // MARK: CONTRACT.md §10, a wrong key id prefix (and §9's other prefix types)

    /// A keybox `seal` that writes the TINK prefix's key id little-endian.
    static let keyIdLittleEndian = SuiteHandler(Suites.closerKeybox) { r in
        var out = try real(r)
        guard r.op == "seal", case .text(let k)? = out["keybox"] else { return out }
        var b = try Wire.decode(k, prefix: Wire.keybox, .url)
        guard b.first == 1 else { return out }
        b.replaceSubrange(1..<5, with: b[1..<5].reversed())
        out["keybox"] = .text(Wire.keybox + Base64.encode(b, .url))
        return out
    }

    @Test func aWrongKeyIdPrefixIsExplained() throws {
        let e = try Self.explanations(Self.keyIdLittleEndian, suite: "closer.keybox", ids: ["seal-kat", "seal-key-id-above-2-31"])
        for (id, text) in e {
            #expect(text.contains("the same bytes behind another Tink output prefix") && text.contains("the key id written little-endian"), "\(id): \(text)")
        }
    }

    @Test func otherTinkPrefixIsSilentOtherwise() {
        let rule = ExplanationRules.otherTinkPrefix
        let rest = Array(0..<40).map { UInt8($0 * 7 & 0xff) }
        #expect(rule.explain(.bytes([1, 0, 0, 0, 5] + rest), .bytes([1, 0, 0, 0, 6] + rest), [:])?.contains("another key id") == true)
        // LEGACY where TINK is meant (sinew's raw-legacy divergence, CONTRACT.md §9): the inputs hold key 5
        let keyset: Fields = ["keysetJson": .text(#"{"primaryKeyId":5,"key":[{"keyId": 5}]}"#)]
        let legacy = rule.explain(.bytes([1, 0, 0, 0, 5] + rest), .bytes([0, 0, 0, 0, 5] + rest), keyset)
        #expect(legacy?.contains("actual LEGACY/CRUNCHY 0x00") == true && legacy?.contains("another prefix type (the contract's keys are TINK)") == true, "\(legacy ?? "")")
        // ... inside pub:v1: too, or as an integer field
        let pub: Fields = ["recipientPublicKey": .text("pub:v1:" + Base64.encode(Array(#"{"primaryKeyId":5}"#.utf8), .url))]
        #expect(rule.explain(.bytes([1, 0, 0, 0, 5] + rest), .bytes([0, 0, 0, 0, 5] + rest), pub) != nil)
        #expect(rule.explain(.bytes([1, 0, 0, 0, 5] + rest), .bytes([0, 0, 0, 0, 5] + rest), ["keyId": .integer(5)]) != nil)
        // One bit of the first byte with no such key among the inputs (an HMAC tag starting 00 00 00 00 05): no
        // prefix; nor a key id that only begins with 5 (55).
        #expect(rule.explain(.bytes([1, 0, 0, 0, 5] + rest), .bytes([0, 0, 0, 0, 5] + rest), [:]) == nil)
        #expect(rule.explain(.bytes([1, 0, 0, 0, 5] + rest), .bytes([0, 0, 0, 0, 5] + rest), ["keysetJson": .text(#"{"keyId":55}"#)]) == nil)
        // another body, no prefix, the same bytes
        #expect(rule.explain(.bytes([1, 0, 0, 0, 5] + rest), .bytes([1, 0, 0, 0, 6] + rest.reversed()), [:]) == nil)
        #expect(rule.explain(.bytes([2, 0, 0, 0, 5] + rest), .bytes([2, 0, 0, 0, 6] + rest), [:]) == nil)
    }

    // MARK: sophaxchat.md §2, the header as associated data

    /// A ratchet message `seal` that binds a header as the AAD, as Signal does.
    static let headerAADSeal = SuiteHandler(Suites.sophaxChatMessage) { r in
        let out = try real(r)
        guard r.op == "seal" else { return out }
        let header = Array(#"{"dhPublicKey":"AAAA","messageNumber":0,"previousChainLength":0}"#.utf8)
        let nonce = try r.bytes("nonce")
        let (ct, tag) = try ChaCha20Poly1305.seal(key: try r.bytes("messageKey"), nonce: nonce, aad: header,
                                                   plaintext: try r.bytes("plaintext"), backend: .libsodium)
        return out.merging(["wire": .bytes(nonce + ct + tag)]) { $1 }
    }

    @Test func aHeaderBoundAsAADIsExplained() throws {
        let e = try Self.explanations(Self.headerAADSeal, suite: "sophaxchat.message", ids: ["seal-rfc8439", "seal-json-content", "seal-empty"])
        for (id, text) in e {
            #expect(text.contains("actual was sealed with associated data"), "\(id): \(text)")
        }
    }

    @Test func messageAADIsSilentOtherwise() throws {
        let key = [UInt8](repeating: 7, count: 32), nonce = [UInt8](repeating: 1, count: 12)
        let (ct, tag) = try ChaCha20Poly1305.seal(key: key, nonce: nonce, aad: [], plaintext: Array("hello".utf8), backend: .libsodium)
        let wire = nonce + ct + tag
        var flipped = wire
        flipped[13] ^= 1   // a ciphertext byte, not only the tag
        var tagOnly = wire
        tagOnly[tagOnly.count - 1] ^= 1
        let context: Fields = ["messageKey": .bytes(key)]
        #expect(ExplanationRules.messageAAD.explain(.bytes(wire), .bytes(flipped), context) == nil)
        #expect(ExplanationRules.messageAAD.explain(.bytes(wire), .bytes(tagOnly), [:]) == nil, "no key: nothing to check")
        #expect(ExplanationRules.messageAAD.explain(.bytes(wire), .bytes(tagOnly), ["messageKey": .bytes([UInt8](repeating: 8, count: 32))]) == nil,
                "expected does not open under that key")
        #expect(ExplanationRules.messageAAD.explain(.bytes(wire), .bytes(tagOnly), context) != nil)
    }

    // MARK: sophaxchat.md §1, the X3DH prefix and the DH values' zero bytes

    /// SophaxChat's X3DH with `prefix` in front of the DH values, each through `secret`.
    static func x3dh(prefix: [UInt8], secret: @escaping @Sendable ([UInt8]) -> [UInt8] = { $0 }) -> SuiteHandler {
        SuiteHandler(Suites.sophaxChatX3DH) { r in
            let out = try real(r)
            guard let side = ExplanationRules.x3dhPairs.first(where: { $0.op == r.op }) else { return out }
            var ikm = prefix
            for (a, b) in side.pairs where r.input[a] != nil && r.input[b] != nil {
                ikm += secret(try X25519.sharedSecret(privateKey: try r.bytes(a), publicKey: try r.bytes(b), backend: .libsodium))
            }
            let m = HKDF.sha256(ikm: ikm, salt: [UInt8](repeating: 0, count: 32), info: Array("SophaxChat_X3DH_v1".utf8), size: 64)
            return out.merging(["rootKey": .bytes(Array(m[0..<32])), "chainKey": .bytes(Array(m[32...]))]) { $1 }
        }
    }

    @Test func x3dhSlipsAreExplained() throws {
        let suite = "sophaxchat.x3dh", ids = ["initiate-secret-00", "respond-secret-00"]
        #expect(Self.loaded.vectors.contains { $0.suite == suite && $0.flags.contains("seed-prefix") })
        for (id, text) in try Self.explanations(Self.x3dh(prefix: [UInt8](repeating: 0xFF, count: 32)), suite: suite, ids: ids) {
            #expect(text.contains("actual's X3DH root key: the 32-byte prefix is 0xFF × 32 (Signal's X3DH for X25519)"), "\(id): \(text)")
        }
        for (id, text) in try Self.explanations(Self.x3dh(prefix: []), suite: suite, ids: ids) {
            #expect(text.contains("no 32-byte prefix before DH1"), "\(id): \(text)")
        }
        let minimal: @Sendable ([UInt8]) -> [UInt8] = { b in Array(b.drop(while: { $0 == 0 })) }
        for (id, text) in try Self.explanations(Self.x3dh(prefix: [UInt8](repeating: 0, count: 32), secret: minimal), suite: suite, ids: ids) {
            #expect(text.contains("the leading zero bytes of DH2 were dropped"), "\(id): \(text)")
        }
    }

    @Test func x3dhCompositionIsSilentOtherwise() throws {
        let v = try #require(Self.loaded.vectors.first { $0.name == "sophaxchat.x3dh/initiate-secret-00" })
        guard case .outputs(let outs) = v.expect, case .value(let root)? = outs.first(where: { $0.field == "rootKey" })?.expected else {
            Issue.record("no rootKey"); return
        }
        let rule = ExplanationRules.x3dhComposition
        let other = Value.bytes([UInt8](repeating: 0x5a, count: 32))
        // a key no slip gives; an expected value that is not the contract's key; no keys in the input
        #expect(rule.explain(root, other, v.input) == nil)
        #expect(rule.explain(other, root, v.input) == nil)
        #expect(rule.explain(root, other, [:]) == nil)
    }

    // MARK: justsend.md §3 and sophaxchat.md §4, an X25519 value through a big integer

    @Test func aStrippedX25519SecretIsExplained() throws {
        let device = try Self.explanations(BrokenImplementationTests.bigIntegerDeviceEnvelope(secret: BrokenImplementationTests.minimal),
                                           suite: "justsend.device-envelope", ids: ["wrap-secret-00", "wrap-secret-0000"])
        #expect(device["wrap-secret-00"]?.contains("actual's KEK came from the X25519 shared secret with its leading zero byte dropped") == true, "\(device)")
        #expect(device["wrap-secret-0000"]?.contains("with its leading zero bytes (2) dropped") == true, "\(device)")
        let last = try Self.explanations(BrokenImplementationTests.bigIntegerDeviceEnvelope(secret: BrokenImplementationTests.highZerosDropped),
                                         suite: "justsend.device-envelope", ids: ["wrap-secret-last-00"])
        #expect(last["wrap-secret-last-00"]?.contains("its last zero byte dropped (the little-endian value read as a big integer") == true, "\(last)")
        let sealed = try Self.explanations(BrokenImplementationTests.bigIntegerSealedSender(secret: BrokenImplementationTests.minimal),
                                           suite: "sophaxchat.sealed-sender", ids: ["seal-secret-00"])
        #expect(sealed["seal-secret-00"]?.contains("actual's sealing key came from the X25519 shared secret with its leading zero byte dropped") == true, "\(sealed)")
        // the ephemeral public key at the front of the wire, written through a big integer
        let ek = SuiteHandler(Suites.sophaxChatSealedSender) { r in
            var out = try Self.real(r)
            if r.op == "seal", case .bytes(let w)? = out["wire"] { out["wire"] = .bytes(BrokenImplementationTests.highZerosDropped(Array(w[..<32])) + w[32...]) }
            return out
        }
        let eph = try Self.explanations(ek, suite: "sophaxchat.sealed-sender", ids: ["seal-ephemeral-last-00"])
        #expect(eph["seal-ephemeral-last-00"]?.contains("actual wrote the ephemeral public key with its last zero byte dropped") == true, "\(eph)")
    }

    @Test func x25519ZerosIsSilentOtherwise() throws {
        let v = try #require(Self.loaded.vectors.first { $0.name == "justsend.device-envelope/wrap-secret-00" })
        guard case .outputs(let outs) = v.expect, case .value(let kek)? = outs.first(where: { $0.field == "kek" })?.expected else {
            Issue.record("no kek"); return
        }
        let rule = ExplanationRules.x25519Zeros, other = Value.bytes([UInt8](repeating: 0x33, count: 32))
        #expect(rule.explain(kek, other, v.input) == nil)
        #expect(rule.explain(other, kek, v.input) == nil)
        #expect(rule.explain(kek, other, [:]) == nil)
        // a secret with no zero byte at either end has nothing to strip
        let plain = try #require(Self.loaded.vectors.first { $0.suite == "justsend.device-envelope" && $0.op == "wrap" && $0.flags.isEmpty })
        #expect(rule.explain(other, kek, plain.input) == nil)
    }

    // MARK: justsend.md §3, the recovery KEK from something else than the normalized code

    /// A recovery-code `wrap` whose KEK is HKDF over `ikm(typed)` instead of the normalized code.
    static func recoveryWrap(_ ikm: @escaping @Sendable (String) throws -> [UInt8]) -> SuiteHandler {
        SuiteHandler(Suites.justsendRecoveryCode) { r in
            let out = try real(r)
            guard r.op == "wrap" else { return out }
            let k = HKDF.sha256(ikm: try ikm(try r.text("typed")), salt: JustSend.recoverySalt, info: try r.bytes("recoveryInfo"), size: 32)
            return out.merging(["kek": .bytes(k), "wrappedARK": .text(try JustSend.wrap(key: try r.bytes("ark"), under: k, nonce: try r.bytes("nonce")))]) { $1 }
        }
    }

    @Test func aRecoveryKEKFromTheTypedTextIsExplained() throws {
        let typed = try Self.explanations(Self.recoveryWrap { Array($0.utf8) }, suite: "justsend.recovery-code", ids: ["wrap-lowercase-spaces"])
        #expect(typed["wrap-lowercase-spaces"]?.contains("actual's KEK came from HKDF over the text as typed, not normalized") == true, "\(typed)")
        let entropy = try Self.explanations(Self.recoveryWrap { try RecoveryCode.normalize($0).entropy }, suite: "justsend.recovery-code",
                                            ids: ["wrap-with-info", "wrap-displayed"])
        for (id, text) in entropy {
            #expect(text.contains("actual's KEK came from HKDF over the code's 16 bytes of entropy instead of its text"), "\(id): \(text)")
        }
        // the wrap too, when it is the first difference looked at
        let wrapped = try Self.explanations(Self.recoveryWrap { Array($0.utf8) }, suite: "justsend.recovery-code", ids: ["wrap-lowercase-spaces"], field: "wrappedARK")
        #expect(wrapped["wrap-lowercase-spaces"]?.contains("actual's wrappedARK came from HKDF over the text as typed") == true, "\(wrapped)")
    }

    @Test func recoveryKEKIsSilentOtherwise() throws {
        let v = try #require(Self.loaded.vectors.first { $0.name == "justsend.recovery-code/wrap-lowercase-spaces" })
        guard case .outputs(let outs) = v.expect, case .value(let kek)? = outs.first(where: { $0.field == "kek" })?.expected else {
            Issue.record("no kek"); return
        }
        let rule = ExplanationRules.recoveryKEK, other = Value.bytes([UInt8](repeating: 0x33, count: 32))
        #expect(rule.explain(kek, other, v.input) == nil)
        #expect(rule.explain(other, kek, v.input) == nil)
        #expect(rule.explain(kek, other, [:]) == nil)
    }

    // MARK: askkey.md, DER against raw r ‖ s

    /// A signature converter with a slip: `to-der` hands the P1363 bytes back unchanged, `to-p1363`
    /// writes r and s without padding them to 32 bytes.
    static let signatureSlips = SuiteHandler(Suites.askKeySignatureEncoding) { r in
        var out = try real(r)
        switch r.op {
        case "to-der": out["der"] = .bytes(try r.bytes("p1363"))
        case "to-p1363":
            if case .bytes(let p)? = out["p1363"] {
                out["p1363"] = .bytes(Array(p[..<32].drop(while: { $0 == 0 })) + Array(p[32...].drop(while: { $0 == 0 })))
            }
        default: break
        }
        return out
    }

    @Test func derAgainstP1363IsExplained() throws {
        let e = try Self.explanations(Self.signatureSlips, suite: "askkey.signature-encoding", ids: ["to-der-sample", "to-p1363-short-s"])
        #expect(e["to-der-sample"]?.contains("expected is the DER encoding (SEQUENCE { INTEGER r, INTEGER s }, 72 bytes) of the signature actual writes as IEEE P1363") == true, "\(e)")
        #expect(e["to-p1363-short-s"]?.contains("actual is r ‖ s without padding each to 32 bytes") == true, "\(e)")
    }

    @Test func ecdsaEncodingIsSilentOtherwise() {
        let rule = ExplanationRules.ecdsaEncoding
        let r = [UInt8](repeating: 0x11, count: 32), s = [UInt8](repeating: 0x22, count: 32)
        let der: [UInt8] = [0x30, 68, 0x02, 32] + r + [0x02, 32] + s
        #expect(rule.explain(.bytes(r + s), .bytes(der), [:]) != nil)
        // another signature in DER; two different raw signatures; not a signature at all
        let other: [UInt8] = [0x30, 68, 0x02, 32] + s + [0x02, 32] + r
        #expect(rule.explain(.bytes(r + s), .bytes(other), [:]) == nil)
        #expect(rule.explain(.bytes(r + s), .bytes(s + r), [:]) == nil)
        #expect(rule.explain(.bytes([1, 2, 3]), .bytes([1, 2, 4]), [:]) == nil)
        // the same numbers in a non-minimal DER are named
        let extra: [UInt8] = [0x30, 69, 0x02, 33, 0] + r + [0x02, 32] + s
        #expect(rule.explain(.bytes(der), .bytes(extra), [:])?.contains("r with an extra leading zero byte") == true)
    }

    /// A converter that puts back one leading zero byte and never two (the planted
    /// askkey-der-short-integer): r ‖ s with some of an integer's zero bytes kept is named, and so
    /// is no longer taken for a Tink LEGACY prefix of key id 0 (five zero bytes on one side only).
    @Test func anIntegerWithSomeOfItsZerosIsNamed() {
        let r: [UInt8] = [0, 0, 0, 0, 0, 0] + [UInt8](repeating: 0x2b, count: 26), s = [UInt8](repeating: 0x22, count: 32)
        let short = Array(r.dropFirst(5)) + s  // one zero byte of six put back
        let t = Explanations.match(expected: .bytes(r + s), actual: .bytes(short))
        #expect(t?.rule == "ecdsa-encoding", "\(String(describing: t))")
        #expect(t?.text.contains("actual is r ‖ s with 5 of r's 6 and 0 of s's 0 leading zero bytes left out (59 bytes)") == true, "\(String(describing: t))")
        #expect(ExplanationRules.tinkPrefix.explain(.bytes(short), .bytes(r + s), [:]) == nil)
    }
}
