import ConcordFormats
import ConcordSuites

extension Suites {
    /// The key fields every op of `sinew.field-cipher` takes: a Tink keyset, or a `{keyId, key}` list
    /// with its primary named (docs/contracts/sinew.md, "Keys").
    static let sinewKeyFields = [
        FieldSpec("keysetJson", .text, required: false,
                  "A Tink cleartext JSON keyset of `AesGcmKey`s (give this or `keys`): every ENABLED key decrypts, the primary encrypts.").kind(.tinkAesGcm(part: "keysetJson")),
        FieldSpec("keys", .text, required: false,
                  "A JSON list `[{\"keyId\": <uint32>, \"key\": \"<hex>\"}, …]` of raw AES keys, each written with the `0x01 || keyId` header (give this or `keysetJson`).").kind(.tinkAesGcm(part: "keys")),
    ]
    static let sinewPrimary = FieldSpec("primaryKeyId", .integer, required: false, minimum: 0,
                                        "With `keys`: the id of the key that encrypts (unsigned 32-bit). Not used with `keysetJson`, which names its own primary.").kind(.tinkAesGcm(part: "primaryKeyId"))
    static let sinewContext = FieldSpec("context", .text, "The context: its UTF-8 bytes are the AES-GCM associated data (`\"\"` for none).").associatedData()

    public static let sinewFieldCipher = Suite(
        name: "sinew.field-cipher", contract: "sinew",
        summary: "Sinew FieldCipher: b64(0x01 || keyId(4, big-endian) || nonce(12) || AES-256-GCM(UTF-8(plain), aad = UTF-8(context))), keys from a Tink keyset or a {keyId, key} list; encrypt, decrypt and the round-trip matrix.",
        ops: [OpSpec("encrypt", "Encrypt with the primary key and a given nonce (deterministic, for known answers).",
                     inputs: sinewKeyFields + [sinewPrimary, sinewContext,
                                               FieldSpec("plaintext", .text, "The value to encrypt (its UTF-8 bytes are encrypted)."),
                                               FieldSpec("nonce", .bytes, "The AES-GCM nonce (12 bytes).").kind(.bytes(lengths: [12]))],
                     expects: [FieldSpec("value", .text, "The stored value: `b64` of version, key id, nonce, ciphertext and tag.")],
                     exactlyOne: [["keysetJson", "keys"]]),
              OpSpec("decrypt", "Decrypt a stored value with the key its header names: the plaintext, or a refusal.",
                     inputs: sinewKeyFields + [sinewContext, FieldSpec("value", .text, "The stored value (`b64`).")],
                     expects: [FieldSpec("plaintext", .text, "The decrypted value (valid UTF-8).")],
                     exactlyOne: [["keysetJson", "keys"]]),
              OpSpec("roundtrip", "Every implementation encrypts `plaintext` with a fresh random nonce; every one decrypts every other's value and must find `plaintext`.",
                     inputs: sinewKeyFields + [sinewPrimary, sinewContext,
                                               FieldSpec("plaintext", .text, "The value encrypted and decrypted.")],
                     expects: [FieldSpec("plaintext", .text, "The value every decryption must find.")],
                     exactlyOne: [["keysetJson", "keys"]])],
        implementations: ["swift", "jvm", "tink", "node", "webcrypto"],
        warnings: { input in
            guard case .text(let text)? = input["keysetJson"], let json = try? JSON.parse(text),
                  let keys = json["key"]?.arrayValue else { return [] }
            let other = keys.compactMap { $0["outputPrefixType"]?.stringValue }.filter { $0 != "TINK" }
            guard let first = other.first else { return [] }
            return ["the keyset holds a \(first) key: Tink reads values without the 0x01 header for it, the iOS and web layout readers refuse them"]
        },
        roundtrip: RoundtripSpec(op: "roundtrip", sealOp: "roundtrip-seal", openOp: "decrypt", carried: "value",
                                 openInputs: ["keysetJson", "keys", "context"], compared: "plaintext"),
        artifacts: [ArtifactSpec.opening(write: "encrypt", open: "decrypt", artifact: "value", held: ["keysetJson", "keys", "context"], expects: ["plaintext"])])
}
