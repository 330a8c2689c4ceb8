import ConcordFiles
import ConcordFormats
import ConcordSuites
import ConcordYAML
import Foundation
import ConcordPacks

/// What the project file (`concord.yaml`, or `--project FILE`) declares a run covers, besides its
/// adapters (docs/platforms.md, "What a run covers in an app repository"):
///
/// ```yaml
/// packs: [closer]                 # contract packs (or suites) from Concord's own vectors
/// vectors: [tests/vectors]        # the project's vector files or folders
/// fixture-maps: [Fixtures/argon2id.concord.yaml]
/// ```
///
/// Paths are relative to the project file's folder and must exist when it is read. `concord run`
/// (and `export`) with no path runs exactly these; a suite or pack name given on the command line
/// is looked up in `vectors` and `fixture-maps` first.
public struct ProjectSettings: Sendable, Equatable {
    /// The project file, as named (`concord.yaml`, or `--project`'s value).
    public var file: String
    /// Canonical pack or suite names, in order, each once.
    public var packs: [String] = []
    /// The declared vector files and folders, resolved against the project file's folder.
    public var vectors: [String] = []
    /// The declared fixture maps, resolved the same way.
    public var fixtureMaps: [String] = []
    /// Whether any of the four keys is present (even as an empty list): then the project, not
    /// `vectors/`, says what a run with no path covers.
    public var declaresRun = false
    /// The archive's folder (`archive: archive`, docs/archive.md), resolved against the project
    /// file's folder; it need not exist before `concord archive add` first writes it. Every run of
    /// what the project declares opens it.
    public var archive: String?

    /// The keys of the project file this reads; the adapters' reader allows them.
    public static let keys = ["packs", "vectors", "fixture-maps", "archive"]

    public init(file: String) { self.file = file }

    /// The declared paths the loader reads: vector files and folders, then fixture maps.
    public var paths: [String] { vectors + fixtureMaps }

    /// The project file's settings (`project`, else the nearest `concord.yaml`, ProjectFile), or
    /// nil when there is none. Every problem is located (`concord.yaml:3:12: …`).
    public static func load(project: String?, maxBytes: Int = InputFile.defaultMaxBytes) throws(UserAdapters.Problem) -> ProjectSettings? {
        guard let path = try ProjectFile.locate(project) else { return nil }
        let bytes: [UInt8]
        do { bytes = try InputFile.read(path, maxBytes: maxBytes, regularFileOnly: true) } catch { throw .init(description: error.description) }
        let root: Node
        do { root = try YAMLParser(expected: "a mapping with the key adapters (docs/platforms.md)").parse(bytes) } catch {
            throw .init(description: "\(path):\(error)")
        }
        return try read(root, path: path)
    }

    static func read(_ root: Node, path: String) throws(UserAdapters.Problem) -> ProjectSettings {
        func fail(_ node: Node, _ what: String) -> UserAdapters.Problem { .init(description: "\(path):\(node.mark): \(what)") }
        var out = ProjectSettings(file: path)
        // Unknown keys and duplicates are the adapters' reader's to refuse; here only these three.
        guard let top = root.mapping else { return out }
        let folder = (path as NSString).deletingLastPathComponent
        for (k, v) in top {
            guard let key = k.string ?? k.scalarText, keys.contains(key) else { continue }
            if key == "archive" {
                guard let s = v.string, !s.isEmpty, !s.unicodeScalars.contains("\0") else {
                    throw fail(v, "archive must be a folder's path (a non-empty string), found \(v.string == nil ? v.typeDescription : "an empty or broken string") (write archive: archive)")
                }
                let resolved = s.hasPrefix("/") || folder.isEmpty ? s : folder + "/" + s
                var st = stat()
                if stat(resolved, &st) == 0, (st.st_mode & S_IFMT) != S_IFDIR {
                    throw fail(v, "archive \"\(Printable.escape(s))\" is not a folder (\(Printable.escape(resolved)))")
                }
                out.archive = resolved
                out.declaresRun = true
                continue
            }
            out.declaresRun = true
            guard let items = v.sequence else {
                let example = key == "packs" ? "[closer]" : key == "vectors" ? "[tests/vectors]" : "[Fixtures/x.concord.yaml]"
                throw fail(v, "\(key) must be a list, found \(v.typeDescription) (write \(key): \(example))")
            }
            for (i, item) in items.enumerated() {
                let at = "\(key)[\(i)]"
                guard let s = item.string, !s.isEmpty else {
                    throw fail(item, "\(at) must be a non-empty string, found \(item.string == nil ? item.typeDescription : "an empty string")")
                }
                if s.unicodeScalars.contains("\0") { throw fail(item, "\(at) contains a NUL character, which would cut it short") }
                let shown = "\"" + Printable.escape(s) + "\""
                if key == "packs" {
                    let name = Contracts.named(s)?.name ?? Suites.resolve(s)?.name
                    guard let name else {
                        let known = Contracts.all.map(\.name).joined(separator: ", ")
                        throw fail(item, "\(at) \(shown) is neither a contract pack (\(known)) nor a suite (concord list names them)")
                    }
                    if out.packs.contains(name) { throw fail(item, "\(at) \(shown) is declared twice") }
                    out.packs.append(name)
                    continue
                }
                let resolved = s.hasPrefix("/") || folder.isEmpty ? s : folder + "/" + s
                var st = stat()
                guard stat(resolved, &st) == 0 else {
                    throw fail(item, "\(at) \(shown) does not exist (\(Printable.escape(resolved)); a path here is relative to the project file's folder)")
                }
                let isFolder = (st.st_mode & S_IFMT) == S_IFDIR, isFile = (st.st_mode & S_IFMT) == S_IFREG
                if key == "fixture-maps" && !isFile {
                    throw fail(item, "\(at) \(shown) is not a regular file: a fixture map is one file (concord-fixture-map/1)")
                }
                if key == "vectors" && !isFile && !isFolder {
                    throw fail(item, "\(at) \(shown) is neither a file nor a folder")
                }
                if out.paths.contains(resolved) { throw fail(item, "\(at) \(shown) is declared twice") }
                if key == "vectors" { out.vectors.append(resolved) } else { out.fixtureMaps.append(resolved) }
            }
        }
        return out
    }
}
