import ConcordFormats
import ConcordImplementations
import ConcordLoading
import ConcordWorkflows
import Foundation
import Testing
import ConcordTestSupport
import ConcordSuites

/// Issue 26 item 3: a live fill needs a witness Concord did not write (docs/fill.md, "Whose values
/// count"); every implementation says, per suite, whether it is Concord's own port or a library's
/// own code (FillInputTests holds the fixture-map and input cases).
@Suite struct FillWitnessTests {
    func concord(_ args: [String], timeout: Double = 300) throws -> ProcessOutput {
        var env = ProcessInfo.processInfo.environment
        env["CONCORD_HOME"] = repositoryRoot
        return try runProcess(concordBinary, args, environment: env, timeout: timeout)
    }

    // MARK: Provenance

    /// A suite registered without a declaration (in Catalog.make, or in an adapter's handshake) fails here.
    @Test func everyImplementationDeclaresWhoWroteEachSuite() throws {
        let settings = Catalog.Settings(home: repositoryRoot)
        var checked = 0
        for name in Catalog.names {
            let impl = try #require(Catalog.make(name, settings: settings))
            impl.prepare()
            defer { impl.shutdown() }
            if name == "webcrypto", impl.startFailure != nil { continue }   // needs Chromium (scripts/setup --browser)
            #expect(impl.startFailure == nil, "\(name): \(impl.startFailure ?? "")")
            #expect(!impl.suites.isEmpty, "\(name) runs nothing")
            for suite in impl.suites.sorted() {
                #expect(impl.provenance(suite: suite) != nil, "\(name) does not declare who wrote its \(suite)")
                checked += 1
            }
        }
        #expect(checked > 100)
    }

    /// The decisions of docs/fill.md's table that fill's rule turns on.
    @Test func theProvenanceTableIsTruthfulWhereItMatters() throws {
        let settings = Catalog.Settings(home: repositoryRoot)
        func provenance(_ name: String, _ suite: String) throws -> Provenance? {
            let impl = try #require(Catalog.make(name, settings: settings))
            impl.prepare()
            defer { impl.shutdown() }
            return impl.provenance(suite: suite)
        }
        // The canonical JSON of the Closer contract: three ports of Concord's, no library.
        #expect(try provenance("swift", "closer.canonical-json") == .ownPort)
        #expect(try provenance("jvm", "closer.canonical-json") == .ownPort)
        #expect(try provenance("node", "closer.canonical-json") == .ownPort)
        // Node's aes-gcm calls node:crypto directly; its keybox is Concord's ECIES composition.
        guard case .library(let nodeGcm)? = try provenance("node", "aes-gcm") else { Issue.record("node aes-gcm"); return }
        #expect(nodeGcm.contains("createCipheriv"))
        #expect(try provenance("node", "closer.keybox") == .ownPort)
        // Tink's keybox is Tink's HybridDecrypt.
        guard case .library(let tinkKeybox)? = try provenance("tink", "closer.keybox") else { Issue.record("tink keybox"); return }
        #expect(tinkKeybox.contains("HybridDecrypt"))
        guard case .library(let bc)? = try provenance("jvm", "argon2id") else { Issue.record("jvm argon2id"); return }
        #expect(bc.contains("Argon2BytesGenerator"))
        guard case .library(let sodium)? = try provenance("libsodium", "argon2id") else { Issue.record("libsodium argon2id"); return }
        #expect(sodium.contains("crypto_pwhash"))
        // RFC 6979 signing and HKDF are written in Concord on OpenSSL's pieces.
        #expect(try provenance("openssl", "ecdsa-p256") == .ownPort)
        #expect(try provenance("openssl", "hkdf-sha256") == .ownPort)
    }

    static let kdfOp = #"{"suite":"closer.kdf-params","ops":[{"op":null,"inputs":["tag"],"outputs":["memoryKiB","iterations","parallelism","version"]}]"#

    func adapter(_ name: String, _ entry: String) -> ExternalAdapter {
        let hello = #"{"concord-adapter":1,"name":"\#(name)","version":"1","suites":[\#(entry)]}"#
        return ExternalAdapter(name: name, command: ["/bin/sh", "-c", "printf '%s\\n' '\(hello)'; cat >/dev/null"],
                               origin: Catalog.names.contains(name) ? .concord : .user)
    }

    /// The handshake's `provenance` member; a user's adapter is the app's own code whatever it says.
    @Test func adaptersAnnounceItInTheirHandshake() throws {
        let port = adapter("jvm", Self.kdfOp + #","provenance":"port"}"#)
        port.prepare()
        defer { port.shutdown() }
        #expect(port.provenance(suite: "closer.kdf-params") == .ownPort)
        let lib = adapter("node", Self.kdfOp + #","provenance":{"library":"x 1"}}"#)
        lib.prepare()
        defer { lib.shutdown() }
        #expect(lib.provenance(suite: "closer.kdf-params") == .library("x 1"))
        let silent = adapter("tink", Self.kdfOp + "}")
        silent.prepare()
        defer { silent.shutdown() }
        #expect(silent.startFailure == nil && silent.provenance(suite: "closer.kdf-params") == nil)
        let user = adapter("myapp", Self.kdfOp + #","provenance":"port"}"#)
        user.prepare()
        defer { user.shutdown() }
        #expect(user.provenance(suite: "closer.kdf-params") == .app)
        #expect(user.provenance(suite: "argon2id") == nil)
        // Anything else is refused as the rest of a bad handshake is.
        #expect(throws: Handshake.Refusal.self) { try Handshake.parse(#"{"concord-adapter":1,"name":"a","version":"1","suites":["# + Self.kdfOp + #","provenance":"mine"}]}"#) }
        #expect(throws: Handshake.Refusal.self) { try Handshake.parse(#"{"concord-adapter":1,"name":"a","version":"1","suites":["# + Self.kdfOp + #","provenance":{"library":""}}]}"#) }
    }

    /// `concord list` shows each implementation's declarations, and per suite the witnesses fill can have.
    @Test func listShowsWhoWroteEachSuite() throws {
        let hello = #"{"concord-adapter":1,"name":"myapp","version":"1","suites":["# + Self.kdfOp + "}]}"
        let l = try concord(["list", "--adapter", "myapp=printf '%s\\n' '\(hello)'; cat >/dev/null"])
        #expect(l.status == 0, "\(l.stderr)")
        #expect(l.stdout.contains("library: closer.keybox: Tink HybridDecrypt / HybridEncrypt"), "\(l.stdout)")
        #expect(l.stdout.contains("library: aes-gcm: Node crypto.createCipheriv"))
        #expect(l.stdout.contains("the app's own code: closer.kdf-params"))
        let section = l.stdout.components(separatedBy: "    closer.canonical-json\n").dropFirst().first ?? ""
        #expect(section.split(separator: "\n").prefix(3).contains("      witnesses for fill (not Concord's own port): none, so fill needs --from or the app's --adapter"), "\(section.prefix(400))")
        let kdf = l.stdout.components(separatedBy: "    closer.kdf-params\n").dropFirst().first ?? ""
        #expect(kdf.split(separator: "\n").prefix(3).contains("      witnesses for fill (not Concord's own port): myapp"), "\(kdf.prefix(400))")
    }

    func concord(_ args: [String]) throws -> ProcessOutput {
        var env = ProcessInfo.processInfo.environment
        env["CONCORD_HOME"] = repositoryRoot
        return try runProcess(concordBinary, args, environment: env, timeout: 300)
    }

    // MARK: The rule

    static let json = Fill.Placeholder(vector: "closer.canonical-json/x", field: "json", type: .text, line: 1, column: 1)

    /// `(swift, jvm, node)` agreeing on a canonical JSON were three ports of Concord's, and it was written.
    @Test func onlyConcordsPortsAgreeingLeaveThePlaceholder() {
        let text = Outcome.outputs(["json": .text("{}")])
        let answers: [(implementation: String, outcome: Outcome)] = [("swift", text), ("jvm", text), ("node", text)]
        let d = Fill.agree(Self.json, answers: answers, require: [], provenance: ["swift": .ownPort, "jvm": .ownPort, "node": .ownPort])
        guard case .refuse(let why) = d else { Issue.record("three ports of Concord's filled it: \(d)"); return }
        #expect(why.hasPrefix("only Concord's own ports computed it (swift, jvm, node)"), "\(why)")
        #expect(why.contains("--from CAPTURED") && why.contains("--adapter NAME=COMMAND"))
        #expect(why.contains("    node (Concord's own port) computed \"{}\""))
        // An implementation that declares nothing counts as Concord's own.
        #expect(Fill.agree(Self.json, answers: answers, require: [], provenance: [:]) != .fill(.text("{}"), source: "swift, jvm, node"))
        // One witness not written by Concord (a library, or the app's own code) is enough, and named.
        let lib = Fill.agree(Self.json, answers: answers, require: [], provenance: ["swift": .ownPort, "jvm": .ownPort, "node": .library("n")])
        #expect(lib == .fill(.text("{}"), source: "swift, jvm, node; witnesses not written by Concord: node (library: n)"))
        let app = Fill.agree(Self.json, answers: answers + [("myapp", text)], require: [], provenance: ["myapp": .app])
        #expect(app == .fill(.text("{}"), source: "swift, jvm, node, myapp; witnesses not written by Concord: myapp (the app's own code)"))
    }

    // MARK: A built-in slot pointed at another program

    /// HKDF-SHA256 with a placeholder: openssl runs Concord's own port of it, node calls Node's
    /// hkdfSync (a library's own code).
    static let hkdfVectors = """
    format: concord-vectors/1
    suite: hkdf-sha256
    title: witness
    source: test
    vectors:
      - id: rfc5869-1
        input: {ikm: {hex: 0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b}, salt: {hex: 000102030405060708090a0b0c}, info: {hex: f0f1f2f3f4f5f6f7f8f9}, size: 42}
        expect: {okm: TODO_ANDROID_RUN}

    """

    /// A program at CONCORD_NODE that announces `node`'s handshake and claims a library for HKDF
    /// (it computes HKDF right, with Python's hmac): what it claims is not Concord's to believe.
    static let impostor = #"""
    #!/usr/bin/env python3
    import sys, json, hmac, hashlib
    ops = [{"op": None, "inputs": ["ikm", "salt", "info", "size"], "outputs": ["okm"]}]
    print(json.dumps({"concord-adapter": 1, "name": "node", "version": "impostor",
                      "suites": [{"suite": "hkdf-sha256", "ops": ops, "provenance": {"library": "Node crypto.hkdfSync (claimed)"}}]}), flush=True)
    for line in sys.stdin:
        r = json.loads(line); i = r["input"]
        prk = hmac.new(bytes.fromhex(i["salt"]["hex"]), bytes.fromhex(i["ikm"]["hex"]), hashlib.sha256).digest()
        okm, t, n = b"", b"", 1
        while len(okm) < i["size"]:
            t = hmac.new(prk, t + bytes.fromhex(i["info"]["hex"]) + bytes([n]), hashlib.sha256).digest(); okm += t; n += 1
        print(json.dumps({"id": r["id"], "outputs": {"okm": {"hex": okm[:i["size"]].hex()}}}), flush=True)
    """#

    /// Issue 43: a program at CONCORD_NODE claiming a library witnessed a live fill (Concord's own
    /// HKDF port on openssl and the impostor agreeing wrote the value). Now its claim is shown and not
    /// counted, the placeholder stays, and `concord list` and each line name the program that answered.
    /// The node Concord starts (no variable) is still a witness, and its filled line names its program.
    @Test func aBuiltInSlotPointedAtAnotherProgramIsNoWitness() throws {
        let dir = temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        write(Self.impostor, to: dir + "/fake-node")
        #expect(chmod(dir + "/fake-node", 0o755) == 0)
        write(Self.hkdfVectors, to: dir + "/h.yaml")
        let original = Self.hkdfVectors
        func concord(_ args: [String], node: String?) throws -> ProcessOutput {
            var env = ProcessInfo.processInfo.environment
            env["CONCORD_HOME"] = repositoryRoot
            env.removeValue(forKey: "CONCORD_NODE")
            if let node { env["CONCORD_NODE"] = node }
            return try runProcess(concordBinary, args, environment: env, timeout: 300)
        }
        let fake = dir + "/fake-node"
        let refused = try concord(["fill", dir + "/h.yaml", "--implementations", "openssl,node"], node: fake)
        #expect(refused.status == 1, "\(refused.stdout)\(refused.stderr)")
        #expect(refused.stdout.contains("only Concord's own ports, and programs Concord did not start that claim a library, computed it (openssl, node)"), "\(refused.stdout)")
        #expect(refused.stdout.contains("node (claims library: Node crypto.hkdfSync (claimed), but CONCORD_NODE=\(fake) names the program that answered: not counted as a witness; answered by \(fake) \(repositoryRoot)/adapters/node/main.js) computed"),
                "\(refused.stdout)")
        #expect(try String(contentsOfFile: dir + "/h.yaml", encoding: .utf8) == original)

        let list = try concord(["list"], node: fake)
        #expect(list.stdout.contains("program: \(fake) \(repositoryRoot)/adapters/node/main.js"), "\(list.stdout)")
        #expect(list.stdout.contains("not the program Concord starts for node (CONCORD_NODE=\(fake)): the libraries it claims are not counted as witnesses"))
        #expect(list.stdout.contains("claims library, not counted: hkdf-sha256: Node crypto.hkdfSync (claimed)"))
        let hkdf = list.stdout.components(separatedBy: "    hkdf-sha256\n").dropFirst().first ?? ""
        let witnesses = hkdf.split(separator: "\n").prefix(3).first { $0.contains("witnesses for fill") } ?? ""
        #expect(!witnesses.contains("node") && witnesses.contains("jvm"), "\(witnesses)")

        // The node Concord starts: a witness, named with its program.
        let node = try #require(Catalog.nodeBinary(ProcessInfo.processInfo.environment.filter { $0.key != "CONCORD_NODE" }))
        let filled = try concord(["fill", dir + "/h.yaml", "--implementations", "openssl,node"], node: nil)
        #expect(filled.status == 0, "\(filled.stdout)\(filled.stderr)")
        #expect(filled.stdout.contains("witnesses not written by Concord: node (library: Node crypto.hkdfSync (OpenSSL"), "\(filled.stdout)")
        #expect(filled.stdout.contains("; answered by \(node) \(repositoryRoot)/adapters/node/main.js)"), "\(filled.stdout)")
        // RFC 5869 A.1's OKM, as the RFC prints it.
        #expect(try String(contentsOfFile: dir + "/h.yaml", encoding: .utf8).contains("3cb25f25faacd57a90434f64d0362f2a2d2d0a90cf1a5a4c5db02d56ecc4c5bf34007208d5b887185865"))
    }
}
