package concord.adapter.primitives;

import concord.adapter.wire.Unsupported;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.HexFormat;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutionException;
import org.bouncycastle.crypto.generators.Argon2BytesGenerator;
import org.bouncycastle.crypto.params.Argon2Parameters;

/**
 * Argon2id (version 0x13) with BouncyCastle's {@link Argon2BytesGenerator}, shared by every suite that
 * derives a key. Each computation holds its share of {@link MemoryBudget#HEAP} while it runs, so
 * concurrent requests on the worker pool queue instead of exhausting the heap.
 *
 * <p>Within one process (one run), an input already derived is not derived again: the first request
 * computes it and later (or concurrent) requests for the very same inputs take that result. The
 * function is deterministic, so this is the answer this adapter computed for that input. Concord
 * sets {@code CONCORD_SHARE_KDF=0} for {@code --no-shared-kdf}, which turns it off.
 */
public final class Argon2 {
    /** CONTRACT.md §2: the Closer parameters, also stored as {@code kdfParams}. */
    public static final String CLOSER_TAG = "argon2id;v=19;m=47104;t=3;p=1";
    static final long CLOSER_MEMORY_KIB = 47104;
    static final long CLOSER_ITERATIONS = 3;
    static final long CLOSER_PARALLELISM = 1;
    public static final int CLOSER_SALT_BYTES = 16;
    public static final int CLOSER_KEY_BYTES = 32;

    private static final boolean SHARE = !"0".equals(System.getenv("CONCORD_SHARE_KDF"));
    /** Beyond this many distinct inputs nothing more is kept. */
    private static final int CAPACITY = 100_000;
    private static final ConcurrentHashMap<String, CompletableFuture<byte[]>> DERIVED = new ConcurrentHashMap<>();

    private Argon2() {}

    /**
     * The Closer KDF of CONTRACT.md §2: Argon2id(password = UTF-8(secret), salt), m = 47104 KiB, t = 3,
     * p = 1, 32 bytes, no secret key, no associated data.
     */
    public static byte[] closerKey(String secret, byte[] salt) throws Unsupported {
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
    public static byte[] derive(byte[] password, byte[] salt, long memoryKiB, long iterations, long parallelism,
            byte[] secret, byte[] associatedData, int length) throws Unsupported {
        if (!SHARE || DERIVED.size() >= CAPACITY) {
            return compute(password, salt, memoryKiB, iterations, parallelism, secret, associatedData, length);
        }
        HexFormat hex = HexFormat.of();
        String key = hex.formatHex(password) + "|" + hex.formatHex(salt) + "|" + memoryKiB + "|" + iterations + "|"
                + parallelism + "|" + (secret == null ? "-" : hex.formatHex(secret)) + "|"
                + (associatedData == null ? "-" : hex.formatHex(associatedData)) + "|" + length;
        CompletableFuture<byte[]> mine = new CompletableFuture<>();
        CompletableFuture<byte[]> earlier = DERIVED.putIfAbsent(key, mine);
        if (earlier == null) {
            try {
                byte[] out = compute(password, salt, memoryKiB, iterations, parallelism, secret, associatedData, length);
                mine.complete(out);
                return Arrays.copyOf(out, out.length);
            } catch (Unsupported | RuntimeException | Error e) {
                // Not kept: a later request tries again (a heap budget may allow it then).
                DERIVED.remove(key, mine);
                mine.completeExceptionally(e);
                throw e;
            }
        }
        try {
            byte[] out = earlier.get();
            return Arrays.copyOf(out, out.length);
        } catch (ExecutionException e) {
            Throwable cause = e.getCause();
            if (cause instanceof Unsupported u) {
                throw u;
            }
            if (cause instanceof RuntimeException r) {
                throw r;
            }
            throw new IllegalStateException(cause);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while waiting for a shared Argon2 derivation", e);
        }
    }

    private static byte[] compute(byte[] password, byte[] salt, long memoryKiB, long iterations, long parallelism,
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
