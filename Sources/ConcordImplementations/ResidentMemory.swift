import Foundation

/// A process's peak resident memory, its own.
///
/// `getrusage`/`wait4`'s `ru_maxrss` is not: on Linux a process's figure, and the high-water mark
/// `VmHWM` in `/proc/PID/status` too, start from its parent's resident size at the fork, so an adapter
/// started by a 120 MiB `concord` reported at least 120 MiB, and `concord` started by a large test
/// process at least that process's size. Writing 5 to `/proc/PID/clear_refs` resets the mark to what
/// the process holds now: done once it runs its own program (`resetPeak`), the mark is then its own.
public enum ResidentMemory {
    /// Resets the peak of `pid` (this process by default) to its present size; false where `/proc`
    /// does not allow it (the figures are then the inflated ones).
    @discardableResult
    public static func resetPeak(of pid: pid_t? = nil) -> Bool {
        let path = pid.map { "/proc/\($0)/clear_refs" } ?? "/proc/self/clear_refs"
        let fd = open(path, O_WRONLY)
        guard fd >= 0 else { return false }
        defer { close(fd) }
        return write(fd, "5", 1) == 1
    }

    /// This process's peak, in KiB (`ru_maxrss` where `/proc` is not there).
    public static func ownPeakKiB() -> Int {
        if let k = highWaterKiB(path: "/proc/self/status") { return k }
        var usage = rusage()
        getrusage(RUSAGE_SELF.rawValue, &usage)
        return Int(usage.ru_maxrss)
    }

    /// A running process's peak so far, in KiB; nil if it has ended or `/proc` is not there.
    public static func peakKiB(of pid: pid_t) -> Int? { highWaterKiB(path: "/proc/\(pid)/status") }

    static func highWaterKiB(path: String) -> Int? {
        // Read with read(2): /proc files give their size as 0, and Foundation then reads nothing.
        let fd = open(path, O_RDONLY)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        while bytes.count < 1 << 16 {
            let n = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            if n <= 0 { break }
            bytes += buffer[0..<n]
        }
        let text = String(decoding: bytes, as: UTF8.self)
        for line in text.split(separator: "\n") where line.hasPrefix("VmHWM:") {
            // "VmHWM:\t  2076 kB"
            return Int(line.dropFirst("VmHWM:".count).split(whereSeparator: { $0 == " " || $0 == "\t" }).first ?? "")
        }
        return nil
    }
}
