import ConcordFormats
import ConcordPrimitives

/// The Tink ECIES keysets as the implementations use them: decoded by ConcordFormats
/// (`TinkEciesKeyset.decode…`, pure), then checked on the curve here: every public point must be
/// on its curve (P-256, P-384 or P-521), every private scalar valid and matching its public point
/// (`key` refusals).
extension TinkEciesKeyset {
    /// Either kind of keyset: its primary key's public part, and the scalar when it is private.
    public static func parse(_ json: String) throws(ContractError) -> (publicKey: EciesPublicKey, scalar: [UInt8]?) {
        let (pub, scalar) = try decode(json)
        try check(pub, scalar)
        return (pub, scalar)
    }

    /// Every ENABLED private key of a keyset (Tink opens with any key whose prefix matches), the
    /// primary first, and the index of the primary one.
    public static func parsePrivateKeys(_ json: String) throws(ContractError) -> (keys: [EciesPrivateKey], primary: Int) {
        let (keys, primary) = try decodePrivateKeys(json)
        for k in keys { try check(k.publicKey, k.scalar) }
        return (keys, primary)
    }

    /// `pub:v1:` + b64url(UTF-8 public keyset JSON).
    public static func parsePublic(wire: String) throws(ContractError) -> EciesPublicKey {
        let pub = try decodePublic(wire: wire)
        try check(pub, nil)
        return pub
    }

    static func check(_ key: EciesPublicKey, _ scalar: [UInt8]?) throws(ContractError) {
        guard let curve = NistCurve(rawValue: key.curve) else { throw ContractError(.key, "curve \(key.curve) is not a NIST curve") }
        do { _ = try curve.decode(NistCurve.uncompressed(x: key.x, y: key.y)) } catch {
            throw ContractError(.key, "EciesAeadHkdfPublicKey: the point (x, y) is not on \(curve.shortName)")
        }
        guard let scalar else { return }
        let derived: (x: [UInt8], y: [UInt8])
        do { derived = try curve.publicKey(privateScalar: scalar) } catch {
            throw ContractError(.key, "EciesAeadHkdfPrivateKey: key_value is not a valid \(curve.shortName) scalar")
        }
        guard derived.x == key.x && derived.y == key.y else {
            throw ContractError(.key, "EciesAeadHkdfPrivateKey: key_value does not match its public key")
        }
    }
}
