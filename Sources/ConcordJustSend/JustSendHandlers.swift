import ConcordFormats
import ConcordSuites

/// The `justsend` suites as the `swift` implementation (the iOS reference: OpenSSL AES-GCM and HKDF,
/// libsodium X25519) computes them.
enum JustSendHandlers {
    static let all = [seal, wrap, chain, deviceEnvelope, recoveryCode, shareLink, chunk]

    static func noOp(_ suite: String, _ r: Request) -> Unsupported { Unsupported("\(suite) has no op \(r.op ?? "(none)") here") }

    static let seal = SuiteHandler(Suites.justsendSeal) { r in
        switch r.op {
        case "seal":
            let s = try JustSend.seal(key: try r.bytes("key"), nonce: try r.bytes("nonce"), plaintext: try r.bytes("plaintext"))
            return ["ciphertext": .text(s.ciphertext), "storedNonce": .text(s.nonce)]
        case "open":
            return ["plaintext": .bytes(try JustSend.open(key: try r.bytes("key"), ciphertext: try r.text("ciphertext"), nonce: try r.text("storedNonce")))]
        default: throw noOp("justsend.seal", r)
        }
    }

    static let wrap = SuiteHandler(Suites.justsendWrap) { r in
        switch r.op {
        case "wrap":
            return ["wrapped": .text(try JustSend.wrap(key: try r.bytes("key"), under: try r.bytes("wrappingKey"), nonce: try r.bytes("nonce")))]
        case "roundtrip-wrap":
            return ["wrapped": .text(try JustSend.wrap(key: try r.bytes("key"), under: try r.bytes("wrappingKey")))]
        case "unwrap":
            return ["key": .bytes(try JustSend.unwrap(try r.text("wrapped"), under: try r.bytes("wrappingKey")))]
        default: throw noOp("justsend.wrap", r)
        }
    }

    static let chain = SuiteHandler(Suites.justsendChain) { r in
        let c = try JustSend.openChain(ark: try r.bytes("ark"), wrappedIK: try r.text("wrappedIK"), wrappedCK: try r.text("wrappedCK"),
                                       ciphertext: try r.text("ciphertext"), nonce: try r.text("storedNonce"))
        return ["ik": .bytes(c.ik), "ck": .bytes(c.ck), "content": .bytes(c.content)]
    }

    static let deviceEnvelope = SuiteHandler(Suites.justsendDeviceEnvelope) { r in
        let kek = try JustSend.deviceKEK(ourPrivate: try r.bytes("ourPrivate"), theirPublic: try r.bytes("theirPublic"),
                                         salt: try r.bytes("salt"), info: try r.bytes("deviceKEKInfo"))
        switch r.op {
        case "wrap":
            return ["kek": .bytes(kek), "wrappedARK": .text(try JustSend.wrap(key: try r.bytes("ark"), under: kek, nonce: try r.bytes("nonce")))]
        case "unwrap":
            return ["ark": .bytes(try JustSend.unwrap(try r.text("wrappedARK"), under: kek, what: "wrappedARK"))]
        default: throw noOp("justsend.device-envelope", r)
        }
    }

    static let recoveryCode = SuiteHandler(Suites.justsendRecoveryCode) { r in
        switch r.op {
        case "encode":
            let code = try RecoveryCode.encode(try r.bytes("entropy"))
            return ["code": .text(code), "display": .text(RecoveryCode.displayed(code))]
        case "normalize":
            let n = try RecoveryCode.normalize(try r.text("typed"))
            return ["code": .text(n.code), "entropy": .bytes(n.entropy)]
        case "wrap":
            let kek = try JustSend.recoveryKEK(typed: try r.text("typed"), info: try r.bytes("recoveryInfo"))
            return ["kek": .bytes(kek), "wrappedARK": .text(try JustSend.wrap(key: try r.bytes("ark"), under: kek, nonce: try r.bytes("nonce")))]
        case "unwrap":
            let kek = try JustSend.recoveryKEK(typed: try r.text("typed"), info: try r.bytes("recoveryInfo"))
            return ["ark": .bytes(try JustSend.unwrap(try r.text("wrappedARK"), under: kek, what: "wrappedARK"))]
        default: throw noOp("justsend.recovery-code", r)
        }
    }

    static let shareLink = SuiteHandler(Suites.justsendShareLink) { r in
        switch r.op {
        case "encode": return ["fragment": .text(try JustSend.fragment(try r.bytes("shareKey")))]
        case "decode": return ["shareKey": .bytes(try JustSend.shareKey(fragment: try r.text("fragment")))]
        case "attachment-key":
            return ["attachmentKey": .bytes(try JustSend.attachmentKey(shareKey: try r.bytes("shareKey"), assetId: try r.text("assetId")))]
        default: throw noOp("justsend.share-link", r)
        }
    }

    static let chunk = SuiteHandler(Suites.justsendChunk) { r in
        let key = try r.bytes("shareKey"), asset = try r.text("assetId"), prefix = try r.bytes("noncePrefix")
        guard let index = try r.optionalInteger("index"), let count = try r.optionalInteger("count") else {
            throw ContractError(.format, "index and count are required integers")
        }
        switch r.op {
        case "seal":
            return ["chunk": .bytes(try JustSend.sealChunk(shareKey: key, assetId: asset, noncePrefix: prefix, index: index, count: count, plaintext: try r.bytes("plaintext")))]
        case "open":
            return ["plaintext": .bytes(try JustSend.openChunk(shareKey: key, assetId: asset, noncePrefix: prefix, index: index, count: count, chunk: try r.bytes("chunk")))]
        default: throw noOp("justsend.chunk", r)
        }
    }
}
