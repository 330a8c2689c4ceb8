import ConcordFormats
import ConcordImplementations
import ConcordJudging
import Foundation

/// The JSON report of VECTORS.md (`concord-report/1`): a stable core plus optional fields.
public enum JSONReport {
    /// The `format` every report names: the writer here, the reader beside it (JSONReportReader.swift).
    public static let format = "concord-report/1"

    public static func make(_ run: RunResult, concordVersion: String) -> JSON {
        make(run, concordVersion: concordVersion, results: true)
    }

    /// The report's bytes as `finish(make(run))` serialized pretty with a final newline would be,
    /// made one result at a time: the JSON tree of every result is never held at once (a run of a
    /// million vectors held a tree several times the size of its vectors; docs/history/2026-11-30-performance-*.md).
    /// `finish` edits the top object (peaks, shard) and must keep `results` its last member;
    /// `eachResult` edits one result's object.
    public static func serialized(_ run: RunResult, concordVersion: String, finish: (JSON) -> JSON = { $0 },
                                  eachResult: ((JSON) -> JSON)? = nil) -> [UInt8] {
        var whole: [UInt8] = []
        serialize(run, concordVersion: concordVersion, finish: finish, eachResult: eachResult) { whole += $0 }
        return whole
    }

    /// The same bytes handed to `write` in chunks of about `chunkSize` bytes as they are made, so that a
    /// writer that puts them straight into a file (AtomicFile.write(to:producing:)) never holds the
    /// whole report (it was about 0.6 KiB a small vector; docs/history/2026-11-30-performance-*.md).
    public static func serialize(_ run: RunResult, concordVersion: String, finish: (JSON) -> JSON = { $0 },
                                 eachResult: ((JSON) -> JSON)? = nil, chunkSize: Int = 1 << 16,
                                 into write: ([UInt8]) throws -> Void) rethrows {
        let head = finish(make(run, concordVersion: concordVersion, results: false))
        var out: [UInt8] = []
        head.write(into: &out, pretty: true, indent: 0)
        let tail = Array("[]\n}".utf8)
        guard !run.results.isEmpty, head.objectValue?.last?.key == "results", out.count >= tail.count,
              Array(out.suffix(tail.count)) == tail else {
            // Not the shape streamed here: the whole tree, as before.
            var whole: [UInt8] = []
            finish(make(run, concordVersion: concordVersion)).write(into: &whole, pretty: true, indent: 0)
            whole.append(10)
            try write(whole)
            return
        }
        let chunk = max(1, chunkSize)
        out.removeLast(tail.count)
        out.append(UInt8(ascii: "["))
        for (i, r) in run.results.enumerated() {
            if i > 0 { out.append(UInt8(ascii: ",")) }
            out.append(10)
            out += [UInt8](repeating: 32, count: 4)
            let json = result(r)
            (eachResult?(json) ?? json).write(into: &out, pretty: true, indent: 2)
            if out.count >= chunk {
                try write(out)
                out.removeAll(keepingCapacity: true)
            }
        }
        out += Array("\n  ]\n}\n".utf8)
        try write(out)
    }

    static func make(_ run: RunResult, concordVersion: String, results withResults: Bool) -> JSON {
        let s = run.summary
        var top: [(key: String, value: JSON)] = [
            ("format", .string(format)),
            ("concord", .object([("version", .string(concordVersion))])),
            ("implementations", .array(run.implementations.map { i in
                var o: [(key: String, value: JSON)] = [("name", .string(i.name)), ("version", .string(i.version))]
                if let f = i.startFailure { o.append(("startFailure", .string(f))) }
                if i.processStarts > 0 { o.append(("processStarts", .int(Int64(i.processStarts)))) }
                if let started = startedField(started: i.started, version: i.version) { o.append(("started", started)) }
                return .object(o)
            })),
            ("summary", summary(s)),
            ("wallSeconds", .double((run.wallSeconds * 1000).rounded() / 1000)),
            ("workers", .int(Int64(run.workers))),
        ]
        // The release matrix (docs/archive.md), when the run opened archived artifacts.
        let releases = ReleaseMatrix(run)
        if !releases.isEmpty { top.append(("releases", releases.json())) }
        top.append(("results", .array(withResults ? run.results.map(result) : [])))
        return .object(top)
    }

    /// The version an adapter has before its handshake (ExternalAdapter): what reports before the
    /// `started` field recognised a never-started adapter by.
    public static let versionBeforeHandshake = "not started"

    /// An implementation's `started` field (docs/VECTORS.md): `false` when it never started in the
    /// run; `true` only where its version reads "not started" (an adapter may announce that), so
    /// that no reader has to take the text for the fact; absent otherwise (started).
    public static func startedField(started: Bool, version: String) -> JSON? {
        if !started { return .bool(false) }
        return version == versionBeforeHandshake ? .bool(true) : nil
    }

    /// Whether an implementation's entry in a report says it started: its `started` field when it has
    /// one; in a report written before that field, the rule those reports were read by: it never
    /// started when it has a `startFailure`, or when its version is "not started" and it has no
    /// `processStarts`. `nil` when `started` is there but not a boolean.
    public static func started(_ entry: JSON) -> Bool? {
        if let field = entry["started"] { return boolean(field) }
        if entry["startFailure"] != nil { return false }
        return !(entry["version"]?.stringValue == versionBeforeHandshake && (entry["processStarts"]?.intValue ?? 0) == 0)
    }

    /// A mismatch's `described` field (docs/report.md): the sides (`expected`, `actual`) written as a
    /// description ("a refusal (format)", "(missing)") rather than a value, so that a reader never
    /// guesses from the text. Written wherever the rule reports before the field were read by
    /// (`describedBefore`) would guess wrong — a description it would take for a text value, or a
    /// value it would take for a description (then `[]`) — and absent where that rule reads right.
    static func described(_ m: Mismatch) -> JSON? {
        let sides: [(String, Bool, JSON)] = [("expected", m.expectedValue == nil, m.expectedValue?.json ?? .string(m.expected)),
                                             ("actual", m.actualValue == nil, m.actualValue?.json ?? .string(m.actual))]
        guard sides.contains(where: { $0.1 != describedBefore(field: m.field, $0.2) }) else { return nil }
        return .array(sides.filter(\.1).map { .string($0.0) })
    }

    /// Which mismatch sides a report without `described` wrote as descriptions: a text on a field
    /// `result` or `error`, on a round trip's `A → B`, or the text "(missing)".
    public static func describedBefore(field: String, _ side: JSON) -> Bool {
        guard let s = side.stringValue else { return false }
        return field == "result" || field == "error" || field.contains(" → ") || s == "(missing)"
    }

    static func boolean(_ j: JSON) -> Bool? { if case .bool(let b) = j { return b }; return nil }

    /// The report with the run's peak resident memory in KiB: concord's own (`peakResidentKiB` at
    /// the top) and each adapter process's (in its `implementations` entry), known once they stopped.
    public static func addingPeaks(_ report: JSON, concordKiB: Int, adapters: [String: Int]) -> JSON {
        guard var top = report.objectValue else { return report }
        if let i = top.firstIndex(where: { $0.key == "implementations" }), let list = top[i].value.arrayValue {
            top[i].value = .array(list.map { impl in
                guard var o = impl.objectValue, let name = impl["name"]?.stringValue, let kib = adapters[name] else { return impl }
                o.append(("peakResidentKiB", .int(Int64(kib))))
                return .object(o)
            })
        }
        let at = (top.firstIndex { $0.key == "workers" }).map { $0 + 1 } ?? top.count
        top.insert(("peakResidentKiB", .int(Int64(concordKiB))), at: at)
        return .object(top)
    }

    /// The `summary` object of the report.
    public static func summary(_ s: RunSummary) -> JSON {
        .object([
            ("vectors", .int(Int64(s.vectors))), ("passed", .int(Int64(s.passed))), ("failed", .int(Int64(s.failed))),
            ("pending", .int(Int64(s.pending))), ("unsupported", .int(Int64(s.unsupported))), ("errors", .int(Int64(s.errors))),
            ("implementationErrors", .int(Int64(s.implementationErrors))), ("divergences", .int(Int64(s.divergences))),
            ("warnings", .int(Int64(s.warnings))),
        ])
    }

    static func result(_ r: VectorResult) -> JSON {
        let v = r.vector
        var o: [(key: String, value: JSON)] = [
            ("vector", .string(v.name)), ("file", .string(v.file)), ("line", .int(Int64(v.line))),
        ]
        if let op = v.op { o.append(("op", .string(op))) }
        if let rel = v.release { o.append(("release", ReleaseMatrix.json(rel))) }
        o.append(("result", .string(v.result.rawValue)))
        o.append(("status", .string(r.status.rawValue)))
        if !v.flags.isEmpty { o.append(("flags", .array(v.flags.map { .string($0) }))) }
        // What the HTML report shows of a vector that did not pass: kept so `concord report` can.
        if r.status != .pass, let c = v.comment, !c.isEmpty { o.append(("comment", .string(c))) }
        if let n = r.note { o.append(("note", .string(n))) }
        if let d = r.divergence { o.append(("divergence", .string(d))) }
        if !r.warnings.isEmpty { o.append(("warnings", .array(r.warnings.map { .string($0) }))) }
        // An exploration's op or finding (docs/report.md, "Explorations").
        if let e = r.explored { o.append(("exploration", e.json)) }
        o.append(("implementations", .object(r.implementations.map { ($0.implementation, implementation($0)) })))
        if let m = r.matrix {
            o.append(("matrix", .object([
                ("implementations", .array(m.implementations.map { .string($0) })),
                ("cells", .array(m.cells.map { row in .array(row.map { c in
                    var cell: [(key: String, value: JSON)] = [("status", .string(c.status.rawValue))]
                    if let d = c.detail, c.status != .pass { cell.append(("detail", .string(d))) }
                    return .object(cell)
                }) })),
            ])))
        }
        return .object(o)
    }

    static func implementation(_ i: ImplementationResult) -> JSON {
        var o: [(key: String, value: JSON)] = [("status", .string(i.status.rawValue))]
        switch i.outcome {
        case .outputs(let out):
            o.append(("outputs", .object(out.keys.sorted().map { ($0, out[$0]!.json) })))
        case .refused(let e):
            o.append(("error", .string(e.errorClass.rawValue)))
            o.append(("message", .string(e.message)))
        case .unsupported(let why):
            o.append(("reason", .string(why)))
        case .error(let why):
            o.append(("reason", .string(why)))
        }
        if !i.mismatches.isEmpty {
            o.append(("mismatch", .array(i.mismatches.map { m in
                var x: [(key: String, value: JSON)] = [("field", .string(m.field))]
                if let off = m.offset { x.append(("offset", .int(Int64(off)))) }
                if let w = m.wire {
                    var o: [(key: String, value: JSON)] = [("part", .string(w.part)), ("partOffset", .int(Int64(w.partOffset)))]
                    if let b = w.blobOffset { o.append(("blobOffset", .int(Int64(b)))) }
                    x.append(("wire", .object(o)))
                }
                if let line = m.line { x.append(("line", .int(Int64(line)))) }
                if let c = m.column { x.append(("column", .int(Int64(c)))) }
                x.append(("expected", m.expectedValue?.json ?? .string(m.expected)))
                x.append(("actual", m.actualValue?.json ?? .string(m.actual)))
                if let d = described(m) { x.append(("described", d)) }
                if let e = m.explanation { x.append(("explanation", .string(e))) }
                return .object(x)
            })))
        }
        o.append(("seconds", .double((i.seconds * 1e6).rounded() / 1e6)))
        return .object(o)
    }
}
