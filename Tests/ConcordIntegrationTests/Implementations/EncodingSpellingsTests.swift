import ConcordFormats
import ConcordImplementations
import Foundation
import Testing
import ConcordTestSupport
import ConcordPacks

/// One case of the shared table of spellings (Tests/Fixtures/encodings/hostile-spellings.json): a
/// text in an encoding, and either the bytes it decodes to or why it is refused.
struct SpellingCase: Sendable, CustomStringConvertible {
    var encoding: String
    var text: String
    var bytes: [UInt8]?
    var written: String?
    var refused: String?
    var description: String { "\(encoding) \"\(Printable.escape(text))\"" }
}

let spellingsPath = fixture("encodings/hostile-spellings.json")

/// The table, read once; every runtime's check reads the same file (no copies).
let spellingCases: [SpellingCase] = {
    guard let data = FileManager.default.contents(atPath: spellingsPath),
          let top = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
          top["format"] as? String == "concord-encoding-cases/1",
          let cases = top["cases"] as? [[String: Any]] else { return [] }
    return cases.map { c in
        SpellingCase(encoding: c["encoding"] as? String ?? "?", text: c["text"] as? String ?? "",
                     bytes: (c["bytes"] as? [Int]).map { $0.map { UInt8($0) } },
                     written: c["written"] as? String, refused: c["refused"] as? String)
    }
}()

/// Every runtime applies the one rule of docs/vector-format.md ("Encodings: one rule in every
/// runtime"): Swift's decoders here, and the jvm, node (with the webcrypto page's hex) and tink
/// adapters' decoders through the checks each ships, all against the same table.
@Suite struct EncodingSpellingsTests {
    @Test func theTableCoversEveryEncodingWithAcceptedAndRefusedSpellings() {
        #expect(spellingCases.count >= 90, "the table at \(spellingsPath) did not read")
        for e in ["hex", "base64", "base64url"] {
            #expect(spellingCases.contains { $0.encoding == e && $0.bytes != nil }, "\(e): no accepted case")
            #expect(spellingCases.filter { $0.encoding == e && $0.refused != nil }.count >= 15, "\(e): few refused cases")
        }
        for c in spellingCases {
            #expect((c.bytes == nil) != (c.refused == nil), "\(c): exactly one of bytes and refused")
            #expect(ByteEncoding(rawValue: c.encoding) != nil, "\(c): unknown encoding")
        }
    }

    @Test(arguments: spellingCases)
    func swiftDecodesAndWritesAsTheTableSays(_ c: SpellingCase) throws {
        let encoding = try #require(ByteEncoding(rawValue: c.encoding))
        let got: [UInt8]?
        do { got = try encoding.decode(c.text) } catch {
            #expect(error.errorClass == .format)
            got = nil
        }
        if let want = c.bytes {
            #expect(got == want, "\(c): decoded \(got.map(Hex.encode) ?? "nothing (refused)")")
            let written: String
            switch encoding {
            case .hex: written = Hex.encode(want)
            case .base64: written = Base64.encode(want, .standard)
            case .base64url: written = Base64.encode(want, .url)
            case .utf8: written = String(decoding: want, as: UTF8.self)
            }
            #expect(written == c.written ?? c.text, "\(c): written as \(written)")
        } else {
            #expect(got == nil, "\(c) was accepted as \(got.map(Hex.encode) ?? ""): \(c.refused ?? "")")
        }
    }

    /// `checked N cases: P passed, 0 failed` from a runtime's check of the table, with P the cases
    /// times the decoders it has for them.
    func expectCheck(_ command: [String], passes: Int, _ runtime: String) throws {
        let out = try runProcess(command[0], Array(command.dropFirst()), timeout: 120)
        #expect(out.status == 0, "\(runtime): \(out.stdout)\(out.stderr)")
        #expect(out.stdout.contains("checked \(spellingCases.count) cases: \(passes) passed, 0 failed"),
                "\(runtime): \(out.stdout)\(out.stderr)")
    }

    @Test func theJvmAdapterFollowsTheTable() throws {
        let classes = repositoryRoot + "/.build/jvm/classes"
        try #require(FileManager.default.fileExists(atPath: classes + "/concord/adapter/EncodingCheck.class"),
                     "the jvm adapter is not built (scripts/build-jvm)")
        let env = ProcessInfo.processInfo.environment
        let java = env["CONCORD_JAVA"] ?? "/usr/bin/java"
        try expectCheck([java, "-cp", classes, "concord.adapter.EncodingCheck", spellingsPath],
                        passes: spellingCases.count, "jvm")
    }

    @Test func theNodeAndWebcryptoDecodersFollowTheTable() throws {
        let node = try #require(Catalog.nodeBinary(ProcessInfo.processInfo.environment), "node is not installed")
        // Hex twice: node's own decoder and the webcrypto page's.
        let hex = spellingCases.filter { $0.encoding == "hex" }.count
        try expectCheck([node, repositoryRoot + "/adapters/node/check-encodings.js", spellingsPath],
                        passes: spellingCases.count + hex, "node")
    }

    /// The schema editors check vector files against (its `bytes` patterns), read as
    /// scripts/check-schema.py reads patterns.
    @Test func theVectorFileSchemaFollowsTheTable() throws {
        let python = repositoryRoot + "/.build/venv/bin/python"
        try #require(FileManager.default.isExecutableFile(atPath: python), "the test venv is missing (scripts/setup --test)")
        try expectCheck([python, repositoryRoot + "/scripts/check-schema-spellings.py", spellingsPath],
                        passes: spellingCases.count, "the schema")
    }

    @Test func theTinkAdapterFollowsTheTable() throws {
        let python = repositoryRoot + "/.build/venv-tink/bin/python"
        try #require(FileManager.default.isExecutableFile(atPath: python), "the tink venv is missing (scripts/build-tink)")
        try expectCheck([python, repositoryRoot + "/adapters/tink/check_encodings.py", spellingsPath],
                        passes: spellingCases.count, "tink")
    }
}
