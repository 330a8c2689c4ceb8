import ConcordPlatform

/// How the C allocator hands memory back, set once when the process starts.
///
/// glibc serves blocks of 128 KiB and more with their own mappings, and raises that threshold
/// each time such a block is freed (up to 32 MiB): after the first freed file buffer or result
/// chunk, large blocks come from the heap, and what is freed among the run's long-lived
/// vectors stays resident. With the threshold fixed at 128 KiB a run of 100,000 small vectors
/// peaked 13 MiB lower (141 against 128 MiB; docs/history/2026-11-30-performance-*.md). Setting it also fixes the
/// trim threshold (free memory at the heap's top is handed back beyond 256 KiB). macOS's
/// allocator has no such setting: nothing is done there (Platform).
enum MallocPolicy {
    static func apply() {
        Platform.fixMallocMmapThreshold(128 * 1024)
    }
}
