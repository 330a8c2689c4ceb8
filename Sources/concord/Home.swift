import ConcordPlatform
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
