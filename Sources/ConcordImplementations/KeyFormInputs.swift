import ConcordFormats
import ConcordSuites

/// The key a request gives in one of its forms (`private` | `privateDer` | `privatePem` | `privateJwk`,
/// and the same for `public`): exactly one per side, as the suite's `exactlyOne` says.
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
