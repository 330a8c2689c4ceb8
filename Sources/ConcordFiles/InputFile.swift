import ConcordPlatform

/// Reads an input file (vector file, captured outputs, report) whole, after checking its size:
/// a file over the limit is refused from its metadata, before a byte of it is read, so a 200 MB
/// file costs nothing. Every command that reads a file goes through here (docs/limits.md).
public enum InputFile {
    /// 64 MiB, the default of `--max-file-bytes`.
    public static let defaultMaxBytes = 64 << 20

    public struct Failure: Error, Sendable, CustomStringConvertible {
        public var path: String
        public var message: String
        /// True when the file is over the size limit (the message names the limit and its flag).
        public var overLimit: Bool
        public var description: String { "\(path): \(message)" }
    }

    /// Where the first byte that is not valid UTF-8 is (1-based line, column in characters) and
    /// what it is, or nil when all of it is UTF-8.
    public static func utf8Problem(_ bytes: [UInt8]) -> (line: Int, column: Int, message: String)? {
        var decoder = UTF8()
        var iterator = bytes.makeIterator()
        var offset = 0, line = 1, column = 1
        while true {
            switch decoder.decode(&iterator) {
            case .scalarValue(let s):
                offset += UTF8.width(s)
                if s == "\n" { line += 1; column = 1 } else { column += 1 }
            case .emptyInput:
                return nil
            case .error:
                let byte = offset < bytes.count ? bytes[offset] : 0
                return (line, column, "the file is not valid UTF-8 (byte 0x\(String(byte, radix: 16)) at offset \(offset))")
            }
        }
    }

    /// What a file type is called in messages ("a FIFO"), for a type other than a regular file.
    static func kind(_ mode: mode_t) -> String {
        switch mode & S_IFMT {
        case S_IFDIR: return "a folder"
        case S_IFIFO: return "a FIFO"
        case S_IFSOCK: return "a socket"
        case S_IFCHR: return "a character device"
        case S_IFBLK: return "a block device"
        case S_IFLNK: return "a symbolic link"
        default: return "not a regular file"
        }
    }

    /// `regularFileOnly`: anything but a regular file (a symbolic link to one is followed) is
    /// refused from its metadata, never opened; a link that loops or whose target is missing is
    /// named as such. Without it (a vector file named on the command line: `run <(…)`), a pipe or a
    /// device is read too. Either way nothing is opened blocking: a FIFO without a writer would
    /// block open(2) until one came, so every open is non-blocking (then reads block as any
    /// pipe's), and a FIFO that nobody writes to reads as nothing, refused as such.
    public static func read(_ path: String, maxBytes: Int = defaultMaxBytes, regularFileOnly: Bool = false) throws(Failure) -> [UInt8] {
        func fail(_ m: String, overLimit: Bool = false) -> Failure { Failure(path: path, message: m, overLimit: overLimit) }
        // A path from a file's text (a fixture map's `fixture`) may hold a NUL, where the system
        // would end it: another file would be read.
        if path.utf8.contains(0) { throw fail("the path contains a NUL character, which would cut it short (nothing was read)") }
        var flags = O_RDONLY | O_CLOEXEC
        if regularFileOnly {
            var st = stat()
            if stat(path, &st) != 0 {
                let e = errno
                var ls = stat()
                let isLink = lstat(path, &ls) == 0 && (ls.st_mode & S_IFMT) == S_IFLNK
                if e == ELOOP { throw fail("is a symbolic link that loops (too many levels of symbolic links)") }
                if e == ENOENT { throw fail(isLink ? "is a symbolic link to a file that does not exist" : "no such file") }
                throw fail("cannot read the file: \(String(cString: strerror(e)))")
            }
            if (st.st_mode & S_IFMT) != S_IFREG {
                throw fail("is \(kind(st.st_mode)), not a regular file (it was not opened)")
            }
        }
        // Non-blocking, so that a FIFO (a FIFO swapped in after the check above) never waits for a
        // writer; a terminal is never made the controlling one.
        flags |= O_NONBLOCK | O_NOCTTY
        let fd = open(path, flags)
        if fd < 0 { throw fail(errno == ENOENT ? "no such file" : "cannot read the file: \(String(cString: strerror(errno)))") }
        defer { close(fd) }
        // Read as any file from here: a pipe's writer is waited on as it writes.
        let status = fcntl(fd, F_GETFL)
        if status >= 0 { _ = fcntl(fd, F_SETFL, status & ~O_NONBLOCK) }
        var st = stat()
        guard fstat(fd, &st) == 0 else { throw fail("cannot read the file: \(String(cString: strerror(errno)))") }
        if (st.st_mode & S_IFMT) == S_IFDIR { throw fail("is a folder, not a file") }
        if regularFileOnly && (st.st_mode & S_IFMT) != S_IFREG { throw fail("is \(kind(st.st_mode)), not a regular file") }
        let tooBig = { (n: Int) in
            fail("the file is \(n) bytes, above the limit of \(maxBytes) (raise it with --max-file-bytes)", overLimit: true)
        }
        let regular = (st.st_mode & S_IFMT) == S_IFREG
        if regular && Int(st.st_size) > maxBytes { throw tooBig(Int(st.st_size)) }
        // Read to the end (a pipe or a file that grows is still held to the limit).
        var out = [UInt8]()
        out.reserveCapacity(regular ? Int(st.st_size) : 1 << 16)
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let n = chunk.withUnsafeMutableBytes { readFD(fd, $0.baseAddress, $0.count) }
            if n < 0 {
                if errno == EINTR { continue }
                throw fail("cannot read the file: \(String(cString: strerror(errno)))")
            }
            if n == 0 {
                // A FIFO with no writer ends at once: say so, rather than "empty" (nothing waited for one).
                if out.isEmpty && (st.st_mode & S_IFMT) == S_IFIFO {
                    throw fail("is a FIFO that nothing wrote to (concord does not wait for a writer)")
                }
                break
            }
            out.append(contentsOf: chunk[0..<n])
            if out.count > maxBytes { throw tooBig(out.count) }
        }
        return out
    }
}

/// libc's read(2), named apart from `InputFile.read`.
private func readFD(_ fd: Int32, _ buffer: UnsafeMutableRawPointer?, _ count: Int) -> Int { read(fd, buffer, count) }
