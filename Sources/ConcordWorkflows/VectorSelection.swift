import ConcordArchive
import ConcordImplementations
import ConcordLoading
import ConcordSuites
import Foundation
import ConcordPacks

/// What `run` and `export` were asked to load (docs/running.md, "Which vectors a run covers"):
///
/// - paths, read as given (a name that is also an existing path is a path);
/// - suite or contract-pack names (`concord run argon2id`, `concord run closer`): each suite's
///   vectors from the project file's declared `vectors` and `fixture-maps` when they hold any,
///   else from Concord's own `vectors/` (`$CONCORD_HOME/vectors`, Home). A `vectors/` folder in
///   the current directory is never where a name is looked up. One line on standard error says
///   which folder each name resolved in;
/// - nothing: what the project file declares (`packs`, `vectors`, `fixture-maps`), exactly; without
///   one (or one naming only adapters), `vectors/` here when it exists, else Concord's own, with a
///   line saying which when it is not Concord's own folder.
public struct VectorSelection {
    public var paths: [String] = []
    /// Canonical suite names asked for by name, in order, with the name that asked (a pack's or the suite's).
    public var suites: [(suite: String, asked: String)] = []
    /// The project's declared paths, where names are looked up first.
    public var projectPaths: [String] = []
    public var projectFile: String?
    /// Said on standard error before loading: where a default run's vectors come from.
    public var notes: [String] = []
    /// Whether to say where each name resolved (not for the packs a project declares: its line says).
    public var announceNames = true
    /// The folders chosen for the user (`vectors/` here, Concord's own): each must be a folder,
    /// checked before anything is opened (a FIFO named `vectors` is never read as a vector file).
    public var defaultFolders: [String] = []
    /// The project's archive (docs/archive.md): opened by every run of what the project declares,
    /// and, for a suite or pack named, its archived vectors of those suites. Never by paths alone.
    public var archive: String?
    public var archiveAll = false

    /// Concord's own vectors (`HOME/vectors`), spelled `vectors` when that is the current folder's.
    public let homeVectors: String

    /// `home`: the repository Concord runs from (`$CONCORD_HOME`, else the folder above the executable).
    public init(_ arguments: [String], project: ProjectSettings? = nil, home: String) {
        homeVectors = Self.ownVectors(home)
        let homeVectors = self.homeVectors
        archive = project?.archive
        if let project, project.declaresRun {
            projectPaths = project.paths
            projectFile = project.file
        }
        func add(_ a: String) {
            if let s = Suites.resolve(a) {
                if !suites.contains(where: { $0.suite == s.name }) { suites.append((s.name, a)) }
            } else if let c = Contracts.named(a) {
                for s in c.suites where !suites.contains(where: { $0.suite == s.name }) { suites.append((s.name, a)) }
            }
        }
        for a in arguments {
            if FileManager.default.fileExists(atPath: a) {
                paths.append(a)
                if Suites.resolve(a) != nil || Contracts.named(a) != nil {
                    notes.append("\(a) is read as the path ./\(a), which exists here, not as the suite or pack of that name (write \(homeVectors)/… for Concord's own)")
                }
                continue
            }
            if Suites.resolve(a) != nil || Contracts.named(a) != nil { add(a) } else {
                paths.append(a)  // the loader says "no such file or folder"
            }
        }
        guard arguments.isEmpty else { return }
        if let project, project.declaresRun {
            // Exactly what the project declares: its paths, and its packs from Concord's own vectors.
            paths = project.paths
            for p in project.packs { add(p) }
            announceNames = false
            archiveAll = true
            projectPaths = []  // a declared pack is Concord's, not looked up in the project's folders
            let parts = [project.vectors.isEmpty ? nil : "vectors " + project.vectors.joined(separator: ", "),
                         project.fixtureMaps.isEmpty ? nil : "fixture maps " + project.fixtureMaps.joined(separator: ", "),
                         project.packs.isEmpty ? nil : "packs " + project.packs.joined(separator: ", ") + " from Concord's own vectors (\(homeVectors))"]
            let withArchive = parts + [project.archive.map { "the archive " + $0 }]
            notes.append("running what \(project.file) declares: " + (withArchive.compactMap { $0 }.joined(separator: "; ").nilIfEmpty ?? "nothing"))
            return
        }
        let home = homeVectors
        if FileManager.default.fileExists(atPath: "vectors") {
            paths = ["vectors"]
            defaultFolders = ["vectors"]
            if !Self.sameFolder("vectors", home) {
                notes.append("no path given and no project file declares what to run: running vectors/ of the current directory, not Concord's own (\(home))")
            }
        } else {
            paths = [home]
            defaultFolders = [home]
            notes.append("no path given: running Concord's own vectors (\(home))")
        }
    }

    /// Concord's own vectors: `vectors/` of the repository Concord runs from (Home: `$CONCORD_HOME`,
    /// else the folder above the executable).
    /// Spelled `vectors` when that is the current directory's own (Concord's repository), so that
    /// the report and the GitHub annotations name its files relative to it, as before.
    static func ownVectors(_ root: String) -> String {
        let home = root + "/vectors"
        return FileManager.default.fileExists(atPath: "vectors") && sameFolder("vectors", home) ? "vectors" : home
    }

    public static func sameFolder(_ a: String, _ b: String) -> Bool {
        let ra = URL(fileURLWithPath: a).resolvingSymlinksInPath().standardizedFileURL.path
        let rb = URL(fileURLWithPath: b).resolvingSymlinksInPath().standardizedFileURL.path
        return ra == rb
    }

    /// Why a folder chosen for the user cannot be read as one (from its metadata: nothing is
    /// opened), or nil when it is a folder (a symbolic link to one is followed).
    public static func notAFolder(_ path: String, _ what: String) -> String? {
        var st = stat()
        guard stat(path, &st) == 0 else { return nil }   // missing: said where it is looked for
        let type = st.st_mode & S_IFMT
        guard type != S_IFDIR else { return nil }
        let kind = type == S_IFIFO ? "a FIFO" : type == S_IFSOCK ? "a socket" : type == S_IFCHR ? "a character device"
            : type == S_IFBLK ? "a block device" : type == S_IFREG ? "a file" : "not a folder"
        return "\(what) \(path) is \(kind), not a folder of vector files (it was not opened)"
    }

    /// Loads the paths, then the named suites' vectors; nil after printing the errors.
    public func load(_ loader: VectorLoader, _ terminal: Terminal) -> [Vector]? {
        let stderr = terminal.message
        let loadVectors = { (paths: [String], loader: VectorLoader) in ConcordWorkflows.loadVectors(paths, loader, terminal) }
        for n in notes { stderr("concord: \(n)") }
        for f in defaultFolders {
            if let why = Self.notAFolder(f, f == "vectors" ? "the default folder" : "Concord's own vectors folder") {
                stderr("concord: \(why)")
                return nil
            }
        }
        var vectors: [Vector] = []
        if !paths.isEmpty {
            guard let v = loadVectors(paths, loader) else { return nil }
            vectors = v
        }
        guard let named = loadNamed(loader, vectors, terminal) else { return nil }
        vectors = named
        // The past: the archive's vectors of what is run (all of it for what the project declares).
        if let archive, archiveAll || !suites.isEmpty, FileManager.default.fileExists(atPath: archive),
           !((try? VectorLoader.files([archive])) ?? []).isEmpty {
            let files = ((try? VectorLoader.files([archive])) ?? []).filter { !$0.hasSuffix("/" + Archive.manifestName) }
            guard let v = loadVectors(files, loader) else { return nil }
            let wanted = Set(suites.map(\.suite))
            vectors += v.filter { archiveAll || wanted.contains($0.suite) }
        }
        return vectors
    }

    private func loadNamed(_ loader: VectorLoader, _ given: [Vector], _ terminal: Terminal) -> [Vector]? {
        let stderr = terminal.message
        let loadVectors = { (paths: [String], loader: VectorLoader) in ConcordWorkflows.loadVectors(paths, loader, terminal) }
        var vectors = given
        guard !suites.isEmpty else { return vectors }
        var project: [Vector] = []
        if !projectPaths.isEmpty {
            guard let v = loadVectors(projectPaths, loader) else { return nil }
            project = v
        }
        let home = homeVectors
        let inProject = Set(suites.map(\.suite).filter { s in project.contains { $0.suite == s } })
        var own: [Vector] = []
        if suites.contains(where: { !inProject.contains($0.suite) }) {
            guard FileManager.default.fileExists(atPath: home) else {
                stderr("concord: Concord's own vectors are not at \(home) (set CONCORD_HOME to the repository Concord runs from)")
                return nil
            }
            if let why = Self.notAFolder(home, "Concord's own vectors folder") {
                stderr("concord: \(why) (set CONCORD_HOME to the repository Concord runs from)")
                return nil
            }
            guard let v = loadVectors([home], loader) else { return nil }
            own = v
        }
        var seen = Set(vectors.map(\.name))
        // One line per name asked: which folder each of its suites resolved in.
        var asked: [String] = []
        for s in suites where !asked.contains(s.asked) { asked.append(s.asked) }
        for a in asked where announceNames {
            let mine = suites.filter { $0.asked == a }.map(\.suite)
            let here = mine.filter { inProject.contains($0) }, there = mine.filter { !inProject.contains($0) }
            var parts: [String] = []
            if !here.isEmpty {
                parts.append("\(here.count == mine.count ? "" : here.joined(separator: ", ") + " ")in \(projectFile ?? "the project file")'s declared vectors (\(projectPaths.joined(separator: ", ")))")
            }
            if !there.isEmpty {
                parts.append("\(there.count == mine.count ? "" : there.joined(separator: ", ") + " ")in Concord's own vectors (\(home))")
            }
            stderr("concord: \(a) resolved " + parts.joined(separator: "; "))
        }
        for (s, _) in suites {
            let source = inProject.contains(s) ? project : own
            let named = source.filter { $0.suite == s && !seen.contains($0.name) }
            if named.isEmpty && !vectors.contains(where: { $0.suite == s }) {
                stderr("concord: no vectors of suite \(s) under \(inProject.contains(s) ? projectPaths.joined(separator: ", ") : home)")
                return nil
            }
            for v in named { seen.insert(v.name) }
            vectors += named
        }
        return vectors
    }

    public var described: String {
        let d = (paths + suites.map(\.suite)).joined(separator: " ")
        return d.isEmpty ? "what \(projectFile ?? "the project file") declares (empty lists)" : d
    }
}

private extension String {
    var nilIfEmpty: String? { isEmpty ? nil : self }
}

/// The vectors of `paths` (files and folders), the loader's notes said; nil after printing every error.
public func loadVectors(_ paths: [String], _ loader: VectorLoader, _ terminal: Terminal) -> [Vector]? {
    let loaded = loader.load(.paths(paths))
    for n in loaded.notes { terminal.message("concord: note: \(n)") }
    if !loaded.errors.isEmpty {
        for e in loaded.errors { terminal.message("concord: \(e)") }
        terminal.message("concord: \(loaded.errors.count) error\(loaded.errors.count == 1 ? "" : "s") in the input; nothing was run")
        return nil
    }
    return loaded.vectors
}
