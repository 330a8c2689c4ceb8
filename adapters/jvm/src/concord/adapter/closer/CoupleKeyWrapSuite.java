package concord.adapter.closer;

import concord.adapter.primitives.AesGcm;
import concord.adapter.primitives.Argon2;
import concord.adapter.primitives.KdfParams;
import concord.adapter.primitives.TinkAesGcmKeyset;
import concord.adapter.wire.B64;
import concord.adapter.wire.Op;
import concord.adapter.wire.Refusal;
import concord.adapter.wire.Suite;
import concord.adapter.wire.Unsupported;
import concord.adapter.wire.Utf8;
import concord.adapter.wire.Values;
import concord.adapter.wire.Wire;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Suite {@code closer.couple-key-wrap} (CONTRACT.md §4): the couple key sealed under a key derived from the
 * recovery phrase.
 *
 * <pre>
 * KEK              = Argon2id(UTF-8(phrase), kdfSalt)  (m=47104, t=3, p=1, 32 bytes)
 * wrappedCoupleKey = b64(nonce || AES-256-GCM(KEK, nonce, aad = "closer_couple_key", plaintext) || tag)
 * </pre>
 *
 * <ul>
 *   <li>{@code wrap}: phrase, kdfSalt (16 bytes), nonce (12 bytes) and exactly one of coupleKey (32 bytes:
 *       option A) or keysetJson (its UTF-8 bytes exactly as given: option B) → wrappedCoupleKey,
 *       kdfSalt (b64), kdfParams;
 *   <li>{@code unwrap}: phrase, kdfSalt (b64 text), wrappedCoupleKey, optional kdfParams (the stored tag, read
 *       with the §2 grammar; the KEK is derived with the parameters it names; left out: the production tag)
 *       → coupleKey and form: {@code raw} for
 *       a 32-byte plaintext, {@code tink-keyset} for a Tink AesGcmKey JSON keyset (the key extracted),
 *       anything else {@code format}.
 * </ul>
 */
public final class CoupleKeyWrapSuite implements Suite {
    static final String AAD = "closer_couple_key";
    private final List<Op> ops = List.of(
            Op.named("wrap").in("phrase", "kdfSalt", "nonce").optional("coupleKey", "keysetJson")
                    .out("wrappedCoupleKey", "kdfSalt", "kdfParams").run(this::wrap),
            Op.named("unwrap").in("phrase", "kdfSalt", "wrappedCoupleKey").optional("kdfParams")
                    .out("coupleKey", "form").run(this::unwrap));

    @Override
    public String name() {
        return "closer.couple-key-wrap";
    }

    @Override
    public List<Op> ops() {
        return ops;
    }

    private Map<String, Object> wrap(Map<String, Object> input) throws Refusal, Unsupported {
        String phrase = Values.text(input, "phrase");
        byte[] salt = Values.bytes(input, "kdfSalt");
        byte[] nonce = Values.bytes(input, "nonce");
        boolean hasKey = input.containsKey("coupleKey");
        if (hasKey == input.containsKey("keysetJson")) {
            throw new Values.BadRequest(name() + " wrap needs exactly one of coupleKey and keysetJson, got "
                    + (hasKey ? "both" : "neither"));
        }
        byte[] plaintext;
        if (hasKey) {
            plaintext = Values.bytes(input, "coupleKey");
            if (plaintext.length != AesGcm.KEY_BYTES) {
                throw Refusal.parameters("coupleKey is " + plaintext.length + " bytes; the contract's couple key is "
                        + AesGcm.KEY_BYTES);
            }
        } else {
            plaintext = Utf8.encode(Values.text(input, "keysetJson"));
        }
        checkSalt(salt);
        AesGcm.checkContractNonce(nonce);

        byte[] kek = Argon2.closerKey(phrase, salt);
        byte[] blob = AesGcm.sealCombined("KEK", kek, nonce, Utf8.encode(AAD), plaintext);
        Map<String, Object> out = new LinkedHashMap<>();
        out.put("wrappedCoupleKey", Wire.encode("", blob, Wire.Encoding.B64));
        out.put("kdfSalt", Wire.encode("", salt, Wire.Encoding.B64));
        out.put("kdfParams", Argon2.CLOSER_TAG);
        return out;
    }

    private Map<String, Object> unwrap(Map<String, Object> input) throws Refusal, Unsupported {
        String phrase = Values.text(input, "phrase");
        String saltText = Values.text(input, "kdfSalt");
        String wrapped = Values.text(input, "wrappedCoupleKey");
        KdfParams params = input.containsKey("kdfParams") ? KdfParams.parse(Values.text(input, "kdfParams")) : null;

        byte[] salt = Wire.decode("kdfSalt", saltText, "", Wire.Encoding.B64);
        if (salt.length != Argon2.CLOSER_SALT_BYTES) {
            throw new Refusal("format", "kdfSalt decodes to " + salt.length + " bytes, not "
                    + Argon2.CLOSER_SALT_BYTES);
        }
        byte[] blob = Wire.decode("wrappedCoupleKey", wrapped, "", Wire.Encoding.B64);
        if (blob.length < AesGcm.MIN_COMBINED) {
            throw new Refusal("format", "wrappedCoupleKey is " + blob.length + " bytes, shorter than nonce + tag ("
                    + AesGcm.MIN_COMBINED + ")");
        }

        byte[] kek = params == null ? Argon2.closerKey(phrase, salt)
                : Argon2.derive(Utf8.encode(phrase), salt, params.memoryKiB(), params.iterations(), params.parallelism(),
                        null, null, Argon2.CLOSER_KEY_BYTES);
        byte[] plaintext = AesGcm.openCombined("KEK", kek, blob, Utf8.encode(AAD),
                "wrappedCoupleKey");
        Map<String, Object> out = new LinkedHashMap<>();
        if (plaintext.length == AesGcm.KEY_BYTES) {
            out.put("coupleKey", Values.bytes(plaintext));
            out.put("form", "raw");
            return out;
        }
        String json = Utf8.decodeOrNull(plaintext);
        if (json == null) {
            throw new Refusal("format", "the unwrapped plaintext (" + plaintext.length
                    + " bytes) is neither a 32-byte key nor UTF-8 text (a Tink JSON keyset)");
        }
        TinkAesGcmKeyset.Key key;
        try {
            key = TinkAesGcmKeyset.parse(json);
        } catch (TinkAesGcmKeyset.Invalid e) {
            throw new Refusal("format", "the unwrapped plaintext (" + plaintext.length
                    + " bytes) is neither a 32-byte key nor a Tink AesGcmKey JSON keyset: " + e.getMessage());
        }
        out.put("coupleKey", Values.bytes(key.keyValue()));
        out.put("form", "tink-keyset");
        return out;
    }

    private static void checkSalt(byte[] salt) throws Refusal {
        if (salt.length != Argon2.CLOSER_SALT_BYTES) {
            throw Refusal.parameters("kdfSalt is " + salt.length + " bytes; the contract's salt is "
                    + Argon2.CLOSER_SALT_BYTES);
        }
    }
}
