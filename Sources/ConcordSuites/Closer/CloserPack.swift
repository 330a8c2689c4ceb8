/// The Closer pack: its contract, its suites, its Swift port and its explanation rules, registered
/// through ConcordPacks' one line (`Packs.all`).
public enum CloserPack {
    public static let pack = Pack(
        contract: Contracts.closer,
        suites: [Suites.closerKdfParams, Suites.closerCoupleKeyWrap, Suites.closerInvitePhrase, Suites.closerField, Suites.closerCanonicalJSON, Suites.closerCommitment, Suites.closerSealedAnswer, Suites.closerTinkPublicKey, Suites.closerKeybox, Suites.closerInviteCode, Suites.closerRecoveryPhrase, Suites.closerDocument, Suites.closerChain])
}

extension Contracts {
    public static let closer = Contract(name: "closer", title: "Closer: couple answers sealed end to end (iOS and Android)")
}
