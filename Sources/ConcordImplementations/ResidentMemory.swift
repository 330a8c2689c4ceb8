import ConcordPlatform

/// A process's peak resident memory, its own.
///
/// `getrusage`/`wait4`'s `ru_maxrss` is not: on Linux a process's figure, and the high-water mark
/// `VmHWM` in `/proc/PID/status` too, start from its parent's resident size at the fork, so an adapter
/// started by a 120 MiB `concord` reported at least 120 MiB, and `concord` started by a large test
/// process at least that process's size. Writing 5 to `/proc/PID/clear_refs` resets the mark to what
/// the process holds now: done once it runs its own program (`resetPeak`), the mark is then its own.
/// How each figure is read on Linux and on macOS is Platform's (ConcordPlatform).
public enum ResidentMemory {
    /// Resets the peak of `pid` (this process by default) to its present size; false where the
    /// system does not allow it (the figures are then the inflated ones on Linux).
    @discardableResult
    public static func resetPeak(of pid: pid_t? = nil) -> Bool { Platform.resetPeakResident(of: pid) }

    /// This process's peak, in KiB (`ru_maxrss` where `/proc` is not there).
    public static func ownPeakKiB() -> Int { Platform.ownPeakResidentKiB() }

    /// A running process's peak so far, in KiB; nil if it has ended or cannot be read.
    public static func peakKiB(of pid: pid_t) -> Int? { Platform.peakResidentKiB(of: pid) }

    /// The `VmHWM:` figure of a Linux status file, in KiB.
    static func highWaterKiB(path: String) -> Int? { Platform.highWaterKiB(path: path) }
}
