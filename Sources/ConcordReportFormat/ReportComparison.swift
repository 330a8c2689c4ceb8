import ConcordFormats
import ConcordJudging
import ConcordLoading
import ConcordSuites
import ConcordPacks

/// `concord compare BASE HEAD` (docs/ci.md "Comparing a pull request with the main branch"): two JSON reports
/// compared per vector × implementation: what went from pass to fail or error (a regression) and
/// back (fixed), what is new or gone, newly unsupported or pending, refused with another class,
/// wrong with other values.
public enum ReportComparison {
    /// What one implementation did on one vector, as the comparison tells it apart.
    public struct Outcome: Sendable, Equatable {
        /// pass, fail, error, unsupported, pending
        public var status: String
        /// For a failure: `refused` with its class, or `outputs` (a wrong answer).
        public var answer: String?
        public var errorClass: String?
        /// For a wrong answer: each differing field with what was answered, so that two wrong
        /// answers with other values are two states.
        public var mismatch: [Answered] = []

        public init(status: String, answer: String? = nil, errorClass: String? = nil, mismatch: [Answered] = []) {
            self.status = status; self.answer = answer; self.errorClass = errorClass; self.mismatch = mismatch
        }

        public var described: String {
            guard status == "fail", let answer else { return status }
            if answer == "refused" { return "fail: refused (\(errorClass ?? "?"))" }
            let shown = mismatch.prefix(3).map { "\($0.field) = \($0.short)" }
            return "fail: wrong answer" + (shown.isEmpty ? "" : ": " + shown.joined(separator: ", ") + (mismatch.count > 3 ? ", …" : ""))
        }
        var bad: Bool { status == "fail" || status == "error" }
    }

    /// One field of a wrong answer: its name and the value answered, as the report wrote it
    /// (`{"hex": …}`, or the sentence it wrote instead of a value). Two are the same when their
    /// JSON is the same bytes (text is not compared up to Unicode equivalence).
    public struct Answered: Sendable, Equatable {
        public var field: String
        public var actual: JSON

        public init(field: String, actual: JSON) { self.field = field; self.actual = actual }

        public static func == (a: Answered, b: Answered) -> Bool {
            a.field.utf8.elementsEqual(b.field.utf8) && a.actual.serialized().utf8.elementsEqual(b.actual.serialized().utf8)
        }

        /// The value for a person: hex for bytes, quoted text; a long one cut in its middle.
        var short: String {
            let full = (try? Value(json: actual))?.display ?? actual.stringValue ?? actual.serialized()
            guard full.count > 48 else { return full }
            return String(full.prefix(24)) + "…" + String(full.suffix(12)) + " (\(full.count) characters)"
        }

        /// The bytes compared for where two values differ.
        var bytes: [UInt8] { (try? Value(json: actual))?.comparableBytes ?? Array(actual.serialized().utf8) }
    }

    public enum Kind: String, Sendable, CaseIterable {
        /// pass → fail or error.
        case passToFail = "pass-to-fail"
        /// fail or error → pass.
        case fixed
        /// Only in HEAD.
        case new
        /// Only in BASE.
        case gone
        /// supported in BASE, unsupported in HEAD.
        case newlyUnsupported = "newly-unsupported"
        /// pass, fail or error in BASE, pending in HEAD: its values are no longer compared.
        case newlyPending = "newly-pending"
        /// unsupported in BASE, answered in HEAD.
        case newlySupported = "newly-supported"
        /// Refused in both, with another class in HEAD.
        case otherClass = "other-class"
        /// A wrong answer in both, with other values in HEAD (or other fields wrong).
        case otherAnswer = "other-answer"
        /// Failed or errored in both, otherwise in HEAD (refused ↔ a wrong answer, fail ↔ error).
        case failsDifferently = "fails-differently"
        /// Anything else that changed (pending → a verdict).
        case changed
    }

    public struct Change: Sendable {
        public var vector: String
        /// The implementation, or `(vector)` for a vector that no implementation answered.
        public var implementation: String
        public var base: Outcome?
        public var head: Outcome?
        public var kind: Kind
        /// For two wrong answers: where the first field that differs between them differs
        /// (`key: byte 31`), so that two long values shown alike are told apart.
        public var detail: String? = nil
        /// Whether it fails the comparison (exit 1).
        public var regression: Bool
        /// Where HEAD (else BASE) has the vector.
        public var file: String
        public var line: Int
    }

    public struct Result: Sendable {
        public var base: String
        public var head: String
        public var changes: [Change]
        /// Vector × implementation pairs that are the same on both sides.
        public var unchanged: Int
        /// The old releases that stopped opening (docs/archive.md): per writer and reader, the
        /// archived artifacts that opened in the base and fail (or are gone) in the head.
        public var stoppedOpening: [StoppedOpening] = []
        public var regressions: Int { changes.filter(\.regression).count }
        public func count(_ k: Kind) -> Int { changes.filter { $0.kind == k }.count }
    }

    /// A writer (release × platform) whose archived artifacts a reader no longer opens.
    public struct StoppedOpening: Sendable {
        public var release: Release
        public var reader: String
        public var artifacts: [String]
    }

    public struct Problem: Error, Sendable, CustomStringConvertible {
        public var description: String
        public init(_ d: String) { description = d }
    }

    /// The name a pair with no implementation goes by (a vector nothing could run).
    public static let vectorItself = "(vector)"

    static func outcome(_ i: ImplementationResult) -> Outcome {
        var o = Outcome(status: i.status.rawValue)
        if i.status == .fail {
            if case .refused(let e) = i.outcome { o.answer = "refused"; o.errorClass = e.errorClass.rawValue } else {
                o.answer = "outputs"
                o.mismatch = i.mismatches.map { Answered(field: $0.field, actual: $0.actualValue?.json ?? .string($0.actual)) }
            }
        }
        return o
    }

    /// Where two wrong answers first differ: the first field answered otherwise (or wrong on one
    /// side only), and for two values the first differing byte.
    static func whereDiffers(_ x: Outcome, _ y: Outcome) -> String? {
        for a in x.mismatch {
            guard let b = y.mismatch.first(where: { $0.field == a.field }) else { return "\(a.field): wrong in base only" }
            if a == b { continue }
            let (p, q) = (a.bytes, b.bytes)
            let k = zip(p, q).prefix { $0 == $1 }.count
            return "\(a.field): " + (k == p.count && k == q.count ? "another form" : "another value from byte \(k)")
        }
        return y.mismatch.first { b in !x.mismatch.contains { $0.field == b.field } }.map { "\($0.field): wrong in head only" }
    }

    /// Refuses two reports that are not two runs of one project: a shard (compare merged reports)
    /// or reports that share no suite or no implementation.
    public static func check(base: JSON, head: JSON, baseName: String, headName: String) throws(Problem) {
        for (r, name) in [(base, baseName), (head, headName)] where r["shard"] != nil {
            throw Problem("\(name) is one shard of a run (run --shard): compare whole runs (concord merge the shards first)")
        }
    }

    public static func compare(_ base: RunResult, _ head: RunResult, baseName: String, headName: String) throws(Problem) -> Result {
        func suites(_ r: RunResult) -> Set<String> { Set(r.results.map { Suites.canonicalVectorName($0.vector.name).split(separator: "/").first.map(String.init) ?? "" }) }
        let shared = suites(base).intersection(suites(head))
        if shared.isEmpty {
            throw Problem("\(baseName) and \(headName) share no suite (\(suites(base).sorted().joined(separator: ", ")) against \(suites(head).sorted().joined(separator: ", "))): not two runs of one project's vectors")
        }
        let baseImpls = Set(base.implementations.map(\.name)), headImpls = Set(head.implementations.map(\.name))
        if baseImpls.isDisjoint(with: headImpls) {
            throw Problem("\(baseName) and \(headName) share no implementation (\(baseImpls.sorted().joined(separator: ", ")) against \(headImpls.sorted().joined(separator: ", ")))")
        }
        typealias Pair = (outcome: Outcome, file: String, line: Int)
        func pairs(_ r: RunResult) -> (order: [(String, String)], map: [String: [String: Pair]]) {
            var order: [(String, String)] = []
            var map: [String: [String: Pair]] = [:]
            for v in r.results {
                let name = Suites.canonicalVectorName(v.vector.name)
                let items = v.implementations.isEmpty ? [(vectorItself, Outcome(status: v.status.rawValue))]
                    : v.implementations.map { ($0.implementation, outcome($0)) }
                for (impl, o) in items where map[name]?[impl] == nil {
                    order.append((name, impl))
                    map[name, default: [:]][impl] = (o, v.vector.file, v.place.line)
                }
            }
            return (order, map)
        }
        let b = pairs(base), h = pairs(head)
        var changes: [Change] = []
        var unchanged = 0
        for (name, impl) in h.order {
            let now = h.map[name]![impl]!
            guard let before = b.map[name]?[impl] else {
                changes.append(Change(vector: name, implementation: impl, base: nil, head: now.outcome, kind: .new,
                                      regression: now.outcome.bad, file: now.file, line: now.line))
                continue
            }
            let (x, y) = (before.outcome, now.outcome)
            if x == y { unchanged += 1; continue }
            let kind: Kind
            if x.status == "pass" && y.bad { kind = .passToFail }
            else if x.bad && y.status == "pass" { kind = .fixed }
            else if y.status == "unsupported" { kind = .newlyUnsupported }
            else if x.status == "unsupported" { kind = .newlySupported }
            else if y.status == "pending" { kind = .newlyPending }
            else if x.answer == "refused" && y.answer == "refused" { kind = .otherClass }
            else if x.answer == "outputs" && y.answer == "outputs" { kind = .otherAnswer }
            else if x.bad && y.bad { kind = .failsDifferently }
            else { kind = .changed }
            // Newly supported or no longer pending, but failing, is a failure that was not there;
            // a pair that becomes pending is no longer compared: coverage lost.
            let regression = [.passToFail, .newlyUnsupported, .newlyPending, .otherClass, .otherAnswer, .failsDifferently].contains(kind)
                || ((kind == .newlySupported || kind == .changed) && y.bad)
            var change = Change(vector: name, implementation: impl, base: x, head: y, kind: kind, regression: regression, file: now.file, line: now.line)
            if kind == .otherAnswer { change.detail = whereDiffers(x, y) }
            changes.append(change)
        }
        for (name, impl) in b.order where h.map[name]?[impl] == nil {
            let before = b.map[name]![impl]!
            // A pair that passed and is gone silently takes coverage away: a regression.
            changes.append(Change(vector: name, implementation: impl, base: before.outcome, head: nil, kind: .gone,
                                  regression: before.outcome.status == "pass", file: before.file, line: before.line))
        }
        var result = Result(base: baseName, head: headName, changes: changes, unchanged: unchanged)
        result.stoppedOpening = stoppedOpening(base, head, changes)
        return result
    }

    /// The regressions of archived vectors, by writer and reader.
    static func stoppedOpening(_ base: RunResult, _ head: RunResult, _ changes: [Change]) -> [StoppedOpening] {
        var releases: [String: Release] = [:]
        for r in base.results + head.results { if let rel = r.vector.release { releases[Suites.canonicalVectorName(r.vector.name)] = rel } }
        var out: [StoppedOpening] = []
        for c in changes where c.regression && c.implementation != vectorItself {
            guard let rel = releases[c.vector] else { continue }
            if let k = out.firstIndex(where: { $0.release == rel && $0.reader == c.implementation }) { out[k].artifacts.append(c.vector) }
            else { out.append(StoppedOpening(release: rel, reader: c.implementation, artifacts: [c.vector])) }
        }
        return out
    }

    /// Each kind of change as the comparison's Markdown names it.
    public static let titles: [(Kind, String)] = [
        (.passToFail, "pass → fail"), (.newlyUnsupported, "newly unsupported"), (.newlyPending, "newly pending (no longer compared)"),
        (.otherClass, "refused with another class"), (.otherAnswer, "another wrong answer"),
        (.failsDifferently, "fails differently"), (.new, "new"), (.gone, "gone"), (.fixed, "fixed (fail → pass)"),
        (.newlySupported, "newly supported"), (.changed, "other changes"),
    ]

    /// The comparison as JSON (`concord-compare/1`, docs/ci.md).
    public static func json(_ r: Result) -> JSON {
        func outcome(_ o: Outcome?) -> JSON {
            guard let o else { return .null }
            var x: [(key: String, value: JSON)] = [("status", .string(o.status))]
            if let a = o.answer { x.append(("answer", .string(a))) }
            if let c = o.errorClass { x.append(("class", .string(c))) }
            // Optional: a wrong answer's fields, each with the value answered.
            if !o.mismatch.isEmpty {
                x.append(("mismatch", .array(o.mismatch.map { .object([("field", .string($0.field)), ("actual", $0.actual)]) })))
            }
            return .object(x)
        }
        var summary: [(key: String, value: JSON)] = [("regressions", .int(Int64(r.regressions)))]
        for k in Kind.allCases { summary.append((k.rawValue, .int(Int64(r.count(k))))) }
        summary.append(("unchanged", .int(Int64(r.unchanged))))
        return .object([
            ("format", .string("concord-compare/1")),
            ("base", .string(r.base)), ("head", .string(r.head)),
            ("summary", .object(summary)),
            ("stoppedOpening", .array(r.stoppedOpening.map { s in
                .object([("release", ReleaseMatrix.json(s.release)), ("reader", .string(s.reader)),
                         ("artifacts", .array(s.artifacts.map { .string($0) }))])
            })),
            ("changes", .array(r.changes.map { c in
                .object([("vector", .string(c.vector)), ("implementation", .string(c.implementation)),
                         ("kind", .string(c.kind.rawValue)), ("regression", .bool(c.regression)),
                         ("base", outcome(c.base)), ("head", outcome(c.head))]
                        + (c.detail.map { [("detail", JSON.string($0))] } ?? [])
                        + [("file", .string(c.file)), ("line", .int(Int64(c.line)))])
            })),
        ])
    }
}
