import ConcordFormats
import ConcordPrimitives

/// Generators of the contracts' structured values (docs/exploration.md, "Structured values"): Tink
/// keysets, key forms (DER, PEM, JWK), Argon2id parameter tags and wire strings, valid and
/// near-valid (one named fault), so that their readers are explored beyond the seed vectors.
/// Each draw notes what it made in the case's `KeyPairs.notes`.
public enum StructuredValues {
    /// A near-valid value one time in this many (else a valid one).
    public static let nearValidKeysets: UInt64 = 8, nearValidKeyForms: UInt64 = 4, nearValidTags: UInt64 = 2, wireVariants: UInt64 = 3

    // MARK: Tink keysets

    /// One key of a keyset as Tink's JSON writes it.
    struct KeyEntry {
        var typeURL: String
        var value: [UInt8]
        var material: String
        var status = "ENABLED"
        var keyId: UInt32
        var prefix: String
    }

    static func keysetJSON(_ keys: [KeyEntry], primary: UInt32?) -> String {
        var members: [(key: String, value: JSON)] = []
        if let primary { members.append(("primaryKeyId", .int(Int64(primary)))) }
        members.append(("key", .array(keys.map { k in .object([
            ("keyData", .object([("typeUrl", .string(k.typeURL)), ("value", .string(Base64.encode(k.value, .standard))),
                                 ("keyMaterialType", .string(k.material))])),
            ("status", .string(k.status)), ("keyId", .int(Int64(k.keyId))), ("outputPrefixType", .string(k.prefix)),
        ]) })))
        return JSON.object(members).serialized()
    }

    static let statuses = ["ENABLED", "DISABLED", "DESTROYED"]
    static let prefixes = TinkOutputPrefix.allCases.map(\.rawValue)

    /// How many keys besides the primary: none half of the time, one a quarter, two or three an eighth each.
    static func otherKeyCount(rng: inout SeededRandom) -> Int {
        switch rng.below(8) {
        case 0..<4: return 0
        case 4, 5: return 1
        case 6: return 2
        default: return 3
        }
    }

    static func distinctId(_ taken: [UInt32], rng: inout SeededRandom) -> (UInt32, String) {
        var (id, name) = RareEvents.keyId(rng: &rng)
        while taken.contains(id) { (id, name) = (UInt32(truncatingIfNeeded: rng.next()) | 1, "any") }
        return (id, name)
    }

    /// The faults every keyset may take (one, one time in `nearValidKeysets`).
    static let keysetFaults = ["primary DISABLED", "primaryKeyId names no key", "no primaryKeyId", "two keys share the primary's id",
                               "a status UNKNOWN_STATUS", "the primary's prefix UNKNOWN_PREFIX", "another key type's URL"]

    /// What one keyset draws besides its keys: where the primary stands, its fault and the key the
    /// fault falls on, so that a private keyset and its public one take the same.
    struct Layout {
        var at: Int
        var fault: String?
        var other: Int
        init(others: Int, faults: [String], rng: inout SeededRandom) {
            at = rng.int(0...others)
            fault = rng.below(nearValidKeysets) == 0 ? rng.pick(faults) : nil
            other = rng.int(0...others)
        }

        /// The keyset's keys (`others` with `primary` at `at`) and primary id, with a list fault applied.
        func keys(_ primary: KeyEntry, _ others: [KeyEntry]) -> (keys: [KeyEntry], primaryId: UInt32?) {
            var keys = others
            keys.insert(primary, at: at)
            var primaryId: UInt32? = primary.keyId
            switch fault {
            case "primary DISABLED": keys[at].status = "DISABLED"
            case "primaryKeyId names no key": primaryId = keys.map(\.keyId).max().map { $0 == .max ? 1 : $0 + 1 }
            case "no primaryKeyId": primaryId = nil
            case "two keys share the primary's id":
                var twin = others.first ?? primary
                twin.keyId = primary.keyId
                twin.value = twin.value.map { $0 ^ 0x5A }
                keys.append(twin)
            case "a status UNKNOWN_STATUS": keys[other].status = "UNKNOWN_STATUS"
            case "the primary's prefix UNKNOWN_PREFIX": keys[at].prefix = "UNKNOWN_PREFIX"
            case "another key type's URL":
                keys[at].typeURL = keys[at].typeURL == TinkAesGcmKeyset.typeURL ? "type.googleapis.com/google.crypto.tink.AesSivKey" : TinkAesGcmKeyset.typeURL
            case "keyMaterialType ASYMMETRIC_PRIVATE": keys[at].material = "ASYMMETRIC_PRIVATE"
            case "keyMaterialType SYMMETRIC": keys[at].material = "SYMMETRIC"
            default: break
            }
            return (keys, primaryId)
        }

        func note(_ keys: [KeyEntry], _ primary: KeyEntry) -> String {
            var note = "\(keys.count) key\(keys.count == 1 ? "" : "s"), \(primary.prefix)"
            let others = keys.indices.filter { $0 != at }.map { keys[$0].status }
            if !others.isEmpty { note += ", others " + others.joined(separator: "/") }
            return note + (fault.map { ", near-valid: \($0)" } ?? "")
        }
    }

    /// The case's Tink AES-GCM keyset (docs/exploration.md, "Structured values"): its primary holds
    /// the case's key (32 bytes, 16 one time in sixteen), any output prefix and key-id class, with 0
    /// to 3 other keys of every status; parts `keysetJson`, `keys` (Sinew's list of every key's id
    /// and hex), `primaryKeyId`, `key`, `keyId`.
    static func aesGcmKeyset(rng: inout SeededRandom) -> (parts: [String: Value], note: String) {
        func aesKey(_ k: [UInt8]) -> [UInt8] { ProtobufWriter.field(3, bytes: k) }
        let key = rng.bytes(rng.chance(1, in: 16) ? 16 : 32)
        let (id, idClass) = RareEvents.keyId(rng: &rng)
        var primary = KeyEntry(typeURL: TinkAesGcmKeyset.typeURL, value: aesKey(key), material: "SYMMETRIC", keyId: id, prefix: rng.pick(prefixes))
        var others: [KeyEntry] = [], raw: [(UInt32, [UInt8])] = [(id, key)]
        for _ in 0..<otherKeyCount(rng: &rng) {
            let (oid, _) = distinctId([id] + others.map(\.keyId), rng: &rng)
            let k = rng.bytes(32)
            others.append(KeyEntry(typeURL: TinkAesGcmKeyset.typeURL, value: aesKey(k), material: "SYMMETRIC", status: rng.pick(statuses),
                                   keyId: oid, prefix: rng.pick(prefixes)))
            raw.append((oid, k))
        }
        let layout = Layout(others: others.count, faults: keysetFaults + ["a key of 24 bytes", "keyMaterialType ASYMMETRIC_PRIVATE"], rng: &rng)
        if layout.fault == "a key of 24 bytes" { primary.value = aesKey(Array((key + [UInt8](repeating: 0, count: 24)).prefix(24))) }
        let (keys, primaryId) = layout.keys(primary, others)
        let list = JSON.array(raw.map { .object([("keyId", .int(Int64($0.0))), ("key", .string(Hex.encode($0.1)))]) }).serialized()
        return (["keysetJson": .text(keysetJSON(keys, primary: primaryId)), "keys": .text(list),
                 "primaryKeyId": .integer(Int64(id)), "key": .bytes(key), "keyId": .integer(Int64(id))],
                "AES-GCM keyset: \(layout.note(keys, primary)), key id \(idClass)")
    }

    static let pointFormats = ["UNCOMPRESSED", "UNCOMPRESSED", "COMPRESSED", "DO_NOT_USE_CRUNCHY_UNCOMPRESSED"]

    /// The case's Tink ECIES P-256 keyset around `pair` (the recipient the case's ECDH meets): any
    /// point format, coordinates of 32 bytes, 33 (Tink Java's leading zero) or their minimal length,
    /// any output prefix and key-id class, 0 to 3 other keys of every status; the private keyset
    /// and the public one hold the same keys, order and fault.
    static func eciesKeyset(_ pair: KeyPairs.Pair, rng: inout SeededRandom) -> (parts: [String: Value], note: String) {
        let (x, y) = pair.public.count == 65 ? (Array(pair.public[1..<33]), Array(pair.public[33...])) : (pair.public, pair.public)
        let (id, idClass) = RareEvents.keyId(rng: &rng)
        let format = rng.pick(pointFormats)
        let lengthClass = rng.pick(["32", "32", "33", "minimal"])
        let prefix = rng.pick(prefixes)
        func key(_ id: UInt32, _ prefix: String, _ x: [UInt8], _ y: [UInt8], format: String) -> EciesPublicKey {
            EciesPublicKey(keyId: id, outputPrefix: TinkOutputPrefix(rawValue: prefix) ?? .tink, curve: "NIST_P256", hashFunction: "SHA256", hkdfSalt: [],
                           demTypeURL: TinkAesGcmKeyset.typeURL, demKeySize: 16, pointFormat: format, x: x, y: y)
        }
        func entries(_ k: EciesPublicKey, scalar: [UInt8], length: Int, status: String, prefix: String) -> (KeyEntry, KeyEntry) {
            let pub = TinkKeysetWriter.publicKeyProto(k, coordinateLength: length)
            let priv = ProtobufWriter.field(2, bytes: pub) + ProtobufWriter.field(3, bytes: scalar)
            return (KeyEntry(typeURL: TinkEciesKeyset.privateTypeURL, value: priv, material: "ASYMMETRIC_PRIVATE", status: status, keyId: k.keyId, prefix: prefix),
                    KeyEntry(typeURL: TinkEciesKeyset.publicTypeURL, value: pub, material: "ASYMMETRIC_PUBLIC", status: status, keyId: k.keyId, prefix: prefix))
        }
        var privateOthers: [KeyEntry] = [], publicOthers: [KeyEntry] = []
        for _ in 0..<otherKeyCount(rng: &rng) {
            let other = RareEvents.pair(.p256, rng: &rng, note: { _ in })
            let (oid, _) = distinctId([id] + privateOthers.map(\.keyId), rng: &rng)
            let p = rng.pick(prefixes)
            let (a, b) = entries(key(oid, p, Array(other.public.dropFirst().prefix(32)), Array(other.public.dropFirst(33)), format: rng.pick(pointFormats)),
                                 scalar: other.private, length: 32, status: rng.pick(statuses), prefix: p)
            privateOthers.append(a)
            publicOthers.append(b)
        }
        let faults = keysetFaults + ["a point off the curve", "the curve NIST_P384", "the hash SHA1", "a DEM key of 24 bytes",
                                     "point format UNKNOWN_FORMAT", "keyMaterialType SYMMETRIC"]
        let layout = Layout(others: privateOthers.count, faults: faults, rng: &rng)
        var k = key(id, prefix, lengthClass == "minimal" ? Array(x.drop { $0 == 0 }) : x, lengthClass == "minimal" ? Array(y.drop { $0 == 0 }) : y, format: format)
        switch layout.fault {
        case "a point off the curve": k.y = Array(k.y.dropLast()) + [(k.y.last ?? 0) ^ 1]
        case "the curve NIST_P384": k.curve = "NIST_P384"
        case "the hash SHA1": k.hashFunction = "SHA1"
        case "a DEM key of 24 bytes": k.demKeySize = 24
        case "point format UNKNOWN_FORMAT": k.pointFormat = "UNKNOWN_FORMAT"
        default: break
        }
        let (privatePrimary, publicPrimary) = entries(k, scalar: pair.private, length: lengthClass == "33" ? 33 : 32, status: "ENABLED", prefix: prefix)
        let (privateKeys, primaryId) = layout.keys(privatePrimary, privateOthers)
        let (publicKeys, _) = layout.keys(publicPrimary, publicOthers)
        let publicJSON = keysetJSON(publicKeys, primary: primaryId)
        return (["privateKeyset": .text(keysetJSON(privateKeys, primary: primaryId)), "publicKeyset": .text(publicJSON),
                 "publicKey": .text(TinkEciesKeyset.publicPrefix + Base64.encode(Array(publicJSON.utf8), .url)),
                 "keyId": .integer(Int64(id)), "private": .bytes(pair.private), "public": .bytes(pair.public)],
                "ECIES keyset: \(layout.note(privateKeys, privatePrimary)), key id \(idClass), \(format), coordinates \(lengthClass)")
    }

    // MARK: key forms

    static func der(_ tag: UInt8, _ content: [UInt8]) -> [UInt8] {
        let n = content.count
        let length: [UInt8] = n < 128 ? [UInt8(n)] : n < 256 ? [0x81, UInt8(n)] : [0x82, UInt8(n >> 8), UInt8(n & 0xFF)]
        return [tag] + length + content
    }
    static let oidX25519: [UInt8] = [0x2b, 0x65, 0x6e], oidEd25519: [UInt8] = [0x2b, 0x65, 0x70]
    static let oidECPublicKey: [UInt8] = [0x2a, 0x86, 0x48, 0xce, 0x3d, 0x02, 0x01]
    static let oidP256: [UInt8] = [0x2a, 0x86, 0x48, 0xce, 0x3d, 0x03, 0x01, 0x07], oidP384: [UInt8] = [0x2b, 0x81, 0x04, 0x00, 0x22]

    /// The faults a key form may take, by format.
    public static let keyFormFaults: [FieldKind.KeyFormat: [String]] = [
        .der: ["a trailing byte", "a long-form length", "one byte short", "another algorithm's OID", "NULL parameters", "unused bits in the BIT STRING"],
        .pem: ["another label", "lines of 76", "no line breaks", "text around the block", "no END line", "a space inside"],
        .jwk: ["padded base64url", "the standard alphabet", "another crv", "no x", "a coordinate a byte short", "a coordinate a byte long",
               "d of another key", "another kty", "a member twice", "a number for x"],
    ]

    /// The faults a key form of this curve and side can take (a fault that would change nothing is
    /// left out: an X25519 PKCS#8 has no BIT STRING, its PEM fits one line, its private JWK needs no
    /// `x`, a public JWK has no `d`).
    public static func keyFormFaults(_ curve: FieldKind.Curve, _ side: FieldKind.KeySide, _ format: FieldKind.KeyFormat) -> [String] {
        var out = keyFormFaults[format] ?? []
        if side == .peer { out.removeAll { $0 == "d of another key" } }
        if curve == .x25519 {
            if side == .private { out.removeAll { $0 == "unused bits in the BIT STRING" || $0 == "no x" } }
            out.removeAll { $0 == "lines of 76" || $0 == "no line breaks" }
        }
        return out
    }

    /// One of the case's keys as DER, PEM or JWK: valid, or (one time in `nearValidKeyForms`) with a named fault.
    static func keyForm(_ curve: FieldKind.Curve, _ side: FieldKind.KeySide, _ format: FieldKind.KeyFormat,
                        pairs: inout KeyPairs, rng: inout SeededRandom) -> Value {
        let pair = pairs.pair(curve, rng: &rng)
        let isPrivate = side == .private
        let publicKey = isPrivate ? pair.public : pairs.peerPublic(curve, rng: &rng)
        let fault: String? = rng.below(nearValidKeyForms) == 0 ? rng.pick(keyFormFaults(curve, side, format)) : nil
        let x25519 = curve == .x25519
        func algorithm() -> [UInt8] {
            if x25519 {
                let oid = fault == "another algorithm's OID" ? oidEd25519 : oidX25519
                return der(0x30, der(0x06, oid) + (fault == "NULL parameters" ? [0x05, 0x00] : []))
            }
            let curveOID = fault == "another algorithm's OID" ? oidP384 : oidP256
            return der(0x30, der(0x06, oidECPublicKey) + (fault == "NULL parameters" ? [0x05, 0x00] : der(0x06, curveOID)))
        }
        func bitString(_ b: [UInt8]) -> [UInt8] { der(0x03, [fault == "unused bits in the BIT STRING" ? 1 : 0] + b) }
        func derForm() -> [UInt8] {
            var out: [UInt8]
            if isPrivate {
                let inner = x25519 ? der(0x04, pair.private)
                    : der(0x30, der(0x02, [1]) + der(0x04, pair.private)
                          + (rng.chance(1, in: 2) || fault == "unused bits in the BIT STRING" ? der(0xA1, bitString(pair.public)) : []))
                out = der(0x30, der(0x02, [0]) + algorithm() + der(0x04, inner))
            } else {
                out = der(0x30, algorithm() + bitString(publicKey))
            }
            switch fault {
            case "a trailing byte": out.append(0)
            case "a long-form length": out = [0x30, 0x81] + out.dropFirst(1)
            case "one byte short": out.removeLast()
            default: break
            }
            return out
        }
        func b64url(_ b: [UInt8]) -> String {
            switch fault {
            case "padded base64url": return Base64.encode(b, .url) + String(repeating: "=", count: (3 - b.count % 3) % 3)
            case "the standard alphabet": return String(Base64.encode(b, .standard).filter { $0 != "=" })
            default: return Base64.encode(b, .url)
            }
        }
        let value: Value
        switch format {
        case .der:
            value = .bytes(derForm())
        case .pem:
            let label = isPrivate != (fault == "another label") ? "PRIVATE KEY" : "PUBLIC KEY"
            let body = Base64.encode(derForm(), .standard)
            let width = fault == "lines of 76" ? 76 : fault == "no line breaks" ? Int.max : 64
            var lines: [String] = []
            var rest = Substring(body)
            while !rest.isEmpty { lines.append(String(rest.prefix(width))); rest = rest.dropFirst(min(width, rest.count)) }
            if fault == "a space inside", !lines.isEmpty { lines[0].insert(" ", at: lines[0].index(lines[0].startIndex, offsetBy: lines[0].count / 2)) }
            let end = rng.chance(1, in: 4) ? "\r\n" : "\n"
            var text = "-----BEGIN \(label)-----" + end + lines.joined(separator: end) + end
            if fault != "no END line" { text += "-----END \(label)-----" + end }
            if fault == "text around the block" { text = "Key:" + end + text + "(end)" + end }
            value = .text(text)
        case .jwk:
            var members: [(String, JSON)] = []
            let kty = x25519 ? "OKP" : "EC"
            members.append(("kty", .string(fault == "another kty" ? (x25519 ? "EC" : "OKP") : kty)))
            members.append(("crv", .string(x25519 ? (fault == "another crv" ? "Ed25519" : "X25519") : (fault == "another crv" ? "P-384" : "P-256"))))
            var x = x25519 ? publicKey : Array(publicKey.dropFirst().prefix(32))
            let y = x25519 ? [] : Array(publicKey.dropFirst(33))
            if fault == "a coordinate a byte short" { x = Array(x.dropFirst()) }
            if fault == "a coordinate a byte long" { x = [0] + x }
            if fault != "no x" { members.append(("x", fault == "a number for x" ? .int(Int64(x.first ?? 0)) : .string(b64url(x)))) }
            if !x25519 { members.append(("y", .string(b64url(y)))) }
            if isPrivate { members.append(("d", .string(b64url(fault == "d of another key" ? pair.private.map { $0 ^ 0x01 } : pair.private)))) }
            if fault == "a member twice" { members.append(("kty", .string(kty))) }
            value = .text(JSON.object(members.map { (key: $0.0, value: $0.1) }).serialized())
        }
        pairs.note("\(curve.rawValue) \(isPrivate ? "private" : "peer public") key as \(format.rawValue.uppercased())" + (fault.map { ", near-valid: \($0)" } ?? ""))
        return value
    }

    // MARK: Argon2id parameter tags

    /// The faults of a tag (CONTRACT.md §2's grammar refuses each).
    public static let tagFaults = ["a leading zero", "a plus sign", "a space", "another order", "upper case", "argon2i", "v=16", "no v",
                                   "an extra field", "a trailing ;", "m below 8p", "a zero", "2^32", "hex", "a non-ASCII digit", "an empty value",
                                   "a field twice", "the PHC string form"]

    /// A valid tag cheap enough to run on every implementation (m of 8p to 4096 KiB, t 1 to 3, p 1,
    /// 2 or 4; the production tag comes from the seed vectors) or, one time in `nearValidTags`, a
    /// near-valid one.
    static func kdfTag(pairs: inout KeyPairs, rng: inout SeededRandom) -> Value {
        let p = rng.pick([1, 1, 2, 4]), t = rng.int(1...3)
        let m = rng.pick([8 * p, 8 * p + 1, 16, 64, 256, 1024, 4096].filter { $0 >= 8 * p })
        var (v, tt, pp) = ("19", String(t), String(p))
        var mm = String(m)
        guard rng.below(nearValidTags) == 0 else {
            pairs.note("Argon2id tag m=\(mm) t=\(tt) p=\(pp)")
            return .text("argon2id;v=\(v);m=\(mm);t=\(tt);p=\(pp)")
        }
        let fault = rng.pick(tagFaults)
        var head = "argon2id"
        var order = ["v", "m", "t", "p"], extra = ""
        switch fault {
        case "a leading zero": tt = "0" + tt
        case "a plus sign": tt = "+" + tt
        case "a space": mm = " " + mm
        case "another order": order = ["v", "t", "m", "p"]
        case "upper case": head = "ARGON2ID"
        case "argon2i": head = "argon2i"
        case "v=16": v = "16"
        case "no v": order = ["m", "t", "p"]
        case "an extra field": extra = ";x=1"
        case "a trailing ;": extra = ";"
        case "m below 8p": mm = String(8 * p - 1)
        case "a zero": tt = "0"
        case "2^32": mm = "4294967296"
        case "hex": mm = "0x" + String(m, radix: 16)
        case "a non-ASCII digit": tt = "\u{0663}"
        case "an empty value": tt = ""
        case "a field twice": extra = ";t=\(tt)"
        case "the PHC string form":
            pairs.note("Argon2id tag, near-valid: \(fault)")
            return .text("$argon2id$v=\(v)$m=\(mm),t=\(tt),p=\(pp)")
        default: break
        }
        let values = ["v": v, "m": mm, "t": tt, "p": pp]
        pairs.note("Argon2id tag, near-valid: \(fault)")
        return .text(head + ";" + order.map { "\($0)=\(values[$0]!)" }.joined(separator: ";") + extra)
    }

    // MARK: ECDSA signatures

    /// The width classes of an ECDSA integer (r or s), each drawn as often: a converter that pads
    /// one zero byte back, or none, or reads the top bit as a sign, meets its class every few cases
    /// instead of once in 65,536 signatures.
    public static let integerWidths = ["full", "the top bit set", "one leading zero byte", "two leading zero bytes",
                                       "three to 31 leading zero bytes", "zero", "the group order or above"]
    /// The near-valid DER forms (one time in `nearValidSignatures`); P1363's are a byte short or long.
    public static let signatureFaults = ["an integer with a redundant zero byte", "a negative integer", "an integer of 33 bytes",
                                         "a trailing byte", "a long-form length", "a SET for the SEQUENCE", "one integer only"]
    static let nearValidSignatures: UInt64 = 4
    static let p256Order: [UInt8] = (try? Hex.decode("ffffffff00000000ffffffffffffffffbce6faada7179e84f3b9cac2fc632551")) ?? []

    /// A 32-byte big-endian integer of a width class.
    static func ecdsaInteger(_ width: String, rng: inout SeededRandom) -> [UInt8] {
        var b = rng.bytes(32)
        switch width {
        case "the top bit set": b[0] |= 0x80
        case "one leading zero byte": b[0] = 0; b[1] |= 0x01
        case "two leading zero bytes": b[0] = 0; b[1] = 0; b[2] |= 0x01
        case "three to 31 leading zero bytes":
            let zeros = rng.int(3...31)
            for i in 0..<zeros { b[i] = 0 }
            b[zeros] |= 0x01
        case "zero": b = [UInt8](repeating: 0, count: 32)
        case "the group order or above":
            b = p256Order
            let add = UInt8(rng.below(3))
            b[31] = b[31] &+ add
        default: b[0] &= 0x7F; b[0] |= 0x01
        }
        return b
    }

    /// The minimal DER INTEGER content of a non-negative big-endian integer.
    static func derIntegerContent(_ b: [UInt8]) -> [UInt8] {
        var c = Array(b.drop { $0 == 0 })
        if c.isEmpty { c = [0] }
        if c[0] & 0x80 != 0 { c.insert(0, at: 0) }
        return c
    }

    /// An ECDSA P-256 signature: r and s of width classes drawn apart, DER minimal or (one time in
    /// `nearValidSignatures`) near-valid, P1363 64 bytes or a byte either side. Not a signature of
    /// anything: encoders and decoders are explored; verifying one refuses it.
    static func ecdsaSignature(_ encoding: FieldKind.SignatureEncoding, pairs: inout KeyPairs, rng: inout SeededRandom) -> Value {
        let wr = rng.pick(integerWidths), ws = rng.pick(integerWidths)
        let r = ecdsaInteger(wr, rng: &rng), s = ecdsaInteger(ws, rng: &rng)
        let what = "ECDSA signature, r \(wr), s \(ws)"
        switch encoding {
        case .p1363:
            switch rng.below(8) {
            case 0:
                pairs.note(what + ", P1363 a byte short")
                return .bytes(Array((r + s).dropLast()))
            case 1:
                pairs.note(what + ", P1363 a byte long")
                return .bytes(r + s + [rng.bytes(1)[0]])
            default:
                pairs.note(what + ", P1363")
                return .bytes(r + s)
            }
        case .der:
            var ri = derIntegerContent(r), si = derIntegerContent(s)
            guard rng.below(nearValidSignatures) == 0 else {
                pairs.note(what + ", DER")
                return .bytes(der(0x30, der(0x02, ri) + der(0x02, si)))
            }
            let fault = rng.pick(signatureFaults)
            pairs.note(what + ", DER near-valid: " + fault)
            var tag: UInt8 = 0x30, trailing: [UInt8] = [], longForm = false, one = false
            switch fault {
            case "an integer with a redundant zero byte": ri.insert(0, at: 0)
            case "a negative integer": si = [si.first == 0 && si.count > 1 ? 0x80 : si[0] | 0x80] + si.dropFirst()
            case "an integer of 33 bytes": ri = [0x01] + r
            case "a trailing byte": trailing = [0x00]
            case "a long-form length": longForm = true
            case "a SET for the SEQUENCE": tag = 0x31
            default: one = true
            }
            let body = der(0x02, ri) + (one ? [] : der(0x02, si))
            let seq = longForm ? [tag, 0x81, UInt8(body.count)] + body : der(tag, body)
            return .bytes(seq + trailing)
        }
    }

    // MARK: wires

    /// The prefix variants of a wire (one time in `wireVariants`).
    public static let prefixFaults = ["the prefix cut", "the prefix twice", "the prefix in upper case", "version 2", "another wire's prefix", "no prefix"]

    /// A wire string that is not one an op made (those come from the op itself): its prefix, then a
    /// blob of the layout's minimum length, one byte either side, or longer by a size class, in the
    /// alphabet of its form among `forms` (base64 when none has the prefix). A blob long enough to
    /// hold its layout's head up to a public key holds a point on the curve there, after a Tink
    /// output prefix half of the time when the head has one (a keybox: the case's keyset prefix and
    /// its ephemeral point). One time in `wireVariants` its prefix spelled otherwise.
    static func wire(prefix: String, minimum: Int, forms: [WireForm], pairs: inout KeyPairs, rng: inout SeededRandom) -> Value {
        let form = forms.form(prefix: prefix)
        let alphabet = form?.alphabet ?? .standard
        let n: Int
        switch rng.below(4) {
        case 0: n = minimum - 1
        case 1: n = minimum
        case 2: n = minimum + 1
        default: n = minimum + SizeSchedule.draw(budget: pairs.bytesLeft, rng: &rng).size
        }
        var blob = rng.bytes(max(0, n))
        let head = form?.layout?.head ?? []
        if let key = head.firstIndex(where: { if case .publicKey = $0.role { return true }; return false }),
           case .publicKey(let curve)? = head[key].role, blob.count >= head[...key].reduce(0, { $0 + $1.size }) {
            var start: [UInt8] = []
            for part in head[..<key] where part.role == .tinkOutputPrefix && rng.chance(1, in: 2) {
                start += [0x01] + (0..<4).map { _ in UInt8(truncatingIfNeeded: rng.next()) }
            }
            let point = pairs.pair(curve, rng: &rng).public
            blob.replaceSubrange(0..<min(blob.count, start.count + point.count), with: start + point)
        }
        pairs.bytesLeft -= blob.count
        var p = prefix
        var note = "\(prefix) wire of \(blob.count) bytes"
        if rng.below(wireVariants) == 0 {
            let f = rng.pick(prefixFaults)
            switch f {
            case "the prefix cut": p = String(prefix.dropLast())
            case "the prefix twice": p = prefix + prefix
            case "the prefix in upper case": p = prefix.uppercased()
            case "version 2": p = String(prefix.dropLast(3)) + "v2:"
            // The first other form with a layout, in the order the forms are handed in.
            case "another wire's prefix": p = forms.first { $0.layout != nil && $0.prefix != prefix }?.prefix ?? "x" + prefix
            default: p = ""
            }
            note += ", near-valid: \(f)"
        }
        pairs.note(note)
        return .text(p + Base64.encode(blob, alphabet))
    }
}

extension KeyPairs {
    /// A part of the case's Tink keyset (`aes-gcm` or `ecies`), drawn the first time one is asked for.
    public mutating func keysetPart(_ family: String, part: String, rng: inout SeededRandom) -> Value? {
        if keysets[family] == nil {
            let made = family == "ecies" ? StructuredValues.eciesKeyset(peerPair(.p256, rng: &rng), rng: &rng) : StructuredValues.aesGcmKeyset(rng: &rng)
            keysets[family] = made.parts
            note(made.note)
        }
        return keysets[family]![part]
    }
}
