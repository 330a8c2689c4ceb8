import ConcordImplementations
import Foundation

/// The repository root, found from this file's own path.
let repositoryRoot: String = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().path

func fixture(_ relative: String) -> String { repositoryRoot + "/Tests/Fixtures/" + relative }

/// A fresh temporary folder, removed by the caller with `cleanup`.
func temporaryFolder() -> String {
    let path = NSTemporaryDirectory() + "concord-test-" + UUID().uuidString
    try! FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    return path
}

func write(_ text: String, to path: String) {
    try! FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
    try! Data(text.utf8).write(to: URL(fileURLWithPath: path))
}

struct ProcessOutput {
    var status: Int32
    var stdout: String
    var stderr: String
    /// Wall time from start to exit, and the process's own peak resident memory (KiB).
    var seconds: Double = 0
    var peakKiB: Int = 0
}

/// Reads a file descriptor to its end.
func readAll(_ fd: Int32) -> [UInt8] {
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
func runProcess(_ executable: String, _ arguments: [String], environment: [String: String]? = nil,
                timeout: Double = .infinity) throws -> ProcessOutput {
    let start = Date()
    let p = try Subprocess.spawn([executable] + arguments, environment: environment)
    close(p.stdin)
    let err = LockedData(), out = LockedData()
    Thread { err.set(Data(readAll(p.stderr))) }.start()
    Thread { out.set(Data(readAll(p.stdout))) }.start()
    if p.wait(timeout: timeout) == nil { p.stop() }
    while !err.done || !out.done { usleep(1000) }
    close(p.stdout)
    close(p.stderr)
    return ProcessOutput(status: p.termination?.code ?? -1, stdout: String(decoding: out.data, as: UTF8.self),
                         stderr: String(decoding: err.data, as: UTF8.self),
                         seconds: Date().timeIntervalSince(start), peakKiB: p.peakResidentKiB ?? 0)
}

final class LockedData: @unchecked Sendable {
    private let lock = NSLock()
    private var d = Data()
    private var finished = false
    func set(_ x: Data) { lock.withLock { d = x; finished = true } }
    var data: Data { lock.withLock { d } }
    var done: Bool { lock.withLock { finished } }
}

/// The `concord` binary `swift test` built next to the test bundle.
var concordBinary: String {
    let debug = repositoryRoot + "/.build/debug/concord"
    return debug
}
