import ConcordFormats
import ConcordSuites

/// The cause of an `acceptable` Closer vector's divergence when its input holds the Android side's Tink
/// keyset (`keysetJson`) beside the value (docs/contracts/closer.md §3, "Which Tink template Android uses"):
/// a keyset whose key has a TINK (or LEGACY/CRUNCHY) output prefix makes Tink's `Aead` write `0x01 ‖ keyId`
/// before the contract's combined form and look for it when reading, so the contract's readers and Tink
/// disagree on exactly those values. Read from the bytes alone: the keyset's primary key and the value's
/// first five bytes. Only wires of an AES-GCM form (Closer's `enc:v1:` and `sealed:v1:`, whose contract is
/// RAW) are explained.
public enum TinkTemplateDivergence {
    static let valueFields = ["wire", "encryptedPayload"]

    public static func cause(_ input: Fields) -> String? {
        guard case .text(let keyset)? = input["keysetJson"], let json = try? JSON.parse(keyset),
              let primary = json["primaryKeyId"]?.intValue, let keys = json["key"]?.arrayValue,
              let key = keys.first(where: { $0["keyId"]?.intValue == primary }),
              let name = key["outputPrefixType"]?.stringValue, let prefix = TinkOutputPrefix(rawValue: name),
              prefix != .raw, let id = UInt32(exactly: primary) else { return nil }
        for field in valueFields {
            guard case .text(let s)? = input[field], let w = ExplanationRules.wire(s),
                  w.form.blob == .aesGcm,
                  let blob = ExplanationRules.decodings(w.blob).last else { continue }
            let header = prefix.bytes(keyId: id)
            let shown = "0x" + Hex.encode([header[0]]) + " ‖ key id 0x" + Hex.encode(Array(header[1...]))
            if blob.starts(with: header) {
                return "\(field) starts with keysetJson's \(name) output prefix (\(shown)): Tink's Aead on that keyset "
                    + "wrote it and reads it back, the contract's readers refuse it (the contract is RAW, no prefix)"
            }
            return "keysetJson's key has output prefix \(name) (\(shown)) and \(field) does not start with it: the "
                + "contract's readers open it (RAW), Tink's Aead on that keyset (Android's reader) refuses it"
        }
        return nil
    }
}
