import ConcordImplementations
import Foundation
import Testing
import ConcordTestSupport

/// What a run covers in an app repository (issue 29 item 2): `concord.yaml` declares packs, vector
/// folders and fixture maps; `concord run` with no path runs exactly those; a suite or pack name
/// resolves in the project's declared folders, then Concord's own vectors, never in a stray
/// `vectors/` of the current directory; and the output says which.
@Suite(.serialized) struct ProjectRunTests {
    func concord(_ args: [String], in dir: String) throws -> ProcessOutput {
        var env = ProcessInfo.processInfo.environment
        env["CONCORD_HOME"] = repositoryRoot
        return try runProcess("/bin/sh", ["-c", "cd \"$0\" && exec \"$@\"", dir, concordBinary] + args, environment: env, timeout: 600)
    }

    func report(_ path: String) throws -> [(vector: String, file: String)] {
        let r = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: path))) as! [String: Any]
        return (r["results"] as! [[String: Any]]).map { ($0["vector"] as! String, $0["file"] as? String ?? "") }
    }

    /// A folder with a stray, unreadable `vectors/` and a copy of the HMAC vectors under tests/vectors.
    func appRepository() -> String {
        let dir = temporaryFolder()
        write("this: [is not a vector file\n", to: dir + "/vectors/stray.yaml")
        let hmac = try! String(contentsOfFile: repositoryRoot + "/vectors/primitives/hmac-sha256/rfc4231.yaml", encoding: .utf8)
        write(hmac, to: dir + "/tests/vectors/hmac.yaml")
        for f in ["argon2id_canonical_fixtures.concord.yaml", "argon2id_canonical_fixtures.json"] {
            let text = try! String(contentsOfFile: repositoryRoot + "/examples/closer-fixtures/" + f, encoding: .utf8)
            write(text, to: dir + "/tests/" + f)
        }
        return dir
    }

    func problem(_ yaml: String, files: [String] = []) -> String {
        let dir = temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        for f in files { write("x", to: dir + "/" + f) }
        write(yaml, to: dir + "/concord.yaml")
        do { _ = try ProjectSettings.load(project: dir + "/concord.yaml"); return "no problem" } catch {
            return error.description.replacingOccurrences(of: dir + "/", with: "")
        }
    }

    @Test func theProjectFileDeclaresPacksVectorsAndFixtureMapsRelativeToItself() throws {
        let dir = appRepository()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        write("packs: [closer, argon2id]\nvectors: [tests/vectors]\nfixture-maps:\n  - tests/argon2id_canonical_fixtures.concord.yaml\n", to: dir + "/concord.yaml")
        let p = try #require(try ProjectSettings.load(project: dir + "/concord.yaml"))
        #expect(p.packs == ["closer", "argon2id"] && p.declaresRun)
        #expect(p.vectors == [dir + "/tests/vectors"])
        #expect(p.fixtureMaps == [dir + "/tests/argon2id_canonical_fixtures.concord.yaml"])
        // Adapters only: the project says nothing about what runs.
        write("adapters:\n  x:\n    command: [x]\n", to: dir + "/concord.yaml")
        #expect(try ProjectSettings.load(project: dir + "/concord.yaml")?.declaresRun == false)
    }

    @Test func badProjectDeclarationsAreLocated() {
        #expect(problem("packs: [closer, nope]\n") == "concord.yaml:1:17: packs[1] \"nope\" is neither a contract pack (closer, sinew, justsend, sophaxchat, askkey) nor a suite (concord list names them)")
        #expect(problem("packs: closer\n") == "concord.yaml:1:8: packs must be a list, found a string (write packs: [closer])")
        #expect(problem("packs: [closer, closer]\n") == "concord.yaml:1:17: packs[1] \"closer\" is declared twice")
        #expect(problem("vectors: [here, missing]\n", files: ["here"]) == "concord.yaml:1:17: vectors[1] \"missing\" does not exist (missing; a path here is relative to the project file's folder)")
        #expect(problem("vectors: [5]\n") == "concord.yaml:1:11: vectors[0] must be a non-empty string, found an integer")
        #expect(problem("vectors: [\"\"]\n") == "concord.yaml:1:11: vectors[0] must be a non-empty string, found an empty string")
        #expect(problem("vectors: [a, a]\n", files: ["a"]) == "concord.yaml:1:14: vectors[1] \"a\" is declared twice")
        #expect(problem("fixture-maps: [.]\n") == "concord.yaml:1:16: fixture-maps[0] \".\" is not a regular file: a fixture map is one file (concord-fixture-map/1)")
        #expect(problem("fixture-maps: {a: 1}\n") == "concord.yaml:1:15: fixture-maps must be a list, found a mapping (write fixture-maps: [Fixtures/x.concord.yaml])")
    }

    @Test func aBadDeclarationIsExitTwoOnRunAndExport() throws {
        let dir = appRepository()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        write("vectors: [tests/vectorz]\n", to: dir + "/concord.yaml")
        for args in [["run", "-o", "r.json"], ["export", "-o", "e.json"], ["run", "hmac-sha256", "-o", "r.json"]] {
            let out = try concord(args, in: dir)
            #expect(out.status == 2 && out.stderr.contains("concord.yaml:1:11: vectors[0] \"tests/vectorz\" does not exist"), "\(args) \(out.status) \(out.stderr)")
        }
        // export reads the whole project file: an unknown key is refused there too.
        write("vectorz: [tests]\n", to: dir + "/concord.yaml")
        let out = try concord(["export", "-o", "e.json"], in: dir)
        #expect(out.status == 2 && out.stderr.contains("concord.yaml:1:1: the project file has an unknown key \"vectorz\""), "\(out.stderr)")
    }

    @Test func aRunWithNoPathInAProjectRunsExactlyWhatItDeclares() throws {
        let dir = appRepository()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        write("packs: [closer.kdf-params]\nvectors: [tests/vectors]\nfixture-maps: [tests/argon2id_canonical_fixtures.concord.yaml]\n", to: dir + "/concord.yaml")
        let out = try concord(["run", "--implementations", "libsodium,swift", "-o", "r.json"], in: dir)
        #expect(out.status == 0, "\(out.stdout)\(out.stderr)")
        #expect(out.stderr.contains("running what concord.yaml declares: vectors tests/vectors; fixture maps tests/argon2id_canonical_fixtures.concord.yaml; packs closer.kdf-params from Concord's own vectors (\(repositoryRoot)/vectors)"), "\(out.stderr)")
        let results = try report(dir + "/r.json")
        let suites = Set(results.map { String($0.vector.split(separator: "/")[0]) })
        #expect(suites == ["hmac-sha256", "argon2id", "closer.kdf-params"], "\(suites)")
        // The HMAC vectors are the project's copy, the kdf-params ones Concord's, the argon2id one the fixture's.
        for r in results {
            let want = r.vector.hasPrefix("hmac-sha256/") ? "tests/vectors/hmac.yaml"
                : r.vector.hasPrefix("argon2id/") ? "tests/argon2id_canonical_fixtures.json"
                : repositoryRoot + "/vectors/closer/kdf-params/"
            #expect(r.file.hasPrefix(want), "\(r.vector) from \(r.file)")
        }
        let hmac = try String(contentsOfFile: repositoryRoot + "/vectors/primitives/hmac-sha256/rfc4231.yaml", encoding: .utf8)
        #expect(results.filter { $0.vector.hasPrefix("hmac-sha256/") }.count == hmac.components(separatedBy: "\n  - id:").count - 1)
        #expect(results.filter { $0.vector.hasPrefix("argon2id/") }.map(\.vector) == ["argon2id/closer-known-vector"])
        // export chooses the same vectors.
        let e = try concord(["export", "-o", "e.json"], in: dir)
        #expect(e.status == 0 && e.stdout.contains("exported \(results.count) vectors"), "\(e.stdout)\(e.stderr)")
    }

    /// The project file is found in the current folder or its parents, as git finds its repository
    /// (docs/platforms.md, "Where the project file is"): a run two folders below concord.yaml runs
    /// what it declares, its paths relative to it; a folder holding `.git` on the way ends the
    /// search; one up there that is a FIFO, a folder or a broken link is refused where it is
    /// (exit 2), never passed over; one in a parent that belongs to another user is refused.
    @Test func theProjectFileIsFoundInTheCurrentFolderOrItsParentsUpToARepositorysRoot() throws {
        let dir = appRepository()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        write("vectors: [tests/vectors]\n", to: dir + "/concord.yaml")
        let deep = dir + "/app/src"
        try FileManager.default.createDirectory(atPath: deep, withIntermediateDirectories: true)
        var out = try concord(["run", "--implementations", "libsodium", "-o", "r.json"], in: deep)
        #expect(out.status == 0, "\(out.stdout)\(out.stderr)")
        #expect(out.stderr.contains("running what ../../concord.yaml declares: vectors ../../tests/vectors"), "\(out.stderr)")
        let results = try report(deep + "/r.json")
        #expect(!results.isEmpty && results.allSatisfy { $0.file == "../../tests/vectors/hmac.yaml" }, "\(results.map(\.file))")
        // A name resolves in the found project's declared vectors first.
        out = try concord(["run", "hmac-sha256", "--implementations", "libsodium", "-o", "r.json"], in: deep)
        #expect(out.status == 0 && out.stderr.contains("hmac-sha256 resolved in ../../concord.yaml's declared vectors"), "\(out.stderr)")
        // A repository's root (a folder holding .git, a file in a worktree) ends the search.
        write("gitdir: elsewhere\n", to: dir + "/app/.git")
        out = try concord(["run", "hmac-sha256", "--implementations", "libsodium", "-o", "r.json"], in: deep)
        #expect(out.status == 0 && out.stderr.contains("hmac-sha256 resolved in Concord's own vectors"), "\(out.stderr)")
        try FileManager.default.removeItem(atPath: dir + "/app/.git")
        // What has the name is read, and refused where it is: never passed over for Concord's own vectors.
        let cases: [(String, () throws -> Void)] = [
            ("a FIFO", { #expect(mkfifo(dir + "/concord.yaml", 0o600) == 0) }),
            ("a folder", { try FileManager.default.createDirectory(atPath: dir + "/concord.yaml", withIntermediateDirectories: false) }),
            ("does not exist", { try FileManager.default.createSymbolicLink(atPath: dir + "/concord.yaml", withDestinationPath: dir + "/missing.yaml") }),
        ]
        for (kind, make) in cases {
            try FileManager.default.removeItem(atPath: dir + "/concord.yaml")
            try make()
            out = try concord(["run", "--implementations", "libsodium", "-o", "r.json"], in: deep)
            #expect(out.status == 2 && out.stderr.contains("../../concord.yaml") && out.stderr.contains(kind) && !out.stderr.contains("running"), "\(kind): \(out.stderr)")
        }
        // Another user's project file in a parent folder is not read (checked where the test may give it away).
        try FileManager.default.removeItem(atPath: dir + "/concord.yaml")
        write("vectors: [tests/vectors]\n", to: dir + "/concord.yaml")
        if geteuid() == 0 {
            #expect(chown(dir + "/concord.yaml", 4242, 4242) == 0)
            out = try concord(["run", "--implementations", "libsodium", "-o", "r.json"], in: deep)
            #expect(out.status == 2 && out.stderr.contains("../../concord.yaml belongs to another user (uid 4242)"), "\(out.stderr)")
            // In the current folder it is the user's own choice: read, as before.
            out = try concord(["run", "--implementations", "libsodium", "-o", "r.json"], in: dir)
            #expect(out.status == 0 && out.stderr.contains("running what concord.yaml declares"), "\(out.stderr)")
        }
    }

    @Test func aNameResolvesInTheProjectFirstThenConcordsOwnNeverInAStrayVectorsFolder() throws {
        let dir = appRepository()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        // No project file: the stray vectors/ (unreadable) is not where hmac-sha256 is looked up.
        var out = try concord(["run", "hmac-sha256", "--implementations", "libsodium", "-o", "r.json"], in: dir)
        #expect(out.status == 0, "\(out.stdout)\(out.stderr)")
        #expect(out.stderr.contains("concord: hmac-sha256 resolved in Concord's own vectors (\(repositoryRoot)/vectors)"), "\(out.stderr)")
        // (Concord's own HMAC vectors: its file and the Wycheproof one.)
        let own = try report(dir + "/r.json")
        #expect(!own.isEmpty && own.allSatisfy { $0.file.hasPrefix(repositoryRoot + "/vectors/") }, "\(own.map(\.file))")
        // With no path and no project, vectors/ here is still the default, and said to be.
        out = try concord(["run", "--implementations", "libsodium", "-o", "r.json"], in: dir)
        #expect(out.status == 2 && out.stderr.contains("running vectors/ of the current directory, not Concord's own (\(repositoryRoot)/vectors)"), "\(out.stderr)")
        // A project declaring the HMAC copy: the name resolves there; a pack it lacks in Concord's own.
        write("vectors: [tests/vectors]\n", to: dir + "/concord.yaml")
        out = try concord(["run", "hmac-sha256", "closer.kdf-params", "--implementations", "libsodium,swift", "-o", "r.json"], in: dir)
        #expect(out.status == 0, "\(out.stdout)\(out.stderr)")
        #expect(out.stderr.contains("concord: hmac-sha256 resolved in concord.yaml's declared vectors (tests/vectors)"), "\(out.stderr)")
        #expect(out.stderr.contains("concord: closer.kdf-params resolved in Concord's own vectors (\(repositoryRoot)/vectors)"), "\(out.stderr)")
        let results = try report(dir + "/r.json")
        #expect(results.filter { $0.vector.hasPrefix("hmac-sha256/") }.allSatisfy { $0.file == "tests/vectors/hmac.yaml" })
        #expect(results.contains { $0.vector.hasPrefix("closer.kdf-params/") })
    }

    @Test func inConcordsOwnRepositoryANamedSuiteKeepsItsRelativePathsAndAPathNamedLikeASuiteIsSaidToBeOne() throws {
        // Concord's own repository: the report (and GitHub's annotations) name vectors/… as before.
        let dir = temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        var out = try concord(["run", "hmac-sha256", "--implementations", "libsodium", "-o", dir + "/r.json"], in: repositoryRoot)
        #expect(out.status == 0 && out.stderr.contains("concord: hmac-sha256 resolved in Concord's own vectors (vectors)"), "\(out.stderr)")
        let own = try report(dir + "/r.json")
        #expect(!own.isEmpty && own.allSatisfy { $0.file.hasPrefix("vectors/") }, "\(own.map(\.file))")
        // A folder here named like a suite is a path, and a line says so.
        let hmac = try String(contentsOfFile: repositoryRoot + "/vectors/primitives/hmac-sha256/rfc4231.yaml", encoding: .utf8)
        write(hmac, to: dir + "/hmac-sha256/copy.yaml")
        out = try concord(["run", "hmac-sha256", "--implementations", "libsodium", "-o", "r.json"], in: dir)
        #expect(out.status == 0 && out.stderr.contains("concord: hmac-sha256 is read as the path ./hmac-sha256, which exists here, not as the suite or pack of that name"), "\(out.stderr)")
        #expect(try report(dir + "/r.json").allSatisfy { $0.file == "hmac-sha256/copy.yaml" })
    }
}
