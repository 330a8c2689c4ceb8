import ConcordFormats
import ConcordImplementations
import Foundation

extension Fill {
    /// A `concord-outputs/1` file (VECTORS.md "Captured outputs"), read only as far as fill needs:
    /// the implementation's name and, per vector, its outputs or its refusal.
    public struct Captured: Sendable {
        public var name: String
        public var results: [String: Outcome]

        public static func parse(_ text: String, file: String) throws(Failure) -> Captured {
            let root: JSON
            do { root = try JSON.parse(text) } catch { throw Failure("\(file): \(error)") }
            guard root["format"]?.stringValue == "concord-outputs/1" else {
                throw Failure("\(file): not a captured-outputs file (expected \"format\": \"concord-outputs/1\")")
            }
            guard let name = root["implementation"]?["name"]?.stringValue, !name.isEmpty else {
                throw Failure("\(file): missing implementation.name")
            }
            guard let items = root["results"]?.arrayValue else { throw Failure("\(file): missing \"results\" (an array)") }
            var results: [String: Outcome] = [:]
            for (n, item) in items.enumerated() {
                guard let vector = item["vector"]?.stringValue else { throw Failure("\(file): results[\(n)] has no \"vector\"") }
                if let e = item["error"] {
                    guard let s = e.stringValue, let c = ErrorClass(rawValue: s) else {
                        throw Failure("\(file): results[\(n)] (\(vector)): error must be one of \(ErrorClass.allCases.map(\.rawValue).joined(separator: ", "))")
                    }
                    results[vector] = .refused(ContractError(c, item["message"]?.stringValue ?? "refused"))
                } else if let outputs = item["outputs"]?.objectValue {
                    var m: [String: Value] = [:]
                    for (k, v) in outputs {
                        do { m[k] = try Value(json: v) } catch {
                            throw Failure("\(file): results[\(n)] (\(vector)).outputs.\(k): \(error.message)")
                        }
                    }
                    results[vector] = .outputs(m)
                } else {
                    throw Failure("\(file): results[\(n)] (\(vector)) has neither \"outputs\" nor \"error\"")
                }
            }
            return Captured(name: name, results: results)
        }

        public static func read(_ file: String) throws(Failure) -> Captured {
            guard let data = FileManager.default.contents(atPath: file) else { throw Failure("\(file): cannot read the file") }
            return try parse(String(decoding: data, as: UTF8.self), file: file)
        }

        /// The captured value for a placeholder, or why there is none.
        public func decide(_ p: Placeholder) -> Decision {
            let who = "captured:\(name)"
            switch results[p.vector] {
            case nil: return .refuse("\(who) has no result for \(p.vector)")
            case .refused(let e)?: return .refuse("\(who) refused it (\(e.errorClass.rawValue): \(e.message))")
            case .outputs(let m)?:
                guard let v = m[p.field] else { return .refuse("\(who) has no output \(p.field) for \(p.vector)") }
                return .fill(v, source: who)
            default: return .refuse("\(who) has no usable result for \(p.vector)")
            }
        }
    }

    /// What live implementations answered per vector (`suite/id`), in implementation order.
    public typealias Answers = [String: [(implementation: String, outcome: Outcome)]]

    /// Runs the vectors that hold placeholders on the implementations.
    public static func live(_ vectors: [Vector], implementations: [any Implementation],
                            configuration: RunConfiguration = RunConfiguration()) -> Answers {
        let pending = vectors.filter(\.hasPlaceholder)
        guard !pending.isEmpty else { return [:] }
        let run = Runner(implementations: implementations, configuration: configuration).run(pending)
        var out: Answers = [:]
        for r in run.results {
            out[r.vector.name] = r.implementations.map { ($0.implementation, $0.outcome) }
            if r.implementations.isEmpty, let note = r.note { out[r.vector.name] = [("concord", .error(note))] }
        }
        return out
    }

    /// The live decision: every implementation that answered must agree, at least two must have
    /// computed the value, and every `required` one must be among them. A refusal shows who
    /// computed what.
    public static func agree(_ p: Placeholder, answers: [(implementation: String, outcome: Outcome)], require: [String]) -> Decision {
        var computed: [(String, Value)] = []
        var refused: [(String, String)] = []
        var absent: [String] = []
        for (name, outcome) in answers {
            switch outcome {
            case .outputs(let m):
                if let v = m[p.field] { computed.append((name, v)) } else { absent.append("\(name): no output \(p.field)") }
            case .refused(let e): refused.append((name, "\(e.errorClass.rawValue): \(e.message)"))
            case .unsupported(let why): absent.append("\(name): unsupported (\(why))")
            case .error(let why): absent.append("\(name): error (\(why))")
            }
        }
        let lines = computed.map { "\($0.0) computed \(render($0.1, json: false))" } + refused.map { "\($0.0) refused (\($0.1))" }
        let distinct = Set(computed.map(\.1))
        if distinct.count > 1 || (!computed.isEmpty && !refused.isEmpty) {
            return .refuse("the implementations disagree:\n" + (lines + absent).map { "    " + $0 }.joined(separator: "\n"))
        }
        let agreeing = computed.map(\.0)
        if agreeing.count < 2 {
            let what = agreeing.isEmpty ? "no implementation computed it" : "only \(agreeing[0]) computed it"
            return .refuse("\(what); at least two independent implementations must agree" +
                           ((lines + absent).isEmpty ? "" : ":\n" + (lines + absent).map { "    " + $0 }.joined(separator: "\n")))
        }
        let missing = require.filter { !agreeing.contains($0) }
        if !missing.isEmpty {
            let why = missing.map { m in absent.first { $0.hasPrefix(m + ":") } ?? "\(m): not run" }
            return .refuse("--require \(require.joined(separator: ",")): \(missing.joined(separator: ", ")) did not compute it:\n" +
                           (lines + why).map { "    " + $0 }.joined(separator: "\n"))
        }
        return .fill(computed[0].1, source: agreeing.joined(separator: ", "))
    }
}
