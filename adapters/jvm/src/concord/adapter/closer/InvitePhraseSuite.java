package concord.adapter.closer;

import concord.adapter.primitives.AesGcm;
import concord.adapter.primitives.Argon2;
import concord.adapter.wire.B64;
import concord.adapter.wire.Op;
import concord.adapter.wire.Refusal;
import concord.adapter.wire.Suite;
import concord.adapter.wire.Unsupported;
import concord.adapter.wire.Utf8;
import concord.adapter.wire.Values;
import concord.adapter.wire.Wire;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Suite {@code closer.invite-phrase} (CONTRACT.md §5): the recovery phrase sealed under a key derived from the
 * invite code.
 *
 * <pre>
 * key                     = Argon2id(UTF-8(inviteCode), salt16)  (m=47104, t=3, p=1, 32 bytes)
 * encryptedRecoveryPhrase = b64(salt16 || nonce || AES-256-GCM(key, nonce, aad = "closer_invite_phrase", UTF-8(phrase)) || tag)
 * </pre>
 *
 * <ul>
 *   <li>{@code seal}: inviteCode, phrase, salt (16 bytes), nonce (12 bytes) → encryptedRecoveryPhrase;
 *   <li>{@code open}: inviteCode, encryptedRecoveryPhrase → phrase. Bad b64, a blob shorter than
 *       16 + 12 + 16 bytes, or a plaintext that is not UTF-8 is {@code format}; a failed tag
 *       {@code authentication}.
 * </ul>
 *
 * Neither the invite code nor the phrase is checked against its syntax (CONTRACT.md §4): the
 * cryptography does not depend on it.
 */
public final class InvitePhraseSuite implements Suite {
    static final String AAD = "closer_invite_phrase";
    static final int SALT_BYTES = Argon2.CLOSER_SALT_BYTES;
    private final List<Op> ops = List.of(
            Op.named("seal").in("inviteCode", "phrase", "salt", "nonce").out("encryptedRecoveryPhrase")
                    .run(this::seal),
            Op.named("open").in("inviteCode", "encryptedRecoveryPhrase").out("phrase").run(this::open));

    @Override
    public String name() {
        return "closer.invite-phrase";
    }

    @Override
    public List<Op> ops() {
        return ops;
    }

    private Map<String, Object> seal(Map<String, Object> input) throws Refusal, Unsupported {
        Map<String, Object> out = new LinkedHashMap<>();
        String inviteCode = Values.text(input, "inviteCode");
        String phrase = Values.text(input, "phrase");
        byte[] salt = Values.bytes(input, "salt");
        byte[] nonce = Values.bytes(input, "nonce");
        if (salt.length != SALT_BYTES) {
            throw Refusal.parameters("salt is " + salt.length + " bytes; the contract's salt is " + SALT_BYTES);
        }
        AesGcm.checkContractNonce(nonce);
        byte[] key = Argon2.closerKey(inviteCode, salt);
        byte[] sealed = AesGcm.sealCombined("key", key, nonce, Utf8.encode(AAD), Utf8.encode(phrase));
        byte[] blob = new byte[SALT_BYTES + sealed.length];
        System.arraycopy(salt, 0, blob, 0, SALT_BYTES);
        System.arraycopy(sealed, 0, blob, SALT_BYTES, sealed.length);
        out.put("encryptedRecoveryPhrase", Wire.encode("", blob, Wire.Encoding.B64));
        return out;
    }

    private Map<String, Object> open(Map<String, Object> input) throws Refusal, Unsupported {
        Map<String, Object> out = new LinkedHashMap<>();
        String inviteCode = Values.text(input, "inviteCode");
        String text = Values.text(input, "encryptedRecoveryPhrase");
        byte[] blob = Wire.decode("encryptedRecoveryPhrase", text, "", Wire.Encoding.B64);
        if (blob.length < SALT_BYTES + AesGcm.MIN_COMBINED) {
            throw new Refusal("format", "encryptedRecoveryPhrase is " + blob.length
                    + " bytes, shorter than salt (16) + nonce (12) + tag (16)");
        }
        byte[] salt = Arrays.copyOfRange(blob, 0, SALT_BYTES);
        byte[] sealed = Arrays.copyOfRange(blob, SALT_BYTES, blob.length);
        byte[] key = Argon2.closerKey(inviteCode, salt);
        byte[] plaintext = AesGcm.openCombined("key", key, sealed, Utf8.encode(AAD),
                "encryptedRecoveryPhrase (after the salt)");
        String phrase = Utf8.decodeOrNull(plaintext);
        if (phrase == null) {
            throw new Refusal("format", "the decrypted phrase is not valid UTF-8");
        }
        out.put("phrase", phrase);
        return out;
    }
}
