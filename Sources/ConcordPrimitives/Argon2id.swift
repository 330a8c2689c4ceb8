import CArgon2
import CSodium

/// Argon2id parameters as the primitives take them: numbers, already validated by the caller's
/// contract layer (the tag parser), plus the optional inputs only some libraries can express.
public struct Argon2idParameters: Sendable, Equatable {
    public var memoryKiB: UInt32
    public var iterations: UInt32
    public var parallelism: UInt32
    public var version: UInt32
    public var length: Int

    public init(memoryKiB: UInt32, iterations: UInt32, parallelism: UInt32, version: UInt32 = 0x13, length: Int = 32) {
        self.memoryKiB = memoryKiB
        self.iterations = iterations
        self.parallelism = parallelism
        self.version = version
        self.length = length
    }
}

/// Why a primitive could not compute: the library cannot express the request (`unsupported`)
/// or it refused the inputs (`refused`, with the library's own message).
public enum PrimitiveError: Error, Sendable, Equatable {
    case unsupported(String)
    case refused(String)
}

/// libsodium's `crypto_pwhash` with `crypto_pwhash_ALG_ARGON2ID13` (what the iOS app calls).
public enum SodiumArgon2id {
    public static func initialize() { _ = sodiumReady }
    private static let sodiumReady: Bool = sodium_init() >= 0

    public static func hash(password: [UInt8], salt: [UInt8], parameters p: Argon2idParameters,
                            secret: [UInt8]? = nil, associatedData: [UInt8]? = nil) throws(PrimitiveError) -> [UInt8] {
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
        if rc != 0 { throw .refused("crypto_pwhash failed (out of memory or parameters out of range)") }
        return out
    }

    public static var version: String {
        initialize()
        return String(cString: sodium_version_string())
    }
}

/// The reference implementation, libargon2's `argon2_ctx` (supports secret and associated data).
public enum ReferenceArgon2id {
    public static func hash(password: [UInt8], salt: [UInt8], parameters p: Argon2idParameters,
                            secret: [UInt8]? = nil, associatedData: [UInt8]? = nil) throws(PrimitiveError) -> [UInt8] {
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
            throw .refused("argon2_ctx: " + String(cString: argon2_error_message(rc)))
        }
        return Array(out.prefix(p.length))
    }

    /// libargon2 exposes no release string; report its soname and the newest algorithm version.
    public static var version: String { "libargon2.so.1 (Argon2 v1.3)" }
}
