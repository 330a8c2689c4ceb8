import ConcordFiles
import Foundation
import Testing
import ConcordTestSupport

/// A path taken from a file's text can hold a NUL, where the system would end it and read another
/// file (issue 26, item 6): every input file is read through `InputFile`, which refuses such a path.
struct PathNULTests {
    @Test func aPathWithANULReadsNothing() throws {
        let dir = temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        write("{}", to: dir + "/a.json")
        #expect(throws: InputFile.Failure.self) { try InputFile.read(dir + "/a.json\0/etc/passwd") }
        do { _ = try InputFile.read(dir + "/a.json\0x") } catch {
            #expect(error.message == "the path contains a NUL character, which would cut it short (nothing was read)")
        }
        // A fixture map's `fixture` naming "fixture.json\0…": refused at the map's line and column
        // (before, the fixture before the NUL was read and checked as if named).
        let examples = repositoryRoot + "/examples/closer-fixtures/"
        let map = try String(contentsOfFile: examples + "argon2id_canonical_fixtures.concord.yaml", encoding: .utf8)
        write(map.replacingOccurrences(of: "\nfixture: argon2id_canonical_fixtures.json\n", with: "\nfixture: \"argon2id_canonical_fixtures.json\\0/etc/passwd\"\n"),
              to: dir + "/m.concord.yaml")
        try FileManager.default.copyItem(atPath: examples + "argon2id_canonical_fixtures.json", toPath: dir + "/argon2id_canonical_fixtures.json")
        var env = ProcessInfo.processInfo.environment
        env["CONCORD_HOME"] = repositoryRoot
        let out = try runProcess(concordBinary, ["validate", dir + "/m.concord.yaml"], environment: env, timeout: 60)
        #expect(out.status == 2, "\(out.stdout)\(out.stderr)")
        #expect(out.stdout.contains("m.concord.yaml:3:10: the fixture argon2id_canonical_fixtures.json\\u{0}/etc/passwd: the path contains a NUL character"),
                "\(out.stdout)\(out.stderr)")
    }
}
