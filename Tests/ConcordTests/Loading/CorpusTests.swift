import ConcordLoading
import Foundation
import Testing
import ConcordTestSupport

/// The bad-file corpus: every file says (in its header) whether it is valid and, if not, where the
/// loader must locate the error and what its message must contain. `scripts/check-schema.py`
/// checks the same claims against the JSON Schema, so the two reject the same files.
@Suite struct CorpusTests {
    struct Claim: CustomStringConvertible, Sendable {
        var file: String
        var valid: Bool
        var line: Int?
        var column: Int?
        var text: String?
        var description: String { (file as NSString).lastPathComponent }
    }

    static func claims(_ folder: String) -> [Claim] {
        let dir = fixture("vector-files/" + folder)
        let names = (try? FileManager.default.contentsOfDirectory(atPath: dir)) ?? []
        return names.filter { $0.hasSuffix(".yaml") || $0.hasSuffix(".json") }.sorted().map { name in
            let path = dir + "/" + name
            if name.hasSuffix(".json") {
                return Claim(file: path, valid: name.hasPrefix("valid-"))
            }
            var bytes = [UInt8](FileManager.default.contents(atPath: path) ?? Data())
            if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { bytes.removeFirst(3) }
            let lines = String(decoding: bytes, as: UTF8.self).split(separator: "\n", maxSplits: 2).map(String.init)
            var c = Claim(file: path, valid: lines.first == "# expect: valid")
            if lines.count > 1, let r = lines[1].range(of: #"^# error: (\d+):(\d+) (.+)$"#, options: .regularExpression) {
                let rest = lines[1][r].dropFirst("# error: ".count)
                let parts = rest.split(separator: " ", maxSplits: 1)
                let lc = parts[0].split(separator: ":")
                c.line = Int(lc[0])
                c.column = Int(lc[1])
                c.text = String(parts[1])
            }
            return c
        }
    }

    @Test func corpusIsThere() {
        #expect(Self.claims("schema").filter { !$0.valid }.count >= 25)
        #expect(Self.claims("schema").filter(\.valid).count >= 6)
        #expect(Self.claims("loader-only").count >= 8)
    }

    @Test(arguments: claims("schema") + claims("loader-only"))
    func loaderVerdict(_ claim: Claim) {
        do {
            let vectors = try VectorLoader().load(.paths([claim.file])).vectorsOrFirstError()
            #expect(claim.valid, "loaded \(vectors.count) vectors from a file that claims to be invalid")
        } catch {
            #expect(!claim.valid, "refused a valid file: \(error)")
            #expect(error.file == claim.file)
            if let line = claim.line, let column = claim.column {
                #expect(error.line == line && error.column == column,
                        "located at \(error.line):\(error.column), claimed \(line):\(column): \(error.message)")
            } else if !claim.file.hasSuffix(".json") {
                Issue.record("an invalid YAML file must state where its error is (# error: LINE:COL TEXT)")
            }
            if let text = claim.text {
                #expect(error.message.lowercased().contains(text.lowercased()), "message: \(error.message)")
            }
        }
    }
}
