import ConcordFormats
import ConcordSuites

extension ExplanationRules {
    /// justsend.md §3's trap (the device envelope's KEK): with the vector's keys at hand, the X25519
    /// shared secret is recomputed and, when it starts or ends with zero bytes, the KEK derived from
    /// it stripped of them; names the stripping that gives actual (a `kek` or a `wrappedARK`). Only
    /// when expected is the contract's value. One X25519 and a few HKDFs. SophaxChat's sealed-sender
    /// key has the same cause under the same name, in its own pack (`x25519ZerosSealedSender`).
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
        return nil
    }
}
