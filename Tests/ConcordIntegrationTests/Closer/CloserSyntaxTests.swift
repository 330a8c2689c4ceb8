import ConcordFormats
import ConcordImplementations
import ConcordSuites
import Testing
import ConcordCloser

/// `closer.invite-code` and `closer.recovery-phrase`: both sides run every vector, and every refusal
/// says what is wrong with the value (the character, the count, the spacing), not just "invalid".
@Suite struct CloserSyntaxTests {
    /// The words each refusal's message must contain, per vector id, on swift and on jvm.
    static let messages: [String: [String: String]] = [
        "closer.invite-code": [
            "refuse-letter-i": "U+0049 'I'", "refuse-letter-o": "U+004F 'O'", "refuse-digit-0": "Crockford",
            "refuse-digit-1": "U+0031 '1'", "refuse-lowercase": "lower case", "refuse-one-lowercase": "character 5",
            "refuse-length-5": "5 characters", "refuse-length-7": "7 characters", "refuse-empty": "0 characters",
            "refuse-space-inside": "U+0020", "refuse-trailing-newline": "U+000A", "refuse-fullwidth": "U+FF2B",
        ],
        "closer.recovery-phrase": [
            "refuse-nine-words": "9 words", "refuse-eleven-words": "11 words", "refuse-double-space": "two spaces",
            "refuse-trailing-space": "ends with a space", "refuse-leading-space": "starts with a space",
            "refuse-uppercase-word": "upper case", "refuse-capitalized": "word 1 has U+0041 'A'",
            "refuse-tab": "U+0009", "refuse-nbsp": "U+00A0", "refuse-unlisted-word": "not in the word list",
            "refuse-other-list": "SHA-256", "refuse-trailing-newline": "U+000A",
        ],
    ]

    @Test(arguments: ["closer.invite-code", "closer.recovery-phrase"])
    func bothSidesPassAndNameTheFault(suite: String) throws {
        let results = DefaultRun.results(of: suite)
        #expect(results.count >= 15)
        var checked = 0
        for r in results {
            let byName = Dictionary(uniqueKeysWithValues: r.implementations.map { ($0.implementation, $0) })
            for side in ["swift", "jvm"] {
                let x = try #require(byName[side], "\(r.vector.name): \(side) did not run it")
                #expect(x.status == .pass, "\(r.vector.name) on \(side): \(x.status) \(x.outcome)")
                guard let want = Self.messages[suite]?[r.vector.id] else { continue }
                guard case .refused(let e) = x.outcome else { Issue.record("\(r.vector.name) on \(side): \(x.outcome)"); continue }
                #expect(e.message.contains(want), "\(r.vector.name) on \(side): \(e.message) does not say \(want)")
                checked += 1
            }
        }
        #expect(checked == 2 * (Self.messages[suite]?.count ?? 0))
    }

    /// A Crockford reading of the code (its symbols: no I L O U, has 0 and 1) fails exactly the flagged vectors.
    @Test func crockfordFailsExactlyTheFlaggedVectors() {
        let crockford = Set("0123456789ABCDEFGHJKMNPQRSTVWXYZ")
        for r in DefaultRun.results(of: "closer.invite-code") {
            guard case .text(let code)? = r.vector.input["code"] else { Issue.record("\(r.vector.name): no code"); continue }
            let crockfordAccepts = code.count == 6 && code.allSatisfy { crockford.contains($0) }
            let regexAccepts = (try? CloserCodes.validateInviteCode(code)) != nil
            #expect((crockfordAccepts != regexAccepts) == r.vector.flags.contains("crockford-divergence"), "\(r.vector.name)")
        }
    }

    @Test func wordListMustBe248DistinctWords() {
        let letters = Array("abcdefghijklmnopqrstuvwxyz")
        let words: [String] = (0..<248).map { (i: Int) -> String in
            let first: Character = letters[i / 26], second: Character = letters[i % 26]
            return String([first, second, "x"])
        }
        #expect((try? CloserCodes.wordlist(words.joined(separator: "\n"))) != nil)
        #expect(throws: ContractError.self) { try CloserCodes.wordlist(words.dropLast().joined(separator: "\n")) }
        #expect(throws: ContractError.self) { try CloserCodes.wordlist((words.dropLast() + ["aax"]).joined(separator: "\n")) }
        #expect(throws: ContractError.self) { try CloserCodes.wordlist((words.dropLast() + ["Abc"]).joined(separator: "\n")) }
    }
}
