import COpenSSL

/// Random bytes from OpenSSL's CSPRNG (`RAND_bytes`), for nonces and ephemeral keys of round trips.
public enum SecureRandom {
    public static func bytes(_ n: Int) -> [UInt8] {
        var out = [UInt8](repeating: 0, count: n)
        if n > 0 { precondition(RAND_bytes(&out, Int32(n)) == 1, "RAND_bytes failed") }
        return out
    }
}
