import ConcordFormats
import ConcordSuites

extension ExplanationRules {
    /// What each composition slip of `Ecies.Slip` is called in a sentence.
    static func describe(_ slip: Ecies.Slip, _ z: Int?) -> String {
        switch slip {
        case .sharedSecretFirst:
            return "actual's HKDF input is Z ‖ E (the shared secret before the ephemeral point); Tink's ECIES and the contract use E ‖ Z (CONTRACT.md §10)"
        case .contextInfoAsAAD:
            return "actual passed contextInfo as the AES-GCM AAD with an empty HKDF info; the contract puts it in the HKDF info and leaves the AAD empty (CONTRACT.md §10)"
        case .strippedSharedSecret:
            return "actual dropped the shared secret's leading zero byte\(z == 1 ? "" : "s")\(z.map { " (\($0))" } ?? "") before HKDF (a `BigInteger.toByteArray()`-style slip); Z is the fixed-length X coordinate of the ECDH point (CONTRACT.md §10)"
        case .otherPointFormat:
            return "actual wrote the ephemeral point in another format than the key's `ec_point_format` (CONTRACT.md §10)"
        case .strippedCoordinates:
            return "actual wrote the ephemeral point's coordinates without their leading zero bytes (a big integer's `toByteArray()`-style slip), in the keybox and in HKDF's input; each coordinate is the curve's field size (CONTRACT.md §10)"
        case .otherDemKeySize:
            return "actual sealed with an AES-GCM DEM of the other key size (AES-256 where the key's `dem_params` say AES-128, or the reverse): the DEM key is `demKeySize` bytes of HKDF output, 16 in Closer's template (CONTRACT.md §9, §10)"
        case .ignoredSalt:
            return "actual ignored the recipient key's non-empty `hkdf_salt` (HKDF with an empty salt); HKDF must use the key's salt, which Closer's own template leaves empty (CONTRACT.md §10)"
        }
    }

    /// A keybox sealed deterministically (ephemeral key and IV in the input) that differs: reseals
    /// with each composition slip of CONTRACT.md §10's traps (Z ‖ E, contextInfo as the AAD, the
    /// shared secret's leading zeros dropped, the other point format) and names the one that gives
    /// actual. With the four ids instead of contextInfo, they are joined as the contract joins them
    /// (another order is `keybox-context-order`'s).
    public static let keyboxComposition = ExplanationRule(name: "keybox-composition") { expected, actual, context in
        guard case .text(let e) = expected, case .text(let a) = actual, e.hasPrefix(Wire.keybox), a.hasPrefix(Wire.keybox),
              case .text(let pub)? = context["recipientPublicKey"], case .bytes(let plaintext)? = context["plaintext"],
              case .bytes(let scalar)? = context["ephemeralPrivateKey"], case .bytes(let iv)? = context["iv"],
              let key = try? TinkEciesKeyset.parsePublic(wire: pub) else { return nil }
        let info: [UInt8]
        if case .text(let given)? = context["contextInfo"] {
            info = Array(given.utf8)
        } else {
            var ids: [String] = []
            for k in Wire.keyboxContextIds {
                guard case .text(let v)? = context[k] else { return nil }
                ids.append(v)
            }
            info = Array(Wire.keyboxContext(ids).utf8)
        }
        func sealed(_ slip: Ecies.Slip?) -> String? {
            guard let ct = try? Ecies.seal(to: key, contextInfo: info, plaintext: plaintext, ephemeralScalar: scalar, iv: iv, slip: slip) else { return nil }
            return Wire.keybox + Base64.encode(ct, .url)
        }
        // The premise: expected is the contract's own seal of this input.
        guard let contract = sealed(nil), contract == e else { return nil }
        for slip in Ecies.Slip.allCases where slip != .ignoredSalt || !key.hkdfSalt.isEmpty {
            guard let s = sealed(slip), s != contract, s == a else { continue }
            var zeros: Int? = nil
            if slip == .strippedSharedSecret, let z = Ecies.sharedSecret(key, ephemeralScalar: scalar) {
                zeros = z.prefixCount(while: { $0 == 0 })
            }
            return describe(slip, zeros)
        }
        return nil
    }
}
