import ConcordFiles
import ConcordFormats
import Foundation
import Testing

@Suite struct OutputFileTests {
    struct Stop: Error {}

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

    @Test func aFolderThatCannotBeWrittenIsAMessageNotACrash() {
        #expect(throws: OutputFile.Failure.self) { try OutputFile.replace("/nonexistent-folder/x.json", with: [1]) }
    }
}
