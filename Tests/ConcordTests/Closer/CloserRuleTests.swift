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

// Closer's own explanation rules (ConcordCloser) on hand-built values: each fires on its cause
// and stays silent on unrelated values. The generic rules are in Judging/ExplanationRuleTests.swift.

/// The sealed-answer AAD in another order (issue 28 item 2): with the one-time key at hand, the rule
/// opens actual under every other order and separator of the three ids and names the one that opens.
struct SealedAnswerAADOrderRuleTests {
    static let key = [UInt8](repeating: 0x42, count: 32), nonce = [UInt8](repeating: 9, count: 12)
    static let context: Fields = ["coupleId": .text("c1"), "questionId": .text("q1"), "userId": .text("u1"), "oneTimeKey": .bytes(key)]
    static func sealed(_ aad: String, _ plaintext: [UInt8] = Array(#"{"a":1}"#.utf8)) throws -> Value {
        let (ct, tag) = try OpenSSLAESGCM.seal(key: key, nonce: nonce, aad: Array(aad.utf8), plaintext: plaintext)
        return .text("sealed:v1:" + Base64.encode(nonce + ct + tag, .url))
    }

    @Test func namesTheOrderTheIdsWereJoinedIn() throws {
        let expected = try Self.sealed("c1|q1|u1")
        let swapped = try Self.sealed("q1|c1|u1")
        let t = try #require(ExplanationRules.sealedAnswerAADOrder.explain(expected, swapped, Self.context))
        #expect(t.hasPrefix("actual's AAD joined the ids as questionId|coupleId|userId;") && t.contains("CONTRACT.md §8"), "\(t)")
        // The whole chain names it too: before only-the-tag, which could only say "the AAD differs".
        #expect(Explanations.match(expected: expected, actual: swapped, context: Self.context)?.rule == "sealed-answer-aad-order")
        let colon = try #require(ExplanationRules.sealedAnswerAADOrder.explain(expected, try Self.sealed("c1:q1:u1"), Self.context))
        #expect(colon.contains("coupleId:questionId:userId with \":\""), "\(colon)")
    }

    @Test func silentOtherwise() throws {
        let expected = try Self.sealed("c1|q1|u1")
        // the contract's order with another plaintext: not an order problem
        #expect(ExplanationRules.sealedAnswerAADOrder.explain(expected, try Self.sealed("c1|q1|u1", Array("x".utf8)), Self.context) == nil)
        // without the one-time key nothing can be opened
        var noKey = Self.context
        noKey["oneTimeKey"] = nil
        #expect(ExplanationRules.sealedAnswerAADOrder.explain(expected, try Self.sealed("q1|c1|u1"), noKey) == nil)
        // another key altogether, and values that are not sealed answers
        var otherKey = Self.context
        otherKey["oneTimeKey"] = .bytes([UInt8](repeating: 1, count: 32))
        #expect(ExplanationRules.sealedAnswerAADOrder.explain(expected, try Self.sealed("q1|c1|u1"), otherKey) == nil)
        #expect(ExplanationRules.sealedAnswerAADOrder.explain(.text("abc"), .text("abd"), Self.context) == nil)
        // an AAD that is no order of the ids
        #expect(ExplanationRules.sealedAnswerAADOrder.explain(expected, try Self.sealed("c1|q1|u2"), Self.context) == nil)
    }
}

/// A commitment that differs because the JSON it hashes differs (issue 28 item 3): the rule
/// recomputes the commitment over the forms other JSON writers give, and over other prefixes.
struct CommitmentJSONRuleTests {
    static let answer = Answer(scaleValue: 3, selectedOptionIds: ["b/2", "\u{1F600}", "\u{FF61}", "a"], writtenText: "caf\u{E9} / ok")
    static let context: Fields = ["coupleId": .text("c1"), "questionId": .text("q1"), "userId": .text("u1"), "answer": answer.value]
    static func commitment(_ json: [UInt8], prefix: String = "v1|c1|q1|u1|") -> Value {
        .text("sha256:" + Base64.encode(SHA256.hash(Array(prefix.utf8) + json), .url))
    }
    static let expected = commitment(answer.canonicalJSON)

    @Test func namesTheJSONFormThatWasHashed() throws {
        func explain(_ form: Answer.JSONForm) throws -> String {
            try #require(ExplanationRules.commitmentJSON.explain(Self.expected, Self.commitment(Self.answer.json(form)), Self.context))
        }
        let slash = try explain(.init(escapedSlash: true))
        #expect(slash.contains("with `/` written `\\/`") && slash.contains("from byte 43 of the JSON: canonical \"/2\","), "\(slash)")
        #expect(try explain(.init(spaced: true)).contains("a space after every `,` and `:`"))
        #expect(try explain(.init(asciiOnly: true)).contains("\\uXXXX"))
        #expect(try explain(.init(idOrder: .codePoints)).contains("sorted by code point"))
        #expect(try explain(.init(idOrder: .asGiven)).contains("unsorted"))
        var nfd = Self.answer
        nfd.writtenText = Self.answer.writtenText!.decomposedStringWithCanonicalMapping
        let t = try #require(ExplanationRules.commitmentJSON.explain(Self.expected, Self.commitment(nfd.canonicalJSON), Self.context))
        #expect(t.contains("in NFD"), "\(t)")
        let noPipe = try #require(ExplanationRules.commitmentJSON.explain(Self.expected, Self.commitment(Self.answer.canonicalJSON, prefix: "v1|c1|q1|u1"), Self.context))
        #expect(noPipe.contains("without the `|` after the ids"), "\(noPipe)")
        let order = try #require(ExplanationRules.commitmentJSON.explain(Self.expected, Self.commitment(Self.answer.canonicalJSON, prefix: "v1|q1|c1|u1|"), Self.context))
        #expect(order.contains("questionId|coupleId|userId"), "\(order)")
        // The whole chain names it.
        let spaced = Self.commitment(Self.answer.json(.init(spaced: true)))
        #expect(Explanations.match(expected: Self.expected, actual: spaced, context: Self.context)?.rule == "commitment-json")
    }

    @Test func silentOtherwise() throws {
        // another answer altogether, a commitment the rule cannot reproduce
        let other = Answer(scaleValue: 4, selectedOptionIds: [], writtenText: nil)
        #expect(ExplanationRules.commitmentJSON.explain(Self.expected, Self.commitment(other.canonicalJSON), Self.context) == nil)
        // expected that is not the contract's commitment of the answer: no premise
        #expect(ExplanationRules.commitmentJSON.explain(Self.commitment(other.canonicalJSON), Self.commitment(Self.answer.json(.init(spaced: true))), Self.context) == nil)
        // without the answer or an id
        var noAnswer = Self.context
        noAnswer["answer"] = nil
        #expect(ExplanationRules.commitmentJSON.explain(Self.expected, Self.commitment(Self.answer.json(.init(spaced: true))), noAnswer) == nil)
        #expect(ExplanationRules.commitmentJSON.explain(.text("abc"), .text("abd"), Self.context) == nil)
        // the canonical form of §7 is unchanged by the forms' writer
        #expect(Self.answer.json(.canonical) == Self.answer.canonicalJSON)
        #expect(String(decoding: Self.answer.canonicalJSON, as: UTF8.self) == "{\"scaleValue\":3,\"selectedOptionIds\":[\"a\",\"b/2\",\"\u{1F600}\",\"\u{FF61}\"],\"writtenText\":\"caf\u{E9} / ok\"}")
    }
}

/// The keybox composition slips of CONTRACT.md §10 (issue 28 item 2): the rule reseals with each
/// and names the one that gives actual.
struct KeyboxCompositionRuleTests {
    static func vector() throws -> (context: Fields, key: EciesPublicKey, info: [UInt8], expected: Value) {
        let loaded = VectorLoader().load(.paths([repositoryRoot + "/vectors/closer/keybox/context-ids.yaml"]))
        let v = try #require(loaded.vectors.first { $0.id == "seal-ids" })
        guard case .outputs(let outs) = v.expect, case .value(let expected)? = outs.first(where: { $0.field == "keybox" })?.expected else {
            throw LoadError(file: "context-ids.yaml", line: 0, column: 0, message: "seal-ids has no expected keybox")
        }
        let key = try TinkEciesKeyset.parsePublic(wire: try #require(v.input["recipientPublicKey"]?.text))
        let info = Array(Wire.keyboxContext(Wire.keyboxContextIds.map { v.input[$0]!.text! }).utf8)
        return (v.input, key, info, expected)
    }
    static func sealed(_ key: EciesPublicKey, _ info: [UInt8], _ context: Fields, _ slip: Ecies.Slip?, scalar: [UInt8]? = nil) throws -> Value {
        .text(Wire.keybox + Base64.encode(try Ecies.seal(to: key, contextInfo: info, plaintext: context["plaintext"]!.bytes!,
                                                         ephemeralScalar: scalar ?? context["ephemeralPrivateKey"]!.bytes!,
                                                         iv: context["iv"]!.bytes!, slip: slip), .url))
    }

    @Test func namesEachSlip() throws {
        let (context, key, info, expected) = try Self.vector()
        #expect(try Self.sealed(key, info, context, nil) == expected)   // the rule's premise holds for the vector
        let words: [(Ecies.Slip, String)] = [(.sharedSecretFirst, "Z ‖ E"), (.contextInfoAsAAD, "as the AES-GCM AAD"),
                                              (.otherPointFormat, "another format than the key's `ec_point_format`")]
        for (slip, word) in words {
            let t = try #require(ExplanationRules.keyboxComposition.explain(expected, try Self.sealed(key, info, context, slip), context), "\(slip)")
            #expect(t.contains(word) && t.contains("CONTRACT.md §10"), "\(t)")
        }
        let whole = try Self.sealed(key, info, context, .sharedSecretFirst)
        #expect(Explanations.match(expected: expected, actual: whole, context: context)?.rule == "keybox-composition")
    }

    /// A shared secret with a leading zero byte (found by counting scalars up): dropping it is named.
    @Test func namesTheDroppedLeadingZero() throws {
        var (context, key, info, _) = try Self.vector()
        var scalar = [UInt8](repeating: 0, count: 31) + [1]
        while Ecies.sharedSecret(key, ephemeralScalar: scalar)?.first != 0 { scalar[31] &+= 1; if scalar[31] == 0 { scalar[30] += 1 } }
        context["ephemeralPrivateKey"] = .bytes(scalar)
        let expected = try Self.sealed(key, info, context, nil)
        let stripped = try Self.sealed(key, info, context, .strippedSharedSecret)
        #expect(stripped != expected)
        let t = try #require(ExplanationRules.keyboxComposition.explain(expected, stripped, context))
        #expect(t.hasPrefix("actual dropped the shared secret's leading zero byte (1)"), "\(t)")
    }

    @Test func silentOtherwise() throws {
        let (context, key, info, expected) = try Self.vector()
        var other = context
        other["plaintext"] = .bytes([1, 2, 3])
        // another plaintext: no slip gives it
        #expect(ExplanationRules.keyboxComposition.explain(expected, try Self.sealed(key, info, other, nil), context) == nil)
        // expected that is not the contract's seal of the input: no premise
        #expect(ExplanationRules.keyboxComposition.explain(try Self.sealed(key, info, other, nil), try Self.sealed(key, info, context, .sharedSecretFirst), context) == nil)
        // without the ephemeral key nothing can be resealed
        var noKey = context
        noKey["ephemeralPrivateKey"] = nil
        #expect(ExplanationRules.keyboxComposition.explain(expected, try Self.sealed(key, info, context, .sharedSecretFirst), noKey) == nil)
        // a dropped zero that is not there changes nothing, so it is never named
        #expect(try Self.sealed(key, info, context, .strippedSharedSecret) == expected || Ecies.sharedSecret(key, ephemeralScalar: context["ephemeralPrivateKey"]!.bytes!)?.first == 0)
    }
}
