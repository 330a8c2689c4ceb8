import ConcordSuites

extension Suites {
    public static let sophaxChatX3DH = Suite(
        name: "sophaxchat.x3dh", contract: "sophaxchat",
        summary: "X3DH key agreement (§1): both sides' root and chain keys from the four (or three) X25519 secrets, HKDF-SHA256 with the seed's 0x00 prefix.",
        ops: [OpSpec("initiate", "Alice's side: her private identity and ephemeral keys, Bob's public bundle.",
                     inputs: [x25519Field("identityPrivateKey", "IK_A, Alice's private identity DH key (X25519, 32 bytes).").kind(.privateKey(.x25519)),
                              x25519Field("ephemeralPrivateKey", "EK_A, Alice's private ephemeral key.").kind(.privateKey(.x25519)),
                              x25519Field("theirIdentityKey", "IK_B, Bob's public identity DH key.").kind(.peerPublicKey(.x25519)),
                              x25519Field("theirSignedPrekey", "SPK_B, Bob's public signed prekey.").kind(.peerPublicKey(.x25519)),
                              x25519Field("theirOneTimePrekey", "OPK_B, Bob's public one-time prekey: DH4 is present exactly when it is given.", required: false).kind(.peerPublicKey(.x25519))],
                     expects: [FieldSpec("rootKey", .bytes, "master[0:32]."), FieldSpec("chainKey", .bytes, "master[32:64].")]),
              OpSpec("respond", "Bob's side: his private identity, signed and one-time prekeys, Alice's public identity and ephemeral keys.",
                     inputs: [x25519Field("identityPrivateKey", "IK_B, Bob's private identity DH key.").kind(.privateKey(.x25519)),
                              x25519Field("signedPrekeyPrivateKey", "SPK_B, Bob's private signed prekey.").kind(.privateKey(.x25519)),
                              x25519Field("oneTimePrekeyPrivateKey", "OPK_B, Bob's private one-time prekey, when Alice used it.", required: false).kind(.privateKey(.x25519)),
                              x25519Field("theirIdentityKey", "IK_A, Alice's public identity DH key.").kind(.peerPublicKey(.x25519)),
                              x25519Field("theirEphemeralKey", "EK_A, Alice's public ephemeral key.").kind(.peerPublicKey(.x25519))],
                     expects: [FieldSpec("rootKey", .bytes, "master[0:32]."), FieldSpec("chainKey", .bytes, "master[32:64].")])],
        implementations: sophaxChatImplementations)
}
