/// A fuzz target: a function over arbitrary bytes that returns a description of a broken invariant,
/// or nil. A crash (a trap, an out-of-bounds index, an address-sanitizer report) is a finding too.
///
/// The same functions run under libFuzzer (`scripts/fuzz`, built by swiftc with
/// `-sanitize=fuzzer,address`) and, for every saved crash and seed, under `swift test`
/// (`FuzzRegressionTests`), so a fixed finding stays fixed.
public struct FuzzTarget: Sendable {
    public let name: String
    public let summary: String
    public let check: @Sendable ([UInt8]) -> String?

    public init(name: String, summary: String, check: @escaping @Sendable ([UInt8]) -> String?) {
        self.name = name
        self.summary = summary
        self.check = check
    }

    /// Every target, by the name `scripts/fuzz` takes.
    public static let all: [FuzzTarget] = [
        vectorFile, encodings, protobufKeyset, wireAndKeybox, canonicalJSON, capturedOutputs,
    ]

    public static func named(_ name: String) -> FuzzTarget? { all.first { $0.name == name } }
}

/// The first failing check of several, so a target can list its invariants in order.
func firstFailure(_ checks: [() -> String?]) -> String? {
    for c in checks { if let f = c() { return f } }
    return nil
}

func hexDump(_ b: [UInt8], limit: Int = 48) -> String {
    let digits = Array("0123456789abcdef")
    var s = ""
    for x in b.prefix(limit) { s.append(digits[Int(x >> 4)]); s.append(digits[Int(x & 15)]) }
    return b.count > limit ? s + "…(\(b.count) bytes)" : s
}
