#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Replaces a file's contents so that a crash, a kill or a power cut at any moment leaves either
/// the old file or the new one, never a mix: the bytes go to a temporary file in the same folder,
/// which is flushed to disk (fsync) and renamed over the target, and the folder is then flushed so
/// the rename itself is durable. Every command that writes a file (reports, fill) goes through here.
public enum OutputFile {
    public struct Failure: Error, Sendable, CustomStringConvertible {
        public var path: String
        public var message: String
        public var description: String { "\(path): \(message)" }
    }

    /// `tag` names the temporary file (`.NAME.TAG-PID`), so a leftover says which command left it.
    /// `beforeRename` runs with the new bytes safely on disk, just before they replace the file; a
    /// throw there removes the temporary file and leaves the target untouched.
    public static func replace(_ path: String, with bytes: [UInt8], tag: String = "tmp", keepMode: Bool = true,
                               beforeRename: () throws -> Void = {}) throws {
        let slash = path.lastIndex(of: "/")
        let folder = slash.map { String(path[..<$0]) }.map { $0.isEmpty ? "/" : $0 } ?? "."
        let name = slash.map { String(path[path.index(after: $0)...]) } ?? path
        let tmp = (folder == "/" ? "" : folder) + "/.\(name).\(tag)-\(getpid())"
        func fail(_ what: String) -> Failure { Failure(path: path, message: "\(what): \(String(cString: strerror(errno)))") }

        // A file that exists keeps its permissions; a new one gets 0666 less the umask, as any
        // file a program creates.
        var existing: mode_t? = nil
        var st = stat()
        if keepMode && stat(path, &st) == 0 { existing = st.st_mode & 0o7777 }
        unlink(tmp)   // a leftover of an earlier process with this pid
        let fd = open(tmp, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, existing ?? 0o666)
        if fd < 0 { throw fail("cannot create a temporary file next to it") }
        var ok = false
        defer { if !ok { unlink(tmp) } }
        do {
            defer { close(fd) }
            var written = 0
            while written < bytes.count {
                let n = bytes.withUnsafeBytes { writeFD(fd, $0.baseAddress! + written, bytes.count - written) }
                if n < 0 {
                    if errno == EINTR { continue }
                    throw fail("cannot write the temporary file")
                }
                written += n
            }
            if let existing { _ = fchmod(fd, existing) }   // the umask may have narrowed it
            if fsync(fd) != 0 { throw fail("cannot flush the temporary file to disk") }
        }
        try beforeRename()
        if rename(tmp, path) != 0 { throw fail("cannot replace the file") }
        ok = true
        let dir = open(folder, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        if dir >= 0 { _ = fsync(dir); close(dir) }
    }
}

/// libc's write(2).
private func writeFD(_ fd: Int32, _ p: UnsafeRawPointer, _ n: Int) -> Int { write(fd, p, n) }
