import CSodium

/// libsodium's `crypto_scalarmult` (Curve25519); it refuses small-order public keys and an all-zero result.
enum SodiumX25519 {
    static func sharedSecret(privateKey: [UInt8], publicKey: [UInt8]) throws(CryptoError) -> [UInt8] {
        SodiumArgon2id.initialize()
        var q = [UInt8](repeating: 0, count: X25519.keyLength)
        let rc = q.withUnsafeMutableBufferPointer { o in
            privateKey.withUnsafeBufferPointer { n in publicKey.withUnsafeBufferPointer { p in
                crypto_scalarmult(o.baseAddress!, n.baseAddress!, p.baseAddress!)
            } }
        }
        guard rc == 0 else { throw X25519.zeroShared }
        return q
    }

    static func publicKey(privateKey: [UInt8]) throws(CryptoError) -> [UInt8] {
        SodiumArgon2id.initialize()
        var q = [UInt8](repeating: 0, count: X25519.keyLength)
        let rc = q.withUnsafeMutableBufferPointer { o in
            privateKey.withUnsafeBufferPointer { n in crypto_scalarmult_base(o.baseAddress!, n.baseAddress!) }
        }
        guard rc == 0 else { throw .key("crypto_scalarmult_base refused the private key") }
        return q
    }
}
