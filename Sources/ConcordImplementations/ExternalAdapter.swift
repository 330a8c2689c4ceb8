import ConcordFormats
import ConcordSuites
import ConcordSync
import Foundation
import ConcordPlatform

/// An implementation behind a long-lived process speaking the line protocol of docs/adapters.md:
/// a handshake line, then one JSON request and one JSON response per line, many in flight.
///
/// Started once per run (`prepare`), shared by every worker thread. When the process dies every
/// request in flight and every later one is answered `error` with the exit status and the end of
/// its standard error; a request without an answer after `timeout` seconds is `error` too, and
/// the adapter is then declared dead (every other request ends at once as `error`).
public final class ExternalAdapter: Implementation, Sendable {
    public let name: String
    public let command: [String]
    public let environment: [String: String]?
    public let timeout: Double
    public let startTimeout: Double
    /// Whose program it is, which decides what its handshake's provenance is worth (docs/fill.md).
    public let origin: Origin
    /// The program that answers, as `concord list` and fill's lines name it (for a built-in slot:
    /// the executable and what it runs).
    public let program: String

    /// Whose program an adapter runs.
    public enum Origin: Sendable, Equatable {
        /// The program Concord ships for a built-in slot, started as Concord starts it: the
        /// provenance its handshake declares per suite is believed.
        case concord
        /// A built-in slot the environment pointed at another program (`CONCORD_NODE=/x`, the
        /// variables as set): a `library` it declares is shown as a claim, never a witness.
        case redirected(String)
        /// A program the user named (`--adapter`, `concord.yaml`): the app's own code, whatever it says.
        case user
    }

    /// Everything that changes while it runs, behind one lock (ConcordSync's `Locked`).
    private struct Life: Sendable {
        var state: State = .idle
        var announcedVersion = "not started"
        var announced: Handshake?
        var announcedSuites: Set<String> = []
        var pending: [Int64: Waiter] = [:]
        var nextId: Int64 = 1
        var child: Subprocess?
        var starts = 0
        var stdinFD: Int32 = -1
        var plannedCommand: [String]? = nil
        var plannedKdfMemory: KdfMemoryBudget? = nil
        var sampledPeakKiB: Int? = nil
        /// The requests written to the process (`keepSentRequests`), and those unanswered when it died.
        var sent = SentLog()
        var inFlightAtDeath: [Int64] = []
    }
    private let life = Locked(Life())
    /// Held while a request's line is written, so that lines from several threads never interleave.
    private let writing = Lock()
    private let started = DispatchSemaphore(value: 0)
    private let stderrTail = Tail(limit: 4096)

    enum State: Sendable { case idle, starting, running, dead(String) }

    /// What it runs is what its handshake announces (docs/adapters.md §1), checked against the
    /// suite definitions: nothing about its suites is kept on this side.
    /// The command for a run's planned work (the JVM: a heap sized to it), when it depends on it.
    let commandForWork: (@Sendable (PlannedWork) -> [String])?
    let kdfMemoryForWork: (@Sendable (PlannedWork) -> KdfMemoryBudget?)?

    public init(name: String, command: [String], environment: [String: String]? = nil,
                timeout: Double = 300, startTimeout: Double = 30, commandForWork: (@Sendable (PlannedWork) -> [String])? = nil,
                kdfMemoryForWork: (@Sendable (PlannedWork) -> KdfMemoryBudget?)? = nil, origin: Origin = .user, program: String? = nil) {
        self.name = name
        self.command = command
        self.origin = origin
        self.program = program ?? command.joined(separator: " ")
        self.commandForWork = commandForWork
        self.kdfMemoryForWork = kdfMemoryForWork
        self.environment = environment
        self.timeout = timeout
        self.startTimeout = startTimeout
    }

    public var version: String { life.withLock { $0.announcedVersion } }
    /// The suites its handshake announced (empty until `prepare()` returned).
    public var suites: Set<String> { life.withLock { $0.announcedSuites } }
    /// Its handshake, once it arrived.
    public var handshake: Handshake? { life.withLock { $0.announced } }
    public func support(suite: String, op: String?) -> Support {
        life.withLock { $0.announced?.support(suite: suite, op: op) ?? .absent }
    }
    /// Who wrote the code it runs for a suite. Concord's own program for a built-in slot says so per
    /// suite in its handshake (nil where it does not: counted as Concord's own port); a slot the
    /// environment pointed at another program only claims a library (`Provenance.claimed`); an
    /// adapter the user named (`--adapter`, `concord.yaml`) is the app's own code, whatever its
    /// handshake says (docs/fill.md).
    public func provenance(suite: String) -> Provenance? {
        let origin = self.origin
        return life.withLock { l in
            guard let h = l.announced, h.suites[suite] != nil else { return nil }
            switch origin {
            case .user: return .app
            case .concord: return h.provenance[suite]
            case .redirected(let by):
                if case .library(let what)? = h.provenance[suite] { return .claimed(library: what, by: by) }
                return h.provenance[suite]
            }
        }
    }
    public var processStarts: Int { life.withLock { $0.starts } }
    /// Its last process's peak resident memory (with that process's own children), once it ended.
    /// Its own high-water mark, read just before it was told to end (ResidentMemory says why not
    /// `wait4`'s figure); that figure only when the process had already ended.
    public var peakResidentKiB: Int? { life.withLock { $0.sampledPeakKiB ?? $0.child?.peakResidentKiB } }
    public var isReady: Bool {
        life.withLock { l in
            switch l.state {
            case .idle, .starting: return false
            case .running, .dead: return true
            }
        }
    }

    public var startFailure: String? {
        life.withLock { l in
            if case .dead(let why) = l.state, l.announced == nil { return why }
            return nil
        }
    }

    /// The adapter's process id while it runs (tests use it to kill the process).
    public var processIdentifier: Int32? { life.withLock { $0.child?.pid } }

    /// Starts the process and waits for its handshake; later calls wait for that same start.
    public func prepare() {
        let shouldStart: Bool = life.withLock { l in
            if case .idle = l.state { l.state = .starting; return true }
            return false
        }
        guard shouldStart else {
            started.wait()
            started.signal()
            return
        }
        signal(SIGPIPE, SIG_IGN)
        do {
            try launch()
        } catch {
            die("\(name) could not start: \(error)")
            started.signal()
            return
        }
        if started.wait(timeout: .now() + startTimeout) == .timedOut {
            die("\(name) sent no handshake within \(Int(startTimeout)) s")
            kill()
        }
        started.signal()  // let every later waiter through
    }

    public func expect(_ work: PlannedWork) {
        let c = commandForWork?(work), budget = kdfMemoryForWork?(work)
        life.withLock { l in
            if let c { l.plannedCommand = c }
            l.plannedKdfMemory = budget
        }
    }

    public var kdfMemory: KdfMemoryBudget? { life.withLock { $0.plannedKdfMemory } }

    private func launch() throws {
        let c = try Subprocess.spawn(life.withLock { $0.plannedCommand } ?? command, environment: environment)
        life.withLock { l in
            l.child = c
            l.stdinFD = c.stdin
            // Writes wait with a deadline (`writeAll`), never blocked on a full pipe.
            _ = fcntl(c.stdin, F_SETFL, fcntl(c.stdin, F_GETFL) | O_NONBLOCK)
            l.starts += 1
        }
        let tail = stderrTail
        let stderrClosed = DispatchSemaphore(value: 0)
        Thread.detachNewThread { [tail] in
            LineReader(fd: c.stderr).forEach { tail.append($0) }
            close(c.stderr)
            stderrClosed.signal()
        }
        Thread.detachNewThread { [self] in
            LineReader(fd: c.stdout).forEach { self.received($0) }
            close(c.stdout)
            self.processEnded(c, stderrClosed: stderrClosed)
        }
    }

    private func received(_ line: String) {
        let isHandshake: Bool = life.withLock { l in
            if case .starting = l.state { return true }
            return false
        }
        if isHandshake {
            handshake(line)
            return
        }
        let parsed: JSON
        do { parsed = try JSON.parse(line) } catch {
            // A line that is not JSON is passed over (a library may print to standard output), unless
            // it starts as the answer to a request in flight (`{"id":N,…`): then that request is an
            // error at once, naming why, rather than a wait for its timeout.
            if let id = Self.leadingId(line), let waiter = life.withLock({ $0.pending.removeValue(forKey: id) }) {
                waiter.finish(.error("\(name) answered request \(id) with a line that is not valid JSON (\(error)): \(line.prefix(200))"))
                return
            }
            stderrTail.append("[concord] unreadable line from \(name): \(line.prefix(200))")
            return
        }
        guard let id = parsed["id"]?.intValue else {
            stderrTail.append("[concord] unreadable line from \(name): \(line.prefix(200))")
            return
        }
        let json = parsed
        let waiter = life.withLock { $0.pending.removeValue(forKey: id) }
        waiter?.finish(Self.outcome(json, name: name))
    }

    private func handshake(_ line: String) {
        let h: Handshake
        do { h = try Handshake.parse(line) } catch {
            die("\(name) sent no valid handshake (\(error)); its first line was: \(line.prefix(200))")
            kill()
            started.signal()
            return
        }
        if h.name != name {
            die("the adapter started for \(name) calls itself \(h.name)")
            kill()
            started.signal()
            return
        }
        life.withLock { l in
            l.announcedVersion = h.version
            l.announced = h
            l.announcedSuites = Set(h.suites.keys)
            if case .starting = l.state { l.state = .running }
        }
        started.signal()
    }

    /// The id of a line that begins as an answer does, `{"id":N` (spaces allowed around the
    /// colon), read without parsing the rest; nil otherwise.
    static func leadingId(_ line: String) -> Int64? {
        var rest = Substring(line).drop { $0 == " " || $0 == "\t" }
        guard rest.hasPrefix("{") else { return nil }
        rest = rest.dropFirst().drop { $0 == " " || $0 == "\t" }
        guard rest.hasPrefix("\"id\"") else { return nil }
        rest = rest.dropFirst(4).drop { $0 == " " || $0 == "\t" }
        guard rest.hasPrefix(":") else { return nil }
        let digits = rest.dropFirst().drop { $0 == " " || $0 == "\t" }.prefix { $0.isASCII && $0.isNumber }
        guard !digits.isEmpty, digits.count <= 18 else { return nil }
        return Int64(digits)
    }

    static func outcome(_ json: JSON, name: String) -> Outcome {
        if let outputs = json["outputs"]?.objectValue {
            var m: [String: Value] = [:]
            for (k, v) in outputs {
                do { m[k] = try Value(json: v) } catch {
                    return .error("\(name) answered an unreadable value for \(k): \(error)")
                }
            }
            return .outputs(m)
        }
        if let cls = json["error"]?.stringValue {
            guard let ec = ErrorClass(rawValue: cls) else { return .error("\(name) answered an unknown error class \"\(cls)\"") }
            return .refused(ContractError(ec, json["message"]?.stringValue ?? ""))
        }
        if let why = json["unsupported"]?.stringValue { return .unsupported(why) }
        if let fault = json["fault"]?.stringValue { return .error("\(name) fault: \(fault)") }
        return .error("\(name) answered nonsense: \(json.serialized().prefix(200))")
    }

    private func processEnded(_ c: Subprocess, stderrClosed: DispatchSemaphore) {
        // Its output closed: normally it exits now; if it lingers, it is stopped.
        let end = c.wait(timeout: 2) ?? { c.stop(); return c.termination }()
        // Its last words are read by another thread: wait (briefly: a grandchild may hold the
        // pipe open) until they are all in.
        _ = stderrClosed.wait(timeout: .now() + 1)
        let status = end.map { " (\($0))" } ?? ""
        let tail = stderrTail.text.trimmingCharacters(in: .whitespacesAndNewlines)
        let why = "\(name) exited\(status)" + (tail.isEmpty ? "" : "; its last words: \(tail.suffix(600))")
        let wasStarting: Bool = life.withLock { l in
            if case .starting = l.state { return true }
            return false
        }
        die(why)
        if wasStarting { started.signal() }
    }

    private func die(_ why: String) {
        let waiters: [Waiter] = life.withLock { l in
            if case .dead = l.state { } else {
                l.state = .dead(why)
                l.inFlightAtDeath = l.pending.keys.sorted()
            }
            let w = Array(l.pending.values)
            l.pending.removeAll()
            if l.stdinFD >= 0 { close(l.stdinFD); l.stdinFD = -1 }
            return w
        }
        let reason: String = life.withLock { l in if case .dead(let r) = l.state { return r }; return why }
        for w in waiters { w.finish(.error(reason)) }
    }

    public func run(_ request: Request) -> Outcome {
        prepare()
        let waiter = Waiter()
        let name = self.name
        // Registered under the lock (an answer decided here, dead or not announced, ends the
        // request at once); written outside it, one line at a time (`writing`), on a duplicate of
        // the input so that closing the input meanwhile cannot pull it away. The reader takes
        // `life` to hand out answers: a write waiting on a full pipe must not hold it, or the
        // adapter, blocked writing an answer nobody reads, never reads the rest of the request.
        let sent: Result<(id: Int64, fd: Int32, line: [UInt8]), Early> = life.withLock { l in
            switch l.state {
            case .dead(let why): return .failure(.outcome(.error(why)))
            case .idle, .starting: return .failure(.outcome(.error("\(name) is not running")))
            case .running: break
            }
            switch l.announced?.support(suite: request.suite, op: request.op) ?? .absent {
            case .runs: break
            case .absent: return .failure(.outcome(.unsupported("\(name) (\(l.announcedVersion)) does not announce the suite \(request.suite)")))
            case .unsupported(let why): return .failure(.outcome(.unsupported(why)))
            case .broken(let why): return .failure(.outcome(.error(why)))
            }
            guard l.stdinFD >= 0 else { return .failure(.outcome(.error("\(name)'s input was closed (it is being shut down)"))) }
            let fd = dup(l.stdinFD)
            if fd < 0 { return .failure(.outcome(.error("\(name): its input could not be written (\(String(cString: strerror(errno))))"))) }
            let id = l.nextId
            l.nextId += 1
            l.pending[id] = waiter
            let line = Array(Self.line(id: id, request).utf8)
            l.sent.append(id, request, bytes: line.count)
            return .success((id, fd, line))
        }
        let id: Int64
        let written: Written
        switch sent {
        case .failure(.outcome(let o)): return o
        case .success(let s):
            id = s.id
            written = writing.withLock { Self.writeAll(s.fd, s.line, within: timeout) }
            close(s.fd)
        }
        switch written {
        case .written:
            if let outcome = waiter.wait(timeout: timeout) { return outcome }
        case .failed(let err):
            let wasPending = life.withLock { $0.pending.removeValue(forKey: id) != nil }
            // Not pending any more: the process died meanwhile and the waiter holds why.
            if !wasPending, let outcome = waiter.wait(timeout: 0) { return outcome }
            return .error("\(name) stopped reading its input (\(String(cString: strerror(err))))")
        case .timedOut:
            break
        }
        life.withLock { _ = $0.pending.removeValue(forKey: id) }
        let shown = timeout == timeout.rounded() ? String(Int(timeout)) : String(timeout)
        // A request without an answer means a hung (or stopped: SIGSTOP) adapter: it is declared
        // dead at once, so the requests in flight and the remaining ones end now as `error` instead
        // of each waiting its own full timeout, and its process group is stopped.
        let what: String
        if case .timedOut = written { what = "did not read its request" } else { what = "gave no answer" }
        let why = "\(name) \(what) within \(shown) s (the per-request timeout; raise it with --timeout)"
        die(why + "; it was declared dead and stopped, its remaining requests were not sent")
        DispatchQueue.global().async { [self] in kill() }
        return .error(why)
    }

    /// A request as the protocol writes it (docs/adapters.md §2), its newline included.
    public static func line(id: Int64, _ request: Request) -> String {
        var fields: [(key: String, value: JSON)] = [("id", .int(id)), ("suite", .string(request.suite))]
        fields.append(("op", request.op.map { .string($0) } ?? .null))
        fields.append(("input", .object(request.input.keys.sorted().map { ($0, request.input[$0]!.json) })))
        return JSON.object(fields).serialized() + "\n"
    }

    /// Keeps the last requests written to the process (at least `count / 2` of the last `count`,
    /// within about `bytes` of protocol lines), so that a crash that needs earlier requests can be
    /// replayed (`sentRequests`; exploration turns it on). Off by default: a run keeps nothing.
    public func keepSentRequests(_ count: Int, bytes: Int) {
        life.withLock { $0.sent.limit = (max(2, count), max(2, bytes)) }
    }

    /// The requests kept by `keepSentRequests`, oldest first, with their ids; how many were written
    /// in all; and the ids that had no answer when the process died (empty while it runs).
    public var sentRequests: (kept: [(id: Int64, request: Request)], total: Int, inFlight: [Int64]) {
        life.withLock { l in (l.sent.older + l.sent.newer, l.sent.total, l.inFlightAtDeath) }
    }

    /// Why the process is dead (it exited, was declared dead, never started), nil while it runs.
    public var deathReason: String? {
        life.withLock { l in
            if case .dead(let why) = l.state { return why }
            return nil
        }
    }

    private enum Written { case written, failed(Int32), timedOut }

    /// Writes a whole line to the adapter's input (non-blocking since launch), waiting at most
    /// `within` seconds for it to take it: one that stops reading is hung like one that stops answering.
    private static func writeAll(_ fd: Int32, _ bytes: [UInt8], within: Double) -> Written {
        let deadline = DispatchTime.now().uptimeNanoseconds &+ UInt64(max(0, within) * 1e9)
        var off = 0
        while off < bytes.count {
            let n = bytes[off...].withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
            if n >= 0 { off += n; continue }
            let err = errno
            if err == EINTR { continue }
            guard err == EAGAIN || err == EWOULDBLOCK else { return .failed(err) }
            let now = DispatchTime.now().uptimeNanoseconds
            if now >= deadline { return .timedOut }
            var p = pollfd(fd: fd, events: Int16(POLLOUT), revents: 0)
            _ = poll(&p, 1, Int32(min(1000, (deadline - now) / 1_000_000 + 1)))
        }
        return .written
    }

    /// Closes the adapter's input so it finishes and exits; stops it (and anything it started) if
    /// it lingers.
    public func shutdown() {
        guard let c = closingInput() else { return }
        if c.wait(timeout: 3) == nil { c.stop() } else { c.signalGroup(SIGKILL) }
    }

    /// Closes the adapter's input (its peak memory read first, while it is still there) and does
    /// not wait: `shutdown()` waits.
    public func closeInput() { _ = closingInput() }

    private func closingInput() -> Subprocess? {
        life.withLock { l in
            if l.stdinFD >= 0 {
                if let c = l.child, c.termination == nil { l.sampledPeakKiB = ResidentMemory.peakKiB(of: c.pid) }
                close(l.stdinFD)
                l.stdinFD = -1
            }
            return l.child
        }
    }

    private func kill() {
        life.withLock { $0.child }?.stop()
    }
}

/// The last requests written to a process, in two halves: when the newer one reaches half the
/// limit (in count or in bytes) it becomes the older one and the oldest half is dropped, so each
/// request costs O(1) and at least half the limit is always kept.
struct SentLog: Sendable {
    var limit: (count: Int, bytes: Int)? = nil
    var older: [(id: Int64, request: Request)] = []
    var newer: [(id: Int64, request: Request)] = []
    var newerBytes = 0
    var total = 0

    mutating func append(_ id: Int64, _ request: Request, bytes: Int) {
        total += 1
        guard let limit else { return }
        if newer.count >= limit.count / 2 || newerBytes + bytes > limit.bytes / 2 {
            older = newer
            newer = []
            newerBytes = 0
        }
        newer.append((id, request))
        newerBytes += bytes
    }
}

/// A request answered before it was sent.
private enum Early: Error { case outcome(Outcome) }

struct AdapterError: Error, CustomStringConvertible {
    var description: String
    init(_ d: String) { description = d }
}

/// One request's rendezvous: the reader thread finishes it, a worker waits on it.
final class Waiter: Sendable {
    private let sem = DispatchSemaphore(value: 0)
    private let result = Locked<Outcome?>(nil)

    func finish(_ o: Outcome) {
        let first: Bool = result.withLock { r in
            if r != nil { return false }
            r = o
            return true
        }
        if first { sem.signal() }
    }

    func wait(timeout: Double) -> Outcome? {
        if sem.wait(timeout: .now() + timeout) == .timedOut { return nil }
        return result.withLock { $0 }
    }
}

/// The last `limit` bytes of a stream, for error messages.
final class Tail: Sendable {
    private let buffer = Locked("")
    let limit: Int
    init(limit: Int) { self.limit = limit }
    func append(_ line: String) {
        let limit = self.limit
        buffer.withLock { b in
            b += line + "\n"
            if b.utf8.count > limit { b = String(b.suffix(limit)) }
        }
    }
    var text: String { buffer.withLock { $0 } }
}

/// Reads `\n`-terminated lines from a file descriptor until end of file.
struct LineReader {
    let fd: Int32
    /// Lines longer than this are cut (an adapter printing garbage must not exhaust memory).
    var maxLine = 64 << 20

    func forEach(_ body: (String) -> Void) {
        var buffer = [UInt8]()
        var chunk = [UInt8](repeating: 0, count: 65536)
        while true {
            let n = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            if n < 0 { if errno == EINTR { continue }; break }
            if n == 0 { break }
            var start = buffer.count
            buffer.append(contentsOf: chunk[0..<n])
            var lineStart = 0
            while let nl = buffer[start...].firstIndex(of: 10) {
                body(String(decoding: buffer[lineStart..<nl], as: UTF8.self))
                lineStart = nl + 1
                start = lineStart
            }
            if lineStart > 0 { buffer.removeFirst(lineStart) }
            if buffer.count > maxLine { body(String(decoding: buffer.prefix(200), as: UTF8.self)); buffer.removeAll() }
        }
        if !buffer.isEmpty { body(String(decoding: buffer, as: UTF8.self)) }
    }
}
