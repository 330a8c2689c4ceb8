import COpenSSL

/// SHA-256 through OpenSSL's one-shot EVP digest.
public enum SHA256 {
    public static func hash(_ data: [UInt8]) -> [UInt8] {
        var out = [UInt8](repeating: 0, count: 32)
        var len: UInt32 = 0
        let pad = data.isEmpty ? [UInt8(0)] : data
        _ = pad.withUnsafeBufferPointer { d in
            out.withUnsafeMutableBufferPointer { o in
                EVP_Digest(d.baseAddress, data.count, o.baseAddress, &len, EVP_sha256(), nil)
            }
        }
        return out
    }

    public static var opensslVersion: String { String(cString: OpenSSL_version(OPENSSL_VERSION)) }
}
