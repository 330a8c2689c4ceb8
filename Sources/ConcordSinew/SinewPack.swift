import ConcordSuites

/// The Sinew pack: its contract, its suites, its Swift port and its explanation rules, registered
/// through ConcordPacks' one line (`Packs.all`).
public enum SinewPack {
    public static let pack = Pack(
        contract: Contracts.sinew,
        suites: [Suites.sinewFieldCipher],
        port: { _ in [SinewHandlers.fieldCipher] })
}

extension Contracts {
    public static let sinew = Contract(name: "sinew", title: "Sinew FieldCipher: one field encryption layout on Tink (Android, JVM), CryptoKit (iOS) and Web Crypto")
}
