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
}

/// Runs a program to completion, capturing both streams.
func runProcess(_ executable: String, _ arguments: [String], environment: [String: String]? = nil) throws -> ProcessOutput {
    let p = try Subprocess.spawn([executable] + arguments, environment: environment)
    close(p.stdin)
    let err = LockedData()
    let t = Thread {
        var chunks = [UInt8]()
        var buf = [UInt8](repeating: 0, count: 65536)
        while true {
            let n = buf.withUnsafeMutableBytes { read(p.stderr, $0.baseAddress, $0.count) }
            if n <= 0 { break }
            chunks += buf[0..<n]
        }
        err.set(Data(chunks))
    }
    t.start()
    var out = [UInt8]()
    var buf = [UInt8](repeating: 0, count: 65536)
    while true {
        let n = buf.withUnsafeMutableBytes { read(p.stdout, $0.baseAddress, $0.count) }
        if n <= 0 { break }
        out += buf[0..<n]
    }
    let end = p.wait()
    while !err.done { usleep(1000) }
    close(p.stdout)
    close(p.stderr)
    return ProcessOutput(status: end?.code ?? -1, stdout: String(decoding: out, as: UTF8.self),
                         stderr: String(decoding: err.data, as: UTF8.self))
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
