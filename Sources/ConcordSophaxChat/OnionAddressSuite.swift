import ConcordFormats
import ConcordSuites

extension Suites {
    public static let sophaxChatOnionAddress = Suite(
        name: "sophaxchat.onion-address", contract: "sophaxchat",
        summary: "Tor v3 `.onion` addresses (§5): base32(pubkey ‖ SHA3-256 checksum[0:2] ‖ 0x03); make, and parse with its checksum, version, length, alphabet and case.",
        ops: [OpSpec("make", "The address of an Ed25519 public key.",
                     inputs: [FieldSpec("publicKey", .bytes, "The Ed25519 identity public key (32 bytes; another length is `parameters`).").kind(.bytes(lengths: [32]))],
                     expects: [FieldSpec("address", .text, "56 lowercase base32 symbols + `.onion`.")]),
              OpSpec("parse", "The public key in an address, or a refusal (`format`: a wrong checksum, version, length, suffix or symbol).",
                     inputs: [FieldSpec("address", .text, "The address, `.onion` included.")],
                     expects: [FieldSpec("publicKey", .bytes, "The Ed25519 public key it names.")])],
        implementations: sophaxChatImplementations)
}
