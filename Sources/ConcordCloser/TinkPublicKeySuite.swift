import ConcordSuites

extension Suites {
    public static let closerTinkPublicKey = Suite(
        name: "closer.tink-public-key", contract: "closer",
        summary: "A Tink ECIES-AEAD-HKDF public key as `pub:v1:` or a JSON keyset (§9): the parameters and the point it holds.",
        ops: [OpSpec(nil, "Exactly one of `publicKey` or `keysetJson` per vector, after merging `defaults`.",
                     inputs: [FieldSpec("publicKey", .text, required: false, "The `pub:v1:` text of a public key. Exactly one of `publicKey` and `keysetJson`.").kind(.tinkEcies(part: "publicKey")),
                              FieldSpec("keysetJson", .text, required: false, "A Tink cleartext JSON keyset, public or private (a private one is described by its public key). Exactly one of `publicKey` and `keysetJson`.").kind(.tinkEcies(part: "publicKeyset"))],
                     expects: [FieldSpec("keyId", .integer, "The key id, an unsigned 32-bit integer (the loader reads it as 64 bits, like every integer)."),
                               FieldSpec("curve", .text, "`NIST_P256`, `NIST_P384` or `NIST_P521`."),
                               FieldSpec("hashFunction", .text, "The HKDF hash, e.g. `SHA256`."),
                               FieldSpec("hkdfSalt", .bytes, "The HKDF salt (`{hex: \"\"}` when empty)."),
                               FieldSpec("demKeySize", .integer, "The AES-GCM DEM key size, in bytes."),
                               FieldSpec("pointFormat", .text, "`UNCOMPRESSED`, `COMPRESSED` or `DO_NOT_USE_CRUNCHY_UNCOMPRESSED`."),
                               FieldSpec("outputPrefix", .text, "`TINK`, `RAW`, `LEGACY` or `CRUNCHY`."),
                               FieldSpec("x", .bytes, "The point's x-coordinate, exactly the curve's size (32 bytes for P-256), whatever length the keyset used."),
                               FieldSpec("y", .bytes, "The point's y-coordinate, exactly the curve's size (32 bytes for P-256), whatever length the keyset used.")],
                     exactlyOne: [["publicKey", "keysetJson"]])],
        aliases: ["tink-public-key"],
        implementations: ["swift", "jvm", "tink", "node"])
}
