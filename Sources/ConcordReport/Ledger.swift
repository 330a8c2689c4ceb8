import ConcordFiles
import ConcordFormats
import ConcordJudging
import ConcordLoading
import ConcordReportFormat
import ConcordSuites
import ConcordYAML
import Foundation
import ConcordPacks

/// A project's divergence ledger (docs/ledger.md): the failures it knows of, each with what the
/// implementation does instead and why, so that a run whose only failures are ledgered passes the
/// gate, while a ledgered divergence that no longer happens (stale) or whose date passed (expired)
/// fails it: the ledger only shrinks.
public struct Ledger: Sendable {
    /// What a ledgered implementation does instead of passing.
    public enum Divergence: String, Sendable, CaseIterable {
        /// It answered with outputs, and they are wrong (other bytes, or it accepted what must be refused).
        case fail
        /// It refused (with `errorClass` when given: exactly that class).
        case refused
        /// It could not be checked (a crash, a timeout, a broken answer).
        case error
    }

    /// What the other side did, when an entry holds only against that (`against:`): in a run, what
    /// the vector expects (`refused`: an invalid vector; `accepted`: outputs, or an acceptable
    /// vector); in an exploration, what every implementation on the other sides answered. So
    /// `tink refused (format) against refused` knows a refusal-class difference, never Tink
    /// refusing what the others accept.
    public enum Against: String, Sendable, CaseIterable {
        case refused, accepted
    }

    /// What an entry whose pattern can name every vector of a suite says of itself (`scope:`,
    /// docs/ledger.md): such an entry silences a whole suite (or every suite it matches) on its
    /// implementation, so it is refused unless it says so, and every run warns of it with a count.
    public enum Scope: String, Sendable, CaseIterable {
        /// Every vector of the one suite its suite part names (`closer.field/*`).
        case suite
        /// Every vector of every suite it matches (`*`, `closer.*`, `*/*`).
        case suites
    }

    public struct Entry: Sendable {
        /// A vector name (`suite/id`), or a pattern with `*` (any characters) and `?` (one).
        public var vector: String
        /// Given when the pattern can name every vector of a suite (nil otherwise; the reader holds
        /// the two to each other).
        public var scope: Scope?
        public var implementation: String
        public var status: Divergence
        public var errorClass: ErrorClass?
        /// Only against this answer of the other side (nil: against any).
        public var against: Against?
        public var reason: String
        /// The last day the entry holds (`YYYY-MM-DD`, UTC); from the next day on it is expired.
        public var expires: String?
        public var link: String?
        /// Where the entry starts (`ledger.yaml:4:5`), for every message about it.
        public var origin: String
        /// The entry's line and column in the ledger file.
        public var line: Int = 0
        public var column: Int = 0

        public var isPattern: Bool { vector.contains("*") || vector.contains("?") }
        /// Whether it names only exploration findings (`SUITE/explore-…`, docs/exploration.md).
        public var namesExplorationFindings: Bool {
            guard let slash = vector.firstIndex(of: "/") else { return false }
            return vector[vector.index(after: slash)...].hasPrefix("explore-")
        }
        /// The file its `origin` names (`FILE:LINE:COLUMN`).
        public var originFile: String {
            var parts = origin.split(separator: ":", omittingEmptySubsequences: false)
            guard parts.count >= 3, Int(parts[parts.count - 1]) != nil, Int(parts[parts.count - 2]) != nil else { return origin }
            parts.removeLast(2)
            return parts.joined(separator: ":")
        }

        /// What the entry says it does: `refused (authentication)`.
        public var described: String {
            status.rawValue + (errorClass.map { " (\($0.rawValue))" } ?? "") + (against.map { " against \($0.rawValue)" } ?? "")
        }

        public init(vector: String, scope: Scope? = nil, implementation: String, status: Divergence, errorClass: ErrorClass? = nil,
                    against: Against? = nil, reason: String, expires: String? = nil, link: String? = nil, origin: String) {
            self.vector = vector; self.scope = scope; self.implementation = implementation; self.status = status; self.errorClass = errorClass
            self.against = against; self.reason = reason; self.expires = expires; self.link = link; self.origin = origin
        }

        /// Whether the entry names vector `name`: old suite names are the same vectors, on either
        /// side, for a name as for a pattern (`field/*` names `closer.field/x`).
        public func names(_ name: String) -> Bool {
            names(name, canonical: Suites.canonicalVectorName(name), pattern: Suites.canonicalVectorName(vector))
        }

        /// `names` with the canonical forms of the name and of the entry's vector already made.
        func names(_ name: String, canonical: String, pattern: String) -> Bool {
            if isPattern { return Ledger.glob(vector, name) || Ledger.glob(pattern, canonical) }
            return pattern == canonical
        }

        /// The suite every vector the entry can name belongs to, when its suite part has no wildcard.
        var suite: String? {
            guard let slash = vector.firstIndex(of: "/") else { return nil }
            let s = String(vector[..<slash])
            if s.contains("*") || s.contains("?") { return nil }
            return Suites.canonicalVectorName(s + "/x").split(separator: "/").first.map(String.init)
        }
    }

    /// An archived vector retired (docs/archive.md): a format deliberately dropped, said with a
    /// reason and the day it was retired. A retired vector is not run, and the archive's integrity
    /// check lets it be removed or changed.
    public struct Retirement: Sendable {
        /// A vector name (`suite/id`) or a pattern with `*` and `?`.
        public var vector: String
        public var reason: String
        public var date: String
        public var origin: String
        public init(vector: String, reason: String, date: String, origin: String) {
            self.vector = vector; self.reason = reason; self.date = date; self.origin = origin
        }
        public func names(_ name: String) -> Bool {
            vector.contains("*") || vector.contains("?") ? Ledger.glob(vector, name) || Ledger.glob(Suites.canonicalVectorName(vector), Suites.canonicalVectorName(name))
                : Suites.canonicalVectorName(vector) == Suites.canonicalVectorName(name)
        }
    }

    public var file: String
    public var entries: [Entry]
    public var retired: [Retirement] = []

    public init(file: String, entries: [Entry], retired: [Retirement] = []) { self.file = file; self.entries = entries; self.retired = retired }

    /// The retirement that names an archived vector, if any.
    public func retirement(of name: String) -> Retirement? { retired.first { $0.names(name) } }

    public struct Problem: Error, Sendable, CustomStringConvertible {
        public var description: String
        public init(_ d: String) { description = d }
    }

    public static let format = "concord-ledger/1"

    /// Reads a ledger file. `known` says whether an implementation name is one this run can know
    /// (a built-in one, `captured:NAME`, a user adapter): any other is refused at its place.
    public static func load(path: String, maxBytes: Int = InputFile.defaultMaxBytes, known: (String) -> Bool = { _ in true }) throws(Problem) -> Ledger {
        let bytes: [UInt8]
        do { bytes = try InputFile.read(path, maxBytes: maxBytes, regularFileOnly: true) } catch { throw Problem(error.description) }
        return try parse(bytes, file: path, known: known)
    }

    public static func parse(_ bytes: [UInt8], file: String, known: (String) -> Bool = { _ in true }) throws(Problem) -> Ledger {
        let root: Node
        do { root = try YAMLParser(expected: "a mapping with the key divergences (docs/ledger.md)").parse(bytes) } catch {
            throw Problem("\(file):\(error)")
        }
        func fail(_ node: Node, _ what: String) -> Problem { Problem("\(file):\(node.mark): \(what)") }
        func fields(_ node: Node, _ what: String, allowed: [String]) throws(Problem) -> [(key: String, node: Node, value: Node)] {
            guard let m = node.mapping else { throw fail(node, "\(what) must be a mapping, found \(node.typeDescription)") }
            var out: [(key: String, node: Node, value: Node)] = []
            for (k, v) in m {
                guard let s = k.string ?? k.scalarText else { throw fail(k, "a key of \(what) must be text") }
                if out.contains(where: { $0.key == s }) { throw fail(k, "\(what) has the key \"\(s)\" twice") }
                guard allowed.contains(s) else {
                    throw fail(k, "\(what) has an unknown key \"\(s)\" (allowed: \(allowed.joined(separator: ", ")))")
                }
                out.append((s, k, v))
            }
            return out
        }
        func text(_ node: Node, _ at: String) throws(Problem) -> String {
            guard let s = node.string else {
                if let t = node.scalarText, node.mapping == nil, node.sequence == nil {
                    throw fail(node, "\(at) must be a string, found \(node.typeDescription) (write it in quotes: \"\(t)\")")
                }
                throw fail(node, "\(at) must be a string, found \(node.typeDescription)")
            }
            if s.trimmingCharacters(in: .whitespaces).isEmpty { throw fail(node, "\(at) is empty") }
            return s
        }
        var list: Node?
        var retiredList: Node?
        for f in try fields(root, "the ledger", allowed: ["format", "divergences", "retired"]) {
            if f.key == "format" {
                let v = try text(f.value, "format")
                guard v == format else { throw fail(f.value, "format is \"\(v)\"; this concord reads \(format)") }
            } else if f.key == "retired" {
                retiredList = f.value
            } else {
                list = f.value
            }
        }
        var retired: [Retirement] = []
        if let retiredList {
            guard let items = retiredList.sequence else { throw fail(retiredList, "retired must be a list of entries, found \(retiredList.typeDescription)") }
            for (k, item) in items.enumerated() {
                let at = "retired[\(k)]"
                var values: [String: (String, Node)] = [:]
                for f in try fields(item, at, allowed: ["vector", "reason", "date"]) { values[f.key] = (try text(f.value, "\(at).\(f.key)"), f.value) }
                for required in ["vector", "reason", "date"] where values[required] == nil {
                    throw fail(item, "\(at) has no \(required)" + (required == "reason" ? " (a retirement says why the format was dropped)" : required == "date" ? " (the day it was retired, YYYY-MM-DD)" : ""))
                }
                let (vector, vectorNode) = values["vector"]!
                if !vector.contains("/") && !vector.contains("*") {
                    throw fail(vectorNode, "\(at).vector \"\(vector)\" is not a vector name suite/id (or a pattern with * or ?)")
                }
                if vector.contains("[") || vector.contains("]") { throw fail(vectorNode, "\(at).vector: a pattern knows * and ? only; [ and ] are not allowed") }
                let (d, dateNode) = values["date"]!
                if !isDate(d) { throw fail(dateNode, "\(at).date \"\(d)\" is not a date YYYY-MM-DD") }
                retired.append(Retirement(vector: vector, reason: values["reason"]!.0, date: d, origin: "\(file):\(item.mark)"))
            }
        }
        guard let list else {
            if !retired.isEmpty { return Ledger(file: file, entries: [], retired: retired) }
            throw fail(root, "the ledger has no divergences list (divergences: [] for none)")
        }
        guard let items = list.sequence else { throw fail(list, "divergences must be a list of entries, found \(list.typeDescription)") }
        var entries: [Entry] = []
        // Each entry's (implementation, vector) once, the vector by its canonical name (old suite
        // names are the same vectors): a dictionary, so that a ledger of any size reads in linear time.
        var seen: [String: Int] = [:]
        let allowed = Self.entryKeys
        for (k, item) in items.enumerated() {
            let at = "divergences[\(k)]"
            var values: [String: (String, Node)] = [:]
            for f in try fields(item, at, allowed: allowed) { values[f.key] = (try text(f.value, "\(at).\(f.key)"), f.value) }
            for required in ["vector", "implementation", "status", "reason"] where values[required] == nil {
                throw fail(item, "\(at) has no \(required)" + (required == "reason" ? " (every known divergence says why)" : ""))
            }
            let (vector, vectorNode) = values["vector"]!
            if vector.contains("[") || vector.contains("]") {
                throw fail(vectorNode, "\(at).vector: a pattern knows * and ? only; [ and ] are not allowed")
            }
            if !vector.contains("*") && !vector.contains("/") {
                throw fail(vectorNode, "\(at).vector \"\(vector)\" is not a vector name suite/id (or a pattern with * or ?)")
            }
            let (implementation, implNode) = values["implementation"]!
            if !known(implementation) { throw fail(implNode, "\(at).implementation: unknown implementation \"\(implementation)\"") }
            let (statusText, statusNode) = values["status"]!
            guard let status = Divergence(rawValue: statusText) else {
                let hint = statusText == "unsupported" ? " (unsupported is never a pass: it cannot be ledgered)"
                    : statusText == "pass" ? " (a passing vector needs no entry)" : ""
                throw fail(statusNode, "\(at).status \"\(statusText)\" is not one of \(Divergence.allCases.map(\.rawValue).joined(separator: ", "))\(hint)")
            }
            var errorClass: ErrorClass?
            if let (c, node) = values["class"] {
                guard status == .refused else { throw fail(node, "\(at).class is the class of a refusal: only with status: refused") }
                guard let ec = ErrorClass(rawValue: c) else {
                    throw fail(node, "\(at).class \"\(c)\" is not one of \(ErrorClass.allCases.map(\.rawValue).joined(separator: ", "))")
                }
                errorClass = ec
            }
            var against: Against?
            if let (a, node) = values["against"] {
                guard let x = Against(rawValue: a) else {
                    throw fail(node, "\(at).against \"\(a)\" is not one of \(Against.allCases.map(\.rawValue).joined(separator: ", ")) (what the other side did)")
                }
                against = x
            }
            if let (d, node) = values["expires"], !isDate(d) {
                throw fail(node, "\(at).expires \"\(d)\" is not a date YYYY-MM-DD")
            }
            let scope = try Self.scope(of: vector, at: at, vectorNode: vectorNode, stated: values["scope"], fail: fail)
            let origin = "\(file):\(item.mark)"
            var entry = Entry(vector: vector, scope: scope, implementation: implementation, status: status, errorClass: errorClass, against: against,
                              reason: values["reason"]!.0, expires: values["expires"]?.0, link: values["link"]?.0, origin: origin)
            entry.line = item.mark.line
            entry.column = item.mark.column
            let named = entry.isPattern ? vector : Suites.canonicalVectorName(vector)
            let key = implementation + "\u{0}" + named
            if let twin = seen[key] {
                let spelled = named == vector ? "" : " (\(named))"
                throw fail(item, "\(at) names \(vector)\(spelled) on \(implementation) again (first at \(entries[twin].origin))")
            }
            seen[key] = entries.count
            entries.append(entry)
        }
        return Ledger(file: file, entries: entries, retired: retired)
    }

    /// The keys an entry may have, in the order docs/ledger.md and the schema give them.
    public static let entryKeys = ["vector", "scope", "implementation", "status", "class", "against", "reason", "expires", "link"]

    /// The scope an entry must state: the one its pattern has (`wholeSuites`), else none. A pattern
    /// that can silence a whole suite without saying so is refused at its vector, a `scope` that
    /// does not say what the pattern names at the scope.
    static func scope(of vector: String, at: String, vectorNode: Node, stated: (String, Node)?,
                      fail: (Node, String) -> Problem) throws(Problem) -> Scope? {
        let has = vector.contains("*") || vector.contains("?") ? wholeSuites(vector) : nil
        let what = has == .suite ? "every vector of the suite \(vector.prefix { $0 != "/" })" : "every vector of every suite it matches"
        guard let (text, node) = stated else {
            if let has {
                throw fail(vectorNode, "\(at).vector \"\(vector)\" names \(what), so the entry silences all of them on its implementation: "
                           + "say so with scope: \(has.rawValue), or name fewer vectors (docs/ledger.md)")
            }
            return nil
        }
        guard let s = Scope(rawValue: text) else {
            throw fail(node, "\(at).scope \"\(text)\" is not one of \(Scope.allCases.map(\.rawValue).joined(separator: ", "))")
        }
        guard let has else {
            throw fail(node, "\(at).scope: \"\(vector)\" cannot name every vector of a suite; scope is only for a pattern that can (remove it)")
        }
        if s != has { throw fail(node, "\(at).scope is \(s.rawValue), but \"\(vector)\" names \(what): write scope: \(has.rawValue)") }
        return s
    }

    /// Whether a pattern can name every vector of some suite (a vector name is `suite/id`, the suite
    /// without `/`, the id not empty), and then whether its suite part names one suite (`suite`:
    /// `closer.field/*`) or not (`suites`: `*`, `closer.*`, `*/?*`). Exact for these globs: every
    /// id, one made of characters the pattern does not spell included, is named only when all the
    /// pattern's literal characters fall within `suite/` and what follows them is wildcards that
    /// take any id. So either the last literal is the only `/` and the wildcards after it take every
    /// length from 1 (a `*`, at most one `?`), or no literal is a `/` and a `*` follows the last
    /// literal (it takes the `/` and the id).
    static func wholeSuites(_ pattern: String) -> Scope? {
        let p = Array(pattern.unicodeScalars)
        var tail = p.count
        while tail > 0 && (p[tail - 1] == "*" || p[tail - 1] == "?") { tail -= 1 }
        let wildcards = p[tail...]
        let star = wildcards.contains("*"), ones = wildcards.filter { $0 == "?" }.count
        let slashes = p.indices.filter { p[$0] == "/" }
        if slashes.isEmpty { return star ? .suites : nil }
        guard slashes == [tail - 1], tail > 1, star, ones <= 1 else { return nil }
        return p[..<(tail - 1)].contains(where: { $0 == "*" || $0 == "?" }) ? .suites : .suite
    }

    /// A real calendar date written `YYYY-MM-DD`.
    static func isDate(_ s: String) -> Bool {
        let parts = s.split(separator: "-", omittingEmptySubsequences: false)
        guard parts.count == 3, parts[0].count == 4, parts[1].count == 2, parts[2].count == 2,
              parts.allSatisfy({ $0.allSatisfy { $0.isASCII && $0.isNumber } }),
              let y = Int(parts[0]), let m = Int(parts[1]), let d = Int(parts[2]), (1...12).contains(m), d >= 1 else { return false }
        let leap = (y % 4 == 0 && y % 100 != 0) || y % 400 == 0
        let days = [31, leap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][m - 1]
        return d <= days
    }

    /// Today's date in UTC, `YYYY-MM-DD` (what `expires` is compared with).
    public static func today(_ now: Date = Date()) -> String {
        var c = Calendar(identifier: .gregorian)
        c.timeZone = TimeZone(identifier: "UTC")!
        let d = c.dateComponents([.year, .month, .day], from: now)
        return String(format: "%04d-%02d-%02d", d.year!, d.month!, d.day!)
    }

    /// `*` any characters (`/` included), `?` one character; everything else itself.
    static func glob(_ pattern: String, _ text: String) -> Bool {
        let p = Array(pattern.unicodeScalars), t = Array(text.unicodeScalars)
        var pi = 0, ti = 0, star = -1, mark = 0
        while ti < t.count {
            if pi < p.count && (p[pi] == "?" || p[pi] == t[ti]) { pi += 1; ti += 1 }
            else if pi < p.count && p[pi] == "*" { star = pi; mark = ti; pi += 1 }
            else if star >= 0 { pi = star + 1; mark += 1; ti = mark }
            else { return false }
        }
        while pi < p.count && p[pi] == "*" { pi += 1 }
        return pi == p.count
    }

    /// The entries' names as the run spells them: a Wycheproof vector of a checkout may be named with
    /// more or fewer of its file's folders, and a pattern is matched against each spelling
    /// (`VectorNames`; an entry naming several vectors is refused before, `ambiguities`).
    /// What each plain entry's vector names in `run` (a Wycheproof file's spelling with more or
    /// fewer folders resolved to the one vector it means; otherwise the name canonical), nil for a
    /// pattern.
    func resolvedNames(_ run: RunResult) -> [String?] {
        let resolutions = VectorNames.resolve(entries.map(\.vector), among: run.results.lazy.map(\.vector))
        return zip(entries, resolutions).map { e, r in
            if e.isPattern { return nil }
            if case .one(let n) = r { return n }
            return Suites.canonicalVectorName(e.vector)
        }
    }

    /// The entries that name several vectors of `vectors` (a Wycheproof file's old spelling in a checkout
    /// holding the file in two folders), each a located refusal naming them.
    public func ambiguities<S: Sequence>(among vectors: S) -> [Problem] where S.Element == Vector {
        let plain = entries.indices.filter { !entries[$0].isPattern }
        let resolutions = VectorNames.resolve(plain.map { entries[$0].vector }, among: vectors)
        return zip(plain, resolutions).compactMap { k, r in
            guard case .several(let names) = r else { return nil }
            let e = entries[k]
            return Problem("\(e.origin): divergences[\(k)].vector \"\(e.vector)\" names \(names.count) vectors of this run: "
                           + names.joined(separator: " and ") + "; write the one it means")
        }
    }

    /// What an implementation did on a vector, as a ledger entry would say it (nil: it passed or
    /// was pending; `unsupported` is its own word, never ledgered).
    public static func observed(_ i: ImplementationResult) -> (status: String, errorClass: ErrorClass?)? {
        switch i.status {
        case .pass, .pending: return nil
        case .unsupported: return ("unsupported", nil)
        case .error: return (Divergence.error.rawValue, nil)
        case .fail:
            if case .refused(let e) = i.outcome { return (Divergence.refused.rawValue, e.errorClass) }
            return (Divergence.fail.rawValue, nil)
        }
    }

    static func matches(_ e: Entry, _ i: ImplementationResult, expecting: Expectation) -> Bool {
        guard let o = observed(i), o.status == e.status.rawValue else { return false }
        if let c = e.errorClass, o.errorClass != c { return false }
        switch (e.against, expecting) {
        case (nil, _), (.refused?, .error), (.accepted?, .outputs), (.accepted?, .none): return true
        default: return false
        }
    }

    /// The entries that can name a vector, found without trying every entry on every vector: exact
    /// names by canonical name, patterns whose suite part is fixed by that suite, other patterns
    /// apart; each list in file order.
    struct Index {
        var exact: [String: [Int]] = [:]
        var bySuite: [String: [Int]] = [:]
        var anywhere: [Int] = []
        /// Each entry's vector with an old suite name made canonical.
        var canonical: [String] = []
        /// Whether any entry is a pattern (then every spelling of a vector is tried on them).
        var patterns = false

        /// `resolved`: each plain entry's vector as it names a vector of the run (`resolvedNames`).
        init(_ entries: [Entry], resolved: [String?]? = nil) {
            canonical.reserveCapacity(entries.count)
            for (k, e) in entries.enumerated() {
                let c = Suites.canonicalVectorName(e.vector)
                canonical.append(c)
                if !e.isPattern { exact[resolved?[k] ?? c, default: []].append(k) }
                else if let s = e.suite { bySuite[s, default: []].append(k); patterns = true }
                else { anywhere.append(k); patterns = true }
            }
        }

        /// The entries naming the vector `v` (called `name`): plain entries by the name they resolved
        /// to, patterns by any of its spellings (a checkout's vector with none, some or all of its
        /// file's folders: VectorNames.spellings), in file order.
        func naming(_ v: Vector, _ name: String, in entries: [Entry]) -> [Int] {
            naming(name, spellings: patterns ? VectorNames.spellings(v) : [name], in: entries)
        }

        private func naming(_ name: String, spellings: [String], in entries: [Entry]) -> [Int] {
            let c = Suites.canonicalVectorName(name)
            let suite = c.firstIndex(of: "/").map { String(c[..<$0]) } ?? c
            var out = exact[c] ?? []
            let candidates = (bySuite[suite] ?? []) + anywhere
            guard !candidates.isEmpty else { return out }
            let spelled = spellings.map { ($0, Suites.canonicalVectorName($0)) }
            out += candidates.filter { k in spelled.contains { entries[k].names($0.0, canonical: $0.1, pattern: canonical[k]) } }
            return out.count > 1 ? out.sorted() : out
        }
    }

    /// The ledger held to a run: which failures it knows, which entries are stale, expired or not
    /// checked, and which silence whole suites (`broad`). `today` is `YYYY-MM-DD`; `shard`: the run
    /// is one slice (an entry naming no vector of it, or a pattern knowing none of its failures, is
    /// not checked here: the merged report holds it).
    public func judge(_ run: RunResult, today: String = Ledger.today(), shard: Bool = false) -> LedgerVerdict {
        var v = LedgerVerdict(ledger: self)
        var knownPairs = [Int](repeating: 0, count: entries.count)
        var namedPairs = [Int](repeating: 0, count: entries.count)
        var namedVectors = [Int](repeating: 0, count: entries.count)
        var otherwise: [String?] = Array(repeating: nil, count: entries.count)
        // An entry that matched a failure an earlier entry knows: that earlier entry.
        var shadowedBy: [Int?] = Array(repeating: nil, count: entries.count)
        let index = Index(entries, resolved: resolvedNames(run))
        let present = Set(run.implementations.filter { $0.startFailure == nil }.map(\.name))
        let suites = Set(run.results.map { Suites.canonicalVectorName($0.vector.name).split(separator: "/").first.map(String.init) ?? "" })
        // An exploration's report (docs/exploration.md, "Known differences"): its findings are known by
        // the exploration rule (`knowing(exploring:op:sides:)`), its explored ops name nothing.
        let exploration = run.results.contains { $0.explored != nil }
        for r in run.results {
            let name = r.vector.name
            if let explored = r.explored {
                guard let f = explored.finding, f.kind != .crash else { continue }
                let suite = r.vector.suite
                let base = "\(suite)/\(ExploredTarget.id(op: f.op))"
                for k in entries.indices where entries[k].names(base) {
                    let mine = f.sides.filter { $0.implementations.contains(entries[k].implementation) }.count
                    if mine > 0 { namedVectors[k] += 1; namedPairs[k] += mine }
                }
                guard let known = knowing(exploring: suite, op: f.op, sides: f.sides) else { continue }
                for (implementation, k) in known {
                    knownPairs[k] += 1
                    v.known[name, default: [:]][implementation] = k
                }
                if r.status == .fail || r.status == .error { v.knownVectors.insert(name) }
                continue
            }
            let naming = index.naming(r.vector, name, in: entries)
            guard !naming.isEmpty else { continue }
            for k in naming { namedVectors[k] += 1 }
            for i in r.implementations {
                let mine = naming.filter { entries[$0].implementation == i.implementation }
                guard !mine.isEmpty else { continue }
                for k in mine { namedPairs[k] += 1 }
                let matching = mine.filter { Self.matches(entries[$0], i, expecting: r.vector.expect) }
                if let k = matching.first {
                    knownPairs[k] += 1
                    v.known[name, default: [:]][i.implementation] = k
                    for later in matching.dropFirst() where shadowedBy[later] == nil { shadowedBy[later] = k }
                }
                // What the entries that do not describe this answer would have to know instead.
                for k in mine where otherwise[k] == nil && !matching.contains(k) {
                    if i.status == .pending {
                        otherwise[k] = "\(name) on \(i.implementation) is now pending (a placeholder: its values are not compared)"
                    } else if let o = Self.observed(i) {
                        otherwise[k] = "\(name) on \(i.implementation) now " + (o.status == "unsupported" ? "is unsupported"
                            : o.status == "refused" ? "refuses (\(o.errorClass?.rawValue ?? "?"))" : o.status == "error" ? "errors" : "fails with a wrong answer")
                    }
                }
            }
        }
        for r in run.results where (r.status == .fail || r.status == .error) && r.explored == nil {
            let failing = r.implementations.filter { $0.status == .fail || $0.status == .error }
            if !failing.isEmpty && failing.allSatisfy({ v.known[r.vector.name]?[$0.implementation] != nil }) {
                v.knownVectors.insert(r.vector.name)
            }
        }
        for (k, e) in entries.enumerated() {
            // An exploration meets what its cases happen to reach: it judges no entry stale or expired.
            if let x = e.expires, x < today, !exploration { v.expired.append(k) }
            if e.scope != nil { v.broad.append((k, knownPairs[k], namedPairs[k])) }
            if knownPairs[k] > 0 { continue }
            if exploration {
                v.notChecked.append((k, "an exploration does not judge its ledger's entries: its cases may not have met what this one describes"))
            } else if e.namesExplorationFindings {
                v.notChecked.append((k, "it names exploration findings (\(e.vector)): concord explore holds it, a run of vectors meets none"))
            } else if !present.contains(e.implementation) {
                v.notChecked.append((k, "\(e.implementation) was not part of this run"))
            } else if namedVectors[k] == 0 && (shard || e.suite.map { !suites.contains($0) } ?? false) {
                v.notChecked.append((k, shard ? "no vector of this shard is \(e.vector)" : "this run has no vector of the suite \(e.suite!)"))
            } else if shard && e.isPattern {
                v.notChecked.append((k, "the pattern knows no failure of this shard (another shard's vectors may be its)"))
            } else if let j = shadowedBy[k] {
                // It describes failures that happen, but an earlier entry knows each of them first.
                let first = entries[j]
                v.stale.append((k, "an earlier entry knows every failure it describes in this run (\(first.origin): \(first.vector) on "
                                   + "\(first.implementation), \(first.described)), so it knows none and its reason is never shown; "
                                   + "move it above that entry, or remove it"))
                v.shadowedBy[k] = j
            } else if namedVectors[k] == 0 {
                v.stale.append((k, "this run has no vector \(e.isPattern ? "matching " : "")\(e.vector)"))
            } else if namedPairs[k] == 0 {
                v.stale.append((k, "\(e.implementation) ran no vector \(e.isPattern ? "matching " : "")\(e.vector)"))
            } else {
                v.stale.append((k, otherwise[k].map { "it no longer diverges as ledgered: \($0)" } ?? "it no longer diverges: \(e.vector) passes on \(e.implementation)"))
            }
        }
        return v
    }
}

/// A ledger held to one run (`Ledger.judge`).
public struct LedgerVerdict: Sendable {
    public var ledger: Ledger
    /// vector name → implementation → the index of the entry that knows its divergence.
    public var known: [String: [String: Int]] = [:]
    /// Failed or erroring vectors whose every failing or erroring implementation is known.
    public var knownVectors: Set<String> = []
    /// Entries that no longer diverge as ledgered, with why.
    public var stale: [(entry: Int, why: String)] = []
    /// Entries whose `expires` day has passed.
    public var expired: [Int] = []
    /// Entries this run could not hold (their implementation was not run, their suite not selected, a shard).
    public var notChecked: [(entry: Int, why: String)] = []
    /// Stale entries that are shadowed: the earlier entry that knows what they describe.
    public var shadowedBy: [Int: Int] = [:]
    /// Every entry with a `scope` (it can silence a whole suite), with how many failures it knows in
    /// this run and how many of its implementation's answers it names: warned of on every run.
    public var broad: [(entry: Int, knows: Int, names: Int)] = []

    public init(ledger: Ledger) { self.ledger = ledger }

    public func isKnown(_ r: VectorResult) -> Bool { knownVectors.contains(r.vector.name) }

    /// The entry that knows `implementation`'s divergence on `r`, if one does.
    public func entry(_ r: VectorResult, _ implementation: String) -> Ledger.Entry? {
        known[r.vector.name]?[implementation].map { ledger.entries[$0] }
    }

    /// The known vectors with their ledgered implementations, in the run's order.
    public func knownResults(_ run: RunResult) -> [(result: VectorResult, entries: [(implementation: String, entry: Ledger.Entry)])] {
        run.results.filter(isKnown).map { r in
            (r, r.implementations.compactMap { i in entry(r, i.implementation).map { (i.implementation, $0) } })
        }
    }

    /// One line per stale or expired entry, for the gate and every report.
    public var problems: [String] { problemEntries.map(\.message) }

    /// Each stale or expired entry with what it is (`stale`, `expired`) and its line.
    public var problemEntries: [(entry: Int, kind: String, message: String)] {
        stale.map { s in
            let e = ledger.entries[s.entry]
            let fix = shadowedBy[s.entry] == nil ? "; remove it" : ""
            return (s.entry, "stale", "\(e.origin): stale ledger entry \(e.vector) on \(e.implementation) (\(e.described)): \(s.why)\(fix) (its reason: \(e.reason))")
        } + expired.map { k in
            let e = ledger.entries[k]
            return (k, "expired", "\(e.origin): ledger entry \(e.vector) on \(e.implementation) expired on \(e.expires!) (its reason: \(e.reason))")
        }
    }

    /// One warning per entry with a `scope`, on every run: it can silence a whole suite (or every
    /// suite it matches), and what it silences in this run.
    public var warnings: [String] {
        broad.map { b in
            let e = ledger.entries[b.entry]
            return "\(e.origin): ledger entry \(e.vector) on \(e.implementation) (\(e.described), scope: \(e.scope!.rawValue)) " + silences(b)
        }
    }

    /// What a broad entry silences: `silences every vector of the suite closer.field: it knows 3
    /// failures of this run (of 40 answers of swift it names)`.
    public func silences(_ b: (entry: Int, knows: Int, names: Int)) -> String {
        let e = ledger.entries[b.entry]
        let whole = e.scope == .suite ? "every vector of the suite \(e.vector.prefix { $0 != "/" })" : "every vector of every suite it matches"
        return "silences \(whole): it knows \(b.knows == 1 ? "1 failure" : "\(b.knows) failures") of this run "
            + "(of \(b.names) answer\(b.names == 1 ? "" : "s") of \(e.implementation) it names)"
    }

    /// The `ledger` object of the JSON report (docs/VECTORS.md).
    public func json(_ run: RunResult) -> JSON {
        func entry(_ e: Ledger.Entry) -> [(key: String, value: JSON)] {
            var o: [(key: String, value: JSON)] = [("vector", .string(e.vector))]
            if let s = e.scope { o.append(("scope", .string(s.rawValue))) }
            o += [("implementation", .string(e.implementation)), ("status", .string(e.status.rawValue))]
            if let c = e.errorClass { o.append(("class", .string(c.rawValue))) }
            if let a = e.against { o.append(("against", .string(a.rawValue))) }
            o.append(("reason", .string(e.reason)))
            if let x = e.expires { o.append(("expires", .string(x))) }
            if let l = e.link { o.append(("link", .string(l))) }
            o.append(("origin", .string(e.origin)))
            return o
        }
        // Every known pair, also one of a vector that still fails for another implementation.
        var knownPairs: [JSON] = []
        for r in run.results {
            guard let byImplementation = self.known[r.vector.name] else { continue }
            for i in r.implementations {
                guard let k = byImplementation[i.implementation] else { continue }
                let e = ledger.entries[k]
                var o: [(key: String, value: JSON)] = [("vector", .string(r.vector.name)), ("implementation", .string(i.implementation)),
                                                       ("status", .string(e.status.rawValue))]
                if let c = e.errorClass { o.append(("class", .string(c.rawValue))) }
                if let a = e.against { o.append(("against", .string(a.rawValue))) }
                o.append(("reason", .string(e.reason)))
                o.append(("origin", .string(e.origin)))
                if let l = e.link { o.append(("link", .string(l))) }
                knownPairs.append(.object(o))
            }
        }
        var top: [(key: String, value: JSON)] = [
            ("file", .string(ledger.file)),
            ("known", .array(knownPairs)),
            ("stale", .array(stale.map { s in
                .object(entry(ledger.entries[s.entry]) + [("why", .string(s.why))]
                        + (shadowedBy[s.entry].map { [("shadowedBy", .string(ledger.entries[$0].origin))] } ?? []))
            })),
            ("expired", .array(expired.map { .object(entry(ledger.entries[$0])) })),
            ("notChecked", .array(notChecked.map { s in .object(entry(ledger.entries[s.entry]) + [("why", .string(s.why))]) })),
        ]
        // Optional: only with an entry that has a scope.
        if !broad.isEmpty {
            top.append(("broad", .array(broad.map { b in
                .object(entry(ledger.entries[b.entry]) + [("knows", .int(Int64(b.knows))), ("names", .int(Int64(b.names)))])
            })))
        }
        return .object(top)
    }
}

extension Ledger {
    /// The ledger a project file declares (`ledger: FILE`, relative to the project file's folder),
    /// or nil when it declares none. Only the `ledger` key is read here; the rest of the file is
    /// UserAdapters' (a file that is not a mapping is refused at its place).
    public static func declared(inProject path: String, maxBytes: Int = InputFile.defaultMaxBytes) throws(Problem) -> String? {
        let bytes: [UInt8]
        do { bytes = try InputFile.read(path, maxBytes: maxBytes, regularFileOnly: true) } catch { throw Problem(error.description) }
        let root: Node
        do { root = try YAMLParser(expected: "a mapping with the keys adapters and ledger (docs/platforms.md, docs/ledger.md)").parse(bytes) } catch {
            throw Problem("\(path):\(error)")
        }
        guard let m = root.mapping else { throw Problem("\(path):\(root.mark): the project file must be a mapping, found \(root.typeDescription)") }
        guard let (_, value) = m.first(where: { ($0.key.string ?? $0.key.scalarText) == "ledger" }) else { return nil }
        guard let file = value.string, !file.isEmpty else {
            throw Problem("\(path):\(value.mark): ledger must be the path of the ledger file, found \(value.typeDescription)")
        }
        if file.unicodeScalars.contains("\0") { throw Problem("\(path):\(value.mark): ledger contains a NUL character") }
        let folder = (path as NSString).deletingLastPathComponent
        return file.hasPrefix("/") || folder.isEmpty ? file : folder + "/" + file
    }
}

extension JSONReport {
    /// The report with the ledger's verdict (`ledger`, docs/VECTORS.md) before `results`, which
    /// stays last; a `ledger` it had is replaced.
    public static func addingLedger(_ report: JSON, _ verdict: LedgerVerdict, run: RunResult) -> JSON {
        guard var top = report.objectValue else { return report }
        top.removeAll { $0.key == "ledger" }
        let at = top.firstIndex { $0.key == "results" } ?? top.count
        top.insert(("ledger", verdict.json(run)), at: at)
        return .object(top)
    }
}
