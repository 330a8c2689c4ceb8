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

    /// One vector file to write: its path in the archive, the release, what it opens, the capture
    /// (or recording) it came from and how the file's `source:` names it.
    public struct Planned { var path: String; var release: Release; var openings: [Archive.Opening]; var capture: String; var from: String; var vectors: [Vector] }

    /// What one platform wrote: a device capture, or one app's answers in a scenario recording.
    public struct Source {
        /// The capture file, or the recording's folder (for messages).
        var path: String
        /// How the archived file's `source:` names it (`android-1.0.0.json`).
        var from: String
        var platform: String
        var answers: [Archive.Answer]
        var version: String?
        var device: String?
        var captured: String?
        var suites: Set<String>
    }

    /// `archive add CAPTURE… --release NAME`: 0 archived (or already archived), 1 an artifact no
    /// implementation outside Concord opened (nothing written), 2 bad input (nothing written).
    /// `implementations`: `--implementations` as given; `ledger`: `--ledger` as given.
    /// `platform`: `--platform`, the app of a scenario recording whose artifacts are kept.
    public func add(_ captures: [String], release: String, platform: String? = nil, implementations: String?, ledger ledgerPath: String?, load: VectorLoader,
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
        // Each capture or recording, and the vectors it answers (a recording's own, the project's
        // declared vectors, else Concord's own).
        guard let (sources, recorded) = self.sources(captures, platform: platform, load: load),
              var vectors = self.vectors(Set(sources.flatMap(\.suites)).sorted(), project: project, load: load) else { return 2 }
        for v in recorded { vectors[v.name] = v }
        let manifestPath = folder + "/" + Archive.manifestName
        var manifest = Archive.Manifest()
        if FileManager.default.fileExists(atPath: manifestPath) {
            do { manifest = try Archive.Manifest.read(manifestPath, maxBytes: load.yamlLimits.maxBytes) } catch { terminal.message("concord: \(error)"); return 2 }
        }
        // Sorted, rendered and read back, before anything runs: every refusal at once.
        guard let planned = plan(sources, vectors: vectors, release: release, folder: folder, load: load),
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

    /// One capture read, its answers placed; nil after the message.
    func capture(_ path: String, load: VectorLoader) -> (CapturedOutputs, [Archive.Answer])? {
        do {
            let c = try CapturedOutputs.load(path: path, maxBytes: load.yamlLimits.maxBytes)
            let bytes = try InputFile.read(path, maxBytes: load.yamlLimits.maxBytes, regularFileOnly: true)
            return (c, Archive.answers(c, places: CapturedOutputs.resultPlaces(String(decoding: bytes, as: UTF8.self), count: c.results.count)))
        } catch {
            terminal.message("concord: \(error)")
            return nil
        }
    }

    /// What each argument holds: a capture file is one platform's; a folder is a scenario recording
    /// (`concord scenario --record DIR`): its vector files are the writing vectors, and each app's
    /// captured answers beside them (`<scenario>-seed<S>-<app>.outputs.json`, every scenario of one
    /// app merged) one platform's, or only `platform`'s. Nil after the message.
    func sources(_ paths: [String], platform: String?, load: VectorLoader) -> ([Source], [Vector])? {
        var sources: [Source] = []
        var recorded: [Vector] = []
        var isFolder: ObjCBool = false
        let folders = paths.filter { FileManager.default.fileExists(atPath: $0, isDirectory: &isFolder) && isFolder.boolValue }
        if platform != nil && folders.isEmpty {
            terminal.message("concord: --platform names the app of a scenario recording (a folder): a capture names its own platform (implementation.name)")
            return nil
        }
        for path in paths {
            guard folders.contains(path) else {
                guard let (c, answers) = capture(path, load: load) else { return nil }
                sources.append(Source(path: path, from: (path as NSString).lastPathComponent, platform: String(c.name.dropFirst("captured:".count)),
                                      answers: answers, version: c.declaredVersion, device: c.platform, captured: Self.modificationDay(path), suites: c.suites))
                continue
            }
            let loaded = load.load(.paths([path]))
            if !loaded.errors.isEmpty {
                for e in loaded.errors { terminal.message("concord: \(e)") }
                terminal.message("concord: \(path): the recording's vector files do not load: nothing was archived")
                return nil
            }
            recorded += loaded.vectors
            let names = ((try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []).filter { $0.hasSuffix(".outputs.json") }.sorted()
            var apps: [Source] = []
            for name in names {
                let file = (path as NSString).appendingPathComponent(name)
                guard let (c, answers) = capture(file, load: load) else { return nil }
                let app = String(c.name.dropFirst("captured:".count))
                if let k = apps.firstIndex(where: { $0.platform == app }) {
                    apps[k].answers += answers
                    apps[k].suites.formUnion(c.suites)
                    for (kp, value) in [(\Source.device, c.platform), (\Source.version, c.declaredVersion)] {
                        if let value, !(apps[k][keyPath: kp] ?? "").components(separatedBy: "; ").contains(value) {
                            apps[k][keyPath: kp] = apps[k][keyPath: kp].map { $0 + "; " + value } ?? value
                        }
                    }
                    apps[k].captured = max(apps[k].captured ?? "", Self.modificationDay(file) ?? "")
                } else {
                    apps.append(Source(path: path, from: "\((path as NSString).lastPathComponent) (\(app)'s answers in a scenario recording)", platform: app,
                                       answers: answers, version: c.declaredVersion, device: c.platform, captured: Self.modificationDay(file), suites: c.suites))
                }
            }
            let subjects = apps.map(\.platform)
            if let platform {
                guard let mine = apps.first(where: { $0.platform == platform }) else {
                    if Catalog.names.contains(platform) {
                        terminal.message("concord: \(path): --platform \(platform): \(platform) is one of Concord's own implementations, not a release of an app: a recording keeps the artifacts of the app's adapter it ran as the subject (\(subjects.isEmpty ? "this one ran none" : "here: " + subjects.joined(separator: ", ")))")
                    } else {
                        terminal.message("concord: \(path): --platform \(platform): the recording holds no answers of \(platform) (\(subjects.isEmpty ? "no app's adapter answered in it" : "its apps: " + subjects.joined(separator: ", ")))")
                    }
                    return nil
                }
                apps = [mine]
            }
            guard !apps.isEmpty else {
                terminal.message("concord: \(path): no app answered in this recording (it holds no <scenario>-seed<S>-<app>.outputs.json): only Concord's own implementations and libraries ran, and they are no release of an app; record the app's flow with its adapter (concord scenario … --record \(path) --adapter android=…, docs/archive.md)")
                return nil
            }
            sources += apps
        }
        return (sources, recorded)
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
    func plan(_ sources: [Source], vectors: [String: Vector], release: String, folder: String, load: VectorLoader) -> [Planned]? {
        var planned: [Planned] = []
        var refused = false
        var platforms = Set<String>()
        let today = Ledger.today()
        for source in sources {
            let (path, platform) = (source.path, source.platform)
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
            let sorted = Archive.sort(source.answers, vectors: vectors, release: release, platform: platform)
            for p in sorted.passedOver { terminal.message("concord: note: \(p)") }
            for r in sorted.refusals { terminal.message("concord: \(r)") }
            if !sorted.refusals.isEmpty { refused = true; continue }
            if sorted.openings.isEmpty {
                terminal.message("concord: \(path): holds no artifact to archive (none of its answers is an output a suite declares it keeps: docs/archive.md)")
                refused = true
                continue
            }
            let rel = Release(name: release, platform: platform, version: source.version, device: source.device,
                              captured: source.captured, archived: today)
            var bySuite: [String: [Archive.Opening]] = [:]
            for op in sorted.openings { bySuite[op.suite.name, default: []].append(op) }
            for suite in bySuite.keys.sorted() {
                let openings = bySuite[suite]!
                let relative = Archive.relativePath(release: release, platform: platform, suite: suite)
                let file = folder + "/" + relative
                let text = Archive.render(openings, release: rel, from: source.from)
                let loaded = load.load(.bytes(Array(text.utf8), file: file))
                if let e = loaded.errors.first {
                    terminal.message("concord: \(path): the artifacts of \(suite) do not make a vector file that loads (\(e)): nothing was written")
                    refused = true
                    continue
                }
                planned.append(Planned(path: relative, release: rel, openings: openings, capture: path, from: source.from, vectors: loaded.vectors))
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
            let text = Archive.render(p.openings, release: p.release, from: p.from)
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
