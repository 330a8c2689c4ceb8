package concord.adapter.primitives;

import concord.adapter.wire.B64;
import concord.adapter.wire.Protobuf;
import concord.adapter.wire.Refusal;
import concord.adapter.wire.Values;
import concord.adapter.wire.Wire;
import concord.kit.Json;
import java.util.List;
import java.util.Map;

/**
 * Reads a Tink cleartext JSON keyset holding one {@code AesGcmKey} (CONTRACT.md §4 option B, §9) and
 * extracts the key bytes, with no Tink library: the JSON through {@link Json}, the protobuf through
 * {@link Protobuf}.
 *
 * <pre>{"primaryKeyId":&lt;uint32&gt;,"key":[{"keyData":{"typeUrl":"type.googleapis.com/google.crypto.tink.AesGcmKey",
 *  "value":"&lt;b64 AesGcmKey&gt;","keyMaterialType":"SYMMETRIC"},"status":"ENABLED","keyId":&lt;uint32&gt;,
 *  "outputPrefixType":"TINK|RAW|LEGACY|CRUNCHY"}]}</pre>
 *
 * <p>Accepted: exactly one key, whose {@code keyId} equals {@code primaryKeyId} (both unsigned 32-bit,
 * the whole range 0..2^32-1; a negative id, as a Java {@code int} would print one above 2^31, is
 * refused), status {@code ENABLED}, key material {@code SYMMETRIC}, any of the four output prefix types
 * (the prefix changes the ciphertexts, not the key), and {@code value} in strict {@code b64} holding
 * the protobuf {@code AesGcmKey { uint32 version = 1; bytes key_value = 3; }} with version 0 (absent or
 * explicitly 0), each field at most once, no other field (the rules of {@link Protobuf}), and a 32-byte
 * key_value (AES-256). Unknown JSON members are ignored, as Tink's own JSON reader ignores them.
 */
public final class TinkAesGcmKeyset {
    public static final String TYPE_URL = "type.googleapis.com/google.crypto.tink.AesGcmKey";
    private static final List<String> PREFIX_TYPES = List.of("TINK", "RAW", "LEGACY", "CRUNCHY");

    /** The text is not such a keyset; the message says why. */
    public static final class Invalid extends Exception {
        private static final long serialVersionUID = 1L;

        Invalid(String message) {
            super(message);
        }
    }

    /** What the keyset holds. */
    public record Key(long keyId, String outputPrefixType, byte[] keyValue) {}

    private TinkAesGcmKeyset() {}

    public static Key parse(String json) throws Invalid {
        Object root;
        try {
            root = Json.parse(json);
        } catch (Json.SyntaxError e) {
            throw new Invalid("not JSON: " + e.getMessage());
        }
        Map<?, ?> keyset = object(root, "the keyset");
        long primary = uint32(member(keyset, "primaryKeyId", "the keyset"), "primaryKeyId");
        Object keys = member(keyset, "key", "the keyset");
        if (!(keys instanceof List)) {
            throw new Invalid("\"key\" is " + Values.typeName(keys) + ", not an array");
        }
        List<?> list = (List<?>) keys;
        if (list.size() != 1) {
            throw new Invalid("the keyset holds " + list.size() + " keys; the contract's keyset holds exactly one");
        }
        Map<?, ?> key = object(list.get(0), "key[0]");
        long keyId = uint32(member(key, "keyId", "key[0]"), "key[0].keyId");
        if (keyId != primary) {
            throw new Invalid("primaryKeyId " + primary + " is not the id of its only key (" + keyId + ")");
        }
        String status = string(member(key, "status", "key[0]"), "key[0].status");
        if (!status.equals("ENABLED")) {
            throw new Invalid("key[0].status is " + Json.quote(status) + ", not \"ENABLED\"");
        }
        String prefix = string(member(key, "outputPrefixType", "key[0]"), "key[0].outputPrefixType");
        if (!PREFIX_TYPES.contains(prefix)) {
            throw new Invalid("key[0].outputPrefixType " + Json.quote(prefix) + " is not TINK, RAW, LEGACY or CRUNCHY");
        }
        Map<?, ?> keyData = object(member(key, "keyData", "key[0]"), "key[0].keyData");
        String typeUrl = string(member(keyData, "typeUrl", "key[0].keyData"), "key[0].keyData.typeUrl");
        if (!typeUrl.equals(TYPE_URL)) {
            throw new Invalid("key[0].keyData.typeUrl is " + Json.quote(typeUrl) + ", not " + Json.quote(TYPE_URL));
        }
        String material = string(member(keyData, "keyMaterialType", "key[0].keyData"), "key[0].keyData.keyMaterialType");
        if (!material.equals("SYMMETRIC")) {
            throw new Invalid("key[0].keyData.keyMaterialType is " + Json.quote(material) + ", not \"SYMMETRIC\"");
        }
        String value = string(member(keyData, "value", "key[0].keyData"), "key[0].keyData.value");
        byte[] proto;
        try {
            proto = Wire.decode("key[0].keyData.value", value, "", Wire.Encoding.B64);
        } catch (Refusal e) {
            throw new Invalid(e.getMessage());
        }
        return new Key(keyId, prefix, aesGcmKeyValue(proto));
    }

    /**
     * Decodes the protobuf {@code AesGcmKey { uint32 version = 1; bytes key_value = 3; }} with {@link Protobuf}
     * (each field at most once, no other field, the right wire types), then requires version 0 and a
     * 32-byte key_value.
     */
    static byte[] aesGcmKeyValue(byte[] proto) throws Invalid {
        long version;
        byte[] keyValue;
        try {
            Protobuf.Message m = Protobuf.read(proto, "AesGcmKey",
                    Protobuf.Field.varint(1, "version"),
                    Protobuf.Field.bytes(3, "key_value"));
            version = m.varint(1, 0);
            keyValue = m.requiredBytes(3);
        } catch (Protobuf.Malformed e) {
            throw new Invalid(e.getMessage());
        }
        if (version != 0) {
            throw new Invalid("AesGcmKey.version is " + version + "; Tink knows only 0");
        }
        if (keyValue.length != AesGcm.KEY_BYTES) {
            throw new Invalid("AesGcmKey.key_value is " + keyValue.length + " bytes, not the contract's "
                    + AesGcm.KEY_BYTES + " (AES-256)");
        }
        return keyValue;
    }

    private static Map<?, ?> object(Object v, String where) throws Invalid {
        if (!(v instanceof Map)) {
            throw new Invalid(where + " is " + Values.typeName(v) + ", not an object");
        }
        return (Map<?, ?>) v;
    }

    private static Object member(Map<?, ?> m, String name, String where) throws Invalid {
        if (!m.containsKey(name)) {
            throw new Invalid(where + " has no " + Json.quote(name));
        }
        return m.get(name);
    }

    private static String string(Object v, String where) throws Invalid {
        if (!(v instanceof String)) {
            throw new Invalid(where + " is " + Values.typeName(v) + ", not a string");
        }
        return (String) v;
    }

    private static long uint32(Object v, String where) throws Invalid {
        if (!(v instanceof Long)) {
            throw new Invalid(where + " is " + Values.typeName(v) + ", not an integer");
        }
        long id = (Long) v;
        if (id < 0 || id > 0xFFFF_FFFFL) {
            throw new Invalid(where + " " + id + " is outside the unsigned 32-bit range 0..4294967295"
                    + (id < 0 && id >= Integer.MIN_VALUE ? " (a signed Java int? the unsigned value is "
                            + Integer.toUnsignedString((int) id) + ")" : ""));
        }
        return id;
    }
}
