import CSodium

/// libsodium's Ed25519: `crypto_sign_seed_keypair`, `crypto_sign_detached`, `crypto_sign_verify_detached`.
enum SodiumEd25519 {
    static func keyPair(seed: [UInt8]) throws(CryptoError) -> (publicKey: [UInt8], secretKey: [UInt8]) {
        SodiumArgon2id.initialize()
        var pk = [UInt8](repeating: 0, count: Int(crypto_sign_publickeybytes()))
        var sk = [UInt8](repeating: 0, count: Int(crypto_sign_secretkeybytes()))
        let rc = pk.withUnsafeMutableBufferPointer { p in sk.withUnsafeMutableBufferPointer { s in
            seed.withUnsafeBufferPointer { crypto_sign_seed_keypair(p.baseAddress!, s.baseAddress!, $0.baseAddress!) }
        } }
        guard rc == 0 else { throw .library("crypto_sign_seed_keypair failed") }
        return (pk, sk)
    }

    static func sign(seed: [UInt8], message: [UInt8]) throws(CryptoError) -> [UInt8] {
        var (_, sk) = try keyPair(seed: seed)
        defer { sodium_memzero(&sk, sk.count) }
        var sig = [UInt8](repeating: 0, count: Ed25519.signatureLength)
        var sigLen: UInt64 = 0
        let rc = sig.withUnsafeMutableBufferPointer { s in
            CBytes.with(message) { m in sk.withUnsafeBufferPointer { crypto_sign_detached(s.baseAddress!, &sigLen, m, UInt64(message.count), $0.baseAddress!) } }
        }
        guard rc == 0, sigLen == UInt64(Ed25519.signatureLength) else { throw .library("crypto_sign_detached failed") }
        return sig
    }

    static func verify(publicKey: [UInt8], message: [UInt8], signature: [UInt8]) -> Bool {
        SodiumArgon2id.initialize()
        return signature.withUnsafeBufferPointer { s in
            CBytes.with(message) { m in publicKey.withUnsafeBufferPointer {
                crypto_sign_verify_detached(s.baseAddress!, m, UInt64(message.count), $0.baseAddress!)
            } }
        } == 0
    }
}
