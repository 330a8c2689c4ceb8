import Clibsodium

/// The app's password KDF (CONTRACT.md §2): Argon2id under the parameter tag stored beside the wrapped key,
/// `argon2id;v=19;m=<KiB>;t=<passes>;p=<lanes>`, with libsodium's `crypto_pwhash` (on iOS the same calls come
/// from swift-sodium's `Clibsodium` or a libsodium xcframework). The tag is read strictly (plain decimal,
/// keys in order, v=19, memory at least 8·p KiB), the salt is at least 8 bytes and the key 4..1024 bytes:
/// anything else is `Failure.parameters`. What the contract allows and libsodium cannot run (p > 1, a salt
/// other than 16 bytes, a key under 16 bytes) is `Failure.unsupported`.
public enum PasswordKdf {
    public enum Failure: Error, Equatable {
        case parameters(String)
        case unsupported(String)
    }

    public static func derive(password: [UInt8], salt: [UInt8], kdfParams: String, length: Int) throws -> [UInt8] {
        let (v, m, t, p) = try parse(kdfParams)
        if v != 19 { throw Failure.parameters("Argon2 version \(v) is not 19") }
        if p > (1 << 24) - 1 || m < 8 * p { throw Failure.parameters("memory \(m) KiB with \(p) lanes is out of range") }
        if salt.count < 8 { throw Failure.parameters("salt of \(salt.count) bytes (at least 8)") }
        if length < 4 || length > 1024 { throw Failure.parameters("key length \(length) outside 4..1024") }
        if p != 1 { throw Failure.unsupported("libsodium runs one lane only (p=\(p))") }
        if salt.count != Int(crypto_pwhash_saltbytes()) { throw Failure.unsupported("libsodium takes a 16-byte salt (\(salt.count) bytes)") }
        if length < Int(crypto_pwhash_bytes_min()) { throw Failure.unsupported("libsodium derives at least 16 bytes (\(length))") }
        if sodium_init() < 0 { throw Failure.unsupported("libsodium did not initialise") }
        var key = [UInt8](repeating: 0, count: length)
        let pw = password.map { CChar(bitPattern: $0) }
        let status = crypto_pwhash(&key, UInt64(length), pw, UInt64(pw.count), salt, t, Int(m) * 1024, crypto_pwhash_alg_argon2id13())
        if status != 0 { throw Failure.unsupported("crypto_pwhash failed (memory \(m) KiB, \(t) passes)") }
        return key
    }

    /// `argon2id;v=…;m=…;t=…;p=…`, each value plain decimal (no sign, no leading zero), 1..2^32-1.
    static func parse(_ tag: String) throws -> (UInt64, UInt64, UInt64, UInt64) {
        let parts = tag.split(separator: ";", omittingEmptySubsequences: false)
        guard parts.count == 5, parts[0] == "argon2id" else { throw Failure.parameters("kdfParams \"\(tag)\" is not argon2id;v=19;m=…;t=…;p=…") }
        var values: [UInt64] = []
        for (part, key) in zip(parts.dropFirst(), ["v", "m", "t", "p"]) {
            let digits = part.utf8.dropFirst(2)
            guard part.hasPrefix(key + "="), !digits.isEmpty, digits.count <= 10, digits.allSatisfy({ $0 >= 48 && $0 <= 57 }),
                  digits.count == 1 || digits.first != 48, let n = UInt64(String(decoding: digits, as: UTF8.self)), n >= 1, n <= 0xFFFF_FFFF
            else { throw Failure.parameters("kdfParams \"\(tag)\": \(part) is not \(key)=<1..2^32-1>") }
            values.append(n)
        }
        return (values[0], values[1], values[2], values[3])
    }
}
