import ConcordImplementations
import ConcordJudging
import Testing

/// The witness rule (docs/exploration.md, "Whose answer a vector expects"): an explored or recorded
/// vector's expected value is the answer of a library's own code that another implementation that
/// counts (a library or a Concord port) agreed with; the app under test and a program that only
/// claims a library count for nothing; a side of libraries outvotes ports; libraries on two sides
/// settle nothing. Each case both ways: the rule firing (expect) and holding back (pending).
@Suite struct WitnessRuleTests {
    typealias M = WitnessRule.Member
    static func lib(_ n: String) -> M { M(name: n, kind: .library("\(n)'s own code")) }
    static func port(_ n: String) -> M { M(name: n, kind: .port) }
    static func app(_ n: String) -> M { M(name: n, kind: .subject) }
    static func claim(_ n: String) -> M { M(name: n, kind: .claimed(library: "Node crypto", by: "CONCORD_NODE=/x")) }

    /// The kinds come from each implementation's provenance for the suite; an undeclared one is a port.
    @Test func kindsComeFromProvenance() {
        #expect(WitnessRule.Kind(.library("OpenSSL EVP")) == .library("OpenSSL EVP"))
        #expect(WitnessRule.Kind(.app) == .subject)
        #expect(WitnessRule.Kind(.ownPort) == .port)
        #expect(WitnessRule.Kind(nil) == .port)
        #expect(WitnessRule.Kind(.claimed(library: "x", by: "CONCORD_NODE=/x")) == .claimed(library: "x", by: "CONCORD_NODE=/x"))
    }

    /// The app under test alone against Concord's ports: nothing is expected, whichever side is larger.
    @Test func theAppAgainstConcordsPortsIsPending() {
        #expect(WitnessRule.decide([[Self.app("android")], [Self.port("swift"), Self.port("jvm")]]) == .pending(.noLibrary))
        #expect(WitnessRule.decide([[Self.app("android"), Self.port("swift")], [Self.port("jvm")]]) == .pending(.noLibrary))
        // Concord's ports agreeing among themselves (a recording) settle nothing either.
        #expect(WitnessRule.decide([[Self.port("swift"), Self.port("jvm")]]) == .pending(.noLibrary))
    }

    /// A library with another implementation that counts decides, against any number of ports and the app.
    @Test func aLibraryWithAnotherOutvotesPortsAndTheApp() {
        let sides = [[Self.app("android"), Self.port("swift"), Self.port("jvm"), Self.port("node")], [Self.port("webcrypto"), Self.lib("openssl")]]
        #expect(WitnessRule.decide(sides) == .expect(side: 1, agreed: [Self.lib("openssl"), Self.port("webcrypto")]))
        #expect(WitnessRule.decide([[Self.lib("openssl"), Self.lib("libsodium")], [Self.app("android")]])
                == .expect(side: 0, agreed: [Self.lib("openssl"), Self.lib("libsodium")]))
        #expect(WitnessRule.agreement([Self.lib("openssl"), Self.port("swift")])
                == "openssl (library: openssl's own code) and swift (Concord's own port) agreed")
    }

    /// A library alone, or with only the app or a claimed library beside it, is not two.
    @Test func aLibraryAloneIsNotTwo() {
        #expect(WitnessRule.decide([[Self.lib("tink")], [Self.port("swift")]]) == .pending(.loneLibrary("tink")))
        #expect(WitnessRule.decide([[Self.lib("tink"), Self.app("android")], [Self.port("swift"), Self.port("jvm")]]) == .pending(.loneLibrary("tink")))
        #expect(WitnessRule.decide([[Self.lib("tink"), Self.claim("node")]]) == .pending(.loneLibrary("tink")))
        // A claimed library decides nothing.
        #expect(WitnessRule.decide([[Self.claim("node"), Self.port("swift")], [Self.app("android")]]) == .pending(.noLibrary))
    }

    /// Libraries on two sides: nothing is expected, and the sides are named.
    @Test func librariesThatDisagreeSettleNothing() {
        let sides = [[Self.lib("openssl"), Self.port("swift")], [Self.lib("libsodium"), Self.lib("jvm")], [Self.app("android")]]
        let d = WitnessRule.decide(sides)
        #expect(d == .pending(.librariesDisagree([0, 1])))
        guard case .pending(let why) = d else { return }
        #expect(WitnessRule.explain(why, sides: sides).contains("the libraries disagree (openssl vs libsodium+jvm)"))
    }
}
