import ConcordFormats
import ConcordSuites

/// `sinew.field-cipher` as the `swift` implementation (the iOS side: raw keys with their ids, the
/// 5-byte header written by hand, AES-256-GCM on OpenSSL) computes it.
enum SinewHandlers {
    /// The keyring of a request: exactly one of `keysetJson` and `keys` (with `primaryKeyId`).
    static func keyring(_ r: Request) throws(ContractError) -> SinewKeyring {
        switch (r.input["keysetJson"], r.input["keys"]) {
        case (.text(let json)?, nil): return try SinewKeyring.keyset(json)
        case (nil, .text(let list)?): return try SinewKeyring.list(list, primaryKeyId: try r.optionalInteger("primaryKeyId"))
        default: throw ContractError(.format, "give exactly one of keysetJson and keys (text)")
        }
    }

    static let fieldCipher = SuiteHandler(Suites.sinewFieldCipher) { r in
        let ring = try keyring(r)
        let context = try r.text("context")
        switch r.op {
        case "encrypt":
            return ["value": .text(try SinewFieldCipher.encrypt(ring, context: context, plaintext: try r.text("plaintext"), nonce: try r.bytes("nonce")))]
        case "roundtrip-seal":
            return ["value": .text(try SinewFieldCipher.encrypt(ring, context: context, plaintext: try r.text("plaintext")))]
        case "decrypt":
            return ["plaintext": .text(try SinewFieldCipher.decrypt(ring, context: context, value: try r.text("value")))]
        default:
            throw Unsupported("sinew.field-cipher has no op \(r.op ?? "(none)") here")
        }
    }
}
