import CArgon2

/// The reference implementation, libargon2's `argon2_ctx` (supports secret and associated data).
public enum ReferenceArgon2id {
    public static func hash(password: [UInt8], salt: [UInt8], parameters p: Argon2idParameters,
                            secret: [UInt8]? = nil, associatedData: [UInt8]? = nil) throws(CryptoError) -> [UInt8] {
        guard p.version == 0x13 || p.version == 0x10 else {
            throw .unsupported("libargon2 knows versions 0x10 and 0x13 only (asked for 0x\(String(p.version, radix: 16)))")
        }
        // argon2_context holds mutable pointers: copy every input into owned storage (trap 3).
        var out = [UInt8](repeating: 0, count: max(p.length, 1))
        var pwd = password + [0]
        var slt = salt + [0]
        var sec = (secret ?? []) + [0]
        var ad = (associatedData ?? []) + [0]
        let rc: Int32 = out.withUnsafeMutableBufferPointer { o in
            pwd.withUnsafeMutableBufferPointer { pw in
                slt.withUnsafeMutableBufferPointer { s in
                    sec.withUnsafeMutableBufferPointer { k in
                        ad.withUnsafeMutableBufferPointer { a in
                            var ctx = argon2_context()
                            ctx.out = o.baseAddress
                            ctx.outlen = UInt32(p.length)
                            ctx.pwd = pw.baseAddress
                            ctx.pwdlen = UInt32(password.count)
                            ctx.salt = s.baseAddress
                            ctx.saltlen = UInt32(salt.count)
                            ctx.secret = (secret == nil) ? nil : k.baseAddress
                            ctx.secretlen = UInt32(secret?.count ?? 0)
                            ctx.ad = (associatedData == nil) ? nil : a.baseAddress
                            ctx.adlen = UInt32(associatedData?.count ?? 0)
                            ctx.t_cost = p.iterations
                            ctx.m_cost = p.memoryKiB
                            ctx.lanes = p.parallelism
                            ctx.threads = p.parallelism
                            ctx.version = p.version
                            ctx.allocate_cbk = nil
                            ctx.free_cbk = nil
                            ctx.flags = 0
                            return argon2_ctx(&ctx, Argon2_id)
                        }
                    }
                }
            }
        }
        if rc != ARGON2_OK.rawValue {
            throw .library("argon2_ctx: " + String(cString: argon2_error_message(rc)))
        }
        return Array(out.prefix(p.length))
    }

    /// libargon2 exposes no release string; report its soname and the newest algorithm version.
    public static var version: String { "libargon2.so.1 (Argon2 v1.3)" }
}
