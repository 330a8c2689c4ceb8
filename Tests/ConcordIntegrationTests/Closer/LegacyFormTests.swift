import ConcordFormats
import ConcordImplementations
import Testing
import ConcordCloser

/// Old and wrapped forms are refused by name on both of Concord's ports (swift, jvm), with the class
/// the contract gives, never as "shorter than…" or a bare bad tag.
@Suite struct LegacyFormTests {
    static let expected: [String: (ErrorClass, String)] = [
        "closer.keybox/old-ios-envelope-json": (.format, "old iOS keybox envelope {v, pub, ct, mac}"),
        "closer.keybox/old-ios-envelope-base64url": (.format, "base64url of the old iOS keybox envelope"),
        "closer.keybox/old-ios-envelope-prefixed": (.authentication, "keybox:v1: + base64url of the old iOS keybox envelope"),
        "closer.sealed-answer/open-tink-prefixed": (.format, "Tink"),
        "closer.sealed-answer/open-json-wrapper-text": (.format, "JSON object {v, nonce, ct, commitmentHash} prefixed sealed:v1:"),
        "closer.sealed-answer/open-json-wrapper-base64url": (.format, "base64url of a JSON object {v, nonce, ct, commitmentHash}"),
    ]

    @Test func eachRefusalSaysWhatTheValueIs() throws {
        let results = DefaultRun.result.run.results.filter { Self.expected[$0.vector.name] != nil }
        #expect(results.count == Self.expected.count)
        for r in results {
            let (cls, words) = Self.expected[r.vector.name]!
            for side in ["swift", "jvm"] {
                let x = try #require(r.implementations.first { $0.implementation == side }, "\(r.vector.name) not run on \(side)")
                guard case .refused(let e) = x.outcome else { Issue.record("\(r.vector.name) on \(side): \(x.outcome)"); continue }
                #expect(e.errorClass == cls, "\(r.vector.name) on \(side): \(e)")
                #expect(e.message.contains(words), "\(r.vector.name) on \(side): \(e.message)")
                #expect(!e.message.contains("shorter than"), "\(r.vector.name) on \(side): \(e.message)")
            }
        }
    }

    @Test func ordinaryValuesAreNotTakenForLegacyForms() {
        #expect(LegacyForms.keyboxRefusal("keybox:v1:AXEsMFIEvK2SdgkQkISGLKwgv6VCfyKQtM0QnVc") == nil)
        #expect(LegacyForms.keyboxRefusal("{not json") == nil)
        #expect(LegacyForms.sealedRefusal("sealed:v1:AAAA") == nil)
        #expect(LegacyForms.sealedRefusal("enc:v1:{\"v\":1}") == nil)
        #expect(LegacyForms.keyboxRefusal("{\"v\":1,\"pub\":\"x\"}")?.message.contains("JSON object {v, pub}") == true)
    }
}
