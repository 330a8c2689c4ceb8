package concord.adapter.primitives;

import concord.adapter.wire.Refusal;
import java.math.BigInteger;
import java.util.Arrays;
import org.bouncycastle.asn1.x9.X9ECParameters;
import org.bouncycastle.crypto.ec.CustomNamedCurves;
import org.bouncycastle.crypto.params.ECDomainParameters;
import org.bouncycastle.math.ec.ECCurve;
import org.bouncycastle.math.ec.ECPoint;

/**
 * The NIST prime curves of Tink's {@code EllipticCurveType} enum (CONTRACT.md §9), on BouncyCastle's
 * low-level API ({@code org.bouncycastle.math.ec}, parameters from {@code CustomNamedCurves}: BouncyCastle's
 * own field arithmetic for each curve, the one its JCE provider uses for these names, several times
 * faster than the generic {@code ECNamedCurveTable} curves on BigInteger; docs/performance.md). The
 * contract's curve is P-256; P-384 and P-521 are here so that a keyset on them can be described.
 *
 * <p>Everything that reads a scalar or a point refuses bad values as {@code key}: a scalar of 0 or
 * at least the group order n; a point of the wrong length or leading byte, a coordinate at least the
 * field prime p, a point not on the curve, or the point at infinity. All three curves have cofactor
 * 1, so a point on the curve other than infinity is in the prime-order group.
 */
public enum NistCurve {
    NIST_P256(2, "secp256r1"),
    NIST_P384(3, "secp384r1"),
    NIST_P521(4, "secp521r1");

    /** The curve's value in Tink's {@code EllipticCurveType} enum. */
    final int protoValue;
    /** Bytes of a field element (and of a coordinate written at fixed length). */
    public final int fieldBytes;
    private final ECCurve curve;
    private final ECDomainParameters domain;
    private final ECPoint g;
    private final BigInteger n;
    private final BigInteger p;

    NistCurve(int protoValue, String secName) {
        X9ECParameters params = CustomNamedCurves.getByName(secName);
        this.protoValue = protoValue;
        this.curve = params.getCurve();
        this.domain = new ECDomainParameters(params.getCurve(), params.getG(), params.getN(), params.getH());
        this.g = params.getG();
        this.n = params.getN();
        this.p = curve.getField().getCharacteristic();
        this.fieldBytes = (curve.getFieldSize() + 7) / 8;
    }

    /** The curve with this {@code EllipticCurveType} value, or {@code null}. */
    public static NistCurve fromProto(long value) {
        for (NistCurve c : values()) {
            if (c.protoValue == value) {
                return c;
            }
        }
        return null;
    }

    /** A big-endian scalar of any length (leading zeros allowed); 0 or ≥ n is a {@code key} refusal. */
    public BigInteger scalar(byte[] bigEndian, String what) throws Refusal {
        BigInteger d = new BigInteger(1, bigEndian);
        if (d.signum() == 0) {
            throw new Refusal("key", what + " is zero (" + bigEndian.length + " bytes), not a " + name() + " scalar");
        }
        if (d.compareTo(n) >= 0) {
            throw new Refusal("key", what + " is not below the " + name() + " group order n");
        }
        return d;
    }

    /**
     * A SEC1 point: compressed ({@code 02|03 || X}, 1 + fieldBytes) or uncompressed ({@code 04 || X || Y},
     * 1 + 2 fieldBytes). Anything else, or a point that is not on the curve, is a {@code key} refusal.
     */
    public ECPoint decodeSec1(byte[] sec1, String what) throws Refusal {
        int len = sec1.length;
        if (len == 1 + fieldBytes) {
            if (sec1[0] != 0x02 && sec1[0] != 0x03) {
                throw new Refusal("key", what + " is " + len + " bytes (a compressed point) but starts with "
                        + String.format("0x%02x", sec1[0]) + ", not 0x02 or 0x03");
            }
            BigInteger x = new BigInteger(1, Arrays.copyOfRange(sec1, 1, len));
            checkCoordinate(x, what, "x");
            ECPoint q;
            try {
                q = curve.decodePoint(sec1);
            } catch (IllegalArgumentException e) {
                throw new Refusal("key", what + ": no point of " + name() + " has this x-coordinate ("
                        + e.getMessage() + ")");
            }
            return checkValid(q, what);
        }
        if (len == 1 + 2 * fieldBytes) {
            if (sec1[0] != 0x04) {
                throw new Refusal("key", what + " is " + len + " bytes (an uncompressed point) but starts with "
                        + String.format("0x%02x", sec1[0]) + ", not 0x04");
            }
            return point(Arrays.copyOfRange(sec1, 1, 1 + fieldBytes), Arrays.copyOfRange(sec1, 1 + fieldBytes, len),
                    what);
        }
        throw new Refusal("key", what + " is " + len + " bytes; a SEC1 " + name() + " point is " + (1 + fieldBytes)
                + " (compressed) or " + (1 + 2 * fieldBytes) + " (uncompressed)");
    }

    /** The point with these big-endian coordinates (any encoded length); {@code key} when not on the curve. */
    public ECPoint point(byte[] xBytes, byte[] yBytes, String what) throws Refusal {
        BigInteger x = new BigInteger(1, xBytes);
        BigInteger y = new BigInteger(1, yBytes);
        checkCoordinate(x, what, "x");
        checkCoordinate(y, what, "y");
        ECPoint q;
        try {
            q = curve.validatePoint(x, y);
        } catch (IllegalArgumentException e) {
            throw new Refusal("key", what + " is not a point on " + name() + " (" + e.getMessage() + ")");
        }
        return checkValid(q, what);
    }

    /** The curve, generator, order and cofactor, for BouncyCastle's signers: the same curve object as
     *  every point read here (points of two curve objects do not mix). */
    public ECDomainParameters domain() {
        return domain;
    }

    /** d·G. */
    public ECPoint publicPoint(BigInteger d) {
        return g.multiply(d).normalize();
    }

    /** The x-coordinate of d·Q at fixed length (fieldBytes): the ECDH shared secret. */
    public byte[] sharedX(BigInteger d, ECPoint q) throws Refusal {
        ECPoint s = q.multiply(d).normalize();
        if (s.isInfinity()) {
            throw new Refusal("key", "the ECDH product is the point at infinity");
        }
        return s.getAffineXCoord().getEncoded();
    }

    /** A coordinate or field value at fixed length fieldBytes. */
    public byte[] x(ECPoint q) {
        return q.normalize().getAffineXCoord().getEncoded();
    }

    public byte[] y(ECPoint q) {
        return q.normalize().getAffineYCoord().getEncoded();
    }

    private void checkCoordinate(BigInteger v, String what, String coordinate) throws Refusal {
        if (v.compareTo(p) >= 0) {
            throw new Refusal("key", what + ": coordinate " + coordinate + " is not below the " + name()
                    + " field prime p (not a point on the curve)");
        }
    }

    private ECPoint checkValid(ECPoint q, String what) throws Refusal {
        ECPoint norm = q.normalize();
        if (norm.isInfinity() || !norm.isValid()) {
            throw new Refusal("key", what + " is not a point on " + name());
        }
        return norm;
    }
}
