/// The SophaxChat pack: its contract, its suites, its Swift port and its explanation rules, registered
/// through ConcordPacks' one line (`Packs.all`).
public enum SophaxChatPack {
    public static let pack = Pack(
        contract: Contracts.sophaxchat,
        suites: [Suites.sophaxChatX3DH, Suites.sophaxChatRatchet, Suites.sophaxChatSenderKey, Suites.sophaxChatMessage, Suites.sophaxChatGroupMessage, Suites.sophaxChatSealedSender, Suites.sophaxChatOnionAddress, Suites.sophaxChatSafetyNumber])
}

extension Contracts {
    public static let sophaxchat = Contract(name: "sophaxchat", title: "SophaxChat: a Signal-like protocol (X3DH, Double Ratchet, sender keys, sealed sender) over Tor")
}
