/// The registry's kernel: the primitive suites (`Primitives/`), which belong to no pack. A pack's
/// suites are defined in its own module; ConcordPacks joins them (`Suites.list`, `Suites.resolve`, …).
public enum Suites {
    /// The primitive suites, in the order `concord list` shows them (before every pack's).
    public static let primitives: [Suite] = [
        argon2id, aesGcm, hkdfSha256, ecdhP256,
        hmacSha256,
        chacha20Poly1305, xchacha20Poly1305, x25519, ed25519, ecdsaP256,
    ]
}
