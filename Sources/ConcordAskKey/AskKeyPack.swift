import ConcordGeneration
import ConcordSuites

/// The AskKey pack: its contract, its suites, its Swift port and its explanation rules, registered
/// through ConcordPacks' one line (`Packs.all`).
public enum AskKeyPack {
    public static let pack = Pack(
        contract: Contracts.askkey,
        suites: [Suites.askKeyPairingCode, Suites.askKeySignatureEncoding],
        port: { _ in AskKeyHandlers.all },
        freshKinds: [pairingCode])

    /// The pairing code a scenario draws: six ASCII digits (docs/scenarios.md, "Fresh values").
    public static let pairingCode = FreshKind(name: "pairing-code", parts: [("value", .text)]) { _, _, rng throws(FreshValues.Failure) in
        ["value": .text(String((0..<6).map { _ in Character(String(rng.int(0...9))) }))]
    }
}

extension Contracts {
    public static let askkey = Contract(name: "askkey", title: "AskKey: Secure Enclave P-256 pairing, at the primitive level")
}
