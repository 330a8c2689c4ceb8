import ConcordFormats
import ConcordImplementations
import ConcordJudging
import ConcordLoading
import ConcordPrimitives
import ConcordSuites
import Testing
import ConcordTestSupport
import ConcordPacks
import ConcordJustSend
import ConcordCloser

/// Issue 21, "done when", points 1 to 3 (and 4 to 6 besides): the traps the Closer vectors hold catch a deliberately broken
/// `swift` implementation. Each test runs the vector files twice, once on the real handler and once on a
/// variant with one mistake, and asserts the real one passes the trap vectors while the broken one fails
/// exactly there (so the vectors, not the test, are what notices).
@Suite struct BrokenImplementationTests {
    static let loaded = VectorLoader().load(.paths([repositoryRoot + "/vectors/closer/sealed-answer",
                                                             repositoryRoot + "/vectors/closer/field",
                                                             repositoryRoot + "/vectors/closer/keybox",
                                                             repositoryRoot + "/vectors/closer/couple-key-wrap",
                                                             repositoryRoot + "/vectors/justsend/device-envelope",
                                                             repositoryRoot + "/vectors/sophaxchat/x3dh",
                                                             repositoryRoot + "/vectors/sophaxchat/sealed-sender"]))

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
        // open-tink-prefixed (legacy-forms.yaml, issue 20) is another Tink-prefixed payload, and
        // open-tink-template (tink-templates.yaml, issue 28) one real Tink wrote with Android's default keyset: caught too.
        #expect(broken == ["\(suite)/open-tink-prefix", "\(suite)/open-legacy-prefix", "\(suite)/open-tink-prefixed",
                           "\(suite)/open-tink-template"])
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

    // MARK: issue 28 item 9, leading zero bytes of fresh randomness

    /// A big-endian value passed through a big integer and back (Java's `BigInteger.toByteArray()` with
    /// its sign byte dropped, or any minimal-length encoding): its leading zero bytes are lost.
    static func minimal(_ b: [UInt8]) -> [UInt8] { Array(b.drop(while: { $0 == 0 })) }

    /// The half fix: a value that came back one byte short is padded to 32, a shorter one is not.
    static func padOne(_ b: [UInt8]) -> [UInt8] { let m = minimal(b); return m.count == 31 ? [0] + m : m }

    /// A keybox on P-256 (uncompressed point, one key) whose ECDH secret goes through `secret` and
    /// whose ephemeral point's coordinates go through `coordinate` before HKDF (and, when sealing,
    /// into the keybox). It refuses what the real implementation refuses (the real one runs first),
    /// and leaves other keys to it: the vectors, not the handler, decide what fails.
    static func bigIntegerKeybox(secret: @escaping @Sendable ([UInt8]) -> [UInt8],
                                 coordinate: @escaping @Sendable ([UInt8]) -> [UInt8]) -> SuiteHandler {
        SuiteHandler(Suites.closerKeybox) { r in
            let out = try real(r)
            guard case .text(let context)? = r.input["contextInfo"] else { return out }
            let info = Array(context.utf8)
            func dem(_ key: EciesPublicKey, _ e: [UInt8], _ z: [UInt8]) -> [UInt8] {
                HKDF.derive(.sha256, ikm: e + secret(z), salt: key.hkdfSalt, info: info, size: key.demKeySize)
            }
            func plain(_ key: EciesPublicKey) -> Bool {
                key.curve == "NIST_P256" && key.pointFormat == "UNCOMPRESSED" && key.hashFunction == "SHA256"
            }
            switch r.op {
            case "seal":
                let key = try TinkEciesKeyset.parsePublic(wire: try r.text("recipientPublicKey"))
                guard plain(key) else { return out }
                let d = try r.bytes("ephemeralPrivateKey"), iv = try r.bytes("iv")
                let p = try NistCurve.p256.publicKey(privateScalar: d)
                let z = try NistCurve.p256.sharedSecret(privateScalar: d, publicPoint: NistCurve.uncompressed(x: key.x, y: key.y))
                let e = [4] + coordinate(p.x) + coordinate(p.y)
                let (ct, tag) = try OpenSSLAESGCM.seal(key: dem(key, e, z), nonce: iv, aad: [], plaintext: try r.bytes("plaintext"))
                return ["keybox": .text(Wire.keybox + Base64.encode(key.prefix + e + iv + ct + tag, .url))]
            case "open":
                let (keys, _) = try TinkEciesKeyset.parsePrivateKeys(try r.text("recipientPrivateKeyset"))
                guard keys.count == 1, plain(keys[0].publicKey) else { return out }
                let key = keys[0]
                var rest = Array(try Wire.decode(try r.text("keybox"), prefix: Wire.keybox, .url).dropFirst(key.publicKey.prefix.count))
                let point = Array(rest.prefix(65))
                rest.removeFirst(65)
                let z = try NistCurve.p256.sharedSecret(privateScalar: key.scalar, publicPoint: point)
                let e = [4] + coordinate(Array(point[1..<33])) + coordinate(Array(point[33...]))
                let pt = try OpenSSLAESGCM.open(key: dem(key.publicKey, e, z), nonce: Array(rest.prefix(12)), aad: [],
                                                ciphertext: Array(rest.dropFirst(12).dropLast(16)), tag: Array(rest.suffix(16)))
                return out.merging(["plaintext": .bytes(pt)]) { $1 }
            default:
                return out
            }
        }
    }

    /// The seal and open of leading-zeros.yaml catch a secret that loses its leading zeros; nothing else
    /// in the keybox files does (no other P-256 keybox has such a secret).
    @Test func theLeadingZeroVectorsCatchABigIntegerSecret() {
        let suite = "closer.keybox"
        #expect(Self.failing(Self.swift, suite: suite).isEmpty)
        let broken = Self.failing(Self.bigIntegerKeybox(secret: Self.minimal, coordinate: { $0 }), suite: suite)
        #expect(broken == Set(["seal-secret-00", "open-secret-00", "seal-secret-0000", "open-secret-0000"].map { "\(suite)/\($0)" }))
    }

    /// And the run says why: `keybox-composition` reseals with the zeros dropped and names how many.
    @Test func aDroppedLeadingZeroIsExplained() throws {
        let impl = InProcessImplementation(name: "swift", version: "test", handlers: [Self.bigIntegerKeybox(secret: Self.minimal, coordinate: { $0 })])
        let vectors = Self.loaded.vectors.filter { ["closer.keybox/seal-secret-00", "closer.keybox/seal-secret-0000"].contains($0.name) }
        #expect(vectors.count == 2)
        for r in Runner(implementations: [impl]).run(vectors).results {
            let m = try #require(r.implementations.first?.mismatches.first, "\(r.vector.name) did not fail")
            let zeros = r.vector.name.hasSuffix("0000") ? "bytes (2)" : "byte (1)"
            #expect(m.explanation?.contains("actual dropped the shared secret's leading zero \(zeros) before HKDF") == true, "\(m.explanation ?? "")")
        }
    }

    /// The two-zero-byte secret catches the half fix that pads back one byte.
    @Test func theTwoZeroByteVectorsCatchAOneBytePad() {
        let suite = "closer.keybox"
        let broken = Self.failing(Self.bigIntegerKeybox(secret: Self.padOne, coordinate: { $0 }), suite: suite)
        #expect(broken == Set(["seal-secret-0000", "open-secret-0000"].map { "\(suite)/\($0)" }))
    }

    /// The ephemeral-coordinate vectors catch a point written (or re-encoded for HKDF) with minimal coordinates.
    /// (closer.yaml's non-ascii-context keybox has, by chance, an ephemeral y starting with 00 too.)
    @Test func theLeadingZeroVectorsCatchAMinimalCoordinate() {
        let suite = "closer.keybox"
        let broken = Self.failing(Self.bigIntegerKeybox(secret: { $0 }, coordinate: Self.minimal), suite: suite)
        #expect(broken == Set(["seal-ephemeral-x-00", "open-ephemeral-x-00", "seal-ephemeral-y-00", "open-ephemeral-y-00",
                               "seal-non-ascii-context", "open-non-ascii-context"].map { "\(suite)/\($0)" }))
    }

    /// A JustSend device envelope whose X25519 secret goes through `secret` before HKDF, and whose
    /// `theirPublic` goes through `publicKey` first (it refuses what the real implementation refuses).
    static func bigIntegerDeviceEnvelope(secret: @escaping @Sendable ([UInt8]) -> [UInt8],
                                         publicKey: @escaping @Sendable ([UInt8]) -> [UInt8] = { $0 }) -> SuiteHandler {
        SuiteHandler(Suites.justsendDeviceEnvelope) { r in
            let out = try real(r)
            let s = try X25519.sharedSecret(privateKey: try r.bytes("ourPrivate"), publicKey: publicKey(try r.bytes("theirPublic")),
                                            backend: .libsodium)
            let kek = HKDF.sha256(ikm: secret(s), salt: try r.bytes("salt"), info: try r.bytes("deviceKEKInfo"), size: 32)
            switch r.op {
            case "wrap": return ["kek": .bytes(kek), "wrappedARK": .text(try JustSend.wrap(key: try r.bytes("ark"), under: kek, nonce: try r.bytes("nonce")))]
            case "unwrap": return ["ark": .bytes(try JustSend.unwrap(try r.text("wrappedARK"), under: kek, what: "wrappedARK"))]
            default: return out
            }
        }
    }

    /// An X25519 value (little-endian) read as a number and written back minimal: its last zero bytes go.
    static func highZerosDropped(_ b: [UInt8]) -> [UInt8] { Array(minimal(b.reversed()).reversed()) }

    @Test func theDeviceEnvelopeZeroVectorsCatchAStrippedSecret() {
        let suite = "justsend.device-envelope"
        #expect(Self.failing(Self.swift, suite: suite).isEmpty)
        let wraps = { (ids: [String]) in Set(ids.flatMap { ["\(suite)/wrap-\($0)", "\(suite)/unwrap-\($0)"] }) }
        #expect(Self.failing(Self.bigIntegerDeviceEnvelope(secret: Self.minimal), suite: suite) == wraps(["secret-00", "secret-0000"]))
        #expect(Self.failing(Self.bigIntegerDeviceEnvelope(secret: Self.padOne), suite: suite) == wraps(["secret-0000"]))
        #expect(Self.failing(Self.bigIntegerDeviceEnvelope(secret: Self.highZerosDropped), suite: suite) == wraps(["secret-last-00"]))
    }

    /// A public key whose u went through a big integer (Java's `XECPublicKey.getU()`) comes back 31 bytes.
    @Test func theDeviceEnvelopeZeroVectorsCatchAShortPublicKey() {
        let suite = "justsend.device-envelope"
        let broken = Self.failing(Self.bigIntegerDeviceEnvelope(secret: { $0 }, publicKey: Self.highZerosDropped), suite: suite)
        #expect(broken == ["\(suite)/wrap-public-last-00", "\(suite)/unwrap-public-last-00"])
    }

    /// SophaxChat's X3DH with each DH value through `secret` before HKDF (the real one runs first).
    static func bigIntegerX3DH(secret: @escaping @Sendable ([UInt8]) -> [UInt8]) -> SuiteHandler {
        SuiteHandler(Suites.sophaxChatX3DH) { r in
            let out = try real(r)
            func dh(_ a: String, _ b: String) throws -> [UInt8] {
                secret(try X25519.sharedSecret(privateKey: try r.bytes(a), publicKey: try r.bytes(b), backend: .libsodium))
            }
            let pairs = r.op == "initiate"
                ? [("identityPrivateKey", "theirSignedPrekey"), ("ephemeralPrivateKey", "theirIdentityKey"),
                   ("ephemeralPrivateKey", "theirSignedPrekey"), ("ephemeralPrivateKey", "theirOneTimePrekey")]
                : [("signedPrekeyPrivateKey", "theirIdentityKey"), ("identityPrivateKey", "theirEphemeralKey"),
                   ("signedPrekeyPrivateKey", "theirEphemeralKey"), ("oneTimePrekeyPrivateKey", "theirEphemeralKey")]
            var ikm = [UInt8](repeating: 0, count: 32)
            for (a, b) in pairs where r.input[a] != nil && r.input[b] != nil { ikm += try dh(a, b) }
            let m = HKDF.sha256(ikm: ikm, salt: [UInt8](repeating: 0, count: 32), info: Array("SophaxChat_X3DH_v1".utf8), size: 64)
            return out.merging(["rootKey": .bytes(Array(m[0..<32])), "chainKey": .bytes(Array(m[32...]))]) { $1 }
        }
    }

    /// SophaxChat's sealed sender with the X25519 secret through `secret` before HKDF.
    static func bigIntegerSealedSender(secret: @escaping @Sendable ([UInt8]) -> [UInt8]) -> SuiteHandler {
        SuiteHandler(Suites.sophaxChatSealedSender) { r in
            let out = try real(r)
            func key(_ priv: [UInt8], _ pub: [UInt8]) throws -> [UInt8] {
                HKDF.sha256(ikm: secret(try X25519.sharedSecret(privateKey: priv, publicKey: pub, backend: .libsodium)), salt: [],
                            info: Array("SophaxChat_SealedSender_v1".utf8), size: 32)
            }
            switch r.op {
            case "seal":
                let eph = try r.bytes("ephemeralPrivateKey"), nonce = try r.bytes("nonce")
                let (ct, tag) = try ChaCha20Poly1305.seal(key: try key(eph, try r.bytes("recipientIdentityKey")), nonce: nonce, aad: [],
                                                          plaintext: try r.bytes("plaintext"), backend: .libsodium)
                return ["wire": .bytes(try X25519.publicKey(privateKey: eph, backend: .libsodium) + nonce + ct + tag)]
            case "open":
                let wire = try r.bytes("wire")
                let k = try key(try r.bytes("recipientIdentityPrivateKey"), Array(wire[0..<32]))
                return ["plaintext": .bytes(try ChaCha20Poly1305.open(key: k, nonce: Array(wire[32..<44]), aad: [], ciphertext: Array(wire[44..<(wire.count - 16)]),
                                                                      tag: Array(wire.suffix(16)), backend: .libsodium))]
            default:
                return out
            }
        }
    }

    @Test(arguments: ["sophaxchat.x3dh", "sophaxchat.sealed-sender"])
    func theSophaxChatZeroVectorsCatchAStrippedSecret(suite: String) {
        let (ops, make) = suite == "sophaxchat.x3dh"
            ? (["initiate", "respond"], { (f: @escaping @Sendable ([UInt8]) -> [UInt8]) in Self.bigIntegerX3DH(secret: f) })
            : (["seal", "open"], { (f: @escaping @Sendable ([UInt8]) -> [UInt8]) in Self.bigIntegerSealedSender(secret: f) })
        let named = { (ids: [String]) in Set(ids.flatMap { id in ops.map { "\(suite)/\($0)-\(id)" } }) }
        #expect(Self.failing(Self.swift, suite: suite).isEmpty)
        #expect(Self.failing(make { $0 }, suite: suite).isEmpty, "the composition in this test is the contract's")
        #expect(Self.failing(make(Self.minimal), suite: suite) == named(["secret-00", "secret-0000"]))
        #expect(Self.failing(make(Self.padOne), suite: suite) == named(["secret-0000"]))
        #expect(Self.failing(make(Self.highZerosDropped), suite: suite) == named(["secret-last-00"]))
    }
}
