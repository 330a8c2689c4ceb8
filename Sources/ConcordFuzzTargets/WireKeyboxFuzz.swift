import ConcordFormats
import ConcordImplementations
import ConcordCloser

extension FuzzTarget {
    /// The Closer wire strings, the `kdfParams` tag and the ECIES keybox opener. The first byte
    /// picks: an ECIES ciphertext opened with a fixed P-256 key (with and without the key's TINK
    /// prefix in front), a wire string decoded under each prefix, a `kdfParams` tag (which, when it
    /// reads, must be the canonical spelling of its values), or an `enc:v1:` / `sealed:v1:` string
    /// opened with a fixed key.
    static let wireAndKeybox = FuzzTarget(
        name: "wire-keybox",
        summary: "keybox:v1 / ECIES ciphertexts, enc:v1 / sealed:v1 / sha256: / pub:v1 wire strings and kdfParams tags"
    ) { bytes in
        guard let mode = bytes.first else { return nil }
        let rest = Array(bytes.dropFirst())
        let text = String(decoding: rest, as: UTF8.self)
        switch mode % 4 {
        case 0:
            guard let key = fixedKey else { return "the fixed fuzzing key does not read" }
            for blob in [rest, key.publicKey.prefix + rest] {
                if let pt = try? Ecies.open(with: key, contextInfo: Array("couple1|q1|alice|bob".utf8), ciphertext: blob) {
                    _ = Ecies.describe(pt)
                }
            }
            return nil
        case 1:
            for form in CloserWire.forms {
                guard let blob = try? Wire.decode(text, form) else { continue }
                if Wire.encode(blob, form) != text { return "\(form.prefix) accepted a non-canonical spelling: \(hexDump(rest))" }
            }
            return nil
        case 2:
            guard let params = try? KdfParams.parse(text) else { return nil }
            return params.tag == text ? nil : "the kdfParams tag \(hexDump(rest)) reads as \(params.tag), another spelling"
        default:
            let key = [UInt8](repeating: 7, count: 32)
            _ = try? Closer.decryptField(coupleKey: key, coupleId: "couple1", wire: text, legacy: (userId: "alice", questionId: "q1"))
            let lines = text.split(separator: "\n", maxSplits: 1, omittingEmptySubsequences: false).map(String.init)
            _ = try? Closer.openAnswer(coupleId: "couple1", questionId: "q1", userId: "alice", oneTimeKey: key,
                                       encryptedPayload: lines[0], commitmentHash: lines.count > 1 ? lines[1] : "")
            return nil
        }
    }

    /// The recipient keyset of `vectors/closer/keybox/closer.yaml` (open-kat), read once.
    static let fixedKey: EciesPrivateKey? = {
        let json = #"{"primaryKeyId":16909060,"key":[{"keyData":{"typeUrl":"type.googleapis.com/google.crypto.tink.EciesAeadHkdfPrivateKey","value":"EooBEkQKBAgCEAMSOhI4CjB0eXBlLmdvb2dsZWFwaXMuY29tL2dvb2dsZS5jcnlwdG8udGluay5BZXNHY21LZXkSAhAQGAEYARogn+7tqQPYPQH4hZ1cEXHXL/nOX/IhtICkYGjZfj1A3p4iIM2EXYEpeRwkhTKZG0Yq6eO+o1Typ6y8bg1uFXg7mwL7GiBmXQaY28j7la/CXDpNnPKA2HpYW3mZJDymAI/QMliXXw==","keyMaterialType":"ASYMMETRIC_PRIVATE"},"status":"ENABLED","keyId":16909060,"outputPrefixType":"TINK"}]}"#
        guard let (keys, _) = try? TinkEciesKeyset.parsePrivateKeys(json) else { return nil }
        return keys.first
    }()
}
