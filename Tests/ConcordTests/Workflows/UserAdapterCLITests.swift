import Foundation
import Testing
import ConcordTestSupport

/// A user's adapter through the binary: named in a project file (with its environment) or with
/// --adapter, started, planned from its handshake, and compared like any implementation.
@Suite(.serialized) struct UserAdapterCLITests {
    func concord(_ args: [String], in dir: String, timeout: Double = .infinity) throws -> ProcessOutput {
        var env = ProcessInfo.processInfo.environment
        env["CONCORD_HOME"] = repositoryRoot
        return try runProcess("/bin/sh", ["-c", "cd \"$0\" && exec \"$@\"", dir, concordBinary] + args, environment: env, timeout: timeout)
    }

    /// A test double of the protocol: announces closer.kdf-params and answers every request with the
    /// production parameters, so exactly the vector with that tag passes.
    static let script = #"""
    printf '{"concord-adapter":1,"name":"fake","version":"fake %s","suites":[{"suite":"closer.kdf-params","ops":[{"op":null,"inputs":["tag"],"outputs":["memoryKiB","iterations","parallelism","version"]}]}]}\n' "$FAKE_VERSION"
    while IFS= read -r line || [ -n "$line" ]; do
      id=$(printf '%s' "$line" | sed 's/^{"id":\([0-9]*\),.*/\1/')
      printf '{"id":%s,"outputs":{"memoryKiB":47104,"iterations":3,"parallelism":1,"version":19}}\n' "$id"
    done
    """#

    func setUp() -> String {
        let dir = temporaryFolder()
        write(Self.script, to: dir + "/tools/fake-adapter.sh")
        write("adapters:\n  fake:\n    command: [sh, tools/fake-adapter.sh]\n    environment: {FAKE_VERSION: \"7\"}\n", to: dir + "/concord.yaml")
        return dir
    }

    @Test func aProjectFileAdapterRunsBesideTheBuiltInOnes() throws {
        let dir = setUp()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let vectors = repositoryRoot + "/vectors/closer/kdf-params/closer.yaml"
        // ./concord.yaml is read from the current directory; the relative program from its folder.
        let out = try concord(["run", vectors, "--implementations", "swift,fake", "--report", dir + "/r.json", "--require", "fake"], in: dir)
        #expect(out.status == 1, "\(out.stdout)\(out.stderr)")
        let report = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: dir + "/r.json"))) as! [String: Any]
        let impls = report["implementations"] as! [[String: Any]]
        #expect(impls.contains { $0["name"] as? String == "fake" && $0["version"] as? String == "fake 7" }, "\(impls)")
        var fake: [String: String] = [:]
        for r in report["results"] as! [[String: Any]] {
            let i = r["implementations"] as! [String: [String: Any]]
            fake[r["vector"] as! String] = i["fake"]?["status"] as? String
        }
        #expect(fake["closer.kdf-params/closer-production"] == "pass")
        #expect(fake["closer.kdf-params/minimum-memory"] == "fail")
        #expect(fake.values.filter { $0 == "pass" }.count == 1, "\(fake)")
        // list shows it, with the suites of its handshake.
        let list = try concord(["list"], in: dir)
        #expect(list.status == 0 && list.stdout.contains("fake       fake 7") && list.stdout.contains("suites: closer.kdf-params"), "\(list.stdout)")
    }

    @Test func theCommandLineNamesAndReplacesAdapters() throws {
        let dir = setUp()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let vectors = repositoryRoot + "/vectors/closer/kdf-params/closer.yaml"
        // --adapter replaces the project file's fake (no FAKE_VERSION here).
        let out = try concord(["run", vectors, "--implementations", "fake", "--report", dir + "/r.json", "--adapter", "fake=FAKE_VERSION=cli sh tools/fake-adapter.sh"], in: dir)
        #expect(out.status == 1 && out.stdout.contains("fake cli"), "\(out.stdout)\(out.stderr)")
        let bad = try concord(["run", vectors, "--project", dir + "/nope.yaml"], in: dir)
        #expect(bad.status == 2 && bad.stderr.contains("nope.yaml: no such file"), "\(bad.stderr)")
        write("adapters:\n  fake:\n    command: sh\n", to: dir + "/broken.yaml")
        let broken = try concord(["fill", vectors, "--project", dir + "/broken.yaml"], in: dir)
        #expect(broken.status == 2 && broken.stderr.contains("broken.yaml:3:14: adapters.fake.command must be a non-empty list"), "\(broken.stderr)")
        let builtin = try concord(["list", "--adapter", "jvm=true"], in: dir)
        #expect(builtin.status == 2 && builtin.stderr.contains("--adapter jvm: jvm is a built-in implementation"), "\(builtin.stderr)")
    }

    /// `./concord.yaml` is read whenever something is there under that name (issue 26, item 6): a
    /// looping or dangling link is refused with why, not passed over as if there were none; a FIFO
    /// is refused at once (before, `list` waited forever for a writer); an empty file gets the
    /// project file's message, not the vector file's. Exit 2 each time, before any adapter starts.
    @Test func aBrokenOrSpecialConcordYamlIsRefusedNotIgnored() throws {
        let dir = temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let path = dir + "/concord.yaml"
        let cases: [(make: () -> Void, says: String)] = [
            ({ _ = symlink("concord.yaml", path) }, "concord.yaml: is a symbolic link that loops (too many levels of symbolic links)"),
            ({ _ = symlink("elsewhere.yaml", path) }, "concord.yaml: is a symbolic link to a file that does not exist"),
            ({ _ = mkfifo(path, 0o600) }, "concord.yaml: is a FIFO, not a regular file (it was not opened)"),
            ({ write("", to: path) }, "concord.yaml:1:1: the file is empty: expected a mapping with the key adapters (docs/platforms.md)"),
        ]
        for (make, says) in cases {
            unlink(path)
            make()
            for command in ["list", "run"] {
                let out = try concord([command, repositoryRoot + "/vectors/closer/kdf-params/closer.yaml", "--report", dir + "/r.json"].prefix(command == "list" ? 1 : 4).map { $0 },
                                      in: dir, timeout: 20)
                #expect(out.status == 2 && out.seconds < 20, "\(command) \(says): \(out.status) after \(out.seconds) s")
                #expect(out.stderr.contains("concord: " + says), "\(command): \(out.stderr)")
                #expect(!FileManager.default.fileExists(atPath: dir + "/r.json"))
            }
        }
    }
}
