package concord.adapter.primitives;

import concord.adapter.wire.Op;
import concord.adapter.wire.Refusal;
import concord.adapter.wire.Suite;
import concord.adapter.wire.Unsupported;
import concord.adapter.wire.Values;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Suite {@code argon2id}: BouncyCastle's Argon2BytesGenerator (through {@link Argon2}), Argon2id version
 * 0x13, with the cost parameters taken from the {@code params} tag (CONTRACT.md §2).
 */
public final class Argon2idSuite implements Suite {
    static final int MIN_SALT = 8;
    static final long MIN_LENGTH = 4;
    static final long MAX_LENGTH = 1024;
    static final long DEFAULT_LENGTH = 32;

    private final List<Op> ops = List.of(Op.single()
            .in("password", "salt", "params").optional("length", "secret", "associatedData").out("key")
            .run(this::derive));

    @Override
    public String name() {
        return "argon2id";
    }

    @Override
    public List<Op> ops() {
        return ops;
    }

    private Map<String, Object> derive(Map<String, Object> input) throws Refusal, Unsupported {
        byte[] password = Values.bytes(input, "password");
        byte[] salt = Values.bytes(input, "salt");
        String tag = Values.text(input, "params");
        long length = Values.optionalInteger(input, "length", DEFAULT_LENGTH);
        byte[] secret = Values.optionalBytes(input, "secret");
        byte[] associatedData = Values.optionalBytes(input, "associatedData");

        KdfParams params = KdfParams.parse(tag);
        if (salt.length < MIN_SALT) {
            throw Refusal.parameters("salt is " + salt.length + " bytes; Argon2 requires at least " + MIN_SALT);
        }
        if (length < MIN_LENGTH || length > MAX_LENGTH) {
            throw Refusal.parameters("length " + length + " is outside " + MIN_LENGTH + ".." + MAX_LENGTH);
        }
        byte[] key = Argon2.derive(password, salt, params.memoryKiB(), params.iterations(), params.parallelism(),
                secret, associatedData, (int) length);
        Map<String, Object> out = new LinkedHashMap<>();
        out.put("key", Values.bytes(key));
        return out;
    }
}
