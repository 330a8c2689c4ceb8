import ConcordFormats
import ConcordImplementations
import ConcordSync
import Foundation
import ConcordSuites

/// A process of an implementation that the exploration shared between its workers and that crashed
/// (it exited under its requests), with what it takes to crash a fresh one (docs/exploration.md,
/// "Crashes"). Every request in flight in it was answered `error`; each was run again alone by its
/// worker, and one that crashes a fresh process alone is a finding with its shrunk input. A crash
/// that none of them gives again needs the state the earlier requests left: it is a finding too,
/// and the requests that process was sent are kept so that it can be replayed.
public struct ProcessCrash: Sendable {
    public var implementation: String
    /// Why it ended (`NAME exited (killed by signal 11); its last words: …`).
    public var reason: String
    /// The requests it was sent in all, and those it had not answered when it died.
    public var sent: Int
    public var inFlight: Int
    /// The crash one request in flight gives alone on a fresh process (the requests in flight are
    /// sent one after another to a fresh process; the one it crashes at is then sent, alone, to
    /// another), or nil: no request in flight crashes a fresh process alone, the crash needs the
    /// state earlier requests left.
    public var alone: String?
    /// Why the check could not be made (a fresh process did not start), or nil.
    public var unchecked: String?
    /// For the first crash of an implementation that needs earlier requests: the requests its
    /// process was sent (the last ones kept, oldest first, with the ids they were sent with), and
    /// what replaying them in order on a fresh process did: the crash and at which request
    /// (1-based), or nil when they ran through without one.
    public var kept: [(id: Int64, request: Request)] = []
    public var replayed: (crash: String, at: Int)?
    /// The command that started the process (for the replay line).
    public var command: [String]

    /// A crash no request in flight gives again alone.
    public var needsEarlierRequests: Bool { alone == nil }
}

/// Checks each crash of a shared process, one at a time on a queue of its own while the exploration
/// goes on: the requests in flight, alone on a fresh process, then (the first time an implementation
/// needs more) the kept requests in order on another one.
final class CrashWatch: Sendable {
    let restart: @Sendable (String) -> (any Implementation)?
    /// How many requests of a process are kept, and about how many bytes of them.
    static let keptRequests = 10_000
    static let keptBytes = 16 << 20
    /// A replay of the kept requests stops after this many seconds.
    static let replaySeconds = 60.0
    private let queue = DispatchQueue(label: "concord.explore.crashes")
    private let group = DispatchGroup()
    private let found = Locked<[ProcessCrash]>([])
    private let replayedFor = Locked<Set<String>>([])
    /// Per implementation, the crashes waiting for their check that hold all their kept requests
    /// (the others hold the requests in flight only): at most `heldHistories`, so that crashes
    /// queued behind a slow check do not each hold up to `keptBytes`.
    private let holding = Locked<[String: Int]>([:])
    static let heldHistories = 3

    init(restart: @escaping @Sendable (String) -> (any Implementation)?) { self.restart = restart }

    /// Starts keeping what a process is sent (a shared process that may crash).
    func watch(_ impl: any Implementation) {
        (impl as? ExternalAdapter)?.keepSentRequests(Self.keptRequests, bytes: Self.keptBytes)
    }

    /// A shared process found dead: checked when it crashed (exited), not when it was declared
    /// dead after a timeout (a hang's requests in flight wait out the timeout again alone, and a
    /// slow answer under load is no crash).
    func died(_ impl: any Implementation, reason: String) {
        // A fresh process that never said hello did not crash under requests: its start failure is
        // every later request's error, a finding of the case that meets it.
        guard Judgement.errorCategory(reason) == "crash", let adapter = impl as? ExternalAdapter, adapter.startFailure == nil else { return }
        var sent = adapter.sentRequests
        let name = impl.name
        let held = holding.withLock { h in
            guard h[name, default: 0] < Self.heldHistories else { return false }
            h[name, default: 0] += 1
            return true
        }
        if !held {
            let inFlight = Set(sent.inFlight)
            sent.kept = sent.kept.filter { inFlight.contains($0.id) }
        }
        group.enter()
        queue.async { [self, sent] in
            defer { group.leave() }
            check(name, reason: reason, sent: sent, command: adapter.command)
            if held { holding.withLock { $0[name, default: 1] -= 1 } }
        }
    }

    /// Every crash, once each has been checked.
    func crashes() -> [ProcessCrash] {
        group.wait()
        return found.withLock { $0 }
    }

    private func check(_ name: String, reason: String, sent: (kept: [(id: Int64, request: Request)], total: Int, inFlight: [Int64]), command: [String]) {
        var crash = ProcessCrash(implementation: name, reason: reason, sent: sent.total, inFlight: sent.inFlight.count, command: command)
        let inFlight = Set(sent.inFlight)
        let requests = sent.kept.filter { inFlight.contains($0.id) }.map(\.request)
        var (gave, failure) = replay(name, requests)
        // Several in flight may crash a fresh process together (one that counts its requests):
        // only one that does it alone explains the crash.
        if let (_, at) = gave, at > 1 { (gave, failure) = replay(name, [requests[at - 1]]) }
        crash.alone = gave?.crash
        crash.unchecked = failure
        let whole = sent.kept.count > requests.count || sent.total == requests.count
        if crash.alone == nil && failure == nil && whole && replayedFor.withLock({ $0.insert(name).inserted }) {
            crash.kept = sent.kept
            let (again, why) = replay(name, sent.kept.map(\.request), seconds: Self.replaySeconds)
            crash.replayed = again
            if let why { crash.unchecked = why }
        }
        found.withLock { $0.append(crash) }
    }

    /// Sends `requests` one after another to a fresh process: the crash and at which request, or
    /// nil; or why it could not (no fresh process, or the time ran out).
    private func replay(_ name: String, _ requests: [Request], seconds: Double? = nil) -> (gave: (crash: String, at: Int)?, failure: String?) {
        guard !requests.isEmpty else { return (nil, nil) }
        guard let fresh = restart(name) else { return (nil, "no fresh process of \(name) could be made") }
        defer { fresh.shutdown() }
        fresh.prepare()
        if let why = fresh.startFailure { return (nil, "a fresh process did not start: \(why)") }
        let deadline = seconds.map { Date().addingTimeInterval($0) }
        for (k, r) in requests.enumerated() {
            if let deadline, Date() >= deadline { return (nil, "the replay stopped after \(k) of \(requests.count) requests (\(Int(seconds!)) s)") }
            if case .error(let why) = fresh.run(r), Judgement.errorCategory(why) == "crash" { return ((why, k + 1), nil) }
        }
        return (nil, nil)
    }
}
