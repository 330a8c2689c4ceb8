import ConcordSuites
import ConcordFormats
import ConcordImplementations
import ConcordPrimitives
import ConcordJudging
import ConcordLoading
import Foundation
import Testing
import ConcordPacks
import ConcordTestSupport
import ConcordCloser

/// Each explanation rule on hand-built values: it fires on its cause, and stays silent on
/// unrelated values.
struct ExplanationRuleTests {
    let bytes: [UInt8] = Array(0..<40).map { UInt8(($0 * 37 + 11) & 0xff) }
    let other: [UInt8] = Array(0..<40).map { UInt8(($0 * 53 + 7) & 0xff) }

    @Test func encodingUrlSafeVersusStandard() throws {
        let b: [UInt8] = [0xfb, 0xff, 0xfe, 0x3e, 0x3f, 0x00, 0x01]
        let std = Base64.encode(b, .standard), url = Base64.encode(b, .url)
        let t = try #require(ExplanationRules.encoding.explain(.text(std), .text(url), [:]))
        #expect(t.contains("standard base64 with padding") && t.contains("URL-safe base64 without padding"), "\(t)")
        // inside a wire string
        let w = try #require(ExplanationRules.encoding.explain(.text("enc:v1:" + std), .text("enc:v1:" + url), [:]))
        #expect(w.contains("after \"enc:v1:\""), "\(w)")
        // line breaks and hex case
        #expect(ExplanationRules.encoding.explain(.text(std), .text(String(std.prefix(4)) + "\n" + String(std.dropFirst(4))), [:])?.contains("line breaks") == true)
        #expect(ExplanationRules.encoding.explain(.text("abcdef01"), .text("ABCDEF01"), [:])?.contains("upper-case hex") == true)
        #expect(ExplanationRules.encoding.explain(.text(std), .text(Base64.encode(other, .url)), [:]) == nil)
        #expect(ExplanationRules.encoding.explain(.text("hello"), .text("world"), [:]) == nil)
    }

    /// Issue 28 item 2: a commitment or a public key written with and without base64 padding (it
    /// was "no known cause": the rule knew the enc:, sealed: and keybox: prefixes only).
    @Test func encodingAfterTheCommitmentAndPublicKeyPrefixes() throws {
        let hash: [UInt8] = Array(0..<32).map { UInt8(($0 * 29 + 3) & 0xff) }
        let unpadded = Base64.encode(hash, .url)
        #expect(!unpadded.hasSuffix("="))
        let t = try #require(ExplanationRules.encoding.explain(.text("sha256:" + unpadded), .text("sha256:" + unpadded + "="), [:]))
        #expect(t.contains("after \"sha256:\"") && t.contains("padding"), "\(t)")
        let key: [UInt8] = [0x04] + Array(0..<64).map { UInt8(($0 * 13 + 1) & 0xff) }
        let p = try #require(ExplanationRules.encoding.explain(.text("pub:v1:" + Base64.encode(key, .url)), .text("pub:v1:" + Base64.encode(key, .standard)), [:]))
        #expect(p.contains("after \"pub:v1:\""), "\(p)")
        #expect(Explanations.match(expected: .text("sha256:" + unpadded), actual: .text("sha256:" + unpadded + "="))?.rule == "encoding")
        // Two different hashes stay without a cause.
        #expect(ExplanationRules.encoding.explain(.text("sha256:" + unpadded), .text("sha256:" + Base64.encode(key.prefix(32).map { $0 }, .url)), [:]) == nil)
    }

    @Test func tinkPrefix() throws {
        let prefixed: [UInt8] = [0x01, 0x12, 0x34, 0x56, 0x78] + bytes
        let t = try #require(ExplanationRules.tinkPrefix.explain(.bytes(bytes), .bytes(prefixed), [:]))
        #expect(t.contains("actual carries a Tink output prefix") && t.contains("0x12345678"), "\(t)")
        let w = try #require(ExplanationRules.tinkPrefix.explain(.text("sealed:v1:" + Base64.encode(prefixed, .url)),
                                                                 .text("sealed:v1:" + Base64.encode(bytes, .url)), [:]))
        #expect(w.hasPrefix("expected carries"), "\(w)")
        #expect(ExplanationRules.tinkPrefix.explain(.bytes(bytes), .bytes([0x02, 1, 2, 3, 4] + bytes), [:]) == nil)
        #expect(ExplanationRules.tinkPrefix.explain(.bytes(bytes), .bytes(other), [:]) == nil)
    }

    @Test func nonceMoved() throws {
        let moved = Array(bytes[12...] + bytes[..<12])
        #expect(ExplanationRules.nonceMoved.explain(.bytes(bytes), .bytes(moved), [:])?.contains("at the end in actual") == true)
        #expect(ExplanationRules.nonceMoved.explain(.bytes(moved), .bytes(bytes), [:])?.contains("at the front in actual") == true)
        #expect(ExplanationRules.nonceMoved.explain(.bytes(bytes), .bytes(other), [:]) == nil)
    }

    @Test func jsonForm() throws {
        let canonical = #"{"scaleValue":3,"selectedOptionIds":["a/b"],"writtenText":"x"}"#
        let escaped = #"{"scaleValue":3,"selectedOptionIds":["a\/b"],"writtenText":"x"}"#
        #expect(ExplanationRules.jsonForm.explain(.text(canonical), .text(escaped), [:])?.contains(#"actual writes "/" as "\/""#) == true)
        #expect(ExplanationRules.jsonForm.explain(.text(canonical), .text(#"{"scaleValue": 3, "selectedOptionIds": ["a/b"], "writtenText": "x"}"#), [:])?
            .contains("whitespace") == true)
        #expect(ExplanationRules.jsonForm.explain(.text(canonical), .text(#"{"writtenText":"x","scaleValue":3,"selectedOptionIds":["a/b"]}"#), [:])?
            .contains("key order") == true)
        let nfd = #"{"writtenText":"e\#u{301}"}"#, nfc = #"{"writtenText":"\#u{e9}"}"#
        #expect(ExplanationRules.jsonForm.explain(.text(nfc), .text(nfd), [:])?.contains("Unicode normalization: actual") == true)
        #expect(ExplanationRules.jsonForm.explain(.text(canonical), .text(#"{"scaleValue":4}"#), [:]) == nil)
        #expect(ExplanationRules.jsonForm.explain(.text("not json"), .text("not json either"), [:]) == nil)
    }

    @Test func optionOrder() throws {
        // U+FF61 sorts before U+1F600 by code point, after it by UTF-16 (0xD83D < 0xFF61).
        let utf16 = #"{"selectedOptionIds":["\#u{1F600}","\#u{FF61}"]}"#
        let codePoint = #"{"selectedOptionIds":["\#u{FF61}","\#u{1F600}"]}"#
        let t = try #require(ExplanationRules.optionOrder.explain(.text(utf16), .text(codePoint), [:]))
        #expect(t.contains("code point in actual"), "\(t)")
        #expect(ExplanationRules.optionOrder.explain(.text(#"{"selectedOptionIds":["a","b"]}"#), .text(#"{"selectedOptionIds":["b","a"]}"#), [:]) == nil)
        #expect(ExplanationRules.optionOrder.explain(.text(utf16), .text(#"{"selectedOptionIds":["x"]}"#), [:]) == nil)
    }

    @Test func unicodeNormalization() throws {
        #expect(ExplanationRules.unicodeNormalization.explain(.text("caf\u{e9}"), .text("cafe\u{301}"), [:])?.contains("actual is not NFC") == true)
        #expect(ExplanationRules.unicodeNormalization.explain(.text("caf\u{e9}"), .text("cafe"), [:]) == nil)
    }

    @Test func ecPoint() throws {
        let x = Array(bytes[..<32]), y = Array(other[..<32])
        #expect(ExplanationRules.ecPoint.explain(.bytes(x), .bytes([0] + x), [:])?.contains("actual has a leading zero byte") == true)
        #expect(ExplanationRules.ecPoint.explain(.bytes([0] + Array(x.dropFirst())), .bytes(Array(x.dropFirst())), [:])?.contains("lacks the leading zero") == true)
        let parity: UInt8 = (y[31] & 1) == 0 ? 2 : 3
        let t = try #require(ExplanationRules.ecPoint.explain(.bytes([4] + x + y), .bytes([parity] + x), [:]))
        #expect(t.contains("actual is a compressed point") && t.contains("X identical"), "\(t)")
        #expect(ExplanationRules.ecPoint.explain(.bytes([4] + x + y), .bytes([4] + y + x), [:]) == nil)
    }

    static let password = [UInt8](repeating: 1, count: 32), salt = [UInt8](repeating: 2, count: 16)
    static func argon(m: UInt32, t: UInt32, p: UInt32, v: UInt32 = 0x13) throws -> [UInt8] {
        try ReferenceArgon2id.hash(password: password, salt: salt, parameters: Argon2idParameters(memoryKiB: m, iterations: t, parallelism: p, version: v))
    }

    @Test func argon2Parameters() throws {
        let context: Fields = ["password": .bytes(Self.password), "salt": .bytes(Self.salt), "params": .text("argon2id;v=19;m=32;t=3;p=4")]
        let right = try Self.argon(m: 32, t: 3, p: 4)
        let rule = ExplanationRules.argon2Parameters
        #expect(rule.explain(.bytes(right), .bytes(try Self.argon(m: 32, t: 3, p: 4, v: 0x10)), context)?.contains("actual is Argon2id with version 0x10") == true)
        #expect(rule.explain(.bytes(right), .bytes(try Self.argon(m: 32, t: 4, p: 3)), context)?.contains("t and p swapped") == true)
        #expect(rule.explain(.bytes(right), .bytes(try Self.argon(m: 32 * 1024, t: 3, p: 4)), context)?.contains("m·1024") == true)
        #expect(rule.explain(.bytes(right), .bytes(try Self.argon(m: 40, t: 3, p: 4)), context) == nil)
        #expect(rule.explain(.bytes(right), .bytes(try Self.argon(m: 32, t: 4, p: 3)), [:]) == nil)  // no inputs, no recomputation
    }

    /// The costly rule runs when it fits the limits and the per-vector budget, and is skipped
    /// with a sentence when it does not (issue 12: t=1000 took 66 s to explain).
    @Test func argon2ParametersObeysTheLimitsAndTheBudget() throws {
        let context: Fields = ["password": .bytes(Self.password), "salt": .bytes(Self.salt), "params": .text("argon2id;v=19;m=32;t=3;p=4")]
        let right = try Self.argon(m: 32, t: 3, p: 4), swapped = try Self.argon(m: 32, t: 4, p: 3)
        // 3 alternatives (m/1024 = 0 is none) × 2 sides; the largest is m·1024 = 32768 KiB at t=3.
        let cost = try #require(ExplanationBudget.cost(of: "argon2-parameters", context: context))
        #expect(cost == ExplanationBudget.Cost(hashes: 6, work: 2 * (32768 * 3 + 32 * 3 + 32 * 4), largestWork: 32768 * 3, memoryKiB: 32768))
        #expect(Explanations.match(expected: .bytes(right), actual: .bytes(swapped), context: context)?.rule == "argon2-parameters")

        var small = Limits()
        small.maxKdfWork = 32768 * 3 - 1
        let work = Explanations.match(expected: .bytes(right), actual: .bytes(swapped), context: context, budget: ExplanationBudget(limits: small))
        #expect(work?.rule == Explanations.skippedRule)
        #expect(work?.text.hasPrefix("no known cause (argon2-parameters not tried") == true && work?.text.contains("--max-kdf-work") == true, "\(String(describing: work))")
        small = Limits()
        small.maxKdfMemoryKiB = 1024
        let memory = Explanations.match(expected: .bytes(right), actual: .bytes(swapped), context: context, budget: ExplanationBudget(limits: small))
        #expect(memory?.text.contains("--max-kdf-memory") == true, "\(String(describing: memory))")
        // The budget is spent across the mismatches of one result: the second one no longer fits.
        let budget = ExplanationBudget(vectorWork: cost.work + 1)
        #expect(Explanations.match(expected: .bytes(right), actual: .bytes(swapped), context: context, budget: budget)?.rule == "argon2-parameters")
        let second = Explanations.match(expected: .bytes(right), actual: .bytes(swapped), context: context, budget: budget)
        #expect(second?.text.contains("explanation budget") == true, "\(String(describing: second))")
    }

    /// The budget is the vector's, shared by its implementations: two that compute the same
    /// wrong-for-the-vector key do not each spend it in full (the second is told it is spent).
    @Test func theBudgetIsPerVectorAcrossImplementations() throws {
        let settings = Catalog.Settings(home: repositoryRoot)
        let impls = try ["libsodium", "libargon2"].map { try #require(Catalog.make($0, settings: settings)) }
        // m=64, t=20: the m·1024 alternative alone is 65536·20 KiB·passes per hash, 2.6 M for the
        // rule (of the 4.2 M budget): it fits once.
        let v = Vector(suite: "argon2id", id: "wrong", file: "f", line: 1, column: 1, comment: nil, flags: [], op: nil, result: .valid,
                       input: ["password": .bytes(Self.password), "salt": .bytes(Self.salt), "params": .text("argon2id;v=19;m=64;t=20;p=1"),
                               "length": .integer(32)],
                       expect: .outputs([("key", .value(.bytes([UInt8](repeating: 0xAB, count: 32))))]), inputOrder: [])
        let run = Runner(implementations: impls).run([v])
        let explanations = run.results[0].implementations.compactMap { $0.mismatches.first?.explanation }
        #expect(explanations.count == 2)
        #expect(explanations.filter { $0 == "no known cause" }.count == 1, "\(explanations)")
        #expect(explanations.filter { $0.contains("above the explanation budget left for this vector") }.count == 1, "\(explanations)")
    }

    @Test func firstRuleWinsOtherwiseNoKnownCause() {
        #expect(Explanations.explain(expected: .bytes(bytes), actual: .bytes(other)) == "no known cause")
        #expect(Explanations.match(expected: .bytes(bytes), actual: .bytes([1, 0, 0, 0, 7] + bytes))?.rule == "tink-prefix")
    }
}

/// The AAD rule: a field blob sealed with the historical `userId:questionId` AAD instead of coupleId.
@Suite struct DifferentAADRuleTests {
    @Test func namesTheHistoricalAAD() throws {
        let key = [UInt8](repeating: 5, count: 32), nonce = [UInt8](repeating: 1, count: 12)
        let context: Fields = ["coupleKey": .bytes(key), "coupleId": .text("c1"), "userId": .text("u1"), "questionId": .text("q1")]
        let (ct1, tag1) = try OpenSSLAESGCM.seal(key: key, nonce: nonce, aad: Array("c1".utf8), plaintext: [1, 2, 3])
        let (ct2, tag2) = try OpenSSLAESGCM.seal(key: key, nonce: nonce, aad: Array("u1:q1".utf8), plaintext: [1, 2, 3])
        let expected = Value.text("enc:v1:" + Base64.encode(nonce + ct1 + tag1, .standard))
        let actual = Value.text("enc:v1:" + Base64.encode(nonce + ct2 + tag2, .standard))
        let text = ExplanationRules.differentAAD.explain(expected, actual, context)
        #expect(text == "sealed with another AAD: actual opens with the historical \"userId:questionId\" of an older iOS build, expected with coupleId (\"c1\", the field AAD)")
        // Silent without the key, and on unrelated values.
        #expect(ExplanationRules.differentAAD.explain(expected, actual, [:]) == nil)
        #expect(ExplanationRules.differentAAD.explain(.text("abc"), .text("abd"), context) == nil)
        #expect(Explanations.explain(expected: expected, actual: actual, context: context).contains("historical"))
    }

    /// Issue 28 item 3: when the expected value opens with no known AAD under the vector's key, the
    /// message says it is corrupt or under another key, not that the AAD differs.
    @Test func anExpectedValueThatOpensWithNothingIsCalledCorrupt() throws {
        let key = [UInt8](repeating: 5, count: 32), nonce = [UInt8](repeating: 1, count: 12)
        let context: Fields = ["coupleKey": .bytes(key), "coupleId": .text("c1")]
        let (ct, tag) = try OpenSSLAESGCM.seal(key: key, nonce: nonce, aad: Array("c1".utf8), plaintext: [1, 2, 3])
        let (ct2, tag2) = try OpenSSLAESGCM.seal(key: [UInt8](repeating: 6, count: 32), nonce: nonce, aad: Array("c1".utf8), plaintext: [1, 2, 3])
        let actual = Value.text("enc:v1:" + Base64.encode(nonce + ct + tag, .standard))
        for expected in [nonce + ct2 + tag2, nonce + [ct[0] ^ 1] + ct.dropFirst() + tag] {
            let text = try #require(ExplanationRules.differentAAD.explain(.text("enc:v1:" + Base64.encode(expected, .standard)), actual, context))
            #expect(text.hasPrefix("actual opens with coupleId (\"c1\", the field AAD); expected opens under the vector's key with none of the contract's AADs"), "\(text)")
            #expect(text.hasSuffix("the expected value is corrupt (changed after sealing) or was sealed under another key"), "\(text)")
            #expect(!text.contains("sealed with another AAD"))
        }
    }

    /// A keybox sealed with the four ids joined in another order: the rule reseals and names that order.
    @Test func keyboxContextOrder() throws {
        let loaded = VectorLoader().load(.paths([repositoryRoot + "/vectors/closer/keybox/context-ids.yaml"]))
        let v = try #require(loaded.vectors.first { $0.id == "seal-ids" })
        let context = v.input
        guard case .outputs(let outs) = v.expect, case .value(let expected)? = outs.first(where: { $0.field == "keybox" })?.expected else {
            Issue.record("seal-ids has no expected keybox"); return
        }
        let key = try TinkEciesKeyset.parsePublic(wire: try #require(context["recipientPublicKey"]?.text))
        func sealed(_ info: String, plaintext: [UInt8]? = nil) throws -> Value {
            let ct = try Ecies.seal(to: key, contextInfo: Array(info.utf8), plaintext: plaintext ?? context["plaintext"]!.bytes!,
                                    ephemeralScalar: context["ephemeralPrivateKey"]!.bytes!, iv: context["iv"]!.bytes!)
            return .text(Wire.keybox + Base64.encode(ct, .url))
        }
        let ids = Wire.keyboxContextIds.map { context[$0]!.text! }
        // the contract's order reproduces the vector's keybox (the rule's premise)
        #expect(try sealed(ids.joined(separator: "|")) == expected)
        let swapped = try sealed([ids[0], ids[1], ids[3], ids[2]].joined(separator: "|"))
        let t = try #require(ExplanationRules.keyboxContextOrder.explain(expected, swapped, context))
        #expect(t.contains("coupleId|questionId|recipientUserId|senderUserId") && t.contains("CONTRACT.md §10"), "\(t)")
        #expect(Explanations.explain(expected: expected, actual: swapped, context: context) == t)
        let colon = try #require(ExplanationRules.keyboxContextOrder.explain(expected, try sealed(ids.joined(separator: ":")), context))
        #expect(colon.contains("with \":\""), "\(colon)")
        // silent: another plaintext, a context given as contextInfo, a non-keybox value
        #expect(ExplanationRules.keyboxContextOrder.explain(expected, try sealed(ids.joined(separator: "|"), plaintext: [1, 2, 3]), context) == nil)
        var given = context
        given["contextInfo"] = .text(ids.joined(separator: "|"))
        #expect(ExplanationRules.keyboxContextOrder.explain(expected, swapped, given) == nil)
        #expect(ExplanationRules.keyboxContextOrder.explain(.text("abc"), .text("abd"), context) == nil)
    }
}

/// The tag rule (issue 28 item 2): the same nonce and ciphertext with only the tag different means
/// the AAD differs; the AADs the contract has used are named, as not tried (no key) or not opening.
@Suite struct OnlyTheTagRuleTests {
    static let key = [UInt8](repeating: 7, count: 32), nonce = [UInt8](repeating: 2, count: 12)
    static func sealed(_ aad: String, _ plaintext: [UInt8] = Array("answer".utf8), nonce: [UInt8] = nonce) throws -> [UInt8] {
        let (ct, tag) = try OpenSSLAESGCM.seal(key: key, nonce: nonce, aad: Array(aad.utf8), plaintext: plaintext)
        return nonce + ct + tag
    }

    static func wire(_ b: [UInt8], _ prefix: String = "enc:v1:") -> Value { .text(prefix + Base64.encode(b, .standard)) }

    @Test func firesOnOnlyTheTagDifferent() throws {
        let e = try Self.sealed("x"), a = try Self.sealed("y")
        #expect(e[..<(e.count - 16)] == a[..<(a.count - 16)])
        let context: Fields = ["coupleId": .text("c1")]
        let noKey = try #require(ExplanationRules.onlyTheTag.explain(Self.wire(e), Self.wire(a), context))
        #expect(noKey.hasPrefix("the same nonce and ciphertext with another tag (from byte \(e.count - 16 + zip(e.suffix(16), a.suffix(16)).prefix { $0 == $1 }.count))"))
        #expect(noKey.contains("so the AAD differs"))
        #expect(noKey.contains("not tried without the key") && noKey.contains("coupleId (\"c1\", the field AAD)"))
        // With the key at hand, neither side opens with a contract AAD ("x", "y" are none of them).
        var keyed = context
        keyed["coupleKey"] = .bytes(Self.key)
        let withKey = try #require(ExplanationRules.onlyTheTag.explain(Self.wire(e), Self.wire(a), keyed))
        #expect(withKey.contains("none of the contract's AADs opened either side"))
        // A sealed answer too; through the rule list, this rule is the cause.
        #expect(ExplanationRules.onlyTheTag.explain(Self.wire(e, "sealed:v1:"), Self.wire(a, "sealed:v1:"), [:]) != nil)
        #expect(Explanations.match(expected: Self.wire(e), actual: Self.wire(a), context: keyed)?.rule == "only-the-tag")
    }

    @Test func silentOtherwise() throws {
        let e = try Self.sealed("x"), a = try Self.sealed("y")
        // Another plaintext (another ciphertext), another nonce, equal values, too short.
        #expect(ExplanationRules.onlyTheTag.explain(Self.wire(e), Self.wire(try Self.sealed("y", Array("answes".utf8))), [:]) == nil)
        #expect(ExplanationRules.onlyTheTag.explain(Self.wire(e), Self.wire(try Self.sealed("y", nonce: [UInt8](repeating: 3, count: 12))), [:]) == nil)
        #expect(ExplanationRules.onlyTheTag.explain(Self.wire(e), Self.wire(e), [:]) == nil)
        #expect(ExplanationRules.onlyTheTag.explain(Self.wire(Array(e.prefix(20))), Self.wire(Array(e.prefix(19)) + [0]), [:]) == nil)
        // Not a field or a sealed answer: bytes, other prefixes, an Argon2id key one byte off
        // (the last 16 bytes of anything are no tag).
        #expect(ExplanationRules.onlyTheTag.explain(.bytes(e), .bytes(a), [:]) == nil)
        #expect(ExplanationRules.onlyTheTag.explain(Self.wire(e), Self.wire(a, "sealed:v1:"), [:]) == nil)
        // A wire whose declared blob is not AES-GCM's nonce ‖ ciphertext ‖ tag (a keybox's starts with
        // a Tink prefix and a point; a commitment is one digest).
        #expect(ExplanationRules.onlyTheTag.explain(Self.wire(e, "keybox:v1:"), Self.wire(a, "keybox:v1:"), [:]) == nil)
        #expect(ExplanationRules.onlyTheTag.explain(Self.wire(e, "sha256:"), Self.wire(a, "sha256:"), [:]) == nil)
        let argon = try Hex.decode("9c493022877348e034719bce110c99301e5d4d16acacc6a829000ff2044b1b0c")
        #expect(ExplanationRules.onlyTheTag.explain(.bytes(argon), .bytes(Array(argon.dropLast()) + [0]), [:]) == nil)
        #expect(ExplanationRules.onlyTheTag.explain(.integer(1), .integer(2), [:]) == nil)
        // A contract AAD on each side with the key at hand: different-aad names them, first.
        let key: Fields = ["coupleKey": .bytes(OnlyTheTagRuleTests.key), "coupleId": .text("c1"), "userId": .text("u1"), "questionId": .text("q1")]
        let f = try Self.sealed("c1"), h = try Self.sealed("u1:q1")
        #expect(Explanations.match(expected: .bytes(f), actual: .bytes(h), context: key)?.rule == "different-aad")
    }
}

/// A key id above 2^31 read into a signed 32-bit integer (CONTRACT.md §9's trap; issue 28 item 2).
struct SignedKeyIdRuleTests {
    @Test func firesOnAKeyIdReadAsSigned() throws {
        let t = try #require(ExplanationRules.signedKeyId.explain(.integer(3_000_000_000), .integer(3_000_000_000 - 4_294_967_296), [:]))
        #expect(t.hasPrefix("actual has key id -1294967296 where the other has 3000000000"), "\(t)")
        let json = #"{"primaryKeyId":4294967295,"key":[{"keyId":4294967295,"status":"ENABLED"}]}"#
        let signed = #"{"primaryKeyId":-1,"key":[{"keyId":-1,"status":"ENABLED"}]}"#
        let j = try #require(ExplanationRules.signedKeyId.explain(.text(json), .text(signed), [:]))
        #expect(j.contains("key id -1 where the other has 4294967295"), "\(j)")
        let r = try #require(ExplanationRules.signedKeyId.explain(.text(signed), .text(json), [:]))
        #expect(r.hasPrefix("expected has key id -1"), "\(r)")
        #expect(Explanations.match(expected: .text(json), actual: .text(signed))?.rule == "signed-key-id")
    }

    @Test func silentOtherwise() {
        // below 2^31 a signed reading changes nothing; another number; other text around the numbers
        #expect(ExplanationRules.signedKeyId.explain(.integer(5), .integer(5 - 4_294_967_296), [:]) == nil)
        #expect(ExplanationRules.signedKeyId.explain(.integer(3_000_000_000), .integer(3_000_000_001), [:]) == nil)
        #expect(ExplanationRules.signedKeyId.explain(.text(#"{"keyId":4294967295}"#), .text(#"{"keyID":-1}"#), [:]) == nil)
        #expect(ExplanationRules.signedKeyId.explain(.text(#"{"a":4294967295,"b":1}"#), .text(#"{"a":-1,"b":2}"#), [:]) == nil)
        #expect(ExplanationRules.signedKeyId.explain(.text("abc"), .text("abd"), [:]) == nil)
    }
}

/// design.md's "Where to go" says a rule has its row in docs/captured-and-diff.md: held here.
struct ExplanationRuleTableTests {
    @Test func everyRuleHasItsRowAndEveryRowARule() throws {
        let text = try String(contentsOfFile: repositoryRoot + "/docs/captured-and-diff.md", encoding: .utf8)
        // A row of the table, or a section of its own (`### different-aad`).
        let rows = Set(text.matches(of: #/\n\| `([a-z0-9-]+)` \|/#).map { String($0.output.1) })
            .union(text.matches(of: #/\n### ([a-z0-9-]+)\n/#).map { String($0.output.1) })
        let rules = Set(Explanations.rules.map(\.name))
        // A name is one rule, or one cause split over packs, each pack's half in its own module
        // (`x25519-zeros`: JustSend's device envelope, SophaxChat's sealed sender), never a generic
        // rule's name again and never twice in one pack.
        let byName = Dictionary(grouping: Explanations.rules.map(\.name), by: { $0 })
        for (name, all) in byName where all.count > 1 {
            let owners = Packs.all.filter { p in p.rules.contains { $0.rule.name == name } }.map(\.contract.name)
            let inPacks = Packs.all.flatMap(\.rules).filter { $0.rule.name == name }.count
            #expect(inPacks == all.count && Set(owners).count == all.count, "two rules share the name \(name) (packs: \(owners))")
        }
        #expect(rules.subtracting(rows).isEmpty, "rules without a row in docs/captured-and-diff.md: \(rules.subtracting(rows).sorted())")
        #expect(rows.subtracting(rules).isEmpty, "rows naming no rule: \(rows.subtracting(rules).sorted())")
    }
}
