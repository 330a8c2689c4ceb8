/// HKDF (RFC 5869) over HMAC with any `HashFunction`: extract then expand, in one call.
public enum HKDF {
    /// The hashes Tink's ECIES names (`HashFunction`; its raw values are Tink's `HashType` names).
    public typealias Hash = HashFunction

    /// `size` must be 1...255·hashLength; the caller's contract layer refuses other sizes.
    public static func derive(_ hash: HashFunction, ikm: [UInt8], salt: [UInt8], info: [UInt8], size: Int) -> [UInt8] {
        precondition(size > 0 && size <= 255 * hash.length)
        let prk = hash.hmac(key: salt.isEmpty ? [UInt8](repeating: 0, count: hash.length) : salt, data: ikm)
        var okm = [UInt8]()
        var t = [UInt8]()
        var counter: UInt8 = 1
        while okm.count < size {
            t = hash.hmac(key: prk, data: t + info + [counter])
            okm += t
            counter &+= 1
        }
        return Array(okm.prefix(size))
    }

    public static func sha256(ikm: [UInt8], salt: [UInt8], info: [UInt8], size: Int) -> [UInt8] {
        derive(.sha256, ikm: ikm, salt: salt, info: info, size: size)
    }
}
