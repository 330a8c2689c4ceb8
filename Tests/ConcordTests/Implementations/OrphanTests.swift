import ConcordImplementations
import Foundation
import Testing
import ConcordTestSupport

/// Nothing concord starts outlives it (issue 26, item 6): SIGHUP and SIGTERM stop the adapters as
/// Ctrl-C does, a signal while adapters start stops every one started and starts no other, and a
/// descendant that left its adapter's process group (setsid) is stopped at a normal end.
@Suite(.serialized) struct OrphanTests {
    static let adapters = fixture("adapters")
    static let vectors = repositoryRoot + "/vectors/closer/kdf-params/closer.yaml"

    func start(_ args: [String], in dir: String, environment extra: [String: String] = [:]) throws -> (Subprocess, LockedData) {
        var env = ProcessInfo.processInfo.environment
        env["CONCORD_HOME"] = repositoryRoot
        env.merge(extra) { $1 }
        let p = try Subprocess.spawn(["/bin/sh", "-c", "cd \"$0\" && exec \"$@\"", dir, concordBinary] + args, environment: env)
        close(p.stdin)
        let err = LockedData()
        Thread { err.set(Data(readAll(p.stderr))) }.start()
        Thread { _ = readAll(p.stdout) }.start()
        return (p, err)
    }

    /// The process ids written to the files of `dir` named `names` (those that exist).
    static func pids(in dir: String, _ names: [String]) -> [pid_t] {
        names.flatMap { name -> [pid_t] in
            let text = (try? String(contentsOfFile: dir + "/" + name, encoding: .utf8)) ?? ""
            return text.split(whereSeparator: { $0 == " " || $0 == "\n" }).compactMap { pid_t($0) }
        }
    }

    /// Running or stopped, not a zombie waiting for its parent.
    static func running(_ pid: pid_t) -> Bool {
        guard kill(pid, 0) == 0, let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
              let close = stat.lastIndex(of: ")") else { return false }
        return !stat[stat.index(after: close)...].hasPrefix(" Z") && !stat[stat.index(after: close)...].hasPrefix(" X")
    }

    /// Waits up to `seconds` for every pid to be gone; returns those still running (and kills them,
    /// so that a failing test leaves nothing behind).
    static func survivors(_ pids: [pid_t], within seconds: Double = 3) -> [pid_t] {
        let deadline = Date().addingTimeInterval(seconds)
        var left = pids.filter(running)
        while !left.isEmpty && Date() < deadline {
            usleep(20_000)
            left = left.filter(running)
        }
        for p in left { kill(p, SIGKILL) }
        return left
    }

    static func waitFor(_ path: String, seconds: Double = 120) -> Bool {
        let deadline = Date().addingTimeInterval(seconds)
        while !FileManager.default.fileExists(atPath: path) {
            if Date() > deadline { return false }
            usleep(20_000)
        }
        return true
    }

    /// A child keeps only its standard descriptors: a file this process holds open without
    /// close-on-exec (as another thread's write, or a library, may at the instant of a spawn) is
    /// not open in it. Inherited, it stayed open for the child's whole life (most likely why a test
    /// that writes a fake `swift` and runs it failed once: a file held open for writing cannot be
    /// run, ETXTBSY).
    @Test func aChildInheritsNoDescriptorButItsStandardOnes() throws {
        let dir = temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        write("x", to: dir + "/held")
        let fd = open(dir + "/held", O_RDONLY)  // no O_CLOEXEC, on purpose
        try #require(fd > 2)
        defer { close(fd) }
        #expect(fcntl(fd, F_GETFD) & FD_CLOEXEC == 0)
        // `test -e /proc/$$/fd/N` is dash's builtin: it asks about the shell's own descriptors.
        let out = try runProcess("/bin/sh", ["-c", "for n in 0 1 2 \(fd); do if [ -e /proc/$$/fd/$n ]; then echo \"$n open\"; else echo \"$n closed\"; fi; done"])
        #expect(out.stdout == "0 open\n1 open\n2 open\n\(fd) closed\n", "\(out.stdout)\(out.stderr)")
    }

    /// SIGHUP (the terminal went away) and SIGTERM stop a run as Ctrl-C does: the adapters and what
    /// they started are stopped, no report is written, and concord exits 128 + the signal. Before,
    /// SIGHUP killed concord at once (the adapters lived on), and SIGTERM left the adapter's setsid
    /// grandchild running.
    @Test(arguments: [(SIGHUP, "SIGHUP"), (SIGTERM, "SIGTERM")])
    func hangupAndTerminateStopTheAdapters(_ signal: Int32, _ name: String) throws {
        let dir = temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        // Each answer takes 30 s: the run is still going when the signal comes.
        let (p, err) = try start(["run", Self.vectors, "--implementations", "slow", "--report", dir + "/r.json",
                                  "--adapter", "slow=FAKE_DELAY=30 \(Self.adapters)/setsid-grandchild"],
                                 in: dir, environment: ["FAKE_PIDFILE": dir + "/grandchild"])
        #expect(Self.waitFor(dir + "/grandchild"), "the adapter did not start")
        usleep(300_000)
        let adapters = childProcesses(of: p.pid)
        #expect(!adapters.isEmpty)
        kill(p.pid, signal)
        let end = p.wait(timeout: 30)
        #expect(end == .exited(128 + signal), "\(String(describing: end))")
        while !err.done { usleep(1000) }
        let text = String(decoding: err.data, as: UTF8.self)
        #expect(text.contains("\ninterrupted (\(name))\n"), "\(text)")
        #expect(!FileManager.default.fileExists(atPath: dir + "/r.json"))
        let left = Self.survivors(adapters + Self.pids(in: dir, ["grandchild"]))
        #expect(left.isEmpty, "still running after \(name): \(left)")
    }

    /// Ctrl-C while `list` starts the adapters: every adapter started is stopped and none is started
    /// after it. Here `z` is slow to stop (it ignores its input's end and SIGTERM), `a` had not said
    /// hello and ends with its input, `b` comes next: before, `b` was started while `z` was being
    /// stopped, and outlived concord without a hello.
    @Test func ctrlCWhileAdaptersStartStopsEveryOne() throws {
        let dir = temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let (p, err) = try start(["list", "--adapter", "z=\(Self.adapters)/stubborn",
                                  "--adapter", "a=FAKE_HELLO_DELAY=eof \(Self.adapters)/slow-hello",
                                  "--adapter", "b=\(Self.adapters)/slow-hello"],
                                 in: dir, environment: ["FAKE_PIDDIR": dir])
        #expect(Self.waitFor(dir + "/a"), "adapter a did not start")
        usleep(100_000)
        kill(p.pid, SIGINT)
        let end = p.wait(timeout: 30)
        #expect(end == .exited(130), "\(String(describing: end))")
        while !err.done { usleep(1000) }
        #expect(String(decoding: err.data, as: UTF8.self).contains("\ninterrupted\n"))
        usleep(300_000)
        let started = Self.pids(in: dir, ["z", "a", "b"])
        #expect(started.count >= 3, "\(started)")
        let left = Self.survivors(started)
        #expect(left.isEmpty, "adapters still running after Ctrl-C: \(left) (b started: \(FileManager.default.fileExists(atPath: dir + "/b")))")
        #expect(!FileManager.default.fileExists(atPath: dir + "/b"), "b was started after the interrupt")
    }

    /// Ctrl-C during `run` while an adapter has not said hello yet: it (and the child it waits on) is
    /// stopped, concord exits 130 without a report.
    @Test func ctrlCBeforeTheHelloStopsTheAdapter() throws {
        let dir = temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let (p, err) = try start(["run", Self.vectors, "--implementations", "late", "--report", dir + "/r.json",
                                  "--adapter", "late=\(Self.adapters)/slow-hello"], in: dir, environment: ["FAKE_PIDDIR": dir])
        #expect(Self.waitFor(dir + "/late"), "the adapter did not start")
        let t0 = Date()
        kill(p.pid, SIGINT)
        let end = p.wait(timeout: 30)
        #expect(end == .exited(130), "\(String(describing: end))")
        #expect(Date().timeIntervalSince(t0) < 10)
        while !err.done { usleep(1000) }
        #expect(String(decoding: err.data, as: UTF8.self).contains("\ninterrupted\n"))
        #expect(!FileManager.default.fileExists(atPath: dir + "/r.json"))
        let left = Self.survivors(Self.pids(in: dir, ["late"]))
        #expect(left.isEmpty, "still running after Ctrl-C: \(left)")
    }

    /// An adapter's grandchild in a session of its own (setsid) is out of reach of its process
    /// group; concord, a child subreaper, adopts it when the adapter ends and stops it before it
    /// exits. Before, it was left running (`sleep 600`).
    @Test func aSetsidGrandchildDoesNotOutliveANormalEnd() throws {
        let dir = temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        var env = ProcessInfo.processInfo.environment
        env["CONCORD_HOME"] = repositoryRoot
        env["FAKE_PIDFILE"] = dir + "/grandchild"
        let out = try runProcess(concordBinary, ["run", Self.vectors, "--implementations", "g", "--report", dir + "/r.json",
                                                 "--adapter", "g=\(Self.adapters)/setsid-grandchild"], environment: env, timeout: 120)
        // One vector passes (the fake's answer is the production parameters), the others fail.
        #expect(out.status == 1, "\(out.stdout)\(out.stderr)")
        #expect(out.stdout.contains("1 pass, 7 fail"), "\(out.stdout)")
        let grandchild = Self.pids(in: dir, ["grandchild"])
        #expect(grandchild.count == 1)
        let left = Self.survivors(grandchild, within: 2)
        #expect(left.isEmpty, "the setsid grandchild \(left) outlived concord")
    }
}
