@testable import ConcordKit
import Foundation
import Testing

/// The Swift kit's own hex decoder (ConcordKit is Foundation only, so it has its own copy of the
/// rule) against the one table every runtime is held to: Tests/Fixtures/encodings/hostile-spellings.json
/// (docs/vector-format.md, "Encodings: one rule in every runtime"). The kit decodes hex only.
struct KitHexSpellingsTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().path

    @Test func hexFollowsTheSharedTable() throws {
        let path = Self.root + "/Tests/Fixtures/encodings/hostile-spellings.json"
        let data = try #require(FileManager.default.contents(atPath: path), "\(path) did not read")
        let top = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        #expect(top["format"] as? String == "concord-encoding-cases/1")
        let cases = try #require(top["cases"] as? [[String: Any]]).filter { $0["encoding"] as? String == "hex" }
        #expect(cases.count >= 20)
        for c in cases {
            let text = try #require(c["text"] as? String)
            let got = Hex.decode(text)
            if let want = (c["bytes"] as? [Int]).map({ $0.map { UInt8($0) } }) {
                #expect(got == want, "\(text.debugDescription): decoded \(got.map { Hex.encode($0) } ?? "nothing (refused)")")
                #expect(Hex.encode(want) == (c["written"] as? String ?? text), "\(text.debugDescription): written as \(Hex.encode(want))")
            } else {
                #expect(got == nil, "\(text.debugDescription) was accepted: \(c["refused"] as? String ?? "")")
            }
        }
    }
}
