/// Tink's output prefix (its `OutputPrefixUtil`): what a keyset's key writes before each of its
/// ciphertexts. TINK is `0x01 ‖ keyId`, LEGACY and CRUNCHY are `0x00 ‖ keyId` (the key id as
/// 4 big-endian bytes), RAW is nothing. The one place Concord reads or writes that layout.
public enum TinkOutputPrefix: String, Sendable, CaseIterable {
    case tink = "TINK", legacy = "LEGACY", crunchy = "CRUNCHY", raw = "RAW"

    /// The length of a TINK, LEGACY or CRUNCHY prefix.
    public static let length = 5

    /// A keyset's `outputPrefixType` (`field` names it): `format` when it is missing or no name of
    /// Tink's enum, `key` for `UNKNOWN_PREFIX` (TinkEnum's rule).
    public static func parse(_ name: String?, field: String) throws(ContractError) -> TinkOutputPrefix {
        try parse(json: name.map(JSON.string), field: field)
    }

    /// The same, from the keyset's JSON member (missing or not a string: `format`).
    public static func parse(json value: JSON?, field: String) throws(ContractError) -> TinkOutputPrefix {
        let name = try TinkEnum.name(value, TinkEnum.prefixes, field: field)
        guard let p = TinkOutputPrefix(rawValue: name) else {
            throw ContractError(.key, "keyset: \(field) is \(name), not TINK, RAW, LEGACY or CRUNCHY")
        }
        return p
    }

    /// The bytes a key with this prefix type and id writes first.
    public func bytes(keyId: UInt32) -> [UInt8] {
        let id = [UInt8(keyId >> 24), UInt8(keyId >> 16 & 0xff), UInt8(keyId >> 8 & 0xff), UInt8(keyId & 0xff)]
        switch self {
        case .tink: return [0x01] + id
        case .legacy, .crunchy: return [0x00] + id
        case .raw: return []
        }
    }

    /// A prefix a blob starts with, as far as its first five bytes can tell.
    public struct Found: Sendable, Equatable {
        /// 0x01 (TINK) or 0x00 (LEGACY or CRUNCHY: the bytes do not tell them apart).
        public var marker: UInt8
        public var keyId: UInt32
        /// "TINK" or "LEGACY/CRUNCHY".
        public var kind: String { marker == 0x01 ? "TINK" : "LEGACY/CRUNCHY" }
        /// The key id as written: 8 lower-case hex digits.
        public var keyIdHex: String { Hex.encode(TinkOutputPrefix.tink.bytes(keyId: keyId).suffix(4)) }
    }

    /// The TINK or LEGACY/CRUNCHY prefix `blob` would start with if it carried one (first byte
    /// 0x01 or 0x00, then a key id); nil when it is shorter than `minimumLength` or starts otherwise.
    public static func find(in blob: [UInt8], minimumLength: Int = length) -> Found? {
        guard blob.count >= max(minimumLength, length), blob[0] <= 1 else { return nil }
        return Found(marker: blob[0], keyId: blob[1...4].reduce(UInt32(0)) { $0 << 8 | UInt32($1) })
    }
}
