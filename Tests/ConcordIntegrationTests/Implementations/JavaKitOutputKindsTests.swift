import ConcordTestSupport
import Foundation
import Testing

/// Every kind of output a suite declares round-trips through the Java kit (kits/java, compiled here
/// from its sources with `javac --release 8`, as scripts/build-kits does): Tests/Fixtures/kits/
/// OutputKindsMain.java reads each vector's `value` with the kit's typed accessor and writes it with
/// the kit's output of that kind; Concord's captured-outputs reader must read back the very value
/// (ConcordTestSupport's OutputKinds), in its captured-outputs file and as a live adapter. The Swift kit's twin is ConcordKitTests' KitOutputKindsTests.
struct JavaKitOutputKindsTests {
    @Test func everyDeclaredOutputKindRoundTripsThroughTheJavaKit() throws {
        let env = ProcessInfo.processInfo.environment
        let javac = env["CONCORD_JAVAC"] ?? "/usr/bin/javac", java = env["CONCORD_JAVA"] ?? "/usr/bin/java"
        try #require(FileManager.default.isExecutableFile(atPath: javac), "no JDK at \(javac) (scripts/setup installs one)")
        let dir = temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let kitSources = repositoryRoot + "/kits/java/src/concord/kit"
        let sources = try FileManager.default.contentsOfDirectory(atPath: kitSources).filter { $0.hasSuffix(".java") }.sorted()
            .map { kitSources + "/" + $0 } + [fixture("kits/OutputKindsMain.java")]
        let compiled = try runProcess(javac, ["--release", "8", "-encoding", "UTF-8", "-nowarn", "-d", dir + "/classes"] + sources, timeout: 300)
        try #require(compiled.status == 0, "javac: \(compiled.stdout)\(compiled.stderr)")

        write(OutputKinds.export(), to: dir + "/export.json")
        write(OutputKinds.requests().joined(separator: "\n") + "\n", to: dir + "/requests.jsonl")
        let ran = try runProcess(java, ["-cp", dir + "/classes", "OutputKindsMain", dir + "/export.json", dir + "/outputs.json",
                                        dir + "/requests.jsonl", dir + "/responses.jsonl"], timeout: 300)
        #expect(ran.status == 0, "the Java kit's run: \(ran.stdout)\(ran.stderr)")
        let text = try String(contentsOfFile: dir + "/outputs.json", encoding: .utf8)
        let problems = OutputKinds.problems(captured: text, kit: "the Java kit")
        #expect(problems.isEmpty, "\(problems.joined(separator: "\n"))")

        // The same handlers as a live adapter: the answers Concord's adapter reads.
        let responses = try String(contentsOfFile: dir + "/responses.jsonl", encoding: .utf8).split(separator: "\n").map(String.init)
        let live = OutputKinds.problems(responses: responses, kit: "the Java kit")
        #expect(live.isEmpty, "\(live.joined(separator: "\n"))")
    }
}
