import ConcordFormats
import ConcordImplementations
import ConcordSuites
import Foundation
import Testing
import ConcordPacks
import ConcordJustSend

/// What the JustSend pack checks beyond "every vector passes" (docs/contracts/justsend.md): the wrap
/// round trip crosses every pair of implementations, and each recovery-code normalization trap is a
/// vector that both sides refuse with `format`.
@Suite(.serialized) struct JustSendTests {
    /// The iOS reference and the Android side both run and pass every vector of every JustSend suite.
    @Test(arguments: Contracts.justsend.suites.map(\.name))
    func iosAndAndroidBothPassEveryVector(suite: String) {
        let results = DefaultRun.results(of: suite)
        #expect(!results.isEmpty)
        for r in results where r.matrix == nil {
            let statuses = Dictionary(uniqueKeysWithValues: r.implementations.map { ($0.implementation, $0.status) })
            #expect(statuses["swift"] == .pass && statuses["jvm"] == .pass, "\(r.vector.name): \(statuses)")
        }
    }

    @Test func wrapRoundTripMatrixIsAllPass() throws {
        let results = DefaultRun.results(of: "justsend.wrap").filter { $0.matrix != nil }
        #expect(!results.isEmpty)
        for r in results {
            let m = try #require(r.matrix)
            #expect(Set(m.implementations).isSuperset(of: ["swift", "jvm"]), "\(m.implementations)")
            #expect(m.cells.flatMap { $0 }.allSatisfy { $0.status == .pass }, "\(r.vector.name): \(m.cells.map { $0.map(\.status) })")
        }
    }

    @Test(arguments: ["letter-u", "lowercase-u", "length-25", "length-27", "empty", "spare-bits", "punctuation", "tab",
                      "no-break-space", "fullwidth-digit", "dotless-i"])
    func normalizationTrapIsRefusedByBothSides(trap: String) throws {
        let r = try #require(DefaultRun.results(of: "justsend.recovery-code").first { $0.vector.id == "normalize-" + trap })
        #expect(Set(r.implementations.map(\.implementation)) == ["swift", "jvm"])
        for i in r.implementations {
            guard case .refused(let e) = i.outcome else { Issue.record("\(i.implementation) accepted \(r.vector.name)"); continue }
            #expect(e.errorClass == .format, "\(i.implementation): \(e)")
        }
    }

    /// The displayed, lower-case and spaced forms of one code give the same KEK (the seed's promise).
    @Test func typedFormsOfOneCodeGiveOneKEK() throws {
        let code = try RecoveryCode.encode(Array(0..<16))
        let forms = [code, RecoveryCode.displayed(code), RecoveryCode.displayed(code).lowercased(), RecoveryCode.displayed(code).replacingOccurrences(of: "-", with: " ")]
        let keks = try forms.map { try JustSend.recoveryKEK(typed: $0, info: []) }
        #expect(Set(keks).count == 1)
        #expect(try JustSend.recoveryKEK(typed: code, info: [1]) != keks[0])
    }
}
