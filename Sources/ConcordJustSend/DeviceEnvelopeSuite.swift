import ConcordFormats
import ConcordSuites

extension Suites {
    static let justsendAgreementInputs = [
        FieldSpec("ourPrivate", .bytes, "This side's X25519 private key (32 bytes, RFC 7748; clamped by X25519).").kind(.privateKey(.x25519)),
        FieldSpec("theirPublic", .bytes, "The other side's X25519 public key (32 bytes): the device's own for a device envelope, the other device's for a grant.").kind(.peerPublicKey(.x25519)),
        FieldSpec("salt", .bytes, "The HKDF salt (the seed's default: empty).").associatedData(),
        FieldSpec("deviceKEKInfo", .bytes, "The HKDF info, the seed's `deviceKEKInfo` constant (its bytes are not shown in the seed: an input).").associatedData(),
    ]

    public static let justsendDeviceEnvelope = Suite(
        name: "justsend.device-envelope", contract: "justsend",
        summary: "JustSend's device envelope and grant (§3 a, b): KEK = HKDF-SHA256(X25519(ourPrivate, theirPublic), salt, deviceKEKInfo, 32), then wrap(ARK, KEK).",
        ops: [OpSpec("wrap", "Derive the KEK and wrap the ARK with a given nonce.",
                     inputs: justsendAgreementInputs + [FieldSpec("ark", .bytes, "The account root key (32 bytes).").kind(.bytes(lengths: [32])),
                                                        FieldSpec("nonce", .bytes, "The wrap's nonce (12 bytes).").kind(.bytes(lengths: [12]))],
                     expects: [FieldSpec("kek", .bytes, "The derived KEK (32 bytes)."),
                               FieldSpec("wrappedARK", .text, "`wrap(ARK, KEK)`: b64(nonce || ct || tag).")]),
              OpSpec("unwrap", "Derive the KEK from the other side and unwrap the ARK: the ARK, or a refusal (a low-order public key is `key`).",
                     inputs: justsendAgreementInputs + [FieldSpec("wrappedARK", .text, "`wrap(ARK, KEK)`.")],
                     expects: [FieldSpec("ark", .bytes, "The account root key.")])],
        implementations: justsendImplementations,
        artifacts: [ArtifactSpec.opening(write: "wrap", open: "unwrap", artifact: "wrappedARK", held: ["ourPrivate", "theirPublic", "salt", "deviceKEKInfo"], expects: ["ark"])])
}
