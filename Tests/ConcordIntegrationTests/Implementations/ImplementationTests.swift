import ConcordFormats
import ConcordImplementations
import ConcordJudging
import ConcordLoading
import Foundation
import Testing
import ConcordTestSupport
import ConcordSuites
import ConcordCloser

/// Each implementation on the published vectors kept in vectors/ (RFC 9106 §5.3, the
/// phc-winner-argon2 KAT, libsodium's own test vectors): every vector it can run must pass.
@Suite struct ImplementationTests {
    static let published = ["vectors/primitives/argon2id/rfc9106.yaml", "vectors/primitives/argon2id/libsodium.yaml"]

    func vectors() throws -> [Vector] {
        let loaded = VectorLoader().load(.paths(Self.published.map { repositoryRoot + "/" + $0 }))
        let (v, errors) = (loaded.vectors, loaded.errors)
        #expect(errors.isEmpty, "\(errors)")
        return v
    }

    @Test(arguments: ["libsodium", "libargon2", "jvm"])
    func passesEveryPublishedVectorItCanRun(name: String) throws {
        let impl = try #require(Catalog.make(name, settings: Catalog.Settings(home: repositoryRoot)))
        defer { impl.shutdown() }
        let vectors = try vectors()
        #expect(vectors.count >= 15)
        let run = Runner(implementations: [impl]).run(vectors)
        var ran = 0
        for r in run.results {
            let i = try #require(r.implementations.first)
            #expect(i.status == .pass || i.status == .unsupported, "\(r.vector.name): \(i.status) \(i.outcome)")
            if i.status == .pass { ran += 1 }
        }
        #expect(ran >= 10, "\(name) ran only \(ran) published vectors")
    }

    @Test func libsodiumSaysWhyItCannotRunRFC9106() throws {
        let o = InProcessImplementationProbe.libsodium.run(rfc9106Request)
        guard case .unsupported(let why) = o else { Issue.record("got \(o)"); return }
        #expect(why.contains("parallelism at 1"))
    }

    @Test(arguments: [
        (["secret": Value.bytes([1])], "cannot take an Argon2 secret"),
        (["associatedData": Value.bytes([1])], "cannot take Argon2 associated data"),
        (["salt": Value.bytes([UInt8](repeating: 0, count: 8))], "salt of exactly 16 bytes"),
    ])
    func libsodiumUnsupportedReasons(extra: [String: Value], reason: String) {
        var input: Fields = ["password": .bytes([]), "salt": .bytes([UInt8](repeating: 0, count: 16)),
                                      "params": .text("argon2id;v=19;m=8;t=1;p=1")]
        for (k, v) in extra { input[k] = v }
        let o = InProcessImplementationProbe.libsodium.run(Request(suite: "argon2id", input: input))
        guard case .unsupported(let why) = o else { Issue.record("got \(o)"); return }
        #expect(why.contains(reason), "\(why)")
    }

    @Test func emptySecretIsTheSameComputationAsNone() {
        let base: Fields = ["password": .bytes([1, 2]), "salt": .bytes([UInt8](repeating: 7, count: 16)),
                                     "params": .text("argon2id;v=19;m=16;t=2;p=1")]
        var withEmpty = base
        withEmpty["secret"] = .bytes([])
        withEmpty["associatedData"] = .bytes([])
        let a = InProcessImplementationProbe.libsodium.run(Request(suite: "argon2id", input: withEmpty))
        let b = InProcessImplementationProbe.libargon2.run(Request(suite: "argon2id", input: base))
        guard case .outputs = a else { Issue.record("libsodium: \(a)"); return }
        #expect(a == b)
    }

    /// The contract's checks (tag, salt, length) refuse with `parameters` before any library runs.
    @Test(arguments: [
        ("argon2id;v=19;m=64;t=1;p=1", 4, 32, "salt of 4 bytes is shorter than Argon2's minimum of 8"),
        ("argon2id;v=19;m=64;t=1;p=1", 16, 3, "output length 3 is outside 4...1024"),
        ("argon2id;v=19;m=64;t=1;p=1", 16, 1025, "output length 1025 is outside 4...1024"),
        ("argon2i;v=19;m=64;t=1;p=1", 16, 32, "is not argon2id"),
    ])
    func contractChecksComeBeforeTheLibrary(tag: String, saltBytes: Int, length: Int64, message: String) {
        let r = Request(suite: "argon2id", input: ["password": .bytes([]), "salt": .bytes([UInt8](repeating: 0, count: saltBytes)),
                                                   "params": .text(tag), "length": .integer(length)])
        for impl in [InProcessImplementationProbe.libsodium, InProcessImplementationProbe.libargon2] {
            guard case .refused(let e) = impl.run(r) else { Issue.record("\(impl.name) did not refuse"); continue }
            #expect(e.errorClass == .parameters)
            #expect(e.message.contains(message), "\(e.message)")
        }
    }
}

enum InProcessImplementationProbe {
    static let libsodium = Catalog.make("libsodium", settings: Catalog.Settings(home: repositoryRoot))!
    static let libargon2 = Catalog.make("libargon2", settings: Catalog.Settings(home: repositoryRoot))!
}

@Suite struct SharedDerivationTests {
    final class Calls: @unchecked Sendable {
        private let lock = NSLock()
        private var n = 0
        func add() { lock.withLock { n += 1 } }
        var count: Int { lock.withLock { n } }
    }

    @Test func aRepeatedDerivationIsComputedOnceEvenConcurrently() throws {
        let calls = Calls()
        let derive: Closer.KeyDerivation = { secret, salt throws(ContractError) in
            calls.add()
            usleep(20_000)
            return Array(secret.utf8) + salt
        }
        let shared = SharedDerivations()
        DispatchQueue.concurrentPerform(iterations: 8) { _ in
            #expect((try? shared.kek("phrase", [1, 2], derive: derive)) == Array("phrase".utf8) + [1, 2])
        }
        #expect(calls.count == 1)
        #expect(shared.counts == (computed: 1, shared: 7))
        // Another salt or secret is another derivation; another implementation has its own memo.
        _ = try shared.kek("phrase", [1, 3], derive: derive)
        _ = try shared.kek("phrasf", [1, 2], derive: derive)
        _ = try SharedDerivations().kek("phrase", [1, 2], derive: derive)
        #expect(calls.count == 4)
    }

    @Test func aRefusalIsSharedAsARefusal() {
        let shared = SharedDerivations()
        let refuse: Closer.KeyDerivation = { _, _ throws(ContractError) in throw ContractError(.parameters, "no") }
        for _ in 0..<2 {
            #expect(throws: ContractError(.parameters, "no")) { try shared.kek("p", [], derive: refuse) }
        }
    }

    /// The swift implementation's couple-key-wrap through its memo gives what Closer computes
    /// directly (the real Argon2id at the contract's parameters, once).
    @Test func swiftImplementationUsesTheMemoAndAgrees() throws {
        let salt = [UInt8](repeating: 7, count: 16), nonce = [UInt8](repeating: 9, count: 12), key = [UInt8](repeating: 1, count: 32)
        let direct = try Closer.wrapCoupleKey(phrase: "alpha bravo", kdfSalt: salt, nonce: nonce, plaintext: key)
        let shared = SharedDerivations()
        let derive: Closer.KeyDerivation = { s, salt throws(ContractError) in try shared.kek(s, salt, derive: Closer.kek(secret:salt:)) }
        let viaMemo = try Closer.wrapCoupleKey(phrase: "alpha bravo", kdfSalt: salt, nonce: nonce, plaintext: key, derive: derive)
        let unwrapped = try Closer.unwrapCoupleKey(phrase: "alpha bravo", kdfSalt: viaMemo.kdfSalt, wrappedCoupleKey: viaMemo.wrappedCoupleKey, derive: derive)
        #expect(viaMemo.wrappedCoupleKey == direct.wrappedCoupleKey)
        #expect(unwrapped.coupleKey == key)
        #expect(shared.counts == (computed: 1, shared: 1))
    }
}
