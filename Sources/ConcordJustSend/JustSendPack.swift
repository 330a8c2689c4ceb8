import ConcordSuites

/// The JustSend pack: its contract, its suites, its Swift port and its explanation rules, registered
/// through ConcordPacks' one line (`Packs.all`).
public enum JustSendPack {
    public static let pack = Pack(
        contract: Contracts.justsend,
        suites: [Suites.justsendSeal, Suites.justsendWrap, Suites.justsendChain, Suites.justsendDeviceEnvelope, Suites.justsendRecoveryCode, Suites.justsendShareLink, Suites.justsendChunk],
        port: { _ in JustSendHandlers.all },
        // Tried before the generic rules, as the traps of one contract are (the order of Packs.all among packs).
        rules: [PlacedRule(ExplanationRules.x25519Zeros, .before("encoding")),
                PlacedRule(ExplanationRules.recoveryKEK, .before("encoding"))])
}

extension Contracts {
    public static let justsend = Contract(name: "justsend", title: "JustSend: an AES-256-GCM key hierarchy (ARK, IK, CK) with device, recovery-code and share-link paths; the iOS code is the reference")
}
