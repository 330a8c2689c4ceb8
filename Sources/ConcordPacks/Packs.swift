import ConcordAskKey
import ConcordCloser
import ConcordJustSend
import ConcordSinew
import ConcordSophaxChat
import ConcordSuites

/// Every contract pack, one line each, in the order `concord list` shows them. Adding a pack is its
/// module (Sources/Concord<Name>/, with its `<Name>Pack.pack`), its line in Package.swift's pack
/// list, and its line here (docs/design.md, "Adding a pack").
public enum Packs {
    public static let all: [Pack] = [
        CloserPack.pack,
        SinewPack.pack,
        JustSendPack.pack,
        SophaxChatPack.pack,
        AskKeyPack.pack,
    ]
}
