import ConcordFormats
import ConcordImplementations
import ConcordJudging
import ConcordLoading
import ConcordSuites
import Testing
import ConcordTestSupport

/// Issue 21, "done when", points 1 to 3 (and 4 to 6 besides): the traps the Closer vectors hold catch a deliberately broken
/// `swift` implementation. Each test runs the vector files twice, once on the real handler and once on a
/// variant with one mistake, and asserts the real one passes the trap vectors while the broken one fails
/// exactly there (so the vectors, not the test, are what notices).
@Suite struct BrokenImplementationTests {
    static let loaded = VectorLoader().load(.paths([repositoryRoot + "/vectors/closer/sealed-answer",
                                                             repositoryRoot + "/vectors/closer/field",
                                                             repositoryRoot + "/vectors/closer/keybox",
                                                             repositoryRoot + "/vectors/closer/couple-key-wrap"]))

    /// The names of the vectors of `suite` whose result on `handler` is not a pass.
    static func failing(_ handler: SuiteHandler, suite: String, flag: String? = nil) -> Set<String> {
        failing(InProcessImplementation(name: "swift", version: "test", handlers: [handler]), suite: suite, flag: flag)
    }

    static func failing(_ impl: any Implementation, suite: String, flag: String? = nil) -> Set<String> {
        #expect(loaded.errors.isEmpty, "\(loaded.errors)")
        let vectors = loaded.vectors.filter { $0.suite == suite && $0.op != "roundtrip" && (flag.map($0.flags.contains) ?? true) }
        #expect(!vectors.isEmpty)
        return Set(Runner(implementations: [impl]).run(vectors).results.filter { $0.status != .pass }.map(\.vector.name))
    }

    /// The real `swift` implementation, as the catalog makes it.
    static let swift = Catalog.make("swift", settings: Catalog.Settings(home: repositoryRoot))!

    struct Failed: Error { var why: String }

    /// The real implementation's answer to `r`, as a handler gives it.
    static func real(_ r: Request) throws -> [String: Value] {
        switch swift.run(r) {
        case .outputs(let o): return o
        case .refused(let e): throw e
        case .unsupported(let why): throw Unsupported(why)
        case .error(let why): throw Failed(why: why)
        }
    }

    // MARK: point 1, Tink output prefixes

    /// A sealed-answer `open` that looks for a Tink prefix before trying the blob as it is: a valid
    /// blob whose nonce starts with 0x01 or 0x00 by chance loses 5 bytes and fails.
    static let prefixFirst = SuiteHandler(Suites.closerSealedAnswer) { r in
        guard r.op == "open" else { return try real(r) }
        var payload = try r.text("encryptedPayload")
        if let blob = try? Wire.decode(payload, prefix: Wire.sealed, .url), blob.count > 33, blob[0] <= 1 {
            payload = Wire.sealed + Base64.encode(Array(blob.dropFirst(5)), .url)
        }
        var input = r.input
        input["encryptedPayload"] = .text(payload)
        return try real(Request(suite: r.suite, op: r.op, input: input))
    }

    /// A sealed-answer `open` that quietly drops a Tink prefix when the blob then opens (the contract is
    /// RAW: a prefixed blob must be refused).
    static let prefixTolerant = SuiteHandler(Suites.closerSealedAnswer) { r in
        do { return try real(r) } catch let e as ContractError where e.errorClass == .format {
            guard r.op == "open", let blob = try? Wire.decode(try r.text("encryptedPayload"), prefix: Wire.sealed, .url),
                  blob.count > 33, blob[0] <= 1 else { throw e }
            var input = r.input
            input["encryptedPayload"] = .text(Wire.sealed + Base64.encode(Array(blob.dropFirst(5)), .url))
            return try real(Request(suite: r.suite, op: r.op, input: input))
        }
    }

    @Test func theFirstByteVectorsCatchAPrefixCheckedFirst() {
        let suite = "closer.sealed-answer"
        #expect(Self.failing(Self.swift, suite: suite).isEmpty)
        let broken = Self.failing(Self.prefixFirst, suite: suite)
        #expect(broken.contains("\(suite)/open-first-byte-01"))
        #expect(broken.contains("\(suite)/open-first-byte-00"))
    }

    @Test func thePrefixVectorsCatchATolerantReader() {
        let suite = "closer.sealed-answer"
        let broken = Self.failing(Self.prefixTolerant, suite: suite)
        // open-tink-prefixed (legacy-forms.yaml, issue 20) is another Tink-prefixed payload: caught too.
        #expect(broken == ["\(suite)/open-tink-prefix", "\(suite)/open-legacy-prefix", "\(suite)/open-tink-prefixed"])
    }

    // MARK: point 2, `|` inside ids

    /// Every vector flagged `pipe-in-id` gets a warning from its suite's definition; a definition
    /// without the warning (the broken variant) leaves every one of them unflagged.
    @Test(arguments: ["closer.sealed-answer", "closer.keybox"])
    func thePipeVectorsCatchAMissingWarning(suite: String) throws {
        let definition = try #require(Suites.all[suite])
        var silent = definition
        silent.warnings = { _ in [] }
        let piped = Self.loaded.vectors.filter { $0.suite == suite && $0.flags.contains("pipe-in-id") }
        #expect(piped.count >= 2, "\(suite) has no pipe-in-id vectors to catch it")
        #expect(piped.allSatisfy { !definition.warnings($0.input).isEmpty })
        #expect(piped.allSatisfy { silent.warnings($0.input).isEmpty })
        let others = Self.loaded.vectors.filter { $0.suite == suite && !$0.flags.contains("pipe-in-id") }
        #expect(others.allSatisfy { definition.warnings($0.input).isEmpty }, "a warning without a | in an id")
        // and the run reports it on the vector
        let results = Runner(implementations: [Self.swift]).run(piped).results
        #expect(results.allSatisfy { $0.status == .pass && !$0.warnings.isEmpty })
    }

    // MARK: point 3, keyset options

    /// A keybox `open` that ignores the key's hkdf_salt (Closer's template leaves it empty).
    static let saltIgnored = SuiteHandler(Suites.closerKeybox) { r in
        // (Vectors that give the four ids instead of contextInfo go to the real reader: this variant is about the salt.)
        guard r.op == "open", r.input["contextInfo"] != nil else { return try real(r) }
        var (keys, primary) = try TinkEciesKeyset.parsePrivateKeys(try r.text("recipientPrivateKeyset"))
        for i in keys.indices { keys[i].publicKey.hkdfSalt = [] }
        let ct = try Wire.decode(try r.text("keybox"), prefix: Wire.keybox, .url)
        let pt = try Ecies.open(with: keys, primary: primary, contextInfo: Array(try r.text("contextInfo").utf8), ciphertext: ct)
        let d = Ecies.describe(pt)
        var out: [String: Value] = ["plaintext": .bytes(pt), "form": .text(d.form)]
        if let k = d.key { out["key"] = .bytes(k) }
        return out
    }

    /// A keybox reader that takes the key id as a signed 32-bit integer and refuses negative ones.
    static let signedKeyIds = SuiteHandler(Suites.closerKeybox) { r in
        for field in ["recipientPrivateKeyset", "recipientPublicKey"] {
            guard case .text(var text)? = r.input[field] else { continue }
            if field == "recipientPublicKey" {
                text = String(decoding: (try? Base64.decode(String(text.dropFirst("pub:v1:".count)), .url)) ?? [], as: UTF8.self)
            }
            let keyset = try TinkKeyset.parse(text)
            guard Int32(exactly: keyset.primaryKeyId) != nil else {
                throw ContractError(.format, "keyId \(keyset.primaryKeyId) does not fit an Int32")
            }
        }
        return try real(r)
    }

    @Test func theSaltVectorsCatchAnIgnoredSalt() {
        let suite = "closer.keybox"
        #expect(Self.failing(Self.swift, suite: suite).isEmpty)
        #expect(Self.failing(Self.saltIgnored, suite: suite) == ["\(suite)/open-hkdf-salt"])
    }

    @Test func theKeyIdVectorsCatchSignedIds() {
        let suite = "closer.keybox"
        let broken = Self.failing(Self.signedKeyIds, suite: suite)
        #expect(broken.contains("\(suite)/seal-key-id-max"))
        #expect(broken.contains("\(suite)/open-key-id-max"))
    }

    // MARK: beyond the brief: points 4 to 6

    /// Point 4: an unwrap that ignores the stored kdfParams and always derives with production's.
    static let storedParamsIgnored = SuiteHandler(Suites.closerCoupleKeyWrap) { r in
        var input = r.input
        input["kdfParams"] = nil
        return try real(Request(suite: r.suite, op: r.op, input: input))
    }

    @Test func theStoredParamsVectorsCatchIgnoredParams() {
        let suite = "closer.couple-key-wrap"
        #expect(Self.failing(Self.swift, suite: suite, flag: "stored-params").isEmpty)
        #expect(Self.failing(Self.storedParamsIgnored, suite: suite, flag: "stored-params")
                == ["\(suite)/unwrap-stored-params-small", "\(suite)/unwrap-stored-params-mismatch",
                    "\(suite)/unwrap-stored-params-leading-zero", "\(suite)/unwrap-stored-params-v16"])
    }

    /// Point 5: a field decrypt whose base64 decoder skips whitespace, as many lenient decoders do.
    static let whitespaceSkipped = SuiteHandler(Suites.closerField) { r in
        var input = r.input
        if case .text(let wire)? = r.input["wire"] { input["wire"] = .text(String(String.UnicodeScalarView(wire.unicodeScalars.filter { !["\u{20}", "\r", "\n"].contains($0) }))) }
        return try real(Request(suite: r.suite, op: r.op, input: input))
    }

    @Test func theWhitespaceVectorsCatchALenientDecoder() {
        let suite = "closer.field"
        #expect(Self.failing(Self.swift, suite: suite).isEmpty)
        let broken = Self.failing(Self.whitespaceSkipped, suite: suite)
        for id in ["decrypt-line-breaks", "decrypt-trailing-newline", "decrypt-embedded-space", "decrypt-crlf"] {
            #expect(broken.contains("\(suite)/\(id)"))
        }
    }

    /// Point 6: a sealed-answer open that compares the commitment text after decrypting without reading
    /// its shape: a malformed commitment becomes a mismatch (authentication) instead of `format`.
    static let commitmentShapeUnread = SuiteHandler(Suites.closerSealedAnswer) { r in
        guard r.op == "open", let c = r.input["commitmentHash"]?.text,
              (try? Wire.decode(c, prefix: Wire.commitment, .url))?.count != 32 else { return try real(r) }
        throw ContractError(.authentication, "the commitment does not match")
    }

    @Test func theMalformedCommitmentVectorsCatchAnUnreadShape() {
        let suite = "closer.sealed-answer"
        let broken = Self.failing(Self.commitmentShapeUnread, suite: suite)
        #expect(broken == Set(["wrong-prefix", "no-prefix", "padded", "standard-alphabet", "short", "long", "hex"]
            .map { "\(suite)/open-commitment-\($0)" }))
    }
}
