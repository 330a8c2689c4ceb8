import ConcordImplementations
import Foundation
import Testing
import ConcordTestSupport

/// `--adapter NAME=COMMAND` and the project file (concord.yaml): what is read, and the located refusals.
struct UserAdaptersTests {
    func load(_ yaml: String?, _ options: [String] = []) throws(UserAdapters.Problem) -> [UserAdapter] {
        guard let yaml else { return try UserAdapters.load(options: options, project: nil) }
        let dir = temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        write(yaml, to: dir + "/concord.yaml")
        do { return try UserAdapters.load(options: options, project: dir + "/concord.yaml") } catch {
            throw UserAdapters.Problem(description: error.description.replacingOccurrences(of: dir + "/", with: ""))
        }
    }

    func problem(_ yaml: String?, _ options: [String] = []) -> String {
        do { _ = try load(yaml, options); return "no problem" } catch { return error.description }
    }

    @Test func readsAdaptersFromTheProjectFileAndTheCommandLine() throws {
        let a = try load("adapters:\n  android:\n    command: [java, -cp, k.jar, Main]\n    environment: {A: \"1\"}\n  ios:\n    command: [tools/serve]\n",
                         ["web=node serve.js"])
        #expect(a.map(\.name) == ["android", "ios", "web"])
        #expect(a[0].command == ["java", "-cp", "k.jar", "Main"])
        #expect(a[0].environment == ["A": "1"])
        #expect(a[1].command[0].hasSuffix("/tools/serve") && a[1].command[0].hasPrefix("/"))
        #expect(a[2].command == ["/bin/sh", "-c", "node serve.js"])
        // The command line replaces the project file's adapter of the same name.
        let b = try load("adapters:\n  android:\n    command: [java]\n", ["android=./run"])
        #expect(b.map(\.command) == [["/bin/sh", "-c", "./run"]])
    }

    @Test func refusalsAreLocated() {
        #expect(problem("adapters:\n  android:\n    command: java\n") == "concord.yaml:3:14: adapters.android.command must be a non-empty list of strings (the program, then its arguments)")
        #expect(problem("adapters:\n  android:\n    cmd: [java]\n") == "concord.yaml:3:5: adapter android has an unknown key \"cmd\" (allowed: command, environment)")
        #expect(problem("adapter:\n  x: 1\n") == "concord.yaml:1:1: the project file has an unknown key \"adapter\" (allowed: adapters, packs, vectors, fixture-maps, archive, ledger)")
        #expect(problem("adapters:\n  jvm:\n    command: [java]\n") == "concord.yaml:2:3: adapter jvm: jvm is a built-in implementation; choose another name")
        #expect(problem("adapters:\n  Android:\n    command: [java]\n").contains("concord.yaml:2:3: adapter Android: an adapter name is lower-case"))
        #expect(problem("adapters:\n  a:\n    command: [java]\n  a:\n    command: [x]\n") == "concord.yaml:4:3: duplicate key \"a\" (first at 2:3)")
        #expect(problem("adapters:\n  a:\n    environment: {K: [1]}\n") == "concord.yaml:3:22: adapters.a.environment.K must be a string, found a sequence")
        #expect(problem(nil, ["android"]) == "--adapter needs NAME=COMMAND, got \"android\"")
        #expect(problem(nil, ["android="]) == "--adapter android= needs a command")
        #expect(problem(nil, ["a=x", "a=y"]) == "--adapter a is given twice")
        #expect(problem(nil, ["a,b=x"]).hasPrefix("--adapter a,b: an adapter name is"))
    }

    /// What a program is given must be what the file says (issue 26, item 6): a number, boolean or
    /// null is not a string (it was taken as its text), a NUL would cut the argument or variable
    /// where execve stops reading (`"/bin/true\0/tmp/evil"` ran /bin/true), and a variable's name
    /// cannot hold `=` (execve would read `A=B=x` as A set to `B=x`).
    @Test func commandAndEnvironmentAreStringsWithoutNULOrEquals() {
        let head = "adapters:\n  a:\n"
        #expect(problem(head + "    command: [sleep, 5]\n") == "concord.yaml:3:22: adapters.a.command[1] must be a string, found an integer (write it in quotes: \"5\")")
        #expect(problem(head + "    command: [true]\n") == "concord.yaml:3:15: adapters.a.command[0] must be a string, found a boolean (write it in quotes: \"true\")")
        #expect(problem(head + "    command: [x, ~]\n") == "concord.yaml:3:18: adapters.a.command[1] must be a string, found null (write it in quotes: \"~\")")
        #expect(problem(head + "    command: [x]\n    environment: {A: 1}\n") == "concord.yaml:4:22: adapters.a.environment.A must be a string, found an integer (write it in quotes: \"1\")")
        #expect(problem(head + "    command: [x]\n    environment: {A: 1.5}\n") == "concord.yaml:4:22: adapters.a.environment.A must be a string, found a float (write it in quotes: \"1.5\")")
        #expect(problem(head + "    command: [\"/bin/true\\0/tmp/evil\"]\n") == "concord.yaml:3:15: adapters.a.command[0] contains a NUL character, which would cut it short")
        #expect(problem(head + "    command: [x, \"-v\\0\"]\n") == "concord.yaml:3:18: adapters.a.command[1] contains a NUL character, which would cut it short")
        #expect(problem(head + "    command: [x]\n    environment: {A: \"x\\0y\"}\n") == "concord.yaml:4:22: adapters.a.environment.A contains a NUL character, which would cut it short")
        #expect(problem(head + "    command: [x]\n    environment: {\"A\\0B\": x}\n").hasPrefix("concord.yaml:4:19: adapters.a.environment.A\u{0}B: the name contains a NUL character"))
        #expect(problem(head + "    command: [x]\n    environment: {\"A=B\": x}\n") == "concord.yaml:4:19: adapters.a.environment.A=B: an environment variable's name cannot contain \"=\" (the value follows the first one)")
        #expect(problem(head + "    command: [x]\n    environment: {\"\": x}\n") == "concord.yaml:4:19: adapters.a.environment has an empty name")
        #expect(problem(head + "    command: [\"\"]\n") == "concord.yaml:3:15: adapters.a.command[0] is empty: it names the program")
        // Quoted, they are strings.
        let ok = try? load(head + "    command: [sleep, \"5\", \"true\"]\n    environment: {A: \"1\", B: \"\"}\n")
        #expect(ok?.first?.command == ["sleep", "5", "true"] && ok?.first?.environment == ["A": "1", "B": ""], "\(String(describing: ok))")
    }

    /// The project file is a regular file (a link to one is followed): an empty one says what a
    /// project file holds (not a vector file's keys), a FIFO is refused without being opened (the
    /// open would wait for a writer forever), a looping or dangling link is named as such.
    @Test func theProjectFileIsARegularFileWithItsOwnMessages() throws {
        #expect(problem("") == "concord.yaml:1:1: the file is empty: expected a mapping with the key adapters (docs/platforms.md)")
        #expect(problem("# nothing yet\n") == "concord.yaml:2:1: the file is empty: expected a mapping with the key adapters (docs/platforms.md)")
        let dir = temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        func refusal(_ path: String) -> String {
            do { _ = try UserAdapters.load(options: [], project: path); return "no problem" } catch {
                return error.description.replacingOccurrences(of: dir + "/", with: "")
            }
        }
        #expect(mkfifo(dir + "/fifo.yaml", 0o600) == 0)
        let t0 = Date()
        #expect(refusal(dir + "/fifo.yaml") == "fifo.yaml: is a FIFO, not a regular file (it was not opened)")
        #expect(Date().timeIntervalSince(t0) < 5)
        #expect(symlink("loop.yaml", dir + "/loop.yaml") == 0)
        #expect(refusal(dir + "/loop.yaml") == "loop.yaml: is a symbolic link that loops (too many levels of symbolic links)")
        #expect(symlink("missing.yaml", dir + "/dangling.yaml") == 0)
        #expect(refusal(dir + "/dangling.yaml") == "dangling.yaml: is a symbolic link to a file that does not exist")
        #expect(refusal("/dev/null") == "/dev/null: is a character device, not a regular file (it was not opened)")
        #expect(refusal(dir) == "\(dir): is a folder, not a regular file (it was not opened)")
        #expect(refusal(dir + "/none.yaml") == "none.yaml: no such file")
        write("adapters:\n  a:\n    command: [x]\n", to: dir + "/real.yaml")
        #expect(symlink("real.yaml", dir + "/link.yaml") == 0)
        #expect(refusal(dir + "/link.yaml") == "no problem")
    }
}
