import ConcordFormats
import ConcordSuites

extension ExplanationRules {
    /// CONTRACT.md §8's trap "a plaintext that decrypts but is not canonical (re-serialized by a JSON
    /// library)", and any seal of another plaintext: with the vector's AES key at hand (`oneTimeKey`
    /// or `coupleKey`), both sides open with the same one of the contract's AADs, to different
    /// plaintexts. Says so, and why the plaintexts differ when another rule knows (JSON key order,
    /// `\/`, whitespace, Unicode normalization, …), else from which byte. After `different-aad`
    /// (which names two different AADs); two AES-GCM opens per AAD tried.
    public static let sealedPlaintext = ExplanationRule(name: "sealed-plaintext") { expected, actual, context in
        guard let key = context["oneTimeKey"]?.bytes ?? context["coupleKey"]?.bytes, key.count == 32 else { return nil }
        func blobs(_ v: Value) -> [[UInt8]] {
            guard case .text(let s) = v, let w = wire(s), w.form.blob == .aesGcm else { return [] }
            return decodings(w.blob)
        }
        let be = blobs(expected), ba = blobs(actual)
        guard !be.isEmpty, !ba.isEmpty else { return nil }
        for aad in contractAADs(context) {
            guard let pa = ba.lazy.compactMap({ crypto.aesGcmOpen(key: key, aad: aad.bytes, blob: $0) }).first else { continue }
            guard let pe = be.lazy.compactMap({ crypto.aesGcmOpen(key: key, aad: aad.bytes, blob: $0) }).first else { return nil }
            guard pe != pa else { return nil }
            func value(_ b: [UInt8]) -> Value { String(validating: b, as: UTF8.self).map { .text($0) } ?? .bytes(b) }
            let inner = Explanations.match(expected: value(pe), actual: value(pa))
            let why = inner.map { $0.rule == Explanations.skippedRule ? "" : ": " + $0.text }
                ?? ": they differ from byte \(zip(pe, pa).prefixCount(while: { $0 == $1 })) (expected \(pe.count) bytes, actual \(pa.count))"
            return "both open under the vector's key with \(aad.name), to different plaintexts\(why)"
        }
        return nil
    }
}
