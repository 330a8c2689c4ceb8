import ConcordFiles
import ConcordFormats
import ConcordImplementations
import Foundation
import Testing
import ConcordTestSupport

@Suite struct OutputFileTests {
    struct Stop: Error {}

    /// A pid no process has: a child that has ended and been waited for.
    static func deadPid() throws -> Int32 {
        let p = try Subprocess.spawn(["/bin/sh", "-c", "exit 0"])
        close(p.stdin)
        _ = p.wait(timeout: 10)
        close(p.stdout)
        close(p.stderr)
        #expect(kill(p.pid, 0) != 0 && errno == ESRCH)
        return p.pid
    }

    /// A temporary file a killed process left (SIGKILL cannot be caught: `.r.json.tmp-PID`, fill's
    /// `.r.json.fill-PID`) is removed by the next write of the same file; one of a process still
    /// running (pid 1), another file's, or a folder that happens to match, are left alone.
    @Test func theNextWriteRemovesWhatAKilledProcessLeft() throws {
        let dir = temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let dead = try Self.deadPid()
        for name in [".r.json.tmp-\(dead)", ".r.json.fill-\(dead)", ".r.json.tmp-1", ".other.json.tmp-\(dead)", ".r.json.notes", ".r.json.tmp-x\(dead)"] {
            write("half", to: dir + "/" + name)
        }
        try FileManager.default.createDirectory(atPath: dir + "/.r.json.emit-\(dead)", withIntermediateDirectories: false)
        write("old", to: dir + "/r.json")
        try OutputFile.replace(dir + "/r.json", with: Array("new".utf8))
        #expect(FileManager.default.contents(atPath: dir + "/r.json") == Data("new".utf8))
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir).sorted()
                == [".other.json.tmp-\(dead)", ".r.json.emit-\(dead)", ".r.json.notes", ".r.json.tmp-1", ".r.json.tmp-x\(dead)", "r.json"])
    }

    /// An output on a file the command reads as something else (the divergence ledger, the project
    /// file) is refused naming both: the option that would write it and what the file is.
    @Test func anOutputOnAFileReadForAnotherRoleNamesBoth() throws {
        let dir = temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        write("format: concord-ledger/1\n", to: dir + "/ledger.yaml")
        let roles = [(role: "the divergence ledger", path: dir + "/ledger.yaml"), (role: "the project file", path: dir + "/concord.yaml")]
        do {
            try OutputPlan.check(outputs: [("--markdown", dir + "/./ledger.yaml")], inputs: [], roles: roles)
            Issue.record("an output on the ledger was accepted")
        } catch {
            #expect(error.message == "--markdown names the divergence ledger this command reads (\(dir)/ledger.yaml): writing it would destroy it; nothing was run")
        }
        // A project file that does not exist yet is held to its path.
        #expect(throws: OutputFile.Failure.self) { try OutputPlan.check(outputs: [("--report", dir + "/concord.yaml")], inputs: [], roles: roles) }
        try OutputPlan.check(outputs: [("--report", dir + "/r.json")], inputs: [], roles: roles)
    }

    @Test func replacesKeepsPermissionsAndLeavesNothingBehind() throws {
        let dir = temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let path = dir + "/f.yaml"
        write("old", to: path)
        chmod(path, 0o600)
        try OutputFile.replace(path, with: Array("new".utf8))
        #expect(FileManager.default.contents(atPath: path) == Data("new".utf8))
        let mode = try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int
        #expect(mode == 0o600)
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir) == ["f.yaml"])
    }

    @Test func aRefusalBeforeTheRenameLeavesTheFileAsItWas() throws {
        let dir = temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let path = dir + "/f.yaml"
        write("old", to: path)
        #expect(throws: Stop.self) { try OutputFile.replace(path, with: Array("new".utf8)) { throw Stop() } }
        #expect(FileManager.default.contents(atPath: path) == Data("old".utf8))
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir) == ["f.yaml"])
    }

    /// The contents made while they are written (a report streamed to its file): the chunks land in
    /// order, the mode is kept, and a failure halfway leaves the old file and no temporary one.
    @Test func streamedContentsReplaceTheFileOrNothing() throws {
        let dir = temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let path = dir + "/r.json"
        write("old", to: path)
        chmod(path, 0o640)
        try FileManager.default.createSymbolicLink(atPath: dir + "/link.json", withDestinationPath: "r.json")
        try OutputFile.replace(dir + "/link.json") { write in
            try write(Array("{\"a\":".utf8)); try write([]); try write(Array("1}\n".utf8))
        }
        #expect(FileManager.default.contents(atPath: path) == Data("{\"a\":1}\n".utf8))
        let mode = try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int
        #expect(mode == 0o640)
        var st = stat()
        #expect(lstat(dir + "/link.json", &st) == 0 && st.st_mode & S_IFMT == S_IFLNK)
        #expect(throws: Stop.self) {
            try OutputFile.replace(path) { write in try write(Array("half".utf8)); throw Stop() }
        }
        #expect(FileManager.default.contents(atPath: path) == Data("{\"a\":1}\n".utf8))
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir).sorted() == ["link.json", "r.json"])
        // A character device is written in place, chunk by chunk, and stays a device.
        #expect(mknod(dir + "/null", S_IFCHR | 0o666, deviceNumber(1, 3)) == 0)
        try OutputFile.replace(dir + "/null") { write in try write([1, 2]); try write([3]) }
        #expect(lstat(dir + "/null", &st) == 0 && st.st_mode & S_IFMT == S_IFCHR)
    }

    @Test func aFolderThatCannotBeWrittenIsAMessageNotACrash() {
        #expect(throws: OutputFile.Failure.self) { try OutputFile.replace("/nonexistent-folder/x.json", with: [1]) }
    }

    /// Issue 12 item 1: what is at the path decides how it is written.
    @Test func specialFilesAreWrittenInPlaceLinksFollowedFoldersRefused() throws {
        let dir = temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        func kind(_ p: String) -> mode_t { var st = stat(); return lstat(p, &st) == 0 ? st.st_mode & S_IFMT : 0 }
        #expect(mknod(dir + "/null", S_IFCHR | 0o666, deviceNumber(1, 3)) == 0)
        try OutputFile.replace(dir + "/null", with: Array("report".utf8))
        #expect(kind(dir + "/null") == S_IFCHR)
        #expect(mknod(dir + "/full", S_IFCHR | 0o666, deviceNumber(1, 7)) == 0)
        #expect(throws: OutputFile.Failure.self) { try OutputFile.replace(dir + "/full", with: Array("report".utf8)) }
        #expect(kind(dir + "/full") == S_IFCHR)
        try FileManager.default.createDirectory(atPath: dir + "/sub", withIntermediateDirectories: true)
        #expect(throws: OutputFile.Failure.self) { try OutputFile.replace(dir + "/sub", with: [1]) }
        // A chain of two links, one relative: the final target is replaced, both links stay.
        write("old", to: dir + "/sub/target")
        try FileManager.default.createSymbolicLink(atPath: dir + "/mid", withDestinationPath: "sub/target")
        try FileManager.default.createSymbolicLink(atPath: dir + "/link", withDestinationPath: dir + "/mid")
        try OutputFile.replace(dir + "/link", with: Array("new".utf8))
        #expect(kind(dir + "/link") == S_IFLNK && kind(dir + "/mid") == S_IFLNK)
        #expect(FileManager.default.contents(atPath: dir + "/sub/target") == Data("new".utf8))
        // A dangling link: its target is created.
        try FileManager.default.createSymbolicLink(atPath: dir + "/dangling", withDestinationPath: "sub/new")
        try OutputFile.replace(dir + "/dangling", with: Array("x".utf8))
        #expect(kind(dir + "/dangling") == S_IFLNK && FileManager.default.contents(atPath: dir + "/sub/new") == Data("x".utf8))
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir + "/sub").sorted() == ["new", "target"])
    }

    @Test func anExistingFileKeepsItsOwnerAndMode() throws {
        let dir = temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let path = dir + "/f.yaml"
        write("old", to: path)
        #expect(chown(path, 4242, 4343) == 0 && chmod(path, 0o640) == 0)
        try OutputFile.replace(path, with: Array("new".utf8))
        var st = stat()
        #expect(stat(path, &st) == 0)
        #expect(st.st_uid == 4242 && st.st_gid == 4343 && st.st_mode & 0o7777 == 0o640)
    }

    @Test func anOutputThatIsAnInputOrAnotherOutputIsRefused() throws {
        let dir = temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        write("v", to: dir + "/v.yaml")
        try FileManager.default.createSymbolicLink(atPath: dir + "/alias.yaml", withDestinationPath: "v.yaml")
        #expect(link(dir + "/v.yaml", dir + "/hard.yaml") == 0)
        for spelling in [dir + "/v.yaml", dir + "/./v.yaml", dir + "/alias.yaml", dir + "/hard.yaml"] {
            #expect(throws: OutputFile.Failure.self, "\(spelling)") {
                try OutputPlan.check(outputs: [("--report", spelling)], inputs: [dir + "/v.yaml"])
            }
        }
        // Two outputs on one new file, spelled apart.
        try FileManager.default.createDirectory(atPath: dir + "/sub", withIntermediateDirectories: true)
        #expect(throws: OutputFile.Failure.self) {
            try OutputPlan.check(outputs: [("--markdown", dir + "/o.md"), ("--html", dir + "/sub/../o.md")], inputs: [])
        }
        // Distinct files, standard output twice and a character device twice are fine.
        #expect(mknod(dir + "/null", S_IFCHR | 0o666, deviceNumber(1, 3)) == 0)
        try OutputPlan.check(outputs: [("--report", dir + "/r.json"), ("--markdown", "-"), ("--html", "-"),
                                       ("--junit", dir + "/null"), ("--out", dir + "/null")], inputs: [dir + "/v.yaml"])
    }
}
