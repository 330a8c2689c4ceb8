import ConcordFormats
import ConcordImplementations
import ConcordJudging
import ConcordLoading
import ConcordSuites
import ConcordPacks

/// The consistency rules a saved report (`concord-report/1`) is held to before anything reads a
/// verdict from it: `concord report`, `concord merge` (each shard) and `concord diff` (a report
/// side) call this one function (docs/report.md, "What a reader checks"). A report that breaks one
/// is refused (exit 2), never rendered or merged as if it said something:
/// - a JSON object of format `concord-report/1`, every number finite (`1e999` reads as infinity);
/// - `implementations`: at least one, each with a valid name (a built-in one, an adapter's
///   `[a-z0-9._-]+`, or `captured:NAME`), none twice; `version` and `startFailure` strings,
///   `started` a boolean;
/// - `results`: each with a known vector name `suite/id`, its `file` and `line`, a known `status`,
///   and per implementation (each one of `implementations`) a known status; no vector twice;
/// - each vector's status agrees with its implementations' as the runner decides it (Judge.vector):
///   `fail` exactly when one failed; otherwise `error` exactly when one errored or none ran it
///   (every one unsupported, or none at all); `pass` only when none is pending;
/// - `summary`: the counts of `RunSummary` recounted from `results` (`vectors`, `passed`, `failed`,
///   `pending`, `unsupported`, `errors` required; the others, when present, equal too).
public enum ReportCheck {
    public struct Problem: Error, Sendable, CustomStringConvertible {
        /// What is wrong, without the report's name.
        public var message: String
        /// Where in the report's JSON (for `file:line:column`).
        public var path: [ReportMerge.Step]
        public var description: String { message }
        init(_ message: String, at path: [ReportMerge.Step] = []) {
            self.message = message
            self.path = path
        }
    }

    static let vectorStatuses = ["pass", "fail", "pending", "error"]
    static let implementationStatuses = ["pass", "fail", "pending", "error", "unsupported"]
    static let requiredCounts = ["vectors", "passed", "failed", "pending", "unsupported", "errors"]

    /// Why `name` cannot be an implementation's in a report, or nil. Built-in names, user adapters'
    /// (lower-case letters, digits, '.', '_', '-') and `captured:NAME` (NAME non-empty, without
    /// spaces, commas or control characters, as a captured file's `implementation.name`).
    public static func badImplementationName(_ name: String) -> String? {
        if Catalog.names.contains(name) { return nil }
        if name.hasPrefix("captured:") {
            let rest = name.dropFirst("captured:".count)
            let ok = !rest.isEmpty && rest.unicodeScalars.allSatisfy { s in
                !(s.properties.isWhitespace || s == "," || s.properties.generalCategory == .control || s.properties.generalCategory == .format)
            }
            return ok ? nil : "is not a captured file's name (captured:NAME, NAME without spaces or commas)"
        }
        let ok = !name.isEmpty && name.unicodeScalars.allSatisfy { ("a"..."z").contains($0) || ("0"..."9").contains($0) || "._-".unicodeScalars.contains($0) }
        return ok ? nil : "is not an implementation name (a built-in one, an adapter's lower-case letters, digits, '.', '_' or '-', or captured:NAME)"
    }

    /// Throws the first rule `report` breaks.
    public static func check(_ report: JSON) throws(Problem) {
        guard report.objectValue != nil else { throw Problem("the report is not a JSON object") }
        if let at = ReportMerge.nonFinite(report) { throw Problem("a number that is not finite (a report holds finite numbers only)", at: at) }
        guard report["format"]?.stringValue == JSONReport.format else {
            throw Problem("not a \(JSONReport.format) report (format is \(report["format"]?.serialized() ?? "missing"))", at: [.key("format")])
        }
        guard let impls = report["implementations"]?.arrayValue else {
            throw Problem("the report has no \"implementations\" array", at: [.key("implementations")])
        }
        var names = Set<String>()
        for (k, impl) in impls.enumerated() {
            let here: [ReportMerge.Step] = [.key("implementations"), .index(k)]
            guard impl.objectValue != nil, let name = impl["name"]?.stringValue else {
                throw Problem("implementations[\(k)] has no \"name\"", at: here)
            }
            if let why = badImplementationName(name) { throw Problem("implementations[\(k)].name \"\(name)\" \(why)", at: here + [.key("name")]) }
            guard names.insert(name).inserted else { throw Problem("implementation \(name) is listed twice", at: here + [.key("name")]) }
            for key in ["version", "startFailure"] {
                if let v = impl[key], v.stringValue == nil {
                    throw Problem("implementations[\(k)].\(key) must be a string", at: here + [.key(key)])
                }
            }
            if let v = impl["started"], JSONReport.boolean(v) == nil {
                throw Problem("implementations[\(k)].started must be true or false", at: here + [.key("started")])
            }
        }
        guard let results = report["results"]?.arrayValue else { throw Problem("the report has no \"results\" array", at: [.key("results")]) }
        var seen: [String: Int] = [:]
        for (i, result) in results.enumerated() {
            let here: [ReportMerge.Step] = [.key("results"), .index(i)]
            guard result.objectValue != nil, let name = result["vector"]?.stringValue else {
                throw Problem("results[\(i)] has no \"vector\" (its name suite/id)", at: here)
            }
            try checkResult(result, name, index: i, implementations: names, at: here)
            let canonical = Suites.canonicalVectorName(name)
            if let first = seen[canonical] {
                throw Problem("vector \(name) is in the report twice (results[\(first)] and results[\(i)])", at: here + [.key("vector")])
            }
            seen[canonical] = i
        }
        guard !impls.isEmpty else {
            throw Problem("the report names no implementation (\"implementations\": []): nothing can have checked its vectors", at: [.key("implementations")])
        }
        guard let summary = report["summary"], summary.objectValue != nil else {
            throw Problem("the report has no \"summary\" object", at: [.key("summary")])
        }
        let recount = ReportMerge.summary(results)
        for (key, value) in recount.objectValue ?? [] {
            guard let given = summary[key] else {
                if requiredCounts.contains(key) { throw Problem("summary.\(key) is missing (the results count \(value.serialized()))", at: [.key("summary")]) }
                continue
            }
            if given.intValue != value.intValue || given.serialized() != value.serialized() {
                throw Problem("summary.\(key) is \(given.serialized()) but the results count \(value.serialized())", at: [.key("summary"), .key(key)])
            }
        }
    }

    /// A scenario run's results are its trials (docs/scenarios.md, "Reports").
    static let scenarioPrefix = "scenario:"

    /// `scenario:NAME/ROLE=IMPL,…/trial-K`: a scenario's name (a vector id's characters), each role
    /// and implementation named, a trial number.
    static func isScenarioTrial(_ name: String) -> Bool {
        let parts = name.dropFirst(scenarioPrefix.count).split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 3, VectorID.isValid(String(parts[0])) else { return false }
        let roles = parts[1].split(separator: ",", omittingEmptySubsequences: false)
        guard !roles.isEmpty, roles.allSatisfy({ r in
            let kv = r.split(separator: "=", omittingEmptySubsequences: false)
            return kv.count == 2 && !kv[0].isEmpty && !kv[1].isEmpty
        }) else { return false }
        guard parts[2].hasPrefix("trial-"), let k = Int(parts[2].dropFirst(6)), k >= 0 else { return false }
        return true
    }

    /// An exploration's `exploration` object (docs/report.md, "Explorations"): readable, and for a
    /// finding, sides of valid names with none on two sides, and every implementation that answered
    /// in the result on one of them; for an explored op, an implementation's counts only for those
    /// that answered in the result.
    static func checkExploration(_ e: JSON, _ name: String, answered: Set<String>, at here: [ReportMerge.Step]) throws(Problem) {
        let explored: Explored
        do { explored = try Explored(json: e) } catch {
            throw Problem("\(name): exploration" + error.path.map { "." + $0 }.joined() + " " + error.message,
                          at: here + error.path.map { k in Int(k).map { .index($0) } ?? .key(k) })
        }
        switch explored {
        case .target(let t):
            for a in t.answers where !answered.contains(a.implementation) {
                throw Problem("\(name): exploration.answers names \(a.implementation), which did not answer in this result", at: here + [.key("answers"), .key(a.implementation)])
            }
        case .finding(let f):
            var seen = Set<String>()
            for (k, side) in f.sides.enumerated() {
                for n in side.implementations {
                    if let why = badImplementationName(n) { throw Problem("\(name): exploration.sides[\(k)] names \"\(n)\", which \(why)", at: here + [.key("sides"), .index(k)]) }
                    guard seen.insert(n).inserted else { throw Problem("\(name): \(n) is on two sides of the finding", at: here + [.key("sides"), .index(k)]) }
                }
            }
            for n in answered.sorted() where !seen.contains(n) {
                throw Problem("\(name): \(n) answered in the result but is on no side of the finding", at: here + [.key("sides")])
            }
        }
    }

    /// One result: a known vector name, its file and line, known statuses, implementations the
    /// report lists, and a status that agrees with its implementations'.
    static func checkResult(_ result: JSON, _ name: String, index i: Int, implementations listed: Set<String>,
                            at here: [ReportMerge.Step]) throws(Problem) {
        if name.hasPrefix(scenarioPrefix) {
            guard isScenarioTrial(name) else {
                throw Problem("results[\(i)].vector \"\(name)\" is not a scenario trial scenario:NAME/ROLE=IMPL,…/trial-K (docs/scenarios.md)", at: here + [.key("vector")])
            }
        } else if case .badName(let why) = CapturedRules.make([])(name) {
            throw Problem("results[\(i)].vector \"\(name)\" \(why)", at: here + [.key("vector")])
        }
        guard result["file"]?.stringValue?.isEmpty == false else {
            throw Problem("the result for \(name) has no \"file\" (the vector file it came from)", at: here)
        }
        guard let line = result["line"]?.intValue, line >= 1 else {
            throw Problem("the result for \(name) has no \"line\" (a positive integer)", at: here)
        }
        if let kind = result["result"], !["valid", "invalid", "acceptable", "pending"].contains(kind.stringValue ?? "") {
            throw Problem("the result for \(name) has an unknown \"result\" \(kind.serialized()) (valid, invalid, acceptable or pending)", at: here + [.key("result")])
        }
        let status = result["status"]?.stringValue ?? ""
        guard vectorStatuses.contains(status) else {
            throw Problem("the result for \(name) has an unknown status \(result["status"]?.serialized() ?? "(missing)")", at: here + [.key("status")])
        }
        var statuses: [String: String] = [:]
        if let field = result["implementations"] {
            guard let pairs = field.objectValue else {
                throw Problem("the result for \(name) has \"implementations\" that is not an object", at: here + [.key("implementations")])
            }
            for (impl, outcome) in pairs {
                let at = here + [.key("implementations"), .key(impl)]
                guard listed.contains(impl) else {
                    throw Problem("\(name) has an answer of \(impl), which the report's \"implementations\" do not list", at: at)
                }
                let s = outcome["status"]?.stringValue ?? ""
                guard implementationStatuses.contains(s) else {
                    throw Problem("\(name) on \(impl) has an unknown status \(outcome["status"]?.serialized() ?? "(missing)")", at: at + [.key("status")])
                }
                guard statuses.updateValue(s, forKey: impl) == nil else {
                    throw Problem("\(name) has two answers of \(impl)", at: at)
                }
            }
        }
        if let e = result["exploration"] { try checkExploration(e, name, answered: Set(statuses.keys), at: here + [.key("exploration")]) }
        // The runner's verdict (Judge.vector) from the implementations' statuses.
        let all = Array(statuses.values)
        func who(_ s: String) -> String { statuses.filter { $0.value == s }.keys.sorted().joined(separator: ", ") }
        let failed = all.contains("fail"), errored = all.contains("error")
        let ran = all.contains { $0 != "unsupported" && $0 != "error" }
        let statusAt = here + [.key("status")]
        if failed && status != "fail" {
            throw Problem("\(name) is \(status) but \(who("fail")) failed it: a vector an implementation fails is a failure", at: statusAt)
        }
        if !failed && status == "fail" {
            throw Problem("\(name) is fail but no implementation failed it", at: statusAt)
        }
        if failed { return }
        if errored && status != "error" {
            throw Problem("\(name) is \(status) but \(who("error")) could not run it: such a vector is an error", at: statusAt)
        }
        if !ran && status != "error" {
            let why = all.isEmpty ? "no implementation answered it" : "every implementation reported it unsupported"
            throw Problem("\(name) is \(status) but \(why): a vector nothing checked is an error", at: statusAt)
        }
        if status == "error" && !errored && ran {
            throw Problem("\(name) is error but no implementation erred and \(who("pass").isEmpty ? who("pending") : who("pass")) checked it", at: statusAt)
        }
        if status == "pass" && all.contains("pending") {
            throw Problem("\(name) is pass but \(who("pending")) left it pending", at: statusAt)
        }
        // A vector whose answer is not settled compares nothing: it is never a pass.
        if result["result"]?.stringValue == "pending" {
            if status == "pass" { throw Problem("\(name) is pass but its result is pending: a vector whose answer is not settled is never a pass", at: statusAt) }
            if let passed = statuses.first(where: { $0.value == "pass" }) {
                throw Problem("\(name) is pending (its result), but \(passed.key) passed it: nothing is compared with a pending vector", at: here + [.key("implementations"), .key(passed.key), .key("status")])
            }
        }
    }
}

