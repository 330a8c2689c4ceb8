import ConcordPlatform

/// The outputs a command will write, checked before anything runs (issue 12 item 1): an output
/// that is also one of the command's inputs (a vector file, a captured file, a report to merge)
/// would destroy it, and two outputs on one file would leave only the last; both are refused, exit
/// status 2. Paths are compared by what they lead to: the device and inode of a file that exists,
/// else the path with its symbolic links and its folder resolved. A character device (`/dev/null`)
/// may take several outputs (each is written in place); standard output (`-`) is not a file.
public enum OutputPlan {
    /// `outputs`: the option that names each (`--report`) and its path. `inputs`: every file read.
    /// `roles`: inputs a refusal names by what they are ("the divergence ledger", "the project
    /// file"), so that the message says both what would be written and what would be lost.
    public static func check(outputs: [(option: String, path: String)], inputs: [String],
                             roles: [(role: String, path: String)] = []) throws(OutputFile.Failure) {
        enum Taker { case input(role: String?), output(String) }
        var seen: [String: (taker: Taker, path: String)] = [:]   // identity → who took it
        for (role, path) in roles { if let id = identity(path), seen[id] == nil { seen[id] = (.input(role: role), path) } }
        for i in inputs { if let id = identity(i), seen[id] == nil { seen[id] = (.input(role: nil), i) } }
        for (option, path) in outputs where path != "-" {
            let target = (try? OutputFile.resolve(path)) ?? path
            if OutputFile.kind(target) == .characterDevice { continue }
            guard let id = identity(path) else { continue }
            if let other = seen[id] {
                let same = other.path == path ? "" : " (\(other.path))"
                let what: String
                switch other.taker {
                case .output(let o): what = "\(option) and \(o) name the same file\(same): one would overwrite the other"
                case .input(let role?): what = "\(option) names \(role) this command reads\(same): writing it would destroy it"
                case .input(nil): what = "\(option) is also an input of this command\(same): writing it would destroy it"
                }
                throw OutputFile.Failure(path: path, message: "\(what); nothing was run")
            }
            seen[id] = (.output(option), path)
        }
    }

    /// Where a path leads: `inode DEV:INO` when it exists, else `path RESOLVED`: its deepest folder
    /// that exists resolved, the names below it (folders a write creates) taken as written, `.`
    /// and `..` among them applied (`R/new/../new/f` and `/abs/R/new/f` are one file).
    static func identity(_ path: String) -> String? {
        var st = stat()
        if stat(path, &st) == 0 { return "inode \(st.st_dev):\(st.st_ino)" }
        guard let target = try? OutputFile.resolve(path) else { return nil }
        var folders = target.split(separator: "/", omittingEmptySubsequences: true).map(String.init)
        var below: [String] = []
        while true {
            let folder = target.hasPrefix("/") ? "/" + folders.joined(separator: "/") : (folders.isEmpty ? "." : folders.joined(separator: "/"))
            if let real = realpath(folder, nil) {
                defer { free(real) }
                var names = String(cString: real).split(separator: "/").map(String.init)
                for n in below where n != "." { if n == ".." { _ = names.popLast() } else { names.append(n) } }
                return "path /" + names.joined(separator: "/")
            }
            guard let last = folders.popLast() else { return "path \(target)" }
            below.insert(last, at: 0)
        }
    }
}
