import ConcordImplementations
import ConcordTestSupport
import Foundation
import Testing

/// The planted-bug adapters of Tests/Fixtures/planted (README.md there), the yardstick of
/// `scripts/bench-reach`: each starts as a user adapter, passes every landed vector of its suites
/// that it runs (the landed vectors do not catch its bug), and fails its hand-made proof, which the
/// references pass (its bug is a bug). The same checks as the bench's self-check, in two runs of the
/// built binary instead of two per bug; the exploration itself is the bench's, never a test.
@Suite struct PlantedBugTests {
    struct Bug {
        let name: String
        let suites: [String]
        let references: [String]
    }

    static let folder = repositoryRoot + "/Tests/Fixtures/planted"

    static func bugs() throws -> [Bug] {
        let data = try Data(contentsOf: URL(fileURLWithPath: folder + "/bugs.json"))
        let root = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        let list = try #require(root["bugs"] as? [[String: Any]])
        return try list.map { b in
            Bug(name: try #require(b["name"] as? String), suites: try #require(b["suites"] as? [String]),
                references: try #require(b["references"] as? [String]))
        }
    }

    /// Each planted adapter under its own name (its bug's), so that one run holds them all.
    static func adapterOptions(_ bugs: [Bug], node: String) -> [String] {
        bugs.flatMap { ["--adapter", "\($0.name)=PLANTED_NAME=\($0.name) \(node) \(folder)/\($0.name).js"] }
    }

    /// `concord run ARGS -o report.json` in a fresh folder: each result's statuses by implementation.
    static func run(_ args: [String]) throws -> (results: [(vector: String, statuses: [String: String])], output: String) {
        let dir = NSTemporaryDirectory() + "concord-planted-\(getpid())-\(Int.random(in: 0..<1_000_000))"
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        var env = ProcessInfo.processInfo.environment
        env["CONCORD_HOME"] = repositoryRoot
        env.removeValue(forKey: "GITHUB_ACTIONS")
        let r = try runProcess("/bin/sh", ["-c", "cd \"$0\" && exec \"$@\"", dir, concordBinary, "run"] + args + ["-q", "-o", "report.json"],
                               environment: env, timeout: 300)
        let data = try Data(contentsOf: URL(fileURLWithPath: dir + "/report.json"))
        let report = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        let results = try #require(report["results"] as? [[String: Any]]).map { r in
            let impls = (r["implementations"] as? [String: [String: Any]]) ?? [:]
            return (vector: (r["vector"] as? String) ?? "?", statuses: impls.mapValues { ($0["status"] as? String) ?? "?" })
        }
        return (results, r.stdout + r.stderr)
    }

    @Test func theFolderHoldsWhatBugsJsonLists() throws {
        let bugs = try Self.bugs()
        #expect(bugs.count >= 10)
        #expect(Set(bugs.map(\.name)).count == bugs.count)
        let files = try FileManager.default.contentsOfDirectory(atPath: Self.folder)
        #expect(Set(files.filter { $0.hasSuffix(".js") }.map { String($0.dropLast(3)) }) == Set(bugs.map(\.name)),
                "every adapter is listed in bugs.json and every listed bug has its adapter")
        let proofs = try FileManager.default.contentsOfDirectory(atPath: Self.folder + "/proofs")
        #expect(Set(proofs.map { String($0.dropLast(5)) }) == Set(bugs.map(\.name)), "one proof per bug: \(proofs)")
    }

    @Test func everyPlantedAdapterPassesTheLandedVectorsOfItsSuites() throws {
        let node = try #require(Catalog.nodeBinary(ProcessInfo.processInfo.environment))
        let bugs = try Self.bugs()
        let suites = Array(Set(bugs.flatMap(\.suites))).sorted()
        let (results, output) = try Self.run(suites + ["--implementations", bugs.map(\.name).joined(separator: ",")]
                                             + Self.adapterOptions(bugs, node: node))
        for bug in bugs {
            let mine = results.filter { bug.suites.contains(String($0.vector.split(separator: "/")[0])) }
            let statuses = mine.map { $0.statuses[bug.name] ?? "not run" }
            #expect(!mine.isEmpty && statuses.allSatisfy { $0 == "pass" || $0 == "unsupported" },
                    "\(bug.name): \(Dictionary(grouping: zip(mine.map(\.vector), statuses), by: { $0.1 }).mapValues { $0.prefix(5).map(\.0) })\n\(output)")
            #expect(statuses.filter { $0 == "pass" }.count * 10 >= statuses.count * 9,
                    "\(bug.name) passes at least 9 in 10 of the landed vectors of \(bug.suites) (the rest unsupported)")
        }
    }

    @Test func everyPlantedBugFailsItsProofWhichTheReferencesPass() throws {
        let node = try #require(Catalog.nodeBinary(ProcessInfo.processInfo.environment))
        let bugs = try Self.bugs()
        let references = Array(Set(bugs.flatMap(\.references))).sorted()
        let (results, output) = try Self.run([Self.folder + "/proofs", "--implementations", (references + bugs.map(\.name)).joined(separator: ",")]
                                             + Self.adapterOptions(bugs, node: node))
        for bug in bugs {
            let proof = results.filter { bug.suites.contains(String($0.vector.split(separator: "/")[0])) }
            #expect(!proof.isEmpty, "\(bug.name): its proof ran\n\(output)")
            for r in proof {
                let refs = r.statuses.filter { bug.references.contains($0.key) }
                #expect(!refs.isEmpty && refs.values.allSatisfy { $0 == "pass" }, "\(r.vector): the references pass it: \(r.statuses)")
            }
            #expect(proof.contains { $0.statuses[bug.name] == "fail" }, "\(bug.name) fails its proof: \(proof.map { ($0.vector, $0.statuses) })")
        }
    }
}
