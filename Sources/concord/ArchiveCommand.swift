import ConcordFormats
import ConcordImplementations
import ConcordLoading
import ConcordScheduling
import ConcordWorkflows
import Foundation

/// `concord archive add CAPTURE… --release NAME` (docs/archive.md): every artifact a release's
/// capture holds becomes an opening vector in the project's archive, once at least one
/// implementation not written by Concord opened it. Exit 0 archived (or already archived), 1 an
/// artifact no independent implementation opened (nothing written), 2 bad input (nothing written).
enum ArchiveCommand: Command {
    static let spec = CommandSpec(
        name: "archive", arguments: "add CAPTURE|RECORDING…",
        brief: "keep a release's artifacts as opening vectors in the project's archive",
        summary: """
        archive add: every artifact the captures (concord-outputs/1) or scenario recordings (concord scenario --record DIR:
        the app adapter's answers) hold (wires, wrapped keys, sealed answers, keyboxes, envelopes, messages: what each
        suite declares it writes and keeps) becomes a vector that opens it, in the
        archive concord.yaml declares (archive: FOLDER), as FOLDER/RELEASE/PLATFORM/SUITE.yaml with a release: field,
        its digest recorded in FOLDER/concord-archive.json. Each artifact must open on at least one implementation
        not written by Concord (a library's own code, or another platform's app) before anything is written.
        """,
        options: Options.specs,
        notes: ["exit status: 0 archived (or already archived), 1 an artifact no implementation outside Concord opened (nothing written), 2 bad input (nothing written), 130 interrupted"])

    struct Options: CommandOptions {
        var positional: [String] = []
        var common = SharedOptions()
        var release: String?
        var platform: String?
        static var args: [Arg<Self>] {
            [
                .value(\.release, .value("release", "NAME", "the release that wrote the captures (letters, digits, '.', '_', '-'): required")),
                .value(\.platform, .value("platform", "NAME", "of a scenario recording (a folder): keep only this app's artifacts (default: every app that answered in it)")),
                .shared(Common.implementations), .shared(Common.jobs), .shared(Common.timeout), .shared(Common.maxFileBytes), .shared(Common.maxDepth), .shared(Common.adapter), .shared(Common.project),
                .shared(Common.ledger),
            ]
        }
    }

    static func run(_ o: Options) throws(UsageError) -> Int32 {
        let (captures, release) = try Self.release(o)
        let s = try Common.session(o.common)
        let settings = Catalog.Settings(home: s.home, requestTimeout: o.common.timeout ?? 300)
        var config = RunConfiguration()
        if let j = o.common.jobs { config.workers = Int(j) }
        return try usage { () throws(Session.Problem) in
            try ArchiveWorkflow(s).add(captures, release: release, platform: o.platform, implementations: o.common.implementations, ledger: o.common.ledger,
                                       load: Common.loader(o.common), settings: settings, config: config)
        }
    }

    /// The captures of `archive add CAPTURE…` and `--release`, checked.
    static func release(_ o: Options) throws(UsageError) -> (captures: [String], release: String) {
        guard o.positional.first == "add" else {
            throw UsageError(o.positional.isEmpty ? "archive needs a subcommand: concord archive add CAPTURE… --release NAME"
                             : "archive has one subcommand, add (found \(o.positional[0]))")
        }
        let captures = Array(o.positional.dropFirst())
        guard !captures.isEmpty else { throw UsageError("archive add needs at least one captured-outputs file (concord-outputs/1) or scenario recording (a folder of concord scenario --record)") }
        guard let release = o.release else { throw UsageError("archive add needs --release NAME (the release that wrote the captures)") }
        guard !release.isEmpty else { throw UsageError("--release is empty: name the release that wrote the captures (3.2.0)") }
        guard Release.validName(release) else {
            throw UsageError("--release \"\(Printable.escape(release))\": a release name uses letters, digits, '.', '_' and '-', starting with a letter or digit")
        }
        return (captures, release)
    }
}
