import ConcordFiles
import ConcordFormats
import ConcordImplementations
import ConcordLoading
import ConcordReport
import ConcordScheduling
import ConcordSuites
import ConcordWorkflows
import Foundation

/// `concord archive add CAPTURE… --release NAME` (docs/archive.md): every artifact a release's
/// capture holds becomes an opening vector in the project's archive, once at least one
/// implementation not written by Concord opened it. Exit 0 archived (or already archived), 1 an
/// artifact no independent implementation opened (nothing written), 2 bad input (nothing written).
enum ArchiveCommand: Command {
    static let spec = CommandSpec(
        name: "archive", arguments: "add CAPTURE…",
        brief: "keep a release's artifacts as opening vectors in the project's archive",
        summary: """
        archive add: every artifact the captures (concord-outputs/1) hold (wires, wrapped keys, sealed answers,
        envelopes, messages: what each suite declares it writes and keeps) becomes a vector that opens it, in the
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
        static var args: [Arg<Self>] {
            [
                .value(\.release, .value("release", "NAME", "the release that wrote the captures (letters, digits, '.', '_', '-'): required")),
                .shared(Common.implementations), .shared(Common.jobs), .shared(Common.timeout), .shared(Common.maxFileBytes), .shared(Common.maxDepth), .shared(Common.adapter), .shared(Common.project),
                .shared(Common.ledger),
            ]
        }
    }

    /// One vector file to write: its path in the archive, the release, what it opens, the capture it came from.
    struct Planned { var path: String; var release: Release; var openings: [Archive.Opening]; var capture: String; var vectors: [Vector] }

    static func run(_ o: Options) throws(UsageError) -> Int32 {
        let (captures, release) = try Self.release(o)
        let s = try Common.session(o.common)
        guard let project = s.project, let folder = project.archive else {
            throw UsageError("archive add writes into the archive the project file declares: add `archive: archive` to \(s.projectFile ?? "concord.yaml") (docs/archive.md)")
        }
        let load = Common.loader(o.common)
        let names = try usage { () throws(Session.Problem) in try s.names(o.common.implementations) }
        var badLedger = false
        let ledger = try Common.readLedger(s, o.common, failed: &badLedger)
        if badLedger { return 2 }
        // The archive as it stands must be whole before it grows.
        let problems = Archive.check(folder: folder, loader: load) { name in ledger?.retirement(of: name).map { ($0.reason, $0.date) } }
        if !problems.isEmpty {
            for p in problems { stderr("concord: \(p)") }
            stderr("concord: the archive is not as concord archive add left it: nothing was written")
            return 2
        }
        // Each capture, and the vectors it answers (the project's declared vectors, else Concord's own).
        guard let read = Self.read(captures, load: load),
              let vectors = Self.vectors(Set(read.flatMap(\.capture.suites)).sorted(), project: project, s, load: load) else { return 2 }
        let manifestPath = folder + "/" + Archive.manifestName
        var manifest = Archive.Manifest()
        if FileManager.default.fileExists(atPath: manifestPath) {
            do { manifest = try Archive.Manifest.read(manifestPath, maxBytes: load.yamlLimits.maxBytes) } catch { stderr("concord: \(error)"); return 2 }
        }
        // Sorted, rendered and read back, before anything runs: every refusal at once.
        guard let planned = Self.plan(read, vectors: vectors, release: release, folder: folder, load: load),
              var fresh = Self.fresh(planned, manifest: manifest, release: release) else {
            stderr("concord: nothing was archived")
            return 2
        }
        guard !fresh.isEmpty else { return 0 }
        // Each artifact opened by the live implementations; one that nothing outside Concord opens is not archived.
        let settings = Catalog.Settings(home: s.home, requestTimeout: o.common.timeout ?? 300)
        var config = RunConfiguration()
        if let j = o.common.jobs { config.workers = Int(j) }
        var availability = s.policy(names, explicit: o.common.implementations != nil)
        let impls = try usage { () throws(Session.Problem) in try s.implementations(names, settings: settings, availability: &availability) }
        guard Self.confirm(&fresh, impls, config: config) else {
            stderr("concord: an artifact no implementation outside Concord opens is not archived (the witness rule, docs/archive.md): nothing was written")
            return 1
        }
        return Self.write(fresh, into: folder, manifest: manifest, at: manifestPath, release: release, load: load)
    }

    /// The captures of `archive add CAPTURE…` and `--release`, checked.
    static func release(_ o: Options) throws(UsageError) -> (captures: [String], release: String) {
        guard o.positional.first == "add" else {
            throw UsageError(o.positional.isEmpty ? "archive needs a subcommand: concord archive add CAPTURE… --release NAME"
                             : "archive has one subcommand, add (found \(o.positional[0]))")
        }
        let captures = Array(o.positional.dropFirst())
        guard !captures.isEmpty else { throw UsageError("archive add needs at least one captured-outputs file (concord-outputs/1)") }
        guard let release = o.release else { throw UsageError("archive add needs --release NAME (the release that wrote the captures)") }
        guard !release.isEmpty else { throw UsageError("--release is empty: name the release that wrote the captures (3.2.0)") }
        guard Release.validName(release) else {
            throw UsageError("--release \"\(Printable.escape(release))\": a release name uses letters, digits, '.', '_' and '-', starting with a letter or digit")
        }
        return (captures, release)
    }

    /// Each capture with its text; nil after the message.
    static func read(_ captures: [String], load: VectorLoader) -> [(path: String, capture: CapturedOutputs, text: String)]? {
        var read: [(path: String, capture: CapturedOutputs, text: String)] = []
        for path in captures {
            do {
                let c = try CapturedOutputs.load(path: path, maxBytes: load.yamlLimits.maxBytes)
                let bytes = try InputFile.read(path, maxBytes: load.yamlLimits.maxBytes, regularFileOnly: true)
                read.append((path, c, String(decoding: bytes, as: UTF8.self)))
            } catch {
                stderr("concord: \(error)")
                return nil
            }
        }
        return read
    }

    /// The vectors of the suites the captures name: what a project run covers (its declared
    /// vectors, its packs from Concord's own), then each suite looked up as run looks up a name;
    /// the first definition wins. Nil after the message.
    static func vectors(_ suites: [String], project: ProjectSettings, _ s: Session, load: VectorLoader) -> [String: Vector]? {
        var vectors: [String: Vector] = [:]
        if !suites.isEmpty {
            var selections: [VectorSelection] = []
            if project.declaresRun {
                var declared = VectorSelection([], project: project, home: s.home)
                declared.notes = []
                selections.append(declared)
            }
            selections.append(VectorSelection(suites, project: project, home: s.home))
            for var selection in selections {
                selection.announceNames = false
                selection.archive = nil
                guard let loaded = selection.load(load, s.terminal) else { return nil }
                for v in loaded where vectors[v.name] == nil { vectors[v.name] = v }
            }
        }
        return vectors
    }

    /// Each capture's artifacts sorted into the files to write, each rendered and read back; nil
    /// when one is refused (each refusal said).
    static func plan(_ read: [(path: String, capture: CapturedOutputs, text: String)], vectors: [String: Vector], release: String,
                     folder: String, load: VectorLoader) -> [Planned]? {
        var planned: [Planned] = []
        var refused = false
        var platforms = Set<String>()
        let today = Ledger.today()
        for (path, capture, text) in read {
            let platform = String(capture.name.dropFirst("captured:".count))
            guard Release.validName(platform) else {
                stderr("concord: \(path): its implementation name \"\(platform)\" cannot name a platform of the archive (letters, digits, '.', '_', '-')")
                refused = true
                continue
            }
            guard platforms.insert(platform).inserted else {
                stderr("concord: \(path): a second capture of \(platform) for release \(release): give one capture per platform")
                refused = true
                continue
            }
            let sorted = Archive.sort(capture, vectors: vectors, release: release, platform: platform,
                                      places: CapturedOutputs.resultPlaces(text, count: capture.results.count))
            for p in sorted.passedOver { stderr("concord: note: \(p)") }
            for r in sorted.refusals { stderr("concord: \(r)") }
            if !sorted.refusals.isEmpty { refused = true; continue }
            if sorted.openings.isEmpty {
                stderr("concord: \(path): holds no artifact to archive (none of its answers is an output a suite declares it keeps: docs/archive.md)")
                refused = true
                continue
            }
            let rel = Release(name: release, platform: platform, version: capture.declaredVersion, device: capture.platform,
                              captured: modificationDay(path), archived: today)
            var bySuite: [String: [Archive.Opening]] = [:]
            for op in sorted.openings { bySuite[op.suite.name, default: []].append(op) }
            for suite in bySuite.keys.sorted() {
                let openings = bySuite[suite]!
                let relative = Archive.relativePath(release: release, platform: platform, suite: suite)
                let file = folder + "/" + relative
                let text = Archive.render(openings, release: rel, capture: path)
                let loaded = load.load(.bytes(Array(text.utf8), file: file))
                if let e = loaded.errors.first {
                    stderr("concord: \(path): the artifacts of \(suite) do not make a vector file that loads (\(e)): nothing was written")
                    refused = true
                    continue
                }
                planned.append(Planned(path: relative, release: rel, openings: openings, capture: path, vectors: loaded.vectors))
            }
        }
        return refused ? nil : planned
    }

    /// A release is archived once per platform: the same content again is nothing to do, other
    /// content is refused (nil, said).
    static func fresh(_ planned: [Planned], manifest: Archive.Manifest, release: String) -> [Planned]? {
        var refused = false
        var fresh: [Planned] = []
        for p in Set(planned.map(\.release.platform)).sorted() {
            let mine = planned.filter { $0.release.platform == p }
            let existing = manifest.files.filter { $0.release == release && $0.platform == p }
            if existing.isEmpty { fresh += mine; continue }
            let before = Dictionary(existing.map { ($0.path, $0.vectors.map(\.sha256)) }, uniquingKeysWith: { a, _ in a })
            let now = Dictionary(mine.map { ($0.path, $0.vectors.map(Archive.digest)) }, uniquingKeysWith: { a, _ in a })
            if before == now {
                print("concord: release \(release) of \(p) is already archived with exactly these artifacts: nothing to add")
                continue
            }
            let was = existing.map(\.path).joined(separator: ", ")
            stderr("concord: \(mine[0].capture): release \(release) of \(p) is already archived (\(was)) with other content: a release keeps the artifacts it was archived with; name this one another release")
            refused = true
        }
        return refused ? nil : fresh
    }

    /// Opens every artifact on the live implementations and records, per file, who opened all of
    /// it; false (each said) when one opened on nothing outside Concord.
    static func confirm(_ fresh: inout [Planned], _ impls: [any Implementation], config: RunConfiguration) -> Bool {
        Interrupt.watch(impls)
        let all = fresh.flatMap(\.vectors)
        let confirmation = Archive.confirm(all, implementations: impls, configuration: config)
        let provenance = Fill.provenances(impls, suites: Set(all.map(\.suite)))
        Interrupt.holdIfInterrupted()
        shutdownAll(impls)
        var unopened = false
        for k in fresh.indices {
            var confirmedEverywhere: [String]? = nil
            for v in fresh[k].vectors {
                let opened = confirmation.opened[v.name] ?? []
                let failed = confirmation.failed[v.name] ?? []
                guard Archive.witnesses(opened: opened, provenance: provenance[v.suite] ?? [:], writer: fresh[k].release.platform) != nil else {
                    unopened = true
                    let o = opened.isEmpty ? "nothing opened it" : "opened only by \(opened.joined(separator: ", ")) (Concord's own ports, or the platform that wrote it)"
                    stderr("concord: \(fresh[k].capture): \(v.name) (\(fresh[k].openings.first { $0.id == v.id }?.writer.name ?? v.name)): no implementation outside Concord opened it: \(o)"
                           + (failed.isEmpty ? "" : "; failed: \(failed.joined(separator: ", "))"))
                    continue
                }
                if !failed.isEmpty { stderr("concord: warning: \(v.name) did not open on \(failed.joined(separator: ", ")) (it is archived: every run will say so)") }
                confirmedEverywhere = confirmedEverywhere.map { c in c.filter(opened.contains) } ?? opened
            }
            fresh[k].release.confirmed = confirmedEverywhere ?? []
        }
        return !unopened

    }

    /// Written: each file atomically, then the manifest that records them.
    static func write(_ fresh: [Planned], into folder: String, manifest: Archive.Manifest, at manifestPath: String, release: String, load: VectorLoader) -> Int32 {
        var manifest = manifest
        var written: [Archive.Manifest.File] = []
        for p in fresh {
            let text = Archive.render(p.openings, release: p.release, capture: p.capture)
            let file = folder + "/" + p.path
            let vectors = load.load(.bytes(Array(text.utf8), file: file)).vectors
            do {
                try FileManager.default.createDirectory(atPath: (file as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
                try AtomicFile.write(text, to: file)
            } catch {
                stderr(writeFailure(file, error))
                return 2
            }
            written.append(.init(path: p.path, release: release, platform: p.release.platform, sha256: Archive.digest(Array(text.utf8)),
                                 vectors: vectors.map { ($0.name, Archive.digest($0)) }))
            print("archived \(p.openings.count) artifact\(p.openings.count == 1 ? "" : "s") of \(p.release.writer) in \(file) (\(p.openings[0].suite.name); opened by \(p.release.confirmed.joined(separator: ", ")))")
        }
        manifest.files += written
        do { try AtomicFile.write(manifest.serialized(), to: manifestPath) } catch {
            stderr(writeFailure(manifestPath, error))
            return 2
        }
        return 0
    }

    /// The day a file was last written, UTC (`YYYY-MM-DD`): when the capture was made, as far as the file says.
    static func modificationDay(_ path: String) -> String? {
        guard let d = (try? FileManager.default.attributesOfItem(atPath: path))?[.modificationDate] as? Date else { return nil }
        return Ledger.today(d)
    }
}
