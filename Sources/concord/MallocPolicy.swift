/// How the C allocator hands memory back, set once when the process starts.
///
/// glibc serves blocks of 128 KiB and more with their own mappings, and raises that threshold
/// each time such a block is freed (up to 32 MiB): after the first freed file buffer or result
/// chunk, large blocks come from the heap, and what is freed among the run's long-lived
/// vectors stays resident. With the threshold fixed at 128 KiB a run of 100,000 small vectors
/// peaked 13 MiB lower (141 against 128 MiB; docs/performance.md). Setting it also fixes the
/// trim threshold (free memory at the heap's top is handed back beyond 256 KiB).
enum MallocPolicy {
    static func apply() {
        #if os(Linux)
        _ = glibcMallopt(mmapThreshold, 128 * 1024)
        #endif
    }
    #if os(Linux)
    /// `M_MMAP_THRESHOLD` in glibc's malloc.h (not in Swift's Glibc module).
    private static let mmapThreshold: Int32 = -3
    #endif
}

#if os(Linux)
@_silgen_name("mallopt") private func glibcMallopt(_ parameter: Int32, _ value: Int32) -> Int32
#endif
