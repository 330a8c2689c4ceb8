import ConcordFormats
import ConcordImplementations
import ConcordPrimitives
import ConcordLoading
import ConcordPacks
import ConcordSuites
import Foundation
import Testing
import ConcordTestSupport
import ConcordCloser
import ConcordGeneration
import ConcordSuites

/// CONTRACT.md §7: canonical answer JSON, with the expected bytes written out by hand from the rules.
@Suite struct CanonicalAnswerTests {
    func json(_ a: Answer) -> String { String(decoding: a.canonicalJSON, as: UTF8.self) }

    @Test func keyOrderNoWhitespaceAndNulls() {
        #expect(json(Answer(scaleValue: nil, selectedOptionIds: [], writtenText: nil))
                == #"{"scaleValue":null,"selectedOptionIds":[],"writtenText":null}"#)
        #expect(json(Answer(scaleValue: -3, selectedOptionIds: ["b", "a", "b"], writtenText: ""))
                == #"{"scaleValue":-3,"selectedOptionIds":["a","b","b"],"writtenText":""}"#)
        #expect(json(Answer(scaleValue: Int32.min, selectedOptionIds: [], writtenText: nil)).contains(#""scaleValue":-2147483648,"#))
    }

    @Test func minimalEscapesEverythingElseRaw() {
        let text = "a/b\u{2028}\"\\\n\r\t\u{1}é"
        #expect(json(Answer(scaleValue: 0, selectedOptionIds: [], writtenText: text))
                == #"{"scaleValue":0,"selectedOptionIds":[],"writtenText":"a/b"# + "\u{2028}" + #"\"\\\n\r\t"# + "\u{1}é" + #""}"#)
    }

    @Test func optionIdsSortByUTF16CodeUnitsNotCodePoints() {
        // U+1F600 is D83D DE00 in UTF-16, below U+FF5E; by code point it is above.
        let ids = ["\u{FF5E}", "\u{1F600}", "Z", "a"]
        #expect(Answer.utf16Sorted(ids) == ["Z", "a", "\u{1F600}", "\u{FF5E}"])
        #expect(ids.sorted(by: { $0.unicodeScalars.lexicographicallyPrecedes($1.unicodeScalars) }) == ["Z", "a", "\u{FF5E}", "\u{1F600}"])
    }

    @Test func noNormalization() {
        let nfc = Answer(scaleValue: nil, selectedOptionIds: [], writtenText: "\u{E9}").canonicalJSON
        let nfd = Answer(scaleValue: nil, selectedOptionIds: [], writtenText: "e\u{301}").canonicalJSON
        #expect(nfc != nfd)
        #expect(Hex.encode(nfc).contains("c3a9") && Hex.encode(nfd).contains("65cc81"))
        // Swift's == treats them as equal; the contract does not.
        #expect("\u{E9}" == "e\u{301}")
    }

    @Test func scaleValueMustFit32Bits() {
        let v = Value.map(["scaleValue": .integer(2_147_483_648), "selectedOptionIds": .list([]), "writtenText": .null])
        #expect(throws: ContractError(.format, "scaleValue 2147483648 is outside the 32-bit signed range")) { try Answer(v) }
    }

    @Test(arguments: [
        (#"{"scaleValue":1,"selectedOptionIds":[],"writtenText":"a\/b"}"#, "not in the contract's escape set"),
        (#"{"scaleValue":1, "selectedOptionIds":[],"writtenText":null}"#, "not canonical"),
        (#"{"scaleValue":1,"selectedOptionIds":["b","a"],"writtenText":null}"#, "UTF-16 order"),
        (#"{"selectedOptionIds":[],"scaleValue":1,"writtenText":null}"#, "not canonical"),
        (#"{"scaleValue":1,"selectedOptionIds":[],"writtenText":"\u00e9"}"#, "not in the contract's escape set"),
        (#"{"scaleValue":01,"selectedOptionIds":[],"writtenText":null}"#, "not canonical"),
    ])
    func parserRefusesNonCanonical(text: String, message: String) {
        do {
            _ = try Answer.parseCanonical(Array(text.utf8))
            Issue.record("accepted \(text)")
        } catch {
            #expect(error.errorClass == .format)
            #expect(error.message.contains(message), "\(error.message)")
        }
    }

    @Test func parserRoundTrips() throws {
        let a = Answer(scaleValue: 7, selectedOptionIds: ["x", "\u{1F600}"], writtenText: "line\nbreak \u{2028} /")
        #expect(try Answer.parseCanonical(a.canonicalJSON) == Answer(scaleValue: 7, selectedOptionIds: ["x", "\u{1F600}"], writtenText: "line\nbreak \u{2028} /"))
    }
}

/// The explanations of issue 3 (3): a blob that fails to open says what would have opened it.
@Suite struct ExplanationTests {
    let key = [UInt8](repeating: 0x42, count: 32)
    let nonce = [UInt8](repeating: 7, count: 12)

    func refusal(_ body: () throws -> Void) -> ContractError? {
        do { try body(); return nil } catch { return error as? ContractError }
    }

    @Test(arguments: [(UInt8(1), "Tink TINK (0x01, key id 305419896 = 0x12345678)"), (UInt8(0), "Tink LEGACY/CRUNCHY (0x00")])
    func tinkPrefixIsNamedNotCalledABadTag(first: UInt8, name: String) throws {
        let blob = try Closer.seal(key: key, nonce: nonce, aad: Array("couple-1".utf8), plaintext: Array("hello".utf8))
        let wire = Wire.field + Base64.encode([first, 0x12, 0x34, 0x56, 0x78] + blob, .standard)
        let e = refusal { _ = try Closer.decryptField(coupleKey: key, coupleId: "couple-1", wire: wire) }
        #expect(e?.errorClass == .format)
        #expect(e?.message.contains(name) == true, "\(e?.message ?? "")")
        #expect(e?.message.contains("opens after dropping it: the contract is RAW") == true)
    }

    @Test func historicalAADIsNamed() throws {
        let blob = try Closer.seal(key: key, nonce: nonce, aad: Array("user-9:question-3".utf8), plaintext: Array("old".utf8))
        let wire = Wire.field + Base64.encode(blob, .standard)
        let e = refusal { _ = try Closer.decryptField(coupleKey: key, coupleId: "couple-1", wire: wire, legacy: ("user-9", "question-3")) }
        #expect(e?.errorClass == .authentication)
        #expect(e?.message.contains("opens with the historical \"userId:questionId\" of an older iOS build (user-9:question-3)") == true, "\(e?.message ?? "")")
        // Without the ids, it is a plain failed tag.
        let plain = refusal { _ = try Closer.decryptField(coupleKey: key, coupleId: "couple-1", wire: wire) }
        #expect(plain?.message.contains("the tag does not verify") == true)
    }

    @Test(arguments: [
        ("enc:v2:AAAA", "expected the prefix \"enc:v1:\""),
        ("enc:v1:-_8A", "looks URL-safe"),
        ("enc:v1:AAAA\nAAAA", "line breaks are not allowed"),
        ("enc:v1:AAAA", "shorter than nonce (12) + tag (16)"),
    ])
    func wireFormatErrors(wire: String, message: String) {
        let e = refusal { _ = try Closer.decryptField(coupleKey: key, coupleId: "c", wire: wire) }
        #expect(e?.errorClass == .format)
        #expect(e?.message.contains(message) == true, "\(e?.message ?? "")")
    }

    @Test func sealedAnswerChecksTheCommitment() throws {
        let answer = Answer(scaleValue: 3, selectedOptionIds: ["o1"], writtenText: nil)
        let s = try Closer.sealAnswer(coupleId: "c", questionId: "q", userId: "u", answer: answer, oneTimeKey: key, nonce: nonce)
        #expect(s.commitmentHash.count == 50)
        #expect(try Closer.openAnswer(coupleId: "c", questionId: "q", userId: "u", oneTimeKey: key,
                                      encryptedPayload: s.encryptedPayload, commitmentHash: s.commitmentHash) == answer)
        let other = try Closer.sealAnswer(coupleId: "c", questionId: "q", userId: "u", answer: Answer(scaleValue: 4, selectedOptionIds: [], writtenText: nil),
                                          oneTimeKey: key, nonce: nonce).commitmentHash
        let e = refusal { _ = try Closer.openAnswer(coupleId: "c", questionId: "q", userId: "u", oneTimeKey: key,
                                                    encryptedPayload: s.encryptedPayload, commitmentHash: other) }
        #expect(e?.errorClass == .authentication)
        #expect(e?.message.contains("the commitment does not match") == true)
    }

    @Test func pipeInIdsIsFlagged() {
        #expect(CloserWire.pipeWarning(coupleId: "a|b", questionId: "q", userId: "u")?.contains("coupleId contains '|'") == true)
        #expect(CloserWire.pipeWarning(coupleId: "a", questionId: "q", userId: "u") == nil)
    }
}

/// The protobuf reader and the Tink AES-GCM keyset (CONTRACT.md §9), on hand-built bytes.
/// Closer's wire forms as its pack declares them, held to CONTRACT.md §3 (the alphabets), §6, §8
/// and §10 (the layouts) and to docs/reports.md's table of parts: the reports, the generic rules
/// and the generators know them only from there (`Packs.wireForms`).
@Suite struct CloserWireFormTests {
    @Test func closerDeclaresItsWireForms() throws {
        let forms = try #require(Packs.all.first { $0.contract.name == "closer" }).wireForms
        #expect(forms.map(\.prefix) == ["enc:v1:", "sealed:v1:", "keybox:v1:", "sha256:", "pub:v1:"])
        #expect(forms.map(\.alphabet) == [.standard, .url, .url, .url, .url])
        #expect(forms.map(\.blob).prefix(2) == [.aesGcm, .aesGcm])
        #expect(forms[0].layout?.head.map { "\($0.name) \($0.size)" } == ["nonce 12"] && forms[0].layout?.tag == 16)
        #expect(forms[2].layout?.head.map { "\($0.name) \($0.size)" } == ["prefix 5", "ephemeral key 65", "nonce 12"] && forms[2].layout?.tag == 16)
        #expect(forms[2].layout?.head.map(\.role) == [.tinkOutputPrefix, .publicKey(.p256), nil])
        #expect(forms[3].blob == .whole && forms[4].blob == .whole)
        // No other pack declares a wire form, and the old names still spell Closer's prefixes.
        #expect(Packs.wireForms == forms)
        #expect([Wire.field, Wire.sealed, Wire.keybox, Wire.commitment] == ["enc:v1:", "sealed:v1:", "keybox:v1:", "sha256:"])
    }
}

@Suite struct TinkKeysetTests {
    let key = [UInt8](0..<32)

    func keyset(id: String, value: [UInt8], typeURL: String = TinkAesGcmKeyset.typeURL, primary: String? = nil) -> String {
        #"{"primaryKeyId":\#(primary ?? id),"key":[{"keyData":{"typeUrl":"\#(typeURL)","value":"\#(Base64.encode(value, .standard))","keyMaterialType":"SYMMETRIC"},"status":"ENABLED","keyId":\#(id),"outputPrefixType":"TINK"}]}"#
    }

    /// AesGcmKey { key_value = 3 }: tag 0x1a, length 0x20, then the key (version 0 is absent).
    var proto: [UInt8] { [0x1a, 0x20] + key }

    @Test func writerMatchesTheHandBuiltBytes() {
        #expect(ProtobufWriter.field(1, varint: 0) + ProtobufWriter.field(3, bytes: key) == proto)
        #expect(ProtobufWriter.varint(300) == [0xac, 0x02])
    }

    @Test func readsAKeyIdAbove2To31() throws {
        let k = try TinkAesGcmKeyset.parse(keyset(id: "4294967295", value: proto))
        #expect(k.primaryKeyId == UInt32.max)
        #expect(k.primaryKey == key)
        #expect(k.outputPrefixType == .tink)
    }

    @Test(arguments: [
        ("-1", [UInt8]([0x1a, 0x20] + [UInt8](0..<32)), "is negative (a Java int printed as signed? it is 4294967295 unsigned)"),
        ("1", [UInt8]([0x1a, 0x40] + [UInt8](0..<32)), "runs past the end"),
        ("1", [UInt8]([0x1a]), "truncated varint"),
        ("1", [UInt8]([0x0b]), "wire type 3"),
        ("1", [UInt8]([0x08, 0x01, 0x1a, 0x20] + [UInt8](0..<32)), "version 1 is not 0"),
        ("1", [UInt8]([0x08, 0x00]), "no key_value"),
        ("1", [UInt8]([0x1a, 0x05, 1, 2, 3, 4, 5]), "key_value is 5 bytes"),
    ])
    func refusals(id: String, value: [UInt8], message: String) {
        do {
            _ = try TinkAesGcmKeyset.parse(keyset(id: id, value: value))
            Issue.record("accepted")
        } catch {
            #expect(error.message.contains(message), "\(error.message)")
        }
    }

    @Test func wrongTypeURLIsAKeyError() {
        do {
            _ = try TinkAesGcmKeyset.parse(keyset(id: "1", value: proto, typeURL: "type.googleapis.com/google.crypto.tink.AesSivKey"))
            Issue.record("accepted")
        } catch {
            #expect(error.errorClass == .key)
        }
    }
}

@Suite struct WycheproofTests {
    @Test func aesGcmFileIsReadAsItIs() throws {
        let path = repositoryRoot + "/vectors/wycheproof/aes_gcm_test.json"
        let v = try VectorLoader().load(.paths([path])).vectorsOrFirstError()
        #expect(v.count == 316)
        #expect(v.filter { $0.result == .valid }.count == 229)
        #expect(v.filter { $0.result == .invalid }.count == 87)
        let first = try #require(v.first)
        #expect(first.name == "aes-gcm/aes_gcm_test-1" && first.op == "open" && first.flags == ["Ktv"])
        #expect(first.input["key"] == .bytes(try Hex.decode("5b9604fe14eadba931b0ccf34843dab9")))
        #expect(first.input["nonce"] == .bytes(try Hex.decode("028318abc1824029138141a2")))
        guard case .outputs(let o) = first.expect else { Issue.record("no outputs"); return }
        #expect(o[0].expected == .value(.bytes(try Hex.decode("001d0c231287c1182784554ca3a21908"))))
    }
}

/// The stand-in word list is Closer's and lives in its module: the copy in Swift is the generators'
/// data file word for word, and the pack gives it to the `recovery-phrase` fresh value scenarios
/// draw (ConcordGeneration names no pack: PackRoomTests).
@Suite struct CloserStandInWordlistTests {
    @Test func theSwiftCopyIsTheDataFile() throws {
        let file = try String(contentsOfFile: repositoryRoot + "/scripts/generate/data/closer-standin-wordlist.txt", encoding: .utf8)
        let words = file.split(separator: "\n").map(String.init)
        #expect(words.count == 248)
        #expect(CloserStandInWordlist.words == words)
    }

    @Test func thePackGivesItToRecoveryPhrases() throws {
        #expect(CloserPack.pack.freshKinds.map(\.name) == ["recovery-phrase", "invite-code", "answer"])
        let phrase = try #require(CloserPack.pack.freshKinds.first { $0.name == "recovery-phrase" })
        for trial in 0..<8 {
            let drawn = try FreshValues.draw([FreshDeclaration(name: "p", kind: phrase, options: FreshOptions())], path: ["t"], trial: trial)
            let words = try #require(drawn["p"]?.text).split(separator: " ").map(String.init)
            #expect(words.count == 10 && words.allSatisfy(CloserStandInWordlist.words.contains), "\(words)")
        }
    }
}
