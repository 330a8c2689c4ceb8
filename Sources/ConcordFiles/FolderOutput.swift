import Foundation

/// Files Concord names itself inside a folder the user gave it (`explore --emit DIR`, `scenario
/// --record DIR`, the requests kept of a crash): nothing is ever written through a symbolic link
/// found there, so nothing lands outside the folder asked for.
///
/// - The folder is the user's: a symbolic link to a folder is followed (that is the folder asked
///   for), a missing one is made with its parents; a dangling link or anything but a folder is refused.
/// - Below it, every name Concord writes, a subfolder (`DIR/<suite>/`) or the file, must not be a
///   symbolic link, whatever it leads to: a dangling one, one to a file inside the folder, one
///   leading out. It is refused, naming the path and the link's target; a missing subfolder is made.
/// - At the file's name there may be nothing (`create` and `replace`) or a regular file (`replace`:
///   the caller has checked it is its own); a folder, a FIFO, a device or a socket is refused,
///   never opened.
///
/// Each refusal is an `OutputFile.Failure` naming the path; `check` finds them all before anything is
/// written, and the writes check again (the rename or the link replaces a name, never follows it).
public enum FolderOutput {
    /// What is at a file's name inside the folder.
    public enum Found: Sendable, Equatable { case nothing, file }

    /// What `path` (inside `folder`) is now, or the failure that writing it would meet. Creates nothing.
    @discardableResult
    public static func check(_ path: String, inside folder: String) throws(OutputFile.Failure) -> Found {
        let (folder, components) = try parts(path, inside: folder)
        var st = stat()
        if lstat(folder, &st) != 0 { return .nothing }
        if stat(folder, &st) != 0 {
            throw OutputFile.Failure(path: folder, message: "is a symbolic link\(OutputFile.linkTarget(folder).map { " to \($0)" } ?? "") that leads nowhere: Concord does not make a folder through a link; make the folder or give another")
        }
        if (st.st_mode & S_IFMT) != S_IFDIR { throw OutputFile.Failure(path: folder, message: "is not a folder") }
        var current = folder == "/" ? "" : folder
        for (k, name) in components.enumerated() {
            current += "/" + name
            let last = k == components.count - 1
            guard lstat(current, &st) == 0 else { return .nothing }
            switch st.st_mode & S_IFMT {
            case S_IFLNK:
                throw OutputFile.Failure(path: current, message: "is a symbolic link\(OutputFile.linkTarget(current).map { " (to \($0))" } ?? ""): Concord writes inside \(folder) only the files and folders it makes there, never through a link (remove it, or give another folder)")
            case S_IFDIR where !last:
                continue
            case S_IFREG where last:
                return .file
            default:
                throw OutputFile.Failure(path: current, message: "is \(InputFile.kind(st.st_mode)), where Concord would write a \(last ? "file" : "folder"); it was not opened")
            }
        }
        return .nothing
    }

    /// Writes `bytes` at `path` inside `folder`, durably (OutputFile), making the missing folders on
    /// the way: a new file, or (`replacing`) one that replaces the regular file there. `check`'s
    /// refusals apply; without `replacing`, anything at the name is the error `exists`.
    public static func write(_ bytes: [UInt8], to path: String, inside folder: String, replacing: Bool) throws(OutputFile.Failure) {
        let (folder, components) = try parts(path, inside: folder)
        if try check(path, inside: folder) == .file && !replacing { throw OutputFile.Failure(path: path, message: "exists; it is not replaced") }
        var st = stat()
        if lstat(folder, &st) != 0 {
            do { try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true) } catch {
                throw OutputFile.Failure(path: folder, message: "cannot make the folder: \(error.localizedDescription)")
            }
        }
        var current = folder == "/" ? "" : folder
        for name in components.dropLast() {
            current += "/" + name
            if mkdir(current, 0o777) != 0 && errno != EEXIST {
                throw OutputFile.Failure(path: current, message: "cannot make the folder: \(String(cString: strerror(errno)))")
            }
            // Made meanwhile as a link: refused again.
            try check(path, inside: folder)
        }
        do { try OutputFile.replace(path, links: .refused, replacing: replacing) { write in try write(bytes) } } catch let f as OutputFile.Failure {
            throw f
        } catch {
            throw OutputFile.Failure(path: path, message: "\(error)")
        }
    }

    /// The first `count` bytes of a regular file (fewer when it is shorter), opened without following
    /// a symbolic link and without waiting: a FIFO or a device found there is named, never read.
    public static func head(_ path: String, bytes count: Int) throws(OutputFile.Failure) -> [UInt8] {
        func fail() -> OutputFile.Failure { OutputFile.Failure(path: path, message: String(cString: strerror(errno))) }
        let fd = open(path, O_RDONLY | O_CLOEXEC | O_NOFOLLOW | O_NONBLOCK | O_NOCTTY)
        if fd < 0 { throw fail() }
        defer { close(fd) }
        var st = stat()
        guard fstat(fd, &st) == 0 else { throw fail() }
        if (st.st_mode & S_IFMT) != S_IFREG { throw OutputFile.Failure(path: path, message: "it is \(InputFile.kind(st.st_mode))") }
        var out = [UInt8](repeating: 0, count: count)
        var got = 0
        while got < count {
            let n = out.withUnsafeMutableBytes { read(fd, $0.baseAddress! + got, count - got) }
            if n < 0 { if errno == EINTR { continue }; throw fail() }
            if n == 0 { break }
            got += n
        }
        return Array(out[..<got])
    }

    /// The folder without a trailing `/`, and `path`'s components below it (`path` must start with
    /// the folder; a doubled `/` and a `.` component are read as the system reads them).
    static func parts(_ path: String, inside folder: String) throws(OutputFile.Failure) -> (folder: String, names: [String]) {
        var base = folder
        while base.count > 1 && base.hasSuffix("/") { base.removeLast() }
        let prefix = base == "/" ? "/" : base + "/"
        guard path.hasPrefix(prefix) else { throw OutputFile.Failure(path: path, message: "is not inside \(folder)") }
        let names = path.dropFirst(prefix.count).split(separator: "/").map(String.init).filter { $0 != "." }
        guard !names.isEmpty, !names.contains("..") else { throw OutputFile.Failure(path: path, message: "is not a file inside \(folder)") }
        return (base, names)
    }
}
