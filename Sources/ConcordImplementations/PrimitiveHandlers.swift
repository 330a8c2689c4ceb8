import ConcordSuites
/// The issue-14 primitive suites each in-process implementation registers (Catalog.swift adds them),
/// each declared with who wrote the code it runs (docs/fill.md, "Whose values count").
enum PrimitiveHandlers {
    static let libsodium: [SuiteHandler] = [
        HmacSha256Handlers.libsodium.library("libsodium crypto_auth_hmacsha256"),
        ChaCha20Poly1305Handlers.libsodium.library("libsodium crypto_aead_chacha20poly1305_ietf"),
        ChaCha20Poly1305Handlers.xlibsodium.library("libsodium crypto_aead_xchacha20poly1305_ietf"),
        X25519Handlers.libsodium.library("libsodium crypto_scalarmult"),
        Ed25519Handlers.libsodium.library("libsodium crypto_sign"),
    ]
    static let openssl: [SuiteHandler] = [
        HmacSha256Handlers.openssl.library("OpenSSL HMAC"),
        ChaCha20Poly1305Handlers.openssl.library("OpenSSL EVP ChaCha20-Poly1305"),
        X25519Handlers.openssl.library("OpenSSL EVP_PKEY_derive (X25519)"),
        Ed25519Handlers.openssl.library("OpenSSL EVP_DigestSign and EVP_DigestVerify (Ed25519)"),
        // RFC 6979 signing is Concord's code on OpenSSL's BIGNUM and EC_POINT (OpenSSL 3.0 has no
        // deterministic ECDSA): the signatures a vector expects are Concord's, so an own port.
        EcdsaP256Handlers.openssl.ownPort,
    ]
}
