/// What a field holds beyond its type, for the generators of `concord explore` (docs/exploration.md,
/// "Field kinds"): a suite's definition gives a field a kind only when its type does not say enough
/// (a 12-byte nonce, a P-256 public key, an id joined with `|`); every other field takes the kind its
/// type implies (`FieldKind.of(type:)`).
public enum FieldKind: Sendable, Equatable, Hashable, CustomStringConvertible {
    /// Bytes, drawn at one of these lengths (empty: any length up to 64, with the edges 0, 1, 15, 16,
    /// 17, 31, 32, 33 and 64).
    case bytes(lengths: [Int])
    /// Text from the characters the contracts care about (TrickyCharacters) among ASCII letters.
    case text
    /// An id: letters, digits, `-` and `_`, sometimes holding the `|` that joins ids.
    case id
    /// An integer in this closed range, its ends (and 0, ±1 where inside) among the draws.
    case integer(min: Int64, max: Int64)
    /// A Closer answer `{scaleValue, selectedOptionIds, writtenText}`.
    case answer
    /// One half of a key pair of a curve, raw: every field of one case with the same curve takes the
    /// same pair (a `public` field is then the `private` one's key).
    case privateKey(Curve)
    case publicKey(Curve)
    /// A part of the case's Tink AES-GCM keyset (one per case, any output prefix, key ids across the
    /// 32-bit range): `keysetJson`, `keys` (a JSON list of `{keyId, key}`), `primaryKeyId`, `key`
    /// (its 32-byte key: a couple key the keyset holds).
    case tinkAesGcm(part: String)
    /// A part of the case's Tink ECIES P-256 keyset: `privateKeyset`, `publicKeyset`, `publicKey`
    /// (`pub:v1:`), `keyId`, `private`, `public`.
    case tinkEcies(part: String)

    /// The parts of `tinkAesGcm` and `tinkEcies` with the type of each.
    public static let tinkParts: [String: String] = [
        "keysetJson": "text", "keys": "text", "primaryKeyId": "integer", "key": "bytes",
        "privateKeyset": "text", "publicKeyset": "text", "publicKey": "text", "keyId": "integer", "private": "bytes", "public": "bytes",
    ]

    /// The curves of `privateKey`/`publicKey`.
    public enum Curve: String, Sendable, Hashable, CaseIterable {
        /// X25519: a 32-byte scalar and its 32-byte u-coordinate.
        case x25519
        /// Ed25519: RFC 8032's 32-byte seed and its 32-byte encoded point.
        case ed25519
        /// P-256: a 32-byte scalar and its 65-byte uncompressed point.
        case p256
    }

    /// The type a value of this kind has (a definition's hint must agree with its field's type).
    public var typeName: String {
        switch self {
        case .bytes, .privateKey, .publicKey: return "bytes"
        case .text, .id: return "text"
        case .integer: return "integer"
        case .answer: return "answer"
        case .tinkAesGcm(let part), .tinkEcies(let part): return Self.tinkParts[part] ?? "unknown part \(part)"
        }
    }

    public var description: String {
        switch self {
        case .bytes(let l): return l.isEmpty ? "bytes" : "bytes of \(l.map(String.init).joined(separator: ", ")) bytes"
        case .text: return "text"
        case .id: return "id"
        case .integer(let lo, let hi): return "integer \(lo)...\(hi)"
        case .answer: return "answer"
        case .privateKey(let c): return "\(c.rawValue) private key"
        case .publicKey(let c): return "\(c.rawValue) public key"
        case .tinkAesGcm(let part): return "Tink AES-GCM keyset's \(part)"
        case .tinkEcies(let part): return "Tink ECIES P-256 keyset's \(part)"
        }
    }

    /// The kind a field of this type (a `FieldType` raw value) takes when its definition names none;
    /// nil for a type no generator knows.
    public static func of(typeName: String, minimum: Int64? = nil) -> FieldKind? {
        switch typeName {
        case "bytes": return .bytes(lengths: [])
        case "text": return .text
        case "integer": return .integer(min: minimum ?? -(1 << 31), max: 1 << 31)
        case "answer": return .answer
        default: return nil
        }
    }
}
