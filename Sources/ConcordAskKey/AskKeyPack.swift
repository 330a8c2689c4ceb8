import ConcordSuites

/// The AskKey pack: its contract, its suites, its Swift port and its explanation rules, registered
/// through ConcordPacks' one line (`Packs.all`).
public enum AskKeyPack {
    public static let pack = Pack(
        contract: Contracts.askkey,
        suites: [Suites.askKeyPairingCode, Suites.askKeySignatureEncoding],
        port: { _ in AskKeyHandlers.all })
}

extension Contracts {
    public static let askkey = Contract(name: "askkey", title: "AskKey: Secure Enclave P-256 pairing, at the primitive level")
}
