import ConcordFormats
import ConcordImplementations
import ConcordLoading
import ConcordSuites
import ConcordSync
import ConcordPacks

/// What planning finds for one list of vectors, before any implementation is asked: per vector,
/// whether it can run, its cost and its suite's definition. `Runner.run(_:times:)` plans once for
/// every pass.
public final class Plan: Sendable {
    package let vectors: [Vector]
    /// Per vector: true when it cannot run (`why` says why). A byte a vector, the reasons apart:
    /// a run of a million vectors holds these until it ends.
    package let blocked: [Bool]
    package let why: [Int: String]
    /// The round-trip vectors (run by `Roundtrip`, not as jobs).
    package let roundtrips: [Int]
    /// Per vector, its estimated cost (seconds) and its suite (an index into `suites`, -1: unknown).
    package let costs: [Float]
    package let suiteOf: [Int32]
    package let suites: [Suite]
    package let warnings: [(@Sendable (Fields) -> [String])?]

    public init(_ vectors: [Vector], limits: Limits) {
        self.vectors = vectors
        var blocked = [Bool](repeating: false, count: vectors.count)
        var why: [Int: String] = [:]
        var roundtrips: [Int] = []
        var costs = [Float](repeating: 0, count: vectors.count)
        var suites: [Suite] = []
        var suiteOf = [Int32](repeating: -1, count: vectors.count)
        var suiteIndex: [String: Int] = [:]
        var lastName: String? = nil, last = -1
        // The current suite's rules, taken out of its definition once per run of its vectors (a
        // definition is a struct of many references: copying it per vector cost a count each).
        // Names are looked up once per run of vectors of one suite, not hashed per vector.
        var exceeds: @Sendable (Fields, Limits) -> String? = { _, _ in nil }
        var cost: @Sendable (Fields) -> Double = { _ in 0 }
        var roundtripOp: String? = nil
        for (vi, v) in vectors.enumerated() {
            let name = v.suite
            if name != lastName {
                lastName = name
                if let i = suiteIndex[name] { last = i } else if let def = Suites.all[name] {
                    suites.append(def); last = suites.count - 1; suiteIndex[name] = last
                } else { last = -1 }
                roundtripOp = nil
                if last >= 0 {
                    exceeds = suites[last].exceedsLimits
                    cost = suites[last].cost
                    roundtripOp = suites[last].roundtrip.map(\.op)
                }
            }
            suiteOf[vi] = Int32(last)
            guard last >= 0 else { blocked[vi] = true; why[vi] = "unknown suite \(v.suite)"; continue }
            if let reason = exceeds(v.input, limits) { blocked[vi] = true; why[vi] = reason; continue }
            if let rt = roundtripOp, v.op == rt { roundtrips.append(vi); continue }
            costs[vi] = Float(cost(v.input))
        }
        self.blocked = blocked
        self.why = why
        self.roundtrips = roundtrips
        self.costs = costs
        self.suiteOf = suiteOf
        self.suites = suites
        self.warnings = suites.map { $0.hasWarnings ? $0.warnings : nil }
    }

    /// Why vector `vi` cannot run, nil if it can.
    package func blockedReason(_ vi: Int) -> String? { blocked[vi] ? why[vi] ?? "blocked" : nil }

    /// One implementation's part: its jobs, longest first, and the results decided from what it
    /// says it supports (an adapter: its handshake). What it announces but cannot run is answered
    /// here, never sent.
    package func implementationPlan(_ ii: Int, _ impl: any Implementation, weight: Double) -> ImplementationPlan {
        var jobs: [Job] = []
        var decided: [(Int, Outcome)] = []
        // Asked once per run of vectors with the same suite and op.
        var lastKey: (suite: String, op: String?)? = nil
        var lastSupport = Support.absent
        for (vi, v) in vectors.enumerated() where !blocked[vi] {
            let suite = v.suite, op = v.op
            let support: Support
            if let k = lastKey, k.suite == suite, k.op == op { support = lastSupport } else {
                support = impl.support(suite: suite, op: op)
                lastKey = (suite, op)
                lastSupport = support
            }
            switch support {
            case .absent: continue
            case .runs: jobs.append(Job(vectorIndex: vi, implementationIndex: ii, cost: Double(costs[vi]) * weight))
            case .unsupported(let why): decided.append((vi, .unsupported(why)))
            case .broken(let why): decided.append((vi, .error(why)))
            }
        }
        // Longest first (LPT): the heavy Argon2id jobs do not end up alone at the tail. (Most
        // plans of cheap checks are already in order: all cost the same.)
        var ordered = true
        for i in jobs.indices.dropFirst() where jobs[i - 1].cost < jobs[i].cost { ordered = false; break }
        return ImplementationPlan(jobs: ordered ? jobs : jobs.sorted { $0.cost > $1.cost }, decided: decided)
    }

    /// Per vector that will run and derive something (a cost above 0.1 ms: a tag that is only
    /// parsed, as in `closer.kdf-params`, may name any memory), the largest Argon2 memory (`m=`,
    /// KiB) a parameter tag among its inputs names (`argon2id;v=19;m=…`).
    package func kdfMemoryKiB() -> [Int: Int] {
        var memory: [Int: Int] = [:]
        for (vi, v) in vectors.enumerated() where !blocked[vi] && costs[vi] > 1e-4 {
            for (_, value) in v.input {
                // The contract's parser, as the suites' cost: a tag it refuses derives nothing.
                guard case .text(let tag) = value, tag.hasPrefix("argon2"), let p = try? KdfParams.parse(tag) else { continue }
                let m = Int(p.memoryKiB)
                if m > memory[vi] ?? 0 { memory[vi] = m }
            }
        }
        return memory
    }
}

/// One implementation's part of a plan.
public struct ImplementationPlan: Sendable {
    var jobs: [Job]
    /// Outcomes known without running (unsupported, broken), by vector index.
    var decided: [(Int, Outcome)]
    var isEmpty: Bool { jobs.isEmpty && decided.isEmpty }

    /// Tells the judge of this part (its jobs and its decided outcomes) and gives the jobs.
    func apply(implementation ii: Int, plan: Plan, judge: any CheckJudge) -> [Job] {
        guard !isEmpty else { return [] }
        judge.prepare(implementation: ii, vectors: plan.vectors.count, jobs: jobs, decided: decided)
        return jobs
    }
}
