import Foundation

/// Writes a file atomically: a temporary file in the same folder, then rename. A reader never
/// sees half a report, and a crash never leaves a truncated one.
public enum AtomicFile {
    public static func write(_ text: String, to path: String) throws {
        let url = URL(fileURLWithPath: path)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        do { try OutputFile.replace(path, with: Array(text.utf8)) } catch {
            throw CocoaError(.fileWriteUnknown, userInfo: [NSLocalizedDescriptionKey: "cannot write \(error)"])
        }
    }
}
