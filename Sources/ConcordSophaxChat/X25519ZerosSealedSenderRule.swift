import ConcordFormats
import ConcordSuites

extension ExplanationRules {
    /// sophaxchat.md §4's trap (the sealed-sender key): with the vector's keys at hand, the X25519
    /// shared secret is recomputed and, when it starts or ends with zero bytes, the key derived from
    /// it stripped of them; names the stripping that gives actual (a sealed-sender `wire` that opens
    /// under it, or whose ephemeral public key at the front was written stripped). Only when expected
    /// is the contract's value. One X25519 and a few HKDFs (the X3DH is `x3dh-composition`'s).
    /// JustSend's device envelope has the same cause under the same name, in its own pack.
    public static let x25519ZerosSealedSender = ExplanationRule(name: "x25519-zeros") { expected, actual, context in
        // SophaxChat's sealed sender: wire = EK(32) ‖ nonce(12) ‖ ChaCha20-Poly1305(HKDF(X25519(EK, recipient)), …).
        if case .bytes(let eph)? = context["ephemeralPrivateKey"], case .bytes(let recipient)? = context["recipientIdentityKey"],
           case .bytes(let e) = expected, case .bytes(let a) = actual, e.count >= 60, a.count >= 60,
           let z = crypto.x25519(privateKey: eph, publicKey: recipient) {
            let info = Array("SophaxChat_SealedSender_v1".utf8)
            func opens(_ wire: [UInt8], _ s: [UInt8]) -> Bool {
                crypto.chacha20Poly1305Opens(key: crypto.hkdfSHA256(ikm: s, salt: [], info: info, size: 32),
                                             nonce: Array(wire[32..<44]), aad: [], sealed: Array(wire[44...]))
            }
            guard opens(e, z) else { return nil }
            // The ephemeral public key written stripped, the rest as the contract's.
            let ek = Array(e[..<32])
            for s in x25519Strippings(ek) where a == s.bytes + e[32...] {
                return "actual wrote the ephemeral public key with \(s.words) (\(s.bytes.count) bytes); the wire starts with its 32 bytes whatever their first and last bytes (sophaxchat.md §4)"
            }
            guard !opens(a, z) else { return nil }
            for s in x25519Strippings(z) where opens(a, s.bytes) {
                return "actual's sealing key came from the X25519 shared secret with \(s.words); X25519 values are 32 bytes whatever their first and last bytes (sophaxchat.md §4)"
            }
        }
        return nil
    }
}
