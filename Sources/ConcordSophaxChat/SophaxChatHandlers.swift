import ConcordFormats
import ConcordPrimitives
import ConcordSuites

/// The SophaxChat suites as the `swift` implementation computes them (`SophaxChat`: libsodium and OpenSSL).
enum SophaxChatHandlers {
    static let all = [x3dh, ratchet, senderKey, message, groupMessage, sealedSender, onionAddress, safetyNumber]

    static func keys(_ root: [UInt8], _ chain: [UInt8]) -> [String: Value] { ["rootKey": .bytes(root), "chainKey": .bytes(chain)] }

    static let x3dh = SuiteHandler(Suites.sophaxChatX3DH) { r in
        let ik = try r.bytes("identityPrivateKey")
        switch r.op {
        case "initiate":
            let ek = try r.bytes("ephemeralPrivateKey")
            let ikB = try r.bytes("theirIdentityKey"), spkB = try r.bytes("theirSignedPrekey")
            var dhs = [try SophaxChat.x25519(ik, spkB, "DH1 (identityPrivateKey, theirSignedPrekey)"),
                       try SophaxChat.x25519(ek, ikB, "DH2 (ephemeralPrivateKey, theirIdentityKey)"),
                       try SophaxChat.x25519(ek, spkB, "DH3 (ephemeralPrivateKey, theirSignedPrekey)")]
            if let opk = try r.optionalBytes("theirOneTimePrekey") {
                dhs.append(try SophaxChat.x25519(ek, opk, "DH4 (ephemeralPrivateKey, theirOneTimePrekey)"))
            }
            let k = SophaxChat.x3dh(dhs)
            return keys(k.rootKey, k.chainKey)
        case "respond":
            let spk = try r.bytes("signedPrekeyPrivateKey")
            let ikA = try r.bytes("theirIdentityKey"), ekA = try r.bytes("theirEphemeralKey")
            var dhs = [try SophaxChat.x25519(spk, ikA, "DH1 (signedPrekeyPrivateKey, theirIdentityKey)"),
                       try SophaxChat.x25519(ik, ekA, "DH2 (identityPrivateKey, theirEphemeralKey)"),
                       try SophaxChat.x25519(spk, ekA, "DH3 (signedPrekeyPrivateKey, theirEphemeralKey)")]
            if let opk = try r.optionalBytes("oneTimePrekeyPrivateKey") {
                dhs.append(try SophaxChat.x25519(opk, ekA, "DH4 (oneTimePrekeyPrivateKey, theirEphemeralKey)"))
            }
            let k = SophaxChat.x3dh(dhs)
            return keys(k.rootKey, k.chainKey)
        default:
            throw Unsupported("sophaxchat.x3dh has no op \(r.op ?? "(none)")")
        }
    }

    static let ratchet = SuiteHandler(Suites.sophaxChatRatchet) { r in
        switch r.op {
        case "root-step":
            let (root, chain) = try SophaxChat.rootStep(rootKey: try r.bytes("rootKey"), myPrivate: try r.bytes("myRatchetPrivateKey"),
                                                        theirPublic: try r.bytes("theirRatchetKey"))
            return keys(root, chain)
        case "chain-step":
            var ck = try r.bytes("chainKey")
            try SophaxChat.checkKey(ck, "chainKey")
            guard let n = try r.optionalInteger("position") else { throw ContractError(.format, "missing input position") }
            let stored = try r.optionalInteger("storedSkipped") ?? 0
            guard n >= 0, stored >= 0 else { throw ContractError(.parameters, "position and storedSkipped cannot be negative") }
            guard n <= Suites.sophaxChatMaxSkipped - stored else {
                throw ContractError(.parameters, "reaching position \(n) skips \(n) message keys; with \(stored) already kept that is above the session's cap of \(Suites.sophaxChatMaxSkipped)")
            }
            var mk: [UInt8] = []
            for _ in 0...n { (mk, ck) = SophaxChat.chainStep(ck) }
            return ["messageKey": .bytes(mk), "nextChainKey": .bytes(ck)]
        default:
            throw Unsupported("sophaxchat.ratchet has no op \(r.op ?? "(none)")")
        }
    }

    static let senderKey = SuiteHandler(Suites.sophaxChatSenderKey) { r in
        guard let i = try r.optionalInteger("iteration") else { throw ContractError(.format, "missing input iteration") }
        let j = try r.optionalInteger("receiverIteration") ?? i
        guard i >= 0, j >= 0 else { throw ContractError(.parameters, "iteration and receiverIteration cannot be negative") }
        guard (i > j ? i - j : j - i) <= Suites.sophaxChatSenderKeyWindow else {
            throw ContractError(.parameters, "iteration \(i) is more than \(Suites.sophaxChatSenderKeyWindow) away from the receiver's iteration \(j)")
        }
        let ck = try SophaxChat.senderChainKey(try r.bytes("chainKey"), iteration: i)
        return ["messageKey": .bytes(SophaxChat.senderMessageKey(ck)), "iterationChainKey": .bytes(ck)]
    }

    static let message = SuiteHandler(Suites.sophaxChatMessage) { r in
        let key = try r.bytes("messageKey")
        try SophaxChat.checkKey(key, "messageKey")
        return try wireOp(r, key: key)
    }

    static let groupMessage = SuiteHandler(Suites.sophaxChatGroupMessage) { r in
        guard let i = try r.optionalInteger("iteration") else { throw ContractError(.format, "missing input iteration") }
        let key = SophaxChat.senderMessageKey(try SophaxChat.senderChainKey(try r.bytes("chainKey"), iteration: i))
        return try wireOp(r, key: key)
    }

    /// `nonce ‖ ChaCha20-Poly1305` wires under a message key, for the message and group-message
    /// suites alike: seal (given nonce), roundtrip-seal (fresh nonce), open, roundtrip.
    static func wireOp(_ r: Request, key: [UInt8]) throws -> [String: Value] {
        switch r.op {
        case "seal":
            return ["wire": .bytes(try SophaxChat.sealWire(key: key, nonce: try r.bytes("nonce"), plaintext: try r.bytes("plaintext")))]
        case "roundtrip-seal":
            return ["wire": .bytes(try SophaxChat.sealWire(key: key, nonce: SecureRandom.bytes(12), plaintext: try r.bytes("plaintext")))]
        case "open":
            return ["plaintext": .bytes(try SophaxChat.openWire(key: key, wire: try r.bytes("wire")))]
        case "roundtrip":
            let wire = try SophaxChat.sealWire(key: key, nonce: SecureRandom.bytes(12), plaintext: try r.bytes("plaintext"))
            return ["plaintext": .bytes(try SophaxChat.openWire(key: key, wire: wire))]
        default:
            throw Unsupported("\(r.suite) has no op \(r.op ?? "(none)")")
        }
    }

    static let sealedSender = SuiteHandler(Suites.sophaxChatSealedSender) { r in
        switch r.op {
        case "seal":
            return ["wire": .bytes(try SophaxChat.sealSender(recipient: try r.bytes("recipientIdentityKey"), ephemeralPrivate: try r.bytes("ephemeralPrivateKey"),
                                                             nonce: try r.bytes("nonce"), plaintext: try r.bytes("plaintext")))]
        case "roundtrip-seal", "roundtrip":
            let priv = try r.bytes("recipientIdentityPrivateKey")
            let wire = try SophaxChat.sealSender(recipient: try SophaxChat.publicKey(priv, "recipientIdentityPrivateKey"),
                                                 ephemeralPrivate: SecureRandom.bytes(32), nonce: SecureRandom.bytes(12),
                                                 plaintext: try r.bytes("plaintext"))
            if r.op == "roundtrip-seal" { return ["wire": .bytes(wire)] }
            return ["plaintext": .bytes(try SophaxChat.openSender(recipientPrivate: priv, wire: wire))]
        case "open":
            return ["plaintext": .bytes(try SophaxChat.openSender(recipientPrivate: try r.bytes("recipientIdentityPrivateKey"), wire: try r.bytes("wire")))]
        default:
            throw Unsupported("sophaxchat.sealed-sender has no op \(r.op ?? "(none)")")
        }
    }

    static let onionAddress = SuiteHandler(Suites.sophaxChatOnionAddress) { r in
        switch r.op {
        case "make": return ["address": .text(try SophaxChat.onionAddress(try r.bytes("publicKey")))]
        case "parse": return ["publicKey": .bytes(try SophaxChat.parseOnion(try r.text("address")))]
        default: throw Unsupported("sophaxchat.onion-address has no op \(r.op ?? "(none)")")
        }
    }

    static let safetyNumber = SuiteHandler(Suites.sophaxChatSafetyNumber) { r in
        let n = try SophaxChat.safetyNumber(mySig: try r.bytes("mySigningKey"), theirSig: try r.bytes("theirSigningKey"),
                                            myDH: try r.bytes("myDHKey"), theirDH: try r.bytes("theirDHKey"))
        return ["digest": .bytes(n.digest), "display": .text(n.display)]
    }
}
