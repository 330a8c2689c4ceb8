import ConcordFormats

extension Suites {
    /// `argon2id`: CONTRACT.md §2, the KDF behind both wrap paths.
    public static let argon2id = Suite(
        name: "argon2id",
        ops: [OpSpec(nil,
                     inputs: [FieldSpec("password", .bytes), FieldSpec("salt", .bytes), FieldSpec("params", .text),
                              FieldSpec("length", .integer, required: false, minimum: 0), FieldSpec("secret", .bytes, required: false),
                              FieldSpec("associatedData", .bytes, required: false)],
                     expects: [FieldSpec("key", .bytes)])],
        cost: { input in
            guard let tag = input["params"]?.text, let p = try? KdfParams.parse(tag) else { return 1e-6 }
            // ~0.4 µs per KiB and pass in libsodium on this machine.
            return Double(p.memoryKiB) * Double(p.iterations) * 4e-7
        },
        exceedsLimits: { input, limits in
            guard let tag = input["params"]?.text, let p = try? KdfParams.parse(tag) else { return nil }
            if UInt64(p.memoryKiB) > limits.maxKdfMemoryKiB {
                return "Argon2 memory \(p.memoryKiB) KiB is above the limit of \(limits.maxKdfMemoryKiB) KiB (raise it with --max-kdf-memory KIB)"
            }
            let work = UInt64(p.memoryKiB) * UInt64(p.iterations)
            if work > limits.maxKdfWork {
                return "Argon2 work m×t = \(work) KiB·passes is above the limit of \(limits.maxKdfWork) (raise it with --max-kdf-work N)"
            }
            return nil
        })
}
