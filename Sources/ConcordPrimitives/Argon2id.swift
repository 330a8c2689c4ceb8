/// Argon2id (RFC 9106) on libsodium (`SodiumArgon2id`) and on the reference libargon2
/// (`ReferenceArgon2id`); both throw `CryptoError` (`unsupported`, or `library` when the library refuses).
///
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
