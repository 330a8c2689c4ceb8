import ConcordSuites
import Foundation
import ConcordPacks

/// The names of Wycheproof vectors (docs/vector-format.md, "A checkout: the same file name in two
/// folders"). A Wycheproof vector's id is its file's name without `.json`, a hyphen and its `tcId`
/// (`aes_gcm_test-1`). When two Wycheproof files of one load have the same name and map onto the same
/// suite (a checkout's `testvectors/` and `testvectors_v1/`), each of their vectors is named with as many
/// of its file's folders as tell the files apart (`testvectors_v1/aes_gcm_test-1`); the others keep
/// their id.
///
/// Where a name is written (a captured file, a ledger entry), it may give more of the file's folders, or
/// fewer, or none (the old spelling): it names the vector whose file's folders end with those it gives,
/// when exactly one vector of the run is such; two or more are `several`, which the readers refuse.
public struct VectorNames: Sendable {
    /// What a written name stands for.
    public enum Resolution: Sendable, Equatable {
        /// One vector, by its name in the run.
        case one(String)
        /// Several vectors (their names, sorted): the spelling must give more of the path.
        case several([String])
        case none
    }

    /// `suite/file-tcId` (a Wycheproof vector's name without folders) → the vectors it may stand for:
    /// their names and their files' folders.
    private var byBase: [String: [(name: String, folders: [String])]] = [:]

    /// The Wycheproof-shaped vectors of `vectors` (read from a file or from a report: a vector whose id
    /// is its JSON file's name, a hyphen and a number, after none or some of its file's last folders).
    public init<S: Sequence>(_ vectors: S) where S.Element == Vector {
        var folders: [String: [String]] = [:]   // per file: one path's work for all its vectors
        for v in vectors {
            guard let base = Self.base(v) else { continue }
            let f: [String]
            if let known = folders[v.file] { f = known } else { f = Self.folders(of: v.file); folders[v.file] = f }
            let written = v.id.split(separator: "/").dropLast().map(String.init)
            guard f.ends(with: written) else { continue }
            byBase[v.suite + "/" + base, default: []].append((v.name, f))
        }
    }

    /// What `written` (`suite/[folder/…/]file-tcId`, an old suite name allowed) names among the
    /// Wycheproof-shaped vectors given; a name that is no such vector's is `none` (the caller looks it
    /// up as written).
    public func resolve(_ written: String) -> Resolution {
        let name = Suites.canonicalVectorName(written)
        guard let slash = name.firstIndex(of: "/") else { return .none }
        let parts = name[name.index(after: slash)...].split(separator: "/", omittingEmptySubsequences: false).map(String.init)
        guard let last = parts.last, let candidates = byBase[name[..<slash] + "/" + last] else { return .none }
        let given = parts.dropLast()
        let matching = candidates.filter { $0.folders.ends(with: given) }.map(\.name).sorted()
        switch matching.count {
        case 0: return .none
        case 1: return .one(matching[0])
        default: return .several(matching)
        }
    }

    /// What each of `written` names among `vectors`: the vector of that very name when there is one
    /// (an old suite name allowed), else its resolution among the Wycheproof-shaped ones.
    public static func resolve<S: Sequence>(_ written: [String], among vectors: S) -> [Resolution] where S.Element == Vector {
        guard !written.isEmpty else { return [] }
        let wanted = Set(written.map(Suites.canonicalVectorName))
        var exact = Set<String>()
        var wycheproof: [Vector] = []
        for v in vectors {
            let name = v.name
            if wanted.contains(name) { exact.insert(name) }
            if base(v) != nil { wycheproof.append(v) }
        }
        let names = VectorNames(wycheproof)
        return written.map { w in
            let c = Suites.canonicalVectorName(w)
            return exact.contains(c) ? .one(c) : names.resolve(c)
        }
    }

    /// Every spelling that names `v` when no other vector shares it: its name, and for a
    /// Wycheproof-shaped vector its id with none, one, two … of its file's folders (what a ledger
    /// pattern is matched against).
    public static func spellings(_ v: Vector) -> [String] {
        let name = v.name
        guard let base = base(v) else { return [name] }
        var out = [v.suite + "/" + base]
        var prefix = ""
        for folder in folders(of: v.file).reversed() {
            prefix = folder + "/" + prefix
            out.append(v.suite + "/" + prefix + base)
        }
        return out.contains(name) ? out : [name] + out
    }

    /// The vector's id without folders, when it is Wycheproof-shaped.
    static func base(_ v: Vector) -> String? {
        let file = v.file
        // `.json` in any case, read without making a string (every vector of a run is asked).
        guard file.utf8.count > 5, zip(file.utf8.suffix(5), ".json".utf8).allSatisfy({ $0 | 0x20 == $1 | 0x20 }) else { return nil }
        let id = v.id
        let last = id.lastIndex(of: "/").map { String(id[id.index(after: $0)...]) } ?? id
        let stem = WycheproofReader.stem(file) + "-"
        guard last.hasPrefix(stem) else { return nil }
        let number = last.utf8.dropFirst(stem.utf8.count)
        guard !number.isEmpty, number.allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }) else { return nil }
        return last
    }

    // MARK: naming the vectors of files with the same name

    /// The folders of `file`'s absolute path (`.` and `..` resolved as written, links not followed),
    /// each as a name segment: what is outside `[A-Za-z0-9._-]` made `_`.
    public static func folders(of file: String) -> [String] {
        let path = file.hasPrefix("/") ? file : FileManager.default.currentDirectoryPath + "/" + file
        var out: [String] = []
        for c in path.split(separator: "/") {
            if c == "." { continue }
            if c == ".." { _ = out.popLast(); continue }
            out.append(segment(c))
        }
        _ = out.popLast()   // the file's own name
        return out
    }

    /// `s` with anything outside `[A-Za-z0-9._-]` made `_`.
    static func segment(_ s: Substring) -> String {
        String(s.map { c -> Character in
            c.isASCII && (c.isLetter || c.isNumber || c == "." || c == "_" || c == "-") ? c : "_"
        })
    }

    /// For files whose vectors would have the same ids: the folders that name each one's vectors
    /// (`testvectors_v1/`), the fewest last folders that differ for every file; nil when even their
    /// whole paths do not tell them apart (then their ids stay, and clash).
    static func qualifiers(_ files: [String]) -> [String]? {
        let all = files.map(folders(of:))
        let deepest = all.map(\.count).max() ?? 0
        guard deepest > 0 else { return nil }
        for depth in 1...deepest {
            let q = all.map { f in f.suffix(depth).map { $0 + "/" }.joined() }
            if Set(q).count == q.count { return q }
        }
        return nil
    }

    /// Whether `id` is a vector id of `suite` (`FileReader.idPattern`), or the name a Wycheproof vector of
    /// a checkout may have (`testvectors_v1/aes_gcm_test-1`): folder segments, each non-empty, of
    /// `[A-Za-z0-9._-]`, not `.` or `..`, before a file name, a hyphen and a number, in a suite
    /// Wycheproof files map onto.
    public static func isValidID(_ id: String, suite: String) -> Bool {
        let parts = id.split(separator: "/", omittingEmptySubsequences: false)
        guard let last = parts.last, FileReader.idPattern(String(last)) else { return false }
        guard parts.count > 1 else { return true }
        guard WycheproofSchemas.suites.contains(suite), let hyphen = last.lastIndex(of: "-"), hyphen != last.startIndex,
              last[last.index(after: hyphen)...].utf8.allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }),
              last.index(after: hyphen) != last.endIndex else { return false }
        return parts.dropLast().allSatisfy { p in
            !p.isEmpty && p != "." && p != ".." && p.utf8.allSatisfy { FileReader.isAlnum($0) || $0 == UInt8(ascii: ".") || $0 == UInt8(ascii: "_") || $0 == UInt8(ascii: "-") }
        }
    }
}

extension Array where Element == String {
    /// Whether the last elements are `tail`'s.
    func ends<C: Collection>(with tail: C) -> Bool where C.Element == String {
        tail.count <= count && zip(suffix(tail.count), tail).allSatisfy { $0 == $1 }
    }
}
