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
 * Suites {@code chacha20-poly1305} (RFC 8439; the JDK's {@code ChaCha20-Poly1305} cipher, SunJCE, or
 * BouncyCastle's with {@code CONCORD_JVM_PRIMITIVES=bouncycastle}) and {@code xchacha20-poly1305}
 * (draft-irtf-cfrg-xchacha-03: HChaCha20 written in this adapter, then BouncyCastle's ChaCha20-Poly1305; the
 * JDK has no XChaCha20). {@code seal}: key, nonce, aad, plaintext → ciphertext, tag; {@code open}: key, nonce,
 * aad, ciphertext, tag → plaintext. Other key, nonce or tag sizes are {@code parameters}; a tag that does not
 * verify is {@code authentication}.
 */
public final class ChaCha20Poly1305Suite implements Suite {
    private final boolean extended;
    private final List<Op> ops;

    public ChaCha20Poly1305Suite(boolean extended) {
        this.extended = extended;
        ops = List.of(
                Op.named("seal").in("key", "nonce", "aad", "plaintext").out("ciphertext", "tag").run(this::seal),
                Op.named("open").in("key", "nonce", "aad", "ciphertext", "tag").out("plaintext").run(this::open));
    }

    @Override
    public String name() {
        return extended ? "xchacha20-poly1305" : "chacha20-poly1305";
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
        byte[] sealed = extended
                ? ChaChaPoly.xseal(key, nonce, aad, plaintext, JvmLibrary.BOUNCY_CASTLE).value
                : ChaChaPoly.seal(key, nonce, aad, plaintext, PrimitiveLibrary.preferred()).value;
        int split = sealed.length - ChaChaPoly.TAG_BYTES;
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
        byte[] plaintext = extended
                ? ChaChaPoly.xopen(key, nonce, aad, ciphertext, tag, JvmLibrary.BOUNCY_CASTLE).value
                : ChaChaPoly.open(key, nonce, aad, ciphertext, tag, PrimitiveLibrary.preferred()).value;
        Map<String, Object> out = new LinkedHashMap<>();
        out.put("plaintext", Values.bytes(plaintext));
        return out;
    }
}
