import ConcordSuites
import ConcordFormats
import ConcordImplementations
import ConcordLoading
import ConcordSync
import Foundation

/// Round-trip vectors: phase one, every implementation seals (fresh randomness); phase two, every
/// implementation opens every sealed result. Each phase runs its calls in parallel.
enum Roundtrip {
    static func run(_ v: Vector, spec: RoundtripSpec, implementations all: [any Implementation]) -> VectorResult {
        let impls = all.filter { $0.suites.contains(v.suite) }
        let n = impls.count
        let sealRequest = Request(suite: v.suite, op: spec.sealOp, input: v.input)
        let seals = parallel(n) { i -> (Outcome, Double) in
            impls[i].prepare()
            let t0 = Date()
            return (impls[i].run(sealRequest), Date().timeIntervalSince(t0))
        }
        let expected: Value? = {
            if case .outputs(let f) = v.expect, case .value(let x)? = f.first(where: { $0.field == spec.compared })?.expected { return x }
            return nil
        }()
        // Phase two: cell (s, o).
        let opens = parallel(n * n) { k -> RoundtripMatrix.Cell in
            let (s, o) = (k / n, k % n)
            switch seals[s].0 {
            case .unsupported: return .init(status: .unsupported, detail: "\(impls[s].name) cannot seal")
            case .error(let why): return .init(status: .error, detail: "\(impls[s].name) failed to seal: \(why)")
            case .refused(let e): return .init(status: .fail, detail: "\(impls[s].name) refused to seal (\(e.errorClass.rawValue)): \(e.message)")
            case .outputs(let out):
                guard let carried = out[spec.carried] else { return .init(status: .error, detail: "\(impls[s].name) sealed without \(spec.carried)") }
                var input: Fields = [spec.carried: carried]
                for f in spec.openInputs { input[f] = v.input[f] }
                switch impls[o].run(Request(suite: v.suite, op: spec.openOp, input: input)) {
                case .unsupported(let why): return .init(status: .unsupported, detail: why)
                case .error(let why): return .init(status: .error, detail: why)
                case .refused(let e): return .init(status: .fail, detail: "\(impls[o].name) refused \(impls[s].name)'s \(spec.carried) (\(e.errorClass.rawValue)): \(e.message)")
                case .outputs(let got):
                    guard let expected else { return .init(status: .pending, detail: got[spec.compared]?.display) }
                    guard let value = got[spec.compared] else { return .init(status: .fail, detail: "no \(spec.compared) in the answer") }
                    return value == expected ? .init(status: .pass, detail: nil)
                                             : .init(status: .fail, detail: "\(spec.compared) \(value.display), expected \(expected.display)")
                }
            }
        }
        let cells = (0..<n).map { s in (0..<n).map { o in opens[s * n + o] } }
        // An implementation's verdict is the worst of its row (its seal opened by all) and its column (its opens).
        var results: [ImplementationResult] = []
        for i in 0..<n {
            let mine = cells[i] + cells.map { $0[i] }
            let ran = mine.filter { $0.status != .unsupported }
            let status: ImplementationStatus
            if ran.isEmpty { status = .unsupported }
            else if ran.contains(where: { $0.status == .fail }) { status = .fail }
            else if ran.contains(where: { $0.status == .error }) { status = .error }
            else if ran.contains(where: { $0.status == .pending }) { status = .pending }
            else { status = .pass }
            var mismatches: [Mismatch] = []
            for (s, row) in cells.enumerated() {
                for (o, c) in row.enumerated() where c.status == .fail && (s == i || o == i) {
                    mismatches.append(Mismatch(field: "\(impls[s].name) → \(impls[o].name)", expected: "opens", actual: c.detail ?? "failed",
                                               offset: nil, explanation: nil))
                }
            }
            let outcome: Outcome = status == .unsupported ? .unsupported(cells[i].first?.detail ?? "cannot run this round trip") : seals[i].0
            results.append(ImplementationResult(implementation: impls[i].name, status: status, outcome: outcome,
                                                mismatches: mismatches, seconds: seals[i].1))
        }
        var r = Judge.vector(v, results)
        r.matrix = RoundtripMatrix(implementations: impls.map(\.name), cells: cells)
        return r
    }

    /// `count` blocking calls across the cores, results in order.
    static func parallel<T: Sendable>(_ count: Int, _ body: @escaping @Sendable (Int) -> T) -> [T] {
        Parallel.map(count, body)
    }
}
