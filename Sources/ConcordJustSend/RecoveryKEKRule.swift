import ConcordFormats
import ConcordSuites

extension ExplanationRules {
    /// justsend.md §3's trap: "the KEK comes from the code string, so every typed form of one code
    /// gives one KEK". With `typed` and `recoveryInfo` in the input (and `ark`, `nonce` for the wrap),
    /// recomputes the recovery KEK from what a slip feeds HKDF instead of the normalized code: the
    /// text as typed, only upper-cased, the displayed form with its hyphens, or the code's 16 bytes
    /// of entropy; names the one that gives actual's `kek` or `wrappedARK`. Only when expected is
    /// the contract's value. A few HKDFs and AES-GCM seals.
    public static let recoveryKEK = ExplanationRule(name: "recovery-kek") { expected, actual, context in
        guard case .text(let typed)? = context["typed"], case .bytes(let info)? = context["recoveryInfo"],
              let n = try? RecoveryCode.normalize(typed) else { return nil }
        func kek(_ ikm: [UInt8]) -> [UInt8] { crypto.hkdfSHA256(ikm: ikm, salt: JustSend.recoverySalt, info: info, size: 32) }
        let ark = context["ark"]?.bytes, nonce = context["nonce"]?.bytes
        func wrapped(_ k: [UInt8]) -> Value? {
            guard let ark, let nonce, let w = try? JustSend.wrap(key: ark, under: k, nonce: nonce) else { return nil }
            return .text(w)
        }
        let contract = kek(Array(n.code.utf8))
        let isKEK: Bool
        if expected == .bytes(contract) { isKEK = true } else if let w = wrapped(contract), expected == w { isKEK = false } else { return nil }
        let displayed = stride(from: 0, to: n.code.count, by: 4).map { i in
            String(n.code.dropFirst(i).prefix(4))
        }.joined(separator: "-")
        let slips: [(ikm: [UInt8], words: String)] = [
            (Array(typed.utf8), "the text as typed, not normalized"),
            (Array(typed.uppercased().utf8), "the typed text only upper-cased (hyphens, spaces and I/L/O kept)"),
            (Array(displayed.utf8), "the displayed form with its hyphens (\(displayed))"),
            (n.entropy, "the code's 16 bytes of entropy instead of its text"),
        ]
        var tried = Set<[UInt8]>([Array(n.code.utf8)])
        for s in slips where tried.insert(s.ikm).inserted {
            let k = kek(s.ikm)
            guard isKEK ? actual == .bytes(k) : actual == wrapped(k) else { continue }
            return "actual's \(isKEK ? "KEK" : "wrappedARK") came from HKDF over \(s.words); the recovery KEK is HKDF over the normalized code's UTF-8 (\(n.code)), so every typed form gives one KEK (justsend.md §3)"
        }
        return nil
    }
}
