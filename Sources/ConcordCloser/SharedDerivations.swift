import ConcordFormats
import ConcordSuites
import ConcordSync
import Foundation

/// One implementation's memo of the Closer KEK derivations (Argon2id at the contract's parameters,
/// 46 MiB and 3 passes: the costliest call of a run) for the length of a run. A `couple-key-wrap`
/// wrap and unwrap with the same phrase and salt, or several tampered blobs under one invite code,
/// derive the same KEK: the first request computes it, later ones (and concurrent ones, which
/// wait for it) take that result.
///
/// The memo belongs to one implementation, so it never lends one implementation's answer to
/// another; the function is deterministic, so a memoised answer is the answer the implementation
/// computed for that very input earlier in the run. `--no-shared-kdf` turns it off
/// (docs/performance.md).
public final class SharedDerivations: Sendable {
    struct Key: Hashable, Sendable { let secret: [UInt8]; let salt: [UInt8] }

    private struct State: Sendable {
        var results: [Key: Result<[UInt8], ContractError>] = [:]
        var inFlight: Set<Key> = []
        var computed = 0, shared = 0
    }
    private let state = Monitor(State())
    /// Beyond this many distinct inputs nothing more is kept (each entry is ~100 bytes).
    let capacity = 100_000

    public init() {}

    /// The KEK for (secret, salt): computed once by `derive`, shared after.
    public func kek(_ secret: String, _ salt: [UInt8], derive: Closer.KeyDerivation) throws(ContractError) -> [UInt8] {
        let key = Key(secret: Array(secret.utf8), salt: salt)
        // Either the memo's answer, or this caller now computes it (others asking wait for it).
        let memo: Result<[UInt8], ContractError>?? = state.wait { s in
            if s.inFlight.contains(key) { return nil }
            if let r = s.results[key] { s.shared += 1; return .some(r) }
            s.inFlight.insert(key)
            return .some(nil)
        }
        if case .some(.some(let r)) = memo { return try r.get() }
        let r: Result<[UInt8], ContractError>
        do { r = .success(try derive(secret, salt)) } catch { r = .failure(error) }
        let capacity = self.capacity
        state.withLock(wake: true) { s in
            s.inFlight.remove(key)
            if s.results.count < capacity { s.results[key] = r }
            s.computed += 1
        }
        return try r.get()
    }

    /// How many derivations were computed and how many were answered from the memo.
    public var counts: (computed: Int, shared: Int) { state.withLock { ($0.computed, $0.shared) } }
}
