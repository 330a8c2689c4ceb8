import ConcordFiles
import ConcordFormats
import ConcordImplementations
import ConcordJudging
import ConcordLoading
import ConcordReport
import Foundation

/// What every command that runs implementations repeats, done once (docs/design.md, "A command's
/// session"): the project file (found as ProjectFile finds it) with its adapters and settings; the
/// implementations named (`--implementations`), made and held to the one availability policy
/// (Availability), started and closed; what to run (VectorSelection); the gate (`--fail-on`,
/// `--require`) and the divergence ledger; the seed of generated values; every report format
/// (ReportOutput). `run`, `fill`, `export`, `scenario`, `explore` and `merge` open one; a command
/// is its typed options and a short body over it. A refusal is a `Problem` (exit 2).
public struct Session {
    /// A refusal before anything runs: the command line or the project file asks for what cannot be (exit 2).
    public struct Problem: Error, CustomStringConvertible {
        public var description: String
        public init(_ description: String) { self.description = description }
    }

    /// The repository Concord runs from (its own vectors, adapters, ledger and cost table).
    public let home: String
    /// Where messages go (the executable's streams).
    public let terminal: Terminal
    /// The project file read (`--project`, else the nearest concord.yaml), or nil.
    public let projectFile: String?
    /// What it declares a run covers (nil without one, or when the command does not read it).
    public let project: ProjectSettings?
    /// The user's adapters: `--adapter NAME=COMMAND` and the project file's.
    public let user: [UserAdapter]
    /// The largest input file read.
    public let maxBytes: Int

    /// Reads the project file once: its adapters (the whole file checked) and, when `settings`,
    /// what it declares a run covers. `tolerant`: a project file whose adapters cannot be read
    /// gives none (a command that reads only its ledger: validate).
    public init(home: String, project: String?, adapters: [String], settings: Bool = true, tolerant: Bool = false,
                maxBytes: Int = InputFile.defaultMaxBytes, terminal: Terminal) throws(Problem) {
        self.home = home
        self.terminal = terminal
        self.maxBytes = maxBytes
        projectFile = (try? ProjectFile.locate(project)) ?? nil
        var read: (ProjectSettings?, [UserAdapter]) = (nil, [])
        do {
            read = (settings ? try ProjectSettings.load(project: project, maxBytes: maxBytes) : nil,
                    try UserAdapters.load(options: adapters, project: project, maxBytes: maxBytes))
        } catch {
            guard tolerant else { throw Problem(error.description) }
        }
        (self.project, user) = read
    }

    // MARK: Implementations

    /// Every implementation this session knows: the catalog's, then the user's adapters.
    public var allNames: [String] { Catalog.names + user.map(\.name) }

    /// `--implementations`' list (each name known), else every implementation.
    public func names(_ list: String?, option: String = "--implementations") throws(Problem) -> [String] {
        guard let list else { return allNames }
        return try checkedNames(list, option: option)
    }

    /// A comma-separated list of implementation names, each known (else a refusal naming the known ones).
    public func checkedNames(_ list: String, option: String) throws(Problem) -> [String] {
        let names = list.split(separator: ",", omittingEmptySubsequences: false).map { $0.trimmingCharacters(in: .whitespaces) }
        if names.isEmpty || names.contains("") { throw Problem("\(option) needs a comma-separated list of names") }
        for n in names { try known(n, option: option) }
        return names
    }

    /// A known implementation's name (the catalog's, a captured file's, an adapter's), else a refusal.
    public func known(_ n: String, option: String) throws(Problem) {
        guard Catalog.names.contains(n) || n.hasPrefix("captured:") || user.contains(where: { $0.name == n }) else {
            let close = Catalog.names.min { Self.editDistance(n, $0) < Self.editDistance(n, $1) }
                .flatMap { Self.editDistance(n, $0) <= 2 ? " (did you mean \($0)?)" : nil } ?? ""
            throw Problem("\(option): unknown implementation \"\(n)\"\(close) (known: \(Catalog.names.joined(separator: ", ")))")
        }
    }

    /// The implementations of `names`, made (not started), each once.
    public func make(_ names: [String], settings: Catalog.Settings) throws(Problem) -> [any Implementation] {
        var out: [any Implementation] = []
        for n in names {
            guard let impl = Catalog.make(n, settings: settings) ?? user.first(where: { $0.name == n })?.make(settings) else {
                throw Problem("unknown implementation \"\(n)\" (known: \(Catalog.names.joined(separator: ", ")))")
            }
            if out.contains(where: { $0.name == n }) { throw Problem("implementation \(n) is named twice") }
            out.append(impl)
        }
        return out
    }

    /// The availability policy of a command over `names` (docs/gating.md): the names the command
    /// line gave (`explicit`: `--implementations` was given; `assigned`: `--assign`'s), the user's
    /// adapters among them, and `required` (`--require`) are named.
    public func policy(_ names: [String], explicit: Bool, assigned: [String] = [], required: [String] = []) -> Availability {
        let given = explicit ? names : []
        let named = names.filter { n in given.contains(n) || user.contains { $0.name == n } || assigned.contains(n) }
        let byAssign = assigned.filter { !given.contains($0) }.map { (name: $0, option: "--assign") }
        return Availability(explicit: given.map { ($0, "--implementations") } + byAssign, named: named, required: required)
    }

    /// The implementations of `names`, made and held to the availability policy before anything
    /// starts (Availability.leaveOut): one the command line named that is not available here is a
    /// refusal; the others not available here are left out, said once (`announce`).
    public func implementations(_ names: [String], settings: Catalog.Settings, availability: inout Availability,
                                announce: Bool = true) throws(Problem) -> [any Implementation] {
        let made = try make(names, settings: settings)
        let kept: [any Implementation]
        do { kept = try availability.leaveOut(made) } catch { throw Problem(error.description) }
        if announce { for line in availability.notHereLines { terminal.message("concord: \(line)") } }
        return kept
    }

    /// Starts every implementation at once (an adapter knows its suites once its handshake
    /// arrived), then holds them to the policy (Availability.started), each that did not start said once.
    public func start(_ impls: [any Implementation], availability: Availability) -> (implementations: [any Implementation], failedNamed: [String]) {
        DispatchQueue.concurrentPerform(iterations: impls.count) { impls[$0].prepare() }
        let started = availability.started(impls)
        for line in started.lines { terminal.message("concord: \(line)") }
        return (started.implementations, started.failedNamed)
    }

    // MARK: What to run

    /// What the arguments select (paths, suites, packs; none: what the project declares).
    public func selection(_ arguments: [String]) -> VectorSelection {
        VectorSelection(arguments, project: project, home: home)
    }

    // MARK: Seeds

    /// The seed of generated values: `--seed`'s (0 to 2^64-1), else a new one (below 2^63, so that
    /// every reader of a report holds it as an integer).
    public static func seed(_ given: String?) throws(Problem) -> UInt64 {
        guard let given else {
            var g = SystemRandomNumberGenerator()
            return g.next() >> 1
        }
        guard let v = UInt64(given) else { throw Problem("--seed needs an unsigned integer (0 to 18446744073709551615), got \"\(given)\"") }
        return v
    }

    // MARK: The gate and the ledger

    /// The gate of `--fail-on` and `--require`. An empty list, or an empty item (`--fail-on ''`,
    /// `--require jvm,`), is a mistake in a CI file (an unset variable), never "nothing more": refused.
    public func gate(failOn: String?, require: String?) throws(Problem) -> Gate {
        var gate = Gate()
        if let f = failOn {
            if f.split(separator: ",", omittingEmptySubsequences: false).contains(where: { $0.trimmingCharacters(in: .whitespaces).isEmpty }) {
                throw Problem("--fail-on needs a comma-separated list of conditions (\(Gate.Condition.allCases.map(\.rawValue).joined(separator: ", "))), got \"\(f)\"")
            }
            do { gate.failOn = try Gate.conditions(f) } catch { throw Problem("\(error)") }
        }
        if let r = require { gate.required = try checkedNames(r, option: "--require") }
        return gate
    }

    /// The project file and the divergence ledger the command reads (`ledger`, else the project
    /// file's `ledger:`), named by what they are: no output may be written over them (OutputPlan).
    /// A ledger the project file names but that cannot be found is left to `ledger`'s message.
    public func projectFiles(ledger: String?) -> [(role: String, path: String)] {
        var out: [(role: String, path: String)] = []
        if let projectFile { out.append(("the project file", projectFile)) }
        if let l = ledger ?? projectFile.flatMap({ try? Ledger.declared(inProject: $0, maxBytes: maxBytes) }), !l.isEmpty {
            out.append(("the divergence ledger", l))
        }
        return out
    }

    /// The divergence ledger of `path` (`--ledger`), else the one the project file declares, else
    /// none. Read before anything runs: a malformed one is printed with its place and `failed` is set (exit 2).
    public func ledger(_ path: String?, failed: inout Bool) throws(Problem) -> Ledger? {
        var path = path
        if path?.isEmpty == true { throw Problem("--ledger needs a path") }
        do {
            if path == nil, let projectFile { path = try Ledger.declared(inProject: projectFile, maxBytes: maxBytes) }
            guard let path else { return nil }
            return try readLedger(path)
        } catch {
            terminal.message("concord: \(error.description)")
            failed = true
            return nil
        }
    }

    /// The ledger at `path`, its implementations known to this session.
    public func readLedger(_ path: String) throws(Ledger.Problem) -> Ledger {
        try Ledger.load(path: path, maxBytes: maxBytes) { n in
            Catalog.names.contains(n) || n.hasPrefix("captured:") || user.contains { $0.name == n }
        }
    }

    /// The ledger held to a run (`Ledger.judge`), its warnings printed on every run, `--quiet` or
    /// not: an entry that can silence a whole suite is never silent itself.
    public func judge(_ ledger: Ledger?, _ result: RunResult, shard: Bool = false) -> LedgerVerdict? {
        guard let verdict = ledger?.judge(result, shard: shard) else { return nil }
        for w in verdict.warnings { terminal.message("concord: warning: \(w)") }
        return verdict
    }

    /// Whether the ledger names a vector ambiguously among `vectors` (printed, each located): a
    /// refusal, exit 2, before anything is judged.
    public func ledgerIsAmbiguous<S: Sequence>(_ ledger: Ledger?, among vectors: S) -> Bool where S.Element == Vector {
        guard let problems = ledger?.ambiguities(among: vectors), !problems.isEmpty else { return false }
        for p in problems { terminal.message("concord: \(p)") }
        return true
    }

    // MARK: Reports

    /// Every report format the command was asked for (the JSON report at `json`), held apart from
    /// the files it reads.
    public func output(json: String?, markdown: String?, junit: String?, html: String?, ledger: String?,
                       version: String) throws(Problem) -> ReportOutput {
        try ReportOutput(json: json, markdown: markdown, junit: junit, html: html, readAlso: projectFiles(ledger: ledger),
                         version: version, terminal: terminal)
    }

    /// Levenshtein distance, for "did you mean".
    public static func editDistance(_ a: String, _ b: String) -> Int {
        let x = Array(a), y = Array(b)
        if x.isEmpty { return y.count }
        if y.isEmpty { return x.count }
        var previous = Array(0...y.count)
        for i in 1...x.count {
            var current = [i] + [Int](repeating: 0, count: y.count)
            for j in 1...y.count {
                current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (x[i - 1] == y[j - 1] ? 0 : 1))
            }
            previous = current
        }
        return previous[y.count]
    }
}
