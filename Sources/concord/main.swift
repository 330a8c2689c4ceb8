import ConcordFiles
import ConcordFormats
import ConcordImplementations
import ConcordReport
import ConcordRunner
import ConcordSuites
import ConcordYAML
import Foundation

let concordVersion = "0.1.0"

let usage = """
usage: concord run [PATH…] [options]     run vectors (default: vectors/) on every implementation
       concord list                      contract packs, suites, implementations and their versions
       concord schema                    print the vector-file JSON Schema, derived from the suite definitions
       concord validate PATH…            load vector files and report any error (nothing runs)
       concord export [PATH…] --out FILE one flat JSON file of inputs and answers for platform tests
       concord fill FILE… [--from CAPTURED]… [--trust-captured] [--implementations a,b] [--require IMPL,…] [--dry-run]
                                         replace TODO_ANDROID_RUN placeholders, editing nothing else
                                         (captured values are checked on the live implementations first)
       concord merge REPORT… [--out PATH]  combine shard reports into the report of an unsharded run
       concord diff A B [--implementation NAME] [--json]
                                         compare two captured-outputs files or reports, field by field
       concord --version | help

run options:
  --implementations a,b     only these implementations (\(Catalog.names.joined(separator: ", ")))
  --report PATH             the JSON report (default reports/latest.json; "-" for standard output)
  --jobs N                  jobs in flight at once (default: the number of cores)
  --timeout SECONDS         per-request timeout for adapter processes (default 300)
  --max-kdf-memory KIB      refuse Argon2 vectors above this memory (default 4194304 = 4 GiB)
  --max-kdf-work N          refuse Argon2 vectors above m×t (default 67108864)
  --max-file-bytes N        refuse vector files larger than this (default 67108864)
  --max-depth N             refuse YAML nested deeper than this (default 64, at most 1000)
  --shard K/N               run only the K-th of N deterministic, cost-balanced slices (CI matrices)
  --markdown PATH           a Markdown summary (also appended to $GITHUB_STEP_SUMMARY when set)
  --html PATH               one self-contained HTML page: the matrix, filters, highlighted mismatches
  --junit PATH              JUnit XML (one testsuite per suite, one testcase per vector × implementation)
  --fail-on a,b             also fail on: pending, unsupported, divergence, missing, error (default: error)
  --require IMPL,…          fail when a named implementation could not start
  --captured FILE           add a captured-outputs file (concord-outputs/1) as captured:NAME; repeatable
  --repeat N                run the same vectors N times and print checks per second (benchmarking)
  --no-shared-kdf           every vector derives its own KEK (by default each implementation derives
                            a repeated phrase+salt KEK once per run: docs/performance.md)
  --verbose, --quiet

exit status: 0 nothing failed, 1 a vector failed or could not be run (or --fail-on/--require), 2 unreadable input or bad option
GITHUB_ACTIONS=true prints ::error/::warning annotations at the vectors' lines.
"""

/// One message line to standard error. Messages carry text from input (file names, ids, values,
/// adapter names and messages): escaped whole, line breaks included, so that nothing in them
/// moves the cursor or starts a line of its own (a `::error::` GitHub command).
func stderr(_ s: String) { stderrRaw(Printable.escape(s.hasSuffix("\n") ? String(s.dropLast()) : s)) }

/// Concord's own text (the usage, an already escaped summary), written as is.
func stderrRaw(_ s: String) { FileHandle.standardError.write(Data((s.hasSuffix("\n") ? s : s + "\n").utf8)) }

/// One line to standard output, escaped as `stderr` does.
func say(_ s: String) { print(Printable.escape(s)) }

/// The loader with the file limits the options ask for.
func loader(_ o: Options) throws(UsageError) -> VectorLoader {
    var limits = YAMLParser.Limits()
    if let b = try o.integer("max-file-bytes") { limits.maxBytes = Int(b) }
    if let d = try o.integer("max-depth") { limits.maxDepth = Int(d) }
    return VectorLoader(yamlLimits: limits)
}

func loadVectors(_ paths: [String], _ loader: VectorLoader) -> [Vector]? {
    let (vectors, errors, notes) = loader.loadWithNotes(paths: paths)
    for n in notes { stderr("concord: note: \(n)") }
    if !errors.isEmpty {
        for e in errors { stderr("concord: \(e)") }
        stderr("concord: \(errors.count) error\(errors.count == 1 ? "" : "s") in the input; nothing was run")
        return nil
    }
    return vectors
}

func implementations(_ names: [String], settings: Catalog.Settings) throws(UsageError) -> [any Implementation] {
    var out: [any Implementation] = []
    for n in names {
        guard let impl = Catalog.make(n, settings: settings) else {
            throw UsageError("unknown implementation \"\(n)\" (known: \(Catalog.names.joined(separator: ", ")))")
        }
        if out.contains(where: { $0.name == n }) { throw UsageError("implementation \(n) is named twice") }
        out.append(impl)
    }
    return out
}

func run(_ args: [String]) throws(UsageError) -> Int32 {
    let o = try Options(args, valued: ["implementations", "report", "jobs", "timeout", "max-kdf-memory", "max-kdf-work",
                                       "max-file-bytes", "max-depth", "repeat", "markdown", "junit", "html", "fail-on", "require", "shard"],
                        repeatable: ["captured"],
                        flags: ["verbose", "quiet", "no-shared-kdf"])
    let home = Home.find()
    let paths = o.positional.isEmpty ? ["vectors"] : o.positional
    var limits = Limits()
    if let m = try o.integer("max-kdf-memory") { limits.maxKdfMemoryKiB = UInt64(m) }
    if let w = try o.integer("max-kdf-work") { limits.maxKdfWork = UInt64(w) }
    var config = RunConfiguration(limits: limits)
    if let j = try o.integer("jobs") { config.workers = Int(j) }
    let settings = Catalog.Settings(home: home, requestTimeout: try o.number("timeout") ?? 300,
                                    shareDerivations: !o.flags.contains("no-shared-kdf"))
    var gate = Gate()
    if let f = o.values["fail-on"] {
        do { gate.failOn = try Gate.conditions(f) } catch { throw UsageError("\(error)") }
    }
    if let r = o.values["require"] { gate.required = Gate.names(r) }
    let names = o.values["implementations"].map { $0.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) } } ?? Catalog.names
    if names.isEmpty || names.contains("") { throw UsageError("--implementations needs a comma-separated list of names") }
    var impls = try implementations(names, settings: settings)
    var shard: Shard?
    if let k = o.values["shard"] { do { shard = try Shard.parse(k) } catch { throw UsageError(error.description) } }
    guard let loaded = loadVectors(paths, try loader(o)) else { return 2 }
    if loaded.isEmpty { stderr("concord: no vector files under \(paths.joined(separator: " "))"); return 2 }
    // --shard K/N: a deterministic, cost-balanced slice (docs/ci.md); `concord merge` joins the reports.
    let vectors = shard.map { $0.select(loaded) } ?? loaded
    // --captured FILE: a device run's outputs join as the implementation captured:NAME.
    for path in o.lists["captured"] ?? [] {
        let captured: CapturedOutputs
        do { captured = try CapturedOutputs.load(path: path, maxBytes: try loader(o).yamlLimits.maxBytes, rules: CapturedRules.make(loaded)) } catch {
            stderr("concord: \(error)")
            return 2
        }
        if impls.contains(where: { $0.name == captured.name }) { throw UsageError("two captured files are both named \(captured.name)") }
        for name in captured.unknownVectors(known: Set(loaded.map(\.name))) {
            stderr("concord: \(path): a result for \(name), which is not among the vectors run")
        }
        impls.append(captured)
    }

    // An output that is also an input, or two outputs on one file: refused before anything runs.
    let outputs = [("--report", o.values["report"] ?? "reports/latest.json")] + ["markdown", "junit", "html"].compactMap { k in o.values[k].map { ("--\(k)", $0) } }
    do { try OutputPlan.check(outputs: outputs, inputs: ((try? VectorLoader.scan(paths).files) ?? []) + (o.lists["captured"] ?? [])) } catch {
        stderr("concord: \(error)")
        return 2
    }

    let runner = Runner(implementations: impls, configuration: config)
    let progress = ProgressLine(enabled: isatty(2) == 1 && !o.flags.contains("quiet"))
    var onProgress: (@Sendable (Int, Int) -> Void)? = nil
    if progress.enabled { onProgress = { @Sendable done, total in progress.update(done, total) } }
    var result = runner.run(vectors, progress: onProgress)
    progress.finish()
    // --repeat N: run the same plan N times (a benchmarking aid); the report is the last run's.
    let repeats = Int(try o.integer("repeat") ?? 1)
    if repeats > 1 {
        let t0 = Date()
        for _ in 1..<repeats { result = runner.run(vectors) }
        let seconds = Date().timeIntervalSince(t0)
        let checks = result.results.reduce(0) { $0 + $1.implementations.count } * (repeats - 1)
        stderr(String(format: "repeat: %d further runs, %d checks in %.3f s: %.0f checks/s", repeats - 1, checks, seconds, Double(checks) / seconds))
    }
    for impl in impls { impl.shutdown() }

    let reportPath = o.values["report"] ?? "reports/latest.json"
    var report = JSONReport.make(result, concordVersion: concordVersion)
    var own = rusage()
    getrusage(RUSAGE_SELF.rawValue, &own)
    let adapterPeaks = Dictionary(impls.compactMap { i in i.peakResidentKiB.map { (i.name, $0) } }, uniquingKeysWith: { a, _ in a })
    report = JSONReport.addingPeaks(report, concordKiB: Int(own.ru_maxrss), adapters: adapterPeaks)
    if let shard {
        let positions = Dictionary(loaded.enumerated().map { ($0.element.name, $0.offset) }, uniquingKeysWith: { a, _ in a })
        report = ReportMerge.annotate(report, shard: shard, of: loaded.count, positions: positions)
    }
    let json = report.serialized(pretty: true) + "\n"
    if reportPath == "-" {
        FileHandle.standardOutput.write(Data(json.utf8))
    } else {
        do { try AtomicFile.write(json, to: reportPath) } catch {
            stderr("concord: cannot write the report \(reportPath): \(error.localizedDescription)")
            return 2
        }
    }
    let env = ProcessInfo.processInfo.environment
    var extra: [(path: String, text: String)] = []
    if let p = o.values["markdown"] { extra.append((p, MarkdownReport.render(result))) }
    if let p = o.values["junit"] { extra.append((p, JUnitReport.render(result))) }
    if let p = o.values["html"] { extra.append((p, HTMLReport.render(result))) }
    for (path, text) in extra {
        do { try AtomicFile.write(text, to: path) } catch {
            stderr("concord: cannot write \(path): \(error.localizedDescription)")
            return 2
        }
    }
    // GitHub Actions: the step summary is appended to (several steps share it); annotations go to stdout.
    if let summary = env["GITHUB_STEP_SUMMARY"], !summary.isEmpty, let h = FileHandle(forWritingAtPath: summary) {
        h.seekToEndOfFile()
        h.write(Data((MarkdownReport.render(result) + "\n").utf8))
        try? h.close()
    }
    if env["GITHUB_ACTIONS"] == "true" {
        for line in GitHubAnnotations.render(result) { print(line) }
    }
    let (status, reasons) = gate.exitStatus(result)
    if !o.flags.contains("quiet") || status != 0 {
        let tty = isatty(reportPath == "-" ? 2 : 1) == 1
        let color = tty && (ProcessInfo.processInfo.environment["NO_COLOR"] ?? "").isEmpty
        let text = TerminalSummary.render(result, verbose: o.flags.contains("verbose"), style: .init(color: color))
        if reportPath == "-" { stderrRaw(text) } else { print(text, terminator: ""); say("report: \(reportPath)") }
    }
    for r in reasons { stderr("concord: \(r)") }
    return status
}

func list() -> Int32 {
    let settings = Catalog.Settings(home: Home.find())
    var impls: [(String, any Implementation)] = []
    for n in Catalog.names {
        guard let impl = Catalog.make(n, settings: settings) else { continue }
        impl.prepare()
        impls.append((n, impl))
    }
    func line(_ s: Suite) {
        let ops = s.opNames.isEmpty ? "" : " (ops: \(s.opNames.joined(separator: ", ")))"
        let runs = impls.filter { $0.1.suites.contains(s.name) }.map(\.0)
        print("    \(s.name)\(ops)")
        print("      \(s.summary)")
        print("      implementations: \(runs.isEmpty ? "none here" : runs.joined(separator: ", "))")
    }
    for c in Contracts.all {
        print("Contract \(c.name) — \(c.title) (\(c.doc))")
        c.suites.forEach(line)
    }
    print("Primitive suites")
    Suites.list.filter { $0.contract == nil }.forEach(line)
    print("Implementations:")
    for (n, impl) in impls {
        let status = impl.startFailure.map { "unavailable: \($0)" } ?? impl.version
        say("  \(n.padding(toLength: 10, withPad: " ", startingAt: 0)) \(status)")
        say("  \(String(repeating: " ", count: 10)) suites: \(impl.suites.sorted().joined(separator: ", "))")
        if let adapter = impl as? ExternalAdapter, let h = adapter.handshake {
            for d in h.disagreements { say("  \(String(repeating: " ", count: 10)) disagrees: \(d)") }
        }
        impl.shutdown()
    }
    return 0
}

/// `concord schema`: the vector-file schema, derived from the suite definitions.
func schema(_ args: [String]) throws(UsageError) -> Int32 {
    let o = try Options(args, valued: [], flags: [])
    guard o.positional.isEmpty else { throw UsageError("schema takes no arguments") }
    FileHandle.standardOutput.write(Data(VectorFileSchema.text().utf8))
    return 0
}

func validate(_ args: [String]) throws(UsageError) -> Int32 {
    let o = try Options(args, valued: ["max-file-bytes", "max-depth"], flags: [])
    guard !o.positional.isEmpty else { throw UsageError("validate needs at least one file or folder") }
    let load = try loader(o)
    let files: [String]
    do { files = try VectorLoader.scan(o.positional).files } catch { stderr("concord: \(error)"); return 2 }
    // The same load as `run`: every file, then ids across files.
    let (vectors, errors, notes) = load.loadWithNotes(paths: o.positional)
    for n in notes { stderr("concord: note: \(n)") }
    for e in errors { say("invalid \(e)") }
    print("\(files.count) files, \(vectors.count) vectors, \(errors.count) error\(errors.count == 1 ? "" : "s")")
    // Nothing to validate is not a success: a typo in the path must not pass a CI step.
    if files.isEmpty && errors.isEmpty {
        stderr("concord: no vector files (.yaml, .yml, .json) under \(o.positional.joined(separator: " ")): nothing was validated")
        return 2
    }
    return errors.isEmpty ? 0 : 2
}

let args = Array(CommandLine.arguments.dropFirst())
let status: Int32
do {
    switch args.first {
    case "run": status = try run(Array(args.dropFirst()))
    case "list": status = list()
    case "schema": status = try schema(Array(args.dropFirst()))
    case "validate": status = try validate(Array(args.dropFirst()))
    case "export": status = try exportCommand(Array(args.dropFirst()))
    case "fill": status = try fillCommand(Array(args.dropFirst()))
    case "diff": status = try diffCommand(Array(args.dropFirst()))
    case "merge": status = try mergeCommand(Array(args.dropFirst()))
    case "--version", "version": print("concord \(concordVersion)"); status = 0
    case "help", "--help", "-h": print(usage); status = 0
    case nil: stderrRaw(usage); status = 2
    default: throw UsageError("unknown command \"\(args[0])\"")
    }
} catch {
    stderr("concord: \(error)")
    stderrRaw("(concord help shows the usage)")
    status = 2
}
exit(status)
