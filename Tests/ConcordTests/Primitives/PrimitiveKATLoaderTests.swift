import ConcordFormats
import Foundation
import Testing
import ConcordTestSupport

/// The published known answers of issue 14's primitives, transcribed into `Tests/Fixtures/kats/`
/// (one file per RFC or draft, each naming its section in `source`).
enum KAT {
    static func file(_ name: String) throws -> JSON {
        let text = try String(contentsOfFile: fixture("kats/" + name), encoding: .utf8)
        return try JSON.parse(text)
    }

    static func cases(_ name: String) throws -> [JSON] {
        try #require(try file(name)["cases"]?.arrayValue, "\(name) has no cases")
    }

    static func bytes(_ j: JSON, _ key: String) throws -> [UInt8] {
        let s = try #require(j[key]?.stringValue, "missing \(key)")
        return try Hex.decode(s)
    }

    static func name(_ j: JSON) -> String { j["name"]?.stringValue ?? "?" }

    static let files = ["rfc7748.json", "rfc8032.json", "rfc8439.json", "draft-irtf-cfrg-xchacha-03.json", "rfc4231.json", "rfc6979.json"]
}

@Suite struct PrimitiveKATLoaderTests {
    @Test(arguments: KAT.files)
    func everyFileNamesItsSource(_ name: String) throws {
        let source = try #require(try KAT.file(name)["source"]?.stringValue)
        let expected = name.replacingOccurrences(of: ".json", with: "").uppercased().replacingOccurrences(of: "RFC", with: "RFC ")
        #expect(source.uppercased().hasPrefix(expected), "\(name): source \(source)")
        #expect(source.contains("§"), "\(name): the source names no section")
    }
}
