import ConcordFormats
import ConcordSuites

/// The Closer pack: its contract, its suites, its Swift port and its explanation rules, registered
/// through ConcordPacks' one line (`Packs.all`).
public enum CloserPack {
    public static let pack = Pack(
        contract: Contracts.closer,
        suites: [Suites.closerKdfParams, Suites.closerCoupleKeyWrap, Suites.closerInvitePhrase, Suites.closerField, Suites.closerCanonicalJSON, Suites.closerCommitment, Suites.closerSealedAnswer, Suites.closerTinkPublicKey, Suites.closerKeybox, Suites.closerInviteCode, Suites.closerRecoveryPhrase, Suites.closerDocument, Suites.closerChain],
        port: { o in
            [KdfParamsHandlers.swift] + CloserHandlers.all(o.shareDerivations ? SharedDerivations() : nil)
                + [CloserKeyboxHandlers.keybox, CloserKeyboxHandlers.tinkPublicKey] + CloserFormatHandlers.all
        },
        // The traps of the keybox, the sealed answer and the commitment first, as one contract's
        // traps are; kek-aad, which costs an Argon2id, last.
        rules: [PlacedRule(ExplanationRules.keyboxContextOrder, .before("encoding")),
                PlacedRule(ExplanationRules.keyboxComposition, .before("encoding")),
                PlacedRule(ExplanationRules.sealedAnswerAADOrder, .before("encoding")),
                PlacedRule(ExplanationRules.commitmentJSON, .before("encoding")),
                PlacedRule(ExplanationRules.kekAAD, .after("argon2-parameters"))],
        aads: { CloserAAD.tried($0) },
        freshKinds: CloserFreshKinds.all,
        kdfMemoryKiB: Int(KdfParams.closer.memoryKiB),
        wireForms: CloserWire.forms)
}

extension Contracts {
    public static let closer = Contract(name: "closer", title: "Closer: couple answers sealed end to end (iOS and Android)")
}

extension KdfParams {
    /// Closer's production parameters (CONTRACT.md §2): `argon2id;v=19;m=47104;t=3;p=1`.
    public static let closer = KdfParams(version: 19, memoryKiB: 47104, iterations: 3, parallelism: 1)
}
