import Foundation

/// Writes a file atomically: a temporary file in the same folder, then rename. A reader never
/// sees half a report, and a crash never leaves a truncated one.
public enum AtomicFile {
    public static func write(_ text: String, to path: String) throws {
        try write(bytes: Array(text.utf8), to: path)
    }

    /// The same for bytes already made (a large JSON report: no second copy as a String).
    public static func write(bytes: [UInt8], to path: String) throws {
        let url = URL(fileURLWithPath: path)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        do { try OutputFile.replace(path, with: bytes) } catch {
            throw CocoaError(.fileWriteUnknown, userInfo: [NSLocalizedDescriptionKey: "cannot write \(error)"])
        }
    }

    /// The same for bytes made while they are written (OutputFile.replace(_:producing:)): a large
    /// JSON report goes to its file a chunk at a time and is never held whole.
    public static func write(to path: String, producing produce: (_ write: ([UInt8]) throws -> Void) throws -> Void) throws {
        let url = URL(fileURLWithPath: path)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        do { try OutputFile.replace(path, producing: produce) } catch {
            throw CocoaError(.fileWriteUnknown, userInfo: [NSLocalizedDescriptionKey: "cannot write \(error)"])
        }
    }
}
