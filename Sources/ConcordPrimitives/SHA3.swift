import COpenSSL

/// SHA3-256 (FIPS 202) through OpenSSL's one-shot EVP digest (`EVP_sha3_256`).
public enum SHA3_256 {
    public static func hash(_ data: [UInt8]) -> [UInt8] {
        var out = [UInt8](repeating: 0, count: 32)
        var len: UInt32 = 0
        let rc = CBytes.with(data) { d in
            out.withUnsafeMutableBufferPointer { o in EVP_Digest(d, data.count, o.baseAddress, &len, EVP_sha3_256(), nil) }
        }
        precondition(rc == 1 && len == 32, "EVP_Digest(SHA3-256) failed")
        return out
    }
}
