import ConcordFormats
import ConcordImplementations
import ConcordPlatform
import ConcordSync
import Foundation
import ConcordSuites

/// The repository root, found from this file's own path.
public let repositoryRoot: String = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().path

public func fixture(_ relative: String) -> String { repositoryRoot + "/Tests/Fixtures/" + relative }

/// A fresh temporary folder. A test may remove it when it is done; whatever is left is removed
/// when the test process exits (many tests kept theirs: over a day of test runs, /tmp held
/// about 1,500 of them).
public func temporaryFolder() -> String {
    let path = NSTemporaryDirectory() + "concord-test-" + UUID().uuidString
    try! FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    madeFolders.withLock { made in
        if !made.registered { atexit { removeMadeFolders() } }
        made.registered = true
        made.paths.append(path)
    }
    return path
}

/// The folders `temporaryFolder` made in this process (the first one registers their removal).
private let madeFolders = Locked<(registered: Bool, paths: [String])>((false, []))

/// Removes every folder `temporaryFolder` made and the test left (at the process's exit: never
/// while tests run, since they run in parallel and each may still be using its own).
private func removeMadeFolders() {
    for path in madeFolders.withLock({ made in defer { made.paths.removeAll() }; return made.paths }) {
        try? FileManager.default.removeItem(atPath: path)
    }
}

public func write(_ text: String, to path: String) {
    try! FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
    try! Data(text.utf8).write(to: URL(fileURLWithPath: path))
}

public struct ProcessOutput: Sendable {
    public var status: Int32
    public var stdout: String
    public var stderr: String
    /// Wall time from start to exit, and the process's own peak resident memory (KiB): `wait4`'s
    /// figure when it can only be the child's own, else its high-water mark sampled every 5 ms
    /// while it ran (then a lower bound: a rise in its last 5 ms can be missed).
    public var seconds: Double = 0
    public var peakKiB: Int = 0
    public init(status: Int32, stdout: String, stderr: String, seconds: Double = 0, peakKiB: Int = 0) {
        self.status = status
        self.stdout = stdout
        self.stderr = stderr
        self.seconds = seconds
        self.peakKiB = peakKiB
    }
}

/// Reads a file descriptor to its end.
public func readAll(_ fd: Int32) -> [UInt8] {
    var out = [UInt8]()
    var buf = [UInt8](repeating: 0, count: 65536)
    while true {
        let n = buf.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
        if n <= 0 { return out }
        out += buf[0..<n]
    }
}

/// Runs a program to completion, capturing both streams (read concurrently so neither fills up).
/// With a `timeout`, a program still running then is stopped (its process group killed).
public func runProcess(_ executable: String, _ arguments: [String], environment: [String: String]? = nil,
                timeout: Double = .infinity) throws -> ProcessOutput {
    let start = Date()
    let p = try Subprocess.spawn([executable] + arguments, environment: environment)
    close(p.stdin)
    let err = Locked([UInt8]()), out = Locked([UInt8]())
    let readers = DispatchGroup()
    for (fd, into) in [(p.stderr, err), (p.stdout, out)] {
        readers.enter()
        Thread {
            let bytes = readAll(fd)
            into.withLock { $0 = bytes }
            readers.leave()
        }.start()
    }
    // The child's own high-water mark, sampled while it runs: `wait4`'s figure is the child's own
    // only when it is above this (test) process's size (Subprocess.peakResidentKiB says why).
    let sampled = Locked(0)
    readers.enter()
    Thread {
        while p.termination == nil {
            if let k = ResidentMemory.peakKiB(of: p.pid) { sampled.withLock { $0 = max($0, k) } }
            usleep(5_000)
        }
        readers.leave()
    }.start()
    if p.wait(timeout: timeout) == nil { p.stop() }
    readers.wait()
    close(p.stdout)
    close(p.stderr)
    return ProcessOutput(status: p.termination?.code ?? -1, stdout: String(decoding: out.withLock { $0 }, as: UTF8.self),
                         stderr: String(decoding: err.withLock { $0 }, as: UTF8.self),
                         seconds: Date().timeIntervalSince(start), peakKiB: p.peakResidentKiB ?? sampled.withLock { $0 })
}

/// The `concord` binary `swift test` built next to the test bundle.
public var concordBinary: String {
    let debug = repositoryRoot + "/.build/debug/concord"
    return debug
}

/// A stream's bytes read on another thread: set once, when the stream ended.
public final class LockedData: Sendable {
    private let state = Locked<(data: Data, done: Bool)>((Data(), false))
    public init() {}
    public func set(_ x: Data) { state.withLock { $0 = (x, true) } }
    public var data: Data { state.withLock { $0.data } }
    public var done: Bool { state.withLock { $0.done } }
}

/// makedev(3) (a C macro Swift does not import), for the small numbers of mem devices (Platform).
public func deviceNumber(_ major: UInt64, _ minor: UInt64) -> dev_t { Platform.deviceNumber(major, minor) }

/// The processes whose parent is `parent` (Platform: /proc on Linux, sysctl on macOS).
public func childProcesses(of parent: pid_t) -> [pid_t] { Platform.childProcesses(of: parent) }

/// RFC 9106 §5.3 (the phc-winner-argon2 argon2id KAT): p = 4 with a secret and associated data.
public let rfc9106Request = Request(suite: "argon2id", input: [
    "password": .bytes([UInt8](repeating: 1, count: 32)),
    "salt": .bytes([UInt8](repeating: 2, count: 16)),
    "secret": .bytes([UInt8](repeating: 3, count: 8)),
    "associatedData": .bytes([UInt8](repeating: 4, count: 12)),
    "params": .text("argon2id;v=19;m=32;t=3;p=4"),
])
public let rfc9106Tag = try! Hex.decode("0d640df58d78766c08c037a34a8b53c9d01ef0452d75b65eb52520e96b01e659")
