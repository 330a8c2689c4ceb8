import ConcordFormats
import ConcordYAML
import Testing

/// The one wire layer of ConcordFormats: the Tink output prefix, the keyset walker, the encoding
/// dispatch and the JSON reader's positions.
struct WireLayerTests {
    @Test func outputPrefixBytes() throws {
        let id: UInt32 = 0x1234_5678
        #expect(TinkOutputPrefix.tink.bytes(keyId: id) == [0x01, 0x12, 0x34, 0x56, 0x78])
        #expect(TinkOutputPrefix.legacy.bytes(keyId: id) == [0x00, 0x12, 0x34, 0x56, 0x78])
        #expect(TinkOutputPrefix.crunchy.bytes(keyId: id) == [0x00, 0x12, 0x34, 0x56, 0x78])
        #expect(TinkOutputPrefix.raw.bytes(keyId: id) == [])
        #expect(throws: ContractError.self) { try TinkOutputPrefix.parse("tink", field: "key[0].outputPrefixType") }
        #expect(throws: ContractError.self) { try TinkOutputPrefix.parse(nil, field: "key[0].outputPrefixType") }
        #expect(try TinkOutputPrefix.parse("CRUNCHY", field: "x") == .crunchy)
    }

    /// TinkEnum's rule (closer.md §9): no name of the enum is format, a name the key cannot have is key.
    @Test func tinkEnumNamesAndTheirClasses() {
        func refusal(_ body: () throws -> Void) -> ErrorClass? {
            do { try body(); return nil } catch let e as ContractError { return e.errorClass } catch { return .unclassified }
        }
        #expect(refusal { _ = try TinkOutputPrefix.parse("tink", field: "p") } == .format)
        #expect(refusal { _ = try TinkOutputPrefix.parse(nil, field: "p") } == .format)
        #expect(refusal { _ = try TinkOutputPrefix.parse(json: .int(1), field: "p") } == .format)
        #expect(refusal { _ = try TinkOutputPrefix.parse("UNKNOWN_PREFIX", field: "p") } == .key)
        #expect(refusal { _ = try TinkOutputPrefix.parse("RAW", field: "p") } == nil)
        #expect(refusal { _ = try TinkEnum.name(.string("ENXBLED"), TinkEnum.statuses, field: "s") } == .format)
        #expect(refusal { _ = try TinkEnum.name(.string("DISABLED"), TinkEnum.statuses, field: "s") } == nil)
        #expect(refusal { _ = try TinkEnum.name(.string("REMOTE"), TinkEnum.materials, field: "m") } == nil)
        #expect(refusal { _ = try TinkEnum.name(.string("remote"), TinkEnum.materials, field: "m") } == .format)
    }

    @Test func outputPrefixFound() throws {
        let tink = try #require(TinkOutputPrefix.find(in: [0x01, 0xde, 0xad, 0xbe, 0xef, 9]))
        #expect(tink.kind == "TINK" && tink.keyId == 0xdead_beef && tink.keyIdHex == "deadbeef")
        #expect(TinkOutputPrefix.find(in: [0x00, 0, 0, 0, 7])?.kind == "LEGACY/CRUNCHY")
        #expect(TinkOutputPrefix.find(in: [0x02, 0, 0, 0, 7]) == nil)
        #expect(TinkOutputPrefix.find(in: [0x01, 0, 0, 0]) == nil)
        #expect(TinkOutputPrefix.find(in: [0x01, 0, 0, 0, 7], minimumLength: 6) == nil)
    }

    /// The strict protobuf reader (closer.md §9): what protobuf itself would keep, merge or skip is
    /// `format` here, as in the jvm and node ports (found by concord explore, seed 302 case 2642).
    @Test func protobufMessagesAreReadStrictly() throws {
        func read(_ bytes: [UInt8]) throws(ContractError) -> ProtobufMessage {
            try ProtobufMessage(bytes, message: "M", varintFields: [1: "version"], bytesFields: [2: "params"])
        }
        let good = try read([0x08, 0x05, 0x12, 0x01, 0xAA])
        #expect(good.varint(1) == 5 && good.fields[2] == [0xAA] && good.varint(7) == 0)
        #expect(throws: ContractError(.format, "M.params (field 2) appears twice")) { try read([0x12, 0x01, 0xAA, 0x12, 0x01, 0xBB]) }
        #expect(throws: ContractError(.format, "M.version (field 1) appears twice")) { try read([0x08, 0x01, 0x08, 0x01]) }
        #expect(throws: ContractError(.format, "M has field 3 (wire type 0), which it does not define (its fields: version = 1, params = 2)")) {
            try read([0x18, 0x01])
        }
        #expect(throws: ContractError(.format, "M.version (field 1) has wire type 2, not 0 (varint)")) { try read([0x0A, 0x00]) }
        #expect(throws: ContractError(.format, "M.params (field 2) has wire type 0, not 2 (length-delimited)")) { try read([0x10, 0x00]) }
        #expect(throws: ContractError(.format, "M.version (field 1) is 4294967296, above the 32-bit range")) { try read([0x08, 0x80, 0x80, 0x80, 0x80, 0x10]) }
        #expect(try read([0x08, 0xFF, 0xFF, 0xFF, 0xFF, 0x0F]).varint(1) == 0xFFFF_FFFF)
    }

    static func entry(_ id: Int, status: String = "ENABLED", type: String = "t", prefix: String = "TINK", value: String = "AA==") -> String {
        #"{"keyData":{"typeUrl":"\#(type)","value":"\#(value)","keyMaterialType":"SYMMETRIC"},"status":"\#(status)","keyId":\#(id),"outputPrefixType":"\#(prefix)"}"#
    }

    @Test func keysetWalker() throws {
        let json = #"{"primaryKeyId":2,"key":["# + [Self.entry(1), Self.entry(2), Self.entry(3, status: "DISABLED"), Self.entry(4, type: "u"),
                                                       Self.entry(5, prefix: "SOMETHING"), Self.entry(6, prefix: "RAW")].joined(separator: ",") + "]}"
        let keyset = try TinkKeyset.parse(json)
        let primary = try keyset.primary()
        #expect(primary.index == 1 && primary.keyId == 2 && primary.typeURL == "t" && primary.keyMaterialType == "SYMMETRIC")
        #expect(try primary.value() == [0] && primary.outputPrefix() == .tink)
        // The ECIES readers' walk: every entry's members first, then the primary, then the statuses.
        #expect(throws: ContractError(.format, #"keyset: key[4].outputPrefixType "SOMETHING" is no name of Tink's enum"#)) { try keyset.enabledEntries() }
        func walk(_ primary: Int, _ entries: [String]) throws(ContractError) -> (ids: [UInt32], primary: Int) {
            let (enabled, p) = try TinkKeyset.parse(#"{"primaryKeyId":\#(primary),"key":["# + entries.joined(separator: ",") + "]}").enabledEntries()
            return (enabled.map(\.key.keyId), p)
        }
        let four = [Self.entry(1), Self.entry(2), Self.entry(3, status: "DISABLED"), Self.entry(6, prefix: "RAW")]
        #expect(try walk(2, four) == ([1, 2, 6], 1))
        #expect(try walk(6, four).primary == 2)
        func walkRefusal(_ primary: Int, _ entries: [String]) -> ContractError? {
            do { _ = try walk(primary, entries); return nil } catch { return error }
        }
        #expect(walkRefusal(2, four + [Self.entry(7, status: "UNKNOWN_STATUS")])?.errorClass == .key)
        #expect(walkRefusal(2, four + [Self.entry(2)])?.message.contains("several primary keys") == true)
        #expect(walkRefusal(3, four)?.message == "keyset: the primary key (key[2]) is DISABLED, not ENABLED")
        #expect(walkRefusal(2, four + [Self.entry(7, prefix: "UNKNOWN_PREFIX")])?.errorClass == .key)
        // Two faults: no key has the primary id, and an entry has no type URL. The entry is read
        // first, as by the jvm and node ports (found by concord explore, seed 302 case 470).
        let noURL = #"{"keyData":{"value":"AA==","keyMaterialType":"SYMMETRIC"},"status":"ENABLED","keyId":1,"outputPrefixType":"TINK"}"#
        #expect(walkRefusal(9, [noURL])?.errorClass == .format)
        #expect(walkRefusal(9, [Self.entry(1, prefix: "UNKNOWN_PREFIX"), noURL])?.errorClass == .key)

        func refusal(_ json: String) -> ContractError? {
            do { _ = try TinkKeyset.parse(json).primary(); return nil } catch { return error }
        }
        #expect(refusal(#"{"primaryKeyId":9,"key":["# + Self.entry(1) + "]}")?.message == "keyset: no key has the primaryKeyId 9: the keyset has no primary key")
        #expect(refusal(#"{"primaryKeyId":9,"key":["# + Self.entry(1) + "]}")?.errorClass == .key)
        #expect(refusal(#"{"primaryKeyId":1,"key":["# + Self.entry(1, status: "ENXBLED") + "]}")?.errorClass == .format)
        #expect(refusal(#"{"primaryKeyId":1,"key":["# + Self.entry(1, status: "DISABLED") + "]}")?.errorClass == .key)
        #expect(refusal(#"{"primaryKeyId":-1,"key":["# + Self.entry(1) + "]}")?.message.contains("negative") == true)
        #expect(refusal(#"{"primaryKeyId":1,"key":[]}"#)?.message == "keyset: missing or empty key list")
        #expect(refusal(#"{"primaryKeyId":1,"key":[{"keyId":1,"status":"ENABLED"}]}"#)?.message == "keyset: key[0] has no keyData.typeUrl")
        let bad = try TinkKeyset.parse(#"{"primaryKeyId":1,"key":["# + Self.entry(1, value: "A") + "]}").primary()
        #expect(throws: ContractError.self) { try bad.value() }
    }

    @Test func encodingDispatch() throws {
        #expect(ByteEncoding.names == "hex, base64, base64url, utf8")
        #expect(try ByteEncoding.hex.decode("00ff") == [0, 255])
        #expect(try ByteEncoding.base64.decode("+/8=") == [0xfb, 0xff])
        #expect(try ByteEncoding.base64url.decode("-_8") == [0xfb, 0xff])
        #expect(try ByteEncoding.utf8.decode("é") == [0xc3, 0xa9])
        #expect(throws: ContractError.self) { try ByteEncoding.base64url.decode("+/8=") }
        #expect(ByteEncoding(rawValue: "base32") == nil)
        #expect(try Value(json: JSON.parse(#"{"base64url":"-_8"}"#)) == .bytes([0xfb, 0xff]))
        #expect(try Value(json: JSON.parse(#"{"base32":"AA"}"#)) == .map(["base32": .text("AA")]))
    }

    @Test func jsonRefusalsAreLocated() throws {
        do { _ = try JSON.parse("{\n  \"a\": [1,]\n}"); Issue.record("parsed") } catch {
            #expect(error.line == 2 && error.column == 11 && error.offset == 12 && error.message == "expected a value", "\(error)")
        }
        do { _ = try JSON.parse("{\"é\": \"x\" ]"); Issue.record("parsed") } catch {
            #expect(error.line == 1 && error.column == 11 && error.kind == .syntax, "\(error)")   // é is one column
        }
        do { _ = try JSON.parse(String(repeating: "[", count: 200)); Issue.record("parsed") } catch {
            #expect(error.kind == .tooDeep, "\(error)")
        }
        do { _ = try JSON.parse("  \n "); Issue.record("parsed") } catch { #expect(error.kind == .empty) }
    }

    @Test func duplicateKeysKeptInJSONRefusedInVectorFiles() throws {
        let text = "{\"a\": 1,\n \"a\": 2}"
        #expect(try JSON.parse(text).objectValue?.count == 2)
        do { _ = try JSONNodeParser().parse(Array(text.utf8)); Issue.record("parsed") } catch {
            #expect(error.message == "duplicate key \"a\" (first at 1:2)" && error.mark == Mark(line: 2, column: 2), "\(error)")
        }
        let node = try JSONNodeParser().parse(Array("{\"k\":\n  [true, null, -1.5e3, \"s\"]}".utf8))
        let items = try #require(node.mapping?.first?.value.sequence)
        #expect(items.map(\.mark) == [Mark(line: 2, column: 4), Mark(line: 2, column: 10), Mark(line: 2, column: 16), Mark(line: 2, column: 24)])
        #expect(items.map { $0.scalarText ?? "" } == ["true", "null", "-1.5e3", "s"])
    }
}
