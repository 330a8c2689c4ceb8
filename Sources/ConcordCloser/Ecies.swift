import ConcordFormats
import ConcordPrimitives
import ConcordSuites

/// Tink's ECIES-AEAD-HKDF with an AES-GCM DEM (CONTRACT.md §10), and the `keybox:v1:` wire
/// string: `prefix || E || iv(12) || AES-GCM(K, iv, aad = empty, pt)` with
/// `K = HKDF-hash(E || Z, hkdfSalt, contextInfo, demKeySize)`. The contract's curve is P-256; every
/// NIST curve Tink allows (P-384, P-521), every HKDF hash and point format work too.
public enum Ecies {
    /// The key's curve (TinkEciesKeyset reads only NIST curves).
    static func curve(_ key: EciesPublicKey) throws(ContractError) -> NistCurve {
        guard let c = NistCurve(rawValue: key.curve) else { throw ContractError(.key, "curve \(key.curve) is not a NIST curve") }
        return c
    }

    static func encode(_ x: [UInt8], _ y: [UInt8], _ format: String) -> [UInt8] {
        switch format {
        case "COMPRESSED": return NistCurve.compressed(x: x, y: y)
        case "DO_NOT_USE_CRUNCHY_UNCOMPRESSED": return x + y
        default: return NistCurve.uncompressed(x: x, y: y)
        }
    }

    static func pointLength(_ format: String, _ curve: NistCurve) -> Int {
        let n = curve.fieldBytes
        switch format {
        case "COMPRESSED": return 1 + n
        case "DO_NOT_USE_CRUNCHY_UNCOMPRESSED": return 2 * n
        default: return 1 + 2 * n
        }
    }

    static func demKey(_ key: EciesPublicKey, e: [UInt8], z: [UInt8], contextInfo: [UInt8]) throws(ContractError) -> [UInt8] {
        try demKey(key, ikm: e + z, contextInfo: contextInfo)
    }

    static func demKey(_ key: EciesPublicKey, ikm: [UInt8], contextInfo: [UInt8]) throws(ContractError) -> [UInt8] {
        guard let hash = HKDF.Hash(rawValue: key.hashFunction) else { throw ContractError(.key, "HKDF with \(key.hashFunction) is not supported") }
        return HKDF.derive(hash, ikm: ikm, salt: key.hkdfSalt, info: contextInfo, size: key.demKeySize)
    }

    /// The composition slips a second implementation makes (CONTRACT.md §10's traps), for the
    /// `keybox-composition` explanation rule to reseal with: never used to seal a real value.
    public enum Slip: Sendable, CaseIterable {
        /// HKDF's input key material `Z ‖ E` instead of `E ‖ Z`.
        case sharedSecretFirst
        /// contextInfo passed as the AES-GCM AAD, the HKDF info left empty.
        case contextInfoAsAAD
        /// The shared secret's leading zero bytes dropped (`BigInteger.toByteArray()` and friends).
        case strippedSharedSecret
        /// The ephemeral point written compressed where the key says uncompressed, or the reverse.
        case otherPointFormat
        /// The key's non-empty `hkdf_salt` ignored: HKDF run with the empty salt (Closer's template
        /// leaves it empty, so an implementation written for that template alone never reads it).
        case ignoredSalt
        /// The ephemeral point's coordinates written minimal (leading zero bytes dropped, a big integer's
        /// `toByteArray()` without its sign byte), in the keybox and in HKDF's input; uncompressed only.
        case strippedCoordinates
        /// The DEM key size the template does not say: AES-256-GCM (a 32-byte HKDF output) where the
        /// key's `dem_params` say 16 bytes (Closer's AES-128-GCM), or AES-128 where they say 32.
        case otherDemKeySize
    }

    /// Seals with an injected ephemeral scalar and IV (deterministic, for vectors).
    public static func seal(to key: EciesPublicKey, contextInfo: [UInt8], plaintext: [UInt8],
                            ephemeralScalar: [UInt8], iv: [UInt8]) throws(ContractError) -> [UInt8] {
        try seal(to: key, contextInfo: contextInfo, plaintext: plaintext, ephemeralScalar: ephemeralScalar, iv: iv, slip: nil)
    }

    /// The ECDH shared secret Z (the X coordinate, fixed length) of `ephemeralScalar` and `key`.
    public static func sharedSecret(_ key: EciesPublicKey, ephemeralScalar: [UInt8]) -> [UInt8]? {
        guard let c = try? curve(key) else { return nil }
        return try? c.sharedSecret(privateScalar: ephemeralScalar, publicPoint: NistCurve.uncompressed(x: key.x, y: key.y))
    }

    /// `seal`, composed with `slip` (nil: the contract's composition).
    public static func seal(to key: EciesPublicKey, contextInfo: [UInt8], plaintext: [UInt8],
                            ephemeralScalar: [UInt8], iv: [UInt8], slip: Slip?) throws(ContractError) -> [UInt8] {
        let ephemeral: (x: [UInt8], y: [UInt8])
        let z: [UInt8]
        let c = try curve(key)
        do {
            ephemeral = try c.publicKey(privateScalar: ephemeralScalar)
            z = try c.sharedSecret(privateScalar: ephemeralScalar, publicPoint: NistCurve.uncompressed(x: key.x, y: key.y))
        } catch { throw ContractError(.key, "ECDH failed: \(error)") }
        // The keys before the IV, as the jvm and node ports read them (found by concord explore).
        guard iv.count == 12 else { throw ContractError(.parameters, "the DEM IV is \(iv.count) bytes; Tink's AES-GCM uses 12") }
        let format = slip == .otherPointFormat ? (key.pointFormat == "COMPRESSED" ? "UNCOMPRESSED" : "COMPRESSED") : key.pointFormat
        func minimal(_ c: [UInt8]) -> [UInt8] { Array(c.drop { $0 == 0 }) }
        let e = slip == .strippedCoordinates && format == "UNCOMPRESSED"
            ? [0x04] + minimal(ephemeral.x) + minimal(ephemeral.y) : encode(ephemeral.x, ephemeral.y, format)
        let k: [UInt8]
        var unsalted = key
        unsalted.hkdfSalt = []
        var otherSize = key
        otherSize.demKeySize = key.demKeySize == 16 ? 32 : 16
        switch slip {
        case .otherDemKeySize?: k = try demKey(otherSize, e: e, z: z, contextInfo: contextInfo)
        case .ignoredSalt?: k = try demKey(unsalted, e: e, z: z, contextInfo: contextInfo)
        case .sharedSecretFirst?: k = try demKey(key, ikm: z + e, contextInfo: contextInfo)
        case .contextInfoAsAAD?: k = try demKey(key, ikm: e + z, contextInfo: [])
        case .strippedSharedSecret?: k = try demKey(key, ikm: e + Array(z.drop { $0 == 0 }), contextInfo: contextInfo)
        default: k = try demKey(key, e: e, z: z, contextInfo: contextInfo)
        }
        do {
            let (ct, tag) = try OpenSSLAESGCM.seal(key: k, nonce: iv, aad: slip == .contextInfoAsAAD ? contextInfo : [], plaintext: plaintext)
            return key.prefix + e + iv + ct + tag
        } catch { throw ContractError(.parameters, "AES-GCM seal failed: \(error)") }
    }

    /// Seals with fresh randomness (for round trips).
    public static func seal(to key: EciesPublicKey, contextInfo: [UInt8], plaintext: [UInt8]) throws(ContractError) -> [UInt8] {
        let size = (try? curve(key).fieldBytes) ?? 32
        while true {
            var d = SecureRandom.bytes(size)
            if size == 66 { d[0] &= 0x01 }   // P-521: 521 bits, else nearly every draw is above n
            do { return try seal(to: key, contextInfo: contextInfo, plaintext: plaintext, ephemeralScalar: d, iv: SecureRandom.bytes(12)) } catch {
                if error.errorClass != .key { throw error }   // a scalar ≥ n: draw again
            }
        }
    }

    /// Opens with a keyset of several keys as Tink does: every enabled key whose output prefix the
    /// ciphertext starts with (RAW keys last); the primary key's refusal is reported if none opens.
    public static func open(with keys: [EciesPrivateKey], primary: Int, contextInfo: [UInt8], ciphertext blob: [UInt8]) throws(ContractError) -> [UInt8] {
        if keys.count == 1 { return try open(with: keys[0], contextInfo: contextInfo, ciphertext: blob) }
        let candidates = keys.indices.filter { !keys[$0].publicKey.prefix.isEmpty && blob.starts(with: keys[$0].publicKey.prefix) }
            + keys.indices.filter { keys[$0].publicKey.prefix.isEmpty }
        var first: ContractError? = nil
        for i in candidates {
            do { return try open(with: keys[i], contextInfo: contextInfo, ciphertext: blob) } catch { if first == nil || i == primary { first = error } }
        }
        throw first ?? ContractError(.authentication, "no key of the keyset has the ciphertext's prefix \(Hex.encode(Array(blob.prefix(5))))")
    }

    public static func open(with key: EciesPrivateKey, contextInfo: [UInt8], ciphertext blob: [UInt8]) throws(ContractError) -> [UInt8] {
        let pub = key.publicKey
        let prefix = pub.prefix
        let c = try curve(pub)
        let eLength = pointLength(pub.pointFormat, c)
        guard blob.count >= prefix.count + eLength + 12 + 16 else {
            throw ContractError(.format, "the ciphertext is \(blob.count) bytes, shorter than prefix (\(prefix.count)) + point (\(eLength)) + iv (12) + tag (16)")
        }
        if !blob.starts(with: prefix) {
            let seen = Hex.encode(Array(blob.prefix(max(prefix.count, 5))))
            throw ContractError(.authentication, "the ciphertext does not start with the key's \(pub.outputPrefix.rawValue) prefix \(Hex.encode(prefix)) (found \(seen)): another key id or output prefix type")
        }
        var rest = Array(blob.dropFirst(prefix.count))
        var e = Array(rest.prefix(eLength))
        rest.removeFirst(eLength)
        let iv = Array(rest.prefix(12))
        rest.removeFirst(12)
        let point = pub.pointFormat == "DO_NOT_USE_CRUNCHY_UNCOMPRESSED" ? [4] + e : e
        let z: [UInt8]
        do { z = try c.sharedSecret(privateScalar: key.scalar, publicPoint: point) } catch {
            throw ContractError(.authentication, "the ephemeral point in the ciphertext is not a \(c.shortName) point")
        }
        if pub.pointFormat == "DO_NOT_USE_CRUNCHY_UNCOMPRESSED" { e = Array(point.dropFirst()) }
        let k = try demKey(pub, e: e, z: z, contextInfo: contextInfo)
        do {
            return try OpenSSLAESGCM.open(key: k, nonce: iv, aad: [], ciphertext: Array(rest.dropLast(16)), tag: Array(rest.suffix(16)))
        } catch {
            throw ContractError(.authentication, "the DEM tag does not verify (wrong context info, wrong key or altered bytes)")
        }
    }

    /// What a decrypted one-time key is: 32 raw bytes (iOS) or a Tink AES-GCM JSON keyset (Android).
    public static func describe(_ plaintext: [UInt8]) -> (form: String, key: [UInt8]?) {
        if plaintext.count == 32 { return ("raw", plaintext) }
        if let json = String(validating: plaintext, as: UTF8.self), json.first == "{",
           let k = try? TinkAesGcmKeyset.parse(json) {
            return ("tink-keyset", k.primaryKey)
        }
        return ("other", nil)
    }
}
