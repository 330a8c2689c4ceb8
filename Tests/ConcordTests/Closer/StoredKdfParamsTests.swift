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

    /// A Closer check costs the KEKs it derives: an input refused before Argon2 runs costs a cheap
    /// check (counted as a derivation, such vectors made the shard plan expect about twice the
    /// Argon2id work done: docs/performance.md), and the chain's keybox-to-answer derives nothing.
    @Test func aCheckRefusedBeforeDerivingCostsACheapCheck() {
        let kek = 47104.0 * 3 * 4e-7
        let salt16 = [UInt8](repeating: 7, count: 16)
        let blob = Base64.encode(salt16 + [UInt8](repeating: 1, count: 12 + 16 + 5), .standard)
        let invite = Suites.closerInvitePhrase
        #expect(invite.cost(["inviteCode": .text("ABCDEF"), "encryptedRecoveryPhrase": .text(blob)]) >= kek)
        #expect(invite.cost(["inviteCode": .text("ABCDEF"), "encryptedRecoveryPhrase": .text("AAAA")]) < 1e-3, "too short to hold a salt")
        #expect(invite.cost(["inviteCode": .text("ABCDEF"), "encryptedRecoveryPhrase": .text("not base64!")]) < 1e-3)
        #expect(invite.cost(["inviteCode": .text("ABCDEF"), "phrase": .text("p"), "salt": .bytes(salt16), "nonce": .bytes([])]) >= kek)
        #expect(invite.cost(["inviteCode": .text("ABCDEF"), "phrase": .text("p"), "salt": .bytes([1, 2]), "nonce": .bytes([])]) < 1e-3)
        #expect(Self.suite.cost(["phrase": .text("p"), "kdfSalt": .text("AAAA"), "wrappedCoupleKey": .text("")]) < 1e-3, "a 3-byte salt")
        #expect(Self.suite.cost(Self.input("argon2id;v=19;m=47104;t=03;p=1")) < 1e-3, "a tag that does not parse")
        let chain = Suites.closerChain
        let toField: Fields = ["inviteCode": .text("ABCDEF"), "encryptedRecoveryPhrase": .text(blob),
                               "kdfSalt": .text(Base64.encode(salt16, .standard)), "wrappedCoupleKey": .text(""),
                               "coupleId": .text("c"), "wire": .text("enc:v1:")]
        #expect(abs(chain.cost(toField) - 2 * kek) < 1e-3, "the code's KEK, then the phrase's")
        #expect(chain.sharedWork(toField).count == 2)
        #expect(chain.cost(["recipientPrivateKeyset": .text("{}"), "coupleId": .text("c")]) < 1e-3, "keybox-to-answer")
    }

    @Test func theCostFollowsTheTag() {
        let production = Self.suite.cost(Self.input(nil))
        #expect(Self.suite.cost(Self.input("argon2id;v=19;m=47104;t=3;p=1")) == production)
        #expect(Self.suite.cost(Self.input("argon2id;v=19;m=64;t=1;p=1")) < production / 1000)
    }
}
