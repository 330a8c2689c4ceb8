import ConcordFormats
import ConcordSuites

extension Suites {
    public static let sophaxChatSafetyNumber = Suite(
        name: "sophaxchat.safety-number", contract: "sophaxchat",
        summary: "Safety numbers (§6): SHA-256(mySig ‖ theirSig ‖ myDH ‖ theirDH) and its display; every vector warns that the two sides compute different numbers.",
        ops: [OpSpec(nil,
                     inputs: [FieldSpec("mySigningKey", .bytes, "My Ed25519 identity public key (32 bytes; another length is `parameters`).").kind(.bytes(lengths: [32])),
                              FieldSpec("theirSigningKey", .bytes, "Their Ed25519 identity public key.").kind(.bytes(lengths: [32])),
                              FieldSpec("myDHKey", .bytes, "My X25519 identity public key.").kind(.bytes(lengths: [32])),
                              FieldSpec("theirDHKey", .bytes, "Their X25519 identity public key.").kind(.bytes(lengths: [32]))],
                     expects: [FieldSpec("digest", .bytes, "The SHA-256 digest (32 bytes), the primary output."),
                               FieldSpec("display", .text, "The first 60 lowercase hex characters in 12 groups of 5, one space between groups.")])],
        implementations: sophaxChatImplementations,
        warnings: safetyNumberWarning)

    /// The asymmetry of §6, on every vector: the peer hashes the same keys in the other order.
    static let safetyNumberWarning: @Sendable (Fields) -> [String] = { input in
        let sides = (input["mySigningKey"]?.bytes, input["theirSigningKey"]?.bytes, input["myDHKey"]?.bytes, input["theirDHKey"]?.bytes)
        if let ms = sides.0, let ts = sides.1, let md = sides.2, let td = sides.3, ms == ts, md == td {
            return ["safety number asymmetry (seed flaw): both sides hold the same keys here, so their numbers agree; for any two distinct users the seed's \"my ‖ their\" order makes the two numbers differ and out-of-band comparison cannot succeed (Signal sorts the two fingerprints)"]
        }
        return ["safety number asymmetry (seed flaw): the peer computes SHA-256(theirSig ‖ mySig ‖ theirDH ‖ myDH), a different number, so out-of-band comparison as the seed writes it can never succeed (Signal sorts the two fingerprints)"]
    }
}
