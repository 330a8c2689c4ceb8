import ConcordFormats
import ConcordPrimitives
import ConcordSuites

/// `closer.keybox` and `closer.tink-public-key` as the `swift` implementation computes them (ECIES on OpenSSL).
enum CloserKeyboxHandlers {
    /// The keybox's context info: `contextInfo`, or the four ids joined as the contract says (§10).
    static func context(_ r: Request) throws(ContractError) -> [UInt8] {
        if r.input["contextInfo"] != nil { return Array(try r.text("contextInfo").utf8) }
        var ids: [String] = []
        for k in Wire.keyboxContextIds { ids.append(try r.text(k)) }
        return Array(Wire.keyboxContext(ids).utf8)
    }

    static let keybox = SuiteHandler(Suites.closerKeybox) { r in
        let context = try context(r)
        switch r.op {
        case "seal":
            let key = try TinkEciesKeyset.parsePublic(wire: try r.text("recipientPublicKey"))
            let ct = try Ecies.seal(to: key, contextInfo: context, plaintext: try r.bytes("plaintext"),
                                    ephemeralScalar: try r.bytes("ephemeralPrivateKey"), iv: try r.bytes("iv"))
            return ["keybox": .text(Wire.keybox + Base64.encode(ct, .url))]
        case "roundtrip-seal":
            let (pub, _) = try TinkEciesKeyset.parse(try r.text("recipientPrivateKeyset"))
            let ct = try Ecies.seal(to: pub, contextInfo: context, plaintext: try r.bytes("plaintext"))
            return ["keybox": .text(Wire.keybox + Base64.encode(ct, .url))]
        case "open":
            let (keys, primary) = try TinkEciesKeyset.parsePrivateKeys(try r.text("recipientPrivateKeyset"))
            let text = try r.text("keybox")
            if let refusal = LegacyForms.keyboxRefusal(text) { throw refusal }
            let ct = try Wire.decode(text, prefix: Wire.keybox, .url)
            let pt = try Ecies.open(with: keys, primary: primary, contextInfo: context, ciphertext: ct)
            var out: [String: Value] = ["plaintext": .bytes(pt)]
            let d = Ecies.describe(pt)
            out["form"] = .text(d.form)
            if let k = d.key { out["key"] = .bytes(k) }
            return out
        default:
            throw Unsupported("keybox has no op \(r.op ?? "(none)") here")
        }
    }

    static let tinkPublicKey = SuiteHandler(Suites.closerTinkPublicKey) { r in
        let key: EciesPublicKey
        switch (r.input["publicKey"], r.input["keysetJson"]) {
        case (.text(let wire)?, nil): key = try TinkEciesKeyset.parsePublic(wire: wire)
        case (nil, .text(let json)?): key = try TinkEciesKeyset.parse(json).publicKey
        default: throw ContractError(.format, "give exactly one of publicKey or keysetJson")
        }
        return ["keyId": .integer(Int64(key.keyId)), "curve": .text(key.curve), "hashFunction": .text(key.hashFunction),
                "hkdfSalt": .bytes(key.hkdfSalt), "demKeySize": .integer(Int64(key.demKeySize)), "pointFormat": .text(key.pointFormat),
                "outputPrefix": .text(key.outputPrefix.rawValue), "x": .bytes(key.x), "y": .bytes(key.y)]
    }
}
