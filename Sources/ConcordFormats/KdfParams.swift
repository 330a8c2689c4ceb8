/// The Argon2id parameter tag stored as `kdfParams` (CONTRACT.md §2):
/// exactly `argon2id;v=19;m=<int>;t=<int>;p=<int>`, keys in this order.
public struct KdfParams: Sendable, Equatable {
    public var version: UInt32
    public var memoryKiB: UInt32
    public var iterations: UInt32
    public var parallelism: UInt32

    public init(version: UInt32, memoryKiB: UInt32, iterations: UInt32, parallelism: UInt32) {
        self.version = version
        self.memoryKiB = memoryKiB
        self.iterations = iterations
        self.parallelism = parallelism
    }

    public var tag: String { "argon2id;v=\(version);m=\(memoryKiB);t=\(iterations);p=\(parallelism)" }

    /// Argon2's own bound on lanes (RFC 9106 §3.1: p < 2^24).
    public static let maxParallelism: UInt32 = (1 << 24) - 1

    /// Parses a tag, refusing (class `parameters`) anything but the canonical form: a different
    /// algorithm, a version other than 19, missing, repeated, unknown or reordered keys, values that
    /// are not plain decimal (sign, spaces, leading zeros, hex), zero, above 2^32-1, memory below
    /// `8 * p` KiB and parallelism above 2^24-1.
    public static func parse(_ tag: String) throws(ContractError) -> KdfParams {
        func refuse(_ why: String) -> ContractError { ContractError(.parameters, "kdfParams \"\(tag)\": \(why)") }
        if tag.isEmpty { throw refuse("empty tag") }
        let parts = tag.split(separator: ";", omittingEmptySubsequences: false).map(String.init)
        guard let algorithm = parts.first else { throw refuse("empty tag") }
        if algorithm != "argon2id" {
            if algorithm.lowercased() == "argon2id" { throw refuse("algorithm \"\(algorithm)\" must be written in lower case \"argon2id\"") }
            throw refuse("algorithm \"\(algorithm)\" is not argon2id")
        }
        let expected = ["v", "m", "t", "p"]
        var values: [String: UInt32] = [:]
        var seen: [String] = []
        for part in parts.dropFirst() {
            if part.isEmpty { throw refuse("empty field (a stray ';')") }
            guard let eq = part.firstIndex(of: "=") else { throw refuse("field \"\(part)\" is not key=value") }
            let key = String(part[..<eq])
            let raw = String(part[part.index(after: eq)...])
            guard expected.contains(key) else { throw refuse("unknown key \"\(key)\" (expected v, m, t, p in that order)") }
            if seen.contains(key) { throw refuse("key \"\(key)\" is repeated") }
            let position = seen.count
            if position >= expected.count || expected[position] != key {
                throw refuse("key \"\(key)\" is out of order (expected v, m, t, p in that order)")
            }
            seen.append(key)
            values[key] = try decimal(raw, key: key, refuse)
        }
        for key in expected where values[key] == nil { throw refuse("missing key \"\(key)\"") }
        let params = KdfParams(version: values["v"]!, memoryKiB: values["m"]!, iterations: values["t"]!, parallelism: values["p"]!)
        if params.version != 19 { throw refuse("version \(params.version) is not 19 (Argon2 v1.3, 0x13)") }
        if params.parallelism > maxParallelism { throw refuse("parallelism \(params.parallelism) is above Argon2's limit \(maxParallelism)") }
        if UInt64(params.memoryKiB) < 8 * UInt64(params.parallelism) {
            throw refuse("memory \(params.memoryKiB) KiB is below 8 * p = \(8 * UInt64(params.parallelism)) KiB")
        }
        return params
    }

    private static func decimal(_ raw: String, key: String, _ refuse: (String) -> ContractError) throws(ContractError) -> UInt32 {
        let u = Array(raw.utf8)
        if u.isEmpty { throw refuse("\(key) has no value") }
        guard u.allSatisfy({ $0 >= 48 && $0 <= 57 }) else {
            throw refuse("\(key)=\"\(raw)\" is not a plain decimal number")
        }
        if u.count > 1 && u[0] == 48 { throw refuse("\(key)=\(raw) has a leading zero (not canonical)") }
        guard u.count <= 10, let v = UInt64(raw), v <= UInt64(UInt32.max) else {
            throw refuse("\(key)=\(raw) is above 2^32-1")
        }
        if v == 0 { throw refuse("\(key) must not be zero") }
        return UInt32(v)
    }
}
