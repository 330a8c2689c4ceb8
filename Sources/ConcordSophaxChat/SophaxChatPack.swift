import ConcordSuites

/// The SophaxChat pack: its contract, its suites, its Swift port and its explanation rules, registered
/// through ConcordPacks' one line (`Packs.all`).
public enum SophaxChatPack {
    public static let pack = Pack(
        contract: Contracts.sophaxchat,
        suites: [Suites.sophaxChatX3DH, Suites.sophaxChatRatchet, Suites.sophaxChatSenderKey, Suites.sophaxChatMessage, Suites.sophaxChatGroupMessage, Suites.sophaxChatSealedSender, Suites.sophaxChatOnionAddress, Suites.sophaxChatSafetyNumber],
        port: { _ in SophaxChatHandlers.all },
        // Tried before the generic rules, as the traps of one contract are (the order of Packs.all among packs).
        rules: [PlacedRule(ExplanationRules.x3dhComposition, .before("encoding")),
                PlacedRule(ExplanationRules.x25519ZerosSealedSender, .before("encoding")),
                PlacedRule(ExplanationRules.messageAAD, .before("encoding"))])
}

extension Contracts {
    public static let sophaxchat = Contract(name: "sophaxchat", title: "SophaxChat: a Signal-like protocol (X3DH, Double Ratchet, sender keys, sealed sender) over Tor")
}
