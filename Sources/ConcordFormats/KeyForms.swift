/// Public and private keys of X25519 and the NIST curves (P-256, the contract's; P-384, P-521) given
/// as DER (SubjectPublicKeyInfo, RFC 5280 §4.1;
/// PKCS#8 / OneAsymmetricKey, RFC 5958), PEM (RFC 7468) or JWK (RFC 7517/7518/8037), decoded
/// strictly to the raw forms the primitives take: X25519 keys as 32 bytes (RFC 7748), an EC
/// public key as its SEC1 point, an EC private key as its scalar (`fieldBytes` long). The curve is a
/// parameter (`ECCurve`): its name, namedCurve OID and size; the `p256…` functions are P-256's.
///
/// Strict means: DER only (no BER), named curves only (explicit parameters are refused), no
/// parameters where RFC 8410 says they are absent, nothing left over, PEM with the right label and
/// RFC 7468's strict base64 body, JWK members of the right type and exact length. A structure
/// that does not parse is `format`; a well-formed key of another algorithm or curve is `key`.
///
/// Pure parsing (ContractError, no C library): whether a JWK's public half belongs to its private
/// half needs the curve's arithmetic and is checked one layer up (ConcordImplementations'
/// `KeyFormInputs`).
public enum KeyForms {
    // MARK: object identifiers (content bytes)

    /// id-X25519, 1.3.101.110 (RFC 8410).
    static let oidX25519: [UInt8] = [0x2b, 0x65, 0x6e]
    /// id-ecPublicKey, 1.2.840.10045.2.1 (RFC 5480).
    static let oidECPublicKey: [UInt8] = [0x2a, 0x86, 0x48, 0xce, 0x3d, 0x02, 0x01]

    /// A NIST curve as its key forms name it: the JWK `crv` (RFC 7518 §6.2.1.1, also the name in
    /// messages), the namedCurve OID's content bytes (RFC 5480 §2.1.1.1) and the size of a scalar or
    /// coordinate. Another curve is another value.
    public struct ECCurve: Sendable, Equatable {
        public let name: String
        public let oid: [UInt8]
        public let fieldBytes: Int

        /// secp256r1 / prime256v1, 1.2.840.10045.3.1.7.
        public static let p256 = ECCurve(name: "P-256", oid: [0x2a, 0x86, 0x48, 0xce, 0x3d, 0x03, 0x01, 0x07], fieldBytes: 32)
        /// secp384r1, 1.3.132.0.34.
        public static let p384 = ECCurve(name: "P-384", oid: [0x2b, 0x81, 0x04, 0x00, 0x22], fieldBytes: 48)
        /// secp521r1, 1.3.132.0.35.
        public static let p521 = ECCurve(name: "P-521", oid: [0x2b, 0x81, 0x04, 0x00, 0x23], fieldBytes: 66)
    }

    // MARK: X25519

    public static func x25519PublicKey(spki der: [UInt8]) throws(ContractError) -> [UInt8] {
        var top = DERReader(der, what: "X25519 SubjectPublicKeyInfo")
        var spki = try top.read(0x30, "SubjectPublicKeyInfo")
        try top.expectEnd("SubjectPublicKeyInfo")
        var alg = try spki.read(0x30, "AlgorithmIdentifier")
        let oid = try alg.readOID("algorithm")
        guard oid == oidX25519 else { throw ContractError(.key, "X25519 SubjectPublicKeyInfo: the algorithm is \(oidName(oid)), not id-X25519 (1.3.101.110)") }
        try alg.expectEnd("the algorithm (RFC 8410: parameters MUST be absent)")
        let key = try bitString(&spki, "subjectPublicKey")
        try spki.expectEnd("subjectPublicKey")
        guard key.count == 32 else { throw ContractError(.format, "X25519 SubjectPublicKeyInfo: the public key is \(key.count) bytes, not 32") }
        return key
    }

    public static func x25519PrivateKey(pkcs8 der: [UInt8]) throws(ContractError) -> [UInt8] {
        var top = DERReader(der, what: "X25519 PKCS#8 private key")
        var info = try top.read(0x30, "PrivateKeyInfo")
        try top.expectEnd("PrivateKeyInfo")
        let version = try info.readUnsignedInteger("version")
        guard version == [0] || version == [1] else { throw ContractError(.format, "X25519 PKCS#8 private key: version \(version) is neither 0 nor 1") }
        var alg = try info.read(0x30, "privateKeyAlgorithm")
        let oid = try alg.readOID("algorithm")
        guard oid == oidX25519 else { throw ContractError(.key, "X25519 PKCS#8 private key: the algorithm is \(oidName(oid)), not id-X25519 (1.3.101.110)") }
        try alg.expectEnd("the algorithm (RFC 8410: parameters MUST be absent)")
        var wrapped = try info.read(0x04, "privateKey")
        // RFC 8410 §7: CurvePrivateKey ::= OCTET STRING, itself inside privateKey's OCTET STRING.
        var inner = try wrapped.read(0x04, "CurvePrivateKey (an OCTET STRING inside privateKey)")
        try wrapped.expectEnd("CurvePrivateKey")
        let key = inner.rest()
        guard key.count == 32 else { throw ContractError(.format, "X25519 PKCS#8 private key: the key is \(key.count) bytes, not 32") }
        try info.expectEnd("privateKey (attributes and a public key are not accepted)")
        return key
    }

    public static func x25519PublicKey(pem: String) throws(ContractError) -> [UInt8] {
        try x25519PublicKey(spki: pemBody(pem, label: "PUBLIC KEY"))
    }

    public static func x25519PrivateKey(pem: String) throws(ContractError) -> [UInt8] {
        try x25519PrivateKey(pkcs8: pemBody(pem, label: "PRIVATE KEY"))
    }

    /// `{"kty":"OKP","crv":"X25519","x":…}` (RFC 8037 §2).
    public static func x25519PublicKey(jwk: String) throws(ContractError) -> [UInt8] {
        let o = try jwkObject(jwk, kty: "OKP", crv: "X25519")
        return try jwkBytes(o, "x", length: 32)
    }

    /// `{"kty":"OKP","crv":"X25519","d":…,"x":…}`: the private key `d`, and `x` (the public key) if given.
    public static func x25519PrivateKey(jwk: String) throws(ContractError) -> (privateKey: [UInt8], publicKey: [UInt8]?) {
        let o = try jwkObject(jwk, kty: "OKP", crv: "X25519")
        let d = try jwkBytes(o, "d", length: 32)
        let x = o.contains(where: { $0.key == "x" }) ? try jwkBytes(o, "x", length: 32) : nil
        return (d, x)
    }

    // MARK: NIST curves (P-256 below)

    /// The SEC1 point of an EC SubjectPublicKeyInfo (uncompressed or compressed, as given; the
    /// primitive checks it is on the curve).
    public static func ecPublicKey(spki der: [UInt8], curve: ECCurve) throws(ContractError) -> [UInt8] {
        var top = DERReader(der, what: "\(curve.name) SubjectPublicKeyInfo")
        var spki = try top.read(0x30, "SubjectPublicKeyInfo")
        try top.expectEnd("SubjectPublicKeyInfo")
        var alg = try spki.read(0x30, "AlgorithmIdentifier")
        let oid = try alg.readOID("algorithm")
        guard oid == oidECPublicKey else { throw ContractError(.key, "\(curve.name) SubjectPublicKeyInfo: the algorithm is \(oidName(oid)), not id-ecPublicKey") }
        try namedCurve(&alg, curve)
        try alg.expectEnd("the named curve")
        let point = try bitString(&spki, "subjectPublicKey")
        try spki.expectEnd("subjectPublicKey")
        return point
    }

    /// The scalar (`fieldBytes` long) of an EC PKCS#8 private key (an RFC 5915 ECPrivateKey inside).
    public static func ecPrivateKey(pkcs8 der: [UInt8], curve: ECCurve) throws(ContractError) -> [UInt8] {
        var top = DERReader(der, what: "\(curve.name) PKCS#8 private key")
        var info = try top.read(0x30, "PrivateKeyInfo")
        try top.expectEnd("PrivateKeyInfo")
        let version = try info.readUnsignedInteger("version")
        guard version == [0] else { throw ContractError(.format, "\(curve.name) PKCS#8 private key: version \(version) is not 0") }
        var alg = try info.read(0x30, "privateKeyAlgorithm")
        let oid = try alg.readOID("algorithm")
        guard oid == oidECPublicKey else { throw ContractError(.key, "\(curve.name) PKCS#8 private key: the algorithm is \(oidName(oid)), not id-ecPublicKey") }
        try namedCurve(&alg, curve)
        try alg.expectEnd("the named curve")
        var wrapped = try info.read(0x04, "privateKey")
        try info.expectEnd("privateKey (attributes are not accepted)")
        var ec = try wrapped.read(0x30, "ECPrivateKey")
        try wrapped.expectEnd("ECPrivateKey")
        guard try ec.readUnsignedInteger("ECPrivateKey version") == [1] else { throw ContractError(.format, "\(curve.name) ECPrivateKey: version is not 1 (RFC 5915)") }
        var keyOctets = try ec.read(0x04, "privateKey")
        let scalar = keyOctets.rest()
        guard scalar.count == curve.fieldBytes else { throw ContractError(.format, "\(curve.name) ECPrivateKey: the private key is \(scalar.count) bytes, not \(curve.fieldBytes) (RFC 5915: ceiling(log2(n)/8))") }
        if ec.peekTag() == 0xa0 {
            var params = try ec.read(0xa0, "parameters [0]")
            try namedCurve(&params, curve)
            try params.expectEnd("the named curve")
        }
        if ec.peekTag() == 0xa1 {
            var pub = try ec.read(0xa1, "publicKey [1]")
            _ = try bitString(&pub, "publicKey")
            try pub.expectEnd("publicKey")
        }
        try ec.expectEnd("ECPrivateKey")
        return scalar
    }

    public static func ecPublicKey(pem: String, curve: ECCurve) throws(ContractError) -> [UInt8] {
        try ecPublicKey(spki: pemBody(pem, label: "PUBLIC KEY"), curve: curve)
    }

    public static func ecPrivateKey(pem: String, curve: ECCurve) throws(ContractError) -> [UInt8] {
        try ecPrivateKey(pkcs8: pemBody(pem, label: "PRIVATE KEY"), curve: curve)
    }

    /// `{"kty":"EC","crv":"P-256","x":…,"y":…}` (RFC 7518 §6.2.1; `crv` the curve's name) as the uncompressed point 0x04‖x‖y.
    public static func ecPublicKey(jwk: String, curve: ECCurve) throws(ContractError) -> [UInt8] {
        let o = try jwkObject(jwk, kty: "EC", crv: curve.name)
        let n = curve.fieldBytes
        return [0x04] + (try jwkBytes(o, "x", length: n)) + (try jwkBytes(o, "y", length: n))
    }

    /// `{"kty":"EC","crv":"P-256","d":…,"x":…,"y":…}`: the scalar `d`, and the public point if x and y are given.
    public static func ecPrivateKey(jwk: String, curve: ECCurve) throws(ContractError) -> (privateKey: [UInt8], publicKey: [UInt8]?) {
        let o = try jwkObject(jwk, kty: "EC", crv: curve.name)
        let n = curve.fieldBytes
        let d = try jwkBytes(o, "d", length: n)
        let hasX = o.contains(where: { $0.key == "x" }), hasY = o.contains(where: { $0.key == "y" })
        guard hasX == hasY else { throw ContractError(.format, "JWK: \"x\" and \"y\" come together (found only \(hasX ? "x" : "y"))") }
        let point = hasX ? [0x04] + (try jwkBytes(o, "x", length: n)) + (try jwkBytes(o, "y", length: n)) : nil
        return (d, point)
    }

    // P-256, the contract's curve.

    public static func p256PublicKey(spki der: [UInt8]) throws(ContractError) -> [UInt8] { try ecPublicKey(spki: der, curve: .p256) }
    public static func p256PrivateKey(pkcs8 der: [UInt8]) throws(ContractError) -> [UInt8] { try ecPrivateKey(pkcs8: der, curve: .p256) }
    public static func p256PublicKey(pem: String) throws(ContractError) -> [UInt8] { try ecPublicKey(pem: pem, curve: .p256) }
    public static func p256PrivateKey(pem: String) throws(ContractError) -> [UInt8] { try ecPrivateKey(pem: pem, curve: .p256) }
    public static func p256PublicKey(jwk: String) throws(ContractError) -> [UInt8] { try ecPublicKey(jwk: jwk, curve: .p256) }
    public static func p256PrivateKey(jwk: String) throws(ContractError) -> (privateKey: [UInt8], publicKey: [UInt8]?) {
        try ecPrivateKey(jwk: jwk, curve: .p256)
    }

    // MARK: PEM

    /// The DER inside one PEM block with the given label (RFC 7468 §3, strict: the label matches,
    /// base64 lines of 64 characters except the last, LF or CRLF line ends, nothing around the block
    /// but one final line end).
    public static func pemBody(_ text: String, label: String) throws(ContractError) -> [UInt8] {
        // By bytes: Swift's Character "\r\n" is one grapheme and would not split on "\n".
        var lines = Array(text.utf8).split(separator: 10, omittingEmptySubsequences: false).map { l -> Substring in
            Substring(String(decoding: l.last == 13 ? l.dropLast() : l, as: UTF8.self))
        }
        if lines.last == "" { lines.removeLast() }
        let begin = "-----BEGIN \(label)-----", end = "-----END \(label)-----"
        guard let first = lines.first else { throw ContractError(.format, "PEM: empty text") }
        guard first == begin else {
            if first.hasPrefix("-----BEGIN ") {
                throw ContractError(.format, "PEM: the block is \(String(reflecting: String(first.prefix(80)))), expected \(String(reflecting: begin))")
            }
            throw ContractError(.format, "PEM: the text does not start with \(String(reflecting: begin))")
        }
        guard lines.count >= 3, lines.last == Substring(end) else {
            throw ContractError(.format, "PEM: the block does not end with \(String(reflecting: end)) on the last line")
        }
        let body = lines[1..<(lines.count - 1)]
        for (i, l) in body.enumerated() {
            let last = i == body.count - 1
            guard l.count <= 64, last || l.count == 64, !l.isEmpty else {
                throw ContractError(.format, "PEM: body line \(i + 1) is \(l.count) characters (RFC 7468: 64 per line, the last 1 to 64)")
            }
        }
        do { return try Base64.decode(body.joined(), .standard) } catch {
            throw ContractError(.format, "PEM body: \(error.message)")
        }
    }

    // MARK: one key in any of its forms

    /// A key as a vector gives it: raw bytes (`private` / `public`), DER (`privateDer` / `publicDer`),
    /// PEM (`privatePem` / `publicPem`) or JWK text (`privateJwk` / `publicJwk`).
    public enum Form: Sendable, Equatable {
        case raw([UInt8])
        case der([UInt8])
        case pem(String)
        case jwk(String)
    }

    public static func x25519PublicKey(_ form: Form) throws(ContractError) -> [UInt8] {
        switch form {
        case .raw(let b): return b
        case .der(let b): return try x25519PublicKey(spki: b)
        case .pem(let t): return try x25519PublicKey(pem: t)
        case .jwk(let t): return try x25519PublicKey(jwk: t)
        }
    }

    public static func ecPublicKey(_ form: Form, curve: ECCurve) throws(ContractError) -> [UInt8] {
        switch form {
        case .raw(let b): return b
        case .der(let b): return try ecPublicKey(spki: b, curve: curve)
        case .pem(let t): return try ecPublicKey(pem: t, curve: curve)
        case .jwk(let t): return try ecPublicKey(jwk: t, curve: curve)
        }
    }

    public static func p256PublicKey(_ form: Form) throws(ContractError) -> [UInt8] { try ecPublicKey(form, curve: .p256) }

    // MARK: helpers

    /// A BIT STRING with no unused bits, as its bytes.
    static func bitString(_ r: inout DERReader, _ name: String) throws(ContractError) -> [UInt8] {
        var bits = try r.read(0x03, name)
        let v = bits.rest()
        guard let unused = v.first else { throw ContractError(.format, "\(name): an empty BIT STRING") }
        guard unused == 0 else { throw ContractError(.format, "\(name): the BIT STRING has \(unused) unused bits (a key has none)") }
        return Array(v.dropFirst())
    }

    /// The parameters of id-ecPublicKey: the curve's namedCurve OID, nothing else (RFC 5480 §2.1.1:
    /// implicitCurve and specifiedCurve MUST NOT be used).
    static func namedCurve(_ r: inout DERReader, _ expected: ECCurve) throws(ContractError) {
        guard r.peekTag() == 0x06 else {
            if r.peekTag() == 0x30 { throw ContractError(.format, "EC parameters: explicit curve parameters (specifiedCurve) are not accepted; RFC 5480 requires a named curve") }
            throw ContractError(.format, "EC parameters: expected the namedCurve OID")
        }
        let curve = try r.readOID("namedCurve")
        guard curve == expected.oid else { throw ContractError(.key, "EC parameters: the curve is \(oidName(curve)), not \(expected.name) (\(oidName(expected.oid)))") }
    }

    /// An OID in dotted form, for messages.
    static func oidName(_ content: [UInt8]) -> String {
        guard let first = content.first else { return "an empty OID" }
        var parts = [first < 80 ? Int(first) / 40 : 2, first < 80 ? Int(first) % 40 : Int(first) - 80]
        var acc = 0
        for b in content.dropFirst() {
            acc = acc << 7 | Int(b & 0x7f)
            if acc > 1 << 40 { return "an over-long OID" }
            if b & 0x80 == 0 { parts.append(acc); acc = 0 }
        }
        return parts.map(String.init).joined(separator: ".")
    }

    static func jwkObject(_ text: String, kty: String, crv: String) throws(ContractError) -> [(key: String, value: JSON)] {
        let json: JSON
        do { json = try JSON.parse(text) } catch { throw ContractError(.format, "JWK: \(error.description)") }
        guard let o = json.objectValue else { throw ContractError(.format, "JWK: not a JSON object") }
        var seen = Set<String>()
        for (k, _) in o where !seen.insert(k).inserted { throw ContractError(.format, "JWK: member \(String(reflecting: k)) appears twice") }
        guard let ktyValue = json["kty"] else { throw ContractError(.format, "JWK: missing member \"kty\"") }
        guard let t = ktyValue.stringValue else { throw ContractError(.format, "JWK: \"kty\" is not a string") }
        guard t == kty else { throw ContractError(.key, "JWK: kty is \(String(reflecting: t)), expected \(String(reflecting: kty))") }
        guard let crvValue = json["crv"] else { throw ContractError(.format, "JWK: missing member \"crv\"") }
        guard let c = crvValue.stringValue else { throw ContractError(.format, "JWK: \"crv\" is not a string") }
        guard c == crv else { throw ContractError(.key, "JWK: crv is \(String(reflecting: c)), expected \(String(reflecting: crv))") }
        return o
    }

    static func jwkBytes(_ o: [(key: String, value: JSON)], _ name: String, length: Int) throws(ContractError) -> [UInt8] {
        guard let v = o.first(where: { $0.key == name })?.value else { throw ContractError(.format, "JWK: missing member \(String(reflecting: name))") }
        guard let s = v.stringValue else { throw ContractError(.format, "JWK: \(String(reflecting: name)) is not a string") }
        let b: [UInt8]
        do { b = try Base64.decode(s, .url) } catch { throw ContractError(.format, "JWK \(String(reflecting: name)): \(error.message)") }
        guard b.count == length else { throw ContractError(.format, "JWK: \(String(reflecting: name)) is \(b.count) bytes, expected \(length)") }
        return b
    }
}
