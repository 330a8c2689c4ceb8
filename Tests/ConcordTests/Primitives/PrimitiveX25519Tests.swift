import ConcordFormats
import ConcordImplementations
import ConcordPrimitives
import Testing

/// X25519 (RFC 7748 §5.2, §6.1) on both backends, and its DER/PEM/JWK key forms.
@Suite struct PrimitiveX25519Tests {
    @Test(arguments: CryptoBackend.allCases)
    func rfc7748ScalarMultiplication(_ backend: CryptoBackend) throws {
        let file = try KAT.file("rfc7748.json")
        for c in try #require(file["scalarMultiplication"]?.arrayValue) {
            #expect(try X25519.sharedSecret(privateKey: KAT.bytes(c, "scalar"), publicKey: KAT.bytes(c, "u"), backend: backend)
                    == KAT.bytes(c, "output"), "\(KAT.name(c))")
        }
        let iterated = try #require(file["iterated"])
        var k = try KAT.bytes(iterated, "start"), u = k
        var rounds = 0
        for step in try #require(iterated["after"]?.arrayValue) {
            let target = Int(try #require(step["rounds"]?.intValue))
            while rounds < target {
                let next = try X25519.sharedSecret(privateKey: k, publicKey: u, backend: backend)
                u = k
                k = next
                rounds += 1
            }
            #expect(k == (try KAT.bytes(step, "k")), "after \(rounds) rounds")
        }
    }

    @Test(arguments: CryptoBackend.allCases)
    func rfc7748DiffieHellman(_ backend: CryptoBackend) throws {
        let dh = try #require(try KAT.file("rfc7748.json")["diffieHellman"])
        let a = try KAT.bytes(dh, "alicePrivate"), b = try KAT.bytes(dh, "bobPrivate")
        #expect(try X25519.publicKey(privateKey: a, backend: backend) == KAT.bytes(dh, "alicePublic"))
        #expect(try X25519.publicKey(privateKey: b, backend: backend) == KAT.bytes(dh, "bobPublic"))
        #expect(try X25519.sharedSecret(privateKey: a, publicKey: KAT.bytes(dh, "bobPublic"), backend: backend) == KAT.bytes(dh, "shared"))
        #expect(try X25519.sharedSecret(privateKey: b, publicKey: KAT.bytes(dh, "alicePublic"), backend: backend) == KAT.bytes(dh, "shared"))
    }

    /// RFC 7748 §6.1: a public key of small order gives an all-zero secret, which both backends refuse.
    @Test(arguments: CryptoBackend.allCases)
    func smallOrderPublicKeyIsRefused(_ backend: CryptoBackend) throws {
        let priv = try Hex.decode("77076d0a7318a57d3c16c17251b26645df4c2f87ebc0992ab177fba51db92c2a")
        for u in [[UInt8](repeating: 0, count: 32), [1] + [UInt8](repeating: 0, count: 31)] {
            #expect(throws: CryptoError.key("the X25519 shared secret is all zero: the public key has small order (RFC 7748 §6.1)")) {
                try X25519.sharedSecret(privateKey: priv, publicKey: u, backend: backend)
            }
        }
        #expect(throws: CryptoError.parameters("an X25519 public key is 32 bytes (got 31)")) {
            try X25519.sharedSecret(privateKey: priv, publicKey: [UInt8](repeating: 9, count: 31), backend: backend)
        }
    }

    // MARK: key forms (RFC 8410 DER, RFC 7468 PEM, RFC 8037 JWK)

    static let alicePublic = "8520f0098930a754748b7ddcb43ef75a0dbf3a0d26381af4eba4a98eaa9b4e6a"
    static let alicePrivate = "77076d0a7318a57d3c16c17251b26645df4c2f87ebc0992ab177fba51db92c2a"
    static let spki = "302a300506032b656e032100" + alicePublic
    static let pkcs8 = "302e020100300506032b656e04220420" + alicePrivate

    @Test func derForms() throws {
        #expect(try KeyForms.x25519PublicKey(spki: Hex.decode(Self.spki)) == Hex.decode(Self.alicePublic))
        #expect(try KeyForms.x25519PrivateKey(pkcs8: Hex.decode(Self.pkcs8)) == Hex.decode(Self.alicePrivate))
    }

    @Test(arguments: [
        ("302a300506032b656f032100" + alicePublic, ContractError(.key, "X25519 SubjectPublicKeyInfo: the algorithm is 1.3.101.111, not id-X25519 (1.3.101.110)")),
        ("302c300706032b656e0500032100" + alicePublic, ContractError(.format, "X25519 SubjectPublicKeyInfo: 2 unexpected byte(s) after the algorithm (RFC 8410: parameters MUST be absent) at byte 9")),
        ("30812a300506032b656e032100" + alicePublic, ContractError(.format, "X25519 SubjectPublicKeyInfo: SubjectPublicKeyInfo's length 42 is in long form where the short form fits (BER, not DER) at byte 0")),
        ("302a300506032b656e032100" + alicePublic + "00", ContractError(.format, "X25519 SubjectPublicKeyInfo: 1 unexpected byte(s) after SubjectPublicKeyInfo at byte 44")),
        ("3029300506032b656e032000" + String(alicePublic.dropLast(2)), ContractError(.format, "X25519 SubjectPublicKeyInfo: the public key is 31 bytes, not 32")),
    ])
    func spkiRefusals(_ hex: String, _ expected: ContractError) throws {
        #expect(throws: expected) { try KeyForms.x25519PublicKey(spki: Hex.decode(hex)) }
    }

    /// Wycheproof's MissingOctetString case: the key directly in privateKey, not wrapped in CurvePrivateKey.
    @Test func pkcs8WithoutInnerOctetStringIsRefused() throws {
        #expect(throws: ContractError.self) {
            try KeyForms.x25519PrivateKey(pkcs8: Hex.decode("302c020100300506032b656e0420" + Self.alicePrivate))
        }
    }

    @Test func pemForms() throws {
        let pub = "-----BEGIN PUBLIC KEY-----\n" + Base64.encode(try Hex.decode(Self.spki), .standard) + "\n-----END PUBLIC KEY-----\n"
        #expect(try KeyForms.x25519PublicKey(pem: pub) == Hex.decode(Self.alicePublic))
        let priv = "-----BEGIN PRIVATE KEY-----\r\n" + Base64.encode(try Hex.decode(Self.pkcs8), .standard) + "\r\n-----END PRIVATE KEY-----"
        #expect(try KeyForms.x25519PrivateKey(pem: priv) == Hex.decode(Self.alicePrivate))
        #expect(throws: ContractError.self) { try KeyForms.x25519PublicKey(pem: priv) }
        #expect(throws: ContractError.self) { try KeyForms.x25519PublicKey(pem: " " + pub) }
        #expect(throws: ContractError.self) { try KeyForms.x25519PublicKey(pem: pub.replacingOccurrences(of: "MCow", with: "MC ow")) }
    }

    @Test func jwkForms() throws {
        let x = Base64.encode(try Hex.decode(Self.alicePublic), .url), d = Base64.encode(try Hex.decode(Self.alicePrivate), .url)
        #expect(try KeyForms.x25519PublicKey(jwk: #"{"kty":"OKP","crv":"X25519","x":"\#(x)","kid":"none"}"#) == Hex.decode(Self.alicePublic))
        let p = try KeyForms.x25519PrivateKey(jwk: #"{"kty":"OKP","crv":"X25519","d":"\#(d)","x":"\#(x)"}"#)
        #expect(p.privateKey == (try Hex.decode(Self.alicePrivate)))
        #expect(p.publicKey == (try Hex.decode(Self.alicePublic)))
        #expect(throws: ContractError(.key, #"JWK: kty is "EC", expected "OKP""#)) { try KeyForms.x25519PublicKey(jwk: #"{"kty":"EC","crv":"X25519","x":"\#(x)"}"#) }
        #expect(throws: ContractError(.key, #"JWK: crv is "X448", expected "X25519""#)) { try KeyForms.x25519PublicKey(jwk: #"{"kty":"OKP","crv":"X448","x":"\#(x)"}"#) }
        #expect(throws: ContractError(.format, #"JWK: missing member "x""#)) { try KeyForms.x25519PublicKey(jwk: #"{"kty":"OKP","crv":"X25519"}"#) }
        #expect(throws: ContractError(.format, #"JWK: missing member "kty""#)) { try KeyForms.x25519PublicKey(jwk: "{}") }
        #expect(throws: ContractError.self) { try KeyForms.x25519PublicKey(jwk: #"{"kty":"OKP","crv":"X25519","x":"\#(x)="}"#) }
        #expect(throws: ContractError(.format, #"JWK: member "x" appears twice"#)) { try KeyForms.x25519PublicKey(jwk: #"{"kty":"OKP","crv":"X25519","x":"\#(x)","x":"\#(x)"}"#) }
    }
}

/// One key in any of its forms (`KeyForms.Form`), and the JWK consistency check between `d` and `x`/`y`.
@Suite struct PrimitiveKeyFormTests {
    @Test(arguments: CryptoBackend.allCases)
    func x25519FormsAgree(_ backend: CryptoBackend) throws {
        let pub = try Hex.decode(PrimitiveX25519Tests.alicePublic), priv = try Hex.decode(PrimitiveX25519Tests.alicePrivate)
        let spki = try Hex.decode(PrimitiveX25519Tests.spki), pkcs8 = try Hex.decode(PrimitiveX25519Tests.pkcs8)
        let x = Base64.encode(pub, .url), d = Base64.encode(priv, .url)
        let pems = ("-----BEGIN PUBLIC KEY-----\n" + Base64.encode(spki, .standard) + "\n-----END PUBLIC KEY-----\n",
                    "-----BEGIN PRIVATE KEY-----\n" + Base64.encode(pkcs8, .standard) + "\n-----END PRIVATE KEY-----\n")
        for form in [KeyForms.Form.raw(pub), .der(spki), .pem(pems.0), .jwk(#"{"kty":"OKP","crv":"X25519","x":"\#(x)"}"#)] {
            #expect(try KeyForms.x25519PublicKey(form) == pub)
        }
        for form in [KeyForms.Form.raw(priv), .der(pkcs8), .pem(pems.1), .jwk(#"{"kty":"OKP","crv":"X25519","d":"\#(d)","x":"\#(x)"}"#),
                     .jwk(#"{"kty":"OKP","crv":"X25519","d":"\#(d)"}"#)] {
            #expect(try KeyForms.x25519PrivateKey(form, backend: backend) == priv)
        }
        let otherX = Base64.encode([UInt8](repeating: 9, count: 32), .url)
        #expect(throws: ContractError(.key, #"JWK: "x" is not the public key of "d""#)) {
            try KeyForms.x25519PrivateKey(.jwk(#"{"kty":"OKP","crv":"X25519","d":"\#(d)","x":"\#(otherX)"}"#), backend: backend)
        }
    }

    /// RFC 6979 §A.2.5's key pair as SPKI, PKCS#8 (RFC 5915 inside) and JWK.
    @Test func p256FormsAgree() throws {
        let f = try KAT.file("rfc6979.json")
        let d = try KAT.bytes(f, "privateKey"), x = try KAT.bytes(f, "publicKeyX"), y = try KAT.bytes(f, "publicKeyY")
        let point = [UInt8(4)] + x + y
        let spki = try Hex.decode("3059301306072a8648ce3d020106082a8648ce3d030107034200") + point
        let pkcs8 = try Hex.decode("304102010030130607" + "2a8648ce3d0201" + "0608" + "2a8648ce3d030107" + "0427302502010104" + "20") + d
        #expect(try KeyForms.p256PublicKey(.der(spki)) == point)
        #expect(try KeyForms.p256PrivateKey(.der(pkcs8)) == d)
        let jwkPub = #"{"kty":"EC","crv":"P-256","x":"\#(Base64.encode(x, .url))","y":"\#(Base64.encode(y, .url))"}"#
        #expect(try KeyForms.p256PublicKey(.jwk(jwkPub)) == point)
        let jwkPriv = #"{"kty":"EC","crv":"P-256","d":"\#(Base64.encode(d, .url))","x":"\#(Base64.encode(x, .url))","y":"\#(Base64.encode(y, .url))"}"#
        #expect(try KeyForms.p256PrivateKey(.jwk(jwkPriv)) == d)
        let wrongY = #"{"kty":"EC","crv":"P-256","d":"\#(Base64.encode(d, .url))","x":"\#(Base64.encode(x, .url))","y":"\#(Base64.encode(x, .url))"}"#
        #expect(throws: ContractError(.key, #"JWK: "x" and "y" are not the public point of "d""#)) { try KeyForms.p256PrivateKey(.jwk(wrongY)) }
        // Explicit curve parameters instead of the named curve are refused.
        let explicit = try Hex.decode("3054300e06072a8648ce3d02013003020101034200") + point
        #expect(throws: ContractError(.format, "EC parameters: explicit curve parameters (specifiedCurve) are not accepted; RFC 5480 requires a named curve")) {
            try KeyForms.p256PublicKey(.der(explicit))
        }
        // Another named curve (secp256k1, 1.3.132.0.10) is a key of another curve.
        let k1 = try Hex.decode("3056301006072a8648ce3d020106052b8104000a034200") + point
        #expect(throws: ContractError(.key, "EC parameters: the curve is 1.3.132.0.10, not P-256 (1.2.840.10045.3.1.7)")) { try KeyForms.p256PublicKey(.der(k1)) }
    }

    /// The curve is a parameter of the key forms too: RFC 6979 §A.2.7's P-521 and §A.2.6's P-384 key
    /// pairs as SPKI and PKCS#8 (RFC 5480's namedCurve OIDs 1.3.132.0.35 and .34) and JWK, and a
    /// P-256 key refused by the P-384 reader as a key of another curve.
    @Test func otherCurvesFormsAgree() throws {
        let others = try #require(try KAT.file("rfc6979.json")["otherCurves"]?.arrayValue)
        for k in others {
            let name = try #require(k["curve"]?.stringValue)
            let (curve, formCurve, oid): (NistCurve, KeyForms.ECCurve, String) = name == "NIST_P384" ? (.p384, .p384, "2b81040022") : (.p521, .p521, "2b81040023")
            let d = try KAT.bytes(k, "privateKey"), x = try KAT.bytes(k, "publicKeyX"), y = try KAT.bytes(k, "publicKeyY")
            let point = [UInt8(4)] + x + y
            func der(_ tag: UInt8, _ body: [UInt8]) -> [UInt8] { [tag] + (body.count < 0x80 ? [UInt8(body.count)] : [0x81, UInt8(body.count)]) + body }
            let alg = der(0x30, try Hex.decode("06072a8648ce3d0201") + der(0x06, try Hex.decode(oid)))
            let spki = der(0x30, alg + der(0x03, [0] + point))
            let pkcs8 = der(0x30, [0x02, 0x01, 0x00] + alg + der(0x04, der(0x30, [0x02, 0x01, 0x01] + der(0x04, d))))
            #expect(try KeyForms.ecPublicKey(.der(spki), curve: formCurve) == point, "\(name)")
            #expect(try KeyForms.ecPrivateKey(.der(pkcs8), curve: curve) == d, "\(name)")
            let b = { (v: [UInt8]) in Base64.encode(v, .url) }
            let crv = formCurve.name
            #expect(try KeyForms.ecPublicKey(.jwk(#"{"kty":"EC","crv":"\#(crv)","x":"\#(b(x))","y":"\#(b(y))"}"#), curve: formCurve) == point)
            #expect(try KeyForms.ecPrivateKey(.jwk(#"{"kty":"EC","crv":"\#(crv)","d":"\#(b(d))","x":"\#(b(x))","y":"\#(b(y))"}"#), curve: curve) == d)
            #expect(throws: ContractError(.key, #"JWK: "x" and "y" are not the public point of "d""#)) {
                try KeyForms.ecPrivateKey(.jwk(#"{"kty":"EC","crv":"\#(crv)","d":"\#(b(d))","x":"\#(b(x))","y":"\#(b(x))"}"#), curve: curve)
            }
            #expect(throws: ContractError(.format, "\(crv) ECPrivateKey: the private key is 32 bytes, not \(curve.fieldBytes) (RFC 5915: ceiling(log2(n)/8))")) {
                try KeyForms.ecPrivateKey(pkcs8: der(0x30, [0x02, 0x01, 0x00] + alg + der(0x04, der(0x30, [0x02, 0x01, 0x01] + der(0x04, Array(d.suffix(32)))))), curve: formCurve)
            }
            #expect(throws: ContractError(.key, #"JWK: crv is "P-256", expected "\#(crv)""#)) {
                try KeyForms.ecPublicKey(jwk: #"{"kty":"EC","crv":"P-256","x":"\#(b(x))","y":"\#(b(y))"}"#, curve: formCurve)
            }
        }
        for c in NistCurve.allCases { #expect(c.keyForms.name == c.shortName && c.keyForms.fieldBytes == c.fieldBytes, "\(c)") }
        let f = try KAT.file("rfc6979.json")
        let p256 = try Hex.decode("3059301306072a8648ce3d020106082a8648ce3d030107034200") + [4] + (try KAT.bytes(f, "publicKeyX")) + (try KAT.bytes(f, "publicKeyY"))
        #expect(throws: ContractError(.key, "EC parameters: the curve is 1.2.840.10045.3.1.7, not P-384 (1.3.132.0.34)")) {
            try KeyForms.ecPublicKey(spki: p256, curve: .p384)
        }
    }
}
