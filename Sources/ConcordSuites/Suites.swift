/// The registry: every suite, once. Adding a suite is one definition file (in `Primitives/` or in its
/// pack's folder) and one line here; docs/design.md lists what else a test then demands.
public enum Suites {
    /// Every suite, primitives first, then each pack's, in the order `concord list` shows them.
    public static let list: [Suite] = [
        argon2id, aesGcm, hkdfSha256, ecdhP256,
        hmacSha256,
        chacha20Poly1305, xchacha20Poly1305, x25519, ed25519, ecdsaP256,
        closerKdfParams, closerCoupleKeyWrap, closerInvitePhrase, closerField, closerCanonicalJSON, closerCommitment,
        closerSealedAnswer, closerTinkPublicKey, closerKeybox, closerInviteCode, closerRecoveryPhrase,
        closerDocument, closerChain,
        sinewFieldCipher,
        justsendSeal, justsendWrap, justsendChain, justsendDeviceEnvelope, justsendRecoveryCode, justsendShareLink, justsendChunk,
        sophaxChatX3DH, sophaxChatRatchet, sophaxChatSenderKey, sophaxChatMessage, sophaxChatGroupMessage,
        sophaxChatSealedSender, sophaxChatOnionAddress, sophaxChatSafetyNumber,
        askKeyPairingCode, askKeySignatureEncoding,
    ]

    /// Every suite by its canonical name.
    public static let all: [String: Suite] = Dictionary(uniqueKeysWithValues: list.map { ($0.name, $0) })

    /// Canonical names, sorted.
    public static var names: [String] { all.keys.sorted() }

    /// Old name → canonical name.
    public static let aliases: [String: String] = Dictionary(uniqueKeysWithValues: list.flatMap { s in s.aliases.map { ($0, s.name) } })

    /// The suite a name stands for, canonical or an alias.
    public static func resolve(_ name: String) -> Suite? {
        all[name] ?? aliases[name].flatMap { all[$0] }
    }

    /// A vector name (`suite/id`) with its suite part made canonical (`field/x` → `closer.field/x`).
    public static func canonicalVectorName(_ name: String) -> String {
        guard let slash = name.firstIndex(of: "/") else { return name }
        let suite = String(name[..<slash])
        guard let canonical = aliases[suite] else { return name }
        return canonical + name[slash...]
    }

    /// The suites whose definitions name this implementation (what it must implement).
    public static func expected(of implementation: String) -> Set<String> {
        Set(list.filter { $0.implementations.contains(implementation) }.map(\.name))
    }

    /// The one-line note printed when a file uses an old name.
    public static func aliasNote(_ old: String) -> String? {
        aliases[old].map { "suite \"\(old)\" is now \"\($0)\"; the old name still loads (rename it to silence this note)" }
    }
}
