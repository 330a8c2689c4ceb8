package concord.adapter.sinew;

import static concord.adapter.wire.KeysetJson.member;
import static concord.adapter.wire.KeysetJson.object;
import static concord.adapter.wire.KeysetJson.parse;
import static concord.adapter.wire.KeysetJson.string;
import static concord.adapter.wire.KeysetJson.uint32;

import concord.adapter.primitives.TinkAesGcmKeyset;
import concord.adapter.wire.B64;
import concord.adapter.wire.Protobuf;
import concord.adapter.wire.Refusal;
import concord.adapter.wire.TinkEnum;
import concord.adapter.wire.Wire;
import concord.kit.Hex;
import concord.kit.Json;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * The keys of a Sinew FieldCipher (docs/contracts/sinew.md, "Keys"): every key of a Tink cleartext JSON keyset
 * of {@code AesGcmKey}s (any status and output prefix; the contract's rules apply when a key is used), or a
 * {@code [{"keyId": n, "key": "<hex>"}, …]} list of raw keys (each writes the {@code 0x01 || keyId} header)
 * with the primary given apart. Read with {@link Json} and {@link Protobuf}; no Tink library.
 */
public final class SinewKeyring {
    public record Key(long keyId, byte[] key, boolean enabled, String outputPrefix) {}

    final List<Key> keys;
    /** The primary key id, or -1 when none was given. */
    final long primaryKeyId;

    private SinewKeyring(List<Key> keys, long primaryKeyId) {
        this.keys = keys;
        this.primaryKeyId = primaryKeyId;
    }

    static SinewKeyring keyset(String json) throws Refusal {
        Map<?, ?> root = object(parse(json, "keysetJson"), "keysetJson");
        long primary = uint32(member(root, "primaryKeyId", "keysetJson"), "keysetJson: primaryKeyId");
        Object list = member(root, "key", "keysetJson");
        if (!(list instanceof List) || ((List<?>) list).isEmpty()) {
            throw new Refusal("format", "keysetJson: \"key\" must be a non-empty array");
        }
        List<Key> keys = new ArrayList<>();
        int n = 0;
        for (Object o : (List<?>) list) {
            String at = "keysetJson: key[" + n++ + "]";
            Map<?, ?> k = object(o, at);
            long id = uint32(member(k, "keyId", at), at + ".keyId");
            // TinkEnum's rule: no name of Tink's enum is format, UNKNOWN_STATUS and UNKNOWN_PREFIX are key.
            String status = TinkEnum.name(string(member(k, "status", at), at + ".status"), TinkEnum.STATUSES, at + ".status");
            if (status.equals("UNKNOWN_STATUS")) {
                throw new Refusal("key", at + ".status is UNKNOWN_STATUS, not ENABLED, DISABLED or DESTROYED");
            }
            String prefix = TinkEnum.name(string(member(k, "outputPrefixType", at), at + ".outputPrefixType"),
                    TinkEnum.PREFIXES, at + ".outputPrefixType");
            if (prefix.equals("UNKNOWN_PREFIX")) {
                throw new Refusal("key", at + ".outputPrefixType is UNKNOWN_PREFIX, not TINK, RAW, LEGACY or CRUNCHY");
            }
            if (status.equals("DESTROYED")) {
                keys.add(new Key(id, new byte[0], false, prefix));
                continue;
            }
            Map<?, ?> data = object(member(k, "keyData", at), at + ".keyData");
            String url = string(member(data, "typeUrl", at + ".keyData"), at + ".keyData.typeUrl");
            if (!url.equals(TinkAesGcmKeyset.TYPE_URL)) {
                throw new Refusal("key", at + " has type " + Json.quote(url) + ", not " + TinkAesGcmKeyset.TYPE_URL);
            }
            String material = TinkEnum.name(string(member(data, "keyMaterialType", at + ".keyData"),
                    at + ".keyData.keyMaterialType"), TinkEnum.MATERIALS, at + ".keyData.keyMaterialType");
            if (!material.equals("SYMMETRIC")) {
                throw new Refusal("key", at + ".keyData.keyMaterialType is " + material + ", not SYMMETRIC");
            }
            byte[] proto = Wire.decode(at + ".keyData.value", string(member(data, "value", at + ".keyData"),
                    at + ".keyData.value"), "", Wire.Encoding.B64);
            byte[] value;
            try {
                Protobuf.Message m = Protobuf.read(proto, "AesGcmKey", Protobuf.Field.varint(1, "version"),
                        Protobuf.Field.bytes(3, "key_value"));
                if (m.varint(1, 0) != 0) {
                    throw new Refusal("key", at + ": AesGcmKey.version is " + m.varint(1, 0) + "; Tink knows only 0");
                }
                value = m.requiredBytes(3);
            } catch (Protobuf.Malformed e) {
                throw new Refusal("format", at + ": " + e.getMessage());
            }
            if (value.length != 16 && value.length != 32) {
                throw new Refusal("key", at + ": AesGcmKey.key_value is " + value.length + " bytes (Tink takes 16 or 32)");
            }
            keys.add(new Key(id, value, status.equals("ENABLED"), prefix));
        }
        // Tink loads no keyset whose primaryKeyId names no ENABLED key, whatever the op.
        boolean hasPrimary = false;
        for (Key key : keys) {
            hasPrimary |= key.keyId() == primary && key.enabled();
        }
        if (!hasPrimary) {
            throw new Refusal("key", "keysetJson: primaryKeyId " + primary + " names no ENABLED key: the keyset has no primary key");
        }
        return new SinewKeyring(keys, primary);
    }

    static SinewKeyring list(String json, Long primaryKeyId) throws Refusal {
        Object root = parse(json, "keys");
        if (!(root instanceof List) || ((List<?>) root).isEmpty()) {
            throw new Refusal("format", "keys must be a non-empty JSON list of {keyId, key}");
        }
        List<Key> keys = new ArrayList<>();
        int n = 0;
        for (Object o : (List<?>) root) {
            String at = "keys[" + n++ + "]";
            Map<?, ?> e = object(o, at);
            for (Object name : e.keySet()) {
                if (!name.equals("keyId") && !name.equals("key")) {
                    throw new Refusal("format", at + " has a member other than keyId and key");
                }
            }
            long id = uint32(member(e, "keyId", at), at + ".keyId");
            Object hex = e.get("key");
            byte[] key;
            try {
                if (!(hex instanceof String)) {
                    throw new IllegalArgumentException("not a string");
                }
                key = Hex.decode((String) hex);
            } catch (IllegalArgumentException x) {
                throw new Refusal("format", at + ".key must be a hex string (" + x.getMessage() + ")");
            }
            for (Key k : keys) {
                if (k.keyId == id) {
                    throw new Refusal("format", at + ": the key id " + id + " appears twice");
                }
            }
            keys.add(new Key(id, key, true, "TINK"));
        }
        long primary = -1;
        if (primaryKeyId != null) {
            if (primaryKeyId < 0 || primaryKeyId > 0xFFFF_FFFFL) {
                throw new Refusal("format", "primaryKeyId " + primaryKeyId + " is not an unsigned 32-bit id");
            }
            primary = primaryKeyId;
        }
        return new SinewKeyring(keys, primary);
    }
}
