import ConcordFormats
import ConcordSuites
import ConcordPacks

/// An adapter's first line (docs/adapters.md §1), read and checked against the suite definitions:
/// what it says it runs, per suite and op, with the field names it reads and writes.
public struct Handshake: Sendable, Equatable {
    public var name: String
    public var version: String
    /// Per canonical suite name, the support of each op (nil key: a suite without ops).
    public var suites: [String: [String?: Support]]
    /// Suites it announced that no definition knows (kept to say so, never planned).
    public var unknownSuites: [String]
    /// Whether it used the legacy form (a list of suite names, without ops or fields).
    public var legacy: Bool
    /// Per canonical suite name, who wrote the code it runs, where its entry says so (the member
    /// `"provenance"`: `"port"`, or `{"library": "…"}`; docs/adapters.md §1).
    public var provenance: [String: Provenance] = [:]

    public struct Refusal: Error, CustomStringConvertible {
        public var description: String
    }

    /// Reads the handshake line. Suite names may be aliases (made canonical). A disagreement with a
    /// definition is not a refusal of the whole line: that suite is `broken` with the reason.
    public static func parse(_ line: String) throws(Refusal) -> Handshake {
        guard let json = try? JSON.parse(line) else { throw Refusal(description: "its first line is not JSON") }
        guard json["concord-adapter"]?.intValue == 1 else {
            throw Refusal(description: "its first line has no \"concord-adapter\":1 (protocol version 1)")
        }
        guard let name = json["name"]?.stringValue else { throw Refusal(description: "its handshake has no \"name\" string") }
        guard let version = json["version"]?.stringValue else { throw Refusal(description: "its handshake has no \"version\" string") }
        guard let list = json["suites"]?.arrayValue else { throw Refusal(description: "its handshake has no \"suites\" list") }
        var h = Handshake(name: name, version: Printable.bounded(version), suites: [:], unknownSuites: [], legacy: false)
        for entry in list {
            if let s = entry.stringValue {
                // Legacy form: a name only; every op of the definition, fields unchecked.
                h.legacy = true
                guard let suite = Suites.resolve(s) else { h.unknownSuites.append(s); continue }
                var ops: [String?: Support] = [:]
                for op in suite.protocolOps { ops[op.name] = .runs }
                h.suites[suite.name] = ops
                continue
            }
            guard let suiteName = entry["suite"]?.stringValue else {
                throw Refusal(description: "a \"suites\" entry is neither a suite name nor an object with a \"suite\" string")
            }
            guard let suite = Suites.resolve(suiteName) else { h.unknownSuites.append(suiteName); continue }
            guard let ops = entry["ops"]?.arrayValue else {
                throw Refusal(description: "the suite \(suiteName) has no \"ops\" list")
            }
            h.suites[suite.name] = try announced(ops, of: suite, adapter: name)
            if let p = entry["provenance"] { h.provenance[suite.name] = try provenance(p, suite: suiteName) }
        }
        return h
    }

    /// `"port"` (Concord's own port, written in the adapter) or `{"library": "what it calls"}`.
    static func provenance(_ json: JSON, suite: String) throws(Refusal) -> Provenance {
        if json.stringValue == "port" { return .ownPort }
        if let o = json.objectValue, o.count == 1, let what = json["library"]?.stringValue,
           !what.trimmingCharacters(in: .whitespaces).isEmpty {
            return .library(what)
        }
        throw Refusal(description: "the suite \(suite) has a \"provenance\" that is neither \"port\" nor {\"library\": \"…\"}")
    }

    /// Each announced op against the definition: its input names and output names must be exactly
    /// the definition's. Ops the adapter leaves out are `unsupported`.
    static func announced(_ ops: [JSON], of suite: Suite, adapter: String) throws(Refusal) -> [String?: Support] {
        var out: [String?: Support] = [:]
        for op in suite.protocolOps {
            out[op.name] = .unsupported("\(adapter) does not implement \(suite.name)\(op.name.map { " \($0)" } ?? "") (not in its handshake)")
        }
        for entry in ops {
            guard let obj = entry.objectValue else { throw Refusal(description: "an op of \(suite.name) is not an object") }
            let opName: String?
            switch entry["op"] {
            case .string(let s)?: opName = s
            case .null?, nil: opName = nil
            default: throw Refusal(description: "an op of \(suite.name) has an \"op\" that is neither a string nor null")
            }
            _ = obj
            let label = "\(suite.name)\(opName.map { " \($0)" } ?? "")"
            guard let def = suite.protocolOp(opName) else {
                let known = suite.protocolOps.map { $0.name ?? "null" }.joined(separator: ", ")
                out[opName] = .broken("\(adapter) announces \(label), an op the definition does not have (it has: \(known))")
                continue
            }
            guard let inputs = entry["inputs"]?.arrayValue?.compactMap(\.stringValue),
                  let outputs = entry["outputs"]?.arrayValue?.compactMap(\.stringValue) else {
                throw Refusal(description: "the op \(label) lacks an \"inputs\" or \"outputs\" list of strings")
            }
            var problems: [String] = []
            let wantIn = def.inputNames, gotIn = Set(inputs)
            if gotIn != wantIn { problems.append(fieldDifference("inputs", want: wantIn, got: gotIn)) }
            let wantOut = def.outputNames, gotOut = Set(outputs)
            if gotOut != wantOut { problems.append(fieldDifference("outputs", want: wantOut, got: gotOut)) }
            out[opName] = problems.isEmpty ? .runs
                : .broken("\(adapter) and the definition of \(label) disagree: \(problems.joined(separator: "; "))")
        }
        return out
    }

    static func fieldDifference(_ what: String, want: Set<String>, got: Set<String>) -> String {
        var parts: [String] = []
        let missing = want.subtracting(got).sorted(), extra = got.subtracting(want).sorted()
        if !missing.isEmpty { parts.append("the adapter lacks \(missing.joined(separator: ", "))") }
        if !extra.isEmpty { parts.append("the definition has no \(extra.joined(separator: ", "))") }
        return "\(what): " + parts.joined(separator: ", ")
    }

    /// What the handshake says of one op.
    public func support(suite: String, op: String?) -> Support {
        guard let ops = suites[suite] else { return .absent }
        return ops[op] ?? .unsupported("\(name) does not implement \(suite)\(op.map { " \($0)" } ?? "")")
    }

    /// Every disagreement with a definition, one line each (for tests and `concord list`).
    public var disagreements: [String] {
        suites.keys.sorted().flatMap { s in
            suites[s]!.values.compactMap { if case .broken(let why) = $0 { return why }; return nil }.sorted()
        }
    }
}
