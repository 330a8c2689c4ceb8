import ConcordFormats
import ConcordImplementations
import ConcordLoading
import ConcordSuites

/// A saved JSON report (`concord-report/1`) read back into the run it describes, so that every
/// renderer (terminal, Markdown, JUnit, HTML, annotations) works from a report as from a live run:
/// `concord report` and `concord merge`. What the report does not keep (inputs, expected values of
/// passing vectors, columns) is not needed by the renderers.
extension RunResult {
    public struct ReportError: Error, Sendable, CustomStringConvertible {
        public var description: String
        init(_ d: String) { description = d }
    }

    /// `name` is how to call the report in a refusal (its path).
    public init(report json: JSON, name: String) throws(ReportError) {
        guard json["format"]?.stringValue == "concord-report/1" else {
            throw ReportError("\(name) is not a concord-report/1 report (format is \(json["format"]?.serialized() ?? "missing"))")
        }
        guard let impls = json["implementations"]?.arrayValue, let results = json["results"]?.arrayValue else {
            throw ReportError("\(name): a report needs an \"implementations\" and a \"results\" array")
        }
        var infos: [ImplementationInfo] = []
        for (k, i) in impls.enumerated() {
            guard let n = i["name"]?.stringValue else { throw ReportError("\(name): implementations[\(k)] has no name") }
            infos.append(ImplementationInfo(name: n, version: i["version"]?.stringValue ?? "?", startFailure: i["startFailure"]?.stringValue,
                                            processStarts: Int(i["processStarts"]?.intValue ?? 0)))
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
            // What the report wrote as a plain sentence ("a refusal", "(missing)") is not a value.
            func side(_ j: JSON?) -> (String, Value?) {
                guard let j else { return ("?", nil) }
                let plain = field == "result" || field == "error" || field.contains(" → ") || j.stringValue == "(missing)"
                if plain, let s = j.stringValue { return (s, nil) }
                guard let v = try? Value(json: j) else { return (j.serialized(), nil) }
                return (v.display, v)
            }
            let (e, ev) = side(m["expected"]), (a, av) = side(m["actual"])
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
