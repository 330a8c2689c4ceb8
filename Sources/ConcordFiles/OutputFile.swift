import ConcordPlatform
import ConcordSync
import Foundation

/// Replaces a file's contents so that a crash, a kill or a power cut at any moment leaves either
/// the old file or the new one, never a mix: the bytes go to a temporary file in the same folder,
/// which is flushed to disk (fsync) and renamed over the target, and the folder is then flushed so
/// the rename itself is durable. Every command that writes a file (reports, export, merge, fill)
/// goes through here.
///
/// What is at the path decides how it is written (docs/reliability.md, issue 12 item 1):
/// - a character device or a FIFO is written in place (`/dev/null` discards, `/dev/full` is a
///   clean error), never replaced by a regular file;
/// - a symbolic link is followed: its final target is replaced atomically and the link is kept;
/// - a folder (or a socket, a block device) is refused;
/// - an existing regular file keeps its owner, group and mode (the temporary file gets them
///   before the rename).
///
/// Interrupted (`abandonWrites`, called when a signal is about to end the process), every
/// temporary file being written is removed and no write in flight renames one over its target:
/// the target is the old file, or the new one when its rename came first. A temporary file a
/// killed process left (SIGKILL cannot be caught) is removed by the next write of the same file
/// (`removeStale`).
public enum OutputFile {
    public struct Failure: Error, Sendable, CustomStringConvertible {
        public var path: String
        public var message: String
        public var description: String { "\(path): \(message)" }
        public init(path: String, message: String) { self.path = path; self.message = message }
    }

    /// What an output path leads to, its symbolic links followed.
    public enum Kind: Sendable, Equatable {
        case absent, regular, characterDevice, fifo, folder, other(String)
    }

    /// The path a write to `path` lands on: every symbolic link (the final component's, again and
    /// again) followed, a relative link read from the link's folder. A dangling link leads to the
    /// file it names, which the write creates.
    public static func resolve(_ path: String) throws(Failure) -> String {
        var current = path
        for _ in 0..<40 {
            var st = stat()
            guard lstat(current, &st) == 0, (st.st_mode & S_IFMT) == S_IFLNK else { return current }
            var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
            let n = readlink(current, &buffer, buffer.count - 1)
            guard n > 0 else { throw Failure(path: path, message: "cannot read the symbolic link \(current): \(String(cString: strerror(errno)))") }
            let target = String(decoding: buffer[0..<n].map { UInt8(bitPattern: $0) }, as: UTF8.self)
            // A descriptor's link (Linux: `/dev/stderr` → /proc/self/fd/2 → `pipe:[123]`) names no
            // path: the link itself is what a write opens (it leads to the pipe or socket).
            if Platform.isDescriptorLink(current, target: target) { return current }
            if target.hasPrefix("/") {
                current = target
            } else {
                let folder = current.lastIndex(of: "/").map { String(current[...$0]) } ?? ""
                current = folder + target
            }
        }
        throw Failure(path: path, message: "too many levels of symbolic links")
    }

    /// What is at a (resolved) path.
    public static func kind(_ resolved: String) -> Kind {
        var st = stat()
        guard stat(resolved, &st) == 0 else { return .absent }
        switch st.st_mode & S_IFMT {
        case S_IFREG: return .regular
        case S_IFCHR: return .characterDevice
        case S_IFIFO: return .fifo
        case S_IFDIR: return .folder
        case S_IFBLK: return .other("a block device")
        case S_IFSOCK: return .other("a socket")
        default: return .other("not a regular file")
        }
    }

    /// `tag` names the temporary file (`.NAME.TAG-PID`), so a leftover says which command left it.
    /// `beforeRename` runs with the new bytes safely on disk, just before they replace the file; a
    /// throw there removes the temporary file and leaves the target untouched.
    public static func replace(_ path: String, with bytes: [UInt8], tag: String = "tmp", keepMode: Bool = true,
                               beforeRename: () throws -> Void = {}) throws {
        try replace(path, tag: tag, keepMode: keepMode, beforeRename: beforeRename) { write in try write(bytes) }
    }

    /// The same, with the contents made while they are written: `produce` calls `write` with each
    /// chunk in order (a large report is never held whole). Every guarantee above holds: the chunks
    /// go to the temporary file (or in place to a device or a FIFO), and a throw from `produce` or a
    /// failed write removes the temporary file and leaves the target untouched.
    ///
    /// `links: .refused` (a file Concord names inside a folder it was given: FolderOutput): a
    /// symbolic link at the path is refused, whatever it leads to, and the rename replaces the name
    /// itself, so a link put there meanwhile is replaced, never written through. `.refused` with
    /// `replacing: false` replaces nothing at all: the temporary file is linked to the name (link(2)
    /// fails when anything is there, a dangling link included) and its own name removed; something at
    /// the name is the error `exists`.
    public static func replace(_ path: String, tag: String = "tmp", keepMode: Bool = true, links: Links = .followed,
                               replacing: Bool = true, beforeRename: () throws -> Void = {},
                               producing produce: (_ write: ([UInt8]) throws -> Void) throws -> Void) throws {
        let target = links == .followed ? try resolve(path) : path
        func fail(_ what: String) -> Failure {
            Failure(path: path, message: "\(what): \(String(cString: strerror(errno)))" + (target == path ? "" : " (the symbolic link's target \(target))"))
        }
        let found = links == .followed ? kind(target) : try kindHere(path)
        if !replacing && found != .absent { throw Failure(path: path, message: "exists; it is not replaced") }
        switch found {
        case .folder:
            throw Failure(path: path, message: "is a folder" + (target == path ? "" : " (\(target))") + "; an output must be a file")
        case .other(let what):
            throw Failure(path: path, message: "is \(what); an output must be a file, a character device or a FIFO")
        case .characterDevice, .fifo:
            // In place: a device or a pipe has no contents to replace, and renaming over it would
            // destroy it (as root, /dev/null became a regular file).
            try beforeRename()
            let fd = try openInPlace(target, path: path)
            defer { close(fd) }
            try produce { chunk in try writeAll(fd, chunk) { fail("cannot write it") } }
            return
        case .absent, .regular:
            break
        }

        let slash = target.lastIndex(of: "/")
        let folder = slash.map { String(target[..<$0]) }.map { $0.isEmpty ? "/" : $0 } ?? "."
        let name = slash.map { String(target[target.index(after: $0)...]) } ?? target
        let tmp = (folder == "/" ? "" : folder) + "/.\(name).\(tag)-\(getpid())"

        // A file that exists keeps its permissions and its owner; a new one gets 0666 less the
        // umask, as any file a program creates.
        var existing: stat? = nil
        var st = stat()
        if keepMode && stat(target, &st) == 0 { existing = st }
        removeStale(folder: folder, name: name)
        let mode = existing.map { $0.st_mode & 0o777 } ?? 0o666
        // Created and registered at once, so that an interrupt removes it whenever it comes.
        let fd = try Pending.create(tmp, path: path) { open(tmp, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, mode) }
        if fd < 0 { throw fail("cannot create a temporary file next to it") }
        var ok = false
        defer { if !ok { Pending.discard(tmp) } }
        do {
            defer { close(fd) }
            try produce { chunk in try writeAll(fd, chunk) { fail("cannot write the temporary file") } }
            if let existing {
                // The owner first: chown clears the set-id bits, chmod then restores the mode.
                if existing.st_uid != geteuid() || existing.st_gid != getegid() {
                    if fchown(fd, existing.st_uid, existing.st_gid) != 0 && geteuid() == 0 {
                        throw fail("cannot give the new file the owner of the old one")
                    }
                }
                _ = fchmod(fd, existing.st_mode & 0o7777)   // the umask may have narrowed it
            }
            if fsync(fd) != 0 { throw fail("cannot flush the temporary file to disk") }
        }
        try beforeRename()
        // The rename (or, for a new file only, the link) happens under the interrupt's lock: an
        // interrupt either comes first (nothing renamed, the temporary file removed) or after.
        var linkFailure: Failure? = nil
        let renamed = try Pending.commit(tmp, path: path) {
            if replacing { return rename(tmp, target) == 0 }
            do throws(Failure) { try linkNew(tmp, target, path: path); return true } catch { linkFailure = error; return false }
        }
        if let linkFailure { throw linkFailure }
        if !renamed { throw fail("cannot replace the file") }
        ok = true
        let dir = open(folder, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        if dir >= 0 { _ = fsync(dir); close(dir) }
    }

    /// Called when a signal is about to end the process: every temporary file being written is
    /// removed, and from now on no write creates or renames one (it throws, the target untouched).
    /// Returns how many were removed. For a process that exits next: nothing is written after it.
    @discardableResult
    public static func abandonWrites() -> Int {
        Pending.state.withLock { st in
            st.abandoned = true
            for t in st.files { unlink(t) }
            defer { st.files = [] }
            return st.files.count
        }
    }

    /// The temporary files being written (created, not yet renamed or removed), under one lock
    /// with whether writes were abandoned: creating, renaming and removing one, and abandoning
    /// them all, each happen whole, so an interrupt never leaves one behind.
    enum Pending {
        struct State { var files: Set<String> = []; var abandoned = false }
        static let state = Locked(State())

        static func interrupted(_ path: String) -> Failure {
            Failure(path: path, message: "not written: interrupted (the file is as it was)")
        }

        /// Runs `open` (giving a descriptor, or −1) and registers `tmp` when it succeeds.
        static func create(_ tmp: String, path: String, _ open: () -> Int32) throws(Failure) -> Int32 {
            let fd: Int32? = state.withLock { st in
                guard !st.abandoned else { return nil }
                let fd = open()
                if fd >= 0 { st.files.insert(tmp) }
                return fd
            }
            guard let fd else { throw interrupted(path) }
            return fd
        }

        /// Runs `rename` (true when it did) unless writes were abandoned (then `tmp` is gone already).
        static func commit(_ tmp: String, path: String, _ rename: () -> Bool) throws(Failure) -> Bool {
            let done: Bool? = state.withLock { st in
                guard !st.abandoned else { return nil }
                let ok = rename()
                if ok { st.files.remove(tmp) }
                return ok
            }
            guard let done else { throw interrupted(path) }
            return done
        }

        /// Removes `tmp` (a write that failed).
        static func discard(_ tmp: String) {
            state.withLock { st in
                if st.files.remove(tmp) != nil { unlink(tmp) }
            }
        }
    }

    /// Removes the temporary files of `name` in `folder` (`.NAME.TAG-PID`) that a process no
    /// longer running left there (killed by SIGKILL, or a power cut), and this process's own
    /// leftover from an earlier life of its pid. A temporary file of a running process is left
    /// alone (another concord writing the same file: its rename decides).
    static func removeStale(folder: String, name: String) {
        let prefix = "." + name + "."
        guard let entries = try? FileManager.default.contentsOfDirectory(atPath: folder) else { return }
        for entry in entries where entry.hasPrefix(prefix) {
            let rest = entry.dropFirst(prefix.count)
            guard let dash = rest.lastIndex(of: "-") else { continue }
            let tag = rest[..<dash], digits = rest[rest.index(after: dash)...]
            guard !tag.isEmpty, tag.allSatisfy({ $0 >= "a" && $0 <= "z" }), !digits.isEmpty, digits.allSatisfy(\.isASCII),
                  let pid = Int32(digits), pid > 0 else { continue }
            let dead = pid == getpid() || (kill(pid, 0) != 0 && errno == ESRCH)
            guard dead else { continue }
            let full = (folder == "/" ? "" : folder) + "/" + entry
            // Only a regular file: a name that matches by chance (a folder, a link) is not ours.
            var st = stat()
            guard lstat(full, &st) == 0, (st.st_mode & S_IFMT) == S_IFREG else { continue }
            Pending.state.withLock { if !$0.files.contains(full) { _ = unlink(full) } }
        }
    }

    /// Whether a symbolic link at the output path is followed (`--report`, `-o`: its target is
    /// written, the link kept) or refused (FolderOutput).
    public enum Links: Sendable { case followed, refused }

    /// What is at the path itself, a symbolic link not followed but refused.
    static func kindHere(_ path: String) throws(Failure) -> Kind {
        var st = stat()
        guard lstat(path, &st) == 0 else { return .absent }
        if (st.st_mode & S_IFMT) == S_IFLNK {
            throw Failure(path: path, message: "is a symbolic link\(linkTarget(path).map { " (to \($0))" } ?? ""); Concord does not write through it")
        }
        return kind(path)
    }

    /// Where a symbolic link points, as written in it.
    static func linkTarget(_ path: String) -> String? {
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        let n = readlink(path, &buffer, buffer.count - 1)
        guard n > 0 else { return nil }
        return String(decoding: buffer[0..<n].map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// Gives the written temporary file the name `target`, which must be free: link(2) refuses any
    /// name in use (EEXIST), a dangling symbolic link included. A file system without hard links
    /// (some FUSE, FAT and network ones) gets a rename, once nothing is at the name.
    private static func linkNew(_ tmp: String, _ target: String, path: String) throws(Failure) {
        let exists = Failure(path: path, message: "exists; it is not replaced")
        if link(tmp, target) == 0 { unlink(tmp); return }
        let e = errno
        if e == EEXIST { throw exists }
        var st = stat()
        guard e == EPERM || e == ENOTSUP || e == EOPNOTSUPP || e == ENOSYS, lstat(target, &st) != 0 else {
            throw e == EPERM || e == ENOTSUP || e == EOPNOTSUPP || e == ENOSYS ? exists
                : Failure(path: path, message: "cannot create the file: \(String(cString: strerror(e)))")
        }
        if rename(tmp, target) != 0 { throw Failure(path: path, message: "cannot create the file: \(String(cString: strerror(errno)))") }
    }

    /// Opens a character device or a FIFO for writing without waiting: a FIFO nobody reads would
    /// block open(2) forever, so it is opened non-blocking (ENXIO: no reader, an error), then
    /// written blocking as any pipe.
    static func openInPlace(_ target: String, path: String, append: Bool = false) throws(Failure) -> Int32 {
        let fd = open(target, O_WRONLY | O_CLOEXEC | O_NOCTTY | O_NONBLOCK | (append ? O_APPEND : 0))
        if fd < 0 {
            let link = target == path ? "" : " (the symbolic link's target \(target))"
            if errno == ENXIO && kind(target) == .fifo {
                throw Failure(path: path, message: "cannot open it for writing: it is a FIFO with no reader (concord does not wait for one)" + link)
            }
            throw Failure(path: path, message: "cannot open it for writing: \(String(cString: strerror(errno)))" + link)
        }
        let flags = fcntl(fd, F_GETFL)
        if flags >= 0 { _ = fcntl(fd, F_SETFL, flags & ~O_NONBLOCK) }
        return fd
    }

    /// Whether an output path names this process's standard output (`/dev/stdout`, `/dev/fd/1`,
    /// and on Linux its /proc link; Platform): written as `-` is, through the standard-output writer, so that nothing
    /// replaces the file or pipe behind it and the summary goes to standard error.
    public static func namesStandardOutput(_ path: String) -> Bool {
        Platform.standardOutputPaths().contains(path)
    }

    /// Appends to a file (`$GITHUB_STEP_SUMMARY`, which several steps share), creating it when
    /// absent: a regular file, a character device (`/dev/null`) or a FIFO that has a reader (never
    /// waited on: one without is an error, as an output). Written in full; a folder, a socket, a
    /// block device, a full device are errors, thrown with what failed.
    public static func append(_ path: String, _ bytes: [UInt8]) throws(Failure) {
        let target = try resolve(path)
        func fail(_ what: String) -> Failure {
            Failure(path: path, message: "\(what): \(String(cString: strerror(errno)))" + (target == path ? "" : " (the symbolic link's target \(target))"))
        }
        let fd: Int32
        switch kind(target) {
        case .folder: throw Failure(path: path, message: "is a folder")
        case .other(let what): throw Failure(path: path, message: "is \(what), not a file")
        case .characterDevice, .fifo:
            fd = try openInPlace(target, path: path, append: true)
        case .absent, .regular:
            fd = open(target, O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC | O_NOCTTY | O_NONBLOCK, 0o666)
            if fd < 0 { throw fail("cannot open it for writing") }
        }
        defer { close(fd) }
        try writeAll(fd, bytes) { fail("cannot write it") }
    }

    private static func writeAll(_ fd: Int32, _ bytes: [UInt8], _ fail: () -> Failure) throws(Failure) {
        var written = 0
        while written < bytes.count {
            let n = bytes.withUnsafeBytes { writeFD(fd, $0.baseAddress! + written, bytes.count - written) }
            if n < 0 {
                if errno == EINTR { continue }
                throw fail()
            }
            written += n
        }
    }
}

/// libc's write(2).
private func writeFD(_ fd: Int32, _ p: UnsafeRawPointer, _ n: Int) -> Int { write(fd, p, n) }
