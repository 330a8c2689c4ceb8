import ConcordScenarioFormat
import ConcordScenarios
import ConcordSuites
import ConcordTestSupport
import Foundation
import Testing
import ConcordPacks

/// The packs' own scenarios (`vectors/<pack>/scenarios/`, docs/scenarios.md "The pack scenarios"):
/// every file there reads with `ScenarioReader`, belongs to the pack whose folder holds it, has a
/// name no other file has, and refuses something; and every contract pack has at least one. Pure:
/// nothing runs an implementation (the flows themselves run with `concord scenario <pack>`).
@Suite struct PackScenarioTests {
    /// Every file under `vectors/*/scenarios/`, as (pack folder, path), sorted.
    static func files() -> [(pack: String, path: String)] {
        let fm = FileManager.default
        let vectors = repositoryRoot + "/vectors"
        var out: [(String, String)] = []
        for pack in ((try? fm.contentsOfDirectory(atPath: vectors)) ?? []).sorted() {
            let dir = vectors + "/" + pack + "/scenarios"
            for name in ((try? fm.contentsOfDirectory(atPath: dir)) ?? []).sorted() {
                out.append((pack, dir + "/" + name))
            }
        }
        return out
    }

    @Test func everyPackScenarioFileReads() {
        let files = Self.files()
        #expect(!files.isEmpty, "no file under vectors/*/scenarios/")
        var names: [String: String] = [:]
        for (pack, path) in files {
            let scenario: Scenario
            do { scenario = try ScenarioReader().read(file: path) } catch {
                Issue.record("\(error)")
                continue
            }
            #expect(scenario.pack == pack, "\(path): declares pack \(scenario.pack ?? "none"), but is in vectors/\(pack)/")
            #expect(scenario.name.hasPrefix(pack + "."), "\(path): its name \(scenario.name) does not start with \(pack).")
            if let other = names[scenario.name] {
                Issue.record("\(path): the name \(scenario.name) is also \(other)'s")
            }
            names[scenario.name] = path
            #expect(scenario.steps.contains { $0.refuses != nil }, "\(path): no step refuses anything")
            #expect(!scenario.checks.isEmpty, "\(path): checks nothing")
        }
    }

    @Test func everyContractPackHasAScenario() {
        let packs = Set(Self.files().compactMap { f in (try? ScenarioReader().read(file: f.path))?.pack })
        for contract in Contracts.all {
            #expect(packs.contains(contract.name), "vectors/\(contract.name)/scenarios/ holds no scenario that reads")
        }
    }
}
