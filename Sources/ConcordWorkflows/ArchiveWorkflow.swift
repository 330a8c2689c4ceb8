import ConcordArchive
import ConcordFiles
import ConcordFormats
import ConcordImplementations
import ConcordLoading
import ConcordReport
import ConcordScheduling
import Foundation

/// What `concord archive add` does beyond reading its options (docs/archive.md): the archive held
/// to its manifest, the captures read, the vectors they answer, the files planned and read back,
/// a release archived once per platform, every artifact opened by an implementation outside
/// Concord (the witness rule), then the files and the manifest written. Its words go through the
/// session's Terminal; a refusal of the session is a `Session.Problem`.
public struct ArchiveWorkflow {
    /// The command's session: the project file (its archive), the implementations, the ledger.
    public let session: Session
    /// Where its words go.
    public var terminal: Terminal { session.terminal }
    public init(_ session: Session) { self.session = session }

    /// One vector file to write: its path in the archive, the release, what it opens, the capture it came from.
    public struct Planned { var path: String; var release: Release; var openings: [Archive.Opening]; var capture: String; var vectors: [Vector] }
    /// A capture with its path and text.
    public typealias Read = [(path: String, capture: CapturedOutputs, text: String)]

    /// `archive add CAPTURE… --release NAME`: 0 archived (or already archived), 1 an artifact no
    /// implementation outside Concord opened (nothing written), 2 bad input (nothing written).
    /// `implementations`: `--implementations` as given; `ledger`: `--ledger` as given.
    public func add(_ captures: [String], release: String, implementations: String?, ledger ledgerPath: String?, load: VectorLoader,
                    settings: Catalog.Settings, config: RunConfiguration) throws(Session.Problem) -> Int32 {
        let s = session
        guard let project = s.project, let folder = project.archive else {
            throw Session.Problem("archive add writes into the archive the project file declares: add `archive: archive` to \(s.projectFile ?? "concord.yaml") (docs/archive.md)")
        }
        let names = try s.names(implementations)
        var badLedger = false
        let ledger = try s.ledger(ledgerPath, failed: &badLedger)
        if badLedger { return 2 }
        // The archive as it stands must be whole before it grows.
        let problems = Archive.check(folder: folder, loader: load) { name in ledger?.retirement(of: name).map { ($0.reason, $0.date) } }
        if !problems.isEmpty {
            for p in problems { terminal.message("concord: \(p)") }
            terminal.message("concord: the archive is not as concord archive add left it: nothing was written")
            return 2
        }
        // Each capture, and the vectors it answers (the project's declared vectors, else Concord's own).
        guard let read = self.read(captures, load: load),
              let vectors = self.vectors(Set(read.flatMap(\.capture.suites)).sorted(), project: project, load: load) else { return 2 }
        let manifestPath = folder + "/" + Archive.manifestName
        var manifest = Archive.Manifest()
        if FileManager.default.fileExists(atPath: manifestPath) {
            do { manifest = try Archive.Manifest.read(manifestPath, maxBytes: load.yamlLimits.maxBytes) } catch { terminal.message("concord: \(error)"); return 2 }
        }
        // Sorted, rendered and read back, before anything runs: every refusal at once.
        guard let planned = plan(read, vectors: vectors, release: release, folder: folder, load: load),
              var fresh = self.fresh(planned, manifest: manifest, release: release) else {
            terminal.message("concord: nothing was archived")
            return 2
        }
        guard !fresh.isEmpty else { return 0 }
        // Each artifact opened by the live implementations; one that nothing outside Concord opens is not archived.
        var availability = s.policy(names, explicit: implementations != nil)
        let impls = try s.implementations(names, settings: settings, availability: &availability)
        guard confirm(&fresh, impls, config: config) else {
            terminal.message("concord: an artifact no implementation outside Concord opens is not archived (the witness rule, docs/archive.md): nothing was written")
            return 1
        }
        return write(fresh, into: folder, manifest: manifest, at: manifestPath, release: release, load: load)
    }

    /// Each capture with its text; nil after the message.
    func read(_ captures: [String], load: VectorLoader) -> Read? {
        var read: Read = []
        for path in captures {
            do {
                let c = try CapturedOutputs.load(path: path, maxBytes: load.yamlLimits.maxBytes)
                let bytes = try InputFile.read(path, maxBytes: load.yamlLimits.maxBytes, regularFileOnly: true)
                read.append((path, c, String(decoding: bytes, as: UTF8.self)))
            } catch {
                terminal.message("concord: \(error)")
                return nil
            }
        }
        return read
    }

    /// The vectors of the suites the captures name: what a project run covers (its declared
    /// vectors, its packs from Concord's own), then each suite looked up as run looks up a name;
    /// the first definition wins. Nil after the message.
    func vectors(_ suites: [String], project: ProjectSettings, load: VectorLoader) -> [String: Vector]? {
        var vectors: [String: Vector] = [:]
        if !suites.isEmpty {
            var selections: [VectorSelection] = []
            if project.declaresRun {
                var declared = VectorSelection([], project: project, home: session.home)
                declared.notes = []
                selections.append(declared)
            }
            selections.append(VectorSelection(suites, project: project, home: session.home))
            for var selection in selections {
                selection.announceNames = false
                selection.archive = nil
                guard let loaded = selection.load(load, terminal) else { return nil }
                for v in loaded where vectors[v.name] == nil { vectors[v.name] = v }
            }
        }
        return vectors
    }

    /// Each capture's artifacts sorted into the files to write, each rendered and read back; nil
    /// when one is refused (each refusal said).
    func plan(_ read: Read, vectors: [String: Vector], release: String, folder: String, load: VectorLoader) -> [Planned]? {
        var planned: [Planned] = []
        var refused = false
        var platforms = Set<String>()
        let today = Ledger.today()
        for (path, capture, text) in read {
            let platform = String(capture.name.dropFirst("captured:".count))
            guard Release.validName(platform) else {
                terminal.message("concord: \(path): its implementation name \"\(platform)\" cannot name a platform of the archive (letters, digits, '.', '_', '-')")
                refused = true
                continue
            }
            guard platforms.insert(platform).inserted else {
                terminal.message("concord: \(path): a second capture of \(platform) for release \(release): give one capture per platform")
                refused = true
                continue
            }
            let sorted = Archive.sort(capture, vectors: vectors, release: release, platform: platform,
                                      places: CapturedOutputs.resultPlaces(text, count: capture.results.count))
            for p in sorted.passedOver { terminal.message("concord: note: \(p)") }
            for r in sorted.refusals { terminal.message("concord: \(r)") }
            if !sorted.refusals.isEmpty { refused = true; continue }
            if sorted.openings.isEmpty {
                terminal.message("concord: \(path): holds no artifact to archive (none of its answers is an output a suite declares it keeps: docs/archive.md)")
                refused = true
                continue
            }
            let rel = Release(name: release, platform: platform, version: capture.declaredVersion, device: capture.platform,
                              captured: Self.modificationDay(path), archived: today)
            var bySuite: [String: [Archive.Opening]] = [:]
            for op in sorted.openings { bySuite[op.suite.name, default: []].append(op) }
            for suite in bySuite.keys.sorted() {
                let openings = bySuite[suite]!
                let relative = Archive.relativePath(release: release, platform: platform, suite: suite)
                let file = folder + "/" + relative
                let text = Archive.render(openings, release: rel, capture: path)
                let loaded = load.load(.bytes(Array(text.utf8), file: file))
                if let e = loaded.errors.first {
                    terminal.message("concord: \(path): the artifacts of \(suite) do not make a vector file that loads (\(e)): nothing was written")
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
    func fresh(_ planned: [Planned], manifest: Archive.Manifest, release: String) -> [Planned]? {
        var refused = false
        var fresh: [Planned] = []
        for p in Set(planned.map(\.release.platform)).sorted() {
            let mine = planned.filter { $0.release.platform == p }
            let existing = manifest.files.filter { $0.release == release && $0.platform == p }
            if existing.isEmpty { fresh += mine; continue }
            let before = Dictionary(existing.map { ($0.path, $0.vectors.map(\.sha256)) }, uniquingKeysWith: { a, _ in a })
            let now = Dictionary(mine.map { ($0.path, $0.vectors.map(Archive.digest)) }, uniquingKeysWith: { a, _ in a })
            if before == now {
                terminal.out("concord: release \(release) of \(p) is already archived with exactly these artifacts: nothing to add\n")
                continue
            }
            let was = existing.map(\.path).joined(separator: ", ")
            terminal.message("concord: \(mine[0].capture): release \(release) of \(p) is already archived (\(was)) with other content: a release keeps the artifacts it was archived with; name this one another release")
            refused = true
        }
        return refused ? nil : fresh
    }

    /// Opens every artifact on the live implementations and records, per file, who opened all of
    /// it; false (each said) when one opened on nothing outside Concord.
    func confirm(_ fresh: inout [Planned], _ impls: [any Implementation], config: RunConfiguration) -> Bool {
        terminal.watch(impls)
        let all = fresh.flatMap(\.vectors)
        let confirmation = Archive.confirm(all, implementations: impls, configuration: config)
        let provenance = Fill.provenances(impls, suites: Set(all.map(\.suite)))
        terminal.holdIfInterrupted()
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
                    terminal.message("concord: \(fresh[k].capture): \(v.name) (\(fresh[k].openings.first { $0.id == v.id }?.writer.name ?? v.name)): no implementation outside Concord opened it: \(o)"
                           + (failed.isEmpty ? "" : "; failed: \(failed.joined(separator: ", "))"))
                    continue
                }
                if !failed.isEmpty { terminal.message("concord: warning: \(v.name) did not open on \(failed.joined(separator: ", ")) (it is archived: every run will say so)") }
                confirmedEverywhere = confirmedEverywhere.map { c in c.filter(opened.contains) } ?? opened
            }
            fresh[k].release.confirmed = confirmedEverywhere ?? []
        }
        return !unopened
    }

    /// Written: each file atomically, then the manifest that records them.
    func write(_ fresh: [Planned], into folder: String, manifest: Archive.Manifest, at manifestPath: String, release: String, load: VectorLoader) -> Int32 {
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
                terminal.message(terminal.writeFailure(file, error))
                return 2
            }
            written.append(.init(path: p.path, release: release, platform: p.release.platform, sha256: Archive.digest(Array(text.utf8)),
                                 vectors: vectors.map { ($0.name, Archive.digest($0)) }))
            terminal.out("archived \(p.openings.count) artifact\(p.openings.count == 1 ? "" : "s") of \(p.release.writer) in \(file) (\(p.openings[0].suite.name); opened by \(p.release.confirmed.joined(separator: ", ")))\n")
        }
        manifest.files += written
        do { try AtomicFile.write(manifest.serialized(), to: manifestPath) } catch {
            terminal.message(terminal.writeFailure(manifestPath, error))
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
