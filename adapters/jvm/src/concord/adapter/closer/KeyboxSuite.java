package concord.adapter.closer;

import concord.adapter.primitives.AesGcm;
import concord.adapter.primitives.TinkAesGcmKeyset;
import concord.adapter.wire.Op;
import concord.adapter.wire.Refusal;
import concord.adapter.wire.Suite;
import concord.adapter.wire.Unsupported;
import concord.adapter.wire.Utf8;
import concord.adapter.wire.Values;
import concord.adapter.wire.Wire;
import java.math.BigInteger;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Suite {@code closer.keybox} (CONTRACT.md §10): the one-time answer key sealed to the recipient's Tink
 * ECIES-AEAD-HKDF public key, {@code keybox = "keybox:v1:" + b64url(Tink ciphertext)} (see {@link Ecies}),
 * with the HKDF info = UTF-8(contextInfo).
 *
 * <ul>
 *   <li>{@code seal}: recipientPublicKey ({@code pub:v1:…}), contextInfo, plaintext, ephemeralPrivateKey
 *       (the scalar, big-endian, any length), iv (12 bytes) → keybox;
 *   <li>{@code open}: recipientPrivateKeyset (JSON), contextInfo, keybox → plaintext, form ({@code raw} for
 *       32 bytes, {@code tink-keyset} for a Tink AES-GCM JSON keyset as {@link TinkAesGcmKeyset} reads it,
 *       else {@code other}) and, for raw and tink-keyset, key (the 32 bytes / the keyset's key);
 *   <li>{@code roundtrip-seal}: recipientPrivateKeyset, contextInfo, plaintext → keybox, sealed to the
 *       keyset's public key with a fresh random ephemeral scalar and IV (the runner has every implementation
 *       open it);
 *   <li>{@code roundtrip}: the same input, sealed as by roundtrip-seal and opened with the same keyset →
 *       plaintext (the runner does not send it: it runs the matrix of roundtrip-seal and open instead).
 * </ul>
 *
 * <p>The key's parameters are honoured (point format, HKDF hash and salt, AES-128 or AES-256 DEM, output
 * prefix type) and so is its curve: the contract's P-256, and P-384 and P-521, which Tink's ECIES-AEAD-HKDF
 * also allows (its test vectors 12 and 13; until issue 12 another curve was refused as {@code key}). Refusals: a keyset
 * or {@code pub:v1:} that does not read, as {@link EciesKeyset} classes it, with the input field named; a
 * public keyset where a private one is needed, an ephemeral scalar of 0 or ≥ n: {@code key}; an iv that
 * is not 12 bytes: {@code parameters}; a keybox without the {@code keybox:v1:} prefix, with bad
 * {@code b64url} or too short for its layout: {@code format}; a wrong output prefix / key id, an ephemeral
 * point in the keybox that is not on the curve, a wrong contextInfo, key or tag: {@code authentication}.
 */
public final class KeyboxSuite implements Suite {
    static final String PREFIX = "keybox:v1:";
    /** contextInfo, or the four ids joined in this order with '|' (CONTRACT.md §10). */
    static final String[] CONTEXT_FIELDS = {"contextInfo", "coupleId", "questionId", "senderUserId", "recipientUserId"};

    /** UTF-8 of contextInfo, or of coupleId|questionId|senderUserId|recipientUserId when the ids are given instead. */
    static byte[] context(Map<String, Object> input) {
        if (input.containsKey("contextInfo")) {
            return Utf8.encode(Values.text(input, "contextInfo"));
        }
        StringBuilder b = new StringBuilder();
        for (int i = 1; i < CONTEXT_FIELDS.length; i++) {
            b.append(i == 1 ? "" : "|").append(Values.text(input, CONTEXT_FIELDS[i]));
        }
        return Utf8.encode(b.toString());
    }
    private final List<Op> ops = List.of(
            Op.named("seal").in("recipientPublicKey", "plaintext", "ephemeralPrivateKey", "iv").optional(CONTEXT_FIELDS)
                    .out("keybox").run(this::seal),
            Op.named("open").in("recipientPrivateKeyset", "keybox").optional(CONTEXT_FIELDS).out("plaintext", "form", "key")
                    .run(this::open),
            Op.named("roundtrip-seal").in("recipientPrivateKeyset", "contextInfo", "plaintext").out("keybox")
                    .run(this::roundtripSeal),
            Op.named("roundtrip").in("recipientPrivateKeyset", "contextInfo", "plaintext").out("plaintext")
                    .run(this::roundtrip));

    @Override
    public String name() {
        return "closer.keybox";
    }

    @Override
    public List<Op> ops() {
        return ops;
    }

    private Map<String, Object> seal(Map<String, Object> input) throws Refusal, Unsupported {
        String pub = Values.text(input, "recipientPublicKey");
        byte[] contextInfo = context(input);
        byte[] plaintext = Values.bytes(input, "plaintext");
        byte[] ephemeral = Values.bytes(input, "ephemeralPrivateKey");
        byte[] iv = Values.bytes(input, "iv");

        EciesKeyset.Key recipient = named("recipientPublicKey", () -> EciesKeyset.parsePub(pub));
        BigInteger e = recipient.params().curve().scalar(ephemeral, "ephemeralPrivateKey");
        return keybox(Ecies.seal(recipient, e, iv, contextInfo, plaintext));
    }

    private Map<String, Object> roundtripSeal(Map<String, Object> input) throws Refusal, Unsupported {
        String keyset = Values.text(input, "recipientPrivateKeyset");
        byte[] contextInfo = Utf8.encode(Values.text(input, "contextInfo"));
        byte[] plaintext = Values.bytes(input, "plaintext");

        EciesKeyset.Key recipient = privateKeyset(keyset);
        return keybox(Ecies.sealRandom(recipient, contextInfo, plaintext));
    }

    /** The vector-format op run inside one implementation: sealed as by roundtrip-seal, opened with the same keyset. */
    private Map<String, Object> roundtrip(Map<String, Object> input) throws Refusal, Unsupported {
        String keyset = Values.text(input, "recipientPrivateKeyset");
        byte[] contextInfo = Utf8.encode(Values.text(input, "contextInfo"));
        byte[] plaintext = Values.bytes(input, "plaintext");

        EciesKeyset.Key recipient = privateKeyset(keyset);
        byte[] opened = Ecies.open(recipient, Ecies.sealRandom(recipient, contextInfo, plaintext), contextInfo);
        Map<String, Object> out = new LinkedHashMap<>();
        out.put("plaintext", Values.bytes(opened));
        return out;
    }

    private Map<String, Object> open(Map<String, Object> input) throws Refusal, Unsupported {
        String keyset = Values.text(input, "recipientPrivateKeyset");
        byte[] contextInfo = context(input);
        String keybox = Values.text(input, "keybox");

        EciesKeyset.Key recipient = privateKeyset(keyset);
        LegacyForms.checkKeybox(keybox);
        byte[] ct = Wire.decode("keybox", keybox, PREFIX, Wire.Encoding.B64URL);
        byte[] plaintext;
        try {
            plaintext = Ecies.open(recipient, ct, contextInfo);
        } catch (Refusal r) {
            throw new Refusal(r.errorClass(), "keybox: " + r.getMessage());
        }

        Map<String, Object> out = new LinkedHashMap<>();
        out.put("plaintext", Values.bytes(plaintext));
        if (plaintext.length == AesGcm.KEY_BYTES) {
            out.put("form", "raw");
            out.put("key", Values.bytes(plaintext));
            return out;
        }
        String json = Utf8.decodeOrNull(plaintext);
        if (json != null) {
            try {
                TinkAesGcmKeyset.Key key = TinkAesGcmKeyset.parse(json);
                out.put("form", "tink-keyset");
                out.put("key", Values.bytes(key.keyValue()));
                return out;
            } catch (TinkAesGcmKeyset.Invalid notKeyset) {
                // neither form: "other"
            }
        }
        out.put("form", "other");
        return out;
    }

    private static EciesKeyset.Key privateKeyset(String json) throws Refusal, Unsupported {
        EciesKeyset.Key key = named("recipientPrivateKeyset", () -> EciesKeyset.parseJson(json));
        if (!key.isPrivate()) {
            throw new Refusal("key", "recipientPrivateKeyset is a public keyset (" + EciesKeyset.PUBLIC_TYPE_URL
                    + "); opening needs the private key");
        }
        return key;
    }

    private static Map<String, Object> keybox(byte[] ct) {
        Map<String, Object> out = new LinkedHashMap<>();
        out.put("keybox", Wire.encode(PREFIX, ct, Wire.Encoding.B64URL));
        return out;
    }

    private interface KeyReader {
        EciesKeyset.Key read() throws Refusal, Unsupported;
    }

    /** Runs a keyset reader, naming the input field in a refusal or unsupported answer. */
    private static EciesKeyset.Key named(String field, KeyReader reader) throws Refusal, Unsupported {
        try {
            return reader.read();
        } catch (Refusal r) {
            throw new Refusal(r.errorClass(), field + ": " + r.getMessage());
        } catch (Unsupported u) {
            throw new Unsupported(field + ": " + u.getMessage());
        }
    }
}
