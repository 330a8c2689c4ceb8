import ConcordFormats
import ConcordJudging
import ConcordFiles
import ConcordImplementations
import ConcordReport
import ConcordLoading
import ConcordSuites
import ConcordYAML
import Foundation

/// The values of the options several commands share (Common). A command's declarations set the
/// ones it has; the others stay unset (nil, false, empty), as they were never given.
struct SharedOptions {
    var implementations: String?
    var jobs: Int64?
    var timeout: Double?
    var maxFileBytes: Int64?
    var maxDepth: Int64?
    var maxKdfMemory: UInt64?
    var maxKdfWork: UInt64?
    var verbose = false
    var quiet = false
    var adapter: [String] = []
    var project: String?
    var markdown: String?
    var html: String?
    var junit: String?
    var failOn: String?
    var require: String?
    var maxFailures: Int64?
    var ledger: String?

    /// The largest input file read (`--max-file-bytes`, else the default).
    var maxBytes: Int { Int(maxFileBytes ?? Int64(InputFile.defaultMaxBytes)) }
}

/// The options several commands share, declared once so that every command spells them alike.
enum Common {
    static var implementations: Arg<SharedOptions> { .value(\.implementations, OptionSpec.value("implementations", "NAME,…", aliases: ["implementation"],
        "only these implementations (\(Catalog.names.joined(separator: ", ")))")) }
    static var jobs: Arg<SharedOptions> { .integer(\.jobs, OptionSpec.value("jobs", "N", short: "j", "heavy jobs in flight at once (default: the number of cores); each adapter also runs its cheap requests on a lane of its own")) }
    static var timeout: Arg<SharedOptions> { .number(\.timeout, OptionSpec.value("timeout", "SECONDS", "per-request timeout for adapter processes (default 300)")) }
    static var maxFileBytes: Arg<SharedOptions> { .integer(\.maxFileBytes, OptionSpec.value("max-file-bytes", "N", "refuse input files larger than this (default 67108864)")) }
    static var maxDepth: Arg<SharedOptions> { .integer(\.maxDepth, OptionSpec.value("max-depth", "N", "refuse YAML nested deeper than this (default 64, at most 1000)")) }
    static var maxKdfMemory: Arg<SharedOptions> { .unsigned(\.maxKdfMemory, OptionSpec.value("max-kdf-memory", "KIB", "refuse an Argon2 hash above this memory (default 4194304 = 4 GiB)")) }
    static var maxKdfWork: Arg<SharedOptions> { .unsigned(\.maxKdfWork, OptionSpec.value("max-kdf-work", "N", "refuse an Argon2 hash above m×t (default 67108864)")) }
    static var verbose: Arg<SharedOptions> { .flag(\.verbose, OptionSpec.flag("verbose", short: "v", "also list passing vectors and every unsupported reason")) }
    static var quiet: Arg<SharedOptions> { .flag(\.quiet, OptionSpec.flag("quiet", short: "q", "print nothing but failures (and no progress line)")) }
    // The user's own adapters (a platform kit's serve, docs/platforms.md): never named in a vector file.
    static var adapter: Arg<SharedOptions> { .list(\.adapter, OptionSpec.repeatable("adapter", "NAME=COMMAND", "also run this adapter (the app's own code, docs/platforms.md) as NAME")) }
    static var project: Arg<SharedOptions> { .value(\.project, OptionSpec.value("project", "FILE", "the project file: adapters, and what a run with no path covers (default: the nearest concord.yaml, here or in a parent folder up to the repository's root)")) }

    // The report outputs of run, merge and report.
    static var markdown: Arg<SharedOptions> { .value(\.markdown, OptionSpec.value("markdown", "PATH", "a Markdown summary (also appended to $GITHUB_STEP_SUMMARY when set)")) }
    static var html: Arg<SharedOptions> { .value(\.html, OptionSpec.value("html", "PATH", "one self-contained HTML page: the matrix, filters, highlighted mismatches")) }
    static var junit: Arg<SharedOptions> { .value(\.junit, OptionSpec.value("junit", "PATH", "JUnit XML (one testsuite per suite, one testcase per vector × implementation)")) }
    static var failOn: Arg<SharedOptions> { .value(\.failOn, OptionSpec.value("fail-on", "CONDITION,…", "also fail on: pending, unsupported, divergence, missing, error (default: error)")) }
    static var require: Arg<SharedOptions> { .value(\.require, OptionSpec.value("require", "NAME,…", "fail when a named implementation could not start or was not run")) }
    static var maxFailures: Arg<SharedOptions> { .integer(\.maxFailures, min: 0, OptionSpec.value("max-failures", "N", "show this many failures in full on the terminal (default 20)")) }

    static var ledger: Arg<SharedOptions> { .value(\.ledger, OptionSpec.value("ledger", "FILE", "the divergence ledger: known failures pass the gate, stale or expired entries fail it (default: the project file's ledger:, docs/ledger.md)")) }

    static var reportOutputs: [Arg<SharedOptions>] { [markdown, html, junit, failOn, require, maxFailures, verbose, quiet, ledger] }

    static let dashNote = "Every PATH of an output may be \"-\": standard output (then the terminal summary, progress and annotations go to standard error)."
    static let exitNote = "exit status: 0 nothing failed, 1 a vector failed or could not be run, nothing was checked, a named implementation did not start (or --fail-on/--require), 2 unreadable input or a bad option, 130 interrupted (143 SIGTERM, 129 SIGHUP)"

    /// The loader with the file limits the options ask for.
    static func loader(_ o: SharedOptions) -> VectorLoader {
        var limits = YAMLParser.Limits()
        if let b = o.maxFileBytes { limits.maxBytes = Int(b) }
        if let d = o.maxDepth { limits.maxDepth = Int(d) }
        return VectorLoader(yamlLimits: limits)
    }

    /// The Argon2 limits of `--max-kdf-memory` and `--max-kdf-work` (docs/limits.md).
    static func limits(_ o: SharedOptions) -> Limits {
        var limits = Limits()
        if let m = o.maxKdfMemory { limits.maxKdfMemoryKiB = m }
        if let w = o.maxKdfWork { limits.maxKdfWork = w }
        return limits
    }

    /// A comma-separated list of implementation names, each known (else exit 2 with the known ones).
    static func implementationNames(_ list: String, option: String, user: [UserAdapter] = []) throws(UsageError) -> [String] {
        let names = list.split(separator: ",", omittingEmptySubsequences: false).map { $0.trimmingCharacters(in: .whitespaces) }
        if names.isEmpty || names.contains("") { throw UsageError("\(option) needs a comma-separated list of names") }
        for n in names { try known(n, option: option, user: user) }
        return names
    }

    static func known(_ n: String, option: String, user: [UserAdapter] = []) throws(UsageError) {
        guard Catalog.names.contains(n) || n.hasPrefix("captured:") || user.contains(where: { $0.name == n }) else {
            let close = Catalog.names.min { editDistance(n, $0) < editDistance(n, $1) }.flatMap { editDistance(n, $0) <= 2 ? " (did you mean \($0)?)" : nil } ?? ""
            throw UsageError("\(option): unknown implementation \"\(n)\"\(close) (known: \(Catalog.names.joined(separator: ", ")))")
        }
    }

    /// The gate of `--fail-on` and `--require`.
    static func gate(_ o: SharedOptions, user: [UserAdapter] = []) throws(UsageError) -> Gate {
        var gate = Gate()
        // An empty list, or an empty item (`--fail-on ''`, `--require jvm,`), is a mistake in a CI
        // file (an unset variable), never "nothing more": refused.
        if let f = o.failOn {
            if f.split(separator: ",", omittingEmptySubsequences: false).contains(where: { $0.trimmingCharacters(in: .whitespaces).isEmpty }) {
                throw UsageError("--fail-on needs a comma-separated list of conditions (\(Gate.Condition.allCases.map(\.rawValue).joined(separator: ", "))), got \"\(f)\"")
            }
            do { gate.failOn = try Gate.conditions(f) } catch { throw UsageError("\(error)") }
        }
        if let r = o.require {
            gate.required = try implementationNames(r, option: "--require", user: user)
        }
        return gate
    }

    /// The project file a command reads: `--project FILE` when the command has it, else the
    /// nearest concord.yaml (ProjectFile; one it refuses is refused by the readers, exit 2).
    static func projectFile(_ o: SharedOptions) -> String? {
        (try? ProjectFile.locate(o.project)) ?? nil
    }

    /// The project file and the divergence ledger a command reads (`--ledger`, else the project
    /// file's `ledger:`), named by what they are: no output may be written over them (OutputPlan).
    /// A ledger the project file names but that cannot be found is left to `ledger`'s message.
    static func projectFiles(_ o: SharedOptions) -> [(role: String, path: String)] {
        var out: [(role: String, path: String)] = []
        let project = projectFile(o)
        if let project { out.append(("the project file", project)) }
        if let l = o.ledger ?? project.flatMap({ try? Ledger.declared(inProject: $0, maxBytes: o.maxBytes) }), !l.isEmpty {
            out.append(("the divergence ledger", l))
        }
        return out
    }

    /// The divergence ledger of `--ledger FILE`, else the one the project file declares (`--project`
    /// when the command has it, else ./concord.yaml when it exists), else none (nil). Read before
    /// anything runs: a malformed one is printed with its place, and `failed` is set (exit 2).
    static func ledger(_ o: SharedOptions, user: [UserAdapter] = [], failed: inout Bool) throws(UsageError) -> Ledger? {
        var path = o.ledger
        if path?.isEmpty == true { throw UsageError("--ledger needs a path") }
        let maxBytes = o.maxBytes
        do {
            if path == nil, let project = projectFile(o) {
                path = try Ledger.declared(inProject: project, maxBytes: maxBytes)
            }
            guard let path else { return nil }
            return try Ledger.load(path: path, maxBytes: maxBytes) { n in
                Catalog.names.contains(n) || n.hasPrefix("captured:") || user.contains { $0.name == n }
            }
        } catch {
            stderr("concord: \(error.description)")
            failed = true
            return nil
        }
    }

    /// The ledger held to a run (`Ledger.judge`), its warnings printed to standard error on every
    /// run, `--quiet` or not: an entry that can silence a whole suite is never silent itself.
    static func judge(_ ledger: Ledger?, _ result: RunResult, shard: Bool = false) -> LedgerVerdict? {
        guard let verdict = ledger?.judge(result, shard: shard) else { return nil }
        for w in verdict.warnings { stderr("concord: warning: \(w)") }
        return verdict
    }

    /// The user's adapters: `--adapter NAME=COMMAND` and the project file (concord.yaml or --project).
    static func userAdapters(_ o: SharedOptions) throws(UsageError) -> [UserAdapter] {
        do { return try UserAdapters.load(options: o.adapter, project: o.project) } catch { throw UsageError(error.description) }
    }

    /// What the project file (concord.yaml or --project) declares a run covers (VectorSelection).
    static func projectSettings(_ o: SharedOptions) throws(UsageError) -> ProjectSettings? {
        do { return try ProjectSettings.load(project: o.project) } catch { throw UsageError(error.description) }
    }
}

/// One message line to standard error. Messages carry text from input (file names, ids, values,
/// adapter names and messages): escaped whole, line breaks included, so that nothing in them
/// moves the cursor or starts a line of its own (a `::error::` GitHub command).
func stderr(_ s: String) { stderrRaw(Printable.escape(s.hasSuffix("\n") ? String(s.dropLast()) : s)) }

/// Concord's own text (the usage, an already escaped summary), written as is.
func stderrRaw(_ s: String) { Streams.err(s) }

/// The message of an output that could not be written (AtomicFile's errors already name the path).
func writeFailure(_ path: String, _ error: any Error) -> String {
    // A write cut short by a signal is not a failure to report: the signal's exit comes instead.
    Interrupt.holdIfInterrupted()
    let d = error.localizedDescription
    return d.hasPrefix("cannot write \(path)") ? "concord: \(d)" : "concord: cannot write \(path): \(d)"
}

/// One line to standard output, escaped as `stderr` does.
func say(_ s: String) { Streams.out(Printable.escape(s) + "\n") }

/// Whether the ledger names a vector ambiguously among `vectors` (printed, each located): a
/// refusal, exit 2, before anything is judged.
func ledgerIsAmbiguous<S: Sequence>(_ ledger: Ledger?, among vectors: S) -> Bool where S.Element == Vector {
    guard let problems = ledger?.ambiguities(among: vectors), !problems.isEmpty else { return false }
    for p in problems { stderr("concord: \(p)") }
    return true
}

func loadVectors(_ paths: [String], _ loader: VectorLoader) -> [Vector]? {
    let loaded = loader.load(.paths(paths))
    let (vectors, errors, notes) = (loaded.vectors, loaded.errors, loaded.notes)
    for n in notes { stderr("concord: note: \(n)") }
    if !errors.isEmpty {
        for e in errors { stderr("concord: \(e)") }
        stderr("concord: \(errors.count) error\(errors.count == 1 ? "" : "s") in the input; nothing was run")
        return nil
    }
    return vectors
}

extension Common {
    /// The implementations not available here left out by the one policy (Availability): refused
    /// (exit 2) when the command line named one.
    static func leaveOut(_ impls: [any Implementation], _ availability: inout Availability) throws(UsageError) -> [any Implementation] {
        do { return try availability.leaveOut(impls) } catch { throw UsageError(error.description) }
    }
}

func implementations(_ names: [String], settings: Catalog.Settings, user: [UserAdapter] = []) throws(UsageError) -> [any Implementation] {
    var out: [any Implementation] = []
    for n in names {
        guard let impl = Catalog.make(n, settings: settings) ?? user.first(where: { $0.name == n })?.make(settings) else {
            throw UsageError("unknown implementation \"\(n)\" (known: \(Catalog.names.joined(separator: ", ")))")
        }
        if out.contains(where: { $0.name == n }) { throw UsageError("implementation \(n) is named twice") }
        out.append(impl)
    }
    return out
}
