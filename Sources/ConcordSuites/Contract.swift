/// A contract pack: one system's suites, its vectors (`vectors/<name>/`) and its page
/// (`docs/contracts/<name>.md`). Primitive suites (`aes-gcm`, `argon2id`, …) belong to none.
public struct Contract: Sendable {
    /// The pack's name, also the prefix of its suites' names (`closer` → `closer.field`).
    public var name: String
    public var title: String
    /// Its page, relative to the repository.
    public var doc: String { "docs/contracts/\(name).md" }
    /// Its suites, in the order `concord list` shows them.
    public var suites: [Suite] { Suites.list.filter { $0.contract == name } }

    public init(name: String, title: String) {
        self.name = name
        self.title = title
    }
}

public enum Contracts {
    public static let closer = Contract(name: "closer", title: "Closer: couple answers sealed end to end (iOS and Android)")
    public static let sophaxchat = Contract(name: "sophaxchat", title: "SophaxChat: a Signal-like protocol (X3DH, Double Ratchet, sender keys, sealed sender) over Tor")
    public static let askkey = Contract(name: "askkey", title: "AskKey: Secure Enclave P-256 pairing, at the primitive level")

    public static let sinew = Contract(name: "sinew", title: "Sinew FieldCipher: one field encryption layout on Tink (Android, JVM), CryptoKit (iOS) and Web Crypto")

    public static let justsend = Contract(name: "justsend", title: "JustSend: an AES-256-GCM key hierarchy (ARK, IK, CK) with device, recovery-code and share-link paths; the iOS code is the reference")

    /// Every pack, in the order `concord list` shows them.
    public static let all: [Contract] = [closer, sinew, justsend, sophaxchat, askkey]

    public static func named(_ name: String) -> Contract? { all.first { $0.name == name } }
}
