import ConcordFormats
import ConcordJudging
import ConcordLoading

/// The release matrix (docs/archive.md): the archived artifacts of a run, writers (release ×
/// platform) against readers (the implementations and app adapters that ran them), with how many
/// each reader opened and failed to open. Every report shows it when the run opened an archive.
public struct ReleaseMatrix: Sendable {
    public struct Row: Sendable {
        public var release: Release
        /// Reader → status → count.
        public var cells: [String: [ImplementationStatus: Int]]
    }
    public var readers: [String]
    public var rows: [Row]

    public var isEmpty: Bool { rows.isEmpty }

    public init(_ run: RunResult) {
        readers = run.implementations.map(\.name)
        var rows: [Row] = []
        var index: [String: Int] = [:]
        for r in run.results {
            guard let rel = r.vector.release else { continue }
            let key = rel.name + "\u{0}" + rel.platform
            let k = index[key] ?? { rows.append(Row(release: rel, cells: [:])); index[key] = rows.count - 1; return rows.count - 1 }()
            for i in r.implementations { rows[k].cells[i.implementation, default: [:]][i.status, default: 0] += 1 }
        }
        self.rows = rows.sorted { ($0.release.name, $0.release.platform) < ($1.release.name, $1.release.platform) }
        // Only the readers that ran an archived artifact.
        readers = readers.filter { n in self.rows.contains { $0.cells[n] != nil } }
    }

    /// `✓3 ✗1`, or `.` when the reader ran none of the row's artifacts.
    public static func cell(_ c: [ImplementationStatus: Int]?) -> String {
        guard let c else { return "." }
        let marks: [(ImplementationStatus, String)] = [(.pass, "✓"), (.fail, "✗"), (.error, "!"), (.pending, "…"), (.unsupported, "–")]
        return marks.compactMap { m in c[m.0].map { "\(m.1)\($0)" } }.joined(separator: " ")
    }

    /// Whether any reader failed to open an artifact of the row.
    public static func broken(_ row: Row) -> [String] {
        row.cells.filter { ($0.value[.fail] ?? 0) + ($0.value[.error] ?? 0) > 0 }.map(\.key).sorted()
    }

    /// The terminal's lines: a title, the table.
    public func lines() -> [String] {
        guard !rows.isEmpty else { return [] }
        let header = ["written by"] + readers
        let body = rows.map { r in [r.release.cell] + readers.map { Self.cell(r.cells[$0]) } }
        var widths = header.map(\.count)
        for r in body { for (k, c) in r.enumerated() { widths[k] = max(widths[k], c.count) } }
        func line(_ r: [String]) -> String {
            var l = "  " + r.enumerated().map { $0.element.padding(toLength: widths[$0.offset], withPad: " ", startingAt: 0) }.joined(separator: "  ")
            while l.hasSuffix(" ") { l.removeLast() }
            return l
        }
        return ["Releases × implementations (archived artifacts: ✓ opens, ✗ no longer opens, ! error, – unsupported, . not run):", line(header)] + body.map(line)
    }

    /// `written by android 1.0.0 (app 1.0.0), no longer opens on ios (ios-app 2.0), jvm (…)`: what a
    /// failure of an archived vector says first.
    public static func sentence(_ r: VectorResult, run: RunResult) -> String? {
        guard let rel = r.vector.release else { return nil }
        let versions = Dictionary(run.implementations.map { ($0.name, $0.version) }, uniquingKeysWith: { a, _ in a })
        let readers = r.implementations.filter { $0.status == .fail || $0.status == .error }.map { i in
            i.implementation + (versions[i.implementation].map { " (\($0))" } ?? "")
        }
        guard !readers.isEmpty else { return nil }
        return "written by \(rel.writer), no longer opens on " + readers.joined(separator: ", ")
    }

    /// A release as the JSON report writes it.
    public static func json(_ rel: Release) -> JSON {
        var o: [(key: String, value: JSON)] = [("name", .string(rel.name)), ("platform", .string(rel.platform))]
        if let v = rel.version { o.append(("version", .string(v))) }
        if let d = rel.device { o.append(("device", .string(d))) }
        if let c = rel.captured { o.append(("captured", .string(c))) }
        if let a = rel.archived { o.append(("archived", .string(a))) }
        if !rel.confirmed.isEmpty { o.append(("confirmed", .array(rel.confirmed.map { .string($0) }))) }
        return .object(o)
    }

    /// The report's `releases`: one entry per writer, each reader's counts.
    public func json() -> JSON {
        .array(rows.map { r in
            .object([("release", Self.json(r.release)),
                     ("readers", .object(readers.compactMap { n in
                         r.cells[n].map { c in (n, .object([ImplementationStatus.pass, .fail, .error, .pending, .unsupported].compactMap { s in
                             c[s].map { (s.rawValue, JSON.int(Int64($0))) } })) }
                     }))])
        })
    }
}
