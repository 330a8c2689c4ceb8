import ConcordPlatform
import ConcordScheduling
import Foundation

/// The repository root Concord runs from: `$CONCORD_HOME`, else the nearest folder above the
/// executable that holds `adapters/`, else the current directory.
enum Home {
    static func find() -> String {
        let env = ProcessInfo.processInfo.environment
        if let h = env["CONCORD_HOME"], !h.isEmpty { return h }
        let exe = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
        var dir = URL(fileURLWithPath: Platform.executablePath() ?? exe.path)
            .deletingLastPathComponent()
        while dir.path != "/" {
            if FileManager.default.fileExists(atPath: dir.appendingPathComponent("adapters").path),
               FileManager.default.fileExists(atPath: dir.appendingPathComponent("Package.swift").path) {
                return dir.path
            }
            dir = dir.deletingLastPathComponent()
        }
        return FileManager.default.currentDirectoryPath
    }
}

extension Home {
    /// The cost table the shard plan and the scheduler share (`CostTable.path` under `home`, docs/ci.md
    /// "The cost table"): the fallback when there is none (with a note when `noteIfMissing`), nil
    /// (the error printed, located) when it cannot be read or is malformed: exit 2.
    static func costs(_ home: String, noteIfMissing: Bool = false) -> CostTable? {
        do {
            let (table, missing) = try CostTable.load(home + "/" + CostTable.path)
            if missing && noteIfMissing {
                stderr("concord: note: no cost table at \(home)/\(CostTable.path): the shards are balanced by the fallback costs (docs/ci.md \"The cost table\")")
            }
            return table
        } catch {
            stderr("concord: \(error) (the cost table: docs/ci.md \"The cost table\")")
            return nil
        }
    }
}
