import ConcordFormats
import ConcordPrimitives
import ConcordSuites

/// The key a request gives in one of its forms (`private` | `privateDer` | `privatePem` | `privateJwk`,
/// and the same for `public`): exactly one per side, as the suite's `exactlyOne` says. The forms
/// are parsed by ConcordFormats' `KeyForms`; what needs the curve (a JWK's public half matching
/// its private half) is checked here.
enum KeyFormInputs {
    static func form(_ r: Request, _ side: String) throws -> KeyForms.Form {
        var found: [KeyForms.Form] = []
        if let b = try r.optionalBytes(side) { found.append(.raw(b)) }
        if let b = try r.optionalBytes(side + "Der") { found.append(.der(b)) }
        if r.input[side + "Pem"] != nil { found.append(.pem(try r.text(side + "Pem"))) }
        if r.input[side + "Jwk"] != nil { found.append(.jwk(try r.text(side + "Jwk"))) }
        guard found.count == 1 else {
            throw ContractError(.format, "give exactly one of \(side), \(side)Der, \(side)Pem, \(side)Jwk (got \(found.count))")
        }
        return found[0]
    }
}

extension KeyForms {
    /// The raw private key. A JWK that also carries `x` must carry the public key of its `d`
    /// (computed on `backend`); a mismatch is `key`.
    public static func x25519PrivateKey(_ form: Form, backend: CryptoBackend) throws(ContractError) -> [UInt8] {
        switch form {
        case .raw(let b): return b
        case .der(let b): return try x25519PrivateKey(pkcs8: b)
        case .pem(let t): return try x25519PrivateKey(pem: t)
        case .jwk(let t):
            let (d, x) = try x25519PrivateKey(jwk: t)
            if let x {
                let derived: [UInt8]
                do { derived = try X25519.publicKey(privateKey: d, backend: backend) } catch { throw ContractError(error) ?? ContractError(.key, error.message) }
                guard derived == x else { throw ContractError(.key, "JWK: \"x\" is not the public key of \"d\"") }
            }
            return d
        }
    }

    /// The private scalar on `curve`. A JWK that also carries `x` and `y` must carry the public point
    /// of its `d`; a mismatch is `key`.
    public static func ecPrivateKey(_ form: Form, curve: NistCurve) throws(ContractError) -> [UInt8] {
        switch form {
        case .raw(let b): return b
        case .der(let b): return try ecPrivateKey(pkcs8: b, curve: curve.keyForms)
        case .pem(let t): return try ecPrivateKey(pem: t, curve: curve.keyForms)
        case .jwk(let t):
            let (d, point) = try ecPrivateKey(jwk: t, curve: curve.keyForms)
            if let point {
                let q: (x: [UInt8], y: [UInt8])
                do { q = try curve.publicKey(privateScalar: d) } catch { throw ContractError(.key, "JWK \"d\": \(error.message)") }
                guard NistCurve.uncompressed(x: q.x, y: q.y) == point else { throw ContractError(.key, "JWK: \"x\" and \"y\" are not the public point of \"d\"") }
            }
            return d
        }
    }

    public static func p256PrivateKey(_ form: Form) throws(ContractError) -> [UInt8] { try ecPrivateKey(form, curve: .p256) }
}

extension NistCurve {
    /// The curve as ConcordFormats' key forms name it (JWK `crv`, namedCurve OID, size).
    public var keyForms: KeyForms.ECCurve {
        switch self {
        case .p256: return .p256
        case .p384: return .p384
        case .p521: return .p521
        }
    }
}
