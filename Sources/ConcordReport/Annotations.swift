import ConcordFormats
import ConcordImplementations
import ConcordJudging

/// GitHub Actions workflow commands (`::error file=…,line=…,col=…,title=…::message`) that annotate
/// the line of the expect entry that differs (the vector's line when not known) in the pull request: errors for failed and erroring vectors, warnings for
/// divergences, vector warnings and implementations that could not start. Printed to standard
/// output when `GITHUB_ACTIONS` is set. docs/reports.md.
public enum GitHubAnnotations {
    /// GitHub shows at most 10 errors and 10 warnings per step (50 per job); beyond `limit` lines of
    /// a kind one notice says how many more there are.
    public static let defaultLimit = 50

    /// With a ledger (docs/ledger.md): a known divergence is a notice with its reason, not an
    /// error; a stale or expired entry is an error at its line in the ledger file.
    public static func render(_ run: RunResult, limit: Int = defaultLimit, ledger: LedgerVerdict? = nil) -> [String] {
        var errors: [String] = []
        var warnings: [String] = []
        var notices: [String] = []
        if let ledger {
            for p in ledger.problemEntries {
                let e = ledger.ledger.entries[p.entry]
                errors.append(command("error", file: e.originFile, line: e.line, column: e.column,
                                      title: "concord: ledger entry \(e.vector) on \(e.implementation) " + (p.kind == "stale" ? "is stale" : "expired"),
                                      message: p.message))
            }
            for (b, message) in zip(ledger.broad, ledger.warnings) {
                let e = ledger.ledger.entries[b.entry]
                warnings.append(command("warning", file: e.originFile, line: e.line, column: e.column,
                                        title: "concord: ledger entry \(e.vector) on \(e.implementation) silences a whole suite", message: message))
            }
        }
        for info in run.implementations {
            if let f = info.startFailure {
                warnings.append(command("warning", file: nil, line: nil, title: "concord: \(info.name) could not start", message: f))
            }
        }
        for r in run.results {
            let v = r.vector
            if let ledger, ledger.isKnown(r) {
                let lines = r.implementations.compactMap { i in
                    ledger.entry(r, i.implementation).map { "\(i.implementation) \($0.described): \($0.reason)" + ($0.link.map { " (\($0))" } ?? "") }
                }
                notices.append(command("notice", file: v.file, line: r.place.line, column: r.place.column,
                                       title: "concord: \(v.name) is a known divergence (ledger)", message: lines.joined(separator: "\n")))
                continue
            }
            switch r.status {
            case .fail:
                var lines: [String] = []
                var who: [String] = []
                for i in r.implementations where i.status == .fail {
                    who.append(i.implementation)
                    lines += ReportText.mismatchLines(i).map { i.implementation + ": " + $0 }
                }
                if let m = r.matrix {
                    for (s, row) in m.cells.enumerated() {
                        for (o, c) in row.enumerated() where c.status == .fail {
                            lines.append("round trip \(m.implementations[s]) → \(m.implementations[o]): \(c.detail ?? "fail")")
                        }
                    }
                }
                if let n = r.note { lines.append(n) }
                let title = "concord: \(v.name) failed" + (who.isEmpty ? "" : " (\(who.joined(separator: ", ")))")
                let at = r.place
                errors.append(command("error", file: v.file, line: at.line, column: at.column, title: title,
                                      message: lines.isEmpty ? "failed" : lines.joined(separator: "\n")))
            case .error:
                var lines: [String] = r.note.map { [$0] } ?? []
                for i in r.implementations where i.status == .error {
                    lines.append(i.implementation + ": " + (ReportText.reason(i) ?? "error"))
                }
                errors.append(command("error", file: v.file, line: v.line, title: "concord: \(v.name) could not be checked",
                                      message: lines.isEmpty ? "error" : lines.joined(separator: "\n")))
            case .pass, .pending:
                break
            }
            if let d = r.divergence, r.status != .fail {
                warnings.append(command("warning", file: v.file, line: v.line, title: "concord: \(v.name) implementations diverge", message: d))
            }
            for w in r.warnings {
                warnings.append(command("warning", file: v.file, line: v.line, title: "concord: \(v.name)", message: w))
            }
        }
        var out = Array(errors.prefix(limit))
        if errors.count > limit { out.append("::notice title=concord::\(errors.count - limit) more errors are in the report") }
        out += warnings.prefix(limit)
        if warnings.count > limit { out.append("::notice title=concord::\(warnings.count - limit) more warnings are in the report") }
        out += notices.prefix(limit)
        if notices.count > limit { out.append("::notice title=concord::\(notices.count - limit) more known divergences are in the report") }
        return out
    }

    /// One workflow command. Properties are escaped with `escapeProperty`, the message with `escapeData`.
    public static func command(_ kind: String, file: String?, line: Int?, column: Int? = nil, title: String?, message: String) -> String {
        var props: [String] = []
        if let file { props.append("file=" + escapeProperty(ReportText.visible(file))) }
        if let line { props.append("line=\(line)") }
        if line != nil, let column { props.append("col=\(column)") }
        if let title { props.append("title=" + escapeProperty(ReportText.visible(title))) }
        return "::" + kind + (props.isEmpty ? "" : " " + props.joined(separator: ",")) + "::" + escapeData(ReportText.visible(ReportText.clip(message)))
    }

    /// The message part: `%`, CR and LF percent-encoded (as the Actions toolkit does).
    public static func escapeData(_ s: String) -> String {
        var out = ""
        for u in s.unicodeScalars {
            switch u {
            case "%": out += "%25"
            case "\r": out += "%0D"
            case "\n": out += "%0A"
            default: out.unicodeScalars.append(u)
            }
        }
        return out
    }

    /// A property value: as data, plus `:` and `,` which would end the value.
    public static func escapeProperty(_ s: String) -> String {
        escapeData(s).replacingOccurrences(of: ":", with: "%3A").replacingOccurrences(of: ",", with: "%2C")
    }
}
