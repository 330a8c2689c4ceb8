import ConcordFormats
import ConcordPrimitives
import ConcordSuites

/// The Tink ECIES keysets as the implementations use them: decoded by ConcordFormats
/// (`TinkEciesKeyset.decode…`, pure), then checked on the curve here: every public point must be
/// on its curve (P-256, P-384 or P-521), every private scalar valid and matching its public point
/// (`key` refusals).
extension TinkEciesKeyset {
    /// Either kind of keyset: its primary key's public part, and the scalar when it is private;
    /// every ENABLED key is checked, each as it is read (TinkEciesKeyset.decodeKeys).
    public static func parse(_ json: String) throws(ContractError) -> (publicKey: EciesPublicKey, scalar: [UInt8]?) {
        try decode(json, check: check)
    }

    /// Every ENABLED private key of a keyset (Tink opens with any key whose prefix matches), the
    /// primary first, and the index of the primary one.
    public static func parsePrivateKeys(_ json: String) throws(ContractError) -> (keys: [EciesPrivateKey], primary: Int) {
        try decodePrivateKeys(json, check: check)
    }

    /// `pub:v1:` + b64url(UTF-8 public keyset JSON).
    public static func parsePublic(wire: String) throws(ContractError) -> EciesPublicKey {
        try decodePublic(wire: wire, check: check)
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
