/// The issue-14 primitive suites each in-process implementation registers (Catalog.swift adds them).
enum PrimitiveHandlers {
    static let libsodium: [SuiteHandler] = [HmacSha256Handlers.libsodium]
    static let openssl: [SuiteHandler] = [HmacSha256Handlers.openssl]
}
