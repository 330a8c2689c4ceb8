import ConcordLoading
import ConcordSuites
import Foundation

/// What `run` and `export` were asked to load: paths, and suite or contract-pack names
/// (`concord run argon2id`, `concord run closer`), which select that suite's (or pack's) vectors
/// under `vectors/`. A name that is also an existing path is a path.
struct VectorSelection {
    var paths: [String] = []
    /// Canonical suite names asked for by name, in order.
    var suites: [String] = []

    init(_ arguments: [String]) {
        for a in arguments {
            if FileManager.default.fileExists(atPath: a) { paths.append(a); continue }
            if let s = Suites.resolve(a) {
                if !suites.contains(s.name) { suites.append(s.name) }
            } else if let c = Contracts.named(a) {
                for s in c.suites where !suites.contains(s.name) { suites.append(s.name) }
            } else {
                paths.append(a)  // the loader says "no such file or folder"
            }
        }
        if arguments.isEmpty { paths = ["vectors"] }
    }

    /// The folder names are looked up in: `vectors/` here, else the repository's.
    static var vectorsFolder: String {
        FileManager.default.fileExists(atPath: "vectors") ? "vectors" : Home.find() + "/vectors"
    }

    /// Loads the paths, then the named suites' vectors; nil after printing the errors.
    func load(_ loader: VectorLoader) -> [Vector]? {
        var vectors: [Vector] = []
        if !paths.isEmpty {
            guard let v = loadVectors(paths, loader) else { return nil }
            vectors = v
        }
        if !suites.isEmpty {
            let folder = Self.vectorsFolder
            guard let all = loadVectors([folder], loader) else { return nil }
            let seen = Set(vectors.map(\.name))
            let wanted = Set(suites)
            let named = all.filter { wanted.contains($0.suite) && !seen.contains($0.name) }
            for s in suites where !named.contains(where: { $0.suite == s }) && !vectors.contains(where: { $0.suite == s }) {
                stderr("concord: no vectors of suite \(s) under \(folder)")
                return nil
            }
            vectors += named
        }
        return vectors
    }

    var described: String { (paths + suites).joined(separator: " ") }
}
