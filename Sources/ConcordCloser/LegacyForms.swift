import ConcordFormats
import ConcordSuites

/// Values in an old or wrapped form, recognised so that a refusal says what the value is rather
/// than "shorter than…" or "bad tag" (the Closer contract §8, §10): the old iOS keybox envelope
/// `{v, pub, ct, mac}` and a JSON wrapper prefixed `sealed:v1:`.
public enum LegacyForms {
    static let envelopeKeys: Set<String> = ["v", "pub", "ct", "mac"]
    static let envelope = "the old iOS keybox envelope {v, pub, ct, mac} (iOS-only JSON, not Tink's ciphertext: the two do not interoperate, CONTRACT.md §10)"

    /// The member names of the JSON object `text` is, or nil.
    static func objectKeys(_ text: String) -> [String]? {
        guard text.utf8.first == UInt8(ascii: "{"), let o = (try? JSON.parse(text))?.objectValue else { return nil }
        return o.map(\.key)
    }

    static func objectKeys(bytes: [UInt8]) -> [String]? {
        guard bytes.first == UInt8(ascii: "{"), let text = String(validating: bytes, as: UTF8.self) else { return nil }
        return objectKeys(text)
    }

    /// `{a, b}`: member names as a refusal prints them (escaped, at most eight).
    static func members(_ keys: [String]) -> String {
        let shown = keys.prefix(8).map { Printable.escape(String($0.prefix(40))) }
        return "{" + shown.joined(separator: ", ") + (keys.count > 8 ? ", …" : "") + "}"
    }

    /// The refusal of a `keybox` value in the old iOS envelope (raw JSON, its base64url, or its base64url
    /// after `keybox:v1:`), or nil when it is not one.
    public static func keyboxRefusal(_ text: String) -> ContractError? {
        if let keys = objectKeys(text) {
            if Set(keys) == envelopeKeys {
                return ContractError(.format, "keybox is \(envelope), not a keybox:v1: value")
            }
            return ContractError(.format, "keybox is a JSON object \(members(keys)), not a keybox:v1: value")
        }
        let prefixed = text.hasPrefix(Wire.keybox)
        let body = prefixed ? String(text.dropFirst(Wire.keybox.count)) : text
        guard let bytes = try? Base64.decode(body, .url), let keys = objectKeys(bytes: bytes), Set(keys) == envelopeKeys else { return nil }
        if prefixed {
            // Inside the ciphertext once prefix and base64 read: Tink reports a failed decryption (§10).
            return ContractError(.authentication, "keybox is keybox:v1: + base64url of \(envelope); Tink reads its first byte '{' as a key id prefix and finds no key")
        }
        return ContractError(.format, "keybox is the base64url of \(envelope), without the keybox:v1: prefix")
    }

    /// The refusal of an `encryptedPayload` that is a JSON object prefixed `sealed:v1:` (as text, or
    /// base64url-encoded), or nil when it is not one.
    public static func sealedRefusal(_ text: String) -> ContractError? {
        guard text.hasPrefix(Wire.sealed) else { return nil }
        let body = String(text.dropFirst(Wire.sealed.count))
        if let keys = objectKeys(body) {
            return ContractError(.format, "encryptedPayload is a JSON object \(members(keys)) prefixed sealed:v1: (a metadata wrapper), not sealed:v1: + base64url(nonce || ciphertext || tag)")
        }
        if let bytes = try? Base64.decode(body, .url), let keys = objectKeys(bytes: bytes) {
            return ContractError(.format, "encryptedPayload is sealed:v1: + base64url of a JSON object \(members(keys)) (a metadata wrapper), not of nonce || ciphertext || tag")
        }
        return nil
    }
}
