import ConcordSuites
import Foundation
import Testing
import ConcordTestSupport
import ConcordPacks

/// The adapters' one layout (docs/adapters.md, "Layout"), held by the sources: in every runtime a
/// plumbing folder (`wire/`), `primitives/` and one folder per pack it implements, beside the entry
/// point and the registry; every suite declared in the folder of its pack; the plumbing importing no
/// suite code, primitives no pack, no pack another, nothing the entry point or the registry; and no
/// import cycle among Python modules, Node modules or Java packages.
struct AdapterLayoutTests {
    enum Language { case java, python, node }

    struct Runtime {
        var name: String
        /// The folder the layout is in, relative to the repository.
        var root: String
        var language: Language
        /// The folders under `root` (no others may hold code).
        var folders: [String]
        /// The files directly in `root`: the entry points, the registry, the runtime's own self-checks.
        var rootFiles: [String]
    }

    static let packs = Contracts.all.map(\.name)

    static let runtimes: [Runtime] = [
        Runtime(name: "jvm", root: "adapters/jvm/src/concord/adapter", language: .java,
                folders: ["wire", "primitives", "closer", "sinew", "justsend", "sophaxchat", "askkey"],
                rootFiles: ["Main.java", "Suites.java", "EncodingCheck.java"]),
        Runtime(name: "tink", root: "adapters/tink", language: .python,
                folders: ["wire", "primitives", "closer", "sinew"],
                rootFiles: ["concord_tink_adapter.py", "suites.py", "check_encodings.py"]),
        Runtime(name: "node", root: "adapters/node", language: .node,
                folders: ["wire", "primitives", "closer", "sinew", "justsend"],
                rootFiles: ["main.js", "suites.js", "check-encodings.js"]),
        // Web Crypto runs in Node: its protocol plumbing is node's wire/, its own wire/ only the browser.
        Runtime(name: "webcrypto", root: "adapters/webcrypto", language: .node,
                folders: ["wire", "primitives", "sinew", "justsend"],
                rootFiles: ["main.js", "suites.js"]),
    ]

    static func ext(_ language: Language) -> String {
        switch language { case .java: ".java"; case .python: ".py"; case .node: ".js" }
    }

    /// Every source file of a runtime, relative to the repository.
    static func sources(_ r: Runtime) -> [String] {
        let base = repositoryRoot + "/" + r.root
        guard let e = FileManager.default.enumerator(atPath: base) else { return [] }
        return e.compactMap { $0 as? String }
            .filter { $0.hasSuffix(ext(r.language)) && !$0.contains("__pycache__") }
            .sorted().map { r.root + "/" + $0 }
    }

    static func read(_ relative: String) throws -> String {
        try String(contentsOfFile: repositoryRoot + "/" + relative, encoding: .utf8)
    }

    /// The room a file is in: "runtime/folder", or "runtime/" for the entry point and the registry.
    static func room(_ file: String) -> String {
        for r in runtimes where file.hasPrefix(r.root + "/") {
            let rest = file.dropFirst(r.root.count + 1)
            guard let slash = rest.firstIndex(of: "/") else { return r.name + "/" }
            return r.name + "/" + rest[..<slash]
        }
        return "?" + file
    }

    /// The suites a file declares: Java `name()` in a class implementing Suite, Python `name = "…"`
    /// at class level, Node `suite('…'`.
    static func declaredSuites(_ file: String, _ language: Language) throws -> [String] {
        let text = try read(file)
        switch language {
        case .java:
            guard text.contains("implements Suite") else { return [] }
            guard let start = text.range(of: "String name()") else { return [] }
            let body = text[start.upperBound...].prefix { $0 != "}" }
            return body.matches(of: #/"([^"]+)"/#).map { String($0.output.1) }
        case .python:
            return text.matches(of: #/(?m)^    name = "([^"]+)"/#).map { String($0.output.1) }
        case .node:
            let code = text.split(separator: "\n").filter {
                let t = $0.drop { $0 == " " }
                return !t.hasPrefix("//") && !t.hasPrefix("*")
            }.joined(separator: "\n")
            return code.matches(of: #/suite\(\s*'([^']+)'/#).map { String($0.output.1) }
        }
    }

    /// The rooms the sources of a runtime import, file by file (Python and Node) or package by package
    /// (Java), as edges between nodes: files, or Java packages.
    static func imports(_ r: Runtime) throws -> [(from: String, to: String)] {
        var edges: [(String, String)] = []
        for file in sources(r) {
            let text = try read(file)
            let dir = (file as NSString).deletingLastPathComponent
            switch r.language {
            case .java:
                let own = text.firstMatch(of: #/(?m)^package ([\w.]+);/#).map { String($0.output.1) } ?? "?"
                for m in text.matches(of: #/(?m)^import (?:static )?(concord\.adapter(?:\.[a-z]\w*)*)\.[A-Z]/#) {
                    edges.append((own, String(m.output.1)))
                }
            case .python:
                for line in text.split(separator: "\n") {
                    let t = (line.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false).first.map(String.init) ?? "")
                        .trimmingCharacters(in: .whitespaces)
                    var modules: [String] = []
                    if let m = t.wholeMatch(of: #/from (\.*)([\w.]*) import ([\w, ()]+).*/#) {
                        let dots = m.output.1.count, name = String(m.output.2)
                        var base = dots == 0 ? r.root : dir
                        for _ in 0..<max(0, dots - 1) { base = (base as NSString).deletingLastPathComponent }
                        let prefix = base + "/" + name.replacingOccurrences(of: ".", with: "/")
                        // `from wire import json`: the submodule if there is one, else the package.
                        for n in m.output.3.split(separator: ",").map({ $0.trimmingCharacters(in: .init(charactersIn: " ()")) }) {
                            modules.append(name.isEmpty ? base + "/" + n : prefix + "/" + n)
                        }
                        modules.append(name.isEmpty ? base : prefix)
                    } else if let m = t.wholeMatch(of: #/import ([\w.]+)(?: as \w+)?/#) {
                        modules.append(r.root + "/" + m.output.1.replacingOccurrences(of: ".", with: "/"))
                    }
                    for module in modules {
                        for candidate in [module + ".py", module + "/__init__.py"]
                        where FileManager.default.fileExists(atPath: repositoryRoot + "/" + candidate) {
                            edges.append((file, candidate))
                        }
                    }
                }
            case .node:
                for m in text.matches(of: #/require\('(\.[^']*)'\)/#) {
                    // standardizingPath resolves ".." in absolute paths only.
                    let absolute = ((repositoryRoot + "/" + dir + "/" + m.output.1) as NSString).standardizingPath
                    let target = String(absolute.dropFirst(repositoryRoot.count + 1))
                    for candidate in [target + ".js", target + "/index.js", target]
                    where FileManager.default.fileExists(atPath: repositoryRoot + "/" + candidate) && candidate.hasSuffix(".js") {
                        edges.append((file, candidate))
                        break
                    }
                }
            }
        }
        return edges
    }

    /// A Java package's room ("jvm/wire"), like a file's.
    static func javaRoom(_ package: String) -> String {
        let parts = package.split(separator: ".")
        return parts.count <= 2 ? "jvm/" : "jvm/" + parts[2]
    }

    /// Whether code in room `from` may import code in room `to`: the entry point and the registry
    /// import anything; a pack its runtime's plumbing, primitives and itself; primitives the plumbing
    /// and themselves; the plumbing only itself. Web Crypto's plumbing is node's wire/ and its own.
    static func allowed(from: String, to: String) -> Bool {
        func split(_ room: String) -> (runtime: String, folder: String) {
            let p = room.split(separator: "/", omittingEmptySubsequences: false)
            return (String(p[0]), p.count > 1 ? String(p[1]) : "")
        }
        let f = split(from), t = split(to)
        if f.folder.isEmpty { return true }
        if t.folder.isEmpty { return false }
        let sameRuntime = f.runtime == t.runtime || (f.runtime == "webcrypto" && t.runtime == "node")
        guard sameRuntime else { return false }
        if t.folder == "wire" { return true }
        if f.folder == "wire" { return false }
        if t.folder == "primitives" { return true }
        if f.folder == "primitives" { return false }
        return f.folder == t.folder
    }

    /// A cycle in the graph, as the list of its nodes, or nil.
    static func cycle(_ edges: [(from: String, to: String)]) -> [String]? {
        var next: [String: [String]] = [:]
        for e in edges where e.from != e.to { next[e.from, default: []].append(e.to) }
        var state: [String: Int] = [:]  // 1 on the path, 2 done
        var path: [String] = []
        func visit(_ n: String) -> [String]? {
            state[n] = 1
            path.append(n)
            for m in (next[n] ?? []).sorted() {
                if state[m] == 1 { return Array(path[path.firstIndex(of: m)!...]) + [m] }
                if state[m] == nil, let c = visit(m) { return c }
            }
            path.removeLast()
            state[n] = 2
            return nil
        }
        for n in next.keys.sorted() where state[n] == nil {
            if let c = visit(n) { return c }
        }
        return nil
    }

    @Test(arguments: runtimes.map(\.name))
    func everyRuntimeHasTheFoldersAndNoOthers(_ name: String) throws {
        let r = try #require(Self.runtimes.first { $0.name == name })
        let base = repositoryRoot + "/" + r.root
        for folder in r.folders {
            var isDirectory: ObjCBool = false
            #expect(FileManager.default.fileExists(atPath: base + "/" + folder, isDirectory: &isDirectory) && isDirectory.boolValue,
                    "\(r.root)/\(folder)/ is missing (docs/adapters.md, \"Layout\")")
        }
        let files = Self.sources(r)
        #expect(files.count >= 5, "\(r.root) has \(files.count) source files: was it read?")
        for file in files {
            let rest = String(file.dropFirst(r.root.count + 1))
            if let slash = rest.firstIndex(of: "/") {
                let folder = String(rest[..<slash])
                #expect(r.folders.contains(folder), "\(file): \(folder)/ is not a folder of the layout (\(r.folders.joined(separator: ", ")))")
                #expect(!rest[rest.index(after: slash)...].contains("/"), "\(file): a layout folder has no subfolders")
            } else {
                #expect(r.rootFiles.contains(rest), "\(file): only the entry point and the registry (\(r.rootFiles.joined(separator: ", "))) sit beside the folders; put it in wire/, primitives/ or its pack's folder")
            }
        }
    }

    @Test(arguments: runtimes.map(\.name))
    func everySuiteIsDeclaredInTheFolderOfItsPack(_ name: String) throws {
        let r = try #require(Self.runtimes.first { $0.name == name })
        var declared: [String: String] = [:]
        for file in Self.sources(r) {
            for suite in try Self.declaredSuites(file, r.language) {
                guard let definition = Suites.resolve(suite) else {
                    Issue.record("\(file) declares \(suite), which is no suite of the definitions")
                    continue
                }
                let pack = definition.contract ?? "primitives"
                #expect(Self.room(file) == r.name + "/" + pack, "\(file) declares \(suite) of \(pack): it belongs in \(r.root)/\(pack)/")
                declared[suite] = file
            }
        }
        // Every folder of a pack holds a suite, or the declarations were not found.
        for folder in r.folders where folder != "wire" {
            #expect(declared.values.contains { Self.room($0) == r.name + "/" + folder }
                    || (r.name == "webcrypto" && folder != "primitives"),
                    "\(r.root)/\(folder)/ declares no suite")
        }
        // Every suite the definitions name this adapter for is declared somewhere in the layout (webcrypto's
        // sinew and justsend suites wrap node's declarations: they are checked through their imports).
        let expected = Set(Suites.list.filter { $0.implementations.contains(r.name) }.map(\.name))
        let found = r.name == "webcrypto" ? Set(declared.keys).union(expected.filter { $0.contains(".") }) : Set(declared.keys)
        #expect(found == expected, "\(r.name): declared \(found.sorted()), the definitions name it for \(expected.sorted())")
    }

    @Test(arguments: runtimes.map(\.name))
    func importsGoDownTheLayersOnly(_ name: String) throws {
        let r = try #require(Self.runtimes.first { $0.name == name })
        let edges = try Self.imports(r)
        #expect(edges.count >= 5, "\(r.name): \(edges.count) imports found: were they read?")
        for e in edges {
            let from = r.language == .java ? Self.javaRoom(e.from) : Self.room(e.from)
            let to = r.language == .java ? Self.javaRoom(e.to) : Self.room(e.to)
            #expect(Self.allowed(from: from, to: to),
                    "\(e.from) imports \(e.to): \(from) may import only what is below it (wire/ ← primitives/ ← a pack ← the entry point and the registry)")
        }
        if let c = Self.cycle(edges) {
            Issue.record("\(r.name): import cycle \(c.joined(separator: " → "))")
        }
    }

    @Test func theCycleFinderFindsACycle() {
        #expect(Self.cycle([("a", "b"), ("b", "c"), ("c", "a")]) == ["a", "b", "c", "a"])
        #expect(Self.cycle([("a", "b"), ("b", "c"), ("a", "c")]) == nil)
        #expect(!Self.allowed(from: "tink/wire", to: "tink/closer"))
        #expect(!Self.allowed(from: "tink/sinew", to: "tink/closer"))
        #expect(!Self.allowed(from: "node/primitives", to: "node/"))
        #expect(Self.allowed(from: "webcrypto/sinew", to: "node/sinew"))
    }
}
