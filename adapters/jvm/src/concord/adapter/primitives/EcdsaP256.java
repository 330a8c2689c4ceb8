package concord.adapter.primitives;

import concord.adapter.wire.Refusal;
import concord.adapter.wire.Unsupported;
import java.io.IOException;
import java.math.BigInteger;
import java.security.AlgorithmParameters;
import java.security.GeneralSecurityException;
import java.security.KeyFactory;
import java.security.PublicKey;
import java.security.Signature;
import java.security.SignatureException;
import java.security.spec.ECGenParameterSpec;
import java.security.spec.ECParameterSpec;
import java.security.spec.ECPublicKeySpec;
import java.util.Arrays;
import org.bouncycastle.asn1.ASN1Encodable;
import org.bouncycastle.asn1.ASN1Encoding;
import org.bouncycastle.asn1.ASN1Integer;
import org.bouncycastle.asn1.ASN1Primitive;
import org.bouncycastle.asn1.ASN1Sequence;
import org.bouncycastle.asn1.DERSequence;
import org.bouncycastle.crypto.digests.SHA256Digest;
import org.bouncycastle.crypto.params.ECDomainParameters;
import org.bouncycastle.crypto.params.ECPrivateKeyParameters;
import org.bouncycastle.crypto.params.ECPublicKeyParameters;
import org.bouncycastle.crypto.signers.ECDSASigner;
import org.bouncycastle.crypto.signers.HMacDSAKCalculator;
import org.bouncycastle.math.ec.ECPoint;
import org.bouncycastle.util.BigIntegers;

/**
 * ECDSA over P-256 with SHA-256 on BouncyCastle's {@code ECDSASigner}: signing with RFC 6979
 * deterministic nonces ({@code HMacDSAKCalculator}; s is not normalized), verification of DER
 * ({@code SEQUENCE {r, s}}, strict: the encoding must be the DER re-encoding of what it parses to) and
 * IEEE P1363 ({@code r || s}, 64 bytes) signatures. The public key is a SEC1 point ({@link NistCurve}).
 * The JDK (SunEC) verifies too ({@code SHA256withECDSA}, {@code SHA256withECDSAinP1363Format}), with its
 * own DER decoding; it cannot sign deterministically (its nonces are random), so JDK signing is
 * {@link Unsupported}. Checked against Wycheproof's P-256/SHA-256 files, JDK 17.0.15 disagrees on five
 * tests where BouncyCastle agrees: it accepts an s whose DER INTEGER lacks the leading zero (tcId 6,
 * "Legacy") and refuses two valid signatures whose k·G has an x-coordinate of at least n (DER tcIds 350
 * and 479, P1363 tcIds 115 and 257). So BouncyCastle is the one to answer the suite; the JDK path is kept
 * to show that disagreement, not to hide it.
 */
public final class EcdsaP256 {
    public static final int SCALAR_BYTES = 32;
    private static final ECDomainParameters DOMAIN = NistCurve.NIST_P256.domain();

    private EcdsaP256() {}

    /** Returns {@code r || s} (the P1363 form); {@link #der} gives the DER form of the same signature. */
    static Answered sign(byte[] privateKey, byte[] message) throws Refusal {
        if (privateKey.length != SCALAR_BYTES) {
            throw Refusal.parameters("a P-256 private key is a " + SCALAR_BYTES + "-byte scalar (got " + privateKey.length + " bytes)");
        }
        BigInteger d = NistCurve.NIST_P256.scalar(privateKey, "private key");
        ECDSASigner signer = new ECDSASigner(new HMacDSAKCalculator(new SHA256Digest()));
        signer.init(true, new ECPrivateKeyParameters(d, DOMAIN));
        BigInteger[] rs = signer.generateSignature(sha256(message));
        return new Answered(p1363(rs[0], rs[1]), JvmLibrary.BOUNCY_CASTLE.label(null));
    }

    static Answered sign(byte[] privateKey, byte[] message, JvmLibrary lib) throws Refusal, Unsupported {
        if (lib == JvmLibrary.JDK) {
            throw new Unsupported("the JDK's ECDSA draws a random nonce; RFC 6979 deterministic signing needs BouncyCastle");
        }
        return sign(privateKey, message);
    }

    public static Answered verifyDer(byte[] publicKey, byte[] message, byte[] signature, JvmLibrary lib) throws Refusal {
        if (lib == JvmLibrary.JDK) {
            return jdkVerify("SHA256withECDSA", publicKey, message, signature);
        }
        return verifyDer(publicKey, message, signature);
    }

    public static Answered verifyP1363(byte[] publicKey, byte[] message, byte[] signature, JvmLibrary lib) throws Refusal {
        if (lib == JvmLibrary.JDK) {
            if (signature.length != 2 * SCALAR_BYTES) {
                throw new Refusal("format", "an IEEE P1363 P-256 signature is " + 2 * SCALAR_BYTES + " bytes, r||s (got " + signature.length + ")");
            }
            return jdkVerify("SHA256withECDSAinP1363Format", publicKey, message, signature);
        }
        return verifyP1363(publicKey, message, signature);
    }

    public static Answered verifyDer(byte[] publicKey, byte[] message, byte[] signature) throws Refusal {
        BigInteger[] rs = parseDer(signature);
        return verify(publicKey, message, rs[0], rs[1]);
    }

    public static Answered verifyP1363(byte[] publicKey, byte[] message, byte[] signature) throws Refusal {
        if (signature.length != 2 * SCALAR_BYTES) {
            throw new Refusal("format", "an IEEE P1363 P-256 signature is " + 2 * SCALAR_BYTES + " bytes, r||s (got " + signature.length + ")");
        }
        BigInteger r = new BigInteger(1, Arrays.copyOfRange(signature, 0, SCALAR_BYTES));
        BigInteger s = new BigInteger(1, Arrays.copyOfRange(signature, SCALAR_BYTES, 2 * SCALAR_BYTES));
        return verify(publicKey, message, r, s);
    }

    private static Answered verify(byte[] publicKey, byte[] message, BigInteger r, BigInteger s) throws Refusal {
        ECPoint q = NistCurve.NIST_P256.decodeSec1(publicKey, "public key");
        ECDSASigner verifier = new ECDSASigner();
        verifier.init(false, new ECPublicKeyParameters(q, DOMAIN));
        // ECDSASigner refuses r or s outside [1, n-1] itself.
        if (!verifier.verifySignature(sha256(message), r, s)) {
            throw new Refusal("authentication", "the ECDSA P-256 signature does not verify under this public key");
        }
        return new Answered(null, JvmLibrary.BOUNCY_CASTLE.label(null));
    }

    private static Answered jdkVerify(String algorithm, byte[] publicKey, byte[] message, byte[] signature) throws Refusal {
        ECPoint q = NistCurve.NIST_P256.decodeSec1(publicKey, "public key").normalize();
        boolean ok;
        try {
            AlgorithmParameters ap = AlgorithmParameters.getInstance("EC");
            ap.init(new ECGenParameterSpec("secp256r1"));
            ECParameterSpec spec = ap.getParameterSpec(ECParameterSpec.class);
            PublicKey key = KeyFactory.getInstance("EC").generatePublic(new ECPublicKeySpec(
                    new java.security.spec.ECPoint(q.getAffineXCoord().toBigInteger(), q.getAffineYCoord().toBigInteger()), spec));
            Signature v = Signature.getInstance(algorithm);
            v.initVerify(key);
            v.update(message);
            ok = v.verify(signature);
        } catch (SignatureException e) {
            // SunEC throws for a signature it cannot decode (not DER, trailing bytes, r or s out of range).
            throw new Refusal("format", "the JDK refuses the signature encoding: " + e.getMessage());
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("the JDK's ECDSA failed: " + e, e);
        }
        if (!ok) {
            throw new Refusal("authentication", "the ECDSA P-256 signature does not verify under this public key");
        }
        return new Answered(null, JvmLibrary.JDK.label("SunEC"));
    }

    /** Strict DER: one SEQUENCE of two non-negative INTEGERs, byte-identical to its DER re-encoding. */
    public static BigInteger[] parseDer(byte[] sig) throws Refusal {
        ASN1Primitive p;
        try {
            p = ASN1Primitive.fromByteArray(sig);
        } catch (IOException | RuntimeException e) {
            throw new Refusal("format", "the DER signature does not parse: " + e.getMessage());
        }
        if (!(p instanceof ASN1Sequence) || ((ASN1Sequence) p).size() != 2) {
            throw new Refusal("format", "the DER signature is not a SEQUENCE of two elements");
        }
        ASN1Sequence seq = (ASN1Sequence) p;
        ASN1Encodable r = seq.getObjectAt(0);
        ASN1Encodable s = seq.getObjectAt(1);
        if (!(r instanceof ASN1Integer) || !(s instanceof ASN1Integer)) {
            throw new Refusal("format", "the DER signature's elements are not two INTEGERs");
        }
        byte[] again;
        try {
            again = p.getEncoded(ASN1Encoding.DER);
        } catch (IOException e) {
            throw new Refusal("format", "the DER signature does not re-encode: " + e.getMessage());
        }
        if (!Arrays.equals(again, sig)) {
            throw new Refusal("format", "the signature is not in DER (BER form, trailing bytes or a non-minimal encoding)");
        }
        BigInteger rv = ((ASN1Integer) r).getValue();
        BigInteger sv = ((ASN1Integer) s).getValue();
        if (rv.signum() < 0 || sv.signum() < 0) {
            throw new Refusal("format", "the DER signature holds a negative INTEGER");
        }
        return new BigInteger[] {rv, sv};
    }

    public static byte[] der(byte[] p1363) {
        BigInteger r = new BigInteger(1, Arrays.copyOfRange(p1363, 0, SCALAR_BYTES));
        BigInteger s = new BigInteger(1, Arrays.copyOfRange(p1363, SCALAR_BYTES, 2 * SCALAR_BYTES));
        try {
            return new DERSequence(new ASN1Encodable[] {new ASN1Integer(r), new ASN1Integer(s)}).getEncoded(ASN1Encoding.DER);
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
    }

    public static byte[] p1363(BigInteger r, BigInteger s) {
        return ChaChaPoly.concat(BigIntegers.asUnsignedByteArray(SCALAR_BYTES, r), BigIntegers.asUnsignedByteArray(SCALAR_BYTES, s));
    }

    private static byte[] sha256(byte[] m) {
        SHA256Digest d = new SHA256Digest();
        d.update(m, 0, m.length);
        byte[] out = new byte[32];
        d.doFinal(out, 0);
        return out;
    }
}
