import ConcordFormats
import ConcordSuites

/// One key of a Sinew keyring: what a layout reader (iOS, web) holds, or one entry of a Tink keyset.
public struct SinewKey: Sendable, Equatable {
    public var keyId: UInt32
    public var key: [UInt8]
    public var enabled: Bool
    /// The Tink output prefix type (`TINK` for a `{keyId, key}` entry).
    public var outputPrefix: String
    public init(keyId: UInt32, key: [UInt8], enabled: Bool = true, outputPrefix: String = "TINK") {
        self.keyId = keyId
        self.key = key
        self.enabled = enabled
        self.outputPrefix = outputPrefix
    }
}

/// The keys a Sinew FieldCipher holds, and which one encrypts.
public struct SinewKeyring: Sendable, Equatable {
    public var keys: [SinewKey]
    /// Nil when the keys were given without a primary (decrypting needs none).
    public var primaryKeyId: UInt32?

    /// Every key of a Tink cleartext JSON keyset of `AesGcmKey`s (any status, any output prefix; the
    /// contract's rules are applied when a key is used). Malformed JSON or protobuf: `format`; a key of
    /// another type or material: `key`.
    public static func keyset(_ json: String) throws(ContractError) -> SinewKeyring {
        let root: JSON
        do { root = try JSON.parse(json) } catch { throw ContractError(.format, "keysetJson: \(error)") }
        guard let primaryJSON = root["primaryKeyId"] else { throw ContractError(.format, "keysetJson: missing primaryKeyId") }
        let primary = try TinkKeyset.keyId(primaryJSON, "primaryKeyId")
        guard let entries = root["key"]?.arrayValue, !entries.isEmpty else { throw ContractError(.format, "keysetJson: missing or empty key list") }
        var keys: [SinewKey] = []
        for (n, k) in entries.enumerated() {
            let at = "keysetJson: key[\(n)]"
            guard let idJSON = k["keyId"] else { throw ContractError(.format, "\(at) has no keyId") }
            let id = try TinkKeyset.keyId(idJSON, "key[\(n)].keyId")
            // TinkEnum's rule: no enum name is format, UNKNOWN_STATUS and UNKNOWN_PREFIX are key.
            let status = try TinkEnum.name(k["status"], TinkEnum.statuses, field: "key[\(n)].status")
            guard status != "UNKNOWN_STATUS" else { throw ContractError(.key, "\(at).status is UNKNOWN_STATUS, not ENABLED, DISABLED or DESTROYED") }
            let prefix = try TinkOutputPrefix.parse(json: k["outputPrefixType"], field: "key[\(n)].outputPrefixType").rawValue
            if status == "DESTROYED" { keys.append(SinewKey(keyId: id, key: [], enabled: false, outputPrefix: prefix)); continue }
            guard let data = k["keyData"], let url = data["typeUrl"]?.stringValue else { throw ContractError(.format, "\(at) has no keyData.typeUrl") }
            guard url == TinkAesGcmKeyset.typeURL else { throw ContractError(.key, "\(at) has type \(String(reflecting: url)), expected \(TinkAesGcmKeyset.typeURL)") }
            let material = try TinkEnum.name(data["keyMaterialType"], TinkEnum.materials, field: "key[\(n)].keyData.keyMaterialType")
            guard material == "SYMMETRIC" else { throw ContractError(.key, "\(at).keyData.keyMaterialType is \(material), not SYMMETRIC") }
            guard let b64 = data["value"]?.stringValue else { throw ContractError(.format, "\(at) has no keyData.value") }
            let proto: [UInt8]
            do { proto = try Base64.decode(b64, .standard) } catch { throw ContractError(.format, "\(at).keyData.value: \(error.message)") }
            keys.append(SinewKey(keyId: id, key: try TinkAesGcmKeyset.aesGcmKey(proto), enabled: status == "ENABLED", outputPrefix: prefix))
        }
        // Tink loads no keyset whose primaryKeyId names no ENABLED key, whatever the op (found by concord
        // explore, seed 603 case 1522: the ports decrypted with it, Tink refused it).
        guard keys.contains(where: { $0.keyId == primary && $0.enabled }) else {
            throw ContractError(.key, "keysetJson: primaryKeyId \(primary) names no ENABLED key: the keyset has no primary key")
        }
        return SinewKeyring(keys: keys, primaryKeyId: primary)
    }

    /// A `{keyId, key}` list: `[{"keyId": <uint32>, "key": "<hex>"}, …]`, ids distinct. Anything
    /// else is `format`, naming the entry.
    public static func list(_ json: String, primaryKeyId: Int64?) throws(ContractError) -> SinewKeyring {
        let root: JSON
        do { root = try JSON.parse(json) } catch { throw ContractError(.format, "keys: \(error)") }
        guard let entries = root.arrayValue, !entries.isEmpty else { throw ContractError(.format, "keys must be a non-empty JSON list of {keyId, key}") }
        var keys: [SinewKey] = []
        for (n, e) in entries.enumerated() {
            guard let members = e.objectValue else { throw ContractError(.format, "keys[\(n)] is not an object") }
            for m in members where m.key != "keyId" && m.key != "key" {
                throw ContractError(.format, "keys[\(n)] has a member other than keyId and key; an entry holds keyId and key only")
            }
            guard let idJSON = e["keyId"] else { throw ContractError(.format, "keys[\(n)] has no keyId") }
            let id: UInt32
            do { id = try TinkKeyset.keyId(idJSON, "keys[\(n)].keyId") } catch { throw ContractError(.format, error.message.replacingPrefix("keyset: ", with: "")) }
            guard let hex = e["key"]?.stringValue else { throw ContractError(.format, "keys[\(n)].key must be a hex string") }
            let key: [UInt8]
            do { key = try Hex.decode(hex) } catch { throw ContractError(.format, "keys[\(n)].key: \(error.message)") }
            guard !keys.contains(where: { $0.keyId == id }) else { throw ContractError(.format, "keys[\(n)]: the key id \(id) appears twice") }
            keys.append(SinewKey(keyId: id, key: key))
        }
        var primary: UInt32? = nil
        if let p = primaryKeyId {
            guard let u = UInt32(exactly: p) else { throw ContractError(.format, "primaryKeyId \(p) is not an unsigned 32-bit id") }
            primary = u
        }
        return SinewKeyring(keys: keys, primaryKeyId: primary)
    }
}

extension String {
    func replacingPrefix(_ prefix: String, with new: String) -> String {
        hasPrefix(prefix) ? new + dropFirst(prefix.count) : self
    }
}
