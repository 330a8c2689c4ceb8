package concord.adapter.primitives;

import concord.adapter.wire.B64;
import concord.adapter.wire.Refusal;
import concord.kit.Json;
import java.io.IOException;
import java.util.Arrays;
import java.util.Map;
import org.bouncycastle.asn1.ASN1BitString;
import org.bouncycastle.asn1.ASN1Encodable;
import org.bouncycastle.asn1.ASN1Encoding;
import org.bouncycastle.asn1.ASN1Integer;
import org.bouncycastle.asn1.ASN1ObjectIdentifier;
import org.bouncycastle.asn1.ASN1OctetString;
import org.bouncycastle.asn1.ASN1Primitive;
import org.bouncycastle.asn1.ASN1Sequence;
import org.bouncycastle.asn1.ASN1TaggedObject;
import org.bouncycastle.asn1.edec.EdECObjectIdentifiers;
import org.bouncycastle.asn1.pkcs.PrivateKeyInfo;
import org.bouncycastle.asn1.sec.SECObjectIdentifiers;
import org.bouncycastle.asn1.x509.AlgorithmIdentifier;
import org.bouncycastle.asn1.x509.SubjectPublicKeyInfo;
import org.bouncycastle.asn1.x9.X9ObjectIdentifiers;

/**
 * X25519 and P-256 keys given as DER (SubjectPublicKeyInfo, PKCS#8), PEM (RFC 7468) or JWK (RFC 7517,
 * 7518, 8037), decoded to the raw forms the primitives take, on BouncyCastle's ASN.1 classes and this
 * adapter's strict {@link Json} and {@link B64}. Strict: the DER must equal its own DER re-encoding (BER
 * refused), named curves only, no parameters for X25519 (RFC 8410), nothing trailing, PEM with the right
 * label and 64-character lines. Malformed input is a {@code format} refusal; a key of another algorithm or
 * curve a {@code key} refusal.
 */
public final class KeyForms {
    private KeyForms() {}

    // ------------------------------------------------------------------ X25519

    static byte[] x25519PublicFromSpki(byte[] der) throws Refusal {
        SubjectPublicKeyInfo spki = SubjectPublicKeyInfo.getInstance(strict(der, "SubjectPublicKeyInfo"));
        AlgorithmIdentifier alg = spki.getAlgorithm();
        canonical(alg.getAlgorithm());
        if (!EdECObjectIdentifiers.id_X25519.equals(alg.getAlgorithm())) {
            throw new Refusal("key", "the SubjectPublicKeyInfo's algorithm is " + alg.getAlgorithm() + ", not id-X25519");
        }
        if (alg.getParameters() != null) {
            throw new Refusal("format", "id-X25519 takes no parameters (RFC 8410)");
        }
        byte[] key = bits(spki.getPublicKeyData(), "subjectPublicKey");
        if (key.length != 32) {
            throw new Refusal("format", "the X25519 public key is " + key.length + " bytes, not 32");
        }
        return key;
    }

    static byte[] x25519PrivateFromPkcs8(byte[] der) throws Refusal {
        PrivateKeyInfo info = pkcs8(der);
        AlgorithmIdentifier alg = info.getPrivateKeyAlgorithm();
        canonical(alg.getAlgorithm());
        if (!EdECObjectIdentifiers.id_X25519.equals(alg.getAlgorithm())) {
            throw new Refusal("key", "the PKCS#8 key's algorithm is " + alg.getAlgorithm() + ", not id-X25519");
        }
        if (alg.getParameters() != null) {
            throw new Refusal("format", "id-X25519 takes no parameters (RFC 8410)");
        }
        ASN1Encodable inner;
        try {
            inner = info.parsePrivateKey();
        } catch (IOException | RuntimeException e) {
            throw new Refusal("format", "the PKCS#8 privateKey is not an OCTET STRING holding CurvePrivateKey: " + e.getMessage());
        }
        if (!(inner instanceof ASN1OctetString)) {
            throw new Refusal("format", "the PKCS#8 privateKey does not hold an OCTET STRING (RFC 8410 CurvePrivateKey)");
        }
        byte[] key = ((ASN1OctetString) inner).getOctets();
        if (key.length != 32) {
            throw new Refusal("format", "the X25519 private key is " + key.length + " bytes, not 32");
        }
        return key;
    }

    /** {@code {"kty":"OKP","crv":"X25519","x":…}}. */
    static byte[] x25519PublicFromJwk(String json) throws Refusal {
        Map<String, Object> o = jwk(json, "OKP", "X25519");
        return member(o, "x", 32);
    }

    /** The private key {@code d}; if the JWK also carries {@code x}, it must be d's public key (checked on BouncyCastle). */
    static byte[] x25519PrivateFromJwk(String json) throws Refusal {
        Map<String, Object> o = jwk(json, "OKP", "X25519");
        byte[] d = member(o, "d", 32);
        if (o.containsKey("x")) {
            byte[] x = member(o, "x", 32);
            if (!Arrays.equals(x, X25519.publicKey(d, JvmLibrary.BOUNCY_CASTLE).value)) {
                throw new Refusal("key", "the JWK's x is not the public key of its d");
            }
        }
        return d;
    }

    // ------------------------------------------------------------------ P-256

    /** The SEC1 point inside a P-256 SubjectPublicKeyInfo (checked on the curve by the primitive). */
    static byte[] p256PublicFromSpki(byte[] der) throws Refusal {
        SubjectPublicKeyInfo spki = SubjectPublicKeyInfo.getInstance(strict(der, "SubjectPublicKeyInfo"));
        namedP256(spki.getAlgorithm());
        return bits(spki.getPublicKeyData(), "subjectPublicKey");
    }

    /** The 32-byte scalar of a P-256 PKCS#8 key holding an RFC 5915 ECPrivateKey. */
    static byte[] p256PrivateFromPkcs8(byte[] der) throws Refusal {
        PrivateKeyInfo info = pkcs8(der);
        namedP256(info.getPrivateKeyAlgorithm());
        ASN1Encodable inner;
        try {
            inner = info.parsePrivateKey();
        } catch (IOException | RuntimeException e) {
            throw new Refusal("format", "the PKCS#8 privateKey does not hold an ECPrivateKey: " + e.getMessage());
        }
        if (!(inner instanceof ASN1Sequence)) {
            throw new Refusal("format", "the PKCS#8 privateKey does not hold an ECPrivateKey SEQUENCE");
        }
        ASN1Sequence ec = (ASN1Sequence) inner;
        if (ec.size() < 2 || !(ec.getObjectAt(0) instanceof ASN1Integer) || ((ASN1Integer) ec.getObjectAt(0)).intValueExact() != 1
                || !(ec.getObjectAt(1) instanceof ASN1OctetString)) {
            throw new Refusal("format", "the ECPrivateKey is not {version 1, privateKey OCTET STRING, ...} (RFC 5915)");
        }
        for (int i = 2; i < ec.size(); i++) {
            ASN1Encodable e = ec.getObjectAt(i);
            if (!(e instanceof ASN1TaggedObject)) {
                throw new Refusal("format", "the ECPrivateKey has an unexpected element " + (i + 1));
            }
            ASN1TaggedObject t = (ASN1TaggedObject) e;
            if (t.getTagNo() == 0) {
                ASN1Primitive params = t.getExplicitBaseObject().toASN1Primitive();
                if (!SECObjectIdentifiers.secp256r1.equals(params)) {
                    throw new Refusal("key", "the ECPrivateKey's parameters name another curve than P-256");
                }
            } else if (t.getTagNo() != 1) {
                throw new Refusal("format", "the ECPrivateKey has an unexpected [" + t.getTagNo() + "] element");
            }
        }
        byte[] scalar = ((ASN1OctetString) ec.getObjectAt(1)).getOctets();
        if (scalar.length != 32) {
            throw new Refusal("format", "the P-256 private key is " + scalar.length + " bytes, not 32 (RFC 5915)");
        }
        return scalar;
    }

    /** {@code {"kty":"EC","crv":"P-256","x":…,"y":…}} as the uncompressed SEC1 point. */
    static byte[] p256PublicFromJwk(String json) throws Refusal {
        Map<String, Object> o = jwk(json, "EC", "P-256");
        byte[] point = new byte[65];
        point[0] = 4;
        System.arraycopy(member(o, "x", 32), 0, point, 1, 32);
        System.arraycopy(member(o, "y", 32), 0, point, 33, 32);
        return point;
    }

    /** The scalar {@code d}; if the JWK also carries x and y, they must be d's public point. */
    static byte[] p256PrivateFromJwk(String json) throws Refusal {
        Map<String, Object> o = jwk(json, "EC", "P-256");
        byte[] d = member(o, "d", 32);
        if (o.containsKey("x") || o.containsKey("y")) {
            byte[] x = member(o, "x", 32);
            byte[] y = member(o, "y", 32);
            org.bouncycastle.math.ec.ECPoint q = NistCurve.NIST_P256.publicPoint(NistCurve.NIST_P256.scalar(d, "d"));
            if (!Arrays.equals(x, org.bouncycastle.util.BigIntegers.asUnsignedByteArray(32, q.getAffineXCoord().toBigInteger()))
                    || !Arrays.equals(y, org.bouncycastle.util.BigIntegers.asUnsignedByteArray(32, q.getAffineYCoord().toBigInteger()))) {
                throw new Refusal("key", "the JWK's x and y are not the public point of its d");
            }
        }
        return d;
    }

    // ------------------------------------------------------------------ PEM

    /** The DER of one PEM block with this label (RFC 7468; LF or CRLF; 64-character lines, the last 1 to 64). */
    static byte[] pem(String text, String label) throws Refusal {
        String[] lines = text.split("\r?\n", -1);
        int n = lines.length;
        if (n > 0 && lines[n - 1].isEmpty()) {
            n--;
        }
        String begin = "-----BEGIN " + label + "-----";
        String end = "-----END " + label + "-----";
        if (n < 3 || !lines[0].equals(begin) || !lines[n - 1].equals(end)) {
            throw new Refusal("format", "PEM: expected one " + label + " block (" + begin + " ... " + end + ")");
        }
        StringBuilder body = new StringBuilder();
        for (int i = 1; i < n - 1; i++) {
            boolean last = i == n - 2;
            int len = lines[i].length();
            if (len == 0 || len > 64 || (!last && len != 64)) {
                throw new Refusal("format", "PEM: body line " + i + " is " + len + " characters (RFC 7468: 64 per line, the last 1 to 64)");
            }
            body.append(lines[i]);
        }
        try {
            return B64.decode(body.toString());
        } catch (B64.Malformed e) {
            throw new Refusal("format", "PEM body: " + e.getMessage());
        }
    }

    // ------------------------------------------------------------------ helpers

    private static ASN1Primitive strict(byte[] der, String what) throws Refusal {
        ASN1Primitive p;
        try {
            p = ASN1Primitive.fromByteArray(der);
            if (!Arrays.equals(p.getEncoded(ASN1Encoding.DER), der)) {
                throw new Refusal("format", what + " is not in DER (BER form, trailing bytes or a non-minimal encoding)");
            }
            return p;
        } catch (IOException | RuntimeException e) {
            throw new Refusal("format", what + " does not parse: " + e.getMessage());
        }
    }

    private static PrivateKeyInfo pkcs8(byte[] der) throws Refusal {
        PrivateKeyInfo info;
        try {
            info = PrivateKeyInfo.getInstance(strict(der, "PKCS#8 PrivateKeyInfo"));
        } catch (IllegalArgumentException e) {
            throw new Refusal("format", "not a PKCS#8 PrivateKeyInfo: " + e.getMessage());
        }
        if (info.getAttributes() != null) {
            throw new Refusal("format", "PKCS#8 attributes are not accepted");
        }
        return info;
    }

    private static void namedP256(AlgorithmIdentifier alg) throws Refusal {
        canonical(alg.getAlgorithm());
        if (!X9ObjectIdentifiers.id_ecPublicKey.equals(alg.getAlgorithm())) {
            throw new Refusal("key", "the key's algorithm is " + alg.getAlgorithm() + ", not id-ecPublicKey");
        }
        ASN1Encodable params = alg.getParameters();
        if (!(params instanceof ASN1ObjectIdentifier)) {
            throw new Refusal("format", "EC parameters must be a named curve (RFC 5480), found " + (params == null ? "none" : "explicit parameters"));
        }
        canonical((ASN1ObjectIdentifier) params);
        if (!SECObjectIdentifiers.secp256r1.equals(params)) {
            throw new Refusal("key", "the named curve is " + params + ", not P-256");
        }
    }

    /**
     * BouncyCastle keeps an OID's contents as read, so a sub-identifier padded with 0x80 bytes (not DER)
     * survives the re-encoding check and compares equal by value: compare with the minimal encoding.
     */
    private static void canonical(ASN1ObjectIdentifier oid) throws Refusal {
        try {
            if (!Arrays.equals(oid.getEncoded(ASN1Encoding.DER), new ASN1ObjectIdentifier(oid.getId()).getEncoded(ASN1Encoding.DER))) {
                throw new Refusal("format", "the OBJECT IDENTIFIER " + oid + " is not in its minimal (DER) encoding");
            }
        } catch (IOException | IllegalArgumentException e) {
            throw new Refusal("format", "an OBJECT IDENTIFIER does not re-encode: " + e.getMessage());
        }
    }

    private static byte[] bits(ASN1BitString s, String what) throws Refusal {
        if (s.getPadBits() != 0) {
            throw new Refusal("format", what + " has unused bits");
        }
        return s.getOctets();
    }

    private static Map<String, Object> jwk(String json, String kty, String crv) throws Refusal {
        Object v;
        try {
            v = Json.parse(json);
        } catch (Json.SyntaxError e) {
            throw new Refusal("format", "JWK: " + e.getMessage());
        }
        if (!(v instanceof Map)) {
            throw new Refusal("format", "JWK: not a JSON object");
        }
        @SuppressWarnings("unchecked")
        Map<String, Object> o = (Map<String, Object>) v;
        for (String[] want : new String[][] {{"kty", kty}, {"crv", crv}}) {
            Object got = o.get(want[0]);
            if (got == null) {
                throw new Refusal("format", "JWK: missing member \"" + want[0] + "\"");
            }
            if (!(got instanceof String)) {
                throw new Refusal("format", "JWK: \"" + want[0] + "\" is not a string");
            }
            if (!got.equals(want[1])) {
                throw new Refusal("key", "JWK: " + want[0] + " is \"" + got + "\", expected \"" + want[1] + "\"");
            }
        }
        return o;
    }

    private static byte[] member(Map<String, Object> o, String name, int length) throws Refusal {
        Object v = o.get(name);
        if (!(v instanceof String)) {
            throw new Refusal("format", "JWK: " + (v == null ? "missing member \"" + name + "\"" : "\"" + name + "\" is not a string"));
        }
        byte[] b;
        try {
            b = B64.decodeUrl((String) v);
        } catch (B64.Malformed e) {
            throw new Refusal("format", "JWK \"" + name + "\": " + e.getMessage());
        }
        if (b.length != length) {
            throw new Refusal("format", "JWK: \"" + name + "\" is " + b.length + " bytes, expected " + length);
        }
        return b;
    }
}
