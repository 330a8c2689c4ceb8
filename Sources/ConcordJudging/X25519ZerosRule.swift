import ConcordFormats
import ConcordImplementations
import ConcordSuites

extension ExplanationRules {
    /// The ways a 32-byte X25519 value loses zero bytes through a big integer: its leading ones
    /// dropped (a minimal big-endian encoding), or its last ones (the little-endian value read as a
    /// number, Java's `XECPublicKey.getU()`, and written back minimal). Only those that change it.
    static func x25519Strippings(_ z: [UInt8]) -> [(bytes: [UInt8], words: String)] {
        let leading = z.prefixCount(while: { $0 == 0 }), trailing = z.reversed().prefixCount(while: { $0 == 0 })
        var out: [(bytes: [UInt8], words: String)] = []
        func n(_ k: Int) -> String { k == 1 ? "byte" : "bytes (\(k))" }
        if leading > 0 { out.append((Array(z.dropFirst(leading)), "its leading zero \(n(leading)) dropped (a value passed through a big integer)")) }
        if trailing > 0 {
            out.append((Array(z.dropLast(trailing)), "its last zero \(n(trailing)) dropped (the little-endian value read as a big integer, as Java's `XECPublicKey.getU()`)"))
        }
        return out
    }

    /// justsend.md §3's trap (the device envelope's KEK) and sophaxchat.md §4's (the sealed-sender
    /// key): with the vector's keys at hand, the X25519 shared secret is recomputed and, when it
    /// starts or ends with zero bytes, the key derived from it stripped of them; names the stripping
    /// that gives actual (a `kek`, a `wrappedARK`, a sealed-sender `wire` that opens under it, or
    /// whose ephemeral public key at the front was written stripped). Only
    /// when expected is the contract's value. One X25519 and a few HKDFs (SophaxChat's X3DH is
    /// `x3dh-composition`'s).
    public static let x25519Zeros = ExplanationRule(name: "x25519-zeros") { expected, actual, context in
        // JustSend's device envelope: KEK = HKDF(X25519(ourPrivate, theirPublic), salt, deviceKEKInfo, 32).
        if case .bytes(let priv)? = context["ourPrivate"], case .bytes(let pub)? = context["theirPublic"],
           case .bytes(let salt)? = context["salt"], case .bytes(let info)? = context["deviceKEKInfo"],
           let z = crypto.x25519(privateKey: priv, publicKey: pub) {
            let strippings = x25519Strippings(z)
            guard !strippings.isEmpty else { return nil }
            func kek(_ s: [UInt8]) -> [UInt8] { crypto.hkdfSHA256(ikm: s, salt: salt, info: info, size: 32) }
            let ark = context["ark"]?.bytes, nonce = context["nonce"]?.bytes
            func wrapped(_ k: [UInt8]) -> Value? {
                guard let ark, let nonce, let w = try? JustSend.wrap(key: ark, under: k, nonce: nonce) else { return nil }
                return .text(w)
            }
            let contract = kek(z)
            let what: String
            if expected == .bytes(contract) { what = "KEK" } else if let w = wrapped(contract), expected == w { what = "wrappedARK" } else { return nil }
            for s in strippings {
                let k = kek(s.bytes)
                guard what == "KEK" ? actual == .bytes(k) : actual == wrapped(k) else { continue }
                return "actual's \(what) came from the X25519 shared secret with \(s.words); X25519 values are 32 bytes, little-endian, always (justsend.md §3)"
            }
            return nil
        }
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
