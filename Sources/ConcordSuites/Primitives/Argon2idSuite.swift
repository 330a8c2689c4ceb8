import ConcordFormats

extension Suites {
    public static let argon2id = Suite(
        name: "argon2id",
        summary: "Argon2id key derivation (RFC 9106), version 0x13, from a parameter tag.",
        ops: [OpSpec(nil,
                     inputs: [FieldSpec("password", .bytes, title: "Password", "The password bytes, usually `{utf8: …}`."),
                              FieldSpec("salt", .bytes, title: "Salt", "The salt bytes."),
                              FieldSpec("params", .text, title: "Parameter tag",
                                        "The parameter tag of the Closer contract §2, e.g. `argon2id;v=19;m=47104;t=3;p=1`.").kind(.kdfParams),
                              FieldSpec("length", .integer, required: false, minimum: 0, title: "Output length",
                                        "Bytes of output; 32 when left out. The contract accepts 4..1024: other values belong in result: invalid vectors (error: parameters).").kind(.integer(min: 0, max: 1 << 16)).caps([4, 1024]),
                              FieldSpec("secret", .bytes, required: false, title: "Secret (key)", "Optional Argon2 secret input K.").kind(.bytes(lengths: [])).associatedData(),
                              FieldSpec("associatedData", .bytes, required: false, title: "Associated data", "Optional Argon2 associated data X.").kind(.bytes(lengths: [])).associatedData()],
                     expects: [FieldSpec("key", .bytes, "The derived key, `length` bytes.")])],
        implementations: ["libsodium", "libargon2", "jvm"],
        cost: { input in
            guard let tag = input["params"]?.text, let p = try? KdfParams.parse(tag) else { return 1e-6 }
            return Double(p.memoryKiB) * Double(p.iterations) * 4e-7
        },
        exceedsLimits: { input, limits in
            guard let tag = input["params"]?.text, let p = try? KdfParams.parse(tag) else { return nil }
            return limits.kdfExcess(p, joiner: " is above")
        })
}
