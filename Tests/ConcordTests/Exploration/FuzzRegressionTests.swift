import ConcordFuzzTargets
import Foundation
import Testing
import ConcordTestSupport

/// Every saved fuzz input (Tests/Fixtures/fuzz/TARGET/: the seeds and each crash a run found, kept
/// once fixed) replayed through its target's invariants, so a fixed finding stays fixed. The
/// libFuzzer runs themselves are `scripts/fuzz` (docs/reliability.md).
@Suite struct FuzzRegressionTests {
    struct Input: CustomStringConvertible, Sendable {
        var target: String, path: String
        var description: String { "\(target)/\((path as NSString).lastPathComponent)" }
    }

    static let inputs: [Input] = FuzzTarget.all.flatMap { t -> [Input] in
        let dir = fixture("fuzz/" + t.name)
        let names = (try? FileManager.default.contentsOfDirectory(atPath: dir)) ?? []
        return names.sorted().map { Input(target: t.name, path: dir + "/" + $0) }
    }

    @Test(arguments: inputs)
    func replay(_ input: Input) throws {
        let target = try #require(FuzzTarget.named(input.target))
        let bytes = try #require(FileManager.default.contents(atPath: input.path))
        #expect(target.check([UInt8](bytes)) == nil)
    }

    @Test func everyTargetHasSavedInputsAndIsInTheScript() throws {
        let script = try String(contentsOfFile: repositoryRoot + "/scripts/fuzz", encoding: .utf8)
        let line = try #require(script.split(separator: "\n").first { $0.hasPrefix("TARGETS=(") })
        let listed = line.dropFirst("TARGETS=(".count).dropLast().split(separator: " ").map(String.init)
        #expect(listed == FuzzTarget.all.map(\.name))
        for t in FuzzTarget.all { #expect(Self.inputs.contains { $0.target == t.name }, "no saved input for \(t.name)") }
    }

    /// scripts/fuzz builds the modules itself, one after the other: its list is every module
    /// ConcordFuzzTargets needs (Package.swift, transitively; C bridges aside), each after the
    /// modules it imports. A module moved or added below the fuzz targets (a contract pack) and
    /// missing here breaks the fuzz build, which no other test runs.
    @Test func theScriptBuildsEveryModuleTheTargetsNeedInOrder() throws {
        let script = try String(contentsOfFile: repositoryRoot + "/scripts/fuzz", encoding: .utf8)
        let line = try #require(script.split(separator: "\n").first { $0.hasPrefix("MODULES=(") })
        let listed = line.dropFirst("MODULES=(".count).dropLast().split(separator: " ").map(String.init)
        let targets = try LayerTests.declaredTargets()
        var needed = Set<String>(), todo = ["ConcordFuzzTargets"]
        while let m = todo.popLast() {
            guard needed.insert(m).inserted else { continue }
            todo += (targets[m] ?? []).filter { !LayerTests.bridges.contains($0) }
        }
        #expect(Set(listed) == needed, "scripts/fuzz's MODULES lacks \(needed.subtracting(listed).sorted()), has \(Set(listed).subtracting(needed).sorted()) too many")
        for (i, m) in listed.enumerated() {
            for d in targets[m] ?? [] where needed.contains(d) {
                #expect((listed.firstIndex(of: d) ?? Int.max) < i, "scripts/fuzz builds \(m) before \(d), which it imports")
            }
        }
    }

    /// Inputs whose verdict is known hold every invariant: canonical spellings, refusals of
    /// non-canonical ones (a stray line break, spare bits, a leading zero in a tag).
    @Test func targetsHoldOnKnownInputs() throws {
        let encodings = try #require(FuzzTarget.named("encodings"))
        for s in ["", "00ff", "AAEC/w==", "AAEC_w", "QUJD\n", "QR==", "zz"] { #expect(encodings.check(Array(s.utf8)) == nil, "\(s)") }
        let wire = try #require(FuzzTarget.named("wire-keybox"))
        #expect(wire.check([2] + Array("argon2id;v=19;m=47104;t=3;p=1".utf8)) == nil)
        #expect(wire.check([2] + Array("argon2id;v=19;m=047104;t=3;p=1".utf8)) == nil, "a leading zero must be refused, not read as another spelling")
    }
}
