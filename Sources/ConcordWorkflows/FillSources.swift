import ConcordJudging
import ConcordScheduling
import ConcordFiles
import ConcordFormats
import ConcordImplementations
import ConcordLoading
import ConcordSuites
import Foundation
import ConcordPacks

extension Fill {
    /// A `concord-outputs/1` file (VECTORS.md "Captured outputs"), read only as far as fill needs:
    /// the implementation's name and, per vector, its outputs or its refusal.
    public struct Captured: Sendable {
        public var name: String
        public var results: [String: Outcome]
        /// Its results for vectors none of the files being filled defines (read with `known`).
        public var unplaced: [CapturedOutputs.Unplaced] = []

        /// Read by the same strict reader as `run --captured` (CapturedOutputs), so a file fill takes
        /// is a file run takes, refused with the same located messages.
        public static func parse(_ text: String, file: String) throws(Failure) -> Captured {
            let captured: CapturedOutputs
            do { captured = try CapturedOutputs.parse(text, file: file) } catch { throw Failure(error.description) }
            return Captured(captured)
        }

        init(_ captured: CapturedOutputs) {
            name = String(captured.name.dropFirst("captured:".count))
            results = Dictionary(captured.results.map { (Suites.canonicalVectorName($0.vector), $0.outcome) }, uniquingKeysWith: { a, _ in a })
            unplaced = captured.unplaced
        }

        /// `rules`: the suite definitions' rules for the vectors being filled (`CapturedRules.make`), the
        /// ones `run --captured` holds the file to; fill passes them, so that one validation reads both.
        /// `known`: the names of the vectors being filled (the others' results are `unplaced`).
        public static func read(_ file: String, maxBytes: Int = InputFile.defaultMaxBytes, rules: CapturedOutputs.Rules? = nil,
                                known: Set<String>? = nil) throws(Failure) -> Captured {
            do { return Captured(try CapturedOutputs.load(path: file, maxBytes: maxBytes, rules: rules, known: known)) } catch { throw Failure(error.description) }
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

    /// Who wrote the code each implementation runs, per suite (suite → implementation → provenance),
    /// asked once they have started (an adapter says so in its handshake).
    public typealias Provenances = [String: [String: Provenance]]

    public static func provenances(_ implementations: [any Implementation], suites: Set<String>) -> Provenances {
        var out: Provenances = [:]
        for s in suites {
            for impl in implementations { if let p = impl.provenance(suite: s) { out[s, default: [:]][impl.name] = p } }
        }
        return out
    }

    /// The program that answers for each implementation that runs in a process of its own (an
    /// adapter), by name: fill's lines name it beside what it declares (docs/fill.md).
    public static func programs(_ implementations: [any Implementation]) -> [String: String] {
        var out: [String: String] = [:]
        for impl in implementations { if let a = impl as? ExternalAdapter { out[a.name] = a.program } }
        return out
    }

    /// The live decision: every implementation that answered must agree, at least two must have
    /// computed the value, at least one of those must not be Concord's own port (a library's own
    /// code, or the app's: `provenance`, by implementation name, for the placeholder's suite; one not
    /// there counts as Concord's own), and every `required` one must be among them. A refusal shows
    /// who computed what; a fill names its witnesses, and the program that answered for each adapter
    /// (`programs`, by implementation name).
    public static func agree(_ p: Placeholder, answers: [(implementation: String, outcome: Outcome)], require: [String],
                             provenance: [String: Provenance], programs: [String: String] = [:]) -> Decision {
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
        func who(_ name: String) -> String {
            "\(name) (\(provenance[name]?.description ?? "Concord's own port: it declares nothing")\(programs[name].map { "; answered by \($0)" } ?? ""))"
        }
        let lines = computed.map { "\(who($0.0)) computed \(VectorFileWriter.value($0.1, json: false))" } + refused.map { "\($0.0) refused (\($0.1))" }
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
        let outside = agreeing.filter { provenance[$0]?.isOutside == true }
        if outside.isEmpty {
            let claims = agreeing.contains { if case .claimed? = provenance[$0] { return true } else { return false } }
            let who = claims ? "only Concord's own ports, and programs Concord did not start that claim a library," : "only Concord's own ports"
            return .refuse("\(who) computed it (\(agreeing.joined(separator: ", "))), no library's own code or app code;"
                           + " what would confirm it: a capture from the app (--from CAPTURED, docs/captured-outputs.md) or the app's own"
                           + " code as an adapter (--adapter NAME=COMMAND):\n" + (lines + absent).map { "    " + $0 }.joined(separator: "\n"))
        }
        let missing = require.filter { !agreeing.contains($0) }
        if !missing.isEmpty {
            let why = missing.map { m in absent.first { $0.hasPrefix(m + ":") } ?? "\(m): not run" }
            return .refuse("--require \(require.joined(separator: ",")): \(missing.joined(separator: ", ")) did not compute it:\n" +
                           (lines + why).map { "    " + $0 }.joined(separator: "\n"))
        }
        return .fill(computed[0].1, source: agreeing.joined(separator: ", ") + "; witnesses not written by Concord: "
                     + outside.map(who).joined(separator: ", "))
    }
}
