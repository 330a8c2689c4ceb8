package concord.adapter.closer;

import static concord.adapter.wire.KeysetJson.member;
import static concord.adapter.wire.KeysetJson.object;
import static concord.adapter.wire.KeysetJson.string;
import static concord.adapter.wire.KeysetJson.uint32;

import concord.adapter.primitives.Hkdf;
import concord.adapter.primitives.NistCurve;
import concord.adapter.primitives.TinkAesGcmKeyset;
import concord.adapter.wire.B64;
import concord.adapter.wire.Protobuf;
import concord.adapter.wire.Refusal;
import concord.adapter.wire.TinkEnum;
import concord.adapter.wire.Unsupported;
import concord.adapter.wire.Utf8;
import concord.adapter.wire.Values;
import concord.adapter.wire.Wire;
import concord.kit.Json;
import java.math.BigInteger;
import java.util.List;
import java.util.Map;
import org.bouncycastle.math.ec.ECPoint;

/**
 * Reads a Tink cleartext JSON keyset holding one ECIES-AEAD-HKDF key, public or private (CONTRACT.md
 * §9), and the {@code pub:v1:} form of a public keyset (§10), with no Tink library: the JSON through
 * {@link Json}, the protobufs through {@link Protobuf}.
 *
 * <pre>
 * EciesAeadHkdfPrivateKey { version = 1, public_key = 2 (EciesAeadHkdfPublicKey), key_value = 3 (bytes) }
 * EciesAeadHkdfPublicKey  { version = 1, params = 2 (EciesAeadHkdfParams), x = 3 (bytes), y = 4 (bytes) }
 * EciesAeadHkdfParams     { kem_params = 1 (EciesHkdfKemParams), dem_params = 2 (EciesAeadDemParams),
 *                           ec_point_format = 3 (enum) }
 * EciesHkdfKemParams      { curve_type = 1 (enum), hkdf_hash_type = 2 (enum), hkdf_salt = 11 (bytes) }
 * EciesAeadDemParams      { aead_dem = 2 (KeyTemplate { type_url = 1, value = 2, output_prefix_type = 3 }) }
 * AesGcmKeyFormat         { key_size = 2, version = 3 }
 * </pre>
 *
 * <p>Refusal classes. {@code format}: text that is not JSON, a JSON member missing or of the wrong type,
 * value not strict {@code b64}, a protobuf that does not decode (see {@link Protobuf}: unknown or repeated
 * fields are refused) or lacks a field the key needs (a message, x, y, key_value; proto3 omits a field at its
 * default, so "absent" is "missing" here), a {@code pub:v1:} prefix or {@code b64url} or UTF-8
 * that is wrong. {@code key}: a type URL that is not an ECIES-AEAD-HKDF key, a key material type that does
 * not match it, a key that is not ENABLED or not the primary, a version other than 0, an enum value that is
 * not a NIST curve / a known hash / a point format (an absent enum or key size is proto3's 0, as Tink reads
 * it: UNKNOWN, so key), a DEM that is not an AES-GCM key template of 16 or 32
 * bytes, a point not on the curve, a scalar of 0 or ≥ n or whose public point is not the one stored, and a
 * private key inside {@code pub:v1:}. {@code unsupported}: a keyset of more than one key, a DEM that Tink
 * knows but this adapter does not compute (AES-CTR-HMAC, XChaCha20-Poly1305, AES-SIV).
 *
 * <p>Coordinates and the scalar are unsigned big-endian of any encoded length (Tink C++ writes 32 bytes for
 * P-256, Tink Java 33 with a leading 0x00). Unknown JSON members are ignored, as Tink's JSON reader does.
 */
public final class EciesKeyset {
    static final String PUBLIC_TYPE_URL = "type.googleapis.com/google.crypto.tink.EciesAeadHkdfPublicKey";
    static final String PRIVATE_TYPE_URL = "type.googleapis.com/google.crypto.tink.EciesAeadHkdfPrivateKey";
    static final String AES_GCM_TYPE_URL = TinkAesGcmKeyset.TYPE_URL;
    static final String PUB_PREFIX = "pub:v1:";
    private static final List<String> PREFIX_TYPES = List.of("TINK", "RAW", "LEGACY", "CRUNCHY");
    private static final List<String> OTHER_TINK_DEMS = List.of(
            "type.googleapis.com/google.crypto.tink.AesCtrHmacAeadKey",
            "type.googleapis.com/google.crypto.tink.XChaCha20Poly1305Key",
            "type.googleapis.com/google.crypto.tink.AesSivKey");

    /** Tink's {@code EcPointFormat} enum: how the ephemeral point is written into a ciphertext. */
    public enum PointFormat {
        UNCOMPRESSED(1),
        COMPRESSED(2),
        DO_NOT_USE_CRUNCHY_UNCOMPRESSED(3);

        final int protoValue;

        PointFormat(int protoValue) {
            this.protoValue = protoValue;
        }

        static PointFormat fromProto(long value) {
            for (PointFormat f : values()) {
                if (f.protoValue == value) {
                    return f;
                }
            }
            return null;
        }
    }

    /** The KEM and DEM parameters of a key. */
    public record Params(NistCurve curve, Hkdf.Hash hash, byte[] hkdfSalt, int demKeySize, PointFormat pointFormat) {}

    /**
     * One key of a keyset: its id and output prefix type, its parameters, its public point and, for a
     * private key, its scalar ({@code null} for a public key).
     */
    public record Key(long keyId, String outputPrefix, Params params, ECPoint publicPoint, BigInteger privateScalar) {
        boolean isPrivate() {
            return privateScalar != null;
        }

        /** The Tink output prefix: {@code 0x01 || keyId} (TINK), {@code 0x00 || keyId} (LEGACY, CRUNCHY), none (RAW). */
        byte[] outputPrefixBytes() {
            if (outputPrefix.equals("RAW")) {
                return new byte[0];
            }
            byte first = outputPrefix.equals("TINK") ? (byte) 0x01 : (byte) 0x00;
            return new byte[] {first, (byte) (keyId >>> 24), (byte) (keyId >>> 16), (byte) (keyId >>> 8),
                    (byte) keyId};
        }
    }

    private EciesKeyset() {}

    /** Reads {@code pub:v1:} + b64url(UTF-8 public keyset JSON). A private keyset inside is a {@code key} refusal. */
    static Key parsePub(String text) throws Refusal, Unsupported {
        byte[] raw = Wire.decode(null, text, PUB_PREFIX, Wire.Encoding.B64URL);
        String json = Utf8.decodeOrNull(raw);
        if (json == null) {
            throw new Refusal("format", "after \"" + PUB_PREFIX + "\": the decoded bytes are not UTF-8 (a JSON keyset)");
        }
        Key key = parseJson(json);
        if (key.isPrivate()) {
            throw new Refusal("key", "the keyset inside \"" + PUB_PREFIX + "\" is a private keyset (" + PRIVATE_TYPE_URL
                    + "); a public key is expected (and the private key has leaked)");
        }
        return key;
    }

    /** Reads a cleartext JSON keyset of one ECIES-AEAD-HKDF key, public or private. */
    static Key parseJson(String json) throws Refusal, Unsupported {
        Object root;
        try {
            root = Json.parse(json);
        } catch (Json.SyntaxError e) {
            throw new Refusal("format", "the keyset is not JSON: " + e.getMessage());
        }
        Map<?, ?> keyset = object(root, "the keyset");
        long primary = uint32(member(keyset, "primaryKeyId", "the keyset"), "primaryKeyId");
        Object keys = member(keyset, "key", "the keyset");
        if (!(keys instanceof List)) {
            throw format("\"key\" is " + Values.typeName(keys) + ", not an array");
        }
        List<?> list = (List<?>) keys;
        if (list.isEmpty()) {
            throw format("the keyset's \"key\" array is empty");
        }
        if (list.size() > 1) {
            throw new Unsupported("the keyset holds " + list.size() + " keys; this adapter reads keysets of one key");
        }
        Map<?, ?> key = object(list.get(0), "key[0]");
        long keyId = uint32(member(key, "keyId", "key[0]"), "key[0].keyId");
        String status = string(member(key, "status", "key[0]"), "key[0].status");
        String prefix = string(member(key, "outputPrefixType", "key[0]"), "key[0].outputPrefixType");
        Map<?, ?> keyData = object(member(key, "keyData", "key[0]"), "key[0].keyData");
        String typeUrl = string(member(keyData, "typeUrl", "key[0].keyData"), "key[0].keyData.typeUrl");
        String material = string(member(keyData, "keyMaterialType", "key[0].keyData"),
                "key[0].keyData.keyMaterialType");
        String value = string(member(keyData, "value", "key[0].keyData"), "key[0].keyData.value");

        // TinkEnum's rule: no name of Tink's enum is format; UNKNOWN_PREFIX, a status other than ENABLED and a
        // key material type other than the type URL's are key.
        TinkEnum.name(prefix, TinkEnum.PREFIXES, "key[0].outputPrefixType");
        TinkEnum.name(status, TinkEnum.STATUSES, "key[0].status");
        TinkEnum.name(material, TinkEnum.MATERIALS, "key[0].keyData.keyMaterialType");
        // The value's base64 is part of the JSON keyset, read before any key check, as Tink's JSON reader does.
        byte[] proto = Wire.decode("key[0].keyData.value", value, "", Wire.Encoding.B64);
        if (!PREFIX_TYPES.contains(prefix)) {
            throw new Refusal("key", "key[0].outputPrefixType is " + prefix + ", not TINK, RAW, LEGACY or CRUNCHY");
        }
        if (!status.equals("ENABLED")) {
            throw new Refusal("key", "key[0].status is " + Json.quote(status) + ", not \"ENABLED\"");
        }
        if (keyId != primary) {
            throw new Refusal("key", "primaryKeyId " + primary + " is not the id of the keyset's only key (" + keyId
                    + "): the keyset has no primary key");
        }
        boolean isPrivate;
        if (typeUrl.equals(PUBLIC_TYPE_URL)) {
            isPrivate = false;
        } else if (typeUrl.equals(PRIVATE_TYPE_URL)) {
            isPrivate = true;
        } else {
            throw new Refusal("key", "key[0].keyData.typeUrl is " + Json.quote(typeUrl) + ", not "
                    + Json.quote(PUBLIC_TYPE_URL) + " or " + Json.quote(PRIVATE_TYPE_URL));
        }
        String expectedMaterial = isPrivate ? "ASYMMETRIC_PRIVATE" : "ASYMMETRIC_PUBLIC";
        if (!material.equals(expectedMaterial)) {
            throw new Refusal("key", "key[0].keyData.keyMaterialType is " + Json.quote(material) + ", not "
                    + Json.quote(expectedMaterial) + " as its type URL needs");
        }
        try {
            parseWhole(proto, isPrivate);
            return isPrivate ? privateKey(proto, keyId, prefix) : publicKey(proto, "EciesAeadHkdfPublicKey", keyId,
                    prefix);
        } catch (Protobuf.Malformed e) {
            throw format("key[0].keyData.value: " + e.getMessage());
        } catch (Refusal e) {
            throw new Refusal(e.errorClass(), "key[0].keyData.value: " + e.getMessage());
        } catch (Unsupported e) {
            throw new Unsupported("key[0].keyData.value: " + e.getMessage());
        }
    }

    /**
     * The key's protobuf parsed whole (its nested messages and the UTF-8 of the DEM's type URL) before any
     * of its values is checked, as protobuf parses a message (Tink's ParseFromString): a malformation
     * anywhere is format before a bad value is key. The template's value (an AesGcmKeyFormat) is bytes to
     * protobuf, read later.
     */
    private static void parseWhole(byte[] proto, boolean isPrivate) throws Protobuf.Malformed {
        String name = "EciesAeadHkdfPublicKey";
        byte[] pub = proto;
        if (isPrivate) {
            Protobuf.Message m = Protobuf.read(proto, "EciesAeadHkdfPrivateKey",
                    Protobuf.Field.varint(1, "version"),
                    Protobuf.Field.bytes(2, "public_key"),
                    Protobuf.Field.bytes(3, "key_value"));
            pub = m.bytesOrEmpty(2);
            name = "EciesAeadHkdfPrivateKey.public_key";
        }
        Protobuf.Message k = Protobuf.read(pub, name,
                Protobuf.Field.varint(1, "version"),
                Protobuf.Field.bytes(2, "params"),
                Protobuf.Field.bytes(3, "x"),
                Protobuf.Field.bytes(4, "y"));
        Protobuf.Message p = Protobuf.read(k.bytesOrEmpty(2), k.path(2),
                Protobuf.Field.bytes(1, "kem_params"),
                Protobuf.Field.bytes(2, "dem_params"),
                Protobuf.Field.varint(3, "ec_point_format"));
        Protobuf.read(p.bytesOrEmpty(1), p.path(1),
                Protobuf.Field.varint(1, "curve_type"),
                Protobuf.Field.varint(2, "hkdf_hash_type"),
                Protobuf.Field.bytes(11, "hkdf_salt"));
        Protobuf.Message d = Protobuf.read(p.bytesOrEmpty(2), p.path(2), Protobuf.Field.bytes(2, "aead_dem"));
        Protobuf.Message t = Protobuf.read(d.bytesOrEmpty(2), d.path(2),
                Protobuf.Field.bytes(1, "type_url"),
                Protobuf.Field.bytes(2, "value"),
                Protobuf.Field.varint(3, "output_prefix_type"));
        if (Utf8.decodeOrNull(t.bytesOrEmpty(1)) == null) {
            throw new Protobuf.Malformed(t.path(1) + " is not UTF-8");
        }
    }

    private static Key privateKey(byte[] proto, long keyId, String prefix)
            throws Protobuf.Malformed, Refusal, Unsupported {
        String name = "EciesAeadHkdfPrivateKey";
        Protobuf.Message m = Protobuf.read(proto, name,
                Protobuf.Field.varint(1, "version"),
                Protobuf.Field.bytes(2, "public_key"),
                Protobuf.Field.bytes(3, "key_value"));
        checkVersion(m, 1);
        byte[] publicKey = m.requiredBytes(2);
        byte[] keyValue = m.requiredBytes(3);
        Key pub = publicKey(publicKey, name + ".public_key", keyId, prefix);
        NistCurve curve = pub.params().curve();
        BigInteger d = curve.scalar(keyValue, m.path(3));
        if (!curve.publicPoint(d).equals(pub.publicPoint())) {
            throw new Refusal("key", m.path(3) + " is not the private key of " + name + ".public_key (d·G is "
                    + "another point)");
        }
        return new Key(keyId, prefix, pub.params(), pub.publicPoint(), d);
    }

    private static Key publicKey(byte[] proto, String name, long keyId, String prefix)
            throws Protobuf.Malformed, Refusal, Unsupported {
        Protobuf.Message m = Protobuf.read(proto, name,
                Protobuf.Field.varint(1, "version"),
                Protobuf.Field.bytes(2, "params"),
                Protobuf.Field.bytes(3, "x"),
                Protobuf.Field.bytes(4, "y"));
        checkVersion(m, 1);
        byte[] paramsBytes = m.requiredBytes(2);
        byte[] x = m.requiredBytes(3);
        byte[] y = m.requiredBytes(4);
        Params params = params(paramsBytes, m.path(2));
        ECPoint q = params.curve().point(x, y, name + " (x, y)");
        return new Key(keyId, prefix, params, q, null);
    }

    private static Params params(byte[] proto, String name) throws Protobuf.Malformed, Refusal, Unsupported {
        Protobuf.Message m = Protobuf.read(proto, name,
                Protobuf.Field.bytes(1, "kem_params"),
                Protobuf.Field.bytes(2, "dem_params"),
                Protobuf.Field.varint(3, "ec_point_format"));
        byte[] kemBytes = m.requiredBytes(1);
        byte[] demBytes = m.requiredBytes(2);
        long formatValue = m.varint(3, 0);
        PointFormat format = PointFormat.fromProto(formatValue);
        if (format == null) {
            throw new Refusal("key", m.path(3) + " is " + formatValue
                    + ", not UNCOMPRESSED (1), COMPRESSED (2) or DO_NOT_USE_CRUNCHY_UNCOMPRESSED (3)");
        }

        Protobuf.Message kem = Protobuf.read(kemBytes, m.path(1),
                Protobuf.Field.varint(1, "curve_type"),
                Protobuf.Field.varint(2, "hkdf_hash_type"),
                Protobuf.Field.bytes(11, "hkdf_salt"));
        long curveValue = kem.varint(1, 0);
        NistCurve curve = NistCurve.fromProto(curveValue);
        if (curve == null) {
            throw new Refusal("key", kem.path(1) + " is " + curveValue
                    + ", not NIST_P256 (2), NIST_P384 (3) or NIST_P521 (4)");
        }
        long hashValue = kem.varint(2, 0);
        Hkdf.Hash hash = Hkdf.Hash.fromProto(hashValue);
        if (hash == null) {
            throw new Refusal("key", kem.path(2) + " is " + hashValue
                    + ", not SHA1 (1), SHA384 (2), SHA256 (3), SHA512 (4) or SHA224 (5)");
        }
        byte[] salt = kem.bytesOrEmpty(11);

        Protobuf.Message dem = Protobuf.read(demBytes, m.path(2), Protobuf.Field.bytes(2, "aead_dem"));
        Protobuf.Message template = Protobuf.read(dem.requiredBytes(2), dem.path(2),
                Protobuf.Field.bytes(1, "type_url"),
                Protobuf.Field.bytes(2, "value"),
                Protobuf.Field.varint(3, "output_prefix_type"));
        String demUrl = Utf8.decodeOrNull(template.requiredBytes(1));
        if (demUrl == null) {
            throw new Protobuf.Malformed(template.path(1) + " is not UTF-8");
        }
        if (OTHER_TINK_DEMS.contains(demUrl)) {
            throw new Unsupported(template.path(1) + " is " + Json.quote(demUrl)
                    + "; this adapter computes only the AES-GCM DEM");
        }
        if (!demUrl.equals(AES_GCM_TYPE_URL)) {
            throw new Refusal("key", template.path(1) + " is " + Json.quote(demUrl) + ", not "
                    + Json.quote(AES_GCM_TYPE_URL));
        }
        // The template's output_prefix_type is read and ignored: the DEM output carries no prefix.
        Protobuf.Message aesFormat = Protobuf.read(template.bytesOrEmpty(2), template.path(2) + " (AesGcmKeyFormat)",
                Protobuf.Field.varint(2, "key_size"),
                Protobuf.Field.varint(3, "version"));
        long keySize = aesFormat.varint(2, 0);
        if (keySize != 16 && keySize != 32) {
            throw new Refusal("key", aesFormat.path(2) + " is " + keySize + "; Tink's AES-GCM takes 16 or 32 bytes");
        }
        checkVersion(aesFormat, 3);
        return new Params(curve, hash, salt, (int) keySize, format);
    }

    private static void checkVersion(Protobuf.Message m, int field) throws Refusal {
        long version = m.varint(field, 0);
        if (version != 0) {
            throw new Refusal("key", m.path(field) + " is " + version + "; Tink knows only version 0");
        }
    }

    private static Refusal format(String message) {
        return new Refusal("format", message);
    }
}
