package concord.adapter;

import java.nio.charset.StandardCharsets;
import org.bouncycastle.crypto.generators.Argon2BytesGenerator;
import org.bouncycastle.crypto.params.Argon2Parameters;

/**
 * Argon2id (version 0x13) with BouncyCastle's {@link Argon2BytesGenerator}, shared by every suite that
 * derives a key. Each computation holds its share of {@link MemoryBudget#HEAP} while it runs, so
 * concurrent requests on the worker pool queue instead of exhausting the heap.
 */
final class Argon2 {
    /** CONTRACT.md §2: the Closer parameters, also stored as {@code kdfParams}. */
    static final String CLOSER_TAG = "argon2id;v=19;m=47104;t=3;p=1";
    static final long CLOSER_MEMORY_KIB = 47104;
    static final long CLOSER_ITERATIONS = 3;
    static final long CLOSER_PARALLELISM = 1;
    static final int CLOSER_SALT_BYTES = 16;
    static final int CLOSER_KEY_BYTES = 32;

    private Argon2() {}

    /**
     * The Closer KDF of CONTRACT.md §2: Argon2id(password = UTF-8(secret), salt), m = 47104 KiB, t = 3,
     * p = 1, 32 bytes, no secret key, no associated data.
     */
    static byte[] closerKey(String secret, byte[] salt) throws Unsupported {
        return derive(secret.getBytes(StandardCharsets.UTF_8), salt, CLOSER_MEMORY_KIB, CLOSER_ITERATIONS,
                CLOSER_PARALLELISM, null, null, CLOSER_KEY_BYTES);
    }

    /**
     * Argon2id v0x13. The caller has validated the parameters (KdfParams rules, salt length, output length).
     *
     * @param secret the secret key K, or {@code null}
     * @param associatedData the associated data X, or {@code null}
     * @throws Unsupported when BouncyCastle cannot express m or t (Java {@code int}), or the heap budget
     *     cannot hold the computation at all
     */
    static byte[] derive(byte[] password, byte[] salt, long memoryKiB, long iterations, long parallelism,
            byte[] secret, byte[] associatedData, int length) throws Unsupported {
        if (memoryKiB > Integer.MAX_VALUE || iterations > Integer.MAX_VALUE) {
            throw new Unsupported("BouncyCastle takes memory and iterations as a Java int (at most "
                    + Integer.MAX_VALUE + "); m = " + memoryKiB + ", t = " + iterations + " exceeds it");
        }
        Argon2Parameters.Builder builder = new Argon2Parameters.Builder(Argon2Parameters.ARGON2_id)
                .withVersion(Argon2Parameters.ARGON2_VERSION_13)
                .withIterations((int) iterations)
                .withMemoryAsKB((int) memoryKiB)
                .withParallelism((int) parallelism)
                .withSalt(salt);
        if (secret != null) {
            builder.withSecret(secret);
        }
        if (associatedData != null) {
            builder.withAdditional(associatedData);
        }

        byte[] key = new byte[length];
        // BouncyCastle allocates one Block object (a long[128] plus headers, ~1.04 KiB) per KiB of m.
        long heapKiB = memoryKiB + memoryKiB / 16 + 64;
        MemoryBudget.Lease lease = MemoryBudget.HEAP.acquire(heapKiB, "m = " + memoryKiB + " KiB");
        try {
            Argon2BytesGenerator generator = new Argon2BytesGenerator();
            generator.init(builder.build());
            generator.generateBytes(password, key);
        } finally {
            lease.close();
        }
        return key;
    }
}
