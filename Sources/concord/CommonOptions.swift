import ConcordFormats
import ConcordJudging
import ConcordFiles
import ConcordImplementations
import ConcordReport
import ConcordLoading
import ConcordSuites
import ConcordWorkflows
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

    /// The words a session says, on this process's streams (Streams: one writer of each).
    static let terminal: Terminal = {
        var t = Terminal(message: { stderr($0) }, raw: { stderrRaw($0) }, out: { Streams.out($0) },
                         outBytes: { Streams.out(bytes: $0) }, isTerminal: { isatty($0) == 1 },
                         writeFailure: { writeFailure($0, $1) })
        t.watch = { Interrupt.watch($0) }
        t.holdIfInterrupted = { Interrupt.holdIfInterrupted() }
        t.progress = { quiet, unit, shown in
            let p = ProgressLine.forCommand(quiet: quiet, unit: unit, shown: shown)
            return Terminal.Progress(enabled: p.enabled, update: { p.update($0, $1) }, show: { p.show($0) }, finish: { p.finish() })
        }
        return t
    }()

    /// The command's session (Session): the project file read once (its settings too when the
    /// command runs what it declares), the user's adapters, this process's streams.
    static func session(_ o: SharedOptions, settings: Bool = true, tolerant: Bool = false) throws(UsageError) -> Session {
        try usage { () throws(Session.Problem) in
            try Session(home: Home.find(), project: o.project, adapters: o.adapter, settings: settings, tolerant: tolerant, maxBytes: o.maxBytes, terminal: terminal)
        }
    }

    /// The report outputs of the shared options (`--markdown`, `--junit`, `--html`; the terminal
    /// summary's `--verbose`, `--quiet`, `--max-failures`), the JSON report at `json`.
    static func output(_ s: Session, _ o: SharedOptions, json: String?) throws(UsageError) -> ReportOutput {
        var out = try usage { () throws(Session.Problem) in
            try s.output(json: json, markdown: o.markdown, junit: o.junit, html: o.html, ledger: o.ledger, version: concordVersion)
        }
        out.verbose = o.verbose
        out.quiet = o.quiet
        out.maxFailures = Int(o.maxFailures ?? 20)
        return out
    }

    /// The gate of `--fail-on` and `--require`.
    static func gate(_ s: Session, _ o: SharedOptions) throws(UsageError) -> Gate {
        try usage { () throws(Session.Problem) in try s.gate(failOn: o.failOn, require: o.require) }
    }

    /// The divergence ledger (`--ledger`, else the project file's); nil and `failed` when it cannot be read.
    static func readLedger(_ s: Session, _ o: SharedOptions, failed: inout Bool) throws(UsageError) -> Ledger? {
        var bad = false
        let l = try usage { () throws(Session.Problem) in try s.ledger(o.ledger, failed: &bad) }
        failed = failed || bad
        return l
    }
}

/// A session's refusal is a usage error (exit 2, with the usage hint).
func usage<T>(_ body: () throws(Session.Problem) -> T) throws(UsageError) -> T {
    do { return try body() } catch { throw UsageError(error.description) }
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
