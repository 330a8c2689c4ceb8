import ConcordImplementations
import Foundation
import Testing

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
        #expect(problem("adapter:\n  x: 1\n") == "concord.yaml:1:1: the project file has an unknown key \"adapter\" (allowed: adapters)")
        #expect(problem("adapters:\n  jvm:\n    command: [java]\n") == "concord.yaml:2:3: adapter jvm: jvm is a built-in implementation; choose another name")
        #expect(problem("adapters:\n  Android:\n    command: [java]\n").contains("concord.yaml:2:3: adapter Android: an adapter name is lower-case"))
        #expect(problem("adapters:\n  a:\n    command: [java]\n  a:\n    command: [x]\n") == "concord.yaml:4:3: duplicate key \"a\" (first at 2:3)")
        #expect(problem("adapters:\n  a:\n    environment: {K: [1]}\n") == "concord.yaml:3:22: adapters.a.environment.K must be a string")
        #expect(problem(nil, ["android"]) == "--adapter needs NAME=COMMAND, got \"android\"")
        #expect(problem(nil, ["android="]) == "--adapter android= needs a command")
        #expect(problem(nil, ["a=x", "a=y"]) == "--adapter a is given twice")
        #expect(problem(nil, ["a,b=x"]).hasPrefix("--adapter a,b: an adapter name is"))
    }
}
