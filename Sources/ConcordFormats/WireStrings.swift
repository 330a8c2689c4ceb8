/// The contracts' wire strings (Closer's CONTRACT.md §5, §6, §8, §10): a prefix and an encoded blob.
/// The compositions behind them are each pack's (Closer's commitment and id checks: `CloserWire`).
public enum Wire {
    public static let field = "enc:v1:"
    public static let sealed = "sealed:v1:"
    public static let commitment = "sha256:"
    public static let keybox = "keybox:v1:"

    /// The blob after `prefix`, decoded strictly; `format` when the prefix or the encoding is wrong.
    public static func decode(_ wire: String, prefix: String, _ alphabet: Base64.Alphabet) throws(ContractError) -> [UInt8] {
        guard wire.hasPrefix(prefix) else {
            let seen = wire.prefix(prefix.count + 4)
            throw ContractError(.format, "expected the prefix \"\(prefix)\", found \"\(seen)…\"")
        }
        do { return try Base64.decode(String(wire.dropFirst(prefix.count)), alphabet) } catch {
            throw ContractError(.format, "after \"\(prefix)\": \(error.message)")
        }
    }

    /// Where two wire strings first differ, in the decoded blob and the part of it the byte is in.
    public struct Difference: Sendable, Equatable {
        /// `prefix` (the text prefix, or the Tink prefix inside a keybox), `ephemeral key`,
        /// `nonce`, `ciphertext`, `tag`, or `past the end` (the actual blob is longer and the same
        /// up to the expected one's end).
        public var part: String
        /// The first differing byte's offset in the part.
        public var partOffset: Int
        /// Its offset in the decoded blob; nil when the text prefix differs.
        public var blobOffset: Int?
        public init(part: String, partOffset: Int, blobOffset: Int?) {
            self.part = part
            self.partOffset = partOffset
            self.blobOffset = blobOffset
        }
        /// `blob byte 45: tag, byte 3`, or `prefix "enc:v1:", byte 4` (docs/reports.md).
        public var text: String {
            guard let b = blobOffset else { return "prefix, byte \(partOffset)" }
            return "blob byte \(b): \(part), byte \(partOffset)"
        }
    }

    /// The layouts known (CONTRACT.md §3, §6, §8, §10): the text prefix, the blob's alphabet and its
    /// parts from the start (the remainder up to the 16-byte tag is the ciphertext).
    static let layouts: [(prefix: String, alphabet: Base64.Alphabet, head: [(String, Int)])] = [
        (field, .standard, [("nonce", 12)]),
        (sealed, .url, [("nonce", 12)]),
        (keybox, .url, [("prefix", 5), ("ephemeral key", 65), ("nonce", 12)]),
    ]

    /// The alphabet of a known wire's blob (`enc:v1:` standard, `sealed:v1:` and `keybox:v1:` URL).
    public static func alphabet(prefix: String) -> Base64.Alphabet? {
        layouts.first { $0.prefix == prefix }?.alphabet
    }

    /// The first difference of two wire strings of one known format (`enc:v1:`, `sealed:v1:`,
    /// `keybox:v1:`), named in the expected one's layout: nil when the expected value is not one,
    /// the actual one does not decode, or the blobs are the same.
    public static func difference(expected: String, actual: String) -> Difference? {
        guard let layout = layouts.first(where: { expected.hasPrefix($0.prefix) }),
              let want = try? decode(expected, prefix: layout.prefix, layout.alphabet) else { return nil }
        guard actual.hasPrefix(layout.prefix) else {
            let e = Array(expected.utf8), a = Array(actual.utf8)
            var k = 0
            while k < e.count, k < a.count, e[k] == a[k] { k += 1 }
            return Difference(part: "prefix", partOffset: k, blobOffset: nil)
        }
        guard let got = try? decode(actual, prefix: layout.prefix, layout.alphabet) else { return nil }
        var k = 0
        while k < want.count, k < got.count, want[k] == got[k] { k += 1 }
        if k == want.count && k == got.count { return nil }
        // The actual blob goes on where the expected one ends.
        if k == want.count { return Difference(part: "past the end", partOffset: 0, blobOffset: k) }
        // The parts of the expected blob: its head, then the ciphertext, then the last 16 bytes.
        var start = 0
        for (name, size) in layout.head {
            if k < start + size { return Difference(part: name, partOffset: k - start, blobOffset: k) }
            start += size
        }
        let tag = max(start, want.count - 16)
        if k < tag { return Difference(part: "ciphertext", partOffset: k - start, blobOffset: k) }
        return Difference(part: "tag", partOffset: k - tag, blobOffset: k)
    }
}
