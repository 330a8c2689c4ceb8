import ConcordFormats
import ConcordImplementations
import ConcordJudging
import ConcordLoading
import ConcordSuites

/// A saved JSON report (`concord-report/1`) read back into the run it describes, so that every
/// renderer (terminal, Markdown, JUnit, HTML, annotations) works from a report as from a live run:
/// `concord report`, `merge`, `compare` and `validate`. The reader of `JSONReport`'s writer, beside it:
/// `JSONReport.read` then `JSONReport.write` give back the report read (ReportCodecTests). What the
/// report does not keep (inputs, expected values of passing vectors, columns) is not needed by the
/// renderers.
extension RunResult {
    public struct ReportError: Error, Sendable, CustomStringConvertible {
        public var description: String
        init(_ d: String) { description = d }
    }

    /// `name` is how to call the report in a refusal (its path).
    public init(report json: JSON, name: String) throws(ReportError) {
        guard json["format"]?.stringValue == JSONReport.format else {
            throw ReportError("\(name) is not a \(JSONReport.format) report (format is \(json["format"]?.serialized() ?? "missing"))")
        }
        guard let impls = json["implementations"]?.arrayValue, let results = json["results"]?.arrayValue else {
            throw ReportError("\(name): a report needs an \"implementations\" and a \"results\" array")
        }
        var infos: [ImplementationInfo] = []
        for (k, i) in impls.enumerated() {
            guard let n = i["name"]?.stringValue else { throw ReportError("\(name): implementations[\(k)] has no name") }
            guard let started = JSONReport.started(i) else { throw ReportError("\(name): implementations[\(k)].started must be true or false") }
            infos.append(ImplementationInfo(name: n, version: i["version"]?.stringValue ?? "?", startFailure: i["startFailure"]?.stringValue,
                                            processStarts: Int(i["processStarts"]?.intValue ?? 0), started: started))
        }
        var out: [VectorResult] = []
        for (k, r) in results.enumerated() {
            out.append(try Self.result(r, at: "\(name): results[\(k)]"))
        }
        self.init(implementations: infos, results: out, summary: RunSummary(out),
                  wallSeconds: Self.number(json["wallSeconds"]) ?? 0, workers: Int(json["workers"]?.intValue ?? 0))
    }

    static func result(_ r: JSON, at place: String) throws(ReportError) -> VectorResult {
        guard let full = r["vector"]?.stringValue, let slash = full.firstIndex(of: "/") else {
            throw ReportError("\(place): \"vector\" must be a name suite/id")
        }
        guard let statusName = r["status"]?.stringValue, let status = VectorStatus(rawValue: statusName) else {
            throw ReportError("\(place) (\(full)): \"status\" must be pass, fail, pending or error")
        }
        var vector = Vector(suite: String(full[..<slash]), id: String(full[full.index(after: slash)...]),
                            file: r["file"]?.stringValue ?? "?", line: Int(r["line"]?.intValue ?? 0), column: 0,
                            comment: r["comment"]?.stringValue, flags: r["flags"]?.arrayValue?.compactMap(\.stringValue) ?? [],
                            op: r["op"]?.stringValue, result: r["result"]?.stringValue.flatMap(ResultKind.init(rawValue:)) ?? .valid,
                            input: [:], expect: .none, inputOrder: [])
        if let rel = r["release"] {
            guard let name = rel["name"]?.stringValue, let platform = rel["platform"]?.stringValue else {
                throw ReportError("\(place) (\(full)): \"release\" must name the release and platform that wrote the artifact")
            }
            vector.release = Release(name: name, platform: platform, version: rel["version"]?.stringValue, device: rel["device"]?.stringValue,
                                     captured: rel["captured"]?.stringValue, archived: rel["archived"]?.stringValue,
                                     confirmed: rel["confirmed"]?.arrayValue?.compactMap(\.stringValue) ?? [])
        }
        var impls: [ImplementationResult] = []
        for (who, i) in r["implementations"]?.objectValue ?? [] {
            impls.append(try implementation(who, i, at: "\(place) (\(full)) \(who)"))
        }
        var matrix: RoundtripMatrix?
        if let m = r["matrix"] {
            let names = m["implementations"]?.arrayValue?.compactMap(\.stringValue) ?? []
            let cells = (m["cells"]?.arrayValue ?? []).map { row in
                (row.arrayValue ?? []).map { c in
                    RoundtripMatrix.Cell(status: c["status"]?.stringValue.flatMap(ImplementationStatus.init(rawValue:)) ?? .error,
                                         detail: c["detail"]?.stringValue)
                }
            }
            matrix = RoundtripMatrix(implementations: names, cells: cells)
        }
        var out = VectorResult(vector: vector, status: status, implementations: impls, note: r["note"]?.stringValue,
                               divergence: r["divergence"]?.stringValue, warnings: r["warnings"]?.arrayValue?.compactMap(\.stringValue) ?? [],
                               matrix: matrix)
        if let e = r["exploration"] {
            do { out.explored = try Explored(json: e) } catch {
                throw ReportError("\(place) (\(full)): exploration" + error.path.map { "." + $0 }.joined() + ": \(error.message)")
            }
        }
        return out
    }

    static func implementation(_ who: String, _ i: JSON, at place: String) throws(ReportError) -> ImplementationResult {
        guard let s = i["status"]?.stringValue, let status = ImplementationStatus(rawValue: s) else {
            throw ReportError("\(place): \"status\" must be pass, fail, error, unsupported or pending")
        }
        let outcome: Outcome
        if let o = i["outputs"]?.objectValue {
            var values: [String: Value] = [:]
            for (k, v) in o {
                do { values[k] = try Value(json: v) } catch { throw ReportError("\(place).outputs.\(k): \(error.message)") }
            }
            outcome = .outputs(values)
        } else if let cls = i["error"]?.stringValue {
            outcome = .refused(ContractError(ErrorClass(rawValue: cls) ?? .format, i["message"]?.stringValue ?? ""))
        } else if status == .unsupported {
            outcome = .unsupported(i["reason"]?.stringValue ?? "")
        } else {
            outcome = .error(i["reason"]?.stringValue ?? "")
        }
        var mismatches: [Mismatch] = []
        for m in i["mismatch"]?.arrayValue ?? [] {
            let field = m["field"]?.stringValue ?? "?"
            // A side the report wrote as a description ("a refusal", "(missing)") is not a value: its
            // `described` says which; a report without it, by the rule those were read by.
            let described = m["described"]?.arrayValue.map { Set($0.compactMap(\.stringValue)) }
            func side(_ j: JSON?, _ name: String) -> (String, Value?) {
                guard let j else { return ("?", nil) }
                let plain = described.map { $0.contains(name) } ?? JSONReport.describedBefore(field: field, j)
                if plain, let s = j.stringValue { return (s, nil) }
                guard let v = try? Value(json: j) else { return (j.serialized(), nil) }
                return (v.display, v)
            }
            let (e, ev) = side(m["expected"], "expected"), (a, av) = side(m["actual"], "actual")
            var x = Mismatch(field: field, expected: e, actual: a, expectedValue: ev, actualValue: av,
                             offset: m["offset"]?.intValue.map { Int($0) }, explanation: m["explanation"]?.stringValue)
            x.line = m["line"]?.intValue.map { Int($0) }
            x.column = m["column"]?.intValue.map { Int($0) }
            if let w = m["wire"], let part = w["part"]?.stringValue, let k = w["partOffset"]?.intValue {
                x.wire = Wire.Difference(part: part, partOffset: Int(k), blobOffset: w["blobOffset"]?.intValue.map { Int($0) })
            }
            mismatches.append(x)
        }
        return ImplementationResult(implementation: who, status: status, outcome: outcome, mismatches: mismatches,
                                    seconds: number(i["seconds"]) ?? 0)
    }

    static func number(_ j: JSON?) -> Double? {
        switch j {
        case .double(let d)?: return d
        case .int(let i)?: return Double(i)
        default: return nil
        }
    }
}

extension JSONReport {
    /// A saved report read back: the run it describes, the concord that wrote it, and, kept as
    /// written and in their places, the fields the run does not hold (those `run`, `merge` and
    /// `explore` add after `make`: `peakResidentKiB`, `shard`, `options`, `inputs`, `ledger`,
    /// `exploration`, a result's `position`, and any field a later concord adds), so that `write`
    /// gives back the report read.
    public struct Saved: Sendable {
        public var run: RunResult
        public var concordVersion: String
        /// Each object's keys in the order read, with the value of a field the writer does not make.
        typealias Layout = [(key: String, kept: JSON?)]
        var top: Layout
        var implementations: [Layout]
        var results: [Layout]
    }

    /// The fields `make` writes at the top, in an implementation's entry and in a result: every other
    /// field is kept as read.
    static let madeTop: Set<String> = ["format", "concord", "implementations", "summary", "wallSeconds", "workers", "releases", "results"]
    static let madeImplementation: Set<String> = ["name", "version", "startFailure", "processStarts", "started"]
    static let madeResult: Set<String> = ["vector", "file", "line", "op", "release", "result", "status", "flags", "comment", "note",
                                          "divergence", "warnings", "exploration", "implementations", "matrix"]

    /// `json` read back (`name`: how to call it in a refusal). The rules of `ReportCheck` are the
    /// caller's to apply first: this reads what it is given.
    public static func read(_ json: JSON, name: String) throws(RunResult.ReportError) -> Saved {
        let run = try RunResult(report: json, name: name)
        func layout(_ j: JSON, _ made: Set<String>) -> Saved.Layout {
            (j.objectValue ?? []).map { ($0.key, made.contains($0.key) ? nil : $0.value) }
        }
        return Saved(run: run, concordVersion: json["concord"]?["version"]?.stringValue ?? "",
                     top: layout(json, madeTop),
                     implementations: (json["implementations"]?.arrayValue ?? []).map { layout($0, madeImplementation) },
                     results: (json["results"]?.arrayValue ?? []).map { layout($0, madeResult) })
    }

    /// The report of `saved`: its run written by `make`, and every field it kept put back where it was read.
    public static func write(_ saved: Saved) -> JSON {
        func restore(_ made: JSON, _ layout: Saved.Layout?) -> JSON {
            guard let layout, let fresh = made.objectValue else { return made }
            var out: [(key: String, value: JSON)] = []
            for (key, kept) in layout {
                if let kept { out.append((key, kept)) } else if let v = fresh.first(where: { $0.key == key })?.value { out.append((key, v)) }
            }
            // What the writer makes that the report read did not have, before `results` (kept last).
            for pair in fresh where !layout.contains(where: { $0.key == pair.key }) {
                out.insert(pair, at: out.last?.key == "results" ? out.count - 1 : out.count)
            }
            return .object(out)
        }
        func each(_ list: JSON?, _ layouts: [Saved.Layout]) -> JSON? {
            list?.arrayValue.map { items in .array(items.enumerated().map { restore($0.element, layouts.indices.contains($0.offset) ? layouts[$0.offset] : nil) }) }
        }
        guard var top = make(saved.run, concordVersion: saved.concordVersion).objectValue else { return .null }
        for (k, pair) in top.enumerated() {
            if pair.key == "implementations", let v = each(pair.value, saved.implementations) { top[k].value = v }
            if pair.key == "results", let v = each(pair.value, saved.results) { top[k].value = v }
        }
        return restore(.object(top), saved.top)
    }
}
