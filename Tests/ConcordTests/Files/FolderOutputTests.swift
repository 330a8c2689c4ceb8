import ConcordFiles
import ConcordTestSupport
import Foundation
import Testing

/// Files Concord names itself inside a folder it was given (FolderOutput: `explore --emit DIR`,
/// `scenario --record DIR`): nothing is written through a symbolic link found there, whatever it
/// leads to, so nothing lands outside the folder asked for (issue 43 item 6: a dangling link at the
/// target name was followed, and the file written where it pointed).
@Suite struct FolderOutputTests {
    func kind(_ p: String) -> mode_t { var st = stat(); return lstat(p, &st) == 0 ? st.st_mode & S_IFMT : 0 }

    /// A dangling link, a link to a file inside the folder, a link leading out, at the file's name or
    /// at a subfolder's: each refused, naming the path and where it leads, and left as it was; the
    /// file it leads to neither made nor changed.
    @Test func aLinkInsideTheFolderIsNeverWrittenThrough() throws {
        let dir = temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let folder = dir + "/out", outside = dir + "/outside"
        try FileManager.default.createDirectory(atPath: folder + "/sub", withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: outside, withIntermediateDirectories: true)
        write("inside", to: folder + "/kept.yaml")
        for (name, target) in [("f.yaml", outside + "/planted.yaml"), ("f.yaml", "kept.yaml"), ("f.yaml", "../outside/planted.yaml"),
                               ("sub/f.yaml", "../../outside/planted.yaml"), ("link/f.yaml", outside), ("dangling/f.yaml", outside + "/new")] {
            let linkAt = folder + "/" + (name.contains("/") && !name.hasPrefix("sub/") ? String(name.split(separator: "/")[0]) : name)
            try FileManager.default.createSymbolicLink(atPath: linkAt, withDestinationPath: target)
            defer { try? FileManager.default.removeItem(atPath: linkAt) }
            let path = folder + "/" + name
            for replacing in [false, true] {
                do {
                    try FolderOutput.write(Array("new".utf8), to: path, inside: folder, replacing: replacing)
                    Issue.record("\(name) → \(target): written through the link")
                } catch {
                    #expect(error.path == linkAt && error.message.hasPrefix("is a symbolic link (to \(target))"), "\(error)")
                }
            }
            #expect(throws: OutputFile.Failure.self, "\(name)") { try FolderOutput.check(path, inside: folder) }
            #expect(kind(linkAt) == S_IFLNK && (try? FileManager.default.destinationOfSymbolicLink(atPath: linkAt)) == target)
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: outside).isEmpty)
        #expect(FileManager.default.contents(atPath: folder + "/kept.yaml") == Data("inside".utf8))
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder).sorted() == ["kept.yaml", "sub"])
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder + "/sub").isEmpty)
    }

    /// The folder is the user's: a link to a folder is followed; one that leads nowhere, or a file,
    /// is refused; a missing folder is made with its subfolders. A FIFO or a folder at the file's
    /// name is refused without being opened.
    @Test func theFolderIsTheUsersAndOnlyFilesAreWritten() throws {
        let dir = temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try FileManager.default.createDirectory(atPath: dir + "/real", withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: dir + "/via", withDestinationPath: "real")
        try FolderOutput.write(Array("a".utf8), to: dir + "/via/s/a.yaml", inside: dir + "/via", replacing: false)
        #expect(FileManager.default.contents(atPath: dir + "/real/s/a.yaml") == Data("a".utf8))
        try FileManager.default.createSymbolicLink(atPath: dir + "/nowhere", withDestinationPath: "missing")
        #expect(throws: OutputFile.Failure.self) { try FolderOutput.write([1], to: dir + "/nowhere/a.yaml", inside: dir + "/nowhere", replacing: false) }
        #expect(!FileManager.default.fileExists(atPath: dir + "/missing"))
        write("x", to: dir + "/file")
        #expect(throws: OutputFile.Failure.self) { try FolderOutput.write([1], to: dir + "/file/a.yaml", inside: dir + "/file", replacing: false) }
        try FolderOutput.write(Array("b".utf8), to: dir + "/new/deep/s/b.yaml", inside: dir + "/new/deep/", replacing: false)
        #expect(FileManager.default.contents(atPath: dir + "/new/deep/s/b.yaml") == Data("b".utf8))
        #expect(mkfifo(dir + "/real/fifo.yaml", 0o644) == 0)
        #expect(throws: OutputFile.Failure.self) { try FolderOutput.check(dir + "/real/fifo.yaml", inside: dir + "/real") }
        #expect(throws: OutputFile.Failure.self) { try FolderOutput.head(dir + "/real/fifo.yaml", bytes: 4) }
        #expect(kind(dir + "/real/fifo.yaml") == S_IFIFO)
        #expect(throws: OutputFile.Failure.self) { try FolderOutput.write([1], to: dir + "/real/s", inside: dir + "/real", replacing: true) }
    }

    /// A new file replaces nothing (a second write is `exists`, the first kept); `replacing` replaces
    /// a regular file; neither leaves a temporary file.
    @Test func aNewFileReplacesNothing() throws {
        let dir = temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let path = dir + "/s/f.yaml"
        #expect(try FolderOutput.check(path, inside: dir) == .nothing)
        try FolderOutput.write(Array("first".utf8), to: path, inside: dir, replacing: false)
        #expect(try FolderOutput.check(path, inside: dir) == .file)
        #expect(throws: OutputFile.Failure.self) { try FolderOutput.write(Array("second".utf8), to: path, inside: dir, replacing: false) }
        #expect(FileManager.default.contents(atPath: path) == Data("first".utf8))
        #expect(try FolderOutput.head(path, bytes: 3) == Array("fir".utf8) && FolderOutput.head(path, bytes: 99) == Array("first".utf8))
        try FolderOutput.write(Array("third".utf8), to: path, inside: dir, replacing: true)
        #expect(FileManager.default.contents(atPath: path) == Data("third".utf8))
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir + "/s") == ["f.yaml"])
        #expect(throws: OutputFile.Failure.self) { try FolderOutput.write([1], to: dir + "/../x.yaml", inside: dir, replacing: false) }
        #expect(throws: OutputFile.Failure.self) { try FolderOutput.write([1], to: "/tmp/elsewhere.yaml", inside: dir, replacing: false) }
    }

    /// `scenario --record DIR` writes through the same layer: a dangling link at a file it would
    /// record, or a suite's subfolder that is a link leading out, is refused (exit 2, named), and
    /// nothing lands outside the folder.
    @Test func aRecordingNeverWritesThroughALink() throws {
        let dir = temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try FileManager.default.createDirectory(atPath: dir + "/rec/closer.field", withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: dir + "/outside", withIntermediateDirectories: true)
        var env = ProcessInfo.processInfo.environment
        env["CONCORD_HOME"] = repositoryRoot
        env.removeValue(forKey: "GITHUB_ACTIONS")
        func record() throws -> ProcessOutput {
            try runProcess(concordBinary, ["scenario", repositoryRoot + "/vectors/closer/scenarios/couple.yaml", "--implementations", "swift",
                                           "--seed", "21", "--trials", "1", "--record", dir + "/rec", "-o", dir + "/r.json"], environment: env, timeout: 300)
        }
        let file = dir + "/rec/closer.field/closer.couple-seed21.yaml"
        try FileManager.default.createSymbolicLink(atPath: file, withDestinationPath: dir + "/outside/planted.yaml")
        let dangling = try record()
        #expect(dangling.status == 2 && dangling.stderr.contains("closer.couple-seed21.yaml: is a symbolic link (to \(dir)/outside/planted.yaml)"),
                "\(dangling.status) \(dangling.stderr)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir + "/outside").isEmpty)
        #expect(kind(file) == S_IFLNK)
        // Refused before anything ran (the targets are checked first, links included): no report.
        #expect(dangling.stderr.contains("nothing was run") && !FileManager.default.fileExists(atPath: dir + "/r.json"), "\(dangling.stderr)")
        try FileManager.default.removeItem(atPath: dir + "/rec")
        try FileManager.default.createDirectory(atPath: dir + "/rec", withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: dir + "/rec/closer.field", withDestinationPath: "../outside")
        let folder = try record()
        #expect(folder.status == 2 && folder.stderr.contains("rec/closer.field: is a symbolic link (to ../outside)"), "\(folder.status) \(folder.stderr)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir + "/outside").isEmpty)
    }
}
