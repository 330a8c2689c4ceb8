import Foundation
import Testing
import ConcordTestSupport

/// The layers of docs/design.md, held by the sources themselves: Package.swift declares for every
/// target exactly the modules its sources import, and ConcordFormats imports nothing (no C library,
/// no file I/O).
struct LayerTests {
    /// Modules of the toolchain and the system, imported without a declaration.
    static let system: Set<String> = ["Foundation", "Glibc", "Darwin", "Testing", "XCTest", "Dispatch", "Synchronization", "MachO"]

    /// Every target of Package.swift with its declared dependencies.
    static func declaredTargets() throws -> [String: Set<String>] {
        let text = try String(contentsOfFile: repositoryRoot + "/Package.swift", encoding: .utf8)
        let target = try Regex(#"\.(?:target|executableTarget|testTarget)\(\s*name:\s*"([^"]+)"(?:\s*,\s*dependencies:\s*\[([^\]]*)\])?"#)
        var out: [String: Set<String>] = [:]
        for m in text.matches(of: target) {
            let name = String(m.output[1].substring!)
            let list = m.output[2].substring.map(String.init) ?? ""
            out[name] = Set(list.matches(of: #/"([^"]+)"/#).map { String($0.output.1) })
        }
        return out
    }

    /// The modules a folder's Swift sources import (plain `import X` lines), subfolders included.
    static func imports(_ folder: String) throws -> Set<String> {
        var out = Set<String>()
        let files = SyncConfinementTests.swiftFiles(folder)
        #expect(!files.isEmpty, "\(folder) has no Swift file")
        for file in files {
            let text = try String(contentsOfFile: file, encoding: .utf8)
            for line in text.split(separator: "\n") where line.hasPrefix("import ") {
                out.insert(String(line.dropFirst("import ".count)).trimmingCharacters(in: .whitespaces))
            }
        }
        return out
    }

    @Test func everyTargetDeclaresExactlyWhatItImports() throws {
        let targets = try Self.declaredTargets()
        #expect(targets.count >= 9, "Package.swift was not read: \(targets)")
        for (name, declared) in targets {
            let folder = repositoryRoot + (name.hasSuffix("Tests") ? "/Tests/" : "/Sources/") + name
            let imported = try Self.imports(folder).subtracting(Self.system)
            // The test target also builds the executable it runs (`concord`), which nothing imports.
            let expected = name.hasSuffix("Tests") ? declared.subtracting(["concord"]) : declared
            #expect(imported == expected, "\(name): imports \(imported.sorted()), Package.swift declares \(expected.sorted())")
        }
    }

    @Test func concordFormatsIsPure() throws {
        // ConcordSync (the interning tables' lock) is all it may import: no C library of its own,
        // no file I/O, no Foundation.
        let imported = try Self.imports(repositoryRoot + "/Sources/ConcordFormats")
        #expect(imported == ["ConcordSync"], "ConcordFormats imports \(imported.sorted()): it must need no C library, no file I/O, no Foundation")
        #expect(try Self.declaredTargets()["ConcordFormats"] == ["ConcordSync"])
    }

    @Test func concordSyncImportsOnlyTheSystem() throws {
        // The system through ConcordPlatform, which re-exports Glibc or Darwin (PlatformConfinementTests).
        let imported = try Self.imports(repositoryRoot + "/Sources/ConcordSync").subtracting(Self.system)
        #expect(imported == ["ConcordPlatform"], "ConcordSync imports \(imported.sorted()): it is the bottom layer above the platform file")
        #expect(try Self.declaredTargets()["ConcordSync"] == ["ConcordPlatform"])
        let platform = try Self.imports(repositoryRoot + "/Sources/ConcordPlatform").subtracting(Self.system)
        #expect(platform == ["CProcessControl"], "ConcordPlatform imports \(platform.sorted()): only the system and its C shim")
    }

    /// The order of docs/design.md, lowest first: a module may import only modules of a lower rank
    /// (C bridges and the system aside). A module missing here fails, so a new one must be placed.
    static let ranks: [String: Int] = [
        "ConcordPlatform": -1, "ConcordSync": 0, "ConcordFormats": 1, "ConcordFiles": 1, "ConcordPrimitives": 2, "ConcordYAML": 2,
        "ConcordGeneration": 3, "ConcordSuites": 4,
        // The contract packs (LayerTests.packModules), side by side: none imports another.
        "ConcordCloser": 5, "ConcordSinew": 5, "ConcordJustSend": 5, "ConcordSophaxChat": 5, "ConcordAskKey": 5,
        "ConcordPacks": 6, "ConcordImplementations": 7, "ConcordLoading": 8, "ConcordScheduling": 9,
        "ConcordJudging": 10, "ConcordArchive": 11, "ConcordExploration": 11, "ConcordScenarioFormat": 11, "ConcordScenarios": 12, "ConcordReportFormat": 12,
        "ConcordReport": 13, "ConcordWorkflows": 14, "ConcordFuzzTargets": 14, "concord": 15,
        "ConcordTestSupport": 16,
        "ConcordKit": 0,
    ]
    static let bridges: Set<String> = ["CSodium", "CArgon2", "COpenSSL", "CYAML", "CProcessControl"]

    @Test func everyModuleImportsOnlyLowerLayers() throws {
        let targets = try Self.declaredTargets().filter { !$0.key.hasSuffix("Tests") }
        for name in targets.keys.sorted() {
            guard let rank = Self.ranks[name] else {
                Issue.record("\(name) has no place in LayerTests.ranks (docs/design.md's order)")
                continue
            }
            let imported = try Self.imports(repositoryRoot + "/Sources/" + name).subtracting(Self.system).subtracting(Self.bridges)
            for module in imported.sorted() {
                let theirs = Self.ranks[module] ?? Int.max
                #expect(theirs < rank, "\(name) (layer \(rank)) imports \(module) (layer \(theirs)): only lower layers may be imported")
            }
        }
        // The kit is copied into apps: it imports nothing of Concord.
        #expect(try Self.imports(repositoryRoot + "/Sources/ConcordKit").subtracting(Self.system).isEmpty)
    }

    /// Every module opens with two lines on what it owns and what it must not do (`Module.swift`).
    @Test func everyModuleSaysWhatItOwnsAndMustNotDo() throws {
        for name in try Self.declaredTargets().keys where !name.hasSuffix("Tests") {
            let path = repositoryRoot + "/Sources/" + name + "/Module.swift"
            guard let text = try? String(contentsOfFile: path, encoding: .utf8) else {
                Issue.record("\(name) has no Module.swift saying what it owns")
                continue
            }
            let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
            #expect(lines.count >= 2 && lines[0].hasPrefix("// Owns: ") && lines[1].hasPrefix("// Must not: ") && lines[0].count > 20 && lines[1].count > 20,
                    "\(path): the first two lines must be `// Owns: …` and `// Must not: …`")
        }
    }

    /// The tests mirror the rooms: every test file of the two Concord test targets sits in a folder
    /// named after the module or pack it tests (`Closer/` for ConcordCloser, `Loading/` for
    /// ConcordLoading, `CLI/` for the executable), or in `Project/` (rules over the whole repository).
    @Test func testsSitInTheFolderOfTheirRoom() throws {
        let fm = FileManager.default
        let modules = try fm.contentsOfDirectory(atPath: repositoryRoot + "/Sources").filter { $0.hasPrefix("Concord") }
        let rooms = Set(modules.map { String($0.dropFirst("Concord".count)) } + ["CLI", "Project"])
        for target in ["ConcordTests", "ConcordIntegrationTests"] {
            let root = repositoryRoot + "/Tests/" + target
            for entry in try fm.contentsOfDirectory(atPath: root).sorted() {
                var isFolder: ObjCBool = false
                _ = fm.fileExists(atPath: root + "/" + entry, isDirectory: &isFolder)
                #expect(isFolder.boolValue, "Tests/\(target)/\(entry) is not in a room's folder")
                #expect(!isFolder.boolValue || rooms.contains(entry), "Tests/\(target)/\(entry)/ names no module or pack (rooms: \(rooms.sorted()))")
            }
        }
    }
}
