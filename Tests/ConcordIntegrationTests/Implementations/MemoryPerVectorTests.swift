import ConcordFormats
@testable import ConcordImplementations
import ConcordJudging
import ConcordLoading
import Foundation
import Testing
import ConcordTestSupport

/// Issue 19 (issue 12 item 9 asked for 1.5 KiB): a run of many small vectors costs at most 1 KiB a
/// vector over a fixed base.
/// Measured as `scripts/bench --scale` does: copies (new ids) of the published valid vectors of
/// `closer.canonical-json` and `aes-gcm`, 10,000 to a JSON file, run on swift, openssl and libsodium;
/// the slope of the process's own peak resident memory between two sizes, as its report records it
/// (`wait4`'s figure would start from this test process's size: ResidentMemory). Memory, not time: a
/// byte count does not depend on how busy the machine is.
struct MemoryPerVectorTests {
    static let budget = 1024.0

    @Test func aSmallVectorCostsAtMostOneKiB() throws {
        let sources = try Self.sources()
        let small = try Self.run(10_000, sources), large = try Self.run(40_000, sources)
        let perVector = Double(large - small) * 1024 / 30_000
        #expect(perVector <= Self.budget, "\(Int(perVector)) bytes a vector (peak \(small) KiB at 10,000, \(large) KiB at 40,000)")
        #expect(perVector > 100, "a slope this small means the runs did not hold their vectors: \(Int(perVector)) (peak \(small) KiB at 10,000, \(large) KiB at 40,000)")
    }

    /// `validate` loads the same vectors exactly as `run` does but keeps none of them, only each one's
    /// suite, id and place for the checks across files: at most half of run's budget a vector (it kept
    /// every vector, as much as a run, 750 to 1,900 bytes depending on the machine).
    @Test func validateKeepsNoVector() throws {
        let sources = try Self.sources()
        let small = try Self.validate(10_000, sources), large = try Self.validate(40_000, sources)
        let perVector = Double(large - small) * 1024 / 30_000
        #expect(perVector <= Self.budget / 2, "\(Int(perVector)) bytes a vector (peak \(small) KiB at 10,000, \(large) KiB at 40,000)")
        #expect(perVector > 50, "a slope this small means validate did not read the vectors: \(Int(perVector)) (peak \(small) KiB at 10,000, \(large) KiB at 40,000)")
    }

    /// A run holds one implementation result per check: 48 bytes (64 before; the name interned, the
    /// mismatches and the expected-outputs mark in one word, the error class after its message).
    @Test func anImplementationResultIsSixWords() {
        #expect(MemoryLayout<ImplementationResult>.size <= 48, "\(MemoryLayout<ImplementationResult>.size) bytes")
        #expect(MemoryLayout<ContractError>.size <= 17, "\(MemoryLayout<ContractError>.size) bytes")
    }

    /// The published valid vectors with outputs, as JSON vector-file entries without their ids.
    static func sources() throws -> [(suite: String, vectors: [String])] {
        let loader = VectorLoader()
        return try [("closer.canonical-json", "vectors/closer/canonical-json/closer.yaml"), ("aes-gcm", "vectors/primitives/aes-gcm/gcm-spec.yaml")].map { suite, file in
            let vs = try loader.load(.paths([repositoryRoot + "/" + file])).vectorsOrFirstError().filter { v in
                guard v.result == .valid, case .outputs(let fields) = v.expect else { return false }
                return fields.allSatisfy { if case .value = $0.expected { return true }; return false }
            }
            #expect(vs.count >= 10, "\(file): \(vs.count) vectors")
            return (suite, vs.map(entry))
        }
    }

    static func entry(_ v: Vector) -> String {
        var o: [(key: String, value: JSON)] = []
        if let op = v.op { o.append(("op", .string(op))) }
        o.append(("input", .object(v.input.map { ($0.key, json($0.value)) })))
        guard case .outputs(let fields) = v.expect else { return "" }
        o.append(("expect", .object(fields.compactMap { f in
            guard case .value(let x) = f.expected else { return nil }
            return (f.field, json(x))
        })))
        return JSON.object(o).serialized(pretty: false)
    }

    static func json(_ v: Value) -> JSON {
        switch v {
        case .bytes(let b): return .object([("hex", .string(Hex.encode(b)))])
        case .text(let s): return .string(s)
        case .integer(let i): return .int(i)
        case .bool(let b): return .bool(b)
        case .null: return .null
        case .list(let l): return .array(l.map(json))
        case .map(let m): return .object(m.keys.sorted().map { ($0, json(m[$0]!)) })
        }
    }

    /// `n` vectors (half of each suite, in files of 10,000) in a new folder.
    static func folder(_ n: Int, _ sources: [(suite: String, vectors: [String])]) -> String {
        let dir = temporaryFolder()
        for start in stride(from: 0, to: n, by: 10_000) {
            let count = min(10_000, n - start)
            for (k, source) in sources.enumerated() {
                let part = k == 0 ? count / 2 : count - count / 2
                var text = "{\"format\":\"concord-vectors/1\",\"suite\":\"\(source.suite)\",\"title\":\"memory\",\"source\":\"copies of the project's published vectors\",\"vectors\":["
                for i in 0..<part {
                    if i > 0 { text += "," }
                    let body = source.vectors[i % source.vectors.count]
                    text += "{\"id\":\"s\(start + k * (count / 2) + i)\"," + body.dropFirst()
                }
                text += "]}"
                write(text, to: "\(dir)/\(source.suite)-\(start / 10_000).json")
            }
        }
        return dir
    }

    static func removing(_ dir: String) {
        if ProcessInfo.processInfo.environment["KEEP_MEMORY_TEST"] == nil { try? FileManager.default.removeItem(atPath: dir) } else { print("kept", dir) }
    }

    /// `concord validate` of `n` vectors (as `run` has them): its peak resident KiB. Its own: started by a
    /// small Python that forks and waits for it (wait4's figure of a process this test starts would begin
    /// at this test process's size, ResidentMemory), after the count it prints is checked.
    static func validate(_ n: Int, _ sources: [(suite: String, vectors: [String])]) throws -> Int {
        let dir = folder(n, sources)
        defer { removing(dir) }
        let python = """
        import os, sys
        r, w = os.pipe()
        pid = os.fork()
        if pid == 0:
            os.dup2(w, 1)
            os.execv(sys.argv[1], sys.argv[1:])
        os.close(w)
        out = os.read(r, 4096).decode()
        _, status, usage = os.wait4(pid, 0)
        kib = usage.ru_maxrss // 1024 if sys.platform == "darwin" else usage.ru_maxrss
        print(os.waitstatus_to_exitcode(status), kib, out.strip())
        """
        let out = try runProcess("/usr/bin/env", ["python3", "-c", python, concordBinary, "validate", dir], timeout: 600)
        let parts = out.stdout.trimmingCharacters(in: .whitespacesAndNewlines).split(separator: " ", maxSplits: 2).map(String.init)
        #expect(out.status == 0 && parts.count == 3 && parts[0] == "0" && parts[2] == "\(n / 10_000 * 2) files, \(n) vectors, 0 errors",
                "\(out.stdout)\(out.stderr.prefix(500))")
        return try #require(Int(parts.count > 1 ? parts[1] : ""))
    }

    /// Runs `n` vectors (half of each suite, in files of 10,000) and returns the peak resident KiB
    /// the report records.
    static func run(_ n: Int, _ sources: [(suite: String, vectors: [String])]) throws -> Int {
        let dir = folder(n, sources)
        defer { removing(dir) }
        let out = try runProcess(concordBinary, ["run", dir, "--implementations", "swift,openssl,libsodium", "--quiet", "--report", dir + "/report.json"])
        #expect(out.status == 0, "\(out.stderr.prefix(500))")
        // The head of the report only (its summary and peak come before the results): parsing the
        // whole report would grow this test process, and with it every figure wait4 gives the others.
        let head = try #require(FileHandle(forReadingAtPath: dir + "/report.json")?.readData(ofLength: 8192))
        let text = String(decoding: head, as: UTF8.self)
        func number(_ key: String) -> Int? {
            text.firstMatch(of: try! Regex("\"\(key)\": ([0-9]+)")).flatMap { Int($0.output[1].substring ?? "") }
        }
        #expect(number("passed") == n, "\(text.prefix(600))")
        return try #require(number("peakResidentKiB"))
    }
}

/// A process's own peak: the high-water mark of /proc/PID/status, reset once the process runs its
/// own program (wait4's figure starts from the parent's size).
struct ResidentMemoryTests {
    @Test func theHighWaterMarkIsReadFromItsTabbedLine() throws {
        let dir = temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        write("Name:\tconcord\nVmPeak:\t  999999 kB\nVmHWM:\t    2076 kB\nVmRSS:\t    2000 kB\n", to: dir + "/status")
        #expect(ResidentMemory.highWaterKiB(path: dir + "/status") == 2076)
        write("Name:\tconcord\n", to: dir + "/none")
        #expect(ResidentMemory.highWaterKiB(path: dir + "/none") == nil)
    }

    /// Skipped, and counted as skipped, where there is no /proc (macOS): never a silent pass.
    @Test(.enabled(if: FileManager.default.fileExists(atPath: "/proc/self/status") && ResidentMemory.ownPeakKiB() > 0,
                   "no /proc/self/status here: a process's own peak cannot be read"))
    func aChildsPeakIsItsOwn() throws {
        let p = try Subprocess.spawn(["/bin/sh", "-c", "read x"])
        defer { close(p.stdin); p.wait() }
        let peak = try #require(ResidentMemory.peakKiB(of: p.pid))
        // A shell waiting on its input holds a few MiB, whatever the size of this test process.
        #expect(peak < 32 * 1024, "\(peak) KiB")
    }

    /// The figure of an ended child is its own, however large the process that started it: on
    /// Linux `wait4`'s `ru_maxrss` carries the spawner's high-water mark across the exec, so a
    /// test process of 300 MiB read every child it ran as at least 300 MiB (the hostile corpus's
    /// 256 MiB bound then failed whenever all tests ran in one process).
    @Test(.enabled(if: FileManager.default.fileExists(atPath: "/proc/self/status") && ResidentMemory.ownPeakKiB() > 0,
                   "no /proc/self/status here: a process's own peak cannot be read"))
    func anEndedChildsPeakIsNotItsSpawners() throws {
        var ballast = [UInt8](repeating: 1, count: 320 << 20)
        for k in stride(from: 0, to: ballast.count, by: 4096) { ballast[k] = UInt8(truncatingIfNeeded: k >> 12) }
        try withExtendedLifetime(ballast) {
            #expect(ResidentMemory.ownPeakKiB() > 300 * 1024)
            let p = try Subprocess.spawn(["/bin/sh", "-c", "sleep 0.05"])
            close(p.stdin); p.wait(); close(p.stdout); close(p.stderr)
            if let peak = p.peakResidentKiB { #expect(peak < 64 * 1024, "\(peak) KiB") }
            let r = try runProcess("/bin/sh", ["-c", "sleep 0.2"])
            #expect(r.status == 0)
            #expect(r.peakKiB > 0 && r.peakKiB < 64 * 1024, "\(r.peakKiB) KiB")
        }
    }
}
