package concord.adapter.sinew;

import concord.adapter.primitives.AesGcm;
import concord.adapter.wire.B64;
import concord.adapter.wire.Op;
import concord.adapter.wire.Refusal;
import concord.adapter.wire.Suite;
import concord.adapter.wire.Utf8;
import concord.adapter.wire.Values;
import concord.adapter.wire.Wire;
import java.security.SecureRandom;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Suite {@code sinew.field-cipher} (docs/contracts/sinew.md) on JCE: {@code b64(0x01 || keyId(4, big-endian) ||
 * nonce(12) || AES-256-GCM(UTF-8(plaintext), aad = UTF-8(context)))}, the header written and read here (a
 * layout reader, like the iOS and web sides: RAW and LEGACY keys do not write or read this layout).
 *
 * <ul>
 *   <li>{@code encrypt}: keys, context, plaintext, nonce (12) → value, with the primary key;
 *   <li>{@code decrypt}: keys, context, value → plaintext. Not strict b64, shorter than 33 bytes, another version
 *       byte, or a plaintext that is not UTF-8: {@code format}; no enabled TINK key with the header's id, or a key
 *       that is not 32 bytes: {@code key}; a failed tag: {@code authentication};
 *   <li>{@code roundtrip-seal} / {@code roundtrip}: encrypt with a fresh nonce from {@link SecureRandom}.
 * </ul>
 */
public final class SinewFieldCipherSuite implements Suite {
    private static final SecureRandom RANDOM = new SecureRandom();
    private static final int HEADER = 5;
    private static final int MINIMUM = HEADER + AesGcm.NONCE_BYTES + AesGcm.TAG_BYTES;

    private final List<Op> ops = List.of(
            Op.named("encrypt").in("context", "plaintext", "nonce").optional("keysetJson", "keys", "primaryKeyId")
                    .out("value").run(this::encrypt),
            Op.named("decrypt").in("context", "value").optional("keysetJson", "keys").out("plaintext").run(this::decrypt),
            Op.named("roundtrip-seal").in("context", "plaintext").optional("keysetJson", "keys", "primaryKeyId")
                    .out("value").run(this::roundtripSeal),
            Op.named("roundtrip").in("context", "plaintext").optional("keysetJson", "keys", "primaryKeyId")
                    .out("plaintext").run(this::roundtrip));

    @Override
    public String name() {
        return "sinew.field-cipher";
    }

    @Override
    public List<Op> ops() {
        return ops;
    }

    private static SinewKeyring keyring(Map<String, Object> input) throws Refusal {
        boolean keyset = input.containsKey("keysetJson");
        if (keyset == input.containsKey("keys")) {
            throw new Values.BadRequest("sinew.field-cipher needs exactly one of keysetJson and keys, got "
                    + (keyset ? "both" : "neither"));
        }
        if (keyset) {
            return SinewKeyring.keyset(Values.text(input, "keysetJson"));
        }
        Long primary = input.containsKey("primaryKeyId") ? Values.integer(input, "primaryKeyId") : null;
        return SinewKeyring.list(Values.text(input, "keys"), primary);
    }

    private static String seal(SinewKeyring ring, String context, String plaintext, byte[] nonce) throws Refusal {
        if (ring.primaryKeyId < 0) {
            throw new Refusal("key", "no primary key: give primaryKeyId with keys");
        }
        SinewKeyring.Key key = null;
        for (SinewKeyring.Key k : ring.keys) {
            if (k.keyId() == ring.primaryKeyId) {
                key = k;
            }
        }
        if (key == null) {
            throw new Refusal("key", "the primary key id " + ring.primaryKeyId + " is not among the keys");
        }
        if (!key.enabled()) {
            throw new Refusal("key", "the primary key " + key.keyId() + " is not ENABLED");
        }
        if (!key.outputPrefix().equals("TINK")) {
            throw new Refusal("key", "the primary key " + key.keyId() + " has output prefix " + key.outputPrefix()
                    + ": it does not write the 0x01 || keyId header the layout needs");
        }
        if (key.key().length != AesGcm.KEY_BYTES) {
            throw new Refusal("key", "the primary key " + key.keyId() + " is " + key.key().length
                    + " bytes; the contract's keys are AES-256 (32)");
        }
        AesGcm.checkContractNonce(nonce);
        byte[] sealed = AesGcm.seal(key.key(), nonce, Utf8.encode(context), Utf8.encode(plaintext));
        byte[] out = new byte[HEADER + nonce.length + sealed.length];
        out[0] = 0x01;
        long id = key.keyId();
        out[1] = (byte) (id >>> 24);
        out[2] = (byte) (id >>> 16);
        out[3] = (byte) (id >>> 8);
        out[4] = (byte) id;
        System.arraycopy(nonce, 0, out, HEADER, nonce.length);
        System.arraycopy(sealed, 0, out, HEADER + nonce.length, sealed.length);
        return B64.encode(out);
    }

    static String open(SinewKeyring ring, String context, String value) throws Refusal {
        byte[] blob = Wire.decode("value", value, "", Wire.Encoding.B64);
        if (blob.length < MINIMUM) {
            throw new Refusal("format", "value is " + blob.length + " bytes, shorter than header (5) + nonce (12) + tag (16)");
        }
        if (blob[0] != 0x01) {
            throw new Refusal("format", String.format("value starts with version byte 0x%02x, not 0x01", blob[0]));
        }
        long id = ((blob[1] & 0xffL) << 24) | ((blob[2] & 0xff) << 16) | ((blob[3] & 0xff) << 8) | (blob[4] & 0xff);
        SinewKeyring.Key key = null;
        for (SinewKeyring.Key k : ring.keys) {
            if (k.keyId() == id && k.outputPrefix().equals("TINK")) {
                key = k;
            }
        }
        if (key == null) {
            throw new Refusal("key", "no TINK key has the header's key id " + id);
        }
        if (!key.enabled()) {
            throw new Refusal("key", "the key " + id + " the header names is not ENABLED");
        }
        if (key.key().length != AesGcm.KEY_BYTES) {
            throw new Refusal("key", "the key " + id + " is " + key.key().length + " bytes; the contract's keys are AES-256 (32)");
        }
        byte[] nonce = Arrays.copyOfRange(blob, HEADER, HEADER + AesGcm.NONCE_BYTES);
        byte[] rest = Arrays.copyOfRange(blob, HEADER + AesGcm.NONCE_BYTES, blob.length);
        byte[] plain = AesGcm.open(key.key(), nonce, Utf8.encode(context), rest);
        String text = Utf8.decodeOrNull(plain);
        if (text == null) {
            throw new Refusal("format", "the decrypted value (" + plain.length + " bytes) is not valid UTF-8");
        }
        return text;
    }

    private Map<String, Object> encrypt(Map<String, Object> input) throws Refusal {
        Map<String, Object> out = new LinkedHashMap<>();
        out.put("value", seal(keyring(input), Values.text(input, "context"), Values.text(input, "plaintext"),
                Values.bytes(input, "nonce")));
        return out;
    }

    private Map<String, Object> decrypt(Map<String, Object> input) throws Refusal {
        Map<String, Object> out = new LinkedHashMap<>();
        out.put("plaintext", open(keyring(input), Values.text(input, "context"), Values.text(input, "value")));
        return out;
    }

    private static byte[] freshNonce() {
        byte[] nonce = new byte[AesGcm.NONCE_BYTES];
        RANDOM.nextBytes(nonce);
        return nonce;
    }

    private Map<String, Object> roundtripSeal(Map<String, Object> input) throws Refusal {
        Map<String, Object> out = new LinkedHashMap<>();
        out.put("value", seal(keyring(input), Values.text(input, "context"), Values.text(input, "plaintext"), freshNonce()));
        return out;
    }

    private Map<String, Object> roundtrip(Map<String, Object> input) throws Refusal {
        SinewKeyring ring = keyring(input);
        String context = Values.text(input, "context");
        String value = seal(ring, context, Values.text(input, "plaintext"), freshNonce());
        Map<String, Object> out = new LinkedHashMap<>();
        out.put("plaintext", open(ring, context, value));
        return out;
    }
}
