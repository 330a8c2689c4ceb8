// The one file where Linux and macOS differ (issue 29 item 7). Every other source imports this
// module (never Glibc or Darwin) and calls `Platform` for what the two systems do differently;
// PlatformConfinementTests fails on an `import Glibc`, `import Darwin` or a Linux-only API
// (`/proc`, prctl, mallopt, `RUSAGE_SELF`, `ru_maxrss`, …) anywhere else.
//
// The Glibc branch is what Concord runs and tests on (Debian 12). The Darwin branch is written
// from Apple's documented API (getrusage(2), sysctl(3), dyld(3)'s _NSGetExecutablePath,
// proc_pid_rusage in <libproc.h>) and is NOT built or tested here: no macOS machine is available
// (docs/setup.md, docs/ci.md).
#if canImport(Glibc)
@_exported import Glibc
import CProcessControl
#elseif canImport(Darwin)
@_exported import Darwin
#if canImport(MachO)
import MachO
#endif
#endif

public enum Platform {
    /// The system's name, for messages and the report.
    #if canImport(Glibc)
    public static let name = "Linux"
    #else
    public static let name = "macOS"
    #endif

    // MARK: - Signals

    /// kill(2): `sig` to `pid` (a negative pid: its process group). 0, or -1 with errno set.
    @discardableResult
    public static func send(_ sig: Int32, to pid: pid_t) -> Int32 {
        #if canImport(Glibc)
        return Glibc.kill(pid, sig)
        #else
        return Darwin.kill(pid, sig)
        #endif
    }

    // MARK: - posix_spawn's opaque types

    // glibc declares posix_spawn_file_actions_t and posix_spawnattr_t as structs, Darwin as
    // pointers (`void *`, imported as an optional raw pointer): both start empty here and are
    // passed by address to posix_spawn_file_actions_init and posix_spawnattr_init alike.
    #if canImport(Glibc)
    public typealias SpawnFileActions = posix_spawn_file_actions_t
    public typealias SpawnAttributes = posix_spawnattr_t
    public static func emptySpawnFileActions() -> SpawnFileActions { posix_spawn_file_actions_t() }
    public static func emptySpawnAttributes() -> SpawnAttributes { posix_spawnattr_t() }
    #else
    public typealias SpawnFileActions = posix_spawn_file_actions_t?
    public typealias SpawnAttributes = posix_spawnattr_t?
    public static func emptySpawnFileActions() -> SpawnFileActions { nil }
    public static func emptySpawnAttributes() -> SpawnAttributes { nil }
    #endif

    /// Makes the child keep only the descriptors the file actions give it (0, 1 and 2): nothing
    /// another thread holds open at that instant, without close-on-exec (a file being written, a
    /// descriptor a library opened), leaks into the child, where it would stay open for the child's
    /// whole life (a pipe's write end then never reaches end of file; an executable file being
    /// written cannot be run: ETXTBSY). Call after the file actions' dup2s. Linux:
    /// posix_spawn_file_actions_addclosefrom_np (glibc 2.34) closes 3 and up in the child. macOS:
    /// POSIX_SPAWN_CLOEXEC_DEFAULT (posix_spawnattr_setflags(3)), every descriptor not named by a
    /// file action closed. Returns 0, or an error number.
    public static func spawnKeepsOnlyStandardDescriptors(_ actions: inout SpawnFileActions, flags: inout Int32) -> Int32 {
        #if canImport(Glibc)
        return concord_spawn_close_from(&actions, 3)
        #else
        flags |= Int32(POSIX_SPAWN_CLOEXEC_DEFAULT)
        return 0
        #endif
    }

    // MARK: - Resident memory

    /// `ru_maxrss` of getrusage(2)/wait4(2) in KiB: Linux counts it in KiB, macOS in bytes
    /// (getrusage(2) on macOS: "the maximum resident set size utilized (in bytes)").
    public static func maxResidentKiB(_ usage: rusage) -> Int {
        #if canImport(Glibc)
        return Int(usage.ru_maxrss)
        #else
        return Int(usage.ru_maxrss) / 1024
        #endif
    }

    /// This process's peak resident size in KiB. Linux: `VmHWM` of /proc/self/status (which
    /// `resetPeak` can lower to the present size), else `ru_maxrss`; macOS: `ru_maxrss`.
    public static func ownPeakResidentKiB() -> Int {
        #if canImport(Glibc)
        if let k = highWaterKiB(path: "/proc/self/status") { return k }
        var usage = rusage()
        getrusage(RUSAGE_SELF.rawValue, &usage)
        return maxResidentKiB(usage)
        #else
        var usage = rusage()
        getrusage(RUSAGE_SELF, &usage)
        return maxResidentKiB(usage)
        #endif
    }

    /// A running process's peak so far in KiB, nil when it has ended or cannot be read. Linux:
    /// `VmHWM` of /proc/PID/status; macOS: proc_pid_rusage's `ri_lifetime_max_phys_footprint`
    /// (its physical footprint's peak, the figure Activity Monitor shows, in bytes).
    public static func peakResidentKiB(of pid: pid_t) -> Int? {
        #if canImport(Glibc)
        return highWaterKiB(path: "/proc/\(pid)/status")
        #else
        var info = rusage_info_v4()
        let rc = withUnsafeMutablePointer(to: &info) { p in
            p.withMemoryRebound(to: rusage_info_t?.self, capacity: 1) { proc_pid_rusage(pid, RUSAGE_INFO_V4, $0) }
        }
        return rc == 0 ? Int(info.ri_lifetime_max_phys_footprint / 1024) : nil
        #endif
    }

    /// Resets the peak of `pid` (nil: this process) to its present size: Linux writes 5 to
    /// /proc/PID/clear_refs, because a forked process's figures start from its parent's size.
    /// False where that is not possible: macOS has no such reset (and posix_spawn there starts
    /// the child's figures from its own image, not the parent's).
    @discardableResult
    public static func resetPeakResident(of pid: pid_t? = nil) -> Bool {
        #if canImport(Glibc)
        let path = pid.map { "/proc/\($0)/clear_refs" } ?? "/proc/self/clear_refs"
        let fd = open(path, O_WRONLY)
        guard fd >= 0 else { return false }
        defer { close(fd) }
        return write(fd, "5", 1) == 1
        #else
        return false
        #endif
    }

    /// The `VmHWM:` line of a Linux /proc/PID/status file, in KiB (nil: none, or no such file).
    /// Read with read(2): /proc files give their size as 0.
    public static func highWaterKiB(path: String) -> Int? {
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

    // MARK: - The allocator

    /// Fixes glibc's mmap threshold at `bytes` (mallopt M_MMAP_THRESHOLD; docs/history/2026-11-30-performance-*.md).
    /// macOS's allocator has no such setting (its large blocks are their own VM regions already):
    /// nothing is done there.
    public static func fixMallocMmapThreshold(_ bytes: Int32) {
        #if canImport(Glibc)
        _ = glibcMallopt(-3, bytes)  // M_MMAP_THRESHOLD in glibc's malloc.h (not in Swift's Glibc module)
        #endif
    }

    // MARK: - Processes

    /// Makes this process a child subreaper (Linux: prctl(PR_SET_CHILD_SUBREAPER), through
    /// CProcessControl since prctl is variadic): an orphaned descendant is reparented to it. False
    /// on macOS, which has no subreaper (an orphan goes to launchd).
    public static func becomeChildSubreaper() -> Bool {
        #if canImport(Glibc)
        return concord_become_child_subreaper() == 0
        #else
        return false
        #endif
    }

    /// The pids whose parent is `parent`. Linux: every /proc/PID/stat whose fourth field is it;
    /// macOS: sysctl(3) `CTL_KERN, KERN_PROC, KERN_PROC_ALL` and each `kinfo_proc`'s `e_ppid`.
    public static func childProcesses(of parent: pid_t) -> [pid_t] {
        #if canImport(Glibc)
        guard let dir = opendir("/proc") else { return [] }
        defer { closedir(dir) }
        var out: [pid_t] = []
        var buffer = [UInt8](repeating: 0, count: 512)
        while let entry = readdir(dir) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
            guard let pid = pid_t(name) else { continue }
            let fd = open("/proc/\(name)/stat", O_RDONLY | O_CLOEXEC)
            guard fd >= 0 else { continue }
            let n = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            close(fd)
            guard n > 0 else { continue }
            // "PID (COMMAND) STATE PPID …": the command may hold spaces and parentheses.
            let text = buffer[0..<n]
            guard let close = text.lastIndex(of: UInt8(ascii: ")")) else { continue }
            let fields = text[(close + 1)...].split(separator: UInt8(ascii: " "))
            if fields.count > 1, pid_t(String(decoding: fields[1], as: UTF8.self)) == parent { out.append(pid) }
        }
        return out
        #else
        var mib: [Int32] = [CTL_KERN, KERN_PROC, KERN_PROC_ALL, 0]
        var size = 0
        guard sysctl(&mib, 4, nil, &size, nil, 0) == 0, size > 0 else { return [] }
        let stride = MemoryLayout<kinfo_proc>.stride
        var procs = [kinfo_proc](repeating: kinfo_proc(), count: size / stride + 16)
        size = procs.count * stride
        let rc = procs.withUnsafeMutableBytes { sysctl(&mib, 4, $0.baseAddress, &size, nil, 0) }
        guard rc == 0 else { return [] }
        return procs.prefix(size / stride).filter { $0.kp_eproc.e_ppid == parent }.map { $0.kp_proc.p_pid }
        #endif
    }

    /// This executable's path, links resolved: Linux /proc/self/exe, macOS
    /// _NSGetExecutablePath (dyld(3)) then realpath(3). Nil when it cannot be read.
    public static func executablePath() -> String? {
        #if canImport(Glibc)
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        let n = readlink("/proc/self/exe", &buffer, buffer.count - 1)
        guard n > 0 else { return nil }
        return String(decoding: buffer[0..<n].map { UInt8(bitPattern: $0) }, as: UTF8.self)
        #else
        var size: UInt32 = 0
        _ = _NSGetExecutablePath(nil, &size)
        var buffer = [CChar](repeating: 0, count: Int(size) + 1)
        guard _NSGetExecutablePath(&buffer, &size) == 0 else { return nil }
        guard let real = realpath(buffer, nil) else { return String(cString: buffer) }
        defer { free(real) }
        return String(cString: real)
        #endif
    }

    /// makedev(3), a C macro Swift does not import: glibc's layout (12-bit major, 20-bit minor,
    /// split), or Darwin's (`major << 24 | minor`, a 32-bit dev_t).
    public static func deviceNumber(_ major: UInt64, _ minor: UInt64) -> dev_t {
        #if canImport(Glibc)
        return dev_t(((major & 0xfff) << 8) | (minor & 0xff) | ((minor & ~0xff) << 12) | ((major & ~0xfff) << 32))
        #else
        return dev_t(truncatingIfNeeded: ((major & 0xff) << 24) | (minor & 0xffffff))
        #endif
    }

    // MARK: - Paths that name descriptors

    /// Paths that name this process's standard output: `/dev/stdout`, `/dev/fd/1`, and on Linux
    /// `/proc/self/fd/1` and `/proc/PID/fd/1`.
    public static func standardOutputPaths() -> [String] {
        #if canImport(Glibc)
        return ["/dev/stdout", "/dev/fd/1", "/proc/self/fd/1", "/proc/\(getpid())/fd/1"]
        #else
        return ["/dev/stdout", "/dev/fd/1"]
        #endif
    }

    /// Whether the symbolic link `link`, pointing at `target`, is a descriptor's link that names
    /// no path (Linux: `/proc/self/fd/2` → `pipe:[123]`): the link itself is what a write opens.
    /// macOS's /dev/fd entries are device nodes, not links: never.
    public static func isDescriptorLink(_ link: String, target: String) -> Bool {
        #if canImport(Glibc)
        return link.hasPrefix("/proc/") && !target.hasPrefix("/")
        #else
        return false
        #endif
    }
}

#if canImport(Glibc)
@_silgen_name("mallopt") private func glibcMallopt(_ parameter: Int32, _ value: Int32) -> Int32
#endif
