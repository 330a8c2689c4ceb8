package concord.adapter.primitives;

import concord.adapter.wire.Op;
import concord.adapter.wire.Refusal;
import concord.adapter.wire.Suite;
import concord.adapter.wire.Unsupported;
import concord.adapter.wire.Values;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Suite {@code aes-gcm} (CONTRACT.md §3, and Wycheproof's {@code aes_gcm_test.json}): JCE
 * {@code AES/GCM/NoPadding} with a 16-byte tag. Any AES key size (16, 24, 32 bytes) and any nonce of
 * at least one byte, so that the Wycheproof groups beyond the contract's AES-256 / 96-bit nonce run too.
 *
 * <ul>
 *   <li>{@code seal}: key, nonce, aad, plaintext → ciphertext, tag;
 *   <li>{@code open}: key, nonce, aad, ciphertext, tag → plaintext; a tag that does not verify is
 *       {@code authentication}, a tag that is not 16 bytes {@code parameters}.
 * </ul>
 */
public final class AesGcmSuite implements Suite {
    private final List<Op> ops = List.of(
            Op.named("seal").in("key", "nonce", "aad", "plaintext").out("ciphertext", "tag").run(this::seal),
            Op.named("open").in("key", "nonce", "aad", "ciphertext", "tag").out("plaintext").run(this::open));

    @Override
    public String name() {
        return "aes-gcm";
    }

    @Override
    public List<Op> ops() {
        return ops;
    }

    private Map<String, Object> seal(Map<String, Object> input) throws Refusal, Unsupported {
        byte[] key = Values.bytes(input, "key");
        byte[] nonce = Values.bytes(input, "nonce");
        byte[] aad = Values.bytes(input, "aad");
        byte[] plaintext = Values.bytes(input, "plaintext");
        byte[] sealed = AesGcm.seal(key, nonce, aad, plaintext);
        int split = sealed.length - AesGcm.TAG_BYTES;
        Map<String, Object> out = new LinkedHashMap<>();
        out.put("ciphertext", Values.bytes(Arrays.copyOfRange(sealed, 0, split)));
        out.put("tag", Values.bytes(Arrays.copyOfRange(sealed, split, sealed.length)));
        return out;
    }

    private Map<String, Object> open(Map<String, Object> input) throws Refusal, Unsupported {
        byte[] key = Values.bytes(input, "key");
        byte[] nonce = Values.bytes(input, "nonce");
        byte[] aad = Values.bytes(input, "aad");
        byte[] ciphertext = Values.bytes(input, "ciphertext");
        byte[] tag = Values.bytes(input, "tag");
        if (tag.length != AesGcm.TAG_BYTES) {
            throw Refusal.parameters("tag is " + tag.length + " bytes; this suite uses " + AesGcm.TAG_BYTES
                    + "-byte tags");
        }
        byte[] joined = Arrays.copyOf(ciphertext, ciphertext.length + tag.length);
        System.arraycopy(tag, 0, joined, ciphertext.length, tag.length);
        Map<String, Object> out = new LinkedHashMap<>();
        out.put("plaintext", Values.bytes(AesGcm.open(key, nonce, aad, joined)));
        return out;
    }
}
