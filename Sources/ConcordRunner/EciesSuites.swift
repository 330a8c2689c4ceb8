/// Tink keysets and ECIES keyboxes (CONTRACT.md §9–§10), and the primitives under them.
extension Suites {
    public static let tinkPublicKey = Suite(
        name: "tink-public-key",
        ops: [OpSpec(nil, inputs: [FieldSpec("publicKey", .text, required: false), FieldSpec("keysetJson", .text, required: false)],
                     expects: [FieldSpec("keyId", .integer), FieldSpec("curve", .text), FieldSpec("hashFunction", .text),
                               FieldSpec("hkdfSalt", .bytes), FieldSpec("demKeySize", .integer), FieldSpec("pointFormat", .text),
                               FieldSpec("outputPrefix", .text), FieldSpec("x", .bytes), FieldSpec("y", .bytes)],
                     exactlyOne: [["publicKey", "keysetJson"]])])

    public static let keybox = Suite(
        name: "keybox",
        ops: [OpSpec("seal", inputs: [FieldSpec("recipientPublicKey", .text), FieldSpec("contextInfo", .text), FieldSpec("plaintext", .bytes),
                                      FieldSpec("ephemeralPrivateKey", .bytes), FieldSpec("iv", .bytes)],
                     expects: [FieldSpec("keybox", .text)]),
              OpSpec("open", inputs: [FieldSpec("recipientPrivateKeyset", .text), FieldSpec("contextInfo", .text), FieldSpec("keybox", .text)],
                     expects: [FieldSpec("plaintext", .bytes), FieldSpec("form", .text, required: false), FieldSpec("key", .bytes, required: false)]),
              OpSpec("roundtrip", inputs: [FieldSpec("recipientPrivateKeyset", .text), FieldSpec("contextInfo", .text), FieldSpec("plaintext", .bytes)],
                     expects: [FieldSpec("plaintext", .bytes)])],
        roundtrip: RoundtripSpec(op: "roundtrip", sealOp: "roundtrip-seal", openOp: "open", carried: "keybox",
                                 openInputs: ["recipientPrivateKeyset", "contextInfo"], compared: "plaintext"))

    public static let ecdhP256 = Suite(
        name: "ecdh-p256",
        ops: [OpSpec(nil, inputs: [FieldSpec("private", .bytes), FieldSpec("public", .bytes)], expects: [FieldSpec("shared", .bytes)])])

    public static let hkdfSha256 = Suite(
        name: "hkdf-sha256",
        ops: [OpSpec(nil, inputs: [FieldSpec("ikm", .bytes), FieldSpec("salt", .bytes), FieldSpec("info", .bytes), FieldSpec("size", .integer)],
                     expects: [FieldSpec("okm", .bytes)])])
}
