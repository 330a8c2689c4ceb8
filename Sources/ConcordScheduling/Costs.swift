import ConcordFiles
import ConcordFormats
import ConcordLoading
import Foundation

/// The measured costs the shard plan and the scheduler share: one table in a data file
/// (`data/costs.tsv` of the folder Concord runs from, as its `vectors/`), written by
/// `scripts/bench-shard-costs` and read here. Nothing measured lives in the source: what the file
/// does not give is the fallback below (docs/ci.md "The cost table").
///
/// The file is tab-separated UTF-8: lines starting with `#` and blank lines are comments; the first
/// other line is the header `kind	suite	implementation	seconds`; then one row per figure:
/// - `check	SUITE	IMPL	S`: the CPU seconds one cheap vector of SUITE costs on IMPL (`*` as the
///   suite: any suite without a row of its own, a user's);
/// - `start	*	IMPL	S`: the CPU seconds a shard pays for starting the adapter IMPL, whatever
///   it runs there;
/// - `weight	*	IMPL	W`: the CPU seconds IMPL spends per second of a suite's estimated cost
///   (`Suite.cost`, written for heavy work: Argon2id at real parameters). The shard plan costs a
///   heavy unit with it, and the scheduler orders and places its jobs by it: one figure for both.
/// Every value is a finite decimal number, at least 0 (a weight more than 0); a kind, suite and
/// implementation appear at most once.
public struct CostTable: Sendable, Equatable {
    /// Where the table is, relative to the folder Concord runs from (`$CONCORD_HOME`).
    public static let path = "data/costs.tsv"
    public static let header = ["kind", "suite", "implementation", "seconds"]
    /// The fallback, for a file that is missing or a pair it does not list: a cheap check costs
    /// 10 µs, an adapter's start nothing, and an implementation's weight is 1 (its CPU is the
    /// suite's estimate).
    public static let fallbackCheck = 1e-5
    public static let fallbackStart = 0.0
    public static let fallbackWeight = 1.0
    /// No row at all: every figure is the fallback.
    public static let fallback = CostTable()

    /// suite (or `*`) → implementation → seconds.
    public private(set) var checks: [String: [String: Double]] = [:]
    public private(set) var starts: [String: Double] = [:]
    public private(set) var weights: [String: Double] = [:]

    public init(checks: [String: [String: Double]] = [:], starts: [String: Double] = [:], weights: [String: Double] = [:]) {
        self.checks = checks
        self.starts = starts
        self.weights = weights
    }

    /// A cheap vector's CPU seconds on one implementation: its suite's row, else the `*` row, else
    /// `fallbackCheck`.
    public func check(_ suite: String, _ implementation: String) -> Double {
        checks[suite]?[implementation] ?? checks["*"]?[implementation] ?? Self.fallbackCheck
    }
    /// What a shard pays for starting an adapter (in-process implementations start nothing).
    public func start(_ implementation: String) -> Double { starts[implementation] ?? Self.fallbackStart }
    /// CPU seconds per second of estimated cost.
    public func weight(_ implementation: String) -> Double { weights[implementation] ?? Self.fallbackWeight }

    /// Reads the table at `path`: `fallback` when there is no file there (`missing` says so), a
    /// located error when it cannot be read or is malformed.
    public static func load(_ path: String) throws(LoadError) -> (table: CostTable, missing: Bool) {
        var st = stat()
        if stat(path, &st) != 0, errno == ENOENT {
            var ls = stat()
            // A dangling link is a broken install, not a missing table.
            if lstat(path, &ls) != 0 { return (.fallback, true) }
        }
        let bytes: [UInt8]
        do { bytes = try InputFile.read(path, maxBytes: 1 << 20, regularFileOnly: true) } catch {
            throw LoadError(file: path, line: error.overLimit ? 1 : 0, column: error.overLimit ? 1 : 0, message: error.message)
        }
        return (try parse(bytes, file: path), false)
    }

    /// Parses the file's bytes (`file` names it in errors: `file:line:column: what`).
    public static func parse(_ bytes: [UInt8], file: String) throws(LoadError) -> CostTable {
        if let bad = InputFile.utf8Problem(bytes) { throw LoadError(file: file, line: bad.line, column: bad.column, message: bad.message) }
        let text = String(decoding: bytes, as: UTF8.self)
        var table = CostTable()
        var sawHeader = false
        var first: [String: Int] = [:]  // kind, suite, implementation → its line
        // Lines end at LF or CR LF (one Character in Swift).
        for (i, row) in text.split(omittingEmptySubsequences: false, whereSeparator: { $0 == "\n" || $0 == "\r\n" }).enumerated() {
            let line = i + 1
            if row.isEmpty || row.hasPrefix("#") { continue }
            let fields = row.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
            // The column (in characters) where field k starts.
            func column(_ k: Int) -> Int { fields.prefix(k).reduce(1) { $0 + $1.count + 1 } }
            func fail(_ k: Int, _ message: String) -> LoadError { LoadError(file: file, line: line, column: column(k), message: message) }
            if !sawHeader {
                guard fields == header else {
                    throw fail(0, "expected the header \(header.joined(separator: "\\t")) (tab-separated), found \"\(Printable.escape(String(row)))\"")
                }
                sawHeader = true
                continue
            }
            guard fields.count == 4 else {
                // Where the first field too many starts, or the end of a line one short.
                throw LoadError(file: file, line: line, column: fields.count > 4 ? column(4) : row.count + 1,
                                message: "expected 4 tab-separated fields (kind, suite, implementation, seconds), found \(fields.count)")
            }
            let (kind, suite, impl, value) = (fields[0], fields[1], fields[2], fields[3])
            guard ["check", "start", "weight"].contains(kind) else {
                throw fail(0, "kind must be check, start or weight, found \"\(Printable.escape(kind))\"")
            }
            guard suite == "*" || (kind == "check" && VectorID.isValid(suite)) else {
                throw fail(1, kind == "check" ? "suite must be a suite's name or *, found \"\(Printable.escape(suite))\""
                                              : "a \(kind) row holds for every suite: write * as its suite, found \"\(Printable.escape(suite))\"")
            }
            guard VectorID.isValid(impl) else {
                throw fail(2, "implementation must be an implementation's name, found \"\(Printable.escape(impl))\"")
            }
            guard value.utf8.allSatisfy({ ($0 >= 48 && $0 <= 57) || $0 == 46 || $0 == 101 || $0 == 69 || $0 == 43 || $0 == 45 }),
                  let seconds = Double(value), seconds.isFinite, seconds >= 0, kind != "weight" || seconds > 0 else {
                throw fail(3, "expected a decimal number of seconds, at least 0\(kind == "weight" ? " (a weight more than 0)" : ""), found \"\(Printable.escape(value))\"")
            }
            let key = kind + "\t" + suite + "\t" + impl
            if let earlier = first[key] {
                throw fail(0, "a second \(kind) row for \(suite == "*" ? "" : suite + " on ")\(impl) (the first is at line \(earlier))")
            }
            first[key] = line
            switch kind {
            case "check": table.checks[suite, default: [:]][impl] = seconds
            case "start": table.starts[impl] = seconds
            default: table.weights[impl] = seconds
            }
        }
        guard sawHeader else {
            throw LoadError(file: file, line: 1, column: 1, message: "no header: the file must hold the line \(header.joined(separator: "\\t")) before its rows")
        }
        return table
    }
}
