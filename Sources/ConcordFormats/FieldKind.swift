/// What a field holds beyond its type, for the generators of `concord explore` (docs/exploration.md,
/// "Field kinds"): a suite's definition gives a field a kind only when its type does not say enough
/// (a 12-byte nonce, a P-256 public key, an id joined with `|`); every other field takes the kind its
/// type implies (`FieldKind.of(type:)`).
public enum FieldKind: Sendable, Equatable, Hashable, CustomStringConvertible {
    /// Bytes, drawn at one of these lengths (empty: a length from the size classes, `SizeSchedule`).
    case bytes(lengths: [Int])
    /// Text: ASCII letters with the characters of a class of the Unicode catalogue (`UnicodeClasses`),
    /// its length from the size classes in characters, UTF-8 bytes or UTF-16 units.
    case text
    /// An id: letters, digits, `-` and `_`, sometimes holding the `|` that joins ids or a character
    /// of the Unicode catalogue.
    case id
    /// An integer in this closed range, its ends (and 0, ±1 where inside) among the draws.
    case integer(min: Int64, max: Int64)
    /// A value of a record type a pack defines (`RecordType`: Closer's answer), each member drawn
    /// as the type's data says.
    case record(RecordType)
    /// One half of a key pair of a curve, raw: every field of one case with the same curve takes the
    /// same pair (a `public` field is then the `private` one's key).
    case privateKey(Curve)
    case publicKey(Curve)
    /// The public key an ECDH meets (the peer's): with the case's `privateKey` of the curve, a shared
    /// secret that starts with one or two zero bytes every few cases (a searched pair), else the
    /// case's own public key.
    case peerPublicKey(Curve)
    /// The private half of that peer (the recipient who opens what was sealed to `peerPublicKey`).
    case peerPrivateKey(Curve)
    /// One of the case's keys in a key form (DER, PEM or JWK; docs/vector-format.md, "Key forms"):
    /// the `privateKey` of the curve or the peer's public key, valid or near-valid.
    case keyForm(Curve, KeySide, KeyFormat)
    /// An Argon2id parameter tag `argon2id;v=19;m=…;t=…;p=…` (CONTRACT.md §2): cheap valid ones and
    /// near-valid spellings.
    case kdfParams
    /// A Closer wire string with this prefix (`enc:v1:`, `sealed:v1:`, `keybox:v1:`; CONTRACT.md §6,
    /// §8, §10) around a blob of `minimum` bytes or more: near-valid ones (the valid ones come from the
    /// op that makes them).
    case wire(prefix: String, minimum: Int)
    /// A part of the case's Tink AES-GCM keyset (one per case, any output prefix, key ids across the
    /// 32-bit range): `keysetJson`, `keys` (a JSON list of `{keyId, key}`), `primaryKeyId`, `key`
    /// (its 32-byte key: a couple key the keyset holds).
    case tinkAesGcm(part: String)
    /// A part of the case's Tink ECIES P-256 keyset: `privateKeyset`, `publicKeyset`, `publicKey`
    /// (`pub:v1:`), `keyId`, `private`, `public`.
    case tinkEcies(part: String)

    /// An ECDSA P-256 signature (bytes) in this encoding: r and s each drawn from the width classes
    /// (`StructuredValues.integerWidths`: full, the top bit set, one, two or more leading zero bytes,
    /// zero, the group order or above), DER minimal or near-valid, P1363 64 bytes or a byte either side.
    case ecdsaSignature(SignatureEncoding)

    /// An ECDSA signature's encoding: DER `SEQUENCE { INTEGER r, INTEGER s }` or IEEE P1363 r ‖ s.
    public enum SignatureEncoding: String, Sendable, Hashable, CaseIterable { case der, p1363 }

    /// The parts of `tinkAesGcm` and `tinkEcies` with the type of each.
    public static let tinkParts: [String: String] = [
        "keysetJson": "text", "keys": "text", "primaryKeyId": "integer", "key": "bytes",
        "privateKeyset": "text", "publicKeyset": "text", "publicKey": "text", "keyId": "integer", "private": "bytes", "public": "bytes",
    ]

    /// Whose key a key form holds: the case's private key, or the public key it meets.
    public enum KeySide: String, Sendable, Hashable, CaseIterable { case `private`, peer }
    /// A key form: DER (bytes), PEM or JWK (text).
    public enum KeyFormat: String, Sendable, Hashable, CaseIterable { case der, pem, jwk }

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
        case .bytes, .privateKey, .publicKey, .peerPublicKey, .peerPrivateKey, .ecdsaSignature: return "bytes"
        case .keyForm(_, _, let f): return f == .der ? "bytes" : "text"
        case .text, .id, .kdfParams, .wire: return "text"
        case .integer: return "integer"
        case .record(let r): return r.name
        case .tinkAesGcm(let part), .tinkEcies(let part): return Self.tinkParts[part] ?? "unknown part \(part)"
        }
    }

    public var description: String {
        switch self {
        case .bytes(let l): return l.isEmpty ? "bytes" : "bytes of \(l.map(String.init).joined(separator: ", ")) bytes"
        case .text: return "text"
        case .id: return "id"
        case .integer(let lo, let hi): return "integer \(lo)...\(hi)"
        case .record(let r): return r.name
        case .privateKey(let c): return "\(c.rawValue) private key"
        case .publicKey(let c): return "\(c.rawValue) public key"
        case .peerPublicKey(let c): return "\(c.rawValue) peer public key"
        case .peerPrivateKey(let c): return "\(c.rawValue) peer private key"
        case .keyForm(let c, let side, let f): return "\(c.rawValue) \(side == .private ? "private" : "peer public") key as \(f.rawValue.uppercased())"
        case .kdfParams: return "Argon2id parameter tag"
        case .ecdsaSignature(let e): return "ECDSA P-256 signature in \(e == .der ? "DER" : "P1363")"
        case .wire(let prefix, _): return "\(prefix) wire"
        case .tinkAesGcm(let part): return "Tink AES-GCM keyset's \(part)"
        case .tinkEcies(let part): return "Tink ECIES P-256 keyset's \(part)"
        }
    }

    /// The kind a field of this type (a `FieldType` raw value) takes when its definition names none;
    /// nil for a type no generator knows (a record type's field takes `.record`, `FieldSpec.kind`).
    public static func of(typeName: String, minimum: Int64? = nil) -> FieldKind? {
        switch typeName {
        case "bytes": return .bytes(lengths: [])
        case "text": return .text
        case "integer": return .integer(min: minimum ?? -(1 << 31), max: 1 << 31)
        default: return nil
        }
    }
}

/// What a suite's contract bounds about a field's generated values (docs/exploration.md, "Sizes"):
/// given with `FieldSpec`'s `associatedData()`, `atMost(_:)` and `caps(_:)`.
public struct FieldBounds: Sendable, Hashable {
    /// Associated data of some kind (an AAD, a context, an HKDF info or salt, Argon2's secret and
    /// associated data): empty at a high rate, whatever size class the other fields draw.
    public var associatedData = false
    /// The largest size the contract allows (bytes for bytes, each measure for text): a size class
    /// above it is not drawn (its sizes are clamped to this).
    public var maxSize: Int? = nil
    /// A counter's caps in the contract (a skip cap, a window): each drawn exactly and ±1, beside
    /// the wraps every integer draws (255/256, 65535/65536, 2^31, 2^32).
    public var caps: [Int64] = []
    public init(associatedData: Bool = false, maxSize: Int? = nil, caps: [Int64] = []) {
        self.associatedData = associatedData
        self.maxSize = maxSize
        self.caps = caps
    }
}
