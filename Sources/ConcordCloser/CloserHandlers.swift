import ConcordFormats
import ConcordPrimitives
import ConcordSuites

/// The Closer symmetric suites as the `swift` implementation (the iOS-side logic) computes them:
/// `couple-key-wrap`, `invite-phrase`, `field`, `canonical-json`, `commitment`, `sealed-answer`.
enum CloserHandlers {
    /// The KEK derivation of the handlers: Closer.kek, through the implementation's memo when it has one.
    static func derivation(_ shared: SharedDerivations?) -> Closer.KeyDerivation {
        guard let shared else { return Closer.kek(secret:salt:) }
        return { (secret: String, salt: [UInt8]) throws(ContractError) -> [UInt8] in
            try shared.kek(secret, salt, derive: Closer.kek(secret:salt:))
        }
    }

    static func coupleKeyWrap(_ derive: @escaping Closer.KeyDerivation) -> SuiteHandler { SuiteHandler(Suites.closerCoupleKeyWrap) { r in
        switch r.op {
        case "wrap":
            let plaintext: [UInt8]
            switch (r.input["coupleKey"], r.input["keysetJson"]) {
            case (.bytes(let k)?, nil):
                guard k.count == 32 else { throw ContractError(.parameters, "coupleKey is \(k.count) bytes; the contract's couple key is 32") }
                plaintext = k
            case (nil, .text(let json)?): plaintext = Array(json.utf8)
            default: throw ContractError(.format, "wrap takes exactly one of coupleKey or keysetJson")
            }
            let w = try Closer.wrapCoupleKey(phrase: try r.text("phrase"), kdfSalt: try r.bytes("kdfSalt"), nonce: try r.bytes("nonce"), plaintext: plaintext, derive: derive)
            return ["wrappedCoupleKey": .text(w.wrappedCoupleKey), "kdfSalt": .text(w.kdfSalt), "kdfParams": .text(w.kdfParams)]
        case "unwrap":
            var kek = derive
            if case .text(let tag)? = r.input["kdfParams"] {
                // §2: the stored tag names the parameters; the production ones go through the memo
                let params = try KdfParams.parse(tag)
                if params != KdfParams.closer {
                    guard params.parallelism == 1 else { throw Unsupported("libsodium (the iOS side) derives with one lane only; kdfParams has p=\(params.parallelism)") }
                    kek = { (secret: String, salt: [UInt8]) throws(ContractError) -> [UInt8] in try Closer.kek(secret: secret, salt: salt, params: params) }
                }
            }
            let u = try Closer.unwrapCoupleKey(phrase: try r.text("phrase"), kdfSalt: try r.text("kdfSalt"), wrappedCoupleKey: try r.text("wrappedCoupleKey"), derive: kek)
            return ["coupleKey": .bytes(u.coupleKey), "form": .text(u.form.rawValue)]
        default:
            throw Unsupported("couple-key-wrap has no op \(r.op ?? "(none)")")
        }
    } }

    static func invitePhrase(_ derive: @escaping Closer.KeyDerivation) -> SuiteHandler { SuiteHandler(Suites.closerInvitePhrase) { r in
        switch r.op {
        case "seal":
            return ["encryptedRecoveryPhrase": .text(try Closer.sealInvitePhrase(inviteCode: try r.text("inviteCode"), phrase: try r.text("phrase"),
                                                                                 salt: try r.bytes("salt"), nonce: try r.bytes("nonce"), derive: derive))]
        case "open":
            return ["phrase": .text(try Closer.openInvitePhrase(inviteCode: try r.text("inviteCode"),
                                                                 encryptedRecoveryPhrase: try r.text("encryptedRecoveryPhrase"), derive: derive))]
        default:
            throw Unsupported("invite-phrase has no op \(r.op ?? "(none)")")
        }
    } }

    static let field = SuiteHandler(Suites.closerField) { r in
        switch r.op {
        case "encrypt":
            return ["wire": .text(try Closer.encryptField(coupleKey: try r.bytes("coupleKey"), coupleId: try r.text("coupleId"),
                                                          plaintext: try r.bytes("plaintext"), nonce: try r.bytes("nonce")))]
        case "roundtrip-seal":
            // The iOS side: the raw couple key, a fresh nonce, no Tink prefix (keysetJson is the Tink side's).
            return ["wire": .text(try Closer.encryptField(coupleKey: try r.bytes("coupleKey"), coupleId: try r.text("coupleId"),
                                                          plaintext: try r.bytes("plaintext"), nonce: SecureRandom.bytes(Closer.nonceLength)))]
        case "decrypt":
            var legacy: (String, String)? = nil
            if case .text(let u)? = r.input["userId"], case .text(let q)? = r.input["questionId"] { legacy = (u, q) }
            return ["plaintext": .bytes(try Closer.decryptField(coupleKey: try r.bytes("coupleKey"), coupleId: try r.text("coupleId"),
                                                                wire: try r.text("wire"), legacy: legacy))]
        default:
            throw Unsupported("field has no op \(r.op ?? "(none)")")
        }
    }

    static let canonicalJSON = SuiteHandler(Suites.closerCanonicalJSON) { r in
        ["json": .text(String(decoding: try r.answer("answer").canonicalJSON, as: UTF8.self))]
    }

    static let commitment = SuiteHandler(Suites.closerCommitment) { r in
        let canonical = try r.answer("answer").canonicalJSON
        let hash = Closer.commitmentHash(coupleId: try r.text("coupleId"), questionId: try r.text("questionId"),
                                         userId: try r.text("userId"), canonical: canonical)
        return ["canonicalJson": .text(String(decoding: canonical, as: UTF8.self)), "commitmentHash": .text(hash)]
    }

    static let sealedAnswer = SuiteHandler(Suites.closerSealedAnswer) { r in
        let c = try r.text("coupleId"), q = try r.text("questionId"), u = try r.text("userId")
        switch r.op {
        case "seal":
            let s = try Closer.sealAnswer(coupleId: c, questionId: q, userId: u, answer: try r.answer("answer"),
                                          oneTimeKey: try r.bytes("oneTimeKey"), nonce: try r.bytes("nonce"))
            return ["encryptedPayload": .text(s.encryptedPayload), "commitmentHash": .text(s.commitmentHash)]
        case "open":
            let a = try Closer.openAnswer(coupleId: c, questionId: q, userId: u, oneTimeKey: try r.bytes("oneTimeKey"),
                                          encryptedPayload: try r.text("encryptedPayload"), commitmentHash: try r.text("commitmentHash"))
            return ["answer": a.value]
        default:
            throw Unsupported("sealed-answer has no op \(r.op ?? "(none)")")
        }
    }

    /// Every Closer handler; `shared`: the implementation's memo of KEK derivations (nil: none).
    static func all(_ shared: SharedDerivations?) -> [SuiteHandler] {
        let derive = derivation(shared)
        return [coupleKeyWrap(derive), invitePhrase(derive), field, canonicalJSON, commitment, sealedAnswer,
                CloserChainHandlers.document, CloserChainHandlers.chain(derive)]
    }
}

extension Request {
    public func answer(_ key: String) throws(ContractError) -> Answer {
        guard let v = input[key] else { throw ContractError(.format, "missing input \(key)") }
        return try Answer(v)
    }
}
