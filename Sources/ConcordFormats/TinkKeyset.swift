/// A Tink cleartext JSON keyset (CONTRACT.md §9), walked in one place for every key type: the
/// `primaryKeyId`, the `key` list, each entry's `keyId`, `status`, `keyData` and
/// `outputPrefixType`. The per-type protobuf decoding (TinkAesGcmKeyset, TinkEciesKeyset) sits on
/// top; each asks an entry for its prefix and value in its own order.
public struct TinkKeyset: Sendable {
    public var primaryKeyId: UInt32
    var keys: [JSON]
    /// How many entries the `key` list has.
    public var keyCount: Int { keys.count }

    /// One entry of the `key` list.
    public struct Key: Sendable {
        /// Its position in the list, for messages (`key[n]`).
        public var index: Int
        public var keyId: UInt32
        public var typeURL: String
        let entry: JSON

        public var keyMaterialType: String? { entry["keyData"]?["keyMaterialType"]?.stringValue }

        /// `keyData.keyMaterialType` must be `expected` (what the type URL needs), by TinkEnum's rule:
        /// missing or no name of Tink's enum is `format`, another name `key`.
        public func requireKeyMaterialType(_ expected: String) throws(ContractError) {
            let material = try TinkEnum.name(entry["keyData"]?["keyMaterialType"], TinkEnum.materials, field: "key[\(index)].keyData.keyMaterialType")
            guard material == expected else {
                throw ContractError(.key, "keyset: key[\(index)].keyData.keyMaterialType is \(JSON.string(material).serialized()), not \(expected) as its type URL needs")
            }
        }

        public func outputPrefix() throws(ContractError) -> TinkOutputPrefix {
            try TinkOutputPrefix.parse(json: entry["outputPrefixType"], field: "key[\(index)].outputPrefixType")
        }

        /// `keyData.value`: the key's protobuf bytes (standard base64 in the JSON).
        public func value() throws(ContractError) -> [UInt8] {
            guard let b64 = entry["keyData"]?["value"]?.stringValue else { throw ContractError(.format, "keyset: key[\(index)] has no keyData.value") }
            do { return try Base64.decode(b64, .standard) } catch { throw ContractError(.format, "keyset: key[\(index)].keyData.value: \(error.message)") }
        }
    }

    /// Reads the JSON, the primary key id and a non-empty key list (`format` refusals).
    public static func parse(_ json: String) throws(ContractError) -> TinkKeyset {
        let root: JSON
        do { root = try JSON.parse(json) } catch { throw ContractError(.format, "keyset: \(error)") }
        guard let primary = root["primaryKeyId"] else { throw ContractError(.format, "keyset: missing primaryKeyId") }
        let primaryId = try keyId(primary, "primaryKeyId")
        guard let keys = root["key"]?.arrayValue, !keys.isEmpty else { throw ContractError(.format, "keyset: missing or empty key list") }
        return TinkKeyset(primaryKeyId: primaryId, keys: keys)
    }

    /// The first entry with the primary key id: it must be ENABLED and have a type URL. Every key
    /// id up to it must read.
    public func primary() throws(ContractError) -> Key {
        for (n, k) in keys.enumerated() {
            guard let idJSON = k["keyId"] else { throw ContractError(.format, "keyset: key[\(n)] has no keyId") }
            guard try Self.keyId(idJSON, "key[\(n)].keyId") == primaryKeyId else { continue }
            let status = try TinkEnum.name(k["status"], TinkEnum.statuses, field: "key[\(n)].status")
            guard status == "ENABLED" else { throw ContractError(.key, "keyset: the primary key is \(status), not ENABLED") }
            guard let url = k["keyData"]?["typeUrl"]?.stringValue else { throw ContractError(.format, "keyset: key[\(n)] has no keyData.typeUrl") }
            return Key(index: n, keyId: primaryKeyId, typeURL: url, entry: k)
        }
        // key, as Tink (no primary key) and the jvm and node ports refuse it.
        throw ContractError(.key, "keyset: no key has the primaryKeyId \(primaryKeyId): the keyset has no primary key")
    }

    /// One entry of the `key` list with every member read (`entries()`).
    public struct Entry: Sendable {
        public var key: Key
        public var status: String
        public var outputPrefix: TinkOutputPrefix
        public var keyMaterialType: String
        /// `keyData.value`, its base64 decoded (part of reading the JSON keyset, as Tink's reader does).
        public var value: [UInt8]
    }

    /// Every entry of the `key` list, in order, each with all its members read before the next
    /// entry: `keyId`, `status`, `outputPrefixType`, `keyData` with `typeUrl`, `keyMaterialType`
    /// and `value`, whose base64 is decoded here (Tink's JSON reader decodes it with the text). A
    /// member missing or of the wrong type, bad base64, or no name of its Tink enum, is
    /// `format`; an entry's `UNKNOWN_PREFIX` is `key`, once its members have all read. This is the
    /// order of the node and jvm ports (`shape` in ecies-keyset.js), which read every entry before
    /// they look for the primary.
    public func entries() throws(ContractError) -> [Entry] {
        var out: [Entry] = []
        for (n, k) in keys.enumerated() {
            let at = "key[\(n)]"
            guard k.objectValue != nil else { throw ContractError(.format, "keyset: \(at) is not an object") }
            guard let idJSON = k["keyId"] else { throw ContractError(.format, "keyset: \(at) has no keyId") }
            let id = try Self.keyId(idJSON, "\(at).keyId")
            let status = try TinkEnum.name(k["status"], TinkEnum.statuses, field: "\(at).status")
            let prefixName = try TinkEnum.name(k["outputPrefixType"], TinkEnum.prefixes, field: "\(at).outputPrefixType")
            guard let data = k["keyData"], data.objectValue != nil else { throw ContractError(.format, "keyset: \(at) has no keyData object") }
            guard let url = data["typeUrl"]?.stringValue else { throw ContractError(.format, "keyset: \(at) has no keyData.typeUrl string") }
            let material = try TinkEnum.name(data["keyMaterialType"], TinkEnum.materials, field: "\(at).keyData.keyMaterialType")
            guard data["value"]?.stringValue != nil else { throw ContractError(.format, "keyset: \(at) has no keyData.value string") }
            let key = Key(index: n, keyId: id, typeURL: url, entry: k)
            let value = try key.value()
            let prefix = try TinkOutputPrefix.parse(prefixName, field: "\(at).outputPrefixType")
            out.append(Entry(key: key, status: status, outputPrefix: prefix, keyMaterialType: material, value: value))
        }
        return out
    }

    /// Every ENABLED entry, in order, and which of them is the primary: by Tink's rules, exactly
    /// one ENABLED entry has the primary key id, and every status is ENABLED, DISABLED or
    /// DESTROYED (`key` refusals). All entries are read first (`entries()`).
    public func enabledEntries() throws(ContractError) -> (entries: [Entry], primary: Int) {
        let all = try entries()
        let withId = all.filter { $0.key.keyId == primaryKeyId }
        let primaries = withId.filter { $0.status == "ENABLED" }
        if primaries.isEmpty {
            if let first = withId.first { throw ContractError(.key, "keyset: the primary key (key[\(first.key.index)]) is \(first.status), not ENABLED") }
            throw ContractError(.key, "keyset: no key has the primaryKeyId \(primaryKeyId): the keyset has no primary key")
        }
        guard primaries.count == 1 else {
            throw ContractError(.key, "keyset: \(primaries.count) ENABLED keys have the primary id \(primaryKeyId): the keyset has several primary keys")
        }
        for e in all where !["ENABLED", "DISABLED", "DESTROYED"].contains(e.status) {
            throw ContractError(.key, "keyset: key[\(e.key.index)].status is \(e.status), not ENABLED, DISABLED or DESTROYED")
        }
        let enabled = all.filter { $0.status == "ENABLED" }
        return (enabled, enabled.firstIndex { $0.key.index == primaries[0].key.index }!)
    }

    /// Key ids are unsigned 32-bit; a negative one is a Java `int` printed as signed.
    public static func keyId(_ j: JSON, _ field: String) throws(ContractError) -> UInt32 {
        guard let v = j.intValue else { throw ContractError(.format, "keyset: \(field) must be an integer") }
        guard v >= 0 else { throw ContractError(.format, "keyset: \(field) \(v) is negative (a Java int printed as signed? it is \(UInt32(truncatingIfNeeded: v)) unsigned)") }
        guard let u = UInt32(exactly: v) else { throw ContractError(.format, "keyset: \(field) \(v) is above 2^32-1") }
        return u
    }
}

/// The names of Tink's keyset enums (`tink.proto`: KeyStatusType, OutputPrefixType,
/// KeyData.KeyMaterialType), and the one rule every keyset reader of Concord's ports follows
/// (docs/contracts/closer.md §9): a member that is missing, not a string, or no name of its enum
/// is `format` — Tink's JSON parser refuses such a text as no keyset at all; a name Tink defines
/// that the contract does not accept there (`UNKNOWN_PREFIX`, a status other than the one needed, a
/// key material type other than the key's) is `key`.
public enum TinkEnum {
    public static let statuses: Set<String> = ["UNKNOWN_STATUS", "ENABLED", "DISABLED", "DESTROYED"]
    public static let prefixes: Set<String> = ["UNKNOWN_PREFIX", "TINK", "LEGACY", "RAW", "CRUNCHY"]
    public static let materials: Set<String> = ["UNKNOWN_KEYMATERIAL", "SYMMETRIC", "ASYMMETRIC_PRIVATE", "ASYMMETRIC_PUBLIC", "REMOTE"]

    /// The member's name, or `format` naming `field` when it is missing, not a string or not in `names`.
    public static func name(_ value: JSON?, _ names: Set<String>, field: String) throws(ContractError) -> String {
        guard let value else { throw ContractError(.format, "keyset: \(field) is missing") }
        guard let name = value.stringValue else { throw ContractError(.format, "keyset: \(field) is not a string") }
        guard names.contains(name) else {
            throw ContractError(.format, "keyset: \(field) \(JSON.string(name).serialized()) is no name of Tink's enum")
        }
        return name
    }
}
