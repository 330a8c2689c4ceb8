/// A contract pack: one system's suites, its vectors (`vectors/<name>/`) and its page
/// (`docs/contracts/<name>.md`). Primitive suites (`aes-gcm`, `argon2id`, …) belong to none.
public struct Contract: Sendable {
    /// The pack's name, also the prefix of its suites' names (`closer` → `closer.field`).
    public var name: String
    public var title: String
    /// Its page, relative to the repository.
    public var doc: String { "docs/contracts/\(name).md" }

    public init(name: String, title: String) {
        self.name = name
        self.title = title
    }
}

/// The packs' contracts: each pack's module adds its own (`Contracts.closer`, …), and ConcordPacks
/// lists them all (`Contracts.all`, `Contracts.named`).
public enum Contracts {}
