import CSodium

/// libsodium's `crypto_pwhash` with `crypto_pwhash_ALG_ARGON2ID13` (what the iOS app calls).
public enum SodiumArgon2id {
    public static func initialize() { _ = sodiumReady }
    private static let sodiumReady: Bool = sodium_init() >= 0

    public static func hash(password: [UInt8], salt: [UInt8], parameters p: Argon2idParameters,
                            secret: [UInt8]? = nil, associatedData: [UInt8]? = nil) throws(CryptoError) -> [UInt8] {
        initialize()
        if p.parallelism != 1 {
            throw .unsupported("libsodium's crypto_pwhash fixes parallelism at 1 (asked for p=\(p.parallelism))")
        }
        if salt.count != Int(crypto_pwhash_saltbytes()) {
            throw .unsupported("libsodium's crypto_pwhash takes a salt of exactly \(crypto_pwhash_saltbytes()) bytes (got \(salt.count))")
        }
        // An empty secret or associated data is the same computation as none: only a non-empty one is beyond libsodium.
        if let secret, !secret.isEmpty {
            throw .unsupported("libsodium's crypto_pwhash cannot take an Argon2 secret (\(secret.count) bytes given)")
        }
        if let associatedData, !associatedData.isEmpty {
            throw .unsupported("libsodium's crypto_pwhash cannot take Argon2 associated data (\(associatedData.count) bytes given)")
        }
        if p.version != 0x13 {
            throw .unsupported("libsodium's ALG_ARGON2ID13 computes version 0x13 only (asked for 0x\(String(p.version, radix: 16)))")
        }
        let memlimit = Int(p.memoryKiB) * 1024
        if p.iterations < crypto_pwhash_argon2id_opslimit_min() {
            throw .unsupported("libsodium's Argon2id needs at least \(crypto_pwhash_argon2id_opslimit_min()) iterations (asked for \(p.iterations))")
        }
        if memlimit < crypto_pwhash_argon2id_memlimit_min() {
            throw .unsupported("libsodium's Argon2id needs at least \(crypto_pwhash_argon2id_memlimit_min() / 1024) KiB (asked for \(p.memoryKiB))")
        }
        if p.length < Int(crypto_pwhash_bytes_min()) {
            throw .unsupported("libsodium's crypto_pwhash outputs at least \(crypto_pwhash_bytes_min()) bytes (asked for \(p.length))")
        }
        var out = [UInt8](repeating: 0, count: p.length)
        // Parameters are `nonnull`: an empty password still needs a valid pointer (trap 2).
        let pw = password.isEmpty ? [UInt8(0)] : password
        let rc = out.withUnsafeMutableBufferPointer { o in
            pw.withUnsafeBufferPointer { pwb in
                salt.withUnsafeBufferPointer { s in
                    pwb.baseAddress!.withMemoryRebound(to: CChar.self, capacity: pw.count) { pwc in
                        crypto_pwhash(o.baseAddress!, UInt64(p.length), pwc, UInt64(password.count), s.baseAddress!,
                                      UInt64(p.iterations), memlimit, crypto_pwhash_ALG_ARGON2ID13)
                    }
                }
            }
        }
        if rc != 0 { throw .library("crypto_pwhash failed (out of memory or parameters out of range)") }
        return out
    }

    public static var version: String {
        initialize()
        return String(cString: sodium_version_string())
    }
}
