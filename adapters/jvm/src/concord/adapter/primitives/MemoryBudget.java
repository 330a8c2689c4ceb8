package concord.adapter.primitives;

import concord.adapter.wire.Unsupported;
import java.util.concurrent.Semaphore;

/**
 * Bounds the heap that concurrent memory-hard computations may hold at once, so that many Argon2
 * requests in flight wait for each other instead of exhausting the heap. Units are KiB. A request
 * that alone exceeds the whole budget cannot run in this JVM and is reported as unsupported.
 */
public final class MemoryBudget {
    /**
     * Heap kept back for everything else (requests, keys, parsing buffers: a few MiB); the runner
     * sizes -Xmx with the same figure (Catalog.jvmHeapMiB).
     */
    private static final long RESERVE_KIB = 32 * 1024;

    static final MemoryBudget HEAP = new MemoryBudget(heapBudgetKiB());

    private final int totalKiB;
    private final Semaphore permits;

    MemoryBudget(int totalKiB) {
        this.totalKiB = totalKiB;
        this.permits = new Semaphore(totalKiB, true);
    }

    private static int heapBudgetKiB() {
        long max = Runtime.getRuntime().maxMemory();
        if (max == Long.MAX_VALUE) {
            return Integer.MAX_VALUE;
        }
        long kib = max / 1024 * 9 / 10 - RESERVE_KIB;
        return (int) Math.max(1024, Math.min(Integer.MAX_VALUE, kib));
    }

    int totalKiB() {
        return totalKiB;
    }

    /** A held share of the budget; release it with close(). */
    public final class Lease implements AutoCloseable {
        private final int kib;

        private Lease(int kib) {
            this.kib = kib;
        }

        @Override
        public void close() {
            permits.release(kib);
        }
    }

    /**
     * Waits until {@code kib} KiB are free and holds them.
     *
     * @throws Unsupported if {@code kib} exceeds the whole budget
     */
    Lease acquire(long kib, String what) throws Unsupported {
        if (kib > totalKiB) {
            throw new Unsupported(what + " needs about " + (kib / 1024) + " MiB of heap but this JVM allows "
                    + (totalKiB / 1024) + " MiB for it (start java with a larger -Xmx)");
        }
        permits.acquireUninterruptibly((int) kib);
        return new Lease((int) kib);
    }
}
