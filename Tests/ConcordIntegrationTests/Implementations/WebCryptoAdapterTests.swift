import ConcordFormats
import ConcordImplementations
import ConcordJudging
import ConcordSuites
import Foundation
import Testing
import ConcordTestSupport
import ConcordPacks

let chromiumInstalled = Catalog.chromiumBinary(ProcessInfo.processInfo.environment) != nil && nodeAvailable
let noChromium = "Chromium is not installed: scripts/setup --browser (or scripts/setup --test) installs it"

/// The profile folders the webcrypto adapter made in `tmp` (its TMPDIR), which it must remove.
func webcryptoProfiles(in tmp: String) -> Set<String> {
    let names = (try? FileManager.default.contentsOfDirectory(atPath: tmp)) ?? []
    return Set(names.filter { $0.hasPrefix("concord-webcrypto-") }.map { tmp + "/" + $0 })
}

/// The environment with TMPDIR set to a fresh folder of its own (other tests start browsers too).
func privateTemporaryFolder() -> (folder: String, environment: [String: String]) {
    let dir = temporaryFolder()
    var env = ProcessInfo.processInfo.environment
    env["TMPDIR"] = dir
    return (dir, env)
}

/// The processes whose command line runs this profile folder (Chromium's, after the adapter).
func processes(using profile: String) -> [Int32] {
    let entries = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
    return entries.compactMap { Int32($0) }.filter { pid in
        guard let d = FileManager.default.contents(atPath: "/proc/\(pid)/cmdline") else { return false }
        let cmd = String(decoding: d.map { $0 == 0 ? 32 : $0 }, as: UTF8.self)
        let stat = (try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8)) ?? ""
        return cmd.contains(profile) && !stat.contains(") Z ")
    }
}

@Suite(.serialized) struct WebCryptoAdapterTests {
    let settings = Catalog.Settings(home: repositoryRoot, requestTimeout: 60)

    @Test(.enabled(if: chromiumInstalled, Comment(rawValue: noChromium)))
    func everyVectorOfItsSuitesPasses() throws {
        let web = try #require(Catalog.make("webcrypto", settings: settings))
        defer { web.shutdown() }
        web.prepare()
        try #require(web.startFailure == nil, "\(web.startFailure ?? "")")
        #expect(Suites.expected(of: "webcrypto") == webcryptoSuites)
        #expect(web.suites == webcryptoSuites, "the handshake announces \(web.suites)")
        let vs = vectors(of: webcryptoSuites)
        let passed = expectAllPass(web, vs, suites: webcryptoSuites) { why in
            why.contains("does not take a 192-bit AES key") // Chromium's Web Crypto refuses AES-192
                || why.contains("reads raw keys only") // ecdh-p256's DER, PEM and JWK key forms (issue 14)
        }
        let keyForms = vs.filter { $0.suite == "ecdh-p256" && ($0.input["private"] == nil || $0.input["public"] == nil) }.count
        #expect(passed > (vs.count - keyForms) / 2, "\(passed) of \(vs.count)")
        #expect((web as? ExternalAdapter)?.processStarts == 1, "one run starts the adapter once")
    }

    @Test(.enabled(if: chromiumInstalled, Comment(rawValue: noChromium)))
    func protocolAnswers() throws {
        let node = try #require(Catalog.nodeBinary(ProcessInfo.processInfo.environment))
        let (tmp, env) = privateTemporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: tmp) }
        try checkProtocol([node, repositoryRoot + "/adapters/webcrypto/main.js"], name: "webcrypto", environment: env)
        #expect(webcryptoProfiles(in: tmp).isEmpty, "a profile folder was left behind")
    }

    /// Shutdown stops the adapter, Chromium and every process it started, and removes the profile.
    @Test(.enabled(if: chromiumInstalled, Comment(rawValue: noChromium)))
    func startsAnswersAndStopsWithNothingLeftBehind() throws {
        let (tmp, env) = privateTemporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: tmp) }
        let web = try #require(Catalog.make("webcrypto", settings: Catalog.Settings(home: repositoryRoot, requestTimeout: 60, environment: env))
            as? ExternalAdapter)
        web.prepare()
        #expect(web.startFailure == nil)
        #expect(web.version.contains("Chromium") && web.version.contains("Web Crypto"), "\(web.version)")
        let profile = try #require(webcryptoProfiles(in: tmp).first)
        #expect(!processes(using: profile).isEmpty)
        let seal = web.run(Request(suite: "aes-gcm", op: "seal", input: [
            "key": .bytes([UInt8](repeating: 0, count: 16)), "nonce": .bytes([UInt8](repeating: 0, count: 12)),
            "aad": .bytes([]), "plaintext": .bytes([UInt8](repeating: 0, count: 16))]))
        // GCM specification test case 2
        #expect(seal == .outputs(["ciphertext": .bytes(try Hex.decode("0388dace60b6a392f328c2b971b2fe78")),
                                  "tag": .bytes(try Hex.decode("ab6e47d42cec13bdf53a67b21257bddf"))]))
        let refused = web.run(Request(suite: "ecdh-p256", input: ["private": .bytes([1]), "public": .bytes([4] + [UInt8](repeating: 1, count: 64))]))
        guard case .refused(let e) = refused else { Issue.record("not refused: \(refused)"); return }
        #expect(e.errorClass == .key)
        web.shutdown()
        var gone = false
        for _ in 0..<100 where !gone {
            gone = processes(using: profile).isEmpty && !FileManager.default.fileExists(atPath: profile)
            if !gone { usleep(50_000) }
        }
        #expect(gone, "Chromium processes \(processes(using: profile)) or the profile \(profile) outlived shutdown")
        // Nor anything Chromium put in the temporary folder (its singleton socket's folder,
        // org.chromium.Chromium.XXXXXX: about 650 were left in /tmp over a day of test runs).
        let left = (try? FileManager.default.contentsOfDirectory(atPath: tmp)) ?? []
        #expect(left.isEmpty, "left in TMPDIR: \(left)")
    }

    /// The adapter killed outright: its requests become errors, and Chromium exits by itself (its pipe closed).
    @Test(.enabled(if: chromiumInstalled, Comment(rawValue: noChromium)))
    func adapterKilledTakesChromiumWithIt() throws {
        let (tmp, env) = privateTemporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: tmp) }
        let web = try #require(Catalog.make("webcrypto", settings: Catalog.Settings(home: repositoryRoot, requestTimeout: 60, environment: env))
            as? ExternalAdapter)
        defer { web.shutdown() }
        web.prepare()
        let profile = try #require(webcryptoProfiles(in: tmp).first)
        let pid = try #require(web.processIdentifier)
        kill(pid, SIGKILL)
        usleep(200_000)
        let o = web.run(Request(suite: "hkdf-sha256", input: ["ikm": .bytes([1]), "salt": .bytes([]), "info": .bytes([]), "size": .integer(4)]))
        guard case .error = o else { Issue.record("a request after the kill got \(o)"); return }
        var gone = false
        for _ in 0..<200 where !gone { gone = processes(using: profile).isEmpty; if !gone { usleep(50_000) } }
        #expect(gone, "Chromium outlived its adapter: \(processes(using: profile))")
    }

    /// No Chromium: unavailable, naming scripts/setup --browser.
    @Test func missingChromiumIsUnavailable() throws {
        var env = ProcessInfo.processInfo.environment
        env["CONCORD_CHROMIUM"] = "/nonexistent/chromium"
        let web = try #require(Catalog.make("webcrypto", settings: Catalog.Settings(home: repositoryRoot, environment: env)))
        let why = try #require(web.startFailure)
        #expect(why.contains("scripts/setup --browser") || why.contains("nodejs"), "\(why)")
        let v = try #require(vectors(of: ["hkdf-sha256"]).first)
        let run = Runner(implementations: [web]).run([v])
        #expect(run.summary.failed == 0)
        #expect(run.results[0].implementations[0].status == .error)
    }
}
