import ConcordFormats
import ConcordImplementations
import ConcordJudging
import ConcordLoading
import ConcordSuites
import Foundation
import Testing
import ConcordTestSupport
import ConcordPacks

/// The vectors of vectors/ whose suite is one of `suites` (canonical names).
func vectors(of suites: Set<String>) -> [Vector] {
    let loaded = VectorLoader().load(.paths([repositoryRoot + "/vectors"]))
    let (vectors, errors) = (loaded.vectors, loaded.errors)
    #expect(errors.isEmpty, "\(errors)")
    return vectors.filter { suites.contains($0.suite) }
}

/// Runs `vectors` on the one implementation `impl`: every vector passes, except those it answers
/// `unsupported` for a reason `allowedUnsupported` accepts (a documented limit of its library); each
/// suite has vectors. Returns the number of passes.
@discardableResult
func expectAllPass(_ impl: any Implementation, _ vectors: [Vector], suites: Set<String>,
                   allowedUnsupported: (String) -> Bool) -> Int {
    #expect(Set(vectors.map(\.suite)) == suites, "suites without vectors: \(suites.subtracting(vectors.map(\.suite)))")
    let run = Runner(implementations: [impl]).run(vectors)
    var passed = 0
    for r in run.results {
        let i = r.implementations[0]
        switch (i.status, i.outcome) {
        case (.pass, _):
            passed += 1
        case (.unsupported, .unsupported(let why)) where allowedUnsupported(why):
            break
        default:
            Issue.record("\(r.vector.name) on \(impl.name): \(i.status) \(i.outcome) \(i.mismatches.map { "\($0.field): expected \($0.expected), got \($0.actual)" })")
        }
    }
    return passed
}

/// A request line protocol check: the adapter started with `command`, fed `lines`, answers `expected`
/// (each a substring of the corresponding answer line, after the handshake line).
func protocolAnswers(_ command: [String], lines: [String], environment: [String: String]? = nil) throws -> (status: Int32, answers: [String], stderr: String) {
    let dir = temporaryFolder()
    defer { try? FileManager.default.removeItem(atPath: dir) }
    write(lines.joined(separator: "\n"), to: dir + "/in")
    let quoted = command.map { "'" + $0.replacingOccurrences(of: "'", with: "'\\''") + "'" }.joined(separator: " ")
    let out = try runProcess("/bin/sh", ["-c", "\(quoted) < '\(dir)/in'"], environment: environment, timeout: 60)
    let answers = out.stdout.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    return (out.status, answers, out.stderr)
}

/// The protocol requests both web adapters must answer alike (docs/adapters.md §2–§3), and a
/// substring of the answer each must give.
let protocolCases: [(line: String, answer: String)] = [
    ("not json", #"{"id":null,"fault":"request line is not valid JSON"#),
    ("[1]", #"{"id":null,"fault":"a request must be a JSON object"#),
    (#"{"id":1.5,"suite":"aes-gcm","input":{}}"#, #"{"id":null,"fault":"request line is not valid JSON: only integers"#),
    (#"{"suite":"aes-gcm","input":{}}"#, #"{"id":null,"fault":"request has no id"#),
    (#"{"id":1,"id":2,"suite":"aes-gcm","input":{}}"#, #"{"id":null,"fault":"request line is not valid JSON: duplicate member name"#),
    (#"{"id":3,"suite":"x\ud800","input":{}}"#, #"{"id":null,"fault":"request line is not valid JSON: escaped high surrogate"#),
    (#"{"id":9223372036854775807,"suite":"no-such-suite","input":{}}"#, #"{"id":9223372036854775807,"unsupported":"unknown suite \"no-such-suite\""#),
    (#"{"id":4,"suite":"aes-gcm","input":{},"extra":1}"#, #"{"id":4,"fault":"unknown request member \"extra\""#),
    (#"{"id":5,"suite":"aes-gcm","op":"nope","input":{}}"#, #"{"id":5,"unsupported":"suite aes-gcm has no op \"nope\""#),
    (#"{"id":6,"suite":"hkdf-sha256","op":"x","input":{}}"#, #"{"id":6,"unsupported":"suite hkdf-sha256 has no ops"#),
    (#"{"id":7,"suite":"hkdf-sha256","input":{"ikm":{"hex":"00"}}}"#, #"{"id":7,"fault":"bad request: input.salt is missing"#),
    (#"{"id":8,"suite":"hkdf-sha256","input":{"ikm":{"hex":"aa"},"salt":{"hex":""},"info":{"hex":""},"size":3,"zz":1}}"#,
     #"{"id":8,"unsupported":"input field \"zz\" is not understood"#),
    // Hex as docs/vector-format.md's "Encodings" says: either case, nothing but digits (Buffer.from
    // alone would stop at the "g" and take one byte).
    (#"{"id":9,"suite":"hkdf-sha256","input":{"ikm":{"hex":"aa0g"},"salt":{"hex":""},"info":{"hex":""},"size":3}}"#,
     #"{"id":9,"fault":"bad request: input.ikm.hex: 'g' at position 3 is not a hex digit"#),
    (#"{"id":13,"suite":"hkdf-sha256","input":{"ikm":{"hex":"0B0B0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b0B"},"salt":{"hex":"000102030405060708090A0B0C"},"info":{"hex":"F0F1F2F3F4F5F6F7F8F9"},"size":42}}"#,
     #"{"id":13,"outputs":{"okm":{"hex":"3cb25f25faacd57a90434f64d0362f2a2d2d0a90cf1a5a4c5db02d56ecc4c5bf34007208d5b887185865"}}}"#),
    (#"{"id":10,"suite":"hkdf-sha256","input":{"ikm":{"hex":"aa"},"salt":{"hex":""},"info":{"hex":""},"size":"3"}}"#,
     #"{"id":10,"fault":"bad request: input.size: expected an integer"#),
    (#"{"id":11,"suite":"hkdf-sha256","input":{"ikm":{"hex":"aa"},"salt":{"hex":""},"info":{"hex":""},"size":0}}"#,
     #"{"id":11,"error":"parameters""#),
    // RFC 5869 A.1, as the last line without a line break (it still counts as a request)
    (#"{"id":12,"suite":"hkdf-sha256","input":{"ikm":{"hex":"0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b"},"salt":{"hex":"000102030405060708090a0b0c"},"info":{"hex":"f0f1f2f3f4f5f6f7f8f9"},"size":42}}"#,
     #"{"id":12,"outputs":{"okm":{"hex":"3cb25f25faacd57a90434f64d0362f2a2d2d0a90cf1a5a4c5db02d56ecc4c5bf34007208d5b887185865"}}}"#),
]

/// Checks the handshake (object form, the Swift suite definitions' fields) and `protocolCases`.
func checkProtocol(_ command: [String], name: String, environment: [String: String]? = nil) throws {
    let (status, answers, stderr) = try protocolAnswers(command, lines: protocolCases.map(\.line), environment: environment)
    #expect(status == 0, "\(stderr)")
    try #require(answers.count == protocolCases.count + 2, "\(answers) \(stderr)") // handshake, answers, final ""
    let hello = try JSON.parse(answers[0])
    #expect(hello["concord-adapter"]?.intValue == 1)
    #expect(hello["name"]?.stringValue == name)
    let suites = try #require(hello["suites"]?.arrayValue)
    let hkdf = try #require(suites.first { $0["suite"]?.stringValue == "hkdf-sha256" })
    #expect(hkdf["ops"]?.arrayValue?.first?["inputs"]?.arrayValue?.compactMap(\.stringValue) == ["ikm", "salt", "info", "size"])
    #expect(hkdf["ops"]?.arrayValue?.first?["outputs"]?.arrayValue?.compactMap(\.stringValue) == ["okm"])
    // Node answers in order; the browser may not: match each answer to its case by content.
    var remaining = Array(answers[1...protocolCases.count])
    for c in protocolCases {
        if let i = remaining.firstIndex(where: { $0.hasPrefix(c.answer) }) {
            remaining.remove(at: i)
        } else {
            Issue.record("\(name): no answer starts with \(c.answer); answers: \(remaining)")
        }
    }
    #expect(answers.last == "")
}

/// The suites issue 15 asks of each web adapter; the definitions must name the adapter for each.
let nodeSuites: Set<String> = ["aes-gcm", "hkdf-sha256", "ecdh-p256", "closer.canonical-json", "closer.commitment",
                               "closer.tink-public-key", "closer.keybox", "sinew.field-cipher",
                               "justsend.share-link", "justsend.chunk"]
let webcryptoSuites: Set<String> = ["aes-gcm", "hkdf-sha256", "ecdh-p256", "sinew.field-cipher", "justsend.share-link",
                                    "justsend.chunk"]

var nodeAvailable: Bool { Catalog.nodeBinary(ProcessInfo.processInfo.environment) != nil }

@Suite(.serialized) struct NodeAdapterTests {
    let settings = Catalog.Settings(home: repositoryRoot, requestTimeout: 60)

    @Test func everyVectorOfItsSuitesPasses() throws {
        let node = try #require(Catalog.make("node", settings: settings))
        defer { node.shutdown() }
        node.prepare()
        try #require(node.startFailure == nil, "\(node.startFailure ?? "")")
        #expect(Suites.expected(of: "node") == nodeSuites)
        #expect(node.suites == nodeSuites, "the handshake announces \(node.suites)")
        let vs = vectors(of: nodeSuites)
        let passed = expectAllPass(node, vs, suites: nodeSuites) { why in
            // OpenSSL 3's GCM takes IVs of at most 128 bytes (Wycheproof has 257-byte ones).
            why.contains("takes nonces of 1..128 bytes")
                // ecdh-p256's DER, PEM and JWK key forms (issue 14): this adapter reads raw keys only.
                || why.contains("reads raw keys only")
        }
        let keyForms = vs.filter { $0.suite == "ecdh-p256" && ($0.input["private"] == nil || $0.input["public"] == nil) }.count
        #expect(passed >= vs.count - 3 - keyForms, "\(passed) of \(vs.count)")
        #expect((node as? ExternalAdapter)?.processStarts == 1, "one run starts the adapter once")
    }

    @Test func protocolAnswers() throws {
        let node = try #require(Catalog.nodeBinary(ProcessInfo.processInfo.environment))
        try checkProtocol([node, repositoryRoot + "/adapters/node/main.js"], name: "node")
    }

    @Test func badThreadSettingExitsTwoBeforeTheHandshake() throws {
        let node = try #require(Catalog.nodeBinary(ProcessInfo.processInfo.environment))
        var env = ProcessInfo.processInfo.environment
        env["CONCORD_ADAPTER_THREADS"] = "0"
        let out = try runProcess(node, [repositoryRoot + "/adapters/node/main.js"], environment: env, timeout: 30)
        #expect(out.status == 2)
        #expect(out.stdout.isEmpty)
        #expect(out.stderr.contains("CONCORD_ADAPTER_THREADS must be an integer 1..9999"))
    }

    @Test func startsAnswersAndStops() throws {
        let node = try #require(Catalog.make("node", settings: settings) as? ExternalAdapter)
        node.prepare()
        #expect(node.startFailure == nil)
        #expect(node.version.contains("Node.js") && node.version.contains("OpenSSL"), "\(node.version)")
        let rfc5869 = Request(suite: "hkdf-sha256", input: [
            "ikm": .bytes([UInt8](repeating: 0x0b, count: 22)), "salt": .bytes(Array(0...12)),
            "info": .bytes(Array(0xf0...0xf9)), "size": .integer(42)])
        #expect(node.run(rfc5869) == .outputs(["okm": .bytes(try Hex.decode(
            "3cb25f25faacd57a90434f64d0362f2a2d2d0a90cf1a5a4c5db02d56ecc4c5bf34007208d5b887185865"))]))
        let refused = node.run(Request(suite: "ecdh-p256", input: ["private": .bytes([0]), "public": .bytes([4])]))
        guard case .refused(let e) = refused else { Issue.record("not refused: \(refused)"); return }
        #expect(e.errorClass == .key)
        let pid = try #require(node.processIdentifier)
        node.shutdown()
        #expect(!isAlive(pid))
    }

    @Test func deathMidRunBecomesErrorsNotAHang() throws {
        let node = try #require(Catalog.make("node", settings: settings) as? ExternalAdapter)
        defer { node.shutdown() }
        node.prepare()
        let pid = try #require(node.processIdentifier)
        kill(pid, SIGKILL)
        usleep(200_000)
        let o = node.run(Request(suite: "hkdf-sha256", input: ["ikm": .bytes([1]), "salt": .bytes([]), "info": .bytes([]), "size": .integer(4)]))
        guard case .error(let why) = o else { Issue.record("a request after the kill got \(o)"); return }
        #expect(why.contains("node"), "\(why)")
    }

    /// No node binary: the implementation is unavailable (an error naming what to install), never a failure.
    @Test func missingNodeIsUnavailable() throws {
        var env = ProcessInfo.processInfo.environment
        env["CONCORD_NODE"] = "/nonexistent/node"
        let node = try #require(Catalog.make("node", settings: Catalog.Settings(home: repositoryRoot, environment: env)))
        #expect(node.startFailure?.contains("apt-get install nodejs") == true, "\(node.startFailure ?? "nil")")
        let v = try #require(vectors(of: ["hkdf-sha256"]).first)
        let run = Runner(implementations: [node]).run([v])
        #expect(run.summary.failed == 0)
        #expect(run.results[0].implementations[0].status == .error)
    }

    /// The keybox round-trip matrix: swift, jvm, tink and node each open every other's keyboxes
    /// (node-sealed keyboxes on real Tink: Closer's release path).
    @Test func keyboxRoundTripMatrixIsAllPass() throws {
        let vs = vectors(of: ["closer.keybox"]).filter { $0.op == "roundtrip" }
        #expect(!vs.isEmpty)
        let names = ["swift", "jvm", "tink", "node"]
        let impls = names.compactMap { Catalog.make($0, settings: settings) }
        defer { impls.forEach { $0.shutdown() } }
        for r in Runner(implementations: impls).run(vs).results {
            let m = try #require(r.matrix)
            #expect(m.implementations == names)
            #expect(m.cells.count == 4 && m.cells.allSatisfy { $0.count == 4 })
            #expect(m.cells.flatMap { $0 }.allSatisfy { $0.status == .pass }, "\(r.vector.name): \(m.cells.map { $0.map(\.status) })")
            #expect(r.status == .pass)
        }
    }
}
