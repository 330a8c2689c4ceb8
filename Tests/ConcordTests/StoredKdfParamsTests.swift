import ConcordFormats
import ConcordSuites
import Testing

/// couple-key-wrap's `unwrap` derives with the stored `kdfParams` (issue 21 point 4): a tag above the
/// run's Argon2 limits is refused before any implementation derives with it, and its cost is its own.
@Suite struct StoredKdfParamsTests {
    static let suite = Suites.closerCoupleKeyWrap

    static func input(_ tag: String?) -> Fields {
        var i: Fields = ["phrase": .text("p"), "kdfSalt": .text("AAAAAAAAAAAAAAAAAAAAAA=="), "wrappedCoupleKey": .text("")]
        if let tag { i["kdfParams"] = .text(tag) }
        return i
    }

    @Test func aTagAboveTheLimitsIsRefusedBeforeDeriving() {
        let why = Self.suite.exceedsLimits(Self.input("argon2id;v=19;m=4294967295;t=1;p=1"), Limits())
        #expect(why?.contains("--max-kdf-memory") == true)
        let work = Self.suite.exceedsLimits(Self.input("argon2id;v=19;m=1048576;t=4294967295;p=1"), Limits())
        #expect(work?.contains("--max-kdf-work") == true)
        #expect(Self.suite.exceedsLimits(Self.input("argon2id;v=19;m=47104;t=3;p=1"), Limits()) == nil)
        #expect(Self.suite.exceedsLimits(Self.input(nil), Limits()) == nil)
        #expect(Self.suite.exceedsLimits(Self.input("argon2id;v=19;m=47104;t=03;p=1"), Limits()) == nil, "malformed: the implementations refuse it")
    }

    @Test func theCostFollowsTheTag() {
        let production = Self.suite.cost(Self.input(nil))
        #expect(Self.suite.cost(Self.input("argon2id;v=19;m=47104;t=3;p=1")) == production)
        #expect(Self.suite.cost(Self.input("argon2id;v=19;m=64;t=1;p=1")) < production / 1000)
    }
}
