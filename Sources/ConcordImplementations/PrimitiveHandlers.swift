/// The issue-14 primitive suites each in-process implementation registers (Catalog.swift adds them).
enum PrimitiveHandlers {
    static let libsodium: [SuiteHandler] = [HmacSha256Handlers.libsodium, ChaCha20Poly1305Handlers.libsodium,
                                            ChaCha20Poly1305Handlers.xlibsodium, X25519Handlers.libsodium, Ed25519Handlers.libsodium]
    static let openssl: [SuiteHandler] = [HmacSha256Handlers.openssl, ChaCha20Poly1305Handlers.openssl, X25519Handlers.openssl,
                                          Ed25519Handlers.openssl, EcdsaP256Handlers.openssl]
}
