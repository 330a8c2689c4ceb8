import Foundation

/// Where the project file is (docs/platforms.md, "The project file"): `--project FILE` as given,
/// else the nearest `concord.yaml` in the current folder or one of its parents, found as git finds
/// its repository and SwiftPM its `Package.swift`. The search stops at the first folder that holds
/// `.git` (a repository's root: a `concord.yaml` above it is another project's) and at the
/// filesystem's root. Anything with the name counts (a FIFO, a folder, a broken link): the reader
/// then refuses it, located, rather than passing it over as if there were none. A `concord.yaml`
/// found in a parent folder is read only when it belongs to the user running Concord (as git
/// refuses a repository of another owner): a project file names programs to run.
/// The one place this is decided: the adapters' reader, the settings' reader and the commands ask here.
public enum ProjectFile {
    /// The project file's name.
    public static let name = "concord.yaml"
    /// The most parent folders looked in (a bound, never reached by a real tree).
    static let maxLevels = 256

    /// The project file a command reads: `explicit` (`--project`) when given, else the nearest
    /// `concord.yaml` (`find`), else nil.
    public static func locate(_ explicit: String?) throws(UserAdapters.Problem) -> String? {
        if let explicit { return explicit }
        return try find()
    }

    /// The nearest `concord.yaml` from `start` (default the current folder) up, spelled relative to
    /// the current folder (`concord.yaml`, `../../concord.yaml`), or nil. A parent's that belongs to
    /// another user is refused (thrown), not passed over.
    public static func find(from start: String = ".") throws(UserAdapters.Problem) -> String? {
        var folder = start
        for level in 0...maxLevels {
            let candidate = folder == "." ? name : folder + "/" + name
            var st = stat()
            if lstat(candidate, &st) == 0 {
                if level > 0, st.st_uid != geteuid() {
                    throw UserAdapters.Problem(description: "\(candidate) belongs to another user (uid \(st.st_uid)): it is not read as the project file of this folder; give --project \(candidate) to read it")
                }
                return candidate
            }
            // A repository's root ends the search, as it ends git's.
            if lstat(folder + "/.git", &st) == 0 { return nil }
            // The filesystem's root is its own parent.
            var here = stat(), up = stat()
            guard stat(folder, &here) == 0, stat(folder + "/..", &up) == 0,
                  here.st_dev != up.st_dev || here.st_ino != up.st_ino else { return nil }
            folder = folder == "." ? ".." : folder + "/.."
        }
        return nil
    }
}
